"""The estimator beside training memory other people measured on real GPUs.

``tests/data/published_measurements.json`` keeps each figure with its source, the settings the
source states (guesses marked) and what was measured. A row is one of three kinds: ``memory`` (a
peak in bytes), ``oom`` (the run did not fit its GPU) or ``max-context`` (the longest sequence
that fitted). Sources are split into a calibration set, which the estimator may be tuned on, and
a validation set, which it never is. Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from planner.core.estimator.headroom import DOES_NOT_FIT, verdict_for
from planner.core.estimator.memory import MemoryEstimate, TrainingSetup, estimate_training
from planner.core.models.hfconfig import workload_from_hf_config
from planner.core.models.layouts import with_head
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Catalog, Workload

#: Bytes per unit the published tables print in.
UNITS = {"MiB": 1024**2, "GiB": 1024**3, "GB": 10**9, "MB": 10**6}

#: Shortest and longest sequences the largest-context search tries.
MIN_CONTEXT, MAX_CONTEXT = 16, 1 << 20


@dataclass(frozen=True, slots=True)
class PublishedComparison:
    """One published figure beside our estimate of the same run, compared like for like.

    ``metric`` says what was measured: ``nvidia-smi`` is the device memory in use (our total, CUDA
    context of the row's stack included), ``reserved`` PyTorch's pool (our total without the
    context), ``active``/``allocated`` the live tensors alone. For ``max-context`` rows
    ``measured`` and ``ours`` are token counts; for ``oom`` rows ``measured`` is ``None``.
    """

    row_id: str
    source: str
    set: str
    kind: str
    metric: str
    measured: int | None
    ours: int
    estimate: MemoryEstimate
    capacity_bytes: int
    gpus: int

    @property
    def error(self) -> float | None:
        """Relative error of our figure against the published one (``None`` for an OOM row)."""
        return None if self.measured is None else self.ours / self.measured - 1

    @property
    def fits_measured(self) -> bool:
        """The run ran on its card (a max-context row ran, at its context)."""
        if self.kind == "oom":
            return False
        return self.kind == "max-context" or (self.measured or 0) <= self.capacity_bytes

    @property
    def fits_ours(self) -> bool:
        """Our verdict for the card is not 'does not fit'."""
        return verdict_for(self.estimate.total_bytes, self.capacity_bytes,
                           self.estimate.error_band) != DOES_NOT_FIT

    @property
    def verdict_right(self) -> bool:
        """Our fit verdict agrees with what happened (max-context rows: at their context)."""
        return self.fits_ours == self.fits_measured or self.kind == "max-context"


def row_workload(row: dict[str, Any], catalog: Catalog) -> Workload:
    """The row's model with its head and, where the run stretched RoPE, its context.

    A row whose model the catalog does not ship carries the model's ``config.json`` (``config``,
    with its ``_source``), read as a user's own config is.
    """
    w = (workload_from_hf_config(row["config"], name=row["model"]) if row.get("config")
         else catalog.workload(row["model"]))
    if w is None:
        raise KeyError(f"{row['id']}: the catalog has no model {row['model']}")
    if row.get("context"):
        w = replace(w, context=int(row["context"]))
    if row.get("head"):
        w = with_head(replace(w, num_labels=row.get("num_labels")), row["head"])
    return w


def comparable_bytes(metric: str, est: MemoryEstimate) -> int:
    """Our figure on the footing of the measurement's metric."""
    if metric in ("active", "allocated"):
        return est.tensor_bytes
    if metric == "reserved":
        return est.total_bytes - est.context_bytes
    return est.total_bytes


def largest_context(w: Workload, setup: TrainingSetup, capacity: int) -> int:
    """The longest sequence whose estimate fits ``capacity`` bytes (0 when none does).

    Memory grows with the sequence, so a bisection finds it; a sequence the model refuses
    (beyond its context) counts as not fitting.
    """
    def fits(seq: int) -> bool:
        try:
            return estimate_training(w, replace(setup, seq=seq)).total_bytes <= capacity
        except EstimateError:
            return False

    lo, hi = MIN_CONTEXT, min(MAX_CONTEXT, w.context or MAX_CONTEXT)
    if not fits(lo):
        return 0
    if fits(hi):
        return hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return lo


def compare_published(row: dict[str, Any], table: dict[str, Any],
                      catalog: Catalog) -> PublishedComparison:
    """Estimate one published run and put our figure on the measurement's footing."""
    w = row_workload(row, catalog)
    gpu = catalog.gpu(row["gpu"])
    if gpu is None:
        raise KeyError(f"{row['id']}: the catalog has no GPU {row['gpu']}")
    source = table["sources"][row["source"]]
    setup = TrainingSetup(**row["setup"])
    kind = row.get("kind", "memory")
    if kind == "max-context":
        ours = largest_context(w, setup, gpu.memory_bytes)
        est = estimate_training(w, replace(setup, seq=int(row["value"])))
        measured: int | None = int(row["value"])
    else:
        est = estimate_training(w, setup)
        ours = comparable_bytes(row["metric"], est)
        measured = None if row["value"] is None else round(row["value"] * UNITS[row["unit"]])
    return PublishedComparison(row["id"], row["source"], source["set"], kind, row["metric"],
                               measured, ours, est, gpu.memory_bytes, setup.gpus)
