"""Words for a picked price: its figure, basis, kind, date and age (core decides; this words it).

A stale price (no reading in the freshness window) is worded the same on every surface —
"no current price — last seen $3,000, 2020" — through :func:`price_text`, so no panel, table or
sheet can print an old list price as if it were today's.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject

from planner.core.costs.formatting import Formatter
from planner.core.costs.prices import NEW, QUOTE, PickedPrice
from planner.core.costs.readings import FRESH_DAYS

DAYS_PER_MONTH = 30.44


class Prices(QObject):
    """The translation context of price words (``Prices.tr("…", "", n)`` for plurals)."""

    @classmethod
    def tr(cls, text: str, disambiguation: str | None = None, n: int = -1) -> str:
        """Translate a price word (a class method: prices have no object)."""
        return QCoreApplication.translate("Prices", text, disambiguation, n)


def age_text(picked: PickedPrice) -> str:
    """"3 months old", "14 months old", "this month"."""
    months = int(picked.age_days / DAYS_PER_MONTH)
    if months < 1:
        return Prices.tr("this month")
    return Prices.tr("%n month(s) old", "", months)


def last_seen_text(picked: PickedPrice, fmt: Formatter) -> str:
    """"no current price — last seen $3,000, 2020": a stale price, never shown as today's."""
    return Prices.tr("no current price — last seen %1, %2").replace(
        "%1", fmt.money(picked.amount, picked.currency)).replace("%2", picked.as_of[:4])


def price_text(picked: PickedPrice | None, fmt: Formatter) -> str:
    """A card's price as every surface prints it: "$1,799", the last-seen wording, or "—"."""
    if picked is None:
        return fmt.money(None)
    if picked.stale:
        return last_seen_text(picked, fmt)
    return fmt.money(picked.amount, picked.currency)


def price_label(picked: PickedPrice | None) -> str:
    """The short label beside a price on a card: "(new, 2 months old)", "(used)" when stale."""
    if picked is None:
        return ""
    if picked.stale:
        return Prices.tr("(%1)").replace("%1", price_basis_text(picked.basis))
    return Prices.tr("(%1, %2)").replace("%1", price_basis_text(picked.basis)).replace(
        "%2", age_text(picked))


def price_tooltip(picked: PickedPrice | None) -> str:
    """"Retail (street) price of 2026-01-05 — source: …", its basis and age, or no price."""
    if picked is None:
        return Prices.tr("No price known")
    if picked.basis == QUOTE:
        text = Prices.tr("Quote of %1 — from: %2").replace("%1", picked.as_of).replace(
            "%2", picked.source or Prices.tr("entered by you"))
    else:
        text = Prices.tr("%1 of %2 — source: %3").replace(
            "%1", price_kind_text(picked.kind)).replace("%2", picked.as_of).replace(
            "%3", picked.source or Prices.tr("entered by you"))
    text = text[0].upper() + text[1:]
    lines = [text, Prices.tr("Costed as: %1 (%2)").replace(
        "%1", price_basis_text(picked.basis)).replace("%2", age_text(picked))]
    if picked.fallback:
        if picked.wanted == NEW:
            lines.append(Prices.tr(
                "No new price in the last %n month(s): the newest %1 stands in.", "",
                FRESH_DAYS // 30).replace("%1", price_basis_text(picked.basis)))
        else:
            lines.append(Prices.tr("No %1 price is on record: the newest %2 stands in.").replace(
                "%1", price_basis_text(picked.wanted)).replace(
                "%2", price_basis_text(picked.basis)))
    if len(picked.readings) > 1:
        lines.append(Prices.tr("Median of %n reading(s), %1 to %2", "", len(picked.readings))
                     .replace("%1", min(r.as_of for r in picked.readings))
                     .replace("%2", max(r.as_of for r in picked.readings)))
    if picked.capped:
        lines.append(Prices.tr("Used readings ran above the new price: capped at the new price."))
    if picked.stale:
        lines.append(Prices.tr(
            "No current price: no reading in the last %n month(s). This is what the card was "
            "last seen at; totals and rankings leave it out.", "", FRESH_DAYS // 30))
    if picked.rate_as_of:
        lines.append(Prices.tr("Converted from %1 at the rates of %2").replace(
            "%1", picked.original.currency).replace("%2", picked.rate_as_of))
    return "\n".join(lines)


def price_kind_text(kind: str) -> str:
    """The kind of a price record in the user's language (shown beside its date)."""
    translate = QCoreApplication.translate
    return {
        "msrp": translate("Prices", "launch/suggested price (MSRP)"),
        "list": translate("Prices", "list price"),
        "street": translate("Prices", "retail (street) price"),
        "estimate": translate("Prices", "press estimate"),
        "used": translate("Prices", "used price"),
        "quote": translate("Prices", "quote"),
    }.get(kind, kind)


def price_basis_text(basis: str) -> str:
    """What a card is costed at, in the user's language: new, used, launch MSRP, a quote."""
    translate = QCoreApplication.translate
    return {
        "new": translate("Prices", "new"),
        "used": translate("Prices", "used"),
        "msrp": translate("Prices", "launch MSRP"),
        "quote": translate("Prices", "quote"),
    }.get(basis, basis)
