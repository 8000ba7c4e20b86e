"""The figures the VRAM headroom and workload panels show, computed once per document change.

A panel must never compute a figure of its own (the CLI, the report and the UI must agree), so this
module turns a :class:`~planner.core.plan.build.Build` into plain rows: per tracked workload the
per-GPU estimate over the build's cards, the card that binds, the verdict, the breakdown and, when
it does not fit, the suggestions that would make it fit.

Estimates and suggestions are memoised on their (immutable, hashable) inputs: an edit changes one
slot or one workload, and every panel asks for every row again, so the unchanged rows must cost a
dictionary look-up, not an estimate (the 16 ms repaint budget). Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

from planner.core.estimator.headroom import DOES_NOT_FIT, binding, headroom
from planner.core.estimator.memory import MemoryEstimate
from planner.core.estimator.memory_notes import MemoryNote
from planner.core.estimator.setups import BREAKDOWN_KEYS as MEMORY_BREAKDOWN_KEYS
from planner.core.plan.build import Build, TrackedWorkload, estimate_for
from planner.core.plan.runs import RunBook, calibrated_estimate, stack_text
from planner.core.plan.suggest import Suggestion, suggestions
from planner.core.records.precision import EstimateError
from planner.core.records.specs import GpuSpec
from planner.core.views import links as _links
from planner.core.views import memo
from planner.core.views.links import LinkUse, cards_link_use

#: Verdict of a row whose estimate failed (the row carries the sentence in ``error``).
ERROR = "error"
#: Verdict of a row in a build without GPUs: there is nothing to fit on.
NO_GPU = "no-gpu"

#: Breakdown keys in the order charts and tooltips list them (the CLI contract's names).
BREAKDOWN_KEYS = MEMORY_BREAKDOWN_KEYS

_CACHE_SIZE = 4096


@dataclass(frozen=True, slots=True)
class HeadroomRow:
    """One tracked workload placed on the build (bytes per GPU).

    ``low_bytes``/``high_bytes`` are the estimate ± its validated error band: the bar's whiskers.
    ``gpu_id``/``gpu_name`` name the binding card (the smallest usable memory); ``None`` without
    GPUs. ``suggestions`` is empty unless the verdict is does-not-fit.
    """

    index: int
    workload_id: str
    name: str
    task: str
    gpu_count: int
    verdict: str
    needed_bytes: int
    usable_bytes: int
    low_bytes: int
    high_bytes: int
    gpu_id: str | None = None
    gpu_name: str | None = None
    breakdown: dict[str, int] = field(default_factory=dict)
    provenance: str = ""
    error_band: float = 0.0
    peak_phase: str = ""
    notes: tuple[MemoryNote, ...] = ()
    error: str | None = None
    suggestions: tuple[Suggestion, ...] = ()
    #: The setting the error is about (core's :attr:`EstimateError.setting`), when one is.
    error_setting: str | None = None
    #: Offloaded or paged state in host RAM per GPU process (not part of ``needed_bytes``).
    host_bytes: int = 0
    #: The link a multi-GPU training run waits on, and how long (None: one GPU, inference).
    link: LinkUse | None = None
    #: The formulas' total; ``needed_bytes`` differs from it only when calibrated.
    formula_bytes: int = 0
    #: The newest of the user's runs of exactly this configuration on this card: its peak and
    #: metric, and how many such runs there are (0: none).
    measured_bytes: int | None = None
    measured_metric: str = ""
    measured_runs: int = 0
    #: The calibration applied (0 runs: none), its error on its runs, leave-one-out and stack.
    calibration_runs: int = 0
    calibration_residual: float = 0.0
    calibration_loo: float | None = None
    calibration_stack: str = ""

    @property
    def headroom_bytes(self) -> int:
        """Free bytes per GPU after the estimate (negative: short by that much)."""
        return self.usable_bytes - self.needed_bytes

    @property
    def headroom_fraction(self) -> float | None:
        """Headroom as a share of usable memory; ``None`` without a card to measure against."""
        if not self.usable_bytes:
            return None
        return self.headroom_bytes / self.usable_bytes


@lru_cache(maxsize=_CACHE_SIZE)
def _estimate(tracked: TrackedWorkload, gpu_count: int) -> MemoryEstimate | EstimateError:
    try:
        return estimate_for(tracked, gpu_count)
    except EstimateError as exc:
        return exc.with_traceback(None)  # memoised: keep no frames alive


def cached_estimate(tracked: TrackedWorkload, gpu_count: int) -> MemoryEstimate | str:
    """Per-GPU estimate of ``tracked`` over ``gpu_count`` cards, or the error sentence.

    Returns the sentence instead of raising so that failures are memoised too (a bad setting is
    asked about on every repaint until the user fixes it).
    """
    est = _estimate(tracked, gpu_count)
    return str(est) if isinstance(est, EstimateError) else est


@lru_cache(maxsize=_CACHE_SIZE)
def cached_suggestions(tracked: TrackedWorkload, usable_bytes: int,
                       gpu_count: int) -> tuple[Suggestion, ...]:
    """The core's "what would make it fit" list, memoised (it runs a dozen estimates)."""
    return tuple(suggestions(tracked, usable_bytes, gpu_count))


