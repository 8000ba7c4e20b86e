"""A typed electricity price keeps its currency: switching the build's currency converts it (issue
19: "0.150 USD per kWh" used to become "0.150 CNY", electricity seven times cheaper)."""

from __future__ import annotations

import pytest

from planner.core.costs.energy import Usage
from planner.core.costs.money import Rates
from planner.core.plan.build import Build, BuildSlot, CostSettings
from planner.core.records.specs import Catalog, GpuSpec
from planner.core.views.energy import energy_view

RATES = Rates(7.0, 8.0, "2026-01-05", "test")
CARD = GpuSpec(id="g", vendor="NVIDIA", name="G", architecture="ada-lovelace",
               segment="consumer", form_factor="pcie-card", memory_gb=24, memory_type="GDDR6X",
               memory_bandwidth_gbs=1000, tdp_w=300, sources=("x",), idle_w=None)


def test_switching_currency_converts_the_typed_price() -> None:
    cost = CostSettings(currency="USD", price_per_kwh=0.15)
    assert cost.kwh_currency == "USD"
    cny = cost.with_currency("CNY", RATES)
    # $0.15 × 7.0 CNY per USD = ¥1.05 per kWh, now stated in yuan.
    assert (cny.currency, cny.price_per_kwh, cny.kwh_currency) == ("CNY", 1.05, "CNY")
    # Relabelling alone (the old bug) would leave the amount in dollars: it still says so.
    relabelled = CostSettings(currency="USD", price_per_kwh=0.15)
    from dataclasses import replace

    assert replace(relabelled, currency="CNY").kwh_currency == "USD"
    # A tariff keeps its own currency: nothing typed to convert.
    tariff = CostSettings(currency="USD", tariff_id="t", price_per_kwh=None)
    assert tariff.with_currency("EUR", RATES).price_per_kwh is None


def test_the_bill_is_the_same_in_either_currency() -> None:
    build = Build(slots=(BuildSlot(CARD, 1),),
                  usage=Usage(hours_per_day=10, idle_when_not_running=False, host_watts=200),
                  cost=CostSettings(currency="USD", price_per_kwh=0.15))
    usd = energy_view(build, Catalog(), RATES)
    # (300 + 200) W × 3,650 h = 1,825 kWh at $0.15 = $273.75.
    assert usd.total is not None and usd.total.cost_per_year == pytest.approx(273.75)
    in_cny = energy_view(Build(slots=build.slots, usage=build.usage,
                               cost=build.cost.with_currency("CNY", RATES)), Catalog(), RATES)
    assert in_cny.total is not None
    assert in_cny.total.cost_per_year == pytest.approx(273.75 * 7.0)  # ¥1,916.25
