"""Calibration from the user's runs, on round numbers worked by hand.

Per GPU model, stack and kind of run, the runs' mean missed share is shrunk toward none:
share = m × τ² / (τ² + s²/n), s² = (w × σ0² + Σ(xᵢ − m)²) / (w + n − 1), with τ = 0.10, σ0 = 0.10
and w = 2 as planner/core/estimator/calibration.py states them (its docstring says why). The
figures below are worked out from that definition, written out, never from the code.
"""

from __future__ import annotations

import pytest

from planner.core.estimator.calibration import (
    ALLOCATED,
    NVIDIA_SMI,
    RESERVED,
    Point,
    calibrate,
    footing_bytes,
    leave_one_out,
    shrunk_share,
    unseen_bytes,
)
from planner.core.estimator.setups import MemoryEstimate

GIB = 1024**3


def _estimate(tensors_gib: float, context_gib: float, slack_gib: float) -> MemoryEstimate:
    """An estimate whose framework part is only the context and the allocator's slack."""
    return MemoryEstimate(
        parameters=1, trainable_parameters=1, weights=round(tensors_gib * GIB), gradients=0,
        optimizer_state=0, activations=0, kv_cache=0,
        framework=round((context_gib + slack_gib) * GIB), peak_phase="backward",
        provenance="formula", error_band=0.1, context_bytes=round(context_gib * GIB),
        slack_bytes=round(slack_gib * GIB))


def test_one_run_applies_nothing() -> None:
    # 10 → 11 GiB: the run exceeds the formulas by 10 %, but one run cannot tell a stack's
    # habit from its own noise
    found = shrunk_share([Point(10 * GIB, 11 * GIB)])
    assert found.observed == pytest.approx(0.10)
    assert found.applied == 0.0
    cal = calibrate("gpu", (), "lora", NVIDIA_SMI, [Point(10 * GIB, 11 * GIB)])
    assert not cal.applied and cal.share == 0.0 and cal.loo_error is None


def test_two_runs_that_agree_are_shrunk_by_the_prior_scatter() -> None:
    # 10 → 11 and 20 → 22 GiB: both +10 %, no scatter of their own.
    # s² = (2 × 0.01 + 0) / (2 + 1) = 0.0066667; weight = 0.01 / (0.01 + 0.0066667 / 2) = 0.75
    found = shrunk_share([Point(10 * GIB, 11 * GIB), Point(20 * GIB, 22 * GIB)])
    assert found.observed == pytest.approx(0.10)
    assert found.noise == pytest.approx(0.0066667**0.5, rel=1e-4)
    assert found.applied == pytest.approx(0.075)


def test_three_runs_with_scatter() -> None:
    # 10 → 11, 12, 13 GiB: +10, +20, +30 %, mean 0.2, Σ(x − m)² = 0.02;
    # s² = (0.02 + 0.02) / (2 + 2) = 0.01; weight = 0.01 / (0.01 + 0.01 / 3) = 0.75: share 0.15
    points = [Point(10 * GIB, 11 * GIB), Point(10 * GIB, 12 * GIB), Point(10 * GIB, 13 * GIB)]
    assert shrunk_share(points).applied == pytest.approx(0.15)
    # Leave-one-out, each from the other two by the same rule:
    #   without 11: +20, +30 % → mean 0.25, s² = (0.02 + 0.005) / 3, w = 0.705882,
    #     share 0.176471: 11.76471 vs 11 → +6.9519 %
    #   without 12: +10, +30 % → mean 0.2, s² = (0.02 + 0.02) / 3, w = 0.6, share 0.12:
    #     11.2 vs 12 → −6.6667 %
    #   without 13: +10, +20 % → mean 0.15, w = 0.705882, share 0.105882: 11.05882 vs 13
    #     → −14.9321 %
    assert leave_one_out(points) == pytest.approx((0.069519 + 0.066667 + 0.149321) / 3,
                                                  rel=1e-4)
    cal = calibrate("gpu", ("2.5",), "full", NVIDIA_SMI, points)
    # the formulas' own error: (1/11 + 2/12 + 3/13) / 3 = 0.162782 > leave-one-out: applied
    assert cal.raw_error == pytest.approx(0.162782, rel=1e-5)
    assert cal.applied and cal.runs == 3 and cal.share == pytest.approx(0.15)
    # on the runs: 11.5 vs 11, 12, 13 → (0.5/11 + 0.5/12 + 1.5/13) / 3
    assert cal.residual == pytest.approx((0.5 / 11 + 0.5 / 12 + 1.5 / 13) / 3, rel=1e-6)


