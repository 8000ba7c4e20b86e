"""The figures the Measured Runs panel shows: each run beside its estimate, each calibration.

One row per run (model, task, GPU, stack, the peak and its metric, the formulas' estimate on the
same footing, its error and the calibrated error) and one per GPU model and stack (how many runs,
the fitted overhead and slack, the error on those runs, leave-one-out, whether it is applied and
whether it is the one estimates on that GPU use). Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass

from planner.core.plan.runs import RunBook, stack_text
from planner.core.records.specs import Catalog


@dataclass(frozen=True, slots=True)
class RunRow:
    """One measured run, as the panel's table lists it (bytes per GPU)."""

    run_id: str
    model: str
    task: str
    gpu_name: str
    gpu_count: int
    stack: str
    metric: str
    peak_bytes: int
    estimated_bytes: int | None
    error: float | None
    calibrated_error: float | None
    when: str
    note: str


@dataclass(frozen=True, slots=True)
class CalibrationRow:
    """One GPU model and stack's calibration."""

    gpu_name: str
    stack: str
    runs: int
    overhead_bytes: int
    slack: float
    residual: float
    raw_error: float
    loo_error: float | None
    applied: bool
    in_use: bool


@dataclass(frozen=True, slots=True)
class RunsView:
    """Everything the Measured Runs panel shows."""

    runs: tuple[RunRow, ...]
    calibrations: tuple[CalibrationRow, ...]
    enabled: bool


def runs_view(book: RunBook, catalog: Catalog) -> RunsView:
    """The panel's rows, newest run first."""

    def gpu_name(gpu_id: str) -> str:
        gpu = catalog.gpu(gpu_id)
        return gpu.name if gpu is not None else gpu_id

    rows = [RunRow(run_id=p.run.id, model=p.run.tracked.workload.name, task=p.run.tracked.task,
                   gpu_name=gpu_name(p.run.gpu_id), gpu_count=p.run.gpu_count,
                   stack=stack_text(p.run.stack), metric=p.run.metric,
                   peak_bytes=p.run.peak_bytes, estimated_bytes=p.estimated_bytes,
                   error=p.error, calibrated_error=p.calibrated_error, when=p.run.when,
                   note=p.run.note)
            for p in book.points]
    rows.sort(key=lambda r: r.when, reverse=True)
    cals = []
    for c in book.calibrations:
        cals.append(CalibrationRow(
            gpu_name=gpu_name(c.gpu_id), stack=stack_text(c.stack), runs=c.runs,
            overhead_bytes=c.overhead_bytes, slack=c.slack, residual=c.residual,
            raw_error=c.raw_error, loo_error=c.loo_error, applied=c.applied,
            in_use=book.enabled and c.applied and book.latest_calibration(c.gpu_id) is c))
    return RunsView(tuple(rows), tuple(cals), book.enabled)
