"""The wall-circuit advice follows the build's region (issue 29): China 220 V, EU 230 V, US 120 V.

Limits by hand: a 120 V / 15 A circuit carries 80 % of 1,800 W = 1,440 W (NEC 210.19/210.20); a
Chinese 220 V / 10 A outlet 2,200 W (GB 2099); a European 230 V / 16 A circuit 3,680 W. An RTX 4090
draws 450 W and the host 200 W, so n cards draw 450 n + 200 W.
"""

from __future__ import annotations

from dataclasses import replace

from planner.core.plan.build import Build, CostSettings
from planner.core.plan.physics import circuit_for, summarize, tariff_region
from planner.core.plan.study import Study, Variant
from planner.core.records.specs import Catalog

BEIJING = CostSettings(currency="CNY", tariff_id="cn-beijing-residential", price_per_kwh=None)
US = CostSettings(currency="USD", tariff_id=None, price_per_kwh=0.15)


def _build(catalog: Catalog, count: int, cost: CostSettings) -> Build:
    gpu = catalog.gpu("nvidia-rtx-4090")
    assert gpu is not None
    return replace(Build().with_gpu_added(gpu, count), cost=cost)


def _circuit_warning(build: Build):  # type: ignore[no-untyped-def]
    return next((w for w in summarize(build).warnings if w.code == "circuit"), None)


def test_a_beijing_build_is_advised_about_220_volts(real_catalog: Catalog) -> None:
    # 5 x 450 + 200 = 2,450 W > 2,200 W: one Chinese 220 V / 10 A outlet does not carry it.
    warning = _circuit_warning(_build(real_catalog, 5, BEIJING))
    assert warning is not None
    assert warning.params == {"watts": "2450", "circuit": "220V-10A"}
    assert "220 V / 10 A" in warning.message and "2,200 W" in warning.message
    assert "120" not in warning.message


def test_four_4090s_fit_a_chinese_outlet_but_not_a_us_circuit(real_catalog: Catalog) -> None:
    # 4 x 450 + 200 = 2,000 W: over the US 1,440 W, under the Chinese 2,200 W.
    assert _circuit_warning(_build(real_catalog, 4, BEIJING)) is None
    us = _circuit_warning(_build(real_catalog, 4, US))
    assert us is not None and us.params["circuit"] == "120V-15A"
    assert "120 V / 15 A" in us.message and "1,440 W" in us.message


def test_a_cny_build_of_two_4090s_shows_a_220_volt_circuit(real_catalog: Catalog) -> None:
    # The "done when": 2 x 450 + 200 = 1,100 W on one 220 V / 10 A outlet, and the
    # comparison's row names the same circuit the warnings are checked against.
    from planner.core.costs.money import Rates
    from planner.core.views.variants import variant_comparison

    build = _build(real_catalog, 2, BEIJING)
    assert summarize(build).circuit == "220V-10A"
    study = Study(variants=(Variant("Two 4090", build.slots),), cost=BEIJING)
    view = variant_comparison(study, real_catalog, Rates(7.0, 8.0, "2026-05-01"), runs=None)
    assert view.row("circuit").values == ("220V-10A",)
    five = Study(variants=(Variant("Five", _build(real_catalog, 5, BEIJING).slots),),
                 cost=BEIJING)
    # 2,450 W / 2,200 W = 1.11 -> two outlets, never "a 230 V circuit" of another region.
    assert variant_comparison(five, real_catalog, Rates(7.0, 8.0, "2026-05-01"), runs=None).row(
        "circuit").values == ("2×220V-10A",)


def test_the_tariff_decides_then_the_currency() -> None:
    assert circuit_for(BEIJING) == "220V-10A"
    assert circuit_for(US) == "120V-15A"
    assert circuit_for(CostSettings(currency="EUR", tariff_id=None)) == "230V-16A"
    # Electricity bought in California is on US mains whatever the build is costed in.
    assert circuit_for(CostSettings(currency="CNY", tariff_id="us-ca-commercial")) == "120V-15A"
    assert circuit_for(CostSettings(currency="USD", tariff_id="de-residential")) == "230V-16A"
    # A user's own tariff names no country: the currency decides.
    assert tariff_region("my-office") is None
    assert circuit_for(CostSettings(currency="CNY", tariff_id="my-office")) == "220V-10A"


def test_every_bundled_tariff_names_the_region_its_table_says(real_catalog: Catalog) -> None:
    # The tariff table's own region text and the circuit advice cannot disagree: each bundled
    # tariff's id names a mains region, and that region is the one its region column says.
    for tariff in real_catalog.tariffs:
        region = tariff_region(tariff.id)
        text = tariff.region
        expected = ("CN" if "China" in text else
                    "US" if ("USA" in text or "United States" in text) else "EU")
        assert region == expected, (tariff.id, text)


def test_a_yuan_price_list_rents_to_a_yuan_build_only(real_catalog) -> None:
    """AutoDL rents to Chinese accounts in yuan: a CNY 2× RTX 4090 build rents it like for like
    (2 × ¥3.00 an hour), a USD build of the same cards never does."""
    from planner.core.costs.money import Rates
    from planner.core.costs.rental import rental_offer

    rtx = real_catalog.gpu("nvidia-rtx-4090")
    rates = Rates(cny_per_usd=7.1, cny_per_eur=7.8)
    cny = rental_offer([(rtx, 2)], real_catalog.cloud, rates, "CNY", 3650.0)
    assert cny is not None and cny.instance.currency == "CNY" and cny.gpus == 2
    assert cny.per_hour == 2 * cny.instance.price_per_hour  # no conversion: the list's own yuan
    usd = rental_offer([(rtx, 2)], real_catalog.cloud, rates, "USD", 3650.0)
    assert usd is not None and usd.instance.currency == "USD"
