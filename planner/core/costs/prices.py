"""What a card costs a buyer: one price per card and per build, for every surface of the app.

A card carries dated price records of several kinds (see
:class:`~planner.core.records.specs.Price`): the vendor's launch MSRP, a list price, what a retailer
charged on a day, a press estimate, a used price. A buyer does not think in kinds but in a *basis*:
a **new** card (what a shop charges now: street, list and estimate records), a **used** one, or the
**launch MSRP**. :func:`card_price` is the one place that chooses: within a basis the newest record
wins (an old estimate never beats a newer retail price), and a card with no new reading in the last
twelve months — no longer sold new — costs its newest used price, labelled so. A slot of a build may
override the basis ("bought used") or carry a typed quote (:class:`SlotPrice`), which then is the
card's price. Everything is converted to the build's currency at the rate in force on the price's
own date.

The catalog column, the build's cards and totals, Recommend, the comparisons, the energy view, the
printed sheet and the command line all call :func:`card_price`, :func:`slot_price` or
:func:`build_price`, so they cannot disagree. Pure Python; no Qt, no database.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from planner.core.costs.money import Rates
from planner.core.records.specs import GpuSpec, Price

PRICE_KINDS = ("street", "list", "estimate", "used", "msrp")
"""The kinds a catalog price record may have (data/prices.toml)."""
QUOTE = "quote"
"""The kind of a price the user typed for a card of a build (a vendor's quote)."""

NEW, USED, MSRP = "new", "used", "msrp"
BASES = (NEW, USED, MSRP)
"""What a build's cards are costed at, in the order Preferences offers them."""
DEFAULT_BASIS = NEW
BASIS_OF_KIND = {"street": NEW, "list": NEW, "estimate": NEW, "used": USED, "msrp": MSRP,
                 QUOTE: QUOTE}
"""Which basis each record kind prices."""
#: When a basis has no record, the next one (a card nobody sells used costs its new price).
FALLBACK = {NEW: (NEW, USED, MSRP), USED: (USED, NEW, MSRP), MSRP: (MSRP, NEW, USED)}
#: Of two records of one basis and one date, the kind that wins (a shop's price before a guess).
_KIND_ORDER = ("street", "list", "estimate", "used", "msrp")
FRESH_DAYS = 365
"""A price older than this is stale: marked so, and a new card's price no longer counts as what
a shop charges now (its newest used price stands in)."""
MAX_AMOUNT = 10_000_000.0
"""The most one card may cost in any currency (above it a typed figure is a slip)."""
USER_SOURCE = "entered by you"
"""The source of a price the user typed (a custom GPU's, or their own correction)."""


@dataclass(frozen=True, slots=True)
class SlotPrice:
    """How one slot of a build is priced, over the build's basis.

    ``basis`` overrides the build's (a card bought used in a build costed new); ``quote`` is a
    price the buyer was quoted, with its own date and currency, and wins over every record.
    """

    basis: str | None = None
    quote: Price | None = None


@dataclass(frozen=True, slots=True)
class PickedPrice:
    """The price chosen for a card, in the asked currency, and where it comes from.

    ``amount`` is in ``currency``; ``original`` is the record as published. ``basis`` is the
    basis the record prices (``quote`` for a typed quote) and ``wanted`` the basis asked for;
    they differ when the asked basis had no usable record (``fallback``). ``rate_as_of`` dates
    the exchange rate used (empty when no conversion was needed); ``age_days`` is the record's
    age on the day priced, ``stale`` True past :data:`FRESH_DAYS`.
    """

    amount: float
    currency: str
    kind: str
    as_of: str
    source: str
    original: Price
    basis: str
    wanted: str
    rate_as_of: str = ""
    age_days: int = 0
    stale: bool = False

    @property
    def preferred(self) -> bool:
        """True when the price is of the basis asked for (a quote always is)."""
        return self.basis in (self.wanted, QUOTE)

    @property
    def fallback(self) -> bool:
        """True when another basis stood in for the one asked."""
        return not self.preferred


def today_iso() -> str:
    """Today's date (ISO), the day prices are aged on unless a caller names another."""
    return dt.date.today().isoformat()


def age_in_days(as_of: str, today: str) -> int:
    """Days from a record's date to ``today`` (0 for a date not yet reached or unreadable)."""
    try:
        then = dt.date.fromisoformat(as_of[:10])
        now = dt.date.fromisoformat(today[:10])
    except ValueError:
        return 0
    return max(0, (now - then).days)


def newest(prices: Sequence[Price], kind: str) -> Price | None:
    """The most recent record of one kind (ties: the first listed)."""
    found: Price | None = None
    for p in prices:
        if p.kind == kind and (found is None or p.as_of > found.as_of):
            found = p
    return found


def _newest(records: Sequence[Price], currency: str | None) -> Price | None:
    """The newest record; on one date, one in ``currency``, then a shop's price before a guess."""
    def key(p: Price) -> tuple[str, int, int]:
        kind_rank = _KIND_ORDER.index(p.kind) if p.kind in _KIND_ORDER else len(_KIND_ORDER)
        return (p.as_of, int(p.currency == currency), -kind_rank)
    return max(records, key=key) if records else None


def _usable(p: Price) -> bool:
    return math.isfinite(p.amount) and p.amount > 0


def _choose(prices: Sequence[Price], basis: str, currency: str | None,
            today: str) -> Price | None:
    """The record a card of ``basis`` costs (see the module's rule), or None."""
    records = [p for p in prices if _usable(p) and p.kind != QUOTE]
    by_basis = {b: [p for p in records if BASIS_OF_KIND.get(p.kind) == b] for b in BASES}
    if basis == NEW:
        newest_new = _newest(by_basis[NEW], currency)
        if newest_new is not None and age_in_days(newest_new.as_of, today) <= FRESH_DAYS:
            return newest_new
        # No longer sold new: what it sells for used, before a stale new price.
        for b in (USED, NEW, MSRP):
            found = _newest(by_basis[b], currency)
            if found is not None:
                return found
        return None
    for b in FALLBACK.get(basis, FALLBACK[DEFAULT_BASIS]):
        found = _newest(by_basis[b], currency)
        if found is not None:
            return found
    return None


def choosable(prices: Sequence[Price]) -> tuple[Price, ...]:
    """The records :func:`card_price` can choose, for any currency, basis, rates and day.

    Within a basis the pick is the newest record (on one date a shop's price before a guess, the
    first listed on a full tie), preferring the asked currency on that date: so per basis and
    currency only that one record can ever win, whatever the day (freshness only decides
    *which basis* is taken). The rest is history. A card that carries a lab's hundred dated
    quotes is opened with these few, and prices exactly as with all of them; the full list
    stays in the catalog file. Order is kept, so ties still go to the first listed.
    """
    best: dict[tuple[str, str], tuple[tuple[str, int], int]] = {}
    for index, p in enumerate(prices):
        basis = BASIS_OF_KIND.get(p.kind)
        if basis is None or basis == QUOTE or not _usable(p):
            continue
        rank = _KIND_ORDER.index(p.kind)
        key = (p.as_of, -rank)
        held = best.get((basis, p.currency))
        if held is None or key > held[0]:  # a full tie keeps the first listed
            best[(basis, p.currency)] = (key, index)
    keep = {index for _key, index in best.values()}
    return tuple(p for index, p in enumerate(prices) if index in keep)


def _picked(record: Price, basis: str, wanted: str, currency: str | None, rates: Rates | None,
            today: str) -> PickedPrice | None:
    age = age_in_days(record.as_of, today)
    stale = age > FRESH_DAYS
    if currency is None or record.currency == currency:
        return PickedPrice(record.amount, record.currency, record.kind, record.as_of,
                           record.source, record, basis, wanted, "", age, stale)
    if rates is None:
        return None
    rate = rates.at(record.as_of)
    return PickedPrice(rate.convert(record.amount, record.currency, currency), currency,
                       record.kind, record.as_of, record.source, record, basis, wanted,
                       rate.as_of, age, stale)


def card_price(gpu: GpuSpec, currency: str | None, rates: Rates | None,
               basis: str = DEFAULT_BASIS, slot: SlotPrice | None = None,
               today: str | None = None) -> PickedPrice | None:
    """A card's price in ``currency`` on ``basis`` (or the slot's own basis or quote).

    Converted at the rate in force on the price's date (``rates.at``); without ``rates`` only
    records already in ``currency`` can be used, and a ``currency`` of None takes the record as
    published. None when the card has no usable price.
    """
    return price_of(gpu.prices, currency, rates, basis, slot, today)


def price_of(prices: Sequence[Price], currency: str | None, rates: Rates | None,
             basis: str = DEFAULT_BASIS, slot: SlotPrice | None = None,
             today: str | None = None) -> PickedPrice | None:
    """:func:`card_price` of a card's price records (the catalog's rows hold records alone)."""
    return _price_of(tuple(prices), currency, rates, basis, slot, today or today_iso())


@lru_cache(maxsize=2048)  # every panel prices the same cards after each edit
def _price_of(prices: tuple[Price, ...], currency: str | None, rates: Rates | None,
              basis: str, slot: SlotPrice | None, day: str) -> PickedPrice | None:
    if slot is not None and slot.quote is not None:
        return _picked(slot.quote, QUOTE, QUOTE, currency, rates, day)
    wanted = slot.basis if slot is not None and slot.basis in BASES else basis
    if wanted not in BASES:
        wanted = DEFAULT_BASIS
    pool = prices if rates is not None or currency is None else tuple(
        p for p in prices if p.currency == currency)
    record = _choose(pool, wanted, currency, day)
    if record is None:
        return None
    return _picked(record, BASIS_OF_KIND.get(record.kind, NEW), wanted, currency, rates, day)


@dataclass(frozen=True, slots=True)
class BuildPrice:
    """What a build's cards cost together, in one currency, and how that figure was reached.

    ``amount`` sums each slot's :func:`card_price` times its count (None when no card has a
    usable price); ``priced_gpus`` of ``gpu_count`` cards had one. ``cards`` holds each slot's
    price (None where unknown), in slot order; ``rate_dates`` the exchange-rate dates applied.
    """

    amount: float | None
    currency: str
    priced_gpus: int
    gpu_count: int
    rate_dates: tuple[str, ...] = ()
    cards: tuple[PickedPrice | None, ...] = ()

    @property
    def complete(self) -> bool:
        """Every card of a non-empty build has a price."""
        return self.gpu_count > 0 and self.priced_gpus == self.gpu_count


def build_price(slots: Sequence[tuple[GpuSpec, int, SlotPrice | None]], currency: str,
                rates: Rates | None, basis: str = DEFAULT_BASIS,
                today: str | None = None) -> BuildPrice:
    """The purchase price of ``(card, count, slot price)`` triples, each as its card shows it.

    Summing the per-card prices in the asked currency (rather than converting a total) keeps the
    total equal to what the cards say, card by card.
    """
    total = 0.0
    priced = count = 0
    dates: list[str] = []
    cards: list[PickedPrice | None] = []
    for gpu, n, own in slots:
        count += n
        picked = card_price(gpu, currency, rates, basis, own, today)
        if picked is not None and picked.currency != currency:
            picked = None
        cards.append(picked)
        if picked is None:
            continue
        total += picked.amount * n
        priced += n
        if picked.rate_as_of and picked.rate_as_of not in dates:
            dates.append(picked.rate_as_of)
    return BuildPrice(total if priced else None, currency, priced, count, tuple(dates),
                      tuple(cards))


def user_price(prices: Sequence[Price]) -> Price | None:
    """The price the user typed in for a custom card, if any (the newest, in US dollars)."""
    own = [p for p in prices if p.source == USER_SOURCE and p.currency == "USD"]
    return max(own, key=lambda p: p.as_of) if own else None


def with_user_price(prices: Sequence[Price], amount: float | None,
                    today: str | None = None) -> tuple[Price, ...]:
    """``prices`` with the user's typed USD price replaced (dated today), or removed if None.

    The user's figure is a new card's street price: what they paid or were quoted, on the day
    they said so. An unchanged amount keeps its original date.
    """
    own = user_price(prices)
    if own is not None and amount == own.amount:
        return tuple(prices)
    rest = tuple(p for p in prices if p is not own)
    if amount is None:
        return rest
    return (*rest, Price(amount=float(amount), currency="USD", as_of=today or today_iso(),
                         kind="street", region="global", source=USER_SOURCE))
