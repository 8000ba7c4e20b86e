"""The central build canvas: drop GPUs here, see the cards, their totals and warnings.

Every change goes through `edits` (one undoable document edit); the canvas redraws only from the
document's `changed` signal, so undo, redo, open and edits from other panels all look the same.

From the top: :attr:`BuildCanvas.header` (what belongs above the build: the switcher between the
document's variants, whose shown variant the rest describes), the totals, the warnings strip (one
line, whatever it holds) and the cards. Nothing above the cards changes height on an edit, so a card
stays under the mouse while its count is clicked up; the cards' column asks the window for the
room it needs (:attr:`BuildCanvas.wants_height`).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QPainter,
    QPaintEvent,
    QPalette,
)
from PySide6.QtWidgets import QLabel, QLineEdit, QScrollArea, QVBoxLayout, QWidget

from planner.core.plan.build import slot_price
from planner.core.plan.study import MAX_VARIANT_NAME, cards_name
from planner.ui import edits
from planner.ui.document import BuildDocument
from planner.ui.mime import GPU_MIME, SLOT_MIME, gpu_ids, slot_index
from planner.ui.slot_card import SlotCard
from planner.ui.totals_bar import TotalsBar
from planner.ui.variant_switcher import VariantSwitcher
from planner.ui.warnings_strip import WarningsStrip, warnings_for_card
from planner.words.formats import formatter


class CardList(QWidget):
    """The column of cards, with the drop indicator line painted between them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.indicator_y: int | None = None
        self.cards_layout = QVBoxLayout(self)
        self.cards_layout.setContentsMargins(12, 12, 12, 12)
        self.cards_layout.setSpacing(8)
        self.empty = QLabel()
        self.show_hint()
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        font = self.empty.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        self.empty.setFont(font)
        self.empty.setWordWrap(True)
        self.cards_layout.addWidget(self.empty, 1)
        self.cards_layout.addStretch(0)

    def show_hint(self) -> None:
        """The empty build's hint: where GPUs come from."""
        self.empty.setText(self.tr("Drag GPUs here from the catalog\n"
                                   "(or double-click one there)"))

    def paintEvent(self, event: QPaintEvent) -> None:
        """Draw the insertion line while a card or GPU is dragged over the list."""
        super().paintEvent(event)
        if self.indicator_y is None:
            return
        painter = QPainter(self)
        color = QColor(self.palette().color(QPalette.ColorRole.Highlight))
        painter.fillRect(8, self.indicator_y - 1, self.width() - 16, 3, color)
        painter.end()


