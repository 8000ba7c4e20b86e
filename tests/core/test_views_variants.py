"""Variants side by side: hand-worked figures, the best of each row, and the rental column."""

from __future__ import annotations

from dataclasses import replace

import pytest

from planner.core.costs.energy import Usage
from planner.core.costs.money import Rates
from planner.core.estimator.memory import TrainingSetup
from planner.core.plan.build import BuildSlot, CostSettings, TrackedWorkload
from planner.core.plan.study import Study, Variant
from planner.core.records.specs import Catalog, CloudInstance, GpuSpec, Price, Workload
from planner.core.views.energy import energy_view
from planner.core.views.variants import (
    RENTAL,
    default_selection,
    rental_for,
    variant_comparison,
    wall_circuit,
)

GIB = 1024**3


def _gpu(gid: str, memory: float, tdp: float, price: float) -> GpuSpec:
    return GpuSpec(id=gid, vendor="NVIDIA", name=gid.upper(), architecture="ada-lovelace",
                   segment="workstation", form_factor="pcie-card", memory_gb=memory,
                   memory_type="GDDR6", memory_bandwidth_gbs=960.0, tdp_w=tdp,
                   sources=(f"{gid} datasheet",), idle_w=20.0, fp16_tensor_tflops=100.0,
                   bf16_tensor_tflops=100.0, slot_width=2.0, pcie_lanes=16,
                   prices=(Price(price, "USD", "2026-05-01", "street", "US", "a shop"),))


CARD_A = _gpu("card-a", 24.0, 450.0, 1599.0)
CARD_B = _gpu("card-b", 40.0, 300.0, 2500.0)
TINY = Workload(id="tiny", name="Tiny LM", family="decoder", parameters=125_000_000,
                sources=("config",), layers=12, hidden=768, heads=12, intermediate=3072,
                vocab=50257, context=2048, default_seq=1024)
RATES = Rates(cny_per_usd=7.0, cny_per_eur=8.0, as_of="2026-05-01")
# Electricity at 0.20 a kWh, 10 h a day all year at full board power, no idle, no PSU loss or
# PUE; the host is not stated, so each build counts the 200 W host every build's totals count.
USAGE = Usage(hours_per_day=10.0, days_per_year=365.0, utilization=1.0,
              idle_when_not_running=False, host_watts=0.0, psu_efficiency=1.0, pue=1.0)
COST = CostSettings(currency="USD", tariff_id=None, price_per_kwh=0.20, years=3)
RENT = CloudInstance(id="rent-b", provider="Cloudy", name="1x B", gpu_id="card-b", gpu_count=1,
                     price_per_hour=2.0, currency="USD", region="us", as_of="2026-06-01",
                     sources=("price page",))
CATALOG = Catalog(gpus=(CARD_A, CARD_B), cloud=(RENT,))


def study(job: int | None = None) -> Study:
    tracked = TrackedWorkload(TINY, "train", TrainingSetup(precision="amp-bf16", batch=4,
                                                           seq=1024), job=job)
    return Study(name="Grant", variants=(
        Variant("Two A", (BuildSlot(CARD_A, 2),)),
        Variant("One B", (BuildSlot(CARD_B, 1),)),
    ), workloads=(tracked,), usage=USAGE, cost=COST)


def test_hand_worked_money_and_energy() -> None:
    view = variant_comparison(study(), CATALOG, RATES, runs=None)
    assert [c.name for c in view.columns] == ["Two A", "One B"]
    # Two A: (2 × 450 W + 200 W host) × 3,650 h = 4,015 kWh → 803.00 a year; bought
    # 2 × 1,599 = 3,198; after 3 years 3,198 + 3 × 803 = 5,607. One B: (300 W + 200 W) ×
    # 3,650 h = 1,825 kWh → 365.00; 2,500 + 3 × 365 = 3,595.
    assert view.row("kwh_year").values == pytest.approx((4015.0, 1825.0))
    assert view.row("cost_year").values == pytest.approx((803.0, 365.0))
    assert view.row("purchase").values == pytest.approx((3198.0, 2500.0))
    assert view.row("total").values == pytest.approx((5607.0, 3595.0))
    assert view.columns[0].cumulative == pytest.approx((3198.0, 4001.0, 4804.0, 5607.0))
    assert view.columns[0].price_dates == ("2026-05-01",)
    for key in ("kwh_year", "cost_year", "purchase", "total"):
        assert view.row(key).best == (1,), key  # lower is better: One B each time
    assert view.years == (0, 1, 2, 3)


