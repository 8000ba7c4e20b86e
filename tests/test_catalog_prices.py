"""Which price a card costs: the recent figure of the build's basis, fallbacks, dated conversion.

Expected amounts are worked by hand from the records in each test (rates as CNY per unit, the way
the CFETS central parity is published). Prices are aged on TODAY = 2026-12-03 (the day these
tests were written), so "within 12 months" means on or after 2025-12-03 and "within six months"
(183 days) on or after 2026-06-03. The median over a window and the stale state have their own
worked cases in ``test_catalog_prices_window.py``.
"""

from __future__ import annotations

from planner.core.costs.money import Rates
from planner.core.costs.prices import (
    PRICE_KINDS,
    SlotPrice,
    price_of,
    user_price,
    with_user_price,
)
from planner.core.records.specs import Price

TODAY = "2026-12-03"
MSRP = Price(1599.0, "USD", "2022-10-12", "msrp", "US", "NVIDIA")
STREET_OLD = Price(1899.0, "USD", "2025-03-01", "street", "US", "shop A")
STREET_NEW = Price(1799.0, "USD", "2026-01-01", "street", "US", "shop B")
JD = Price(12999.0, "CNY", "2026-02-01", "street", "CN", "JD.com")
USED = Price(1200.0, "USD", "2026-05-01", "used", "US", "eBay sold listings")
RATES = Rates(7.0, 8.0, "2026-01-05", "newest",
              history=(Rates(7.2, 7.8, "2025-01-10", "older"), Rates(6.9, 7.3, "2022-09-01", "x")))


def pick(prices, basis, currency, rates=None, slot=None):  # type: ignore[no-untyped-def]
    return price_of(prices, currency, rates, basis, slot, TODAY)


def test_the_fresh_readings_of_the_basis_whatever_their_kind() -> None:
    picked = pick((MSRP, STREET_OLD, STREET_NEW), "new", "USD")
    assert picked is not None
    assert (picked.amount, picked.kind, picked.as_of, picked.source) == (
        1799.0, "street", "2026-01-01", "shop B")
    assert picked.preferred and picked.basis == "new" and not picked.stale
    assert picked.age_days == 336  # 2026-01-01 to 2026-12-03
    msrp = pick((MSRP, STREET_NEW), "msrp", "USD")
    # A launch MSRP is a fixed historical fact: never "no current price", however old.
    assert msrp is not None and msrp.amount == 1599.0 and msrp.preferred and not msrp.stale
    # An estimate of 2023 is no current price next to a 2026 retail one; two readings of the
    # last twelve months (none in the last six) count alike: their median is their mean,
    # (2,100 + 1,799) / 2 = 1,949.50.
    old_guess = Price(33600.0, "USD", "2023-05-01", "estimate", "US", "press")
    new_guess = Price(2100.0, "USD", "2026-06-01", "estimate", "US", "press")
    assert pick((old_guess, STREET_NEW), "new", "USD").source == "shop B"  # type: ignore[union-attr]
    assert pick((new_guess, STREET_NEW), "new", "USD").amount == 1949.5  # type: ignore[union-attr]


def test_a_card_no_longer_sold_new_costs_its_used_price_and_says_so() -> None:
    # The newest new price is STREET_OLD (2025-03-01), 21 months old: the used one stands in.
    picked = pick((MSRP, STREET_OLD, USED), "new", "USD")
    assert picked is not None and (picked.amount, picked.basis, picked.wanted) == (
        1200.0, "used", "new")
    assert picked.fallback and not picked.preferred
    # Without a used price there is no current price: the 2025 street price is only "last seen".
    stale = pick((MSRP, STREET_OLD), "new", "USD")
    assert stale is not None and stale.amount == 1899.0 and stale.stale and stale.preferred
    assert not stale.current
    # Only a 2022 launch price: it is what the card was last seen at, not today's new price.
    launch = pick((MSRP,), "new", "USD")
    assert launch is not None and (launch.basis, launch.amount, launch.stale) == (
        "msrp", 1599.0, True)
    assert pick((), "new", "USD") is None


def test_used_and_msrp_bases_fall_back_to_new() -> None:
    assert pick((STREET_NEW, USED), "used", "USD").amount == 1200.0  # type: ignore[union-attr]
    fallback = pick((STREET_NEW, MSRP), "used", "USD")
    assert fallback is not None and fallback.amount == 1799.0 and fallback.fallback
    assert pick((STREET_NEW,), "msrp", "USD").basis == "new"  # type: ignore[union-attr]


