"""What a card costs a buyer: one price per card and per build, for every surface of the app.

A card carries dated price readings of several kinds (see
:class:`~planner.core.records.specs.Price`): the vendor's launch MSRP, a list price, what a retailer
charged on a day, a press estimate, a used price. A buyer does not think in kinds but in a *basis*:
a **new** card (what a shop charges now: street, list and estimate readings), a **used** one, or the
**launch MSRP**. :func:`card_price` is the one place that chooses:

- a basis costs the median of its recent readings (:mod:`planner.core.costs.readings`: the last six
  months before the day priced, widened to twelve only when fewer than three readings fall in
  them), readings in the asked currency before converted ones — one outlier never decides;
- a card with no fresh new reading (no longer sold new) costs its used figure, labelled so, and a
  used figure above the card's own new figure is capped at it (``capped``: a second-hand card
  never costs more than a new one);
- past the freshness window nothing is a current price: the card is **stale** — "no current price,
  last seen $X in 2020" — and a build's total, Recommend's ranking and budget leave it out and say
  so (:class:`BuildPrice` counts it apart), since an old list price is not what a shop asks today;
- the launch MSRP is a fixed historical fact, never stale.

A slot of a build may override the basis ("bought used") or carry a typed quote
(:class:`SlotPrice`), which then is the card's price. Every reading is converted to the build's
currency at the rate in force on its own date. "Today" is a parameter: core never reads a clock
unless a caller leaves it out.

The catalog column, the build's cards and totals, Recommend, the comparisons, the energy view, the
printed sheet and the command line all call :func:`card_price`, :func:`slot_price` or
:func:`build_price`, so they cannot disagree. Pure Python; no Qt, no database.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from planner.core.costs.money import Rates
from planner.core.costs.readings import (
    FRESH_DAYS,
    Figure,
    age_in_days,
    convert,
    figure,
    pool,
    usable,
)
from planner.core.costs.readings import (
    newest as newest_reading,
)
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
#: When a basis has no fresh reading, the next one (a card nobody sells used costs its new price;
#: a card launched this year and not yet priced by any shop or used market, its MSRP).
FALLBACK = {NEW: (NEW, USED, MSRP), USED: (USED, NEW, MSRP), MSRP: (MSRP, NEW, USED)}
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

    ``amount`` is in ``currency``: the median of ``readings`` (newest first), or for a stale
    price the last reading seen. ``original`` is the reading the figure lands on (its ``kind``
    and ``source``); ``as_of`` is the newest reading's date. ``basis`` is the basis the readings
    price (``quote`` for a typed quote) and ``wanted`` the basis asked for; they differ when the
    asked basis had no fresh reading (``fallback``). ``rate_as_of`` dates the newest exchange
    rate used (``rate_dates`` all of them; empty when no conversion was needed); ``age_days`` is
    the newest reading's age on the day priced. ``stale``: no current price — ``amount`` is what
    the card was last seen at, which no total or ranking may count as today's price. ``capped``:
    the used readings ran above the card's new figure, and the used price is capped at it.
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
    readings: tuple[Price, ...] = ()
    capped: bool = False
    rate_dates: tuple[str, ...] = ()

    @property
    def preferred(self) -> bool:
        """True when the price is of the basis asked for (a quote always is)."""
        return self.basis in (self.wanted, QUOTE)

    @property
    def fallback(self) -> bool:
        """True when another basis stood in for the one asked."""
        return not self.preferred

    @property
    def current(self) -> bool:
        """True when the figure is a price today (not only "last seen")."""
        return not self.stale


def today_iso() -> str:
    """Today's date (ISO), the day prices are aged on unless a caller names another."""
    return dt.date.today().isoformat()


def newest(prices: Sequence[Price], kind: str) -> Price | None:
    """The most recent record of one kind (ties: the first listed)."""
    found: Price | None = None
    for p in prices:
        if p.kind == kind and (found is None or p.as_of > found.as_of):
            found = p
    return found


def _by_basis(prices: Sequence[Price]) -> dict[str, list[Price]]:
    records = [p for p in prices if usable(p) and p.kind != QUOTE]
    return {b: [p for p in records if BASIS_OF_KIND.get(p.kind) == b] for b in BASES}


def _from_figure(fig: Figure, wanted: str, today: str) -> PickedPrice:
    p = fig.middle
    return PickedPrice(fig.amount, fig.currency, p.kind, fig.newest, p.source, p,
                       BASIS_OF_KIND.get(p.kind, NEW), wanted,
                       fig.rate_dates[0] if fig.rate_dates else "",
                       age_in_days(fig.newest, today), False, fig.readings, False, fig.rate_dates)


def _single(record: Price, basis: str, wanted: str, currency: str | None, rates: Rates | None,
            today: str, stale: bool) -> PickedPrice | None:
    got = convert(record, currency, rates)
    if got is None:
        return None
    amount, rate_as_of = got
    return PickedPrice(amount, currency or record.currency, record.kind, record.as_of,
                       record.source, record, basis, wanted, rate_as_of,
                       age_in_days(record.as_of, today), stale, (record,), False,
                       (rate_as_of,) if rate_as_of else ())


def _launch(records: Sequence[Price], wanted: str, currency: str | None, rates: Rates | None,
            today: str) -> PickedPrice | None:
    """The launch MSRP: the one in the asked currency if the vendor set one, else the newest."""
    record = newest_reading(pool(records, currency, rates), currency)
    return _single(record, MSRP, wanted, currency, rates, today, False) if record else None


