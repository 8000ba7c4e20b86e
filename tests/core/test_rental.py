"""The rental a buyer can rely on (issue 29 part 3): on-demand by default, like for like, in the
build's currency when an offer is, and a break-even worked out by hand.

Small hand-made catalogs: card "X" (300 W, $1,500) rented on-demand, on a marketplace and by
the interruptible bid; prices in USD and CNY at 7.0 CNY/USD.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from planner.core.costs.energy import Usage
from planner.core.costs.money import Rates
from planner.core.costs.rental import (
    INTERRUPTIBLE,
    MARKETPLACE,
    ON_DEMAND,
    kinds_left_out,
    offer_kind,
    rental_offer,
)
from planner.core.plan.build import Build, BuildSlot, CostSettings
from planner.core.records.specs import Catalog, CloudInstance, GpuSpec, Price
from planner.core.views.energy import energy_view

RATES = Rates(cny_per_usd=7.0, cny_per_eur=8.0, as_of="2026-01-05")
X = GpuSpec(id="x", vendor="NVIDIA", name="Card X", architecture="ada-lovelace",
            segment="consumer", form_factor="pcie-card", memory_gb=24, memory_type="GDDR6X",
            memory_bandwidth_gbs=1000, tdp_w=300, sources=("hand-made",), idle_w=20,
            prices=(Price(1500.0, "USD", "2026-01-01", "street", "US", "shop"),))
HOURS = 3650.0  # 10 h a day, 365 days


def offer(oid: str, price: float, kind: str = ON_DEMAND, *, currency: str = "USD",
          per_gpu: bool = True, gpu_count: int = 8, pricing: str = "on-demand") -> CloudInstance:
    return CloudInstance(id=oid, provider=oid.title(), name=f"{oid} X", gpu_id="x",
                         gpu_count=gpu_count, price_per_hour=price, currency=currency,
                         region="r", as_of="2026-06-01", sources=("price page",),
                         pricing=pricing, per_gpu=per_gpu, kind=kind,
                         kind_source="hand-made" if kind else "")


DEMAND = offer("demand", 1.00)
MARKET = offer("market", 0.40, MARKETPLACE, pricing="community")
BID = offer("bid", 0.30, INTERRUPTIBLE, pricing="community")
OFFERS = (MARKET, BID, DEMAND)


def test_on_demand_by_default_the_others_only_when_asked() -> None:
    got = rental_offer([(X, 2)], OFFERS, RATES, "USD", HOURS)
    # Two GPU-hours at $1.00, 3,650 h: $7,300 a year, although the bid is $0.30.
    assert got is not None and got.instance is DEMAND and got.kind == ON_DEMAND
    assert (got.units, got.gpus) == (2, 2)
    assert got.per_hour == pytest.approx(2.00) and got.per_year == pytest.approx(7300.0)
    asked = rental_offer([(X, 2)], OFFERS, RATES, "USD", HOURS, any_kind=True)
    # Asked for: the bid, 2 x $0.30 x 3,650 h = $2,190 a year, and it says it is interruptible.
    assert asked is not None and asked.instance is BID and asked.kind == INTERRUPTIBLE
    assert asked.per_year == pytest.approx(2190.0)


def test_no_on_demand_offer_is_no_rental_that_says_what_was_left_out() -> None:
    assert rental_offer([(X, 1)], (MARKET, BID), RATES, "USD", HOURS) is None
    assert kinds_left_out([(X, 1)], (MARKET, BID)) == (INTERRUPTIBLE, MARKETPLACE)
    assert kinds_left_out([(X, 1)], OFFERS) == (INTERRUPTIBLE, MARKETPLACE)
    assert kinds_left_out([(X, 1)], (DEMAND,)) == ()


def test_a_named_offer_is_rented_whatever_its_kind() -> None:
    got = rental_offer([(X, 3)], OFFERS, RATES, "USD", HOURS, chosen_id="market")
    # The user named it: 3 GPU-hours at $0.40 = $1.20 an hour, a marketplace host's.
    assert got is not None and got.chosen and got.instance is MARKET
    assert got.per_hour == pytest.approx(1.20) and got.kind == MARKETPLACE


def test_a_kind_not_stated_is_read_from_the_pricing() -> None:
    # A catalog seeded before offers stated their kind: Vast.ai's rows say pricing "community".
    assert offer_kind(replace(MARKET, kind="")) == MARKETPLACE
    assert offer_kind(replace(BID, kind="", pricing="spot")) == INTERRUPTIBLE
    assert offer_kind(replace(DEMAND, kind="")) == ON_DEMAND
    assert offer_kind(replace(DEMAND, kind="", pricing="something else")) == ""
    # An unknown kind is not on-demand: not rented unless asked, and named as left out.
    odd = replace(DEMAND, kind="", pricing="something else")
    assert rental_offer([(X, 1)], (odd,), RATES, "USD", HOURS) is None
    assert kinds_left_out([(X, 1)], (odd,)) == ("",)


def test_two_gpus_of_a_one_gpu_machine_not_one() -> None:
    # Issue 30: a 2-GPU build against a 1× offer was rented once ($15,658 against $31,317).
    single = offer("single", 1.25, per_gpu=False, gpu_count=1)
    got = rental_offer([(X, 2)], (single,), RATES, "USD", HOURS, chosen_id="single")
    # Two machines of one GPU at $1.25: $2.50 an hour, $9,125 a year (3,650 h).
    assert got is not None and (got.units, got.gpus) == (2, 2)
    assert got.per_year == pytest.approx(9125.0)


def test_a_cny_build_rents_a_cny_offer_like_for_like() -> None:
    usd = offer("usd", 1.00)  # ¥7.00 a GPU-hour at 7.0 CNY/USD
    cny = offer("cny", 9.00, currency="CNY")  # dearer after conversion, but the buyer's own
    got = rental_offer([(X, 2)], (usd, cny), RATES, "CNY", HOURS)
    # 2 x ¥9.00 = ¥18.00 an hour; 3,650 h: ¥65,700 a year.
    assert got is not None and got.instance is cny
    assert got.per_hour == pytest.approx(18.0) and got.per_year == pytest.approx(65700.0)
    # A dollar build rents in dollars: 2 x $1.00 = $2.00 an hour.
    got = rental_offer([(X, 2)], (usd, cny), RATES, "USD", HOURS)
    assert got is not None and got.instance is usd and got.per_hour == pytest.approx(2.0)


def test_like_for_like_comes_before_the_currency() -> None:
    # A CNY machine of eight for a 2-GPU build rents six GPUs too many: the USD per-GPU offer
    # renting exactly two is the like-for-like one.
    usd = offer("usd", 1.00)
    eight = offer("eight", 50.0, currency="CNY", per_gpu=False, gpu_count=8)
    got = rental_offer([(X, 2)], (usd, eight), RATES, "CNY", HOURS)
    assert got is not None and got.instance is usd and got.gpus == 2
    # ... and a CNY offer that is only a bid does not beat an on-demand dollar one.
    bid = offer("cny-bid", 2.00, INTERRUPTIBLE, currency="CNY", pricing="spot")
    got = rental_offer([(X, 2)], (usd, bid), RATES, "CNY", HOURS)
    assert got is not None and got.instance is usd
    # For eight GPUs both rent exactly eight: the CNY machine (¥50 an hour) wins over
    # 8 x $1.00 = ¥56.
    got = rental_offer([(X, 8)], (usd, eight), RATES, "CNY", HOURS)
    assert got is not None and got.instance is eight and got.per_hour == pytest.approx(50.0)


def test_break_even_worked_by_hand() -> None:
    usage = Usage(hours_per_day=10, days_per_year=365, utilization=1.0,
                  idle_when_not_running=False, host_watts=0.0, psu_efficiency=1.0, pue=1.0)
    build = Build(slots=(BuildSlot(X, 2),), usage=usage,
                  cost=CostSettings(currency="USD", price_per_kwh=0.20, years=3))
    view = energy_view(build, Catalog(gpus=(X,), cloud=OFFERS), RATES)
    # Owning: 2 x $1,500 = $3,000. Running: (2 x 300 W + the 200 W host a build that states no
    # host counts) = 800 W = 0.8 kWh an hour at $0.20 = $0.16 an hour (3,650 h: $584 a year).
    # Renting on-demand: 2 x $1.00 = $2.00 an hour. Owning catches up after
    # $3,000 / ($2.00 - $0.16) = 1,630.43 hours = 1,630.43 / 3,650 years = 5.360 months.
    assert view.purchase == pytest.approx(3000.0)
    assert view.total is not None and view.total.cost_per_year == pytest.approx(584.0)
    assert view.cloud is not None and view.cloud.kind == ON_DEMAND
    assert view.cloud.break_even_hours == pytest.approx(1630.43, abs=0.01)
    assert view.break_even_months == pytest.approx(5.360, abs=0.001)
    # Asked for the interruptible bid ($0.60 an hour for two): $3,000 / ($0.60 - $0.16)
    # = 6,818.18 hours = 22.416 months: the floor price makes owning look three times slower.
    asked = energy_view(replace(build, cost=replace(build.cost, rent_any_kind=True)),
                        Catalog(gpus=(X,), cloud=OFFERS), RATES)
    assert asked.cloud is not None and asked.cloud.kind == INTERRUPTIBLE
    assert asked.break_even_months == pytest.approx(22.416, abs=0.001)
