import math
from dataclasses import replace

import pytest

from planner.core.costs.energy import (
    BreakEven,
    Usage,
    annual_energy,
    co2_kg,
    cumulative_cost,
    flat_tariff,
    heat_btu_per_hour,
    tariff_cost,
)
from planner.core.records.precision import EstimateError
from planner.core.records.specs import GpuSpec, Tariff, TariffTier


def gpu(tdp: float, idle: float | None = None, gid: str = "g") -> GpuSpec:
    return GpuSpec(id=gid, vendor="NVIDIA", name=gid, architecture="ampere", segment="datacenter",
                   form_factor="sxm", memory_gb=80, memory_type="HBM2e",
                   memory_bandwidth_gbs=2000, tdp_w=tdp, sources=("test",), idle_w=idle)


def test_article_a100_vs_h100_is_1095_kwh_not_2000():
    usage = Usage(hours_per_day=10)
    a100 = annual_energy([(gpu(400), 1)], usage)
    h100 = annual_energy([(gpu(700), 1)], usage)
    assert h100.kwh_load_per_year - a100.kwh_load_per_year == pytest.approx(1095.0)
    assert a100.kwh_load_per_year == pytest.approx(400 * 3650 / 1000)


def test_idle_hours_use_idle_power_and_unknown_idle_is_flagged():
    usage = Usage(hours_per_day=8)
    e = annual_energy([(gpu(300, idle=20), 2)], usage)
    assert e.kwh_load_per_year == pytest.approx(2 * 300 * 8 * 365 / 1000)
    assert e.kwh_idle_per_year == pytest.approx(2 * 20 * 16 * 365 / 1000)
    assert e.idle_known
    assert not annual_energy([(gpu(300), 1)], usage).idle_known


def test_host_psu_and_pue_scale_wall_energy():
    base = annual_energy([(gpu(400), 1)], Usage(hours_per_day=10))
    wall = annual_energy([(gpu(400), 1)], Usage(hours_per_day=10, host_watts=100,
                                                psu_efficiency=0.9, pue=1.5))
    assert wall.kwh_load_per_year == pytest.approx(500 * 3650 / 1000 * 1.5 / 0.9)
    assert wall.kwh_load_per_year > base.kwh_load_per_year


def test_tiered_tariff_charges_each_band_and_counts_household_base():
    beijing = Tariff("t", "tiered", "CN", "CNY", (
        TariffTier(2880, 0.4883), TariffTier(4800, 0.5383), TariffTier(None, 0.7883)),
        "2012-07-01", ("test",))
    assert tariff_cost(beijing, 1000) == pytest.approx(488.3)
    expected = 2880 * 0.4883 + 1920 * 0.5383 + 200 * 0.7883
    assert tariff_cost(beijing, 5000) == pytest.approx(expected)
    # With 2,500 kWh of household use already, the GPUs' first 380 kWh are in tier 1.
    marginal = tariff_cost(beijing, 1000, base_kwh=2500)
    assert marginal == pytest.approx(380 * 0.4883 + 620 * 0.5383)


def test_flat_tariff_and_bad_price():
    assert tariff_cost(flat_tariff(0.2, "USD"), 1000) == pytest.approx(200)
    with pytest.raises(EstimateError):
        flat_tariff(-1, "USD")
    with pytest.raises(EstimateError):
        flat_tariff(math.nan, "USD")


@pytest.mark.parametrize("usage", [Usage(hours_per_day=25), Usage(utilization=1.5),
                                   Usage(pue=0.5), Usage(psu_efficiency=0),
                                   Usage(host_watts=-1)])
def test_impossible_usage_is_refused_with_a_sentence(usage):
    with pytest.raises(EstimateError) as err:
        annual_energy([(gpu(300), 1)], usage)
    assert str(err.value).endswith(".")


def test_break_even_carbon_heat_and_cumulative():
    be = BreakEven(purchase=30000, own_cost_per_hour=0.5, rent_cost_per_hour=3.5)
    assert be.hours == pytest.approx(10000)
    assert BreakEven(1000, 2.0, 1.0).hours is None
    assert co2_kg(1000, 537) == pytest.approx(537)
    assert heat_btu_per_hour(1000) == pytest.approx(3412)
    assert cumulative_cost(100, 10, 3) == [100, 110, 120, 130]