def test_a_slot_may_be_bought_used_or_carry_a_quote() -> None:
    used = pick((STREET_NEW, USED), "new", "USD", slot=SlotPrice(basis="used"))
    assert used is not None and used.amount == 1200.0 and used.preferred
    quote = Price(11800.0, "CNY", "2026-11-20", "quote", "global", "Vendor X")
    quoted = pick((STREET_NEW, USED), "new", "USD", RATES, SlotPrice(quote=quote))
    # ¥11,800 at the newest reading (2026-01-05, 7.0): $1,685.71; a quote is its own basis.
    assert quoted is not None and round(quoted.amount, 2) == 1685.71
    assert (quoted.basis, quoted.kind, quoted.source, quoted.as_of) == (
        "quote", "quote", "Vendor X", "2026-11-20")
    assert quoted.preferred


def test_converted_at_the_rate_of_the_price_date() -> None:
    # JD.com 2026-02-01: the newest rate (2026-01-05, 7.0 CNY/USD) is in force: 12999 / 7.0
    picked = pick((JD,), "new", "USD", RATES)
    assert picked is not None
    assert round(picked.amount, 2) == round(12999.0 / 7.0, 2) and picked.rate_as_of == "2026-01-05"
    # The 2022 MSRP in CNY: the 2022-09-01 reading (6.9) is in force on 2022-10-12: 1599 * 6.9
    old = pick((MSRP,), "msrp", "CNY", RATES)
    assert old is not None and round(old.amount, 2) == round(1599.0 * 6.9, 2)
    assert old.rate_as_of == "2022-09-01" and old.original == MSRP
    # A 2025-03-01 price: the 2025-01-10 reading (7.2 CNY/USD, 7.8 CNY/EUR): USD -> EUR
    eur = pick((STREET_OLD,), "new", "EUR", RATES)
    assert eur is not None and round(eur.amount, 4) == round(1899.0 * 7.2 / 7.8, 4)


def test_a_fresh_reading_in_the_asked_currency_wins_over_a_conversion() -> None:
    prices = (STREET_NEW, JD)  # both of the last twelve months
    # Without rates a dollar build can use dollar records only.
    assert pick(prices, "new", "USD").source == "shop B"  # type: ignore[union-attr]
    # With rates each market still shows its own reading, although JD's is newer.
    assert pick(prices, "new", "USD", RATES).source == "shop B"  # type: ignore[union-attr]
    assert pick(prices, "new", "CNY", RATES).amount == 12999.0  # type: ignore[union-attr]
    # In euros neither is native: the median (here the mean) of both converted at their own
    # dates: shop B's $1,799 of 2026-01-01 at the 2025-01-10 reading, 1,799 x 7.2 / 7.8 =
    # €1,660.6154; JD's ¥12,999 of 2026-02-01 at 2026-01-05's 8.0, €1,624.875. Mean: €1,642.745.
    in_eur = pick(prices, "new", "EUR", RATES)
    assert in_eur is not None and round(in_eur.amount, 3) == 1642.745
    assert in_eur.rate_dates == ("2026-01-05", "2025-01-10") and len(in_eur.readings) == 2


def test_a_date_before_every_reading_uses_the_oldest() -> None:
    early = Price(100.0, "USD", "2020-01-01", "msrp", "US", "x")
    assert pick((early,), "msrp", "CNY", RATES).rate_as_of == "2022-09-01"  # type: ignore[union-attr]


def test_the_users_own_price() -> None:
    mine = with_user_price((MSRP,), 1450.0, today="2026-12-03")
    assert mine[0] == MSRP and mine[1].amount == 1450.0 and mine[1].as_of == "2026-12-03"
    assert user_price(mine) == mine[1]
    assert with_user_price(mine, 1450.0, today="2027-01-01") == mine  # unchanged keeps its date
    assert with_user_price(mine, None) == (MSRP,)
    assert set(PRICE_KINDS) == {"msrp", "list", "street", "estimate", "used"}


