"""The user's measured runs: which workloads they match, and the calibration they give.

A :class:`MeasuredRun` is a checked run record (docs/measured-run.md) turned into core values: the
tracked workload it ran, the GPU, the software stack and the peak. A :class:`RunBook` holds them
all, computes the calibration of each GPU model, stack and kind of run once
(:func:`family_of`: runs of one kind never move the estimate of another), and answers the
questions the panels, the CLI and the report ask: which runs measured exactly this
configuration, what the calibrated estimate of a workload on a GPU is, and which of the user's
runs stand behind it. Pure Python; no Qt, no database.
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
)
from planner.core.estimator.setups import MemoryEstimate
from planner.core.plan.build import TrackedWorkload, estimate_for
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Workload

STACK_KEYS: tuple[str, ...] = ("torch", "cuda", "driver", "framework")

#: The kinds of run a calibration is learnt for (:func:`family_of`), "+offload" appended when
#: parameters or optimizer state wait in host RAM.
FAMILIES: tuple[str, ...] = ("full", "lora", "qlora", "inference")
OFFLOAD = "+offload"


def family_of(tracked: TrackedWorkload) -> str:
    """The kind of run ``tracked`` is: what a framework's habits depend on most.

    A full fine-tune, LoRA on a 16-bit base and LoRA on a 4- or 8-bit base (QLoRA) keep very
    different things on the GPU (optimizer state of every weight; adapters and activations;
    dequantization buffers), so a framework's miss on one says little about another: on public
    runs of one machine, pooling them moved accurate rows the wrong way. Offloading parameters
    or optimizer state to host RAM changes the peak again, so it is a kind of its own.
    """
    if tracked.task == "inference":
        return "inference"
    s = tracked.training
    kind = "qlora" if s.qlora or s.int8_base else "lora" if s.uses_adapters else "full"
    return kind + (OFFLOAD if s.offload != "none" else "")


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

    @property
    def label(self) -> str:
        """The run in a few words: ``Llama 3.1 8B · 2× · 2026-11-30`` (names, no sentence)."""
        parts = [self.tracked.workload.name]
        if self.gpu_count > 1:
            parts.append(f"{self.gpu_count}×")
        if self.when:
            parts.append(self.when[:10])
        return " · ".join(parts)


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
    """One run beside its estimate: what the Measured Runs panel lists.

    ``estimated_bytes`` is on the run's metric's footing (what that metric sees of the
    estimate); ``total_bytes`` is the formulas' whole figure, the one the headroom bar shows.
    """

    run: MeasuredRun
    estimated_bytes: int | None
    error: float | None
    calibrated_error: float | None
    problem: str | None = None
    total_bytes: int | None = None


Cell = tuple[str, tuple[str | None, ...], str]
"""(GPU id, stack, family): what one calibration is learnt for."""


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

    def current_stack(self, gpu_id: str) -> tuple[str | None, ...] | None:
        """The stack of the user's newest run on ``gpu_id`` (``None``: no run there)."""
        on_gpu = [r for r in self.runs if r.gpu_id == gpu_id]
        return max(on_gpu, key=lambda r: r.when).stack if on_gpu else None

    def calibration_for(self, gpu_id: str | None,
                        tracked: TrackedWorkload) -> Calibration | None:
        """The calibration an estimate of ``tracked`` on ``gpu_id`` uses, or ``None``.

        ``None`` when switched off, or when the user's current stack on that GPU has no applied
        calibration of ``tracked``'s kind: runs of another kind never stand in.
        """
        if not self.enabled or gpu_id is None:
            return None
        found = self.latest_calibration(gpu_id, family_of(tracked))
        return found if found is not None and found.applied else None

    def latest_calibration(self, gpu_id: str, family: str) -> Calibration | None:
        """The calibration of ``family`` on ``gpu_id``'s current stack, applied or not."""
        stack = self.current_stack(gpu_id)
        return next((c for c in self.calibrations
                     if c.gpu_id == gpu_id and c.stack == stack and c.family == family), None)

    def runs_of(self, cal: Calibration) -> tuple[MeasuredRun, ...]:
        """The runs ``cal`` was learnt from."""
        return tuple(r for r in self.runs if r.gpu_id == cal.gpu_id and r.stack == cal.stack
                     and family_of(r.tracked) == cal.family)

    def matching(self, tracked: TrackedWorkload, gpu_id: str | None,
                 gpu_count: int) -> tuple[MeasuredRun, ...]:
        """The runs that measured this exact configuration on this GPU model."""
        if gpu_id is None or not self.runs:
            return ()
        key = configuration_key(tracked, gpu_count)
        return tuple(r for r, k in zip(self.runs, self.keys, strict=True)
                     if r.gpu_id == gpu_id and r.gpu_count == gpu_count and k == key)

    def support(self, tracked: TrackedWorkload, gpu_id: str | None,
                gpu_count: int) -> tuple[MeasuredRun, ...]:
        """The user's runs behind a figure of ``tracked``.

        The runs of exactly that configuration first, then those its calibration was learnt
        from (each once).
        """
        found = list(self.matching(tracked, gpu_id, gpu_count))
        cal = self.calibration_for(gpu_id, tracked)
        if cal is not None:
            found += [r for r in self.runs_of(cal) if r not in found]
        return tuple(found)


