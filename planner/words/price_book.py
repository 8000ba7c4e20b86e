"""A price pack's diff, its outcome and its refusals in the user's language (CLI and app alike).

The catalog layer words a refusal in English and names its case in ``PackError.code``;
:func:`error_sentence` says it in the user's language, so the command line and Tools ▸ Update
Prices… read alike. The figures are core's (:mod:`planner.core.costs.price_book` over
``card_price``), formatted by the one :class:`~planner.core.costs.formatting.Formatter`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QObject

from planner.core.costs.formatting import Formatter
from planner.core.costs.price_book import CardDiff, PackDiff
from planner.core.costs.prices import PickedPrice
from planner.core.records.specs import Price
from planner.words.prices import price_basis_text, price_kind_text


class PriceBookText(QObject):
    """The translation context of these sentences (``PriceBookText.tr`` marks plurals)."""

    @classmethod
    def tr(cls, text: str, disambiguation: str | None = None, n: int = -1) -> str:
        """Translate in the "PriceBookText" context (a class method: no object is needed)."""
        return QCoreApplication.translate("PriceBookText", text, disambiguation, n)


def error_sentence(error: Any) -> str:
    """The sentence for a ``PackError`` (by its ``code``); its own English for another case."""
    code = getattr(error, "code", "")
    values = [str(v) for v in getattr(error, "values", ())]
    words = {
        "not_a_pack": PriceBookText.tr("The file is not a price pack: it has no [pack] table."),
        "malformed": PriceBookText.tr("The price pack is malformed (%1), so nothing was "
                                      "applied."),
        "newer": PriceBookText.tr("The price pack is of format %1, newer than this version "
                                  "of GPU Build Planner reads; update the app to apply it."),
        "damaged": PriceBookText.tr("The price pack is damaged or cut short (it is not "
                                    "readable TOML), so nothing was applied; download it "
                                    "again."),
        "truncated": PriceBookText.tr("The price pack is incomplete: its header counts %1 "
                                      "readings but it holds %2, so nothing was applied; "
                                      "download it again."),
        "checksum": PriceBookText.tr("The price pack's checksum does not match its readings: "
                                     "it was changed or damaged after it was built, so "
                                     "nothing was applied; download it again."),
        "too_large": PriceBookText.tr("The file is far larger than a price pack, so it was "
                                      "not read."),
        "http": PriceBookText.tr("The price pack could not be downloaded: the server "
                                 "answered %1."),
        "cut": PriceBookText.tr("The connection broke off while the price pack was "
                                "downloading, so nothing was applied; try again."),
        "timeout": PriceBookText.tr("The server did not answer within %1 s, so nothing was "
                                    "applied; try again later."),
        "unreachable": PriceBookText.tr("The price pack could not be downloaded (%1)."),
        "scheme": PriceBookText.tr("Only a file name or an http, https or file address can "
                                   "be read (not %1)."),
        "redirect": PriceBookText.tr("The server sent the download on to %1, which is not an "
                                     "http or https address, so it was not followed."),
        "catalog": PriceBookText.tr("The catalog database %1, so nothing was changed."),
        "no_file": PriceBookText.tr("There is no file “%1”; check its name and folder."),
        "unreadable": PriceBookText.tr("The file “%1” could not be read."),
    }
    text = words.get(code)
    if text is None:
        return str(error)
    for number, value in enumerate(values, start=1):
        text = text.replace(f"%{number}", value)
    return text


def _money(fmt: Formatter, amount: float, currency: str) -> str:
    return fmt.money(amount, currency)


def reading_text(p: Price, fmt: Formatter) -> str:
    """One reading: "retail (street) price, 2026-11-20: $1,749"."""
    return PriceBookText.tr("%1, %2: %3").replace("%1", price_kind_text(p.kind)).replace(
        "%2", p.as_of).replace("%3", _money(fmt, p.amount, p.currency))


def _picked(p: PickedPrice | None, fmt: Formatter) -> str:
    if p is None:
        return PriceBookText.tr("no price")
    money = _money(fmt, p.amount, p.currency)
    if p.fallback:  # another basis stands in (a card nobody sells used costs its new price)
        return PriceBookText.tr("%1 (%2, %3)").replace("%1", money).replace(
            "%2", price_basis_text(p.basis)).replace("%3", p.as_of)
    return PriceBookText.tr("%1 (%2)").replace("%1", money).replace("%2", p.as_of)


def card_lines(card: CardDiff, fmt: Formatter) -> list[str]:
    """One card's heading, its readings added, changed and removed, and its prices that move."""
    delta = card.delta
    counts = [PriceBookText.tr("%n added", "", len(delta.added)),
              PriceBookText.tr("%n changed", "", len(delta.changed)),
              PriceBookText.tr("%n removed", "", len(delta.removed))]
    lines = [PriceBookText.tr("%1 — %2").replace("%1", card.name).replace(
        "%2", PriceBookText.tr(", ").join(counts))]
    lines += ["  + " + reading_text(p, fmt) for p in delta.added]
    lines += ["  ~ " + reading_text(old, fmt) + " → " + _money(fmt, new.amount, new.currency)
              for old, new in delta.changed]
    lines += ["  − " + reading_text(p, fmt) for p in delta.removed]
    for change in card.changes:
        lines.append("  " + PriceBookText.tr("%1 price: %2 → %3").replace(
            "%1", price_basis_text(change.basis)).replace(
            "%2", _picked(change.before, fmt)).replace("%3", _picked(change.after, fmt)))
    return lines


