"""The headroom rows and the Measured Runs panel's figures with the user's runs.

Three LoRA runs on an RTX 4090 are made up so that each measured peak (nvidia-smi: the whole
device) is its estimate + 10 %. By the shrinkage rule (tests/core/test_calibration.py):
n = 3, no scatter of their own, s² = 2 × 0.01 / (2 + 2) = 0.005, weight = 0.01 / (0.01 +
0.005 / 3) = 6/7, so the share applied is 0.1 × 6/7 = 0.0857143; a fourth LoRA configuration's
row must show that arithmetic, and a full fine-tune none of it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from planner.core.estimator.setups import TrainingSetup
from planner.core.plan.build import Build, BuildSlot, TrackedWorkload, estimate_for
from planner.core.plan.runs import MeasuredRun, RunBook
from planner.core.views.headroom import headroom_rows
from planner.core.views.runs import runs_view

GIB = 1024**3
STACK = ("2.5.1", "12.4", "550.54.15", "torchtune 0.4.0")


def tracked(catalog: Any, **setup: Any) -> TrackedWorkload:
    return TrackedWorkload(catalog.workload("llama-3.2-1b"), "train",
                           training=TrainingSetup(precision="bf16", seq=512, **setup))


SHARE = 0.1 * 6 / 7


def run(t: TrackedWorkload, when: str, gpu: str = "nvidia-rtx-4090",
        stack: tuple[str | None, ...] = STACK) -> MeasuredRun:
    total = estimate_for(t, 1).total_bytes
    return MeasuredRun(id=when, tracked=t, gpu_id=gpu, gpu_count=1, stack=stack,
                       metric="nvidia-smi", peak_bytes=round(1.1 * total), when=when)


@pytest.fixture
def setting(real_catalog: Any) -> tuple[Build, RunBook, TrackedWorkload]:
    small = tracked(real_catalog, batch=1, lora_rank=8)
    middle = tracked(real_catalog, batch=3, lora_rank=8)
    full = tracked(real_catalog, batch=2)
    build = Build(slots=(BuildSlot(real_catalog.gpu("nvidia-rtx-4090")),),
                  workloads=(middle, small, full))
    runs = (run(small, "2026-11-01"), run(tracked(real_catalog, batch=2, lora_rank=8),
                                          "2026-11-02"),
            run(tracked(real_catalog, batch=4, lora_rank=8), "2026-11-03"))
    return build, RunBook(runs), middle


def test_a_calibrated_row_and_a_measured_one(setting: Any) -> None:
    build, book, middle = setting
    plain = headroom_rows(build, None)
    rows = headroom_rows(build, book)
    formula = estimate_for(middle, 1).total_bytes
    first = rows[0]
    assert first.formula_bytes == formula == plain[0].needed_bytes
    assert first.needed_bytes == pytest.approx(formula * (1 + SHARE), abs=2)
    assert first.calibration_runs == 3 and first.calibration_family == "lora"
    assert first.calibration_share == pytest.approx(SHARE)
    # each run measured 1.1 × its estimate and is now estimated at (1 + SHARE) ×
    assert first.calibration_residual == pytest.approx(1 - (1 + SHARE) / 1.1, rel=1e-6)
    assert first.calibration_stack == "torch 2.5.1 · CUDA 12.4 · driver 550.54.15 · " \
                                      "torchtune 0.4.0"
    assert sum(first.breakdown.values()) == first.needed_bytes  # the framework part took it
    assert first.headroom_bytes == first.usable_bytes - first.needed_bytes
    assert first.measured_runs == 0 and first.measured_bytes is None
    second = rows[1]  # the small run measured exactly this configuration
    assert second.measured_runs == 1
    assert second.measured_bytes == book.runs[0].peak_bytes
    assert second.measured_metric == "nvidia-smi" and second.measured_unseen_bytes == 0
    assert second.measured_total_bytes == second.measured_bytes
    third = rows[2]  # a full fine-tune: no run of its kind, the formulas' figure
    assert third.needed_bytes == plain[2].needed_bytes and third.calibration_runs == 0


def test_switched_off_or_elsewhere_nothing_changes(setting: Any, real_catalog: Any) -> None:
    build, book, _middle = setting
    plain = headroom_rows(build, None)
    off = headroom_rows(build, book.switched(False))
    assert [r.needed_bytes for r in off] == [r.needed_bytes for r in plain]
    assert [r.verdict for r in off] == [r.verdict for r in plain]
    assert off[1].measured_runs == 1  # measured stays beside the estimate
    assert headroom_rows(build, RunBook()) == plain
    on_3090 = RunBook(tuple(replace(r, gpu_id="nvidia-rtx-3090") for r in book.runs))
    assert [r.needed_bytes for r in headroom_rows(build, on_3090)] == [
        r.needed_bytes for r in plain]


def test_the_newest_stack_on_a_gpu_is_the_one_used(setting: Any, real_catalog: Any) -> None:
    _build, book, _middle = setting
    older = tuple(replace(r, stack=("2.1.0", None, None, None), when="2025-01-0" + str(i))
                  for i, r in enumerate(book.runs))
    both = RunBook(book.runs + older)
    cal = both.calibration_for("nvidia-rtx-4090", book.runs[0].tracked)
    assert cal is not None and cal.stack == STACK


def test_the_panel_view(setting: Any, real_catalog: Any) -> None:
    _build, book, _middle = setting
    view = runs_view(book, real_catalog)
    assert [r.when for r in view.runs] == ["2026-11-03", "2026-11-02", "2026-11-01"]
    assert view.runs[0].gpu_name == real_catalog.gpu("nvidia-rtx-4090").name
    assert view.runs[0].model == real_catalog.workload("llama-3.2-1b").name
    for r in view.runs:
        assert r.estimated_bytes is not None and r.error is not None
        # the estimate was made 10 % short of the measurement: error = 1 / 1.1 − 1
        assert r.error == pytest.approx(1 / 1.1 - 1, abs=1e-9)
        assert r.calibrated_error == pytest.approx((1 + SHARE) / 1.1 - 1, abs=1e-9)
        assert r.total_bytes == r.estimated_bytes and r.unseen_bytes == 0  # nvidia-smi
    (cal,) = view.calibrations
    assert cal.runs == 3 and cal.applied and cal.in_use and cal.family == "lora"
    assert cal.observed == pytest.approx(0.1) and cal.share == pytest.approx(SHARE)
    # leave-one-out: from the other two (s² = 0.02 / 3, weight 0.75) the share is 0.075, so
    # each run is predicted at 1.075 / 1.1 of its peak
    assert cal.loo_error == pytest.approx(1 - 1.075 / 1.1, rel=1e-6)
    off = runs_view(book.switched(False), real_catalog)
    assert not off.enabled and not off.calibrations[0].in_use
