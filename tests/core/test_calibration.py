"""Calibration from the user's runs, on round numbers worked by hand.

A fixed overhead and a proportional slack are fitted per GPU model and stack; the figures below
are written out from the definitions (measured = estimate + overhead + slack × estimate), never
from the fitting code.
"""

from __future__ import annotations

import pytest

from planner.core.estimator.calibration import (
    ALLOCATED,
    NVIDIA_SMI,
    RESERVED,
    Point,
    calibrate,
    fit,
    footing_bytes,
    leave_one_out,
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


def test_one_run_fits_the_overhead_alone() -> None:
    # estimated 10 GiB, measured 11.5 GiB: 1.5 GiB more, nothing to scale with
    overhead, slack = fit([Point(10 * GIB, round(11.5 * GIB))])
    assert overhead == pytest.approx(1.5 * GIB)
    assert slack == 0.0


def test_two_runs_fit_overhead_and_slack_exactly() -> None:
    # 10 → 12 GiB and 20 → 23 GiB: 2 = c + 10 s, 3 = c + 20 s, so s = 0.1 and c = 1 GiB
    overhead, slack = fit([Point(10 * GIB, 12 * GIB), Point(20 * GIB, 23 * GIB)])
    assert slack == pytest.approx(0.1)
    assert overhead == pytest.approx(1 * GIB)


def test_runs_of_nearly_one_size_fit_no_slope() -> None:
    # 10 and 10.5 GiB estimates (spread under 10 %): the overhead only, the relative-error
    # weighted mean of 2 GiB (measured 12) and 1.6 GiB (measured 12.1):
    # (2/12² + 1.6/12.1²) / (1/12² + 1/12.1²) = (0.0138889 + 0.0109282) / (0.0069444 + 0.0068301)
    overhead, slack = fit([Point(10 * GIB, 12 * GIB), Point(round(10.5 * GIB), round(12.1 * GIB))])
    assert slack == 0.0
    assert overhead / GIB == pytest.approx(0.0248171 / 0.0137745, rel=1e-5)


def test_leave_one_out_on_runs_along_one_line() -> None:
    # 10 → 12, 20 → 23, 40 → 45 GiB all lie on c = 1 GiB, s = 0.1: each is predicted exactly
    # from the other two
    points = [Point(10 * GIB, 12 * GIB), Point(20 * GIB, 23 * GIB), Point(40 * GIB, 45 * GIB)]
    assert leave_one_out(points) == pytest.approx(0.0, abs=1e-9)
    cal = calibrate("gpu", ("2.5",), NVIDIA_SMI, points)
    # the formulas' own error: (2/12 + 3/23 + 5/45) / 3 = (0.166667 + 0.130435 + 0.111111) / 3
    assert cal.raw_error == pytest.approx(0.136071, rel=1e-5)
    assert cal.residual == pytest.approx(0.0, abs=1e-9)
    assert cal.applied and cal.runs == 3
    assert cal.overhead_bytes == GIB and cal.slack == pytest.approx(0.1)


def test_a_calibration_no_better_than_the_formulas_is_not_applied() -> None:
    # The formulas are exact on both runs: leave-one-out cannot beat 0 %, nothing to apply.
    cal = calibrate("gpu", (), NVIDIA_SMI, [Point(10 * GIB, 10 * GIB), Point(20 * GIB, 20 * GIB)])
    assert cal.raw_error == 0.0 and cal.loo_error == 0.0
    assert not cal.applied
    # Noise: 10 → 12 and 11 → 9.5 GiB. One predicts the other with the overhead alone
    # (spread under 10 %): from the first, 11 + 2 = 13 vs 9.5 (+36.8 %); from the second,
    # 10 − 1.5 = 8.5 vs 12 (−29.2 %): 33.0 % against the formulas' (16.7 + 15.8) / 2 = 16.2 %.
    noisy = calibrate("gpu", (), NVIDIA_SMI,
                      [Point(10 * GIB, 12 * GIB), Point(11 * GIB, round(9.5 * GIB))])
    assert noisy.loo_error == pytest.approx((3.5 / 9.5 + 3.5 / 12) / 2, rel=1e-4)
    assert noisy.raw_error == pytest.approx((2 / 12 + 1.5 / 9.5) / 2, rel=1e-6)
    assert not noisy.applied


def test_each_metric_sees_its_own_part_of_the_estimate() -> None:
    est = _estimate(tensors_gib=9, context_gib=0.5, slack_gib=0.5)
    assert est.total_bytes == 10 * GIB
    assert footing_bytes(est, ALLOCATED) == 9 * GIB        # live tensors
    assert footing_bytes(est, RESERVED) == round(9.5 * GIB)  # + allocator slack
    assert footing_bytes(est, NVIDIA_SMI) == 10 * GIB       # + CUDA context


def test_the_calibrated_total_keeps_what_the_metric_did_not_see() -> None:
    est = _estimate(tensors_gib=9, context_gib=0.5, slack_gib=0.5)
    # fitted on allocated: 9 → 10.9 and 18 → 20.8 GiB give c = 1 GiB, s = 0.1 on tensors;
    # the total is 10 + 1 + 0.1 × 9 = 11.9 GiB (context and slack still the formulas')
    cal = calibrate("gpu", (), ALLOCATED,
                    [Point(9 * GIB, round(10.9 * GIB)), Point(18 * GIB, round(20.8 * GIB))])
    assert cal.calibrated_bytes(est) == pytest.approx(11.9 * GIB, abs=2)
    # on nvidia-smi's footing the whole 10 GiB scales: 10 + 1 + 0.1 × 10 = 12 GiB
    smi = calibrate("gpu", (), NVIDIA_SMI,
                    [Point(10 * GIB, 12 * GIB), Point(20 * GIB, 23 * GIB)])
    assert smi.calibrated_bytes(est) == pytest.approx(12 * GIB, abs=2)