def summary(name: str, as_of: str, readings: int, diff: PackDiff) -> str:
    """The pack and what it would change, in one line."""
    if diff.empty:
        return PriceBookText.tr("“%1” of %2 holds %n reading(s) and changes nothing in your "
                                "catalog.", "", readings).replace("%1", name).replace("%2", as_of)
    added, changed, removed = diff.counts()
    held = PriceBookText.tr("“%1” of %2 holds %n reading(s).", "", readings).replace(
        "%1", name).replace("%2", as_of)
    cards = PriceBookText.tr("It changes %n card(s):", "", len(diff.cards))
    counts = PriceBookText.tr("%1 added, %2 changed, %3 removed.").replace(
        "%1", str(added)).replace("%2", str(changed)).replace("%3", str(removed))
    # Sentences follow each other with a space in English, with none in Chinese.
    return PriceBookText.tr("%1 %2 %3", "three sentences in a row").replace(
        "%1", held).replace("%2", cards).replace("%3", counts)


def left_out_line(diff: PackDiff) -> str:
    """The cards the pack prices that this catalog does not hold ("" when none)."""
    if not diff.left_out:
        return ""
    return PriceBookText.tr("Left out: %n card(s) this catalog does not hold (%1).", "",
                            len(diff.left_out)).replace("%1", ", ".join(diff.left_out))


def diff_lines(name: str, as_of: str, readings: int, diff: PackDiff,
               fmt: Formatter) -> list[str]:
    """The whole diff: the summary, each card changed, the cards left out."""
    lines = [summary(name, as_of, readings, diff)]
    for card in diff.cards:
        lines += ["", *card_lines(card, fmt)]
    if diff.left_out:
        lines += ["", left_out_line(diff)]
    return lines


def memory_only() -> str:
    """The catalog works from memory this session (its file could not be used): nothing to keep."""
    return PriceBookText.tr("This session works from memory, so a price pack would be lost when "
                            "it ends; it was not applied.")


def applied_sentence(name: str, cards: int) -> str:
    """After applying: what changed and how to take it back."""
    return PriceBookText.tr("The prices of “%1” were applied to %n card(s); Undo takes them "
                            "back.", "", cards).replace("%1", name)


def undone_sentence(name: str, cards: int) -> str:
    """After undoing: which pack was taken back."""
    return PriceBookText.tr("The prices of “%1” were taken back from %n card(s).", "",
                            cards).replace("%1", name)


def nothing_to_undo() -> str:
    """No pack is applied."""
    return PriceBookText.tr("No price pack is applied, so there is nothing to undo.")


def applied_line(name: str, as_of: str, applied_at: str) -> str:
    """One applied pack, as listed: "“prices” of 2026-12-03, applied 2026-12-07 18:40".

    ``applied_at`` is stored in UTC and shown in the computer's time zone.
    """
    import datetime as dt

    try:
        when = dt.datetime.fromisoformat(applied_at).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        when = applied_at
    return PriceBookText.tr("“%1” of %2, applied %3").replace("%1", name).replace(
        "%2", as_of).replace("%3", when)
