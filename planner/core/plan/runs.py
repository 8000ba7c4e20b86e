"""The user's measured runs: which workloads they match, and the calibration they give.

A :class:`MeasuredRun` is a checked run record (docs/measured-run.md) turned into core values: the
tracked workload it ran, the GPU, the software stack and the peak. A :class:`RunBook` holds them
all, computes each GPU model and stack's calibration once, and answers the two questions the
panels, the CLI and the report ask: which runs measured exactly this configuration, and what the
calibrated estimate of a workload on a GPU is. Pure Python; no Qt, no database.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from planner.core.estimator.calibration import (
    METRICS,
    Calibration,
    Point,
    calibrate,
    footing_bytes,
    predict,
)
from planner.core.estimator.setups import MemoryEstimate
from planner.core.plan.build import TrackedWorkload, estimate_for
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Workload

STACK_KEYS: tuple[str, ...] = ("torch", "cuda", "driver", "framework")


@dataclass(frozen=True, slots=True)
class MeasuredRun:
    """One run a user measured: bytes per GPU at the peak, on ``gpu_count`` cards of ``gpu_id``.

    ``stack`` is (torch, CUDA, driver, framework) as recorded, ``None`` where unknown; ``id`` is
    a digest of the record's content (the same record imported twice is one run).
    """

    id: str
    tracked: TrackedWorkload
    gpu_id: str
    gpu_count: int
    stack: tuple[str | None, ...]
    metric: str
    peak_bytes: int
    per_gpu: tuple[int, ...] = ()
    when: str = ""
    note: str = ""

    def estimate(self) -> MemoryEstimate:
        """The formulas' per-GPU estimate of this run."""
        return estimate_for(self.tracked, self.gpu_count)


def configuration_key(tracked: TrackedWorkload, gpu_count: int) -> tuple[object, ...]:
    """What makes two runs the same configuration.

    The model's shape, the task and every setting, over the same number of GPUs — not the
    model's name, sources or notes.
    """
    w: Workload = replace(tracked.workload, id="", name="", sources=(), notes="", custom=False)
    setup: object = (replace(tracked.training, gpus=gpu_count) if tracked.task == "train"
                     else replace(tracked.inference, gpus=gpu_count))
    return (w, tracked.task, setup)


def stack_text(stack: tuple[str | None, ...]) -> str:
    """The stack as one line: ``torch 2.5.1 · CUDA 12.1 · driver 550.54 · torchtune 0.4``."""
    parts = [f"torch {stack[0]}" if stack[0] else "", f"CUDA {stack[1]}" if stack[1] else "",
             f"driver {stack[2]}" if stack[2] else "", stack[3] or ""]
    return " · ".join(p for p in parts if p) or "unknown stack"


@dataclass(frozen=True, slots=True)
class RunPoint:
    """One run beside its estimate: what the Measured Runs panel lists."""

    run: MeasuredRun
    estimated_bytes: int | None
    error: float | None
    calibrated_error: float | None
    problem: str | None = None