class BuildCanvas(QWidget):
    """Drop target and card list for the document's build, with the totals bar above."""

    cards_synced = Signal()
    """The cards now show the document's build (tests and the E2E hook wait on this)."""

    wants_height = Signal(int)
    """The height (px) that shows every card without scrolling; sent when the cards change."""

    def __init__(self, document: BuildDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.cards: list[SlotCard] = []
        self.setAcceptDrops(True)
        self.setAccessibleName(self.tr("Build"))

        self.header = QVBoxLayout()
        """Above the totals: the build's name and the variant switcher (what the totals,
        warnings and cards show)."""
        self.header.setContentsMargins(0, 0, 0, 0)
        self.name = QLineEdit()
        self.name.setMaxLength(MAX_VARIANT_NAME)
        self.name.setAccessibleName(self.tr("Build name"))
        self.name.setToolTip(self.tr("The build's name, the title of its printed sheet; left "
                                     "empty, the build is called after its cards"))
        font = self.name.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.name.setFont(font)
        self.name.setFrame(False)
        self.name.editingFinished.connect(self._rename)
        self.header.addWidget(self.name)
        self.variants = VariantSwitcher(document)
        self.header.addWidget(self.variants)
        self.totals = TotalsBar()
        self.strip = WarningsStrip()
        self.list = CardList()
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setWidget(self.list)
        self.scroll_area.setFrameShape(QScrollArea.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(6)
        layout.addLayout(self.header)
        layout.addWidget(self.totals)
        layout.addWidget(self.strip)
        layout.addWidget(self.scroll_area, 1)
        self._card_count = -1
        self._shown: object = None

        document.changed.connect(self.sync)
        self.sync()

    # -- showing the document ----------------------------------------------------------------

    def _rename(self) -> None:
        problem = edits.rename_build(self._document, self.name.text())
        if problem:
            self.name.setToolTip(problem)

    def _show_name(self) -> None:
        """The name as typed; unnamed, the cards' name stands in as the placeholder."""
        study = self._document.study
        placeholder = cards_name(study.variant.slots) or self.tr("Untitled build")
        if self.name.placeholderText() != placeholder:
            self.name.setPlaceholderText(placeholder)
        if not self.name.hasFocus() and self.name.text() != study.name:
            self.name.setText(study.name)
            self.name.setCursorPosition(0)  # a long name shows its start, elided at the edge

    def show_opening(self, names: list[str]) -> None:
        """Until the files asked for at start-up are in, say so and take no edits.

        The window paints long before a file named on the command line (or double-clicked)
        opens; an empty, editable "Untitled" build meanwhile invites work the file then
        replaces (issue 30).
        """
        self.setEnabled(False)
        self.list.empty.setText(self.tr("Opening %1…").replace("%1", ", ".join(names)))
        self.list.empty.setVisible(True)

    def done_opening(self) -> None:
        """The files are in (or were refused with their own message): editable again."""
        self.list.show_hint()
        self.setEnabled(True)
        self.sync()

    def sync(self) -> None:
        """Show the document's build: reuse cards by GPU so focus and typing survive."""
        self._show_name()
        build = self._document.build
        catalog = self._document.catalog
        # Cards and totals show the slots, the cost settings and the host; a workload edit
        # changes none of them and costs nothing here.
        shown = (build.slots, build.cost, build.usage, id(catalog))
        if shown == self._shown:
            self.cards_synced.emit()
            return
        self._shown = shown
        spare = {card.gpu_id: card for card in self.cards}
        focused = next((c for c in self.cards if c.hasFocus()), None)
        fmt = formatter(build.cost.currency) if build.slots else None  # no cards: no prices
        cards: list[SlotCard] = []
        for i, slot in enumerate(build.slots):
            card = spare.pop(slot.gpu.id, None)
            if card is None:
                card = SlotCard(self.list)
                card.count_edited.connect(self._count_edited)
                card.remove_requested.connect(self._remove)
                card.price_requested.connect(
                    lambda i, p: edits.set_slot_price(self._document, i, p))
            card.show_slot(i, slot, catalog.gpu(slot.gpu.id) is not None, fmt,
                           slot_price(build, slot, fmt.rates) if fmt is not None else None)
            cards.append(card)
        for card in spare.values():
            card.deleteLater()
        lay = self.list.cards_layout
        for card in self.cards:
            lay.removeWidget(card)
        for i, card in enumerate(cards):
            lay.insertWidget(i, card)
            card.show()
        self.list.empty.setVisible(not cards)
        # Cards sit at the top; the empty-state hint fills the space when there are none.
        lay.setStretch(lay.count() - 1, 1 if cards else 0)
        lay.activate()  # geometry right away: a drop may follow before the next layout pass
        self.cards = cards
        if focused is not None and focused not in cards and cards:
            cards[min(focused.index, len(cards) - 1)].setFocus()
        summary = self.totals.show_build(build)
        self.strip.show_warnings(summary.warnings)
        for card, slot in zip(cards, build.slots, strict=True):
            card.show_warnings(warnings_for_card(summary.warnings, slot.gpu.name))
        if len(cards) != self._card_count:
            self._card_count = len(cards)
            self.wants_height.emit(self.needed_height())
        self.cards_synced.emit()

    def needed_height(self) -> int:
        """The canvas's height that shows the header, totals, strip and every card unscrolled."""
        layout = self.layout()
        if layout is None:
            return self.sizeHint().height()
        margins = layout.contentsMargins()
        parts = [self.header.sizeHint().height(), self.totals.sizeHint().height(),
                 self.strip.height(), self.list.sizeHint().height()]
        gaps = layout.spacing() * (len(parts) - 1 - (1 if self.header.isEmpty() else 0))
        return margins.top() + margins.bottom() + sum(parts) + gaps

    # -- edits -----------------------------------------------------------------------------

    def _count_edited(self, index: int, count: int) -> None:
        edits.set_count(self._document, index, count)

    def _remove(self, index: int) -> None:
        edits.remove_slot(self._document, index)

    # -- drag and drop ---------------------------------------------------------------------

    def _drop_before(self, pos: QPoint) -> int:
        """The slot index a drop at ``pos`` (canvas coordinates) lands in front of."""
        for i, card in enumerate(self.cards):
            centre = card.mapTo(self, card.rect().center())
            if pos.y() < centre.y():
                return i
        return len(self.cards)

    def _indicate(self, pos: QPoint | None) -> None:
        y: int | None = None
        if pos is not None:
            before = self._drop_before(pos)
            spacing = self.list.cards_layout.spacing() // 2
            if before < len(self.cards):
                y = self.cards[before].geometry().top() - spacing
            elif self.cards:
                y = self.cards[-1].geometry().bottom() + spacing
        if y != self.list.indicator_y:
            self.list.indicator_y = y
            self.list.update()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Accept our GPU format (copy) and our card format (move); nothing else."""
        mime = event.mimeData()
        if mime.hasFormat(GPU_MIME):
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()
        elif mime.hasFormat(SLOT_MIME):
            event.setDropAction(Qt.DropAction.MoveAction)
            event.accept()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        """Show where a moved card would land."""
        if event.mimeData().hasFormat(SLOT_MIME):
            self._indicate(event.position().toPoint())
            event.setDropAction(Qt.DropAction.MoveAction)
            event.accept()
        elif event.mimeData().hasFormat(GPU_MIME):
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()
        else:
            event.ignore()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        """Hide the insertion line."""
        self._indicate(None)
        super().dragLeaveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        """Add the dropped catalog GPUs, or move the dropped card."""
        self._indicate(None)
        mime = event.mimeData()
        src = slot_index(mime)
        if src is not None:
            edits.move_slot(self._document, src, self._drop_before(event.position().toPoint()))
            event.setDropAction(Qt.DropAction.MoveAction)
            event.accept()
            return
        ids = gpu_ids(mime)
        if ids and edits.add_gpu_ids(self._document, ids):
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()
            return
        event.ignore()
