"""A card of the build priced its own way: bought used, or a vendor's quote (one undoable edit)."""

from __future__ import annotations

from PySide6.QtCore import QDate

from planner.core.costs.prices import SlotPrice
from planner.core.records.specs import Price
from planner.ui import edits
from planner.ui.build_canvas import BuildCanvas
from planner.ui.quote_dialog import QuoteDialog


def test_a_quote_prices_the_card_and_the_totals_and_undo_takes_it_back(document) -> None:  # type: ignore[no-untyped-def]
    gpu = document.catalog.gpus[0]
    edits.add_gpus(document, [gpu])
    edits.set_count(document, 0, 2)
    canvas = BuildCanvas(document)
    before = canvas.totals.values["price"].text()
    quote = Price(1234.0, "USD", "2026-11-20", "quote", "global", "Vendor X")
    edits.set_slot_price(document, 0, SlotPrice(quote=quote))
    card = canvas.cards[0].figures.text()
    assert "$1,234 (quote" in card
    assert canvas.totals.values["price"].text() == "$2,468"  # 2 × $1,234
    document.undo_stack.undo()
    assert canvas.totals.values["price"].text() == before
    assert document.build.slots[0].price is None
    canvas.deleteLater()


def test_the_quote_dialog_gives_a_dated_quote(qapp: object) -> None:
    dialog = QuoteDialog("GeForce RTX 4090", "CNY")
    dialog.amount.setValue(11800)
    dialog.date.setDate(QDate(2026, 11, 20))
    dialog.vendor.setText("  JD   enterprise ")
    price = dialog.slot_price()
    assert price.quote is not None and price.basis is None
    q = price.quote
    assert (q.amount, q.currency, q.as_of, q.kind, q.source) == (
        11800.0, "CNY", "2026-11-20", "quote", "JD enterprise")