def clear_caches() -> None:
    """Forget memoised estimates (benchmarks measure cold and warm paths separately)."""
    _estimate.cache_clear()
    cached_suggestions.cache_clear()
    _links.clear_caches()
    memo.clear()


def headroom_row(build: Build, index: int, runs: RunBook | None,
                 gpus: list[GpuSpec] | None = None) -> HeadroomRow:
    """The row of the ``index``-th tracked workload (see :func:`headroom_rows`)."""
    # The binding card only depends on the distinct GPU models, not on how many of each.
    cards = tuple(gpus if gpus is not None else (s.gpu for s in build.slots))
    return _row(build.workloads[index], index, build.gpu_count, cards,
                build.display_reserve_bytes, runs)


@memo.memoised(maxsize=_CACHE_SIZE)  # an edit to one workload leaves the other rows as they were
def _row(tracked: TrackedWorkload, index: int, n: int, cards: tuple[GpuSpec, ...],
         reserve_bytes: int, runs: RunBook | None) -> HeadroomRow:
    w = tracked.workload
    est = _estimate(tracked, max(1, n))
    if isinstance(est, EstimateError):
        return HeadroomRow(index=index, workload_id=w.id, name=w.name, task=tracked.task,
                           gpu_count=n, verdict=ERROR, needed_bytes=0, usable_bytes=0,
                           low_bytes=0, high_bytes=0, error=str(est), error_setting=est.setting)
    needed = est.total_bytes
    row = HeadroomRow(
        index=index, workload_id=w.id, name=w.name, task=tracked.task, gpu_count=n,
        verdict=NO_GPU, needed_bytes=needed, usable_bytes=0,
        low_bytes=round(needed * (1 - est.error_band)),
        high_bytes=round(needed * (1 + est.error_band)),
        breakdown=est.breakdown(), provenance=est.provenance, error_band=est.error_band,
        peak_phase=est.peak_phase, notes=est.notes, host_bytes=est.host_bytes,
        formula_bytes=needed,
    )
    if not cards:
        return row
    bind = binding(est, list(cards), reserve_bytes)
    gpu = next(g for g in cards if g.id == bind.gpu_id)
    hints: tuple[Suggestion, ...] = ()
    if bind.verdict == DOES_NOT_FIT:
        hints = cached_suggestions(tracked, bind.usable_bytes, max(1, n))
    row = replace(row, verdict=bind.verdict, usable_bytes=bind.usable_bytes, gpu_id=gpu.id,
                  gpu_name=gpu.name, suggestions=hints,
                  link=cards_link_use(tracked, cards, n))
    return row if runs is None else _with_runs(row, tracked, est, gpu, runs, reserve_bytes)


def _with_runs(row: HeadroomRow, tracked: TrackedWorkload, est: MemoryEstimate, gpu: GpuSpec,
               runs: RunBook, reserve_bytes: int) -> HeadroomRow:
    """The row with the user's measured runs beside it and, where one applies, calibrated."""
    n = max(1, row.gpu_count)
    matched = runs.matching(tracked, gpu.id, n)
    if matched:
        newest = max(matched, key=lambda r: r.when)
        row = replace(row, measured_bytes=newest.peak_bytes, measured_metric=newest.metric,
                      measured_runs=len(matched))
    cal = runs.calibration_for(gpu.id)
    if cal is None:
        return row
    calibrated = calibrated_estimate(est, cal)
    fit = headroom(calibrated, gpu, reserve_bytes)
    needed = calibrated.total_bytes
    hints: tuple[Suggestion, ...] = ()
    if fit.verdict == DOES_NOT_FIT:  # core's changes are sized by the formulas: ask for less
        hints = cached_suggestions(tracked, fit.usable_bytes - (needed - est.total_bytes), n)
    return replace(row, needed_bytes=needed, verdict=fit.verdict,
                   low_bytes=round(needed * (1 - calibrated.error_band)),
                   high_bytes=round(needed * (1 + calibrated.error_band)),
                   breakdown=calibrated.breakdown(), error_band=calibrated.error_band,
                   suggestions=hints, calibration_runs=cal.runs,
                   calibration_residual=cal.residual, calibration_loo=cal.loo_error,
                   calibration_stack=stack_text(cal.stack))


def headroom_rows(build: Build, runs: RunBook | None) -> list[HeadroomRow]:
    """One row per tracked workload, in the build's order: what the headroom panel draws.

    ``runs`` are the user's measured runs (their calibration applies where the user's switch is
    on); ``None`` says once that there are none, so the figures are the formulas' alone. There is
    no default: every surface that reports memory hands in the same book, so the panel, Compare
    Variants, the sheet and ``show`` can never disagree about a calibrated figure.

    Every workload is estimated over all of the build's cards (its strategy decides how it is
    split) and placed on the card with the least headroom: in a mixed build every card holds the
    same shard, so the smallest decides.
    """
    return list(_rows(build, runs))


@memo.memoised(maxsize=32)
def _rows(build: Build, runs: RunBook | None) -> tuple[HeadroomRow, ...]:
    cards = [s.gpu for s in build.slots]
    return tuple(headroom_row(build, i, runs, cards) for i in range(len(build.workloads)))
