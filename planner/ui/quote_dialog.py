"""Price one card of the build: the build's basis, bought new or used, at launch MSRP, or a quote.

A vendor's quote is a first-class price: its amount, currency, date and vendor are kept in the
file and priced like any record (converted at the rate of its own date). The dialog only asks;
core prices (:func:`planner.core.costs.prices.card_price`) and the edit goes through
:func:`planner.ui.edits.set_slot_price`.
"""

from __future__ import annotations

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QWidget,
)

from planner.core.costs.money import CURRENCIES
from planner.core.costs.prices import MAX_AMOUNT, QUOTE, SlotPrice
from planner.core.records.specs import Price
from planner.ui.fields import CheckedDoubleSpinBox, guard_wheel


class QuoteDialog(QDialog):
    """Amount, currency, date and vendor of a quote for the cards of one slot."""

    def __init__(self, gpu_name: str, currency: str, old: Price | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Quote for %1").replace("%1", gpu_name))
        self.amount = CheckedDoubleSpinBox()
        self.amount.setRange(0.01, MAX_AMOUNT)
        self.amount.setDecimals(2)
        self.amount.setToolTip(self.tr("The price quoted for one card"))
        self.currency = QComboBox()
        for code in CURRENCIES:
            self.currency.addItem(code, code)
        self.date = QDateEdit(QDate.currentDate())
        self.date.setCalendarPopup(True)
        self.date.setDisplayFormat("yyyy-MM-dd")
        self.vendor = QLineEdit()
        self.vendor.setPlaceholderText(self.tr("Who quoted it"))
        shown = old or Price(1000.0, currency, QDate.currentDate().toString("yyyy-MM-dd"), QUOTE)
        self.amount.setValue(shown.amount)
        self.currency.setCurrentIndex(max(0, self.currency.findData(shown.currency)))
        self.date.setDate(QDate.fromString(shown.as_of, "yyyy-MM-dd"))
        self.vendor.setText(shown.source)
        form = QFormLayout(self)
        form.addRow(self.tr("Price per card"), self.amount)
        form.addRow(self.tr("Currency"), self.currency)
        form.addRow(self.tr("Quoted on"), self.date)
        form.addRow(self.tr("Vendor"), self.vendor)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        guard_wheel(self)

    def slot_price(self) -> SlotPrice:
        """The quote as a slot's price."""
        return SlotPrice(quote=Price(float(self.amount.value()), str(self.currency.currentData()),
                                     self.date.date().toString("yyyy-MM-dd"), QUOTE, "global",
                                     " ".join(self.vendor.text().split())))
