"""The headroom rows and the Measured Runs panel's figures with the user's runs.

Two runs on an RTX 4090 are made up so that each measured peak is its estimate + 1 GiB + 5 %:
the calibration must find that, and a third configuration's row must show the same arithmetic.
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


def run(t: TrackedWorkload, when: str, gpu: str = "nvidia-rtx-4090",
        stack: tuple[str | None, ...] = STACK) -> MeasuredRun:
    total = estimate_for(t, 1).total_bytes
    return MeasuredRun(id=when, tracked=t, gpu_id=gpu, gpu_count=1, stack=stack,
                       metric="nvidia-smi", peak_bytes=round(total + GIB + 0.05 * total),
                       when=when)


@pytest.fixture
def setting(real_catalog: Any) -> tuple[Build, RunBook, TrackedWorkload]:
    small = tracked(real_catalog, batch=1, lora_rank=8)
    large = tracked(real_catalog, batch=4)
    middle = tracked(real_catalog, batch=2, lora_rank=8)
    build = Build(slots=(BuildSlot(real_catalog.gpu("nvidia-rtx-4090")),),
                  workloads=(middle, small))
    return build, RunBook((run(small, "2026-11-01"), run(large, "2026-11-02"))), middle


def test_a_calibrated_row_and_a_measured_one(setting: Any) -> None:
    build, book, middle = setting
    plain = headroom_rows(build, None)
    rows = headroom_rows(build, book)
    formula = estimate_for(middle, 1).total_bytes
    first = rows[0]
    assert first.formula_bytes == formula == plain[0].needed_bytes
    assert first.needed_bytes == pytest.approx(formula + GIB + 0.05 * formula, abs=2)
    assert first.calibration_runs == 2
    assert first.calibration_residual == pytest.approx(0.0, abs=1e-9)
    assert first.calibration_stack == "torch 2.5.1 · CUDA 12.4 · driver 550.54.15 · " \
                                      "torchtune 0.4.0"
    assert sum(first.breakdown.values()) == first.needed_bytes  # the framework part took it
    assert first.headroom_bytes == first.usable_bytes - first.needed_bytes
    assert first.measured_runs == 0 and first.measured_bytes is None
    second = rows[1]  # the small run measured exactly this configuration
    assert second.measured_runs == 1
    assert second.measured_bytes == book.runs[0].peak_bytes
    assert second.measured_metric == "nvidia-smi"
    assert second.needed_bytes == pytest.approx(second.measured_bytes, abs=2)


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
    cal = both.calibration_for("nvidia-rtx-4090")
    assert cal is not None and cal.stack == STACK


def test_the_panel_view(setting: Any, real_catalog: Any) -> None:
    _build, book, _middle = setting
    view = runs_view(book, real_catalog)
    assert [r.when for r in view.runs] == ["2026-11-02", "2026-11-01"]  # newest first
    assert view.runs[0].gpu_name == real_catalog.gpu("nvidia-rtx-4090").name
    assert view.runs[0].model == real_catalog.workload("llama-3.2-1b").name
    for r in view.runs:
        assert r.estimated_bytes is not None and r.error is not None
        # the estimate was made 1 GiB + 5 % short: error = e / (e + 1 GiB + 0.05 e) − 1
        e = r.estimated_bytes
        assert r.error == pytest.approx(e / (e + GIB + 0.05 * e) - 1, abs=1e-9)
        assert r.calibrated_error == pytest.approx(0.0, abs=1e-9)
    (cal,) = view.calibrations
    assert cal.runs == 2 and cal.applied and cal.in_use
    assert cal.overhead_bytes == pytest.approx(GIB, abs=2)
    assert cal.slack == pytest.approx(0.05)
    # leave-one-out with two runs fits the overhead alone from the other run: predicting the
    # small run (e1, m1) from the large (e2) misses by 0.05 (e2 − e1) / m1, and back by / m2
    (e2, m2), (e1, m1) = [(r.estimated_bytes or 0, r.peak_bytes) for r in view.runs]
    assert cal.loo_error == pytest.approx((0.05 * (e2 - e1) / m1 + 0.05 * (e2 - e1) / m2) / 2,
                                          rel=1e-6)
    off = runs_view(book.switched(False), real_catalog)
    assert not off.enabled and not off.calibrations[0].in_use
