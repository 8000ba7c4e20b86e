"""The command line words a price with no current reading as the app does (issue 29).

A card whose newest reading is older than a year has no current price: ``recommend`` and
``show`` print "no current price — last seen $X, YEAR" and never count it in a total.
"""

from __future__ import annotations

from planner.cli.show import unit_price_json
from planner.cli.text import formatter, recommend_lines
from planner.core.costs.prices import price_of
from planner.core.records.specs import Price

LIST_2018 = Price(900.0, "USD", "2018-03-01", "list", "US", "a 2018 list")


def test_recommend_says_a_stale_row_has_no_current_price() -> None:
    picked = price_of((LIST_2018,), "USD", None, "new", today="2026-12-07")
    assert picked is not None and picked.stale
    row = {"count": 1, "name": "Old Card", "price": None, "unit_price": unit_price_json(picked),
           "tdp_w": 250.0, "worst_headroom": 0.5, "strategies": ["ddp"]}
    (line,) = recommend_lines([row], [], formatter("USD"))
    assert "no current price — last seen $900, 2018" in line


def test_show_json_marks_a_stale_price_and_counts_its_readings() -> None:
    fresh = (Price(1000.0, "USD", "2026-11-01", "street", "US", "a"),
             Price(1100.0, "USD", "2026-10-01", "street", "US", "b"),
             Price(5000.0, "USD", "2026-09-01", "street", "US", "c"))
    # Three readings of the last six months: median $1,100, however far off the $5,000 is.
    shown = unit_price_json(price_of(fresh, "USD", None, "new", today="2026-12-07"))
    assert shown is not None
    assert (shown["amount"], shown["readings"], shown["stale"], shown["current"]) == (
        1100.0, 3, False, True)
    old = unit_price_json(price_of((LIST_2018,), "USD", None, "new", today="2026-12-07"))
    assert old is not None and (old["amount"], old["stale"], old["current"]) == (900.0, True, False)