def _calibrate_all(runs: tuple[MeasuredRun, ...]
                   ) -> tuple[tuple[Calibration, ...], tuple[RunPoint, ...]]:
    groups: dict[Cell, list[tuple[MeasuredRun, Point]]] = {}
    estimated: dict[str, tuple[int | None, int | None, str | None]] = {}
    for run in runs:
        try:
            est = run.estimate()
        except EstimateError as exc:
            estimated[run.id] = (None, None, str(exc))
            continue
        point = Point(footing_bytes(est, run.metric), run.peak_bytes)
        estimated[run.id] = (point.estimated_bytes, est.total_bytes, None)
        groups.setdefault((run.gpu_id, run.stack, family_of(run.tracked)), []).append(
            (run, point))
    calibrations = []
    fitted: dict[str, float] = {}
    for (gpu_id, stack, family), members in groups.items():
        metric = _usual_metric([r.metric for r, _ in members])
        cal = calibrate(gpu_id, stack, family, metric, [p for _, p in members])
        calibrations.append(cal)
        for run, p in members:
            fitted[run.id] = p.estimated_bytes * (1 + cal.share) / p.measured_bytes - 1
    points = []
    for run in runs:
        value, total, problem = estimated[run.id]
        points.append(RunPoint(run, value, None if value is None else value / run.peak_bytes - 1,
                               fitted.get(run.id), problem, total))
    return tuple(calibrations), tuple(points)


def _usual_metric(metrics: list[str]) -> str:
    """The group's most common metric (ties: the one that sees most of the device)."""
    counts = Counter(metrics)
    return max(counts, key=lambda m: (counts[m], METRICS.index(m) if m in METRICS else -1))


def calibrated_estimate(estimate: MemoryEstimate, cal: Calibration) -> MemoryEstimate:
    """The estimate with the calibration's bytes in its framework part.

    The model terms stay as the formulas sized them; the framework part (what the formulas
    guess) takes the difference, so the breakdown still sums to the total. The error band
    becomes the calibration's leave-one-out error, never below the runs' own scatter.
    """
    band = max(cal.loo_error if cal.loo_error is not None else 0.0, cal.noise)
    return replace(estimate, framework=max(0, estimate.framework + cal.added_bytes(estimate)),
                   error_band=band)


def adjusted(book: RunBook | None, gpu_id: str | None, gpu_count: int, tracked: TrackedWorkload,
             estimate: MemoryEstimate) -> tuple[MemoryEstimate, tuple[MeasuredRun, ...]]:
    """``estimate`` of ``tracked``, calibrated where a calibration of its kind applies.

    With it, the user's runs behind the figure (none: the formulas' figure and no runs).
    """
    if book is None or not book.runs:
        return estimate, ()
    cal = book.calibration_for(gpu_id, tracked)
    support = book.support(tracked, gpu_id, gpu_count)
    return (estimate if cal is None else calibrated_estimate(estimate, cal)), support
