"""The UI's figure formatter, in the user's locale.

It is core's :class:`~planner.core.costs.formatting.Formatter` with the user's separators.

The separators come from ``QLocale()`` (the locale the app runs in, which Preferences or
``GPU_PLANNER_LOCALE`` may set), read once per locale; the exchange rates are the bundled dated
ones. Widgets ask :func:`formatter` for the open build's currency and show what it returns; none
formats a price, a memory size or a power figure by itself.
"""

from __future__ import annotations

from PySide6.QtCore import QLocale

from planner.catalog.rates import bundled_rates
from planner.core.costs.formatting import Formatter, NumberStyle
from planner.core.costs.money import Rates

_styles: dict[str, NumberStyle] = {}


def number_style(locale: QLocale | None = None) -> NumberStyle:
    """The group and decimal separators of ``locale`` (default: the app's locale)."""
    locale = locale or QLocale()
    key = f"{locale.name()}/{int(locale.numberOptions().value)}"
    style = _styles.get(key)
    if style is None and locale.language() == QLocale.Language.C:
        # C/POSIX is "no locale chosen": it reads English (planner.translations), so it writes
        # numbers as English does, "8,030", not Qt's C-locale "8030".
        style = _styles[key] = NumberStyle()
    if style is None:
        omit = bool(locale.numberOptions() & QLocale.NumberOption.OmitGroupSeparator)
        style = _styles[key] = NumberStyle(group="" if omit else locale.groupSeparator(),
                                           decimal=locale.decimalPoint())
    return style


def formatter(currency: str = "USD", rates: Rates | None = None) -> Formatter:
    """Figures in ``currency`` (converted at ``rates``, default the bundled dated ones)."""
    return Formatter(number_style(), currency, rates or bundled_rates())
