"""Calibration from the user's own runs: what the formulas cannot know about one GPU and stack.

The estimator sizes the model terms (weights, gradients, optimizer state, activations …) from
formulas; what it guesses is the rest — the CUDA context, the allocator's slack, the framework's
and the kernels' habits on *that* machine and software stack. From the runs a user measured on one
GPU model with one stack this module fits exactly those two things and nothing else:

    measured ≈ estimate + overhead + slack × estimate

a fixed ``overhead`` (bytes) and a proportional ``slack`` (a share), least squares on relative
error (a 4 GiB run counts as much as a 40 GiB one). Each run is compared on its metric's footing:
``max_memory_allocated`` sees live tensors only, ``max_memory_reserved`` adds the allocator's
slack, ``nvidia-smi`` also the CUDA context (:func:`footing_bytes`).

With one run only the overhead is fitted; with runs whose estimates lie close together (less than
10 % spread) too, since their slope would be noise. With two or more runs the leave-one-out error
(each run predicted from the others) is compared with the formulas' own error on the same runs:
a calibration that predicts the user's runs no better than the formulas is kept, shown, and not
applied. Pure Python; no Qt, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from planner.core.estimator.setups import MemoryEstimate

#: What a run measured, as the record names it.
ALLOCATED = "max_memory_allocated"
RESERVED = "max_memory_reserved"
NVIDIA_SMI = "nvidia-smi"
METRICS: tuple[str, ...] = (ALLOCATED, RESERVED, NVIDIA_SMI)

#: Below this spread of estimates (relative standard deviation) no slope is fitted.
MIN_SPREAD = 0.10


def footing_bytes(estimate: MemoryEstimate, metric: str) -> int:
    """The part of an estimate a metric sees: tensors, + allocator slack, + CUDA context."""
    if metric == ALLOCATED:
        return estimate.tensor_bytes
    if metric == RESERVED:
        return estimate.total_bytes - estimate.context_bytes
    return estimate.total_bytes


@dataclass(frozen=True, slots=True)
class Point:
    """One measured run beside its estimate on the same footing (bytes per GPU)."""

    estimated_bytes: int
    measured_bytes: int

    @property
    def error(self) -> float:
        """The formulas' relative error on this run."""
        return self.estimated_bytes / self.measured_bytes - 1


def fit(points: Sequence[Point]) -> tuple[float, float]:
    """Overhead (bytes) and slack (share) minimising the relative error over ``points``."""
    if not points:
        return 0.0, 0.0
    weights = [1.0 / p.measured_bytes**2 for p in points]
    total = sum(weights)
    xs = [float(p.estimated_bytes) for p in points]
    ys = [p.measured_bytes - p.estimated_bytes for p in points]
    mean_x = sum(w * x for w, x in zip(weights, xs, strict=True)) / total
    mean_y = sum(w * y for w, y in zip(weights, ys, strict=True)) / total
    var = sum(w * (x - mean_x) ** 2 for w, x in zip(weights, xs, strict=True)) / total
    if len(points) < 2 or var**0.5 < MIN_SPREAD * mean_x:
        return mean_y, 0.0
    cov = sum(w * (x - mean_x) * (y - mean_y)
              for w, x, y in zip(weights, xs, ys, strict=True)) / total
    slack = cov / var
    return mean_y - slack * mean_x, slack


def predict(estimated_bytes: float, overhead: float, slack: float) -> float:
    """The calibrated figure for an estimate on the fitted footing."""
    return estimated_bytes + overhead + slack * estimated_bytes


def mean_abs(errors: Sequence[float]) -> float:
    """Mean absolute relative error (0 for none)."""
    return sum(abs(e) for e in errors) / len(errors) if errors else 0.0


def leave_one_out(points: Sequence[Point]) -> float | None:
    """Mean absolute relative error of each run predicted from the others (None below 2)."""
    if len(points) < 2:
        return None
    errors = []
    for i, p in enumerate(points):
        overhead, slack = fit([q for j, q in enumerate(points) if j != i])
        errors.append(predict(p.estimated_bytes, overhead, slack) / p.measured_bytes - 1)
    return mean_abs(errors)


@dataclass(frozen=True, slots=True)
class Calibration:
    """What one GPU model and stack add to the formulas, fitted from ``runs`` of the user's runs.

    ``residual`` is the calibrated figures' mean absolute error on those runs, ``raw_error`` the
    formulas' own; ``loo_error`` the leave-one-out error (``None`` with one run). ``applied`` is
    false when leave-one-out does no better than the formulas: shown, not used.
    """

    gpu_id: str
    stack: tuple[str | None, ...]
    metric: str
    runs: int
    overhead_bytes: int
    slack: float
    residual: float
    raw_error: float
    loo_error: float | None
    applied: bool

    def calibrated_bytes(self, estimate: MemoryEstimate) -> int:
        """The estimate's total with the fitted overhead and slack on the metric's footing.

        What the metric does not see (the context for allocated, say) keeps the formulas'
        figure; the model terms are never touched, only scaled with everything the metric sees.
        """
        footing = footing_bytes(estimate, self.metric)
        return max(1, round(estimate.total_bytes + self.overhead_bytes + self.slack * footing))


def calibrate(gpu_id: str, stack: tuple[str | None, ...], metric: str,
              points: Sequence[Point]) -> Calibration:
    """Fit one GPU model and stack's calibration from its runs (on one metric's footing)."""
    overhead, slack = fit(points)
    residual = mean_abs([predict(p.estimated_bytes, overhead, slack) / p.measured_bytes - 1
                         for p in points])
    raw = mean_abs([p.error for p in points])
    loo = leave_one_out(points)
    return Calibration(gpu_id=gpu_id, stack=stack, metric=metric, runs=len(points),
                       overhead_bytes=round(overhead), slack=slack, residual=residual,
                       raw_error=raw, loo_error=loo, applied=loo is None or loo < raw)