def test_hand_worked_memory_power_and_warnings() -> None:
    view = variant_comparison(study(), CATALOG, RATES, runs=None)
    assert view.row("total_memory").values == (48.0 * GIB, 40.0 * GIB)
    assert view.row("total_memory").best == (0,)
    assert view.row("smallest_card").values == (24.0 * GIB, 40.0 * GIB)
    assert view.row("smallest_card").best == (1,)
    # 900 W of cards + 200 W host = 1,100 W → 1,100 / 0.8 = 1,375 W → a 1,500 W PSU;
    # 300 + 200 = 500 W → 625 W → 650 W.
    assert view.row("psu").values == (1500.0, 650.0)
    assert view.row("circuit").values == ("120V-15A", "120V-15A")
    # Two cards: no NVLink, and 2 × 16 PCIe lanes where a desktop CPU gives 16 (two warnings);
    # one card: none.
    assert view.row("warnings").values == (2.0, 0.0)


def test_fit_and_the_job_time_follow_the_throughput() -> None:
    view = variant_comparison(study(job=10**9), CATALOG, RATES, runs=None)
    fit = view.row("fit:0")
    assert fit.verdicts == ("fits", "fits") and fit.best == (1,)  # 40 GiB beats 24 GiB
    speed, hours = view.row("speed:0"), view.row("job:0")
    for per_second, h in zip(speed.values, hours.values, strict=True):
        assert isinstance(per_second, float) and isinstance(h, float)
        assert h * 3600 * per_second == pytest.approx(10**9)
    # Two cards at the same peak rate train twice as fast as one: half the time.
    assert hours.values[0] == pytest.approx(hours.values[1] / 2)
    assert hours.best == (0,) and speed.best == (0,)


def test_no_job_no_time_row() -> None:
    view = variant_comparison(study(), CATALOG, RATES, runs=None)
    assert not view.has_row("job:0") and view.has_row("speed:0")


def test_a_rental_joins_as_a_column() -> None:
    view = variant_comparison(study(), CATALOG, RATES, rental=RENT, runs=None)
    col = view.columns[-1]
    assert col.kind == RENTAL and col.name == "Cloudy 1x B" and col.index is None
    # 2.00 an hour × 3,650 h = 7,300 a year; nothing to buy; 21,900 after three years.
    assert col.cumulative == pytest.approx((0.0, 7300.0, 14600.0, 21900.0))
    assert view.row("purchase").values[-1] is None
    assert view.row("cost_year").values[-1] == pytest.approx(7300.0)
    assert view.row("total").values[-1] == pytest.approx(21900.0)
    assert view.row("fit:0").verdicts[-1] == "fits"
    # Renting one B for a variant of one B: the like-for-like row.
    assert view.row("rent_total").values[1] == pytest.approx(21900.0)
    assert view.row("rent_total").values[0] is None  # no offer of card A on record


def test_an_unpriced_card_has_no_total() -> None:
    unpriced = replace(CARD_B, prices=())
    s = study()
    s = replace(s, variants=(s.variants[0], Variant("One B", (BuildSlot(unpriced, 1),))))
    view = variant_comparison(s, CATALOG, RATES, runs=None)
    assert view.row("purchase").values[1] is None and view.row("total").values[1] is None
    assert view.columns[1].cumulative == ()
    assert view.row("total").best == ()  # one known value: nothing to choose between


