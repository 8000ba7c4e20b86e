"""One build slot drawn as a card: badge, name, key figures, count and a remove button.

A card only reports what the user did (count changed, remove, drag started); the canvas turns
that into document edits. Cards are reused across document changes so a spin box being typed in
keeps its focus and cursor. The build warnings that concern a card are in its tooltip, with a
small mark beside its name whose place is always kept (a warning never moves the spin box).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QDrag, QKeyEvent, QMouseEvent, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from planner.core.costs.formatting import Formatter
from planner.core.costs.prices import BASES, PickedPrice, SlotPrice
from planner.core.plan.build import MAX_GPU_COUNT, BuildSlot
from planner.core.plan.physics import BuildWarning
from planner.ui.fields import CheckedSpinBox, guard_wheel
from planner.ui.icons import vendor_icon
from planner.ui.mime import slot_mime
from planner.ui.warnings_strip import ICON_PX, ordered, severity_pixmap
from planner.words.prices import price_basis_text, price_label, price_text, price_tooltip
from planner.words.warnings import warning_text

CARD_STYLE = """
SlotCard { border: 1px solid palette(mid); border-radius: 6px; background: palette(base); }
SlotCard:focus { border: 2px solid palette(highlight); }
"""


class SlotCard(QFrame):
    """A card for one slot; ``index`` is its position in the build's slots."""

    count_edited = Signal(int, int)
    """The user set a count: (slot index, new count)."""

    remove_requested = Signal(int)
    """The user asked to remove the slot at this index."""

    price_requested = Signal(int, object)
    """The user priced the slot its own way: (slot index, SlotPrice or None for the build's)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.index = -1
        self.gpu_id = ""
        self._press: QPoint | None = None
        self._figures_tip = ""
        self._warnings_tip = ""
        self._warnings: list[BuildWarning] | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setStyleSheet(CARD_STYLE)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._price_menu)
        self._slot_price: SlotPrice | None = None
        self._gpu_name = ""
        self._currency = "USD"

        self.badge = QLabel()
        self.name = QLabel()
        font = self.name.font()
        font.setBold(True)
        self.name.setFont(font)
        self.alert = QLabel()
        self.alert.setFixedSize(ICON_PX, ICON_PX)  # kept with or without a warning
        self.figures = QLabel()
        self.figures.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.count = CheckedSpinBox()
        self.count.setRange(1, MAX_GPU_COUNT)
        self.count.setPrefix("× ")
        self.count.setAccessibleName(self.tr("Number of cards"))
        self.count.setToolTip(self.tr("How many of this GPU (1–64)"))
        self.remove = QToolButton()
        self.remove.setText("✕")
        self.remove.setAutoRaise(True)
        self.remove.setToolTip(self.tr("Remove from the build (Delete)"))
        self.remove.setAccessibleName(self.tr("Remove"))

        title = QHBoxLayout()
        title.setSpacing(6)
        title.addWidget(self.name)
        title.addWidget(self.alert)
        title.addStretch(1)
        text = QVBoxLayout()
        text.setSpacing(2)
        text.addLayout(title)
        text.addWidget(self.figures)
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 8, 6, 8)
        row.addWidget(self.badge)
        row.addLayout(text, 1)
        row.addWidget(self.count)
        row.addWidget(self.remove)

        self.count.valueChanged.connect(lambda v: self.count_edited.emit(self.index, v))
        self.remove.clicked.connect(lambda: self.remove_requested.emit(self.index))
        guard_wheel(self)  # the cards sit in a scrolling area

    def show_slot(self, index: int, slot: BuildSlot, in_catalog: bool = True,
                  fmt: Formatter | None = None, picked: PickedPrice | None = None) -> None:
        """Show a slot's GPU and count without reporting it as an edit.

        Figures are formatted by ``fmt`` (the build's currency, like the totals); ``picked`` is
        the slot's price as core chose it (:func:`~planner.core.plan.build.slot_price`), shown
        with its kind and age. A GPU the catalog lacks (from someone else's file) is marked: its
        figures are the file's snapshot.
        """
        fmt = fmt or Formatter()
        self.index = index
        gpu = slot.gpu
        self._slot_price, self._gpu_name, self._currency = slot.price, gpu.name, fmt.currency
        self.gpu_id = gpu.id
        self.badge.setPixmap(vendor_icon(gpu.vendor).pixmap(24, 24))
        self.name.setText(gpu.name)
        parts = [fmt.capacity(gpu.memory_gb), fmt.power(gpu.tdp_w),
                 price_text(picked, fmt) + " " + price_label(picked)
                 if picked is not None else self.tr("price unknown")]
        if not in_catalog:
            parts.append(self.tr("not in your catalog"))
        sources = "\n".join(gpu.sources[:3])
        tip = self.tr("Figures from: %1\nPrice: %2").replace("%1", sources).replace(
            "%2", price_tooltip(picked))
        self._figures_tip = tip if in_catalog else self.tr(
            "This GPU is not in your catalog: its figures come from the file.") + "\n" + tip
        self._apply_tips()
        self.figures.setText("  ·  ".join(parts))
        if self.count.value() != slot.count:
            self.count.blockSignals(True)
            self.count.setValue(slot.count)
            self.count.blockSignals(False)
        self.setAccessibleName(self.tr("%1, %2 cards").replace("%1", gpu.name)
                               .replace("%2", str(slot.count)))

    def _price_menu(self, pos: QPoint) -> None:
        """Price these cards as the build does, new, used, at launch MSRP, or by a quote."""
        menu = QMenu(self)
        current = self._slot_price
        choices: list[tuple[str, SlotPrice | None]] = [
            (self.tr("As the build (its price basis)"), None)]
        choices += [(self.tr("Bought %1").replace("%1", price_basis_text(b)), SlotPrice(basis=b))
                    for b in BASES]
        for text, price in choices:
            action = menu.addAction(text)
            action.setCheckable(True)
            action.setChecked(current == price)
            action.triggered.connect(
                lambda _on=False, p=price: self.price_requested.emit(self.index, p))
        menu.addSeparator()
        quote = menu.addAction(self.tr("Enter a quote…"))
        quote.setCheckable(True)
        quote.setChecked(current is not None and current.quote is not None)
        quote.triggered.connect(self._ask_quote)
        menu.exec(self.mapToGlobal(pos))

    def _ask_quote(self) -> None:
        from planner.ui.quote_dialog import QuoteDialog

        old = self._slot_price.quote if self._slot_price is not None else None
        dialog = QuoteDialog(self._gpu_name, self._currency, old, self)
        if dialog.exec() == QuoteDialog.DialogCode.Accepted:
            self.price_requested.emit(self.index, dialog.slot_price())

    def show_warnings(self, warnings: list[BuildWarning]) -> None:
        """The build warnings about this card (or every card): in its tooltip, marked by its name.

        Only the mark's picture changes; its place is always there, so nothing on the card moves.
        """
        warnings = ordered(warnings)
        if warnings == self._warnings:
            return
        self._warnings = warnings
        if warnings:
            self.alert.setPixmap(severity_pixmap(warnings[0].severity))
            self._warnings_tip = self.tr("Build warnings:") + "\n" + "\n".join(
                f"• {warning_text(w)}" for w in warnings)
        else:
            self.alert.clear()
            self._warnings_tip = ""
        self._apply_tips()

    def _apply_tips(self) -> None:
        """The card's tooltip is its warnings; the figures' adds their sources and price."""
        self.setToolTip(self._warnings_tip)
        self.alert.setToolTip(self._warnings_tip)
        self.figures.setToolTip("\n\n".join(t for t in (self._figures_tip, self._warnings_tip)
                                              if t))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Delete or Backspace on the focused card removes it."""
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.remove_requested.emit(self.index)
            event.accept()
            return
        super().keyPressEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """Remember where a possible drag starts; a click also focuses the card."""
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()
            self.setFocus(Qt.FocusReason.MouseFocusReason)
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """Start moving the card once the mouse went far enough with the button down."""
        if (self._press is None or not event.buttons() & Qt.MouseButton.LeftButton
                or (event.position().toPoint() - self._press).manhattanLength()
                < QApplication.startDragDistance()):
            super().mouseMoveEvent(event)
            return
        drag = QDrag(self)
        drag.setMimeData(slot_mime(self.index))
        drag.setPixmap(self.grab())
        drag.setHotSpot(self._press)
        self._press = None
        drag.exec(Qt.DropAction.MoveAction)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """Forget the press: no drag."""
        self._press = None
        super().mouseReleaseEvent(event)
