"""A price pack's delta on a card's readings: hand-worked cases, round trips and properties."""

from __future__ import annotations

import dataclasses

from hypothesis import given
from hypothesis import strategies as st

from planner.core.costs.price_book import apply_delta, card_delta, price_changes
from planner.core.costs.prices import USER_SOURCE
from planner.core.records.specs import GpuSpec, Price

LAUNCH = Price(1599.0, "USD", "2022-10-12", "msrp", "US", "launch")
SHOP = Price(1899.0, "USD", "2026-10-01", "street", "US", "shop A")
SHOP_NOW = dataclasses.replace(SHOP, amount=1749.0)  # same reading, a new figure
JD = Price(12999.0, "CNY", "2025-11-11", "street", "CN", "JD")
EBAY = Price(1300.0, "USD", "2026-11-20", "used", "US", "eBay sold")
MINE = Price(1500.0, "USD", "2026-02-01", "street", "global", USER_SOURCE)


def _card(prices: tuple[Price, ...]) -> GpuSpec:
    return GpuSpec(id="x", vendor="NVIDIA", name="X", architecture="ada", segment="consumer",
                   form_factor="pcie", memory_gb=24, memory_type="GDDR6X",
                   memory_bandwidth_gbs=1008, tdp_w=450, sources=(), prices=prices)


def test_delta_names_each_reading_added_changed_and_removed() -> None:
    # Now: launch, shop $1,899, JD ¥12,999 (and the user's own $1,500).
    # Pack: launch (same), shop at $1,749 (changed), eBay $1,300 (added); JD is gone (removed).
    delta = card_delta("x", (LAUNCH, SHOP, JD, MINE), (LAUNCH, SHOP_NOW, EBAY))
    assert delta.added == (EBAY,)
    assert delta.changed == ((SHOP, SHOP_NOW),)
    assert delta.removed == (JD,)  # the user's own reading is never the pack's to remove


def test_applying_gives_the_pack_readings_and_keeps_the_users() -> None:
    current = (LAUNCH, SHOP, JD, MINE)
    delta = card_delta("x", current, (LAUNCH, SHOP_NOW, EBAY))
    after = apply_delta(current, delta)
    assert after == (LAUNCH, SHOP_NOW, MINE, EBAY)
    assert apply_delta(after, delta) == after  # a second application changes nothing


def test_the_inverse_restores_the_readings() -> None:
    current = (LAUNCH, SHOP, JD)
    delta = card_delta("x", current, (LAUNCH, SHOP_NOW, EBAY))
    assert apply_delta(apply_delta(current, delta), delta.inverse()) == current


def test_a_pack_equal_to_the_card_changes_nothing() -> None:
    assert card_delta("x", (LAUNCH, SHOP), (SHOP, LAUNCH)).empty


def test_replayed_on_a_newer_release_keeps_the_release_reading() -> None:
    # The release brought a reading the pack never saw, and dropped JD itself.
    delta = card_delta("x", (LAUNCH, SHOP, JD), (LAUNCH, SHOP_NOW, EBAY))
    later = Price(1650.0, "USD", "2026-12-01", "street", "US", "shop B")
    assert apply_delta((LAUNCH, SHOP, later), delta) == (LAUNCH, SHOP_NOW, later, EBAY)


def test_a_release_that_corrected_the_same_reading_keeps_its_figure() -> None:
    # The pack moved the shop's reading from $1,899 to $1,749; the next release says $1,799
    # for that same reading (same shop, kind, currency, date): the release's figure stays, once.
    delta = card_delta("x", (LAUNCH, SHOP), (LAUNCH, SHOP_NOW))
    corrected = dataclasses.replace(SHOP, amount=1799.0)
    assert apply_delta((LAUNCH, corrected), delta) == (LAUNCH, corrected)
    assert apply_delta((LAUNCH, corrected), delta.inverse()) == (LAUNCH, corrected)


def test_default_price_changes_come_from_card_price() -> None:
    # Day 2026-12-01, US dollars, no rates (so only dollar readings count):
    # new: the shop's reading of 2026-10-01 goes from $1,899 to $1,749;
    # used: the eBay reading of 2026-11-20 is $1,300 after; launch MSRP stays $1,599.
    changes = {c.basis: c for c in price_changes(_card((LAUNCH, SHOP)), (LAUNCH, SHOP_NOW, EBAY),
                                                 "USD", None, today="2026-12-01")}
    assert changes["new"].before is not None and changes["new"].before.amount == 1899.0
    assert changes["new"].after is not None and changes["new"].after.amount == 1749.0
    assert changes["used"].after is not None and changes["used"].after.amount == 1300.0
    assert "msrp" not in changes


_readings = st.lists(st.builds(
    Price, amount=st.sampled_from([100.0, 200.0, 300.0]), currency=st.sampled_from(["USD", "CNY"]),
    as_of=st.sampled_from(["2026-01-01", "2026-06-01"]), kind=st.sampled_from(["street", "used"]),
    region=st.just("US"), source=st.sampled_from(["a", "b"])), max_size=6, unique=True)


@given(_readings, _readings)
def test_any_pack_applied_holds_exactly_its_readings_and_undoes(
        current: list[Price], pack: list[Price]) -> None:
    delta = card_delta("x", current, pack)
    after = apply_delta(current, delta)
    assert sorted(map(repr, after)) == sorted(map(repr, pack))
    assert apply_delta(after, delta) == after
    assert sorted(map(repr, apply_delta(after, delta.inverse()))) == sorted(map(repr, current))
