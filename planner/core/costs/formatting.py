"""Figures as people read them: money, memory, power, energy and plain numbers, one way each.

The panels, the slot cards, the totals bar, the printed sheet and the CLI's human output all show
the same figures; they all format them here so a price reads the same (same currency, same rate,
same rounding) wherever it appears. Pure Python, no Qt: the UI derives a :class:`NumberStyle` once
from the user's locale (group and decimal separators) and the CLI uses the default one.

Conventions, chosen once:

- Memory is counted in GiB (2^30 bytes) and labelled "GiB" everywhere. A card sold as "24 GB" has
  24 GiB of DRAM (see :meth:`planner.core.records.specs.GpuSpec.memory_bytes`), so its capacity and
  the
  estimates of what it must hold are on one scale.
- Money is shown in the build's currency. Amounts recorded in another currency are converted at
  the dated reference rate (:class:`planner.core.costs.money.Rates`), whose date the UI shows in
  tooltips;
  without rates an amount stays in its own currency rather than being shown under a wrong symbol.
  Amounts of 100 or more have no decimals (no false precision), smaller ones two.
- An unknown figure is an em dash, never 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from planner.core.costs.money import SYMBOLS, Rates

GIB = 1024**3
#: What an unknown figure reads as.
UNKNOWN = "—"
#: The minus sign of signed figures (a real minus, not a hyphen, in text meant for reading).
MINUS = "−"


@dataclass(frozen=True, slots=True)
class NumberStyle:
    """The separators of the user's locale: "1,234.5" (en, zh), "1.234,5" (de), "1 234,5" (fr).

    ``group`` may be empty: some locales (and Qt's C locale) write no thousands separator.
    """

    group: str = ","
    decimal: str = "."


@dataclass(frozen=True, slots=True)
class Money:
    """An amount converted into the currency it is shown in, and the rate that converted it.

    ``rate_date`` is the date of the exchange rate used ("" when none was needed or known):
    tooltips say "converted at the rates of …" from it.
    """

    amount: float
    currency: str
    rate_date: str = ""

    @property
    def converted(self) -> bool:
        """Whether an exchange rate was applied."""
        return bool(self.rate_date)


@dataclass(frozen=True, slots=True)
class Formatter:
    """Formats figures for one build: its currency, the reference rates and the locale's style."""

    style: NumberStyle = NumberStyle()
    currency: str = "USD"
    rates: Rates | None = None

    # --- numbers -------------------------------------------------------------------------------

    def number(self, value: float | None, decimals: int = 0) -> str:
        """A figure with the locale's separators, rounded to ``decimals``; "—" when unknown."""
        if value is None or not math.isfinite(value):
            return UNKNOWN
        text = f"{float(value):,.{max(0, decimals)}f}"
        if text.startswith("-") and not text.strip("-0.,"):
            text = text[1:]  # "-0.0": rounding made a small negative number zero
        return text.translate(self._separators)

    @property
    def _separators(self) -> dict[int, str]:
        return {ord(","): self.style.group, ord("."): self.style.decimal}

    def integer(self, value: int | None) -> str:
        """A whole number with the locale's thousands separator."""
        return self.number(value, 0)

    def percent(self, fraction: float | None, decimals: int = 0) -> str:
        """A share as "42 %" (a space before the sign, as the app writes it throughout)."""
        return UNKNOWN if fraction is None else f"{self.number(fraction * 100, decimals)} %"

    # --- physical quantities ----------------------------------------------------------------------

    def memory(self, n_bytes: float | None, decimals: int | None = 1) -> str:
        """Bytes in GiB: "22.4 GiB". ``decimals=None``: none for a whole number ("24 GiB")."""
        if n_bytes is None:
            return UNKNOWN
        gib = n_bytes / GIB
        if decimals is None:
            decimals = 0 if float(gib).is_integer() else 1
        return f"{self.number(gib, decimals)} GiB"

    def signed_memory(self, n_bytes: float | None, decimals: int = 1) -> str:
        """Headroom: "+1.5 GiB" free, "−3.2 GiB" short."""
        if n_bytes is None:
            return UNKNOWN
        sign = "+" if n_bytes >= 0 else MINUS
        return sign + self.memory(abs(n_bytes), decimals)

    def capacity(self, memory_gb: float | None) -> str:
        """A card's memory as its datasheet states it (GiB, see the module's conventions)."""
        return UNKNOWN if memory_gb is None else self.memory(memory_gb * GIB, None)

    def power(self, watts: float | None) -> str:
        """Watts: "1,350 W"."""
        return UNKNOWN if watts is None else f"{self.number(watts)} W"

    def energy(self, kwh: float | None) -> str:
        """Kilowatt-hours: "8,030 kWh"."""
        return UNKNOWN if kwh is None else f"{self.number(kwh)} kWh"

    def mass_co2(self, kg: float | None) -> str:
        """Carbon dioxide: "1,204 kg CO₂"."""
        return UNKNOWN if kg is None else f"{self.number(kg)} kg CO₂"

    # --- money ----------------------------------------------------------------------------------

    def convert(self, amount: float | None, source: str = "USD") -> Money | None:
        """``amount`` (in ``source``) in the build's currency, with the rate's date.

        Without rates an amount in another currency cannot be converted; it stays in its own
        currency (shown as such) rather than under the wrong symbol.
        """
        if amount is None or not math.isfinite(amount):
            return None
        if source == self.currency:
            return Money(amount, source)
        if self.rates is None:
            return Money(amount, source)
        return Money(self.rates.convert(amount, source, self.currency), self.currency,
                     self.rates.as_of or "?")

    def money(self, amount: float | Money | None, currency: str | None = None) -> str:
        """An amount already in ``currency`` (default: the build's): "$1,599", "¥22,938", "€0.35".

        No decimals from 100 up (no false precision), two below.
        """
        if isinstance(amount, Money):
            currency = amount.currency
            amount = amount.amount
        if amount is None or not math.isfinite(amount):
            return UNKNOWN
        code = currency or self.currency
        digits = 0 if abs(amount) >= 100 else 2
        text = self.number(abs(amount), digits)
        sign = "-" if amount < 0 and text.strip("0.,") else ""
        return f"{sign}{SYMBOLS.get(code, code + ' ')}{text}"

    def price(self, amount: float | None, source: str = "USD") -> str:
        """An amount recorded in ``source`` shown in the build's currency (converted if needed)."""
        return self.money(self.convert(amount, source))

    @property
    def rate_date(self) -> str:
        """The date of the reference rates ("" without rates)."""
        return self.rates.as_of if self.rates is not None else ""
