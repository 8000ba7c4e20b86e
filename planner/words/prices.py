"""Words for a picked price: its kind and date, for tooltips (core decides, this only words it)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from planner.core.costs.prices import PickedPrice
from planner.words.wording import price_kind_text


def price_tooltip(picked: PickedPrice | None) -> str:
    """"Retail (street) price of 2026-01-05 — source: …", or that no price is known."""
    if picked is None:
        return QCoreApplication.translate("Prices", "No price known")
    text = QCoreApplication.translate("Prices", "%1 of %2 — source: %3").replace(
        "%1", price_kind_text(picked.kind)).replace("%2", picked.as_of).replace(
        "%3", picked.source or QCoreApplication.translate("Prices", "entered by you"))
    if not picked.preferred:
        text += "\n" + QCoreApplication.translate(
            "Prices", "(no price of the preferred kind is on record)")
    return text[0].upper() + text[1:]
