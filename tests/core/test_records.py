"""Small record rules the estimators lean on: a card's throughput by precision, what an
architecture can run, the breakdown's names, the exchange rate in force on a date."""

from __future__ import annotations

from dataclasses import replace

import pytest

from planner.core.costs.money import Rates
from planner.core.estimator.memory import TrainingSetup, estimate_training
from planner.core.estimator.setups import BREAKDOWN_KEYS
from planner.core.records.capability import can_run, refuses
from planner.core.records.precision import EstimateError


def test_throughput_by_precision_name(real_catalog):
    # The Ada whitepaper's RTX 4090 figures (dense, FP32 accumulate): FP32 82.6, FP16/BF16
    # 165.2, FP8 330.3 TFLOPS, INT8 660.6 TOPS; INT4 weights compute on the INT8 figure here;
    # no FP4 units.
    g = real_catalog.gpu("nvidia-rtx-4090")
    assert [g.tensor_tflops(p) for p in ("fp32", "fp16", "bf16", "fp8", "int8", "int4", "fp4",
                                         "tf32")] == [82.6, 165.2, 165.2, 330.3, 660.6, 660.6,
                                                      None, None]


def test_the_architecture_decides_what_runs(real_catalog):
    ampere = next(a for a in real_catalog.architectures if a.id == "ampere")
    ada = next(a for a in real_catalog.architectures if a.id == "ada-lovelace")
    a100 = real_catalog.gpu("nvidia-a100-sxm4-80gb")
    rtx = real_catalog.gpu("nvidia-rtx-4090")
    # Ampere has no FP8 units (NVIDIA A100 whitepaper); Ada has them.
    assert can_run(a100, "fp8", ampere) is False and refuses(a100, "fp8", ampere)
    assert can_run(rtx, "fp8", ada) is True and not refuses(rtx, "fp8", ada)
    # A missing figure never says "cannot": BF16 on Ampere runs even without its TFLOPS.
    assert can_run(replace(a100, bf16_tensor_tflops=None), "bf16", ampere) is True
    assert can_run(a100, "fp32", None) is True and can_run(a100, "fp32", ada) is True
    # The wrong architecture record, or none: only a figure on record answers, else unknown.
    assert can_run(a100, "fp8", ada) is None and not refuses(a100, "fp8", ada)
    assert can_run(rtx, "fp8", None) is True
    assert can_run(replace(rtx, fp8_tensor_tflops=None), "fp8", None) is None
    # INT4 weight-only kernels need the INT8 path: Ada has it.
    assert can_run(rtx, "int4", ada) is True
    assert can_run(rtx, "nf5", ada) is None  # a name no flag answers: nothing says


def test_the_breakdown_names_every_part_in_order(real_catalog):
    e = estimate_training(real_catalog.workload("gpt2-small"),
                          TrainingSetup(precision="amp-bf16", batch=1, seq=16))
    parts = e.breakdown()
    assert tuple(parts) == BREAKDOWN_KEYS == (
        "weights", "master_weights", "gradients", "optimizer_state", "optimizer_temporaries",
        "activations", "logits", "kv_cache", "framework")
    assert parts == {k: getattr(e, k) for k in BREAKDOWN_KEYS}


RATES = Rates(cny_per_usd=7.0, cny_per_eur=8.0, as_of="2026-01-05",
              history=(Rates(7.2, 7.8, "2025-01-10"), Rates(6.9, 7.3, "2022-09-01")))


@pytest.mark.parametrize(("date", "in_force"), [
    ("2026-03-01", "2026-01-05"),  # after the newest reading
    ("2026-01-05", "2026-01-05"),  # on its day
    ("2026-01-04", "2025-01-10"),  # the day before: the older reading
    ("2025-01-10", "2025-01-10"),
    ("2022-09-01", "2022-09-01"),
    ("2020-01-01", "2022-09-01"),  # before every reading: the oldest
    ("", "2026-01-05"),  # no date: the newest
])
def test_the_rate_in_force_on_a_date(date, in_force):
    reading = RATES.at(date)
    assert reading.as_of == in_force
    # An older reading is a plain reading (no history of its own); the newest is the whole record.
    assert reading.history == () if in_force != "2026-01-05" else reading is RATES


def test_rates_without_history_and_unknown_currencies():
    plain = Rates(cny_per_usd=7.0, cny_per_eur=8.0, as_of="2026-01-05")
    assert plain.at("1999-01-01") is plain
    assert plain.convert(80, "EUR", "USD") == pytest.approx(80 * 8 / 7)
    with pytest.raises(EstimateError, match=r"^Unknown currency 'GBP'; use one of USD, CNY, EUR"):
        plain.convert(1, "GBP", "USD")
