"""The workloads table as the user works it: the delegate that edits cells and the view.

Cells are painted by Qt from :class:`~planner.ui.panels.workloads_model.WorkloadsModel`; the
delegate creates an editor (a spin box or a combo of the row's choices) only while a cell is being
edited, and the view sizes its columns once from the widest text each can show, never from the
rows, so an edit never re-measures anything.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QHeaderView,
    QSpinBox,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from planner.ui.fields import CheckedSpinBox
from planner.ui.panels.figure_model import OPTIONS_ROLE, Option
from planner.ui.panels.workloads_columns import (
    CHECKPOINTING,
    COLUMN_COUNT,
    COMBO_COLUMNS,
    NAME,
    NAME_WIDTH,
    RECIPE,
    REMOVE,
    SEQ,
    SPIN_RANGES,
    WorkloadLabels,
)
from planner.ui.panels.workloads_model import WorkloadsModel

_Index = QModelIndex | QPersistentModelIndex


def _make_spin(column: int, parent: QWidget | None, special: str) -> QSpinBox:
    """A frameless spin box over the column's range; it reports a value only when it is final."""
    spin = CheckedSpinBox(parent)
    spin.setFrame(False)
    spin.setAutoFillBackground(True)  # the cell's own text must not show through
    spin.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    low, high = SPIN_RANGES[column]
    spin.setRange(low, high)
    spin.setKeyboardTracking(False)
    if column == SEQ:
        spin.setSpecialValueText(special)
    return spin


def _fill_combo(combo: QComboBox, options: Sequence[Option]) -> None:
    """Give a combo these items, refilling only when they differ (its signals are blocked)."""
    if [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())] \
            == [(label, key) for label, key, _tip in options]:
        return
    combo.clear()
    for i, (label, key, tip) in enumerate(options):
        combo.addItem(label, key)
        if tip:
            combo.setItemData(i, tip, Qt.ItemDataRole.ToolTipRole)


#: Dynamic property holding the value ``setEditorData`` put into an editor.
_SHOWN = "plannerShownValue"


class WorkloadsDelegate(QStyledItemDelegate):
    """Creates an editor only while a cell is being edited; Qt paints the cells.

    Combo boxes commit as soon as the user picks an item and close; spin boxes commit on every
    final value (arrow clicks are live, typing counts on Enter or leaving the cell). ✕ removes
    its row and the checkpointing box toggles on a click anywhere in the cell.
    """

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: _Index) -> QWidget:
        """A spin box or a combo box of the row's choices, wired to commit at once."""
        column = index.column()
        model = index.model()
        if column in SPIN_RANGES:
            special = model.labels.default if isinstance(model, WorkloadsModel) else ""
            spin = _make_spin(column, parent, special)
            spin.valueChanged.connect(lambda _value, s=spin: self.commitData.emit(s))
            return spin
        if column in COMBO_COLUMNS:
            combo = QComboBox(parent)
            combo.setFrame(False)
            combo.setAutoFillBackground(True)
            combo.activated.connect(lambda _i, c=combo: self._commit_and_close(c))
            return combo
        return super().createEditor(parent, option, index)

    def _commit_and_close(self, editor: QWidget) -> None:
        self.commitData.emit(editor)
        self.closeEditor.emit(editor, QAbstractItemDelegate.EndEditHint.NoHint)

    def setEditorData(self, editor: QWidget, index: _Index) -> None:
        """Show the cell's value without the editor reporting it back as an edit.

        Qt calls this again whenever the cell changes, including after the editor's own commit;
        with signals blocked that cannot loop.
        """
        value = index.data(Qt.ItemDataRole.EditRole)
        blocked = editor.blockSignals(True)
        try:
            if isinstance(editor, QSpinBox):
                if editor.value() != value:
                    editor.setValue(int(value))
                editor.setProperty(_SHOWN, editor.value())
            elif isinstance(editor, QComboBox):
                _fill_combo(editor, index.data(OPTIONS_ROLE) or ())
                editor.setCurrentIndex(editor.findData(value))  # unknown key: nothing picked
                editor.setProperty(_SHOWN, editor.currentData())
            else:
                super().setEditorData(editor, index)
        finally:
            editor.blockSignals(blocked)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: _Index) -> None:
        """Write what the user picked; an editor still showing its starting value writes nothing.

        Leaving a cell commits too: without this a clamped out-of-range number or an unknown
        key would be silently replaced by what the editor could show.
        """
        if isinstance(editor, QSpinBox):
            value: object = editor.value()
        elif isinstance(editor, QComboBox):
            if editor.currentIndex() < 0:
                return
            value = editor.currentData()
        else:
            super().setModelData(editor, model, index)
            return
        if value != editor.property(_SHOWN):
            model.setData(index, value, Qt.ItemDataRole.EditRole)

    def editorEvent(self, event: QEvent, model: QAbstractItemModel,
                    option: QStyleOptionViewItem, index: _Index) -> bool:
        """A left click on ✕ removes the row; on the checkpointing cell it toggles the box.

        The release acts; the double-click is swallowed, so a double click toggles once and
        removes one workload, not the one that moved up under the pointer. Space on the
        checkpointing cell toggles it too (Qt's own handling of checkable cells).
        """
        column = index.column()
        if column in (REMOVE, CHECKPOINTING) and isinstance(event, QMouseEvent):
            if event.button() != Qt.MouseButton.LeftButton \
                    or not option.rect.contains(event.position().toPoint()):
                return False
            if event.type() == QEvent.Type.MouseButtonDblClick:
                return True
            if event.type() != QEvent.Type.MouseButtonRelease:
                return False
            if column == REMOVE:
                model.removeRow(index.row())
                return True
            flags = model.flags(index)
            if not flags & Qt.ItemFlag.ItemIsUserCheckable or not flags & Qt.ItemFlag.ItemIsEnabled:
                return False
            checked = index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
            model.setData(index, Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked,
                          Qt.ItemDataRole.CheckStateRole)
            return True
        return super().editorEvent(event, model, option, index)

    def editor_width(self, column: int, labels: WorkloadLabels) -> int:
        """How wide this column's editor wants to be to show its widest value uncut."""
        if column in SPIN_RANGES:
            probe: QWidget = _make_spin(column, None, labels.default)
        elif column in COMBO_COLUMNS:
            combo = QComboBox()
            combo.setFrame(False)
            combo.addItems(list(labels.widest(column)))
            probe = combo
        else:
            return 0
        return probe.sizeHint().width()


