"""Dated figures go stale: a price, tariff, exchange rate or cloud rate older than 18 months must
say why it is still the figure we ship (``kept_because``, FORMATS.md / docs/data-format.md).

Only the newest reading of a cloud offer or of the rates counts; older readings live in
``history`` and never need a reason. Reads the real ``data/`` folder.
"""

from __future__ import annotations

import datetime as dt

from planner.catalog.rates import load_rates
from planner.core.records.specs import Catalog

STALE_AFTER_MONTHS = 18


def stale_before(today: dt.date) -> dt.date:
    """The day 18 months before ``today`` (the last day of a shorter month when needed)."""
    month = today.month - STALE_AFTER_MONTHS
    year = today.year + (month - 1) // 12
    month = (month - 1) % 12 + 1
    for day in range(today.day, 0, -1):
        try:
            return dt.date(year, month, day)
        except ValueError:
            continue
    raise AssertionError("unreachable")


def test_stale_before_counts_eighteen_months() -> None:
    assert stale_before(dt.date(2026, 12, 3)) == dt.date(2025, 6, 3)
    assert stale_before(dt.date(2026, 8, 31)) == dt.date(2025, 2, 28)
    assert stale_before(dt.date(2027, 1, 15)) == dt.date(2025, 7, 15)


def _stale(as_of: str, kept_because: str, limit: dt.date) -> bool:
    return dt.date.fromisoformat(as_of) < limit and not kept_because.strip()


def test_no_stale_figure_without_a_reason(real_catalog: Catalog) -> None:
    limit = stale_before(dt.date.today())
    problems = []
    for g in real_catalog.gpus:
        for p in g.prices:
            if _stale(p.as_of, p.kept_because, limit):
                problems.append(f"prices.toml: {g.id} {p.kind} price of {p.as_of}")
    for t in real_catalog.tariffs:
        if _stale(t.as_of, t.kept_because, limit):
            problems.append(f"tariffs.toml: {t.id} of {t.as_of}")
    for c in real_catalog.cloud:
        if _stale(c.as_of, c.kept_because, limit):
            problems.append(f"cloud.toml: {c.id} of {c.as_of}")
    rates = load_rates()
    if _stale(rates.as_of, rates.kept_because, limit):
        problems.append(f"currency.toml: rates of {rates.as_of}")
    assert problems == [], (f"older than {limit} without kept_because:\n" + "\n".join(problems))