def test_idle_hours_at_the_wall_and_a_build_that_is_switched_off():
    # 2 cards idling at 20 W for 24 - 6 = 18 h x 300 days = 5,400 h: 2 x 20 x 5,400 / 1,000 =
    # 216 kWh of DC power; at the wall through a 90 % PSU and a PUE of 1.2: 216 x 1.2 / 0.9 = 288.
    usage = Usage(hours_per_day=6, days_per_year=300, psu_efficiency=0.9, pue=1.2)
    e = annual_energy([(gpu(300, idle=20), 2)], usage)
    assert e.kwh_idle_per_year == pytest.approx(288)
    # at load: 2 x 300 W x 6 h x 300 d = 1,080 kWh, x 1.2 / 0.9 = 1,440 kWh
    assert e.kwh_load_per_year == pytest.approx(1440)
    assert e.kwh_per_year == pytest.approx(1728)
    off = annual_energy([(gpu(300, idle=20), 2)], replace(usage, idle_when_not_running=False))
    assert off.kwh_idle_per_year == 0 and off.kwh_load_per_year == pytest.approx(1440)
    # An unknown idle power counts nothing (and says so), however many such cards.
    unknown = annual_energy([(gpu(300), 3), (gpu(300, idle=20), 1)], Usage(hours_per_day=12))
    assert unknown.kwh_idle_per_year == pytest.approx(20 * 12 * 365 / 1000)
    assert not unknown.idle_known


# One 300 W card (no idle figure) at the defaults — 10 h a day, 365 days, full load, PSU and PUE 1 —
# uses 300 W x 3,650 h = 1,095 kWh; each end of a range, worked by hand:
@pytest.mark.parametrize(("usage", "kwh"), [
    (Usage(hours_per_day=0), 0.0),
    (Usage(hours_per_day=24), 300 * 24 * 365 / 1000),            # 2,628 kWh
    (Usage(days_per_year=0), 0.0),
    (Usage(days_per_year=366), 300 * 10 * 366 / 1000),           # 1,098 kWh
    (Usage(utilization=0), 0.0),
    (Usage(psu_efficiency=1), 1095.0),
    (Usage(pue=1), 1095.0),
    (Usage(pue=5), 5 * 1095.0),                                   # 5,475 kWh
    (Usage(host_watts=0), 1095.0),
    (Usage(base_kwh_per_year=0), 1095.0)])
def test_the_ends_of_each_range_are_allowed(usage, kwh):
    assert annual_energy([(gpu(300), 1)], usage).kwh_per_year == pytest.approx(kwh)


@pytest.mark.parametrize(("usage", "message"), [
    (Usage(hours_per_day=-0.5), "Hours per day must be between 0 and 24 (got -0.5)."),
    (Usage(hours_per_day=24.5), "Hours per day must be between 0 and 24 (got 24.5)."),
    (Usage(days_per_year=-1), "Days per year must be between 0 and 366 (got -1)."),
    (Usage(days_per_year=366.5), "Days per year must be between 0 and 366 (got 366.5)."),
    (Usage(utilization=-0.1), "Utilization must be between 0 and 1 (got -0.1)."),
    (Usage(psu_efficiency=1.5), "PSU efficiency must be above 0 and at most 1 (got 1.5)."),
    (Usage(pue=0.99), "PUE must be between 1 and 5 (got 0.99)."),
    (Usage(pue=5.5), "PUE must be between 1 and 5 (got 5.5)."),
    (Usage(host_watts=-5), "Host power must be 0 W or more (got -5)."),
    (Usage(base_kwh_per_year=-1), "Other household consumption cannot be negative."),
    (Usage(hours_per_day=math.nan), "'hours per day' must be a number."),
    (Usage(host_watts=math.inf), "'host watts' must be a number."),
])
def test_each_impossible_assumption_has_its_own_sentence(usage, message):
    with pytest.raises(EstimateError) as err:
        annual_energy([(gpu(300), 1)], usage)
    assert str(err.value) == message


def test_tier_boundaries_and_free_electricity():
    beijing = Tariff("t", "tiered", "CN", "CNY", (
        TariffTier(2880, 0.4883), TariffTier(4800, 0.5383), TariffTier(None, 0.7883)),
        "2012-07-01", ("test",))
    # Exactly the first tier's 2,880 kWh: 2,880 x 0.4883 = 1,406.304, nothing at tier 2's price.
    assert tariff_cost(beijing, 2880) == pytest.approx(1406.304)
    # Exactly the second tier's end: + 1,920 x 0.5383 = 1,033.536.
    assert tariff_cost(beijing, 4800) == pytest.approx(1406.304 + 1033.536)
    assert tariff_cost(beijing, 0) == 0
    free = flat_tariff(0.0, "EUR")  # a price of 0 is allowed (solar, an employer's power)
    assert tariff_cost(free, 5000) == 0 and free.currency == "EUR"
    with pytest.raises(EstimateError, match=r"Electricity price must be 0 or more per kWh "
                                            r"\(got -0.01\)\."):
        flat_tariff(-0.01, "USD")


def test_break_even_when_owning_costs_as_much_as_renting():
    # No saving per hour: renting is never dearer, so owning never pays off.
    assert BreakEven(1000, 1.5, 1.5).hours is None
    # $2,000 of cards saving $0.25 an hour: 8,000 hours.
    assert BreakEven(2000, 0.25, 0.5).hours == pytest.approx(8000)
    assert cumulative_cost(500, 100, 0) == [500]
