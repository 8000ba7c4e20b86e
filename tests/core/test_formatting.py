"""The one formatter: hand-worked figures in the separators of a few locales."""

from __future__ import annotations

import pytest

from planner.core.costs.formatting import GIB, Formatter, Money, NumberStyle
from planner.core.costs.money import Rates

# CNY per unit, as data/currency.toml states them; the date is what tooltips show.
RATES = Rates(cny_per_usd=7.1, cny_per_eur=7.8, as_of="2025-06-02")
GERMAN = NumberStyle(group=".", decimal=",")
FRENCH = NumberStyle(group="\u202f", decimal=",")  # a narrow no-break space groups digits
NO_GROUPS = NumberStyle(group="", decimal=".")


@pytest.mark.parametrize(("style", "expected"), [
    (NumberStyle(), "1,234,567.9"), (GERMAN, "1.234.567,9"), (FRENCH, "1\u202f234\u202f567,9"),
    (NO_GROUPS, "1234567.9")])
def test_numbers_use_the_locale_separators(style: NumberStyle, expected: str) -> None:
    assert Formatter(style).number(1_234_567.89, 1) == expected


def test_rounding_unknowns_and_negative_zero() -> None:
    f = Formatter()
    assert f.number(2.5) == "2" and f.number(3.5) == "4"  # round half to even, as Python does
    assert f.number(None) == "—" and f.number(float("nan")) == "—"
    assert f.number(-0.04, 1) == "0.0"  # not "-0.0"
    assert f.number(-1234.0) == "-1,234"
    assert f.percent(0.15) == "15 %" and f.percent(None) == "—"


def test_memory_is_gib_everywhere() -> None:
    f = Formatter()
    assert f.memory(24 * GIB, None) == "24 GiB"  # a 24 GB card holds 24 × 2^30 bytes
    assert f.memory(48 * GIB, None) == "48 GiB"
    assert f.memory(int(22.4 * GIB)) == "22.4 GiB"
    assert f.memory(1_500_000_000) == "1.4 GiB"  # 1.5e9 / 1,073,741,824 = 1.397
    assert f.memory(1_500_000_000, 2) == "1.40 GiB"
    assert f.capacity(24) == "24 GiB" and f.capacity(80) == "80 GiB"
    assert f.capacity(None) == "—" and f.memory(None) == "—"
    assert f.signed_memory(1.5 * GIB) == "+1.5 GiB"
    assert f.signed_memory(-3.25 * GIB) == "−3.2 GiB"  # 3.25 rounds half to even
    assert Formatter(GERMAN).memory(1234.5 * GIB) == "1.234,5 GiB"


def test_power_energy_carbon() -> None:
    f = Formatter()
    assert f.power(1350) == "1,350 W" and f.power(None) == "—"
    assert f.energy(8030.4) == "8,030 kWh"
    assert f.mass_co2(1204.6) == "1,205 kg CO₂"


def test_money_in_the_builds_currency_at_the_dated_rate() -> None:
    cny = Formatter(currency="CNY", rates=RATES)
    price = cny.convert(1000, "USD")
    # 1,000 USD × 7.1 CNY/USD = 7,100 CNY
    assert price == Money(pytest.approx(7100.0), "CNY", "2025-06-02")  # type: ignore[arg-type]
    assert price is not None and price.converted
    assert cny.money(price) == "¥7,100"
    assert cny.price(1000) == "¥7,100"
    # 1,000 USD × 7.1 / 7.8 CNY/EUR = 910.26 EUR
    assert Formatter(currency="EUR", rates=RATES).price(1000) == "€910"
    # a price recorded in EUR shown in USD: 100 EUR × 7.8 / 7.1 = 109.86 USD
    assert Formatter(currency="USD", rates=RATES).price(100, "EUR") == "$110"
    assert cny.rate_date == "2025-06-02"


def test_money_without_conversion_keeps_its_own_currency() -> None:
    usd = Formatter(currency="USD", rates=RATES).convert(1599, "USD")
    assert usd == Money(1599, "USD") and not usd.converted
    # No rates: a dollar price stays in dollars rather than under the yuan sign.
    assert Formatter(currency="CNY").price(1599) == "$1,599"


def test_money_rounding_and_symbols() -> None:
    f = Formatter()
    assert f.money(1599) == "$1,599" and f.money(99.5) == "$99.50" and f.money(0.35) == "$0.35"
    assert f.money(None) == "—" and f.money(float("inf")) == "—"
    assert f.money(-250) == "-$250"
    assert Formatter(GERMAN, "EUR").money(22938.4) == "€22.938"
    assert f.money(12, "GBP") == "GBP 12.00"  # no symbol known: the code


def test_unknown_and_zero_edges() -> None:
    f = Formatter(currency="CNY", rates=RATES)
    assert f.convert(None) is None and f.convert(float("nan")) is None
    assert f.energy(None) == "—" and f.mass_co2(None) == "—" and f.percent(None) == "—"
    # Zero headroom is "+0.0 GiB" (nothing short); a byte short is "−0.0 GiB".
    assert f.signed_memory(0) == "+0.0 GiB" and f.signed_memory(-1) == "−0.0 GiB"
    assert f.signed_memory(None) == "—"
    # Rates without a date still say the amount was converted: "?" stands for the date.
    undated = Formatter(currency="CNY", rates=Rates(cny_per_usd=7.1, cny_per_eur=7.8))
    assert undated.convert(10) == Money(pytest.approx(71.0), "CNY", "?")  # type: ignore[arg-type]


def test_decimals_are_honoured() -> None:
    f = Formatter()
    assert f.percent(0.1234, 1) == "12.3 %" and f.percent(0.125) == "12 %"  # half to even
    assert f.signed_memory(1.25 * GIB, 2) == "+1.25 GiB"
    assert f.signed_memory(-1.256 * GIB, 0) == "−1 GiB"
    assert f.memory(1.5 * GIB, None) == "1.5 GiB"  # not whole: one decimal
    assert f.memory(1.55 * GIB, None) == "1.6 GiB"
    assert f.capacity(12.5) == "12.5 GiB"


def test_money_drops_cents_from_a_hundred_up() -> None:
    f = Formatter()
    assert f.money(100) == "$100" and f.money(99.99) == "$99.99" and f.money(-100) == "-$100"
    assert f.money(0) == "$0.00" and f.money(-0.001) == "$0.00"  # no sign on a rounded zero