class _CheckBoxDelegate(WorkloadsDelegate):
    """The checkpointing column's delegate: its box is drawn centred.

    A separate delegate so that only this column pays for a paint written in Python; the other
    cells are painted by Qt without calling back into Python.
    """

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        """Draw the box centred in the cell (Qt puts it at the left edge)."""
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        checked = opt.checkState == Qt.CheckState.Checked
        opt.features &= ~QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        box = QStyleOptionViewItem(opt)
        size = QSize(style.pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth, opt, widget),
                     style.pixelMetric(QStyle.PixelMetric.PM_IndicatorHeight, opt, widget))
        box.rect = QStyle.alignedRect(opt.direction, Qt.AlignmentFlag.AlignCenter, size,
                                      opt.rect)
        box.state = (box.state & ~(QStyle.StateFlag.State_On | QStyle.StateFlag.State_Off)) \
            | (QStyle.StateFlag.State_On if checked else QStyle.StateFlag.State_Off)
        style.drawPrimitive(QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck, box, painter,
                            widget)


class WorkloadsView(QTableView):
    """The table: a click on a setting starts editing it, Delete stops tracking the row.

    The recipe cell has no inline editor: a click, double click, Enter, F2 or Space on it asks
    for the row's recipe editor (:attr:`recipe_requested`); arrowing onto it does not.
    Columns are sized once from their header and the widest text they can show (never from the
    rows, so an edit never re-measures anything), and again only for a new language, font or
    style; the user can resize them.
    """

    #: The user asked to edit the recipe of the workload in this row.
    recipe_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.delegate = WorkloadsDelegate(self)
        self.setItemDelegate(self.delegate)
        self.check_delegate = _CheckBoxDelegate(self)
        self.setItemDelegateForColumn(CHECKPOINTING, self.check_delegate)
        self.verticalHeader().hide()
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        triggers = QAbstractItemView.EditTrigger
        self.setEditTriggers(triggers.CurrentChanged | triggers.SelectedClicked
                             | triggers.DoubleClicked | triggers.EditKeyPressed
                             | triggers.AnyKeyPressed)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.horizontalHeader().setHighlightSections(False)
        self._fitted = False
        self._pressing = False
        self.activated.connect(self._request_recipe)  # Enter (and a platform's click)

    def edit(self, index: QModelIndex | QPersistentModelIndex,  # type: ignore[override]
             trigger: QAbstractItemView.EditTrigger | None = None,
             event: QEvent | None = None) -> bool:
        """Open the editor; a choice clicked with the mouse drops its list open at once.

        Only for a mouse click: arrowing through the row also opens editors, and a list that
        sprang open on every step would be in the way.
        """
        if trigger is None:  # the public slot edit(index): Qt calls back with a trigger
            super().edit(index)
            return self.indexWidget(index) is not None
        if index.column() == RECIPE:
            self._ask_recipe(index, trigger, event)
            return False
        opened = super().edit(index, trigger, event)  # type: ignore[arg-type]
        by_mouse = self._pressing or (event is not None and event.type() in (
            QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease,
            QEvent.Type.MouseButtonDblClick))
        if opened and by_mouse:
            editor = self.indexWidget(index)
            if isinstance(editor, QComboBox):
                QTimer.singleShot(0, editor.showPopup)
        return opened

    def _ask_recipe(self, index: QModelIndex | QPersistentModelIndex,
                    trigger: QAbstractItemView.EditTrigger, event: QEvent | None) -> None:
        """Ask for the recipe editor on a click or an edit key, not when arrowed onto."""
        triggers = QAbstractItemView.EditTrigger
        by_mouse = self._pressing or (event is not None and event.type() in (
            QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease,
            QEvent.Type.MouseButtonDblClick))
        by_key = trigger == triggers.EditKeyPressed or (
            trigger == triggers.AnyKeyPressed and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Space)
        if by_mouse or by_key:
            self._request_recipe(index)

    def _request_recipe(self, index: QModelIndex | QPersistentModelIndex) -> None:
        """Ask for the row's recipe editor once the click or key is handled (if it applies)."""
        model = self.model()
        if index.column() == RECIPE and model is not None \
                and model.flags(index) & Qt.ItemFlag.ItemIsEditable:
            row = index.row()
            QTimer.singleShot(0, self, lambda: self.recipe_requested.emit(row))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """Remember the press while Qt handles it.

        The editor a click opens comes through "current changed", which carries no event to
        tell a click from an arrow key.
        """
        self._pressing = True
        try:
            super().mousePressEvent(event)
        finally:
            self._pressing = False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Delete on a current cell (no editor open) stops tracking that row's workload."""
        current = self.currentIndex()
        if event.key() == Qt.Key.Key_Delete and current.isValid() \
                and self.state() != QAbstractItemView.State.EditingState:
            model = self.model()
            if model is not None:
                model.removeRow(current.row())
            event.accept()
            return
        super().keyPressEvent(event)

    def fit_columns(self) -> None:
        """Size every column from its header and its widest possible text and editor."""
        model = self.model()
        if not isinstance(model, WorkloadsModel):
            return
        self._fitted = True
        header = self.horizontalHeader()
        metrics = self.fontMetrics()
        style = self.style()
        pad = 2 * (style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self) + 1) + 8
        labels = model.labels
        for column in range(COLUMN_COUNT):
            if column == NAME:
                header.resizeSection(column, NAME_WIDTH)
                continue
            texts = labels.widest(column)
            width = max((metrics.horizontalAdvance(t) for t in texts), default=0) + pad
            if column == CHECKPOINTING:
                width = style.pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth, None, self) + pad
            width = max(width, header.sectionSizeHint(column),
                        self.delegate.editor_width(column, labels))
            header.resizeSection(column, width)
        combo = QComboBox()
        combo.setFrame(False)
        rows = self.verticalHeader()
        rows.setDefaultSectionSize(max(rows.minimumSectionSize(), combo.sizeHint().height(),
                                       metrics.height() + 8))

    def showEvent(self, event: QShowEvent) -> None:
        """Size the columns on first show, when the final font and style are known."""
        if not self._fitted:
            self.fit_columns()
        super().showEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        """A new font or style changes every text's width: size the columns again."""
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fitted = False
            if self.isVisible():
                self.fit_columns()
        super().changeEvent(event)
