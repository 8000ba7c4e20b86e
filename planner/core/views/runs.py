"""The figures the Measured Runs panel shows: each run beside its estimate, each calibration.

One row per run (model, task, GPU, stack, the peak and its metric, the formulas' estimate on the
same footing beside their whole total, its error and the calibrated error) and one per GPU model,
stack and kind of run (how many runs, the share they exceed the formulas by and the share
applied, the error on those runs, leave-one-out, whether it is applied and whether it is the one
estimates of that kind on that GPU use). Pure Python; no Qt, no database.
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
    #: The formulas' whole total (what the headroom bar shows) and what the run's metric leaves
    #: out of it (``estimated_bytes`` is the total less this: the same footing as the peak).
    total_bytes: int | None = None
    unseen_bytes: int = 0


@dataclass(frozen=True, slots=True)
class CalibrationRow:
    """One GPU model, stack and kind of run's calibration."""

    gpu_name: str
    stack: str
    family: str
    metric: str
    runs: int
    observed: float
    share: float
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
                   note=p.run.note, total_bytes=p.total_bytes,
                   unseen_bytes=(0 if p.total_bytes is None or p.estimated_bytes is None
                                 else p.total_bytes - p.estimated_bytes))
            for p in book.points]
    rows.sort(key=lambda r: r.when, reverse=True)
    cals = []
    for c in book.calibrations:
        cals.append(CalibrationRow(
            gpu_name=gpu_name(c.gpu_id), stack=stack_text(c.stack), family=c.family,
            metric=c.metric, runs=c.runs, observed=c.observed, share=c.share,
            residual=c.residual, raw_error=c.raw_error, loo_error=c.loo_error,
            applied=c.applied,
            in_use=(book.enabled and c.applied
                    and book.latest_calibration(c.gpu_id, c.family) is c)))
    return RunsView(tuple(rows), tuple(cals), book.enabled)
