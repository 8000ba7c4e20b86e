"""Whether an estimate fits a GPU or a build of GPUs, and which card binds.

A verdict compares bytes with usable capacity: the card's memory less a reserve the user states
(a desktop on a consumer card keeps a few hundred MiB of VRAM for the display). "Tight" is under
10 % headroom, or where the estimate's validated error band would cross capacity: a verdict
never claims more certainty than the estimator earned.
"""

from __future__ import annotations

from dataclasses import dataclass

from planner.core.estimator.memory import MemoryEstimate
from planner.core.records.specs import GpuSpec

TIGHT_FRACTION = 0.10

FITS, TIGHT, DOES_NOT_FIT = "fits", "tight", "does-not-fit"


@dataclass(frozen=True, slots=True)
class Headroom:
    """How one estimate sits on one GPU."""

    gpu_id: str
    usable_bytes: int
    needed_bytes: int
    verdict: str

    @property
    def headroom_bytes(self) -> int:
        """Free bytes after the estimate (negative: short by that much)."""
        return self.usable_bytes - self.needed_bytes

    @property
    def headroom_fraction(self) -> float:
        """Headroom as a share of usable memory."""
        return self.headroom_bytes / self.usable_bytes if self.usable_bytes else -1.0


def usable_bytes(gpu: GpuSpec, reserve_bytes: int = 0) -> int:
    """Capacity a training job can use: the card's memory less the stated reserve."""
    return max(0, gpu.memory_bytes - reserve_bytes)


def verdict_for(needed: int, usable: int, error_band: float) -> str:
    """Fits / tight / does-not-fit, with the error band downgrading borderline fits."""
    if needed > usable:
        return DOES_NOT_FIT
    if usable - needed < TIGHT_FRACTION * usable or needed * (1 + error_band) > usable:
        return TIGHT
    return FITS


def headroom(estimate: MemoryEstimate, gpu: GpuSpec, reserve_bytes: int = 0) -> Headroom:
    """Place one per-GPU estimate on one card."""
    usable = usable_bytes(gpu, reserve_bytes)
    needed = estimate.total_bytes
    return Headroom(gpu.id, usable, needed, verdict_for(needed, usable, estimate.error_band))


def binding(estimate: MemoryEstimate, gpus: list[GpuSpec], reserve_bytes: int = 0) -> Headroom:
    """In a mixed build every card holds the same shard: the smallest card decides."""
    if not gpus:
        raise ValueError("a build needs at least one GPU")
    return min((headroom(estimate, g, reserve_bytes) for g in gpus),
               key=lambda h: h.headroom_bytes)
