"""What a price pack does to a card's readings, and the card's default prices before and after.

A price pack (docs/data-format.md) holds, for each card it names, that card's complete catalog
readings as of the pack's date. Against the readings a card holds now it is a *delta*: readings
added, readings changed (same kind, currency, date, region and source, another amount or note)
and readings removed. The delta, not the pack, is what is applied and kept, for two reasons:
applied again to a re-seeded catalog it adds what is missing, changes what is still as the pack
found it and leaves alone the readings a newer release brought (which the pack never saw); and its
inverse undoes it even after other changes to the card. A reading the user typed
(:data:`~planner.core.costs.prices.USER_SOURCE`) is never the pack's to remove.

The default prices a buyer sees come from :func:`~planner.core.costs.prices.card_price` alone, on
the card before and after: this module only compares what that one price path answers.
Pure Python; no Qt, no database.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from planner.core.costs.money import Rates
from planner.core.costs.prices import BASES, USER_SOURCE, PickedPrice, card_price
from planner.core.records.specs import GpuSpec, Price

ReadingKey = tuple[str, str, str, str, str]


def reading_key(price: Price) -> ReadingKey:
    """What names a reading: its kind, currency, date, region and source (not its figure)."""
    return (price.kind, price.currency, price.as_of, price.region, price.source)


@dataclass(frozen=True, slots=True)
class CardDelta:
    """A pack's change to one card's readings: ``changed`` pairs the old reading with the new."""

    gpu_id: str
    added: tuple[Price, ...] = ()
    changed: tuple[tuple[Price, Price], ...] = ()
    removed: tuple[Price, ...] = ()

    @property
    def empty(self) -> bool:
        """True when the pack leaves the card's readings as they are."""
        return not (self.added or self.changed or self.removed)

    def inverse(self) -> CardDelta:
        """The delta that undoes this one."""
        return CardDelta(self.gpu_id, added=self.removed,
                         changed=tuple((new, old) for old, new in self.changed),
                         removed=self.added)


def card_delta(gpu_id: str, current: Sequence[Price], pack: Sequence[Price]) -> CardDelta:
    """How ``pack`` (the card's complete readings in the pack) differs from ``current``.

    Equal readings are matched first, one for one, so a duplicate is never lost; what is left is
    paired by :func:`reading_key` (a changed figure), and the rest is added or removed. The
    user's own readings are left out of ``current``: a pack never removes them.
    """
    left = [p for p in current if p.source != USER_SOURCE]
    incoming: list[Price] = []
    for p in pack:
        if p in left:
            left.remove(p)
        else:
            incoming.append(p)
    added: list[Price] = []
    changed: list[tuple[Price, Price]] = []
    for p in incoming:
        old = next((q for q in left if reading_key(q) == reading_key(p)), None)
        if old is None:
            added.append(p)
        else:
            left.remove(old)
            changed.append((old, p))
    return CardDelta(gpu_id, tuple(added), tuple(changed), tuple(left))


def apply_delta(prices: Sequence[Price], delta: CardDelta) -> tuple[Price, ...]:
    """``prices`` with ``delta`` applied; applying it twice changes nothing more.

    A removed reading that is gone already stays gone; a changed one is replaced where the card
    still holds it as the pack found it, and otherwise added only when the card holds no
    reading of that name (a newer release that corrected the same reading keeps its own figure);
    an added one is added only as often as the pack adds it, so a re-seeded catalog that ships
    it already keeps one copy.
    """
    out = list(prices)
    for p in delta.removed:
        if p in out:
            out.remove(p)
    for old, new in delta.changed:
        if old in out:
            out[out.index(old)] = new
        elif all(reading_key(q) != reading_key(new) for q in out):
            out.append(new)
    for p in dict.fromkeys(delta.added):
        wanted = delta.added.count(p)
        out.extend([p] * max(0, wanted - out.count(p)))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class PriceChange:
    """One basis of one card whose default price the pack changes (None: no price)."""

    basis: str
    before: PickedPrice | None
    after: PickedPrice | None


def _same(a: PickedPrice | None, b: PickedPrice | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.amount == b.amount and a.original == b.original


def price_changes(gpu: GpuSpec, after: Sequence[Price], currency: str, rates: Rates | None,
                  today: str | None = None) -> tuple[PriceChange, ...]:
    """Each basis whose default price moves when ``gpu``'s readings become ``after``.

    Both sides are :func:`card_price` of the card, so the figures are the ones every surface of
    the app prints.
    """
    changed = dataclasses.replace(gpu, prices=tuple(after))
    out = []
    for basis in BASES:
        was = card_price(gpu, currency, rates, basis, today=today)
        now = card_price(changed, currency, rates, basis, today=today)
        if not _same(was, now):
            out.append(PriceChange(basis, was, now))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class CardDiff:
    """One card a pack changes: its readings' delta and its default prices that move."""

    gpu_id: str
    name: str
    delta: CardDelta
    changes: tuple[PriceChange, ...]


@dataclass(frozen=True, slots=True)
class PackDiff:
    """Everything a pack would change, card by card, and the cards it names that are not here.

    ``left_out`` names cards the pack prices that this catalog does not hold as catalog cards
    (a card of a newer release, or one only the user or the team keeps): their readings are
    not applied.
    """

    cards: tuple[CardDiff, ...]
    left_out: tuple[str, ...] = ()
    unchanged: int = 0

    @property
    def empty(self) -> bool:
        """True when applying the pack would change nothing."""
        return not self.cards

    def counts(self) -> tuple[int, int, int]:
        """Readings added, changed and removed over every card."""
        return (sum(len(c.delta.added) for c in self.cards),
                sum(len(c.delta.changed) for c in self.cards),
                sum(len(c.delta.removed) for c in self.cards))


def pack_diff(gpus: Iterable[GpuSpec], pack: Mapping[str, Sequence[Price]], currency: str,
              rates: Rates | None, today: str | None = None) -> PackDiff:
    """The diff of ``pack`` (readings by card id) against ``gpus`` (with every reading they hold).

    Cards come in the pack's order; prices are compared in ``currency`` at ``rates``.
    """
    by_id = {g.id: g for g in gpus}
    cards: list[CardDiff] = []
    left_out: list[str] = []
    unchanged = 0
    for gpu_id, readings in pack.items():
        gpu = by_id.get(gpu_id)
        if gpu is None:
            left_out.append(gpu_id)
            continue
        delta = card_delta(gpu_id, gpu.prices, readings)
        if delta.empty:
            unchanged += 1
            continue
        after = apply_delta(gpu.prices, delta)
        cards.append(CardDiff(gpu_id, gpu.name, delta,
                              price_changes(gpu, after, currency, rates, today)))
    return PackDiff(tuple(cards), tuple(left_out), unchanged)