def _choose(prices: Sequence[Price], wanted: str, currency: str | None, rates: Rates | None,
            today: str) -> PickedPrice | None:
    """The price of a card on ``wanted`` (see the module's rules), or None."""
    by_basis = _by_basis(prices)
    chain = FALLBACK.get(wanted, FALLBACK[DEFAULT_BASIS])
    seen = pool([p for b in chain if b != MSRP for p in by_basis[b]], currency, rates)
    for b in chain:
        if b == MSRP and wanted == MSRP:
            launch = _launch(by_basis[MSRP], wanted, currency, rates, today)
            if launch is not None:
                return launch
            continue
        if b == MSRP and seen:
            continue  # once a shop or the used market priced the card, its MSRP is no stand-in
        fig = figure(by_basis[b], currency, rates, today)
        if fig is None:
            continue
        picked = _from_figure(fig, wanted, today)
        if b == USED and wanted == USED:
            new = figure(by_basis[NEW], currency, rates, today)
            if new is not None and new.currency == picked.currency and new.amount < picked.amount:
                picked = replace(picked, amount=new.amount, capped=True)
        return picked
    # Nothing fresh: the last reading seen, said so (never as today's price).
    last = newest_reading(seen or pool(by_basis[MSRP], currency, rates), currency)
    if last is None:
        return None
    return _single(last, BASIS_OF_KIND.get(last.kind, NEW), wanted, currency, rates, today, True)


def choosable(prices: Sequence[Price]) -> tuple[Price, ...]:
    """The records :func:`card_price` can use, on any day on or after the newest reading.

    That is the catalog's case (no reading is dated in the future), for any currency, basis and
    rates. A basis's figure is the median of readings at most :data:`FRESH_DAYS` old, and the
    last seen is the newest reading: so per basis and currency only the readings within that many
    days of the newest can ever count. The rest is history. A card that carries a lab's hundred
    dated quotes over years is opened with these, and prices exactly as with all of them; the
    full list stays in the catalog file. Order is kept, so ties still go to the first listed.
    """
    newest_on: dict[tuple[str, str], dt.date] = {}
    dated: list[tuple[int, tuple[str, str], dt.date]] = []
    for index, p in enumerate(prices):
        basis = BASIS_OF_KIND.get(p.kind)
        if basis is None or basis == QUOTE or not usable(p):
            continue
        try:
            day = dt.date.fromisoformat(p.as_of[:10])
        except ValueError:
            day = dt.date.max  # unreadable: aged 0 like a reading of today, so always kept
        key = (basis, p.currency)
        dated.append((index, key, day))
        newest_on[key] = max(newest_on.get(key, day), day)
    horizon = dt.timedelta(days=FRESH_DAYS)
    keep = {index for index, key, day in dated
            if day == dt.date.max or newest_on[key] == dt.date.max
            or day >= newest_on[key] - horizon}
    return tuple(p for index, p in enumerate(prices) if index in keep)


def card_price(gpu: GpuSpec, currency: str | None, rates: Rates | None,
               basis: str = DEFAULT_BASIS, slot: SlotPrice | None = None,
               today: str | None = None) -> PickedPrice | None:
    """A card's price in ``currency`` on ``basis`` (or the slot's own basis or quote).

    Each reading is converted at the rate in force on its date (``rates.at``); without ``rates``
    only records already in ``currency`` can be used, and a ``currency`` of None takes the
    readings as published. None when the card has no usable price; ``stale`` when it has no
    current one. ``today`` (ISO) is the day the readings are aged on.
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
        # A quote the buyer was given is their price, however old: never "no current price".
        return _single(slot.quote, QUOTE, QUOTE, currency, rates, day, False)
    wanted = slot.basis if slot is not None and slot.basis in BASES else basis
    if wanted not in BASES:
        wanted = DEFAULT_BASIS
    return _choose(prices, wanted, currency, rates, day)


@dataclass(frozen=True, slots=True)
class BuildPrice:
    """What a build's cards cost together, in one currency, and how that figure was reached.

    ``amount`` sums each slot's :func:`card_price` times its count (None when no card has a
    current price); ``priced_gpus`` of ``gpu_count`` cards had one. A card with no current price
    (``stale``: only "last seen") is not summed but counted in ``stale_gpus``, so a total never
    passes an old list price off as today's. ``cards`` holds each slot's price (None where
    unknown; a stale one as it was last seen), in slot order; ``rate_dates`` the exchange-rate
    dates applied to the sum.
    """

    amount: float | None
    currency: str
    priced_gpus: int
    gpu_count: int
    rate_dates: tuple[str, ...] = ()
    cards: tuple[PickedPrice | None, ...] = ()
    stale_gpus: int = 0

    @property
    def complete(self) -> bool:
        """Every card of a non-empty build has a current price."""
        return self.gpu_count > 0 and self.priced_gpus == self.gpu_count


def build_price(slots: Sequence[tuple[GpuSpec, int, SlotPrice | None]], currency: str,
                rates: Rates | None, basis: str = DEFAULT_BASIS,
                today: str | None = None) -> BuildPrice:
    """The purchase price of ``(card, count, slot price)`` triples, each as its card shows it.

    Summing the per-card prices in the asked currency (rather than converting a total) keeps the
    total equal to what the cards say, card by card.
    """
    total = 0.0
    priced = count = stale = 0
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
        if picked.stale:
            stale += n
            continue
        total += picked.amount * n
        priced += n
        for day in picked.rate_dates:
            if day not in dates:
                dates.append(day)
    return BuildPrice(total if priced else None, currency, priced, count, tuple(dates),
                      tuple(cards), stale)


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
