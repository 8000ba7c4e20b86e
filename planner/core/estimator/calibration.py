"""Calibration from the user's own runs: what the formulas miss on one GPU, stack and kind of run.

The estimator sizes the model terms (weights, gradients, optimizer state, activations …) from
formulas. On one GPU model, one software stack and one *kind* of run (full fine-tune, LoRA,
QLoRA, with or without offload, inference: :func:`planner.core.plan.runs.family_of`) a framework
misses them by a share that repeats from run to run — torchtune's chunked loss, bitsandbytes'
buffers, a PyTorch version's context. From the runs a user measured of that kind, this module
learns exactly that share and nothing else:

    measured ≈ (1 + share) × estimate            (on the footing the metric sees)

Each run is compared on its metric's footing (:func:`footing_bytes`): ``max_memory_allocated``
sees live tensors only, ``max_memory_reserved`` adds the allocator's slack, ``nvidia-smi`` also
the CUDA context. What the metric does not see stays the formulas' figure and is said so.

Why a shrunk mean, not a fit: on public runs of one machine (tests/test_runs_published.py) a
fitted overhead and slope, or any one run's error taken at face value, moved accurate rows the
wrong way — the error of one configuration is partly the formulas' and partly noise. So the
runs' mean relative error is shrunk toward zero as a normal prior would: with ``n`` runs whose
errors scatter by ``s`` around their mean ``m``, the share applied is

    share = m × τ² / (τ² + s²/n)

with τ the spread of real stack biases (:data:`PRIOR_BIAS`) and ``s²`` the runs' own scatter,
pooled with a prior scatter (:data:`PRIOR_NOISE`, worth :data:`PRIOR_WEIGHT` runs) so that two
runs agreeing by chance are not trusted as noiseless. Fewer than :data:`MIN_RUNS` runs of a kind
apply nothing: one run cannot tell a stack's habit from its own noise. From three runs on, each
run is also predicted from the others (leave-one-out): a share that predicts them no better than
the formulas is shown and not applied — the error then depends on the configuration (a batch
size the formulas mis-size), not on the stack. The constants were chosen on the calibration
set's sources only (tests/test_runs_published.py) and checked on the validation set's.
Pure Python; no Qt, no database.
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

#: Runs of one kind needed before a share is applied.
MIN_RUNS = 2
#: From this many runs, leave-one-out must beat the formulas on them for the share to apply.
CHECKED_RUNS = 3
#: τ: how far a stack's real bias on one kind of run typically lies from the formulas (a share).
PRIOR_BIAS = 0.10
#: The scatter of one run's error around its stack's bias assumed before any is seen (a share) …
PRIOR_NOISE = 0.10
#: … and how many runs' worth of evidence that assumption carries.
PRIOR_WEIGHT = 2.0


def footing_bytes(estimate: MemoryEstimate, metric: str) -> int:
    """The part of an estimate a metric sees: tensors, + allocator slack, + CUDA context."""
    if metric == ALLOCATED:
        return estimate.tensor_bytes
    if metric == RESERVED:
        return estimate.total_bytes - estimate.context_bytes
    return estimate.total_bytes


def unseen_bytes(estimate: MemoryEstimate, metric: str) -> int:
    """What a metric leaves out of the total, which the formulas add back (context, slack)."""
    return estimate.total_bytes - footing_bytes(estimate, metric)


@dataclass(frozen=True, slots=True)
class Point:
    """One measured run beside its estimate on the same footing (bytes per GPU)."""

    estimated_bytes: int
    measured_bytes: int

    @property
    def error(self) -> float:
        """The formulas' relative error on this run (estimate over measurement, − 1)."""
        return self.estimated_bytes / self.measured_bytes - 1

    @property
    def missed(self) -> float:
        """What the run adds to the estimate, as a share of it (measurement over estimate, − 1)."""
        return self.measured_bytes / self.estimated_bytes - 1


