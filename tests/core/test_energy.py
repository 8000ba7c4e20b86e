import math

import pytest

from planner.core.energy import (
    BreakEven,
    Usage,
    annual_energy,
    co2_kg,
    cumulative_cost,
    flat_tariff,
    heat_btu_per_hour,
    tariff_cost,
)
from planner.core.precision import EstimateError
from planner.core.specs import GpuSpec, Tariff, TariffTier


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