def test_selection_and_circuits() -> None:
    s = Study(variants=tuple(Variant(str(i)) for i in range(6)))
    assert default_selection(s) == (0, 1, 2, 3)
    chosen = variant_comparison(s, CATALOG, RATES, [5, 2], runs=None)
    assert [c.name for c in chosen.columns] == ["5", "2"]
    # The region's circuit, as many as the load takes (issue 29: never another region's).
    assert wall_circuit(1440.0, "120V-15A") == "120V-15A"  # NEC: 80 % of 15 A at 120 V
    assert wall_circuit(1441.0, "120V-15A") == "2×120V-15A"
    assert wall_circuit(1441.0, "220V-10A") == "220V-10A"  # GB 2099: 220 V x 10 A = 2,200 W
    assert wall_circuit(4401.0, "220V-10A") == "3×220V-10A"  # 4,401 / 2,200 = 2.0005 -> 3
    assert wall_circuit(3680.0, "230V-16A") == "230V-16A"  # 230 V x 16 A


def test_the_rental_column_rents_like_for_like_with_the_variant_it_names() -> None:
    # Issue 30: with a 1× offer named, the rental column rented one GPU ($15,658 a year) against
    # a 2-GPU variant the energy panel, `show` and the payback row rented twice ($31,317).
    s = replace(study(), variants=(Variant("One B", (BuildSlot(CARD_B, 1),)),
                                   Variant("Two B", (BuildSlot(CARD_B, 2),))),
                active=1, cost=replace(COST, cloud_instance_id="rent-b"))
    view = variant_comparison(s, CATALOG, RATES, rental=RENT, runs=None)
    col = view.columns[-1]
    # The active variant, Two B: two machines of one B at $2.00, 3,650 h: $14,600 a year.
    assert (col.like_for, col.rental) == (1, ("Cloudy", "1x B", 2, 2))
    assert col.rental_kind == "on-demand"
    assert view.row("cost_year").values[-1] == pytest.approx(14600.0)
    # ... the figure the energy panel (and `show`) gives Two B, and its own payback row.
    ev = energy_view(s.build(1), CATALOG, RATES)
    assert ev.cloud is not None and ev.cloud.rent_per_year == pytest.approx(14600.0)
    assert view.row("rent_total").values[1] == pytest.approx(3 * 14600.0)
    # With One B shown, the column rents one: $7,300 a year.
    one = variant_comparison(s.with_active(0), CATALOG, RATES, rental=RENT, runs=None)
    assert (one.columns[-1].like_for, one.columns[-1].rental) == (0, ("Cloudy", "1x B", 1, 1))
    assert one.row("cost_year").values[-1] == pytest.approx(7300.0)
    # Compared without Two B, the column follows the variants shown: One B.
    only = variant_comparison(s, CATALOG, RATES, [0], rental=RENT, runs=None)
    assert only.columns[-1].like_for == 0


def test_a_rental_no_compared_variant_has_says_it_is_not_like_for_like() -> None:
    s = replace(study(), variants=(Variant("Two A", (BuildSlot(CARD_A, 2),)),))
    view = variant_comparison(s, CATALOG, RATES, rental=RENT, runs=None)
    col = view.columns[-1]
    # No variant has card B: one machine of the offer, and the column says so.
    assert col.like_for is None and col.rental == ("Cloudy", "1x B", 1, 1)
    assert view.row("cost_year").values[-1] == pytest.approx(7300.0)


def test_the_default_rental_column_is_on_demand() -> None:
    bid = replace(RENT, id="bid-b", name="B bid", price_per_hour=0.5, pricing="spot",
                  kind="interruptible", kind_source="hand-made")
    catalog = replace(CATALOG, cloud=(bid, RENT))
    s = replace(study(), variants=(Variant("One B", (BuildSlot(CARD_B, 1),)),))
    assert rental_for(s, catalog, RATES) == RENT
    asked = replace(s, cost=replace(COST, rent_any_kind=True))
    assert rental_for(asked, catalog, RATES) == bid