@dataclass(frozen=True, eq=False)
class RunBook:
    """All the user's runs, with their calibrations computed once (compared by identity).

    ``enabled`` is the user's switch: off, :meth:`calibration_for` answers ``None`` everywhere
    and estimates are the formulas' alone.
    """

    runs: tuple[MeasuredRun, ...] = ()
    enabled: bool = True
    calibrations: tuple[Calibration, ...] = field(default=(), init=False)
    points: tuple[RunPoint, ...] = field(default=(), init=False)

    keys: tuple[tuple[object, ...], ...] = field(default=(), init=False)

    def __post_init__(self) -> None:
        calibrations, points = _calibrate_all(self.runs)
        object.__setattr__(self, "calibrations", calibrations)
        object.__setattr__(self, "points", points)
        # Each run's configuration, once: every repaint asks which runs match each workload.
        object.__setattr__(self, "keys", tuple(configuration_key(r.tracked, r.gpu_count)
                                               for r in self.runs))

    def switched(self, enabled: bool) -> RunBook:
        """The same runs with calibration on or off."""
        return RunBook(self.runs, enabled)

    def calibration_for(self, gpu_id: str | None) -> Calibration | None:
        """The calibration estimates on ``gpu_id`` use, or ``None`` (off, or nothing applies).

        Of several stacks on one GPU model, the one of the newest run is the user's current.
        """
        if not self.enabled or gpu_id is None:
            return None
        found = self.latest_calibration(gpu_id)
        return found if found is not None and found.applied else None

    def latest_calibration(self, gpu_id: str) -> Calibration | None:
        """The calibration of ``gpu_id``'s newest stack, applied or not."""
        on_gpu = [c for c in self.calibrations if c.gpu_id == gpu_id]
        if not on_gpu:
            return None
        newest = {c.stack: max(r.when for r in self.runs
                               if r.gpu_id == gpu_id and r.stack == c.stack) for c in on_gpu}
        return max(on_gpu, key=lambda c: (newest[c.stack], c.runs))

    def matching(self, tracked: TrackedWorkload, gpu_id: str | None,
                 gpu_count: int) -> tuple[MeasuredRun, ...]:
        """The runs that measured this exact configuration on this GPU model."""
        if gpu_id is None or not self.runs:
            return ()
        key = configuration_key(tracked, gpu_count)
        return tuple(r for r, k in zip(self.runs, self.keys, strict=True)
                     if r.gpu_id == gpu_id and r.gpu_count == gpu_count and k == key)


def _calibrate_all(runs: tuple[MeasuredRun, ...]
                   ) -> tuple[tuple[Calibration, ...], tuple[RunPoint, ...]]:
    groups: dict[tuple[str, tuple[str | None, ...]], list[tuple[MeasuredRun, Point]]] = {}
    estimated: dict[str, tuple[int | None, str | None]] = {}
    for run in runs:
        try:
            est = run.estimate()
        except EstimateError as exc:
            estimated[run.id] = (None, str(exc))
            continue
        point = Point(footing_bytes(est, run.metric), run.peak_bytes)
        estimated[run.id] = (point.estimated_bytes, None)
        groups.setdefault((run.gpu_id, run.stack), []).append((run, point))
    calibrations = []
    fitted: dict[str, float] = {}
    for (gpu_id, stack), members in groups.items():
        metric = _usual_metric([r.metric for r, _ in members])
        cal = calibrate(gpu_id, stack, metric, [p for _, p in members])
        calibrations.append(cal)
        for run, p in members:
            fitted[run.id] = predict(p.estimated_bytes, cal.overhead_bytes,
                                     cal.slack) / p.measured_bytes - 1
    points = []
    for run in runs:
        value, problem = estimated[run.id]
        points.append(RunPoint(run, value, None if value is None else value / run.peak_bytes - 1,
                               fitted.get(run.id), problem))
    return tuple(calibrations), tuple(points)


def _usual_metric(metrics: list[str]) -> str:
    """The group's most common metric (ties: the one that sees most of the device)."""
    counts = Counter(metrics)
    return max(counts, key=lambda m: (counts[m], METRICS.index(m) if m in METRICS else -1))


def calibrated_estimate(estimate: MemoryEstimate, cal: Calibration) -> MemoryEstimate:
    """The estimate with the calibration's difference in its framework part.

    The model terms stay as the formulas sized them; the framework part (context, allocator,
    buffers — what the formulas guess) takes the difference, so the breakdown still sums to the
    total. The error band becomes the calibration's leave-one-out error where there is one.
    """
    delta = cal.calibrated_bytes(estimate) - estimate.total_bytes
    band = cal.loo_error if cal.loo_error is not None else estimate.error_band
    return replace(estimate, framework=max(0, estimate.framework + delta), error_band=band)
