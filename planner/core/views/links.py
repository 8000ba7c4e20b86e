"""Which link binds a multi-GPU training run: for the headroom tooltip, Compare Variants, the CLI.

One answer everywhere: the figure comes from :func:`planner.core.estimator.speed.training_speed`
(the same call the speed figures come from), and a widget only words it. In a build of mixed
cards the data-parallel group runs at the pace of its slowest card, so the slot with the lowest
speed names the link. Memoised on its immutable inputs (every repaint asks again).
Pure Python; no Qt, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from planner.core.estimator.speed import training_speed
from planner.core.plan.build import TrackedWorkload
from planner.core.records.precision import EstimateError
from planner.core.records.specs import GpuSpec

#: ``LinkUse.kind`` when the card's link is not on record (its wait is not counted).
UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class LinkUse:
    """The wire a run's GPUs wait on, and for what share of each optimizer step.

    ``kind`` is one of :mod:`planner.core.estimator.links`' kinds (``nvlink``, ``bridge``,
    ``pcie-p2p``, ``pcie-host``, ``network``) or :data:`UNKNOWN`; ``name`` the vendor's name or
    ``PCIe 4.0 x8``; ``lanes_split`` a desktop board's x8/x8; ``bus_gbs`` the achieved all-reduce
    bandwidth; ``waiting_share`` the part of a step the GPUs wait (0-1); ``gpu_name`` the card.
    """

    kind: str
    name: str
    lanes_split: bool
    bus_gbs: float
    waiting_share: float
    gpu_name: str


@lru_cache(maxsize=4096)
def _use(tracked: TrackedWorkload, gpu: GpuSpec, count: int) -> tuple[float, LinkUse] | None:
    try:
        s = training_speed(tracked.workload, tracked.training, gpu, count)
    except EstimateError:
        return None
    if s.link is None:
        use = LinkUse(UNKNOWN, "", False, 0.0, 0.0, gpu.name)
    else:
        use = LinkUse(s.link.kind, s.link.name, s.link.lanes_split, s.link.bus_gbs,
                      s.waiting_share, gpu.name)
    return s.samples_per_second, use


def link_use(tracked: TrackedWorkload, gpu: GpuSpec, count: int) -> LinkUse | None:
    """The link ``count`` of ``gpu`` wait on in training; None for one GPU or for inference."""
    if tracked.task != "train" or count < 2:
        return None
    found = _use(tracked, gpu, count)
    return found[1] if found is not None else None


def cards_link_use(tracked: TrackedWorkload, cards: Sequence[GpuSpec], n: int) -> LinkUse | None:
    """The binding link of ``n`` GPUs of the models ``cards`` (one per slot).

    It is the link of the card that sets the group's pace.
    """
    if tracked.task != "train" or n < 2:
        return None
    found = [f for f in (_use(tracked, gpu, n) for gpu in cards) if f is not None]
    if not found:
        return None
    return min(found, key=lambda f: f[0])[1]


def clear_caches() -> None:
    """Forget memoised links (benchmarks measure cold and warm paths apart)."""
    _use.cache_clear()
