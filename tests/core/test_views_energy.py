"""The energy panel's figures for a hand-made build, worked out by hand line by line.

Two cards "A" (300 W, 20 W idle, $1,000) and one "B" (200 W, idle power not stated, no price);
10 h a day, 360 days, half of TDP while running, a 100 W host, an 80 % PSU, PUE 1.25, and 1,000
kWh of other household use ahead of the GPUs on a two-tier tariff in yuan; the build counts in
euros at 8.0 CNY/EUR and 7.0 CNY/USD.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from planner.core.costs.energy import Usage
from planner.core.costs.money import Rates
from planner.core.plan.build import Build, BuildSlot, CostSettings
from planner.core.records.specs import (
    Catalog,
    CloudInstance,
    GpuSpec,
    GridCarbon,
    Price,
    Tariff,
    TariffTier,
)
from planner.core.views.energy import energy_view

RATES = Rates(cny_per_usd=7.0, cny_per_eur=8.0, as_of="2026-01-05")
A = GpuSpec(id="a", vendor="NVIDIA", name="Card A", architecture="ampere", segment="consumer",
            form_factor="pcie-card", memory_gb=24, memory_type="GDDR6X",
            memory_bandwidth_gbs=936, tdp_w=300, sources=("hand-made",), idle_w=20,
            prices=(Price(1000.0, "USD", "2026-01-01", "street", "US", "shop"),))
B = replace(A, id="b", name="Card B", tdp_w=200, idle_w=None, prices=())
TARIFF = Tariff("two-tier", "Two tiers", "Testland", "CNY",
                (TariffTier(2000, 0.5), TariffTier(None, 1.0)), "2026-01-01", ("hand-made",))
GRID = GridCarbon("grid", "Testland", 500.0, 2025, ("hand-made",))
PAIR = CloudInstance(id="pair", provider="P", name="2x A", gpu_id="a", gpu_count=2,
                     price_per_hour=2.0, currency="USD", region="x", as_of="2026-01-01",
                     sources=("price page",))
CATALOG = Catalog(gpus=(A, B), tariffs=(TARIFF,), carbon=(GRID,), cloud=(PAIR,))
USAGE = Usage(hours_per_day=10, days_per_year=360, utilization=0.5, host_watts=100,
              psu_efficiency=0.8, pue=1.25, base_kwh_per_year=1000)
BUILD = Build(slots=(BuildSlot(A, 2), BuildSlot(B, 1)), usage=USAGE,
              cost=CostSettings(currency="EUR", tariff_id="two-tier", carbon_id="grid", years=2,
                                cloud_instance_id="pair"))

# Wall factor: PUE 1.25 / PSU 0.8 = 1.5625. Load: 3,600 h a year; idle: 14 h x 360 = 5,040 h.
A_LOAD = 2 * 300 * 0.5 * 3600 / 1000 * 1.5625  # 1,687.5 kWh
A_IDLE = 2 * 20 * 5040 / 1000 * 1.5625  # 315 kWh
B_LOAD = 200 * 0.5 * 3600 / 1000 * 1.5625  # 562.5 kWh; its idle is not counted
HOST = 100 * 3600 / 1000 * 1.5625  # 562.5 kWh
TOTAL_KWH = A_LOAD + A_IDLE + B_LOAD + HOST  # 3,127.5 kWh
# On top of 1,000 kWh: 1,000 more at ¥0.5 reach the 2,000 kWh tier, the other 2,127.5 at ¥1.0:
# ¥500 + ¥2,127.5 = ¥2,627.5 = €328.4375.
COST_EUR = (1000 * 0.5 + (TOTAL_KWH - 1000) * 1.0) / 8.0


def test_the_total_line():
    view = energy_view(BUILD, CATALOG, RATES)
    assert view.error is None and view.currency == "EUR"
    t = view.total
    assert (t.label, t.gpu_id, t.count) == ("Total", None, 3)
    assert t.kwh_load_per_year == pytest.approx(A_LOAD + B_LOAD + HOST)
    assert t.kwh_idle_per_year == pytest.approx(A_IDLE)
    assert t.kwh_per_year == pytest.approx(3127.5)
    assert t.cost_per_year == pytest.approx(328.4375)
    # At the wall while running: (2 x 150 + 100 + 100) W / 0.8 = 625 W; 625 x 3.412 BTU/h.
    assert t.wall_watts == pytest.approx(625) and t.heat_btu_per_hour == pytest.approx(2132.5)
    assert t.co2_kg_per_year == pytest.approx(3127.5 * 0.5)  # 500 g/kWh
    assert not t.idle_counted and not view.idle_known  # B's idle hours are missing
    assert (view.tariff, view.carbon, view.load_hours_per_year) == (TARIFF, GRID, 3600)


def test_each_slot_pays_its_share_of_the_bill():
    a, b = energy_view(BUILD, CATALOG, RATES).lines
    assert (a.label, a.gpu_id, a.count, b.label, b.gpu_id, b.count) == (
        "Card A", "a", 2, "Card B", "b", 1)
    assert (a.kwh_load_per_year, a.kwh_idle_per_year) == pytest.approx((A_LOAD, A_IDLE))
    assert (b.kwh_load_per_year, b.kwh_idle_per_year) == pytest.approx((B_LOAD, 0))
    # Pro rata by kWh (the host's share stays in the total): A 2,002.5 / 3,127.5 of €328.4375.
    assert a.cost_per_year == pytest.approx(COST_EUR * (A_LOAD + A_IDLE) / TOTAL_KWH)
    assert b.cost_per_year == pytest.approx(COST_EUR * B_LOAD / TOTAL_KWH)
    assert (a.wall_watts, b.wall_watts) == pytest.approx((375, 125))  # 300 W and 100 W / 0.8
    assert a.co2_kg_per_year == pytest.approx(2002.5 * 0.5)
    assert a.idle_counted and not b.idle_counted


def test_owning_and_a_mixed_build_rents_nothing_like_for_like():
    view = energy_view(BUILD, CATALOG, RATES)
    # Two A at $1,000 each, dated 2026-01-01, at 7.0 / 8.0: €875 each; B has no price.
    assert (view.purchase, view.priced_gpus) == (pytest.approx(1750), 2)
    assert view.years == (0, 1, 2)
    assert view.own_cumulative == pytest.approx((1750, 1750 + COST_EUR, 1750 + 2 * COST_EUR))
    # The study names "pair" (2× A), but A and B together are no A machine: nothing to rent.
    assert view.cloud is None and view.break_even_months is None


def test_three_cards_rent_the_smallest_offer_holding_three():
    three = replace(BUILD, slots=(BuildSlot(A, 3),))
    view = energy_view(three, CATALOG, RATES)
    cloud = view.cloud
    # No offer rents exactly three A: two 2-GPU machines (4 GPUs) at $2.00 an hour each:
    # $4.00 = €3.50 an hour (7.0 / 8.0), 3,600 h a year: €12,600.
    assert (cloud.instance, cloud.instances, cloud.rent_gpus) == (PAIR, 2, 4)
    assert cloud.rent_per_hour == pytest.approx(3.5)
    assert cloud.cumulative == pytest.approx((0, 12600, 25200))
    # Three A at €875: €2,625 paid off at €3.50 an hour less the hour's electricity.
    own_per_hour = view.total.cost_per_year / 3600
    hours = 2625 / (3.5 - own_per_hour)
    assert cloud.break_even_hours == pytest.approx(hours)
    assert view.break_even_months == pytest.approx(hours / 3600 * 12)


def test_running_all_day_leaves_no_idle_to_miss_and_a_flat_price():
    always = replace(BUILD, usage=replace(USAGE, hours_per_day=24, base_kwh_per_year=0),
                     cost=CostSettings(currency="USD", price_per_kwh=0.1, years=1))
    view = energy_view(always, CATALOG, RATES)
    assert all(line.idle_counted for line in (*view.lines, view.total))
    # 500 W x 24 h x 360 d = 4,320 kWh, x 1.5625 = 6,750 kWh at $0.10: $675; no grid chosen.
    assert view.total.kwh_per_year == pytest.approx(6750)
    assert view.total.cost_per_year == pytest.approx(675)
    assert view.total.co2_kg_per_year is None and view.carbon is None and view.cloud is None


def test_an_unpriced_build_has_no_break_even_and_a_bad_usage_no_figures():
    unpriced = replace(BUILD, slots=(BuildSlot(B, 2),),
                       cost=replace(BUILD.cost, cloud_instance_id="pair"))
    view = energy_view(unpriced, CATALOG, RATES)
    assert view.purchase is None and view.priced_gpus == 0
    # (2 x 100 W + 100 W host) x 3,600 h x 1.5625 = 1,687.5 kWh: ¥500 + 687.5 x ¥1.0 = ¥1,187.5
    # = €148.4375 a year, and nothing bought.
    assert view.own_cumulative == pytest.approx((0, 148.4375, 296.875))
    assert view.cloud is None  # the named A machine is not a rental of B
    assert view.break_even_months is None
    broken = energy_view(replace(BUILD, usage=replace(USAGE, pue=0.5)), CATALOG, RATES)
    assert broken.error == "PUE must be between 1 and 5 (got 0.5)." and broken.total is None
    assert broken.currency == "EUR"