def test_a_share_leave_one_out_does_not_confirm_is_not_applied() -> None:
    # 10 → 10, 10, 13 GiB: the miss belongs to one configuration, not to the stack.
    # All three: mean 0.1, Σ = 0.06, s² = (0.02 + 0.06) / 4 = 0.02, weight 0.6 → share 0.06.
    # Leave-one-out: without 13 the others say 0 → 10 vs 13, −23.0769 %; without either 10,
    # mean 0.15, s² = (0.02 + 0.045) / 3, weight 0.48, share 0.072 → 10.72 vs 10, +7.2 % (twice)
    points = [Point(10 * GIB, 10 * GIB), Point(10 * GIB, 10 * GIB), Point(10 * GIB, 13 * GIB)]
    assert shrunk_share(points).applied == pytest.approx(0.06)
    assert leave_one_out(points) == pytest.approx((0.230769 + 0.072 + 0.072) / 3, rel=1e-5)
    cal = calibrate("gpu", (), "full", NVIDIA_SMI, points)
    # … which is worse than the formulas' own (0 + 0 + 3/13) / 3 = 7.69 %: shown, not applied
    assert cal.raw_error == pytest.approx(0.076923, rel=1e-5)
    assert not cal.applied and cal.share == 0.0
    assert cal.observed == pytest.approx(0.1)


def test_each_metric_sees_its_own_part_of_the_estimate() -> None:
    est = _estimate(tensors_gib=9, context_gib=0.5, slack_gib=0.5)
    assert est.total_bytes == 10 * GIB
    assert footing_bytes(est, ALLOCATED) == 9 * GIB        # live tensors
    assert footing_bytes(est, RESERVED) == round(9.5 * GIB)  # + allocator slack
    assert footing_bytes(est, NVIDIA_SMI) == 10 * GIB       # + CUDA context
    assert unseen_bytes(est, ALLOCATED) == 1 * GIB
    assert unseen_bytes(est, RESERVED) == round(0.5 * GIB)
    assert unseen_bytes(est, NVIDIA_SMI) == 0


def test_the_calibrated_total_keeps_what_the_metric_did_not_see() -> None:
    est = _estimate(tensors_gib=9, context_gib=0.5, slack_gib=0.5)
    # three allocated runs +10, +20, +30 % → share 0.15 of the tensors (above): 10 + 0.15 × 9
    # = 11.35 GiB, the context and slack still the formulas' 1 GiB
    cal = calibrate("gpu", (), "lora", ALLOCATED,
                    [Point(10 * GIB, 11 * GIB), Point(10 * GIB, 12 * GIB),
                     Point(10 * GIB, 13 * GIB)])
    assert cal.added_bytes(est) == pytest.approx(1.35 * GIB, abs=2)
    assert cal.calibrated_bytes(est) == pytest.approx(11.35 * GIB, abs=2)
    # on nvidia-smi's footing the whole 10 GiB scales: 10 × 1.15 = 11.5 GiB
    smi = calibrate("gpu", (), "lora", NVIDIA_SMI,
                    [Point(10 * GIB, 11 * GIB), Point(10 * GIB, 12 * GIB),
                     Point(10 * GIB, 13 * GIB)])
    assert smi.calibrated_bytes(est) == pytest.approx(11.5 * GIB, abs=2)
