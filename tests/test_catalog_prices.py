"""Which price a card costs: newest of the preferred kind, sensible fallbacks, dated conversion.

Expected amounts are worked by hand from the records in each test (rates as CNY per unit, the way
the CFETS central parity is published).
"""

from __future__ import annotations

from planner.core.money import Rates
from planner.core.prices import PRICE_KINDS, pick_price, user_price, with_user_price
from planner.core.specs import Price

MSRP = Price(1599.0, "USD", "2022-10-12", "msrp", "US", "NVIDIA")
STREET_OLD = Price(1899.0, "USD", "2025-03-01", "street", "US", "shop A")
STREET_NEW = Price(1799.0, "USD", "2026-01-01", "street", "US", "shop B")
JD = Price(12999.0, "CNY", "2026-02-01", "street", "CN", "JD.com")
USED = Price(1200.0, "USD", "2026-05-01", "used", "US", "eBay sold listings")
RATES = Rates(7.0, 8.0, "2026-01-05", "newest",
              history=(Rates(7.2, 7.8, "2025-01-10", "older"), Rates(6.9, 7.3, "2022-09-01", "x")))


def test_newest_of_the_preferred_kind() -> None:
    picked = pick_price((MSRP, STREET_OLD, STREET_NEW), "street", "USD")
    assert picked is not None
    assert (picked.amount, picked.kind, picked.as_of, picked.source) == (
        1799.0, "street", "2026-01-01", "shop B")
    assert picked.preferred
    msrp = pick_price((MSRP, STREET_NEW), "msrp", "USD")
    assert msrp is not None and msrp.amount == 1599.0 and msrp.preferred


def test_falls_back_and_says_so() -> None:
    # no list price: list -> msrp
    picked = pick_price((MSRP, STREET_NEW), "list", "USD")
    assert picked is not None and picked.kind == "msrp" and not picked.preferred
    # a used price is the last resort for a new card
    picked = pick_price((USED, MSRP), "street", "USD")
    assert picked is not None and picked.kind == "msrp"
    assert pick_price((USED,), "street", "USD").kind == "used"  # type: ignore[union-attr]
    assert pick_price((), "street", "USD") is None


def test_converted_at_the_rate_of_the_price_date() -> None:
    # JD.com 2026-02-01: the newest rate (2026-01-05, 7.0 CNY/USD) is in force: 12999 / 7.0
    picked = pick_price((JD,), "street", "USD", RATES)
    assert picked is not None
    assert round(picked.amount, 2) == round(12999.0 / 7.0, 2) and picked.rate_as_of == "2026-01-05"
    # The 2022 MSRP in CNY: the 2022-09-01 reading (6.9) is in force on 2022-10-12: 1599 * 6.9
    old = pick_price((MSRP,), "msrp", "CNY", RATES)
    assert old is not None and round(old.amount, 2) == round(1599.0 * 6.9, 2)
    assert old.rate_as_of == "2022-09-01" and old.original == MSRP
    # A 2025-03-01 price: the 2025-01-10 reading (7.2 CNY/USD, 7.8 CNY/EUR): USD -> EUR
    eur = pick_price((STREET_OLD,), "street", "EUR", RATES)
    assert eur is not None and round(eur.amount, 4) == round(1899.0 * 7.2 / 7.8, 4)


def test_newest_street_price_in_another_currency_wins_when_it_can_be_converted() -> None:
    prices = (STREET_NEW, JD)  # JD (2026-02-01) is newer than shop B (2026-01-01)
    assert pick_price(prices, "street", "USD").source == "shop B"  # type: ignore[union-attr]
    assert pick_price(prices, "street", "USD", RATES).source == "JD.com"  # type: ignore[union-attr]


def test_a_date_before_every_reading_uses_the_oldest() -> None:
    early = Price(100.0, "USD", "2020-01-01", "msrp", "US", "x")
    assert pick_price((early,), "msrp", "CNY", RATES).rate_as_of == "2022-09-01"  # type: ignore[union-attr]


def test_the_users_own_price() -> None:
    mine = with_user_price((MSRP,), 1450.0, today="2026-12-03")
    assert mine[0] == MSRP and mine[1].amount == 1450.0 and mine[1].as_of == "2026-12-03"
    assert user_price(mine) == mine[1]
    assert with_user_price(mine, 1450.0, today="2027-01-01") == mine  # unchanged keeps its date
    assert with_user_price(mine, None) == (MSRP,)
    assert set(PRICE_KINDS) == {"msrp", "list", "street", "estimate", "used"}
