"""A card opened with only the price records ``card_price`` can use prices exactly as with all.

The catalog opens a lab card with its hundred dated quotes pruned by
:func:`planner.core.costs.prices.choosable` (docs/team.md). The worked example lists by hand which
records survive; the property test then holds every price the app can ask for — every currency
(converted and not), basis, slot basis and day on or after the newest reading — to the price
picked from the full list.
"""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from planner.core.costs.money import Rates
from planner.core.costs.prices import BASES, SlotPrice, choosable, price_of
from planner.core.records.specs import Price

RATES = Rates(7.0, 8.0, "2026-01-05", "newest",
              history=(Rates(7.2, 7.8, "2025-01-10", "older"),))


def test_worked_example_keeps_the_readings_of_the_last_year_per_basis_and_currency() -> None:
    # Three years of monthly quotes, 2024-01-01 to 2026-12-01: a figure is the median of readings
    # at most 365 days old on a day no earlier than the newest, so only those dated on or after
    # 2025-12-01 (2026-12-01 less 365 days) can ever count: the 13 of 2025-12 to 2026-12.
    quotes = [Price(1000.0 + q, "USD", f"{2024 + q // 12}-{1 + q % 12:02d}-01", "street", "US",
                    f"q{q}") for q in range(36)]
    same_day_list = Price(999.0, "USD", "2026-12-01", "list", "US", "catalog")
    old_used = Price(700.0, "USD", "2024-11-01", "used", "US", "eBay")  # 457 days before new_used
    new_used = Price(650.0, "USD", "2026-02-01", "used", "US", "eBay")
    euro = Price(950.0, "EUR", "2026-03-01", "street", "DE", "shop")
    msrp = Price(1599.0, "USD", "2022-10-12", "msrp", "US", "NVIDIA")  # the only launch price
    quote = Price(1.0, "USD", "2026-12-02", "quote", "US", "typed")  # a slot's, never catalog's
    free = Price(0.0, "USD", "2026-12-03", "street", "US", "giveaway")  # not usable
    prices = (*quotes, same_day_list, old_used, new_used, euro, msrp, quote, free)
    assert choosable(prices) == (*quotes[23:], same_day_list, new_used, euro, msrp)
    # And they price as all do, e.g. new in dollars on 2026-12-03: the six months (183 days)
    # from 2026-06-03 hold q30..q35 (2026-07-01..12-01, $1,030..$1,035) and the list price
    # ($999): seven readings, the 4th by amount is $1,032.
    picked = price_of(choosable(prices), "USD", None, "new", None, "2026-12-03")
    assert picked is not None and picked.amount == 1032.0 and len(picked.readings) == 7


def test_a_card_with_few_records_keeps_them_all() -> None:
    prices = (Price(1599.0, "USD", "2022-10-12", "msrp", "US", "NVIDIA"),
              Price(1799.0, "USD", "2026-01-01", "street", "US", "shop"),
              Price(12999.0, "CNY", "2026-02-01", "street", "CN", "JD.com"))
    assert choosable(prices) == prices


_price = st.builds(
    Price,
    amount=st.sampled_from([0.0, -5.0, math.nan, 100.0, 250.0, 999.0]),
    currency=st.sampled_from(["USD", "EUR", "CNY"]),
    as_of=st.sampled_from(["2024-06-01", "2025-12-01", "2025-12-03", "2026-06-01", "2026-12-01"]),
    kind=st.sampled_from(["street", "list", "estimate", "used", "msrp", "quote", "rumour"]),
    region=st.just("US"),
    source=st.sampled_from(["a", "b", "c"]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_price, max_size=14))
def test_pruned_records_price_every_request_as_all_records_do(prices: list[Price]) -> None:
    kept = choosable(prices)
    assert set(kept) <= set(prices)
    # Any day on or after the newest reading drawn (2026-12-01): the catalog's case.
    for today in ("2026-12-01", "2026-12-03", "2027-06-01", "2027-12-20"):
        for currency in (None, "USD", "EUR", "CNY"):
            for rates in (None, RATES):
                for basis in BASES:
                    for slot in (None, SlotPrice(basis="used"), SlotPrice(basis="msrp")):
                        full = price_of(prices, currency, rates, basis, slot, today)
                        pruned = price_of(kept, currency, rates, basis, slot, today)
                        assert full == pruned, (currency, rates, basis, slot, today)
