"""Currencies: prices and tariffs come in USD, CNY and EUR; users compare in one of them.

Rates are the dated reference rates of ``data/currency.toml`` (CFETS parity for the yuan), each
in force from its date. Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from planner.core.records.precision import EstimateError

CURRENCIES = ("USD", "CNY", "EUR")
SYMBOLS = {"USD": "$", "CNY": "¥", "EUR": "€"}


@dataclass(frozen=True, slots=True)
class Rates:
    """Exchange rates as CNY per unit, the form the CFETS central parity is published in.

    ``history`` holds older dated readings, newest first (from ``data/currency.toml``; rates the
    user typed have none), so a price can be converted at the rate of its own date.
    """

    cny_per_usd: float
    cny_per_eur: float
    as_of: str = ""
    source: str = ""
    history: tuple[Rates, ...] = ()
    kept_because: str = ""

    def at(self, date: str) -> Rates:
        """The reading in force on ``date`` (ISO): the newest not after it, else the oldest."""
        if not self.history or not date or date >= self.as_of:
            return self
        readings = [replace(self, history=()), *self.history]
        earlier = [r for r in readings if r.as_of and r.as_of <= date]
        return max(earlier, key=lambda r: r.as_of) if earlier else min(
            readings, key=lambda r: r.as_of or "9999")

    def _cny_per(self, currency: str) -> float:
        if currency == "CNY":
            return 1.0
        if currency == "USD":
            return self.cny_per_usd
        if currency == "EUR":
            return self.cny_per_eur
        raise EstimateError(f"Unknown currency '{currency}'; use one of {', '.join(CURRENCIES)}.")

    def convert(self, amount: float, source: str, target: str) -> float:
        """Convert an amount between two of the supported currencies."""
        if source == target:
            return amount
        return amount * self._cny_per(source) / self._cny_per(target)


def check_currency(code: str) -> str:
    """Return an upper-cased supported currency code or raise a sentence."""
    c = code.upper()
    if c not in CURRENCIES:
        raise EstimateError(f"Unknown currency '{code}'; use one of {', '.join(CURRENCIES)}.")
    return c

