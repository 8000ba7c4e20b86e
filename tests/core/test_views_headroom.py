"""The headroom panel's rows: every field a bar, its whiskers and its tooltip show."""

from __future__ import annotations

from dataclasses import replace

import pytest

from planner.core.estimator.headroom import FITS
from planner.core.estimator.memory import InferenceSetup, TrainingSetup
from planner.core.plan.build import Build, BuildSlot, TrackedWorkload, estimate_for
from planner.core.views.headroom import ERROR, NO_GPU, headroom_rows


def test_a_row_carries_the_estimate_and_the_binding_card(real_catalog):
    rtx, small = real_catalog.gpu("nvidia-rtx-4090"), real_catalog.gpu("nvidia-rtx-3060-12gb")
    llama = real_catalog.workload("llama-3-8b")
    serve = TrackedWorkload(llama, "inference", inference=InferenceSetup(precision="int4",
                                                                         seq=1024))
    bert = TrackedWorkload(real_catalog.workload("bert-base"), "train",
                           training=TrainingSetup(batch=8, seq=128))
    build = Build(slots=(BuildSlot(rtx, 1), BuildSlot(small, 1)), workloads=(bert, serve))
    first, second = headroom_rows(build, None)
    assert (second.index, second.workload_id, second.name, second.task, second.gpu_count) == (
        1, "llama-3-8b", "Llama 3 8B", "inference", 2)
    # Two cards hold the same shard: the 12 GB 3060 binds.
    assert (second.gpu_id, second.gpu_name) == ("nvidia-rtx-3060-12gb", "GeForce RTX 3060 12GB")
    assert second.usable_bytes == 12 * 1024**3
    est = estimate_for(serve, 2)  # the estimate over the build's two cards
    assert second.needed_bytes == est.total_bytes and second.breakdown == est.breakdown()
    # Whiskers: the estimate ± its validated band (15 % for a formula estimate).
    assert (second.provenance, second.error_band) == ("formula", 0.15)
    assert second.low_bytes == round(est.total_bytes * 0.85)
    assert second.high_bytes == round(est.total_bytes * 1.15)
    assert (second.peak_phase, second.notes) == ("prefill", est.notes)
    assert second.verdict == FITS and second.suggestions == ()
    assert (first.index, first.name, first.task) == (0, "BERT-base (uncased)", "train")


def test_without_cards_a_workload_is_sized_for_one(real_catalog):
    tracked = TrackedWorkload(real_catalog.workload("bert-base"), "train",
                              training=TrainingSetup(batch=8, seq=128))
    [row] = headroom_rows(Build(workloads=(tracked,)), None)
    assert (row.verdict, row.gpu_count, row.gpu_id, row.gpu_name) == (NO_GPU, 0, None, None)
    assert row.needed_bytes == estimate_for(tracked, 1).total_bytes > 0
    assert row.usable_bytes == 0


def test_an_impossible_setting_makes_an_error_row(real_catalog):
    bad = TrackedWorkload(real_catalog.workload("llama-3-8b"), "train",
                          training=TrainingSetup(seq=1_000_000))
    [row] = headroom_rows(Build(slots=(BuildSlot(real_catalog.gpu("nvidia-rtx-4090"), 1),),
                                workloads=(bad,)), None)
    assert row.verdict == ERROR and "8,192" in (row.error or "")
    assert (row.needed_bytes, row.usable_bytes, row.low_bytes, row.high_bytes) == (0, 0, 0, 0)
    assert (row.index, row.workload_id, row.name, row.task, row.gpu_count) == (
        0, "llama-3-8b", "Llama 3 8B", "train", 1)
    assert row.error_setting == "seq"


@pytest.mark.parametrize("count", [1, 3])
def test_the_row_follows_the_card_count(real_catalog, count):
    rtx = real_catalog.gpu("nvidia-rtx-4090")
    tracked = TrackedWorkload(real_catalog.workload("llama-3-8b"), "train",
                              training=TrainingSetup(qlora=True, lora_rank=16, batch=1, seq=512,
                                                     checkpointing=True))
    [row] = headroom_rows(Build(slots=(BuildSlot(rtx, count),), workloads=(tracked,)), None)
    assert row.gpu_count == count
    assert row.needed_bytes == estimate_for(replace(tracked), count).total_bytes
