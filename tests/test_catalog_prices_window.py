"""The price a buyer trusts: a median of recent readings, the asked currency first, used ≤ new,
and "no current price" past the freshness window (issue 29, part 1).

Every catalog here is made by hand and every expected figure is worked in the comment beside it.
Rates are CNY per unit (the CFETS form): 7.0 per dollar from 2026-01-05, 7.2 before.
"""

from __future__ import annotations

from dataclasses import replace

from planner.core.costs.money import Rates
from planner.core.costs.prices import build_price, price_of
from planner.core.records.specs import Price

TODAY = "2026-12-03"  # six months (183 days) back is 2026-06-03; twelve (365) is 2025-12-03
RATES = Rates(7.0, 8.0, "2026-01-05", "newest", history=(Rates(7.2, 7.8, "2025-01-10", "older"),))


def usd(amount: float, as_of: str, kind: str = "street", source: str = "") -> Price:
    return Price(amount, "USD", as_of, kind, "US", source or f"{kind} {as_of}")


def cny(amount: float, as_of: str, kind: str = "street") -> Price:
    return Price(amount, "CNY", as_of, kind, "CN", f"JD {as_of}")


def test_one_outlier_never_decides() -> None:
    # Five 2026 used readings of an RTX 3090 and one remark of $500: sorted 500, 600, 700, 800,
    # 900, 1,050 — six readings, median (700 + 800) / 2 = $750. The $500 alone would have won
    # as the newest reading.
    readings = (usd(600, "2026-07-01", "used"), usd(1050, "2026-08-01", "used"),
                usd(800, "2026-09-01", "used"), usd(700, "2026-10-01", "used"),
                usd(900, "2026-10-15", "used"), usd(500, "2026-11-20", "used"))
    picked = price_of(readings, "USD", None, "used", today=TODAY)
    assert picked is not None and picked.amount == 750.0
    assert picked.as_of == "2026-11-20" and len(picked.readings) == 6
    # Raising the outlier to $5,000 moves the median only to the next pair: (800 + 900) / 2.
    wild = (*readings[:-1], usd(5000, "2026-11-20", "used"))
    assert price_of(wild, "USD", None, "used", today=TODAY).amount == 850.0  # type: ignore[union-attr]


def test_the_window_widens_only_as_far_as_needed() -> None:
    recent = (usd(1000, "2026-09-01"), usd(1100, "2026-10-01"), usd(1200, "2026-11-01"))
    older = (usd(2000, "2026-01-10"), usd(2100, "2026-02-10"))
    # Three readings in the last six months: the older two are not consulted. Median $1,100.
    picked = price_of((*older, *recent), "USD", None, "new", today=TODAY)
    assert picked is not None and picked.amount == 1100.0 and len(picked.readings) == 3
    # One reading in six months is too few: widen to twelve, 1,000 / 2,000 / 2,100 → $2,000.
    widened = price_of((*older, recent[0]), "USD", None, "new", today=TODAY)
    assert widened is not None and widened.amount == 2000.0 and widened.as_of == "2026-09-01"
    # A reading older than twelve months never joins: 2025-11-01 is 397 days old.
    assert price_of((usd(9000, "2025-11-01"), recent[0]), "USD", None, "new",
                    today=TODAY).amount == 1000.0  # type: ignore[union-attr]


