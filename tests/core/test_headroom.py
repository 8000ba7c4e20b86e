"""Verdicts at their edges, worked on round numbers of bytes.

"Tight" is under 10 % headroom, or where the estimate's error band would cross capacity
(docs/estimation.md); "does not fit" is needing more than the card has.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from planner.core.estimator.headroom import (
    DOES_NOT_FIT,
    FITS,
    TIGHT,
    Headroom,
    binding,
    headroom,
    usable_bytes,
    verdict_for,
)
from planner.core.estimator.setups import MemoryEstimate
from tests.gpubuild_samples import RTX_4090

GIB = 1024**3


@pytest.mark.parametrize(("needed", "usable", "band", "verdict"), [
    (1001, 1000, 0.0, DOES_NOT_FIT),  # one byte short
    (1000, 1000, 0.0, TIGHT),  # exactly full: it fits, with nothing to spare
    (900, 1000, 0.0, FITS),  # 100 left = 10 %: not under 10 %
    (901, 1000, 0.0, TIGHT),  # 99 left: under 10 %
    (800, 1000, 0.25, FITS),  # 800 x 1.25 = 1,000: the band reaches capacity, not past it
    (800, 1000, 0.26, TIGHT),  # 800 x 1.26 = 1,008: the band crosses it
    (500, 1000, 0.5, FITS),  # 500 x 1.5 = 750
])
def test_verdict_edges(needed, usable, band, verdict):
    assert verdict_for(needed, usable, band) == verdict


def _estimate(total: int, band: float = 0.15) -> MemoryEstimate:
    return MemoryEstimate(parameters=1, trainable_parameters=1, weights=total, gradients=0,
                          optimizer_state=0, activations=0, kv_cache=0, framework=0,
                          peak_phase="forward", provenance="formula", error_band=band)


def test_usable_memory_and_the_binding_card():
    # A 24 GB card holds 24 GiB; 512 MiB kept for the display leaves 23.5 GiB.
    assert usable_bytes(RTX_4090, 512 * 1024**2) == 24 * GIB - 512 * 1024**2
    assert usable_bytes(RTX_4090, 100 * GIB) == 0  # never negative
    small = replace(RTX_4090, id="small", memory_gb=12)
    h = binding(_estimate(10 * GIB), [RTX_4090, small, RTX_4090])
    # 10 GiB on a 12 GiB card: 2 GiB left, 16.7 % of it; 10 x 1.15 = 11.5 GiB < 12: fits.
    assert h == Headroom("small", 12 * GIB, 10 * GIB, FITS)
    assert h.headroom_bytes == 2 * GIB and h.headroom_fraction == pytest.approx(1 / 6)
    on_4090 = headroom(_estimate(22 * GIB), RTX_4090, 512 * 1024**2)
    # 22 GiB in 23.5 GiB: 1.5 GiB left (6.4 %): tight.
    assert (on_4090.verdict, on_4090.headroom_bytes) == (TIGHT, int(1.5 * GIB))
    assert Headroom("x", 0, 5, DOES_NOT_FIT).headroom_fraction == -1.0
    with pytest.raises(ValueError, match="at least one GPU"):
        binding(_estimate(1), [])