def test_on_one_date_a_price_stated_in_the_asked_currency_wins() -> None:
    # NVIDIA set both on 2025-01-30: $1,999 in the US (before sales tax), ¥16,499 in China
    # (with 13 % VAT). Converting either misstates the other market: ¥16,499 / 7.0 = $2,357.
    us = Price(1999.0, "USD", "2025-01-30", "msrp", "US", "NVIDIA US")
    cn = Price(16499.0, "CNY", "2025-01-30", "msrp", "CN", "NVIDIA China")
    for order in ((us, cn), (cn, us)):
        in_cny = pick(order, "msrp", "CNY", RATES)
        in_usd = pick(order, "msrp", "USD", RATES)
        assert in_cny is not None and (in_cny.amount, in_cny.rate_as_of) == (16499.0, "")
        assert in_usd is not None and (in_usd.amount, in_usd.rate_as_of) == (1999.0, "")
    # In euros neither is native: the first of equal dates is converted at the
    # rate in force on 2025-01-30, the 2025-01-10 reading: $1,999 × 7.2 / 7.8 = €1,845.23.
    in_eur = pick((us, cn), "msrp", "EUR", RATES)
    assert in_eur is not None and round(in_eur.amount, 2) == 1845.23
    assert in_eur.rate_as_of == "2025-01-10"


def test_a_builds_price_is_the_sum_of_its_cards_as_they_show() -> None:
    from dataclasses import replace

    from planner.core.costs.prices import build_price
    from tests.gpubuild_samples import RTX_4090

    card_a = replace(RTX_4090, id="a", prices=(STREET_NEW, JD))
    card_b = replace(RTX_4090, id="b", prices=(MSRP,))
    unpriced = replace(RTX_4090, id="c", prices=())
    # In yuan: card A at JD's ¥12,999 (the fresh yuan reading); card B has only its 2022 launch
    # price, no current new price: shown as last seen, never summed. 2 × 12,999 = ¥25,998; the
    # stale card and the unpriced one are counted apart.
    total = build_price([(card_a, 2, None), (card_b, 1, None), (unpriced, 1, None)], "CNY",
                        RATES, "new", TODAY)
    assert round(total.amount or 0, 2) == 25998.0
    assert (total.priced_gpus, total.gpu_count, total.stale_gpus, total.rate_dates) == (
        2, 4, 1, ())
    assert total.cards[1] is not None and total.cards[1].stale and not total.complete
    # Without rates only records stated in the asked currency count: card A's $1,799 street.
    dollars = build_price([(card_a, 2, None), (card_b, 1, None)], "USD", None, "new", TODAY)
    assert (dollars.amount, dollars.priced_gpus, dollars.stale_gpus) == (2 * 1799.0, 2, 1)
    # On the launch-MSRP basis the 2022 price is the answer asked for, and counts:
    # 2 × $1,799 (card A has no MSRP: its new price stands in) + $1,599 = $5,197.
    launch = build_price([(card_a, 2, None), (card_b, 1, None)], "USD", None, "msrp", TODAY)
    assert (launch.amount, launch.priced_gpus, launch.stale_gpus) == (5197.0, 3, 0)
    assert build_price([(unpriced, 2, None)], "USD", RATES).amount is None


def test_the_users_price_is_a_dated_street_price_and_the_newest_counts() -> None:
    from dataclasses import replace

    from planner.core.costs.prices import USER_SOURCE

    mine = with_user_price((MSRP,), 1450.0, today="2026-12-03")[1]
    assert (mine.currency, mine.kind, mine.region, mine.source) == (
        "USD", "street", "global", USER_SOURCE)
    assert isinstance(mine.amount, float)
    older = replace(mine, amount=1500.0, as_of="2026-01-01")
    assert user_price((mine, older)) == mine and user_price((older, mine)) == mine
    assert user_price((MSRP, STREET_NEW)) is None  # nobody typed a price
    # A typed price in another currency is not the user's dollar price.
    assert user_price((replace(mine, currency="EUR"),)) is None
    # Without a date given it is dated the day prices are aged on (an ISO date).
    from planner.core.costs import prices

    assert with_user_price((), 999.0)[0].as_of == prices.today_iso()


def test_an_unpriced_card_first_does_not_hide_the_priced_ones() -> None:
    from dataclasses import replace

    from planner.core.costs.prices import build_price
    from tests.gpubuild_samples import RTX_4090

    unpriced = replace(RTX_4090, id="c", prices=())
    card = replace(RTX_4090, id="a", prices=(MSRP,))
    total = build_price([(unpriced, 2, None), (card, 3, None)], "USD", None, "msrp")
    # 3 x $1,599 = $4,797 for the three priced cards of five.
    assert (total.amount, total.currency, total.priced_gpus, total.gpu_count) == (
        4797.0, "USD", 3, 5)
    # A price that could not be had in euros (no rates) leaves the card unpriced.
    eur = build_price([(card, 1, None)], "EUR", None, "msrp")
    assert (eur.amount, eur.currency, eur.priced_gpus) == (None, "EUR", 0)