def test_a_fresh_reading_in_the_asked_currency_wins_over_conversions() -> None:
    dollars = (usd(1800, "2026-10-01"), usd(1900, "2026-11-01"), usd(2000, "2026-11-15"))
    # A yuan build with no yuan reading converts: median $1,900 x 7.0 = ¥13,300.
    converted = price_of(dollars, "CNY", RATES, "new", today=TODAY)
    assert converted is not None and converted.amount == 13300.0
    assert converted.rate_as_of == "2026-01-05" and converted.original.currency == "USD"
    # One fresh JD reading of ¥19,000 wins over three converted dollar readings.
    native = price_of((*dollars, cny(19000, "2026-08-01")), "CNY", RATES, "new", today=TODAY)
    assert native is not None and (native.amount, native.rate_as_of) == (19000.0, "")
    # The dollar build is not moved by the yuan reading: still $1,900.
    assert price_of((*dollars, cny(19000, "2026-08-01")), "USD", RATES, "new",
                    today=TODAY).amount == 1900.0  # type: ignore[union-attr]
    # A yuan reading past the freshness window does not win: 2025-10-01 is 428 days old.
    old_native = price_of((*dollars, cny(19000, "2025-10-01")), "CNY", RATES, "new", today=TODAY)
    assert old_native is not None and old_native.amount == 13300.0


def test_used_is_never_above_new() -> None:
    new = (usd(875, "2026-10-01"), usd(999, "2026-11-01"), usd(950, "2026-11-10"))
    used = (usd(1800, "2026-09-01", "used"),)
    # New: median of 875, 950, 999 = $950. The only used reading, $1,800, is above it: the used
    # price is capped at $950 and says so.
    picked = price_of((*new, *used), "USD", None, "used", today=TODAY)
    assert picked is not None and (picked.amount, picked.basis, picked.capped) == (
        950.0, "used", True)
    # A used price below new stands as it is.
    cheap = price_of((*new, usd(700, "2026-09-01", "used")), "USD", None, "used", today=TODAY)
    assert cheap is not None and (cheap.amount, cheap.capped) == (700.0, False)


def test_past_the_freshness_window_there_is_no_current_price() -> None:
    # A V100 PCIe with only its 2018 list price and a 2020 used reading: nothing of the last
    # twelve months. The card was last seen used at $3,000 in 2020 — said so, not shown as today's.
    v100 = (usd(11458, "2018-03-27", "list"), usd(3000, "2020-06-01", "used"))
    picked = price_of(v100, "USD", None, "new", today=TODAY)
    assert picked is not None and picked.stale and not picked.current
    assert (picked.amount, picked.as_of, picked.basis) == (3000.0, "2020-06-01", "used")
    # The same records on a day in 2020 are current: "today" is the caller's, not the clock's.
    then = price_of(v100, "USD", None, "used", today="2020-07-01")
    assert then is not None and then.current and then.amount == 3000.0


def test_a_total_never_counts_a_stale_price() -> None:
    from tests.gpubuild_samples import RTX_4090

    fresh = replace(RTX_4090, id="fresh", prices=(usd(1800, "2026-11-01"),))
    stale = replace(RTX_4090, id="stale", prices=(usd(11458, "2018-03-27", "list"),))
    # 2 x $1,800 = $3,600; the stale card is counted apart and the total is not complete.
    total = build_price([(fresh, 2, None), (stale, 1, None)], "USD", None, "new", TODAY)
    assert (total.amount, total.priced_gpus, total.stale_gpus, total.gpu_count) == (
        3600.0, 2, 1, 3)
    assert not total.complete
    assert total.cards[1] is not None and total.cards[1].amount == 11458.0


def test_a_launch_price_stands_in_only_before_any_shop_priced_the_card() -> None:
    # Launched in September 2026 at $549, no shop reading yet: the MSRP stands in, labelled.
    launch = usd(549, "2026-09-01", "msrp")
    picked = price_of((launch,), "USD", None, "new", today=TODAY)
    assert picked is not None and (picked.amount, picked.basis, picked.stale) == (
        549.0, "msrp", False) and picked.fallback
    # A shop priced it at $899 in 2024 and nothing since: the card was last seen at $899, and
    # an MSRP record dated this year (a migrated one, say) does not stand in for today's price.
    old_shop = usd(899, "2024-05-01")
    seen = price_of((launch, old_shop), "USD", None, "new", today=TODAY)
    assert seen is not None and (seen.amount, seen.stale) == (899.0, True)
