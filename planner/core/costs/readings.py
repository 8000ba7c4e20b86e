"""A robust figure from a card's dated price readings: the median of a recent window.

Why: one newest reading used to decide a card's price, so a single odd remark (an RTX 3090 at
$500 against five 2026 readings of $600-1,050) or one marketplace listing set what every surface
showed. A buyer trusts what the market paid lately, so the figure is the **median of the readings
of the last six months** before the day priced; when that window holds fewer than
:data:`MIN_READINGS`, it widens to the freshness window (twelve months) and no further. A
reading stated in the asked currency wins over a conversion when it is fresh (a yuan build of a
card with a fresh JD.com reading shows that, not a converted dollar price); otherwise every fresh
reading is converted at the rate of its own date before the median is taken.

:mod:`planner.core.costs.prices` decides which basis to take and what to say when nothing is
fresh; this module only reduces one basis's readings to one figure. Pure Python; no Qt, no
database.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass

from planner.core.costs.money import Rates
from planner.core.records.specs import Price

FRESH_DAYS = 365
"""A reading older than this (in days) is no current price: it can only be "last seen"."""
WINDOWS_DAYS = (183, FRESH_DAYS)
"""The windows tried in turn (about six months, then the freshness window)."""
MIN_READINGS = 3
"""Readings a window must hold before it is not widened (with three, one outlier never decides)."""
#: Of two records of one basis and one date, the kind that wins (a shop's price before a guess).
KIND_ORDER = ("street", "list", "estimate", "used", "msrp")


def age_in_days(as_of: str, today: str) -> int:
    """Days from a record's date to ``today`` (0 for a date not yet reached or unreadable)."""
    try:
        then = dt.date.fromisoformat(as_of[:10])
        now = dt.date.fromisoformat(today[:10])
    except ValueError:
        return 0
    return max(0, (now - then).days)


def usable(p: Price) -> bool:
    """A reading with a finite, positive amount (a zero or NaN is a slip, never a price)."""
    return math.isfinite(p.amount) and p.amount > 0


@dataclass(frozen=True, slots=True)
class Figure:
    """One basis's figure in one currency and the readings it was taken from.

    ``amount`` is the median of ``readings`` (each converted at its own date's rate, the dates
    used in ``rate_dates``); ``readings`` are newest first. ``middle`` is the reading the median
    lands on (the newer of the two middle ones for an even count): the figure's kind and source.
    """

    amount: float
    currency: str
    readings: tuple[Price, ...]
    middle: Price
    rate_dates: tuple[str, ...] = ()

    @property
    def newest(self) -> str:
        """The date of the newest reading behind the figure."""
        return self.readings[0].as_of


def convert(p: Price, currency: str | None, rates: Rates | None) -> tuple[float, str] | None:
    """``p``'s amount in ``currency`` and the rate date used ("" when none was needed)."""
    if currency is None or p.currency == currency:
        return p.amount, ""
    if rates is None:
        return None
    rate = rates.at(p.as_of)
    return rate.convert(p.amount, p.currency, currency), rate.as_of


def pool(records: Sequence[Price], currency: str | None, rates: Rates | None) -> list[Price]:
    """The readings that may price in ``currency``: its own when there are any, else all.

    Without ``rates`` only readings stated in ``currency`` can be used; a ``currency`` of None
    (the record as published) takes the newest reading's currency, since a median across
    currencies means nothing.
    """
    if not records:
        return []
    if currency is None:
        currency = max(records, key=lambda p: p.as_of).currency
        return [p for p in records if p.currency == currency]
    native = [p for p in records if p.currency == currency]
    return native or (list(records) if rates is not None else [])


def figure(records: Sequence[Price], currency: str | None, rates: Rates | None,
           today: str) -> Figure | None:
    """The median of the fresh readings of one basis (see the module), or None if none is fresh.

    Readings not yet dated on ``today`` count as fresh (age 0), as a day's own readings do.
    """
    fresh = [p for p in records if usable(p) and age_in_days(p.as_of, today) <= FRESH_DAYS]
    chosen = pool(fresh, currency, rates)
    window: list[Price] = []
    for days in WINDOWS_DAYS:
        window = [p for p in chosen if age_in_days(p.as_of, today) <= days]
        if len(window) >= MIN_READINGS:
            break
    if not window:
        return None
    target = currency or window[0].currency
    valued: list[tuple[float, str, int, Price, str]] = []
    for p in window:
        got = convert(p, target, rates)
        if got is not None:
            rank = KIND_ORDER.index(p.kind) if p.kind in KIND_ORDER else len(KIND_ORDER)
            valued.append((got[0], p.as_of, -rank, p, got[1]))
    if not valued:
        return None
    valued.sort(key=lambda v: (v[0], v[1], v[2]))
    n = len(valued)
    low, high = valued[(n - 1) // 2], valued[n // 2]
    middle = max((low, high), key=lambda v: (v[1], v[2]))
    readings = tuple(sorted((v[3] for v in valued), key=lambda p: p.as_of, reverse=True))
    dates = tuple(sorted({v[4] for v in valued if v[4]}, reverse=True))
    return Figure((low[0] + high[0]) / 2, target, readings, middle[3], dates)


def newest(records: Sequence[Price], currency: str | None) -> Price | None:
    """The newest usable reading; on one date one in ``currency``, then a shop's before a guess."""
    def key(p: Price) -> tuple[str, int, int]:
        rank = KIND_ORDER.index(p.kind) if p.kind in KIND_ORDER else len(KIND_ORDER)
        return (p.as_of, int(p.currency == currency), -rank)
    found = [p for p in records if usable(p)]
    return max(found, key=key) if found else None
