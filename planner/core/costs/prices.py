"""Which price a card costs: the newest of the preferred kind, converted at its dated rate.

A card carries dated price records of several kinds (see
:class:`~planner.core.records.specs.Price`): the
vendor's MSRP, a list price, what a retailer charged on a day, a press estimate, a used price.
:func:`pick_price` is the one place that chooses among them, so the catalog, the panels, the
comparison, the recommender and the printed sheet all show the same figure, and say which kind
and date it is. Pure Python; no Qt, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from planner.core.costs.money import Rates
from planner.core.records.specs import GpuSpec, Price

PRICE_KINDS = ("street", "msrp", "list", "estimate", "used")
"""Every kind, in the order a preference list offers them."""
DEFAULT_KIND = "street"
"""What a buyer pays today, where a retailer's dated price exists."""

#: When the preferred kind has no record, the next best: a new card's price before a guess, and a
#: second-hand price only when nothing else is on record.
FALLBACK: dict[str, tuple[str, ...]] = {
    "street": ("street", "list", "msrp", "estimate", "used"),
    "msrp": ("msrp", "list", "street", "estimate", "used"),
    "list": ("list", "msrp", "street", "estimate", "used"),
    "estimate": ("estimate", "street", "list", "msrp", "used"),
    "used": ("used", "street", "list", "msrp", "estimate"),
}


@dataclass(frozen=True, slots=True)
class PickedPrice:
    """The price chosen for a card, in the asked currency, and where it comes from.

    ``amount`` is in ``currency``; ``original`` is the record as published. ``preferred`` is
    False when the preferred kind had no record and another kind stood in. ``rate_as_of`` dates
    the exchange rate used (empty when no conversion was needed).
    """

    amount: float
    currency: str
    kind: str
    as_of: str
    source: str
    original: Price
    preferred: bool
    rate_as_of: str = ""


def newest(prices: Sequence[Price], kind: str) -> Price | None:
    """The most recent record of one kind (ties: the first listed)."""
    found: Price | None = None
    for p in prices:
        if p.kind == kind and (found is None or p.as_of > found.as_of):
            found = p
    return found


def pick_price(prices: Sequence[Price], preferred: str, currency: str | None,
               rates: Rates | None = None) -> PickedPrice | None:
    """The newest price of the preferred kind (else the next kind in :data:`FALLBACK`).

    Of that kind, a record stated in ``currency`` is preferred to converting another.

    Converted to ``currency`` at the rate in force on the price's date (``rates.at``); without
    ``rates`` only records already in ``currency`` can be used (no currency is guessed), and a
    ``currency`` of ``None`` takes the record as published. ``None`` when no usable record
    exists.
    """
    order = FALLBACK.get(preferred, FALLBACK[DEFAULT_KIND])
    for kind in order:
        usable = [p for p in prices
                  if currency is None or p.currency == currency or rates is not None]
        # A price stated in the asked currency wins over a converted one of the same kind:
        # China's ¥16,499 for an RTX 5090 includes VAT, the US $1,999 excludes sales tax, so
        # converting either into the other's currency misstates what a buyer there pays.
        chosen = newest([p for p in usable if p.currency == currency], kind) or newest(
            usable, kind)
        if chosen is None:
            continue
        if currency is None or chosen.currency == currency or rates is None:
            return PickedPrice(chosen.amount, chosen.currency, kind, chosen.as_of,
                               chosen.source, chosen, kind == preferred)
        rate = rates.at(chosen.as_of)
        return PickedPrice(rate.convert(chosen.amount, chosen.currency, currency), currency,
                           kind, chosen.as_of, chosen.source, chosen, kind == preferred,
                           rate.as_of)
    return None


def gpu_price(gpu: GpuSpec, currency: str, rates: Rates | None = None,
              preferred: str = DEFAULT_KIND) -> PickedPrice | None:
    """A card's price by :func:`pick_price`."""
    return pick_price(gpu.prices, preferred, currency, rates)


USER_SOURCE = "entered by you"
"""The source of a price the user typed (a custom GPU's, or their own correction)."""


def user_price(prices: Sequence[Price]) -> Price | None:
    """The price the user typed in, if any (the newest, in US dollars)."""
    own = [p for p in prices if p.source == USER_SOURCE and p.currency == "USD"]
    return max(own, key=lambda p: p.as_of) if own else None


def with_user_price(prices: Sequence[Price], amount: float | None,
                    today: str | None = None) -> tuple[Price, ...]:
    """``prices`` with the user's typed USD price replaced (dated today), or removed if None.

    The user's figure is a street price: what they paid or were quoted, on the day they said so.
    An unchanged amount keeps its original date.
    """
    import datetime as dt

    own = user_price(prices)
    if own is not None and amount == own.amount:
        return tuple(prices)
    rest = tuple(p for p in prices if p is not own)
    if amount is None:
        return rest
    date = today or dt.date.today().isoformat()
    return (*rest, Price(amount=float(amount), currency="USD", as_of=date, kind="street",
                         region="global", source=USER_SOURCE))


@dataclass(frozen=True, slots=True)
class BuildPrice:
    """What a build's cards cost together, in one currency, and how that figure was reached.

    ``amount`` sums each card's :func:`gpu_price` times its count (``None`` when no card has a
    usable price); ``priced_gpus`` of ``gpu_count`` cards had one. ``rate_dates`` are the dates of
    the exchange rates applied (empty when every price was stated in ``currency``).
    """

    amount: float | None
    currency: str
    priced_gpus: int
    gpu_count: int
    rate_dates: tuple[str, ...] = ()


def build_price(cards: Sequence[tuple[GpuSpec, int]], currency: str, rates: Rates | None,
                preferred: str = DEFAULT_KIND) -> BuildPrice:
    """The purchase price of ``(card, count)`` pairs, each card priced as its own card shows.

    Summing the per-card prices in the asked currency (rather than converting a dollar total)
    keeps the total equal to what the cards say, card by card.
    """
    total = 0.0
    priced = count = 0
    dates: list[str] = []
    for gpu, n in cards:
        count += n
        picked = gpu_price(gpu, currency, rates, preferred)
        if picked is None or picked.currency != currency:
            continue
        total += picked.amount * n
        priced += n
        if picked.rate_as_of and picked.rate_as_of not in dates:
            dates.append(picked.rate_as_of)
    return BuildPrice(total if priced else None, currency, priced, count, tuple(dates))