@dataclass(frozen=True, slots=True)
class Share:
    """The runs' mean missed share, their scatter, and the shrunk share to apply."""

    observed: float
    noise: float
    applied: float


def shrunk_share(points: Sequence[Point]) -> Share:
    """The share to apply from ``points`` (0 below :data:`MIN_RUNS` runs)."""
    n = len(points)
    if n == 0:
        return Share(0.0, PRIOR_NOISE, 0.0)
    missed = [p.missed for p in points]
    mean = sum(missed) / n
    scatter = sum((m - mean) ** 2 for m in missed)
    noise2 = (PRIOR_WEIGHT * PRIOR_NOISE**2 + scatter) / (PRIOR_WEIGHT + n - 1)
    if n < MIN_RUNS:
        return Share(mean, noise2**0.5, 0.0)
    weight = PRIOR_BIAS**2 / (PRIOR_BIAS**2 + noise2 / n)
    return Share(mean, noise2**0.5, mean * weight)


def mean_abs(errors: Sequence[float]) -> float:
    """Mean absolute relative error (0 for none)."""
    return sum(abs(e) for e in errors) / len(errors) if errors else 0.0


def leave_one_out(points: Sequence[Point]) -> float | None:
    """Mean absolute error of each run predicted from the others by the same rule (None below 2).

    With two runs each is predicted from one, which applies nothing: the formulas' error.
    """
    if len(points) < 2:
        return None
    errors = []
    for i, p in enumerate(points):
        share = shrunk_share([q for j, q in enumerate(points) if j != i]).applied
        errors.append(p.estimated_bytes * (1 + share) / p.measured_bytes - 1)
    return mean_abs(errors)


@dataclass(frozen=True, slots=True)
class Calibration:
    """What one GPU model, stack and kind of run add to the formulas, from ``runs`` of the user's.

    ``share`` is applied to the part of an estimate the ``metric`` sees; ``observed`` is the
    runs' own mean before shrinking and ``noise`` their scatter. ``residual`` is the calibrated
    figures' mean absolute error on those runs and ``raw_error`` the formulas' own, both on the
    metric's footing; ``loo_error`` the leave-one-out error (``None`` with one run).
    ``applied`` is false below :data:`MIN_RUNS` runs, and from :data:`CHECKED_RUNS` runs on when
    leave-one-out does no better than the formulas: shown, not used (``share`` is then 0).
    """

    gpu_id: str
    stack: tuple[str | None, ...]
    family: str
    metric: str
    runs: int
    share: float
    observed: float
    noise: float
    residual: float
    raw_error: float
    loo_error: float | None
    applied: bool

    def added_bytes(self, estimate: MemoryEstimate) -> int:
        """The bytes the calibration adds to ``estimate`` (the share of what the metric sees)."""
        return round(self.share * footing_bytes(estimate, self.metric))

    def calibrated_bytes(self, estimate: MemoryEstimate) -> int:
        """The estimate's total with the share added to what the metric sees.

        What the metric does not see (the context for allocated, say) keeps the formulas'
        figure: :func:`unseen_bytes` says how much that is.
        """
        return max(1, estimate.total_bytes + self.added_bytes(estimate))


def calibrate(gpu_id: str, stack: tuple[str | None, ...], family: str, metric: str,
              points: Sequence[Point]) -> Calibration:
    """One GPU model, stack and kind of run's calibration from its runs (one metric's footing)."""
    found = shrunk_share(points)
    raw = mean_abs([p.error for p in points])
    loo = leave_one_out(points)
    checked = len(points) < CHECKED_RUNS or (loo is not None and loo < raw)
    share = found.applied if checked else 0.0
    residual = mean_abs([p.estimated_bytes * (1 + share) / p.measured_bytes - 1 for p in points])
    return Calibration(gpu_id=gpu_id, stack=stack, family=family, metric=metric,
                       runs=len(points), share=share, observed=found.observed,
                       noise=found.noise, residual=residual, raw_error=raw, loo_error=loo,
                       applied=share != 0.0)
