"""The catalog dock: search, filters and the GPU table the user drags cards out of.

The panel only lays out and wires: the model and proxy (catalog_model) hold the logic, and adding to
the build goes through `edits`, so the undo text is the same as for a drop on the canvas.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QSpinBox,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from planner.core.costs.money import SYMBOLS
from planner.core.records.specs import GpuSpec
from planner.ui import edits
from planner.ui import settings as cfg
from planner.ui.catalog_model import GPU_ROLE, NAME, CatalogFilterProxy, CatalogModel
from planner.ui.document import BuildDocument
from planner.ui.fields import CheckedSpinBox
from planner.words.formats import formatter

# The widest a column other than the name gets when fitted to its values.
MAX_COLUMN_PX = 100


class CatalogView(QTableView):
    """The GPU table: Enter or Return adds the current GPU (double-click does too)."""

    add_requested = Signal(list)
    """The user asked to add these GPUs (list of GpuSpec) to the build."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.setSortingEnabled(True)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self.verticalHeader().hide()
        self.doubleClicked.connect(self._on_double_click)

    def selected_gpus(self) -> list[GpuSpec]:
        """The GPUs of the selected rows, top to bottom (the current one if none is selected)."""
        rows = sorted(self.selectionModel().selectedRows(NAME), key=lambda i: i.row())
        if not rows and self.currentIndex().isValid():
            rows = [self.currentIndex().siblingAtColumn(NAME)]
        return [i.data(GPU_ROLE) for i in rows]

    def _on_double_click(self, index: QModelIndex) -> None:
        if index.isValid():
            self.add_requested.emit([index.siblingAtColumn(NAME).data(GPU_ROLE)])

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter/Return adds the selection instead of the item view's default activation."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            gpus = self.selected_gpus()
            if gpus:
                self.add_requested.emit(gpus)
            event.accept()
            return
        super().keyPressEvent(event)


def _spin(maximum: int, step: int, prefix: str = "", suffix: str = "",
          any_text: str = "") -> QSpinBox:
    spin = CheckedSpinBox()
    spin.setRange(0, maximum)
    spin.setSingleStep(step)
    spin.setPrefix(prefix)
    spin.setSuffix(suffix)
    spin.setSpecialValueText(any_text)
    spin.setAccelerated(True)
    return spin


class CatalogPanel(QWidget):
    """Search box, filters and GPU table over the document's catalog."""

    edit_requested = Signal(object)
    reset_requested = Signal(object)
    """Put a card back to its bundled figures (its `GpuSpec`)."""
    """The user asked to edit a GPU (GpuSpec) in the catalog."""

    add_custom_requested = Signal()
    """The user asked to describe a GPU of their own."""

    def __init__(self, document: BuildDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.edit_refusal: str | None = None
        """Why a card cannot be changed for the team (a read-only role), set by ui/team.py."""
        self.model = CatalogModel(self)
        self.proxy = CatalogFilterProxy(self)
        self.proxy.setSourceModel(self.model)

        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search GPUs (e.g. 4090 rtx, hopper, mi300)"))
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName(self.tr("Search the catalog"))

        self.vendor = QComboBox()
        self.vendor.setAccessibleName(self.tr("Vendor"))
        self.architecture = QComboBox()
        self.architecture.setAccessibleName(self.tr("Architecture"))
        self.min_memory = _spin(2048, 8, suffix=self.tr(" GB"), any_text=self.tr("Any VRAM"))
        self.min_memory.setToolTip(self.tr("At least this much memory per GPU"))
        self.max_price = _spin(1_000_000, 500, prefix="$", any_text=self.tr("Any price"))
        self.max_price.setToolTip(self.tr("At most this price per GPU (in the build's "
                                          "currency); GPUs "
                                          "without a known price are hidden while set"))
        self.max_power = _spin(5000, 50, suffix=self.tr(" W"), any_text=self.tr("Any power"))
        self.max_power.setToolTip(self.tr("At most this board power per GPU"))

        self.view = CatalogView()
        self.view.setModel(self.proxy)
        self.view.sortByColumn(NAME, Qt.SortOrder.AscendingOrder)
        self.view.setAccessibleName(self.tr("GPU catalog"))
        self.view.setToolTip(self.tr("Drag a GPU onto the build, or double-click it"))
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        # The name takes what the other columns leave (eliding, with the name in its tooltip);
        # titles start at the left, so a column at the edge still shows what it is.
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        header.setMinimumSectionSize(40)
        header.setToolTip(self.tr("Right-click to choose the columns"))
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._columns_menu)
        for column in cfg.read(cfg.open_settings(), cfg.CATALOG_HIDDEN_COLUMNS):
            if column.isdigit() and int(column) != NAME:
                self.view.setColumnHidden(int(column), True)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

        self.count_label = QLabel()
        self.count_label.setAccessibleName(self.tr("Number of GPUs shown"))
        loading = QLabel(self.tr("Loading the catalog…"))
        loading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._stack = QStackedWidget()
        self._stack.addWidget(loading)
        self._stack.addWidget(self.view)

        filters = QGridLayout()
        filters.setContentsMargins(0, 0, 0, 0)
        filters.addWidget(self.vendor, 0, 0)
        filters.addWidget(self.architecture, 0, 1)
        filters.addWidget(self.min_memory, 1, 0)
        filters.addWidget(self.max_power, 1, 1)
        filters.addWidget(self.max_price, 2, 0)
        filters.addWidget(self.count_label, 2, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.search)
        layout.addLayout(filters)
        layout.addWidget(self._stack, 1)

        self.search.textChanged.connect(self.proxy.set_search_text)
        self.vendor.currentIndexChanged.connect(
            lambda _i: self.proxy.set_vendor(self.vendor.currentData()))
        self.architecture.currentIndexChanged.connect(
            lambda _i: self.proxy.set_architecture(self.architecture.currentData()))
        self.min_memory.valueChanged.connect(lambda v: self.proxy.set_min_memory_gb(v or None))
        self.max_price.valueChanged.connect(lambda v: self.proxy.set_max_price(v or None))
        self.max_power.valueChanged.connect(lambda v: self.proxy.set_max_power_w(v or None))
        self.proxy.rowsInserted.connect(self._update_count)
        self.proxy.rowsRemoved.connect(self._update_count)
        self.proxy.modelReset.connect(self._update_count)
        self.proxy.layoutChanged.connect(self._update_count)
        self.view.add_requested.connect(self._add)
        self.view.customContextMenuRequested.connect(self._context_menu)
        document.catalog_changed.connect(self.reload)
        document.changed.connect(self._sync_pricing)
        self._sync_pricing()
        self._fill_combos()
        if document.catalog.gpus:
            self.reload()

    def _sync_pricing(self) -> None:
        """Prices in the open build's currency and basis, as its cards would show them.

        Runs on every edit; only a new currency or basis re-sorts and re-filters the catalog (a
        whole pass over it cost more than all the panels together).
        """
        cost = self._document.build.cost
        if not self.model.set_pricing(cost.currency, cost.price_basis,
                                      lambda: formatter("USD").rates):
            return
        prefix = SYMBOLS.get(cost.currency, cost.currency + " ")
        if self.max_price.prefix() != prefix:
            self.max_price.setPrefix(prefix)
        self.proxy.invalidate()

    def reload(self) -> None:
        """Show the document's (new) catalog, keeping the search and filters."""
        self.model.set_catalog(self._document.catalog)
        self._fill_combos()
        self._stack.setCurrentWidget(self.view)
        if self.model.rowCount():
            self.fit_columns()
        self._update_count()

    def fit_columns(self) -> None:
        """Each column as wide as its widest value or title; the name gets the rest."""
        header = self.view.horizontalHeader()
        for column in range(self.model.columnCount()):
            if column != NAME and not self.view.isColumnHidden(column):
                width = max(self.view.sizeHintForColumn(column),
                            header.sectionSizeHint(column))
                # A long architecture ("Intel Gaudi 2 / Gaudi 3") elides; its tooltip has it all.
                self.view.setColumnWidth(column, min(width, MAX_COLUMN_PX))

    def _columns_menu(self, pos: QPoint) -> None:
        """Show or hide the table's columns (the name always shows); remembered."""
        menu = QMenu(self)
        for column in range(self.model.columnCount()):
            if column == NAME:
                continue
            title = self.model.headerData(column, Qt.Orientation.Horizontal)
            action = QAction(str(title), menu)
            action.setCheckable(True)
            action.setChecked(not self.view.isColumnHidden(column))
            action.toggled.connect(lambda on, c=column: self._show_column(c, on))
            menu.addAction(action)
        menu.popup(self.view.horizontalHeader().mapToGlobal(pos))

    def _show_column(self, column: int, shown: bool) -> None:
        self.view.setColumnHidden(column, not shown)
        if shown:
            self.fit_columns()
        hidden = [str(c) for c in range(self.model.columnCount()) if self.view.isColumnHidden(c)]
        cfg.write(cfg.open_settings(), cfg.CATALOG_HIDDEN_COLUMNS, hidden)

    def _fill_combos(self) -> None:
        catalog = self._document.catalog
        vendors = sorted({g.vendor for g in catalog.gpus})
        used = {g.architecture for g in catalog.gpus}
        arches = sorted(((self.model.architecture_short(a), a) for a in used),
                        key=lambda pair: pair[0].lower())
        for combo, all_text, items in (
                (self.vendor, self.tr("All vendors"), [(v, v) for v in vendors]),
                (self.architecture, self.tr("All architectures"), arches)):
            current = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(all_text, None)
            for text, data in items:
                combo.addItem(text, data)
                if combo is self.architecture:  # the full name, chips and all
                    combo.setItemData(combo.count() - 1, self.model.architecture_name(data),
                                      Qt.ItemDataRole.ToolTipRole)
            found = combo.findData(current) if current else 0
            combo.setCurrentIndex(max(found, 0))
            combo.blockSignals(False)
            if found < 0:
                combo.currentIndexChanged.emit(0)

    def _update_count(self, *_args: object) -> None:
        shown, total = self.proxy.rowCount(), self.model.rowCount()
        self.count_label.setText(self.tr("%1 of %2 GPUs").replace("%1", str(shown))
                                 .replace("%2", str(total)))

    def _add(self, gpus: list[GpuSpec]) -> None:
        edits.add_gpus(self._document, gpus)

    def _context_menu(self, pos: QPoint) -> None:
        self.menu_for(self.view.indexAt(pos)).popup(self.view.viewport().mapToGlobal(pos))

    def menu_for(self, index: QModelIndex) -> QMenu:
        """The right-click menu of a row (or of the empty table when ``index`` is invalid).

        A member whose team role may only read sees Edit and Reset disabled, with the reason
        in their tooltip and, for the whole menu, as its last line: told before editing.
        """
        menu = QMenu(self)
        menu.setToolTipsVisible(True)
        if index.isValid():
            gpu = index.siblingAtColumn(NAME).data(GPU_ROLE)
            add = QAction(self.tr("Add to Build"), menu)
            add.triggered.connect(lambda: self._add(self.view.selected_gpus() or [gpu]))
            edit = QAction(self.tr("Edit GPU…"), menu)
            edit.triggered.connect(lambda: self.edit_requested.emit(gpu))
            menu.addActions([add, edit])
            changing = [edit]
            layer = self.model.layer_of(gpu.id)
            if layer is not None and layer.marked and layer.bundled is not None:
                reset = QAction(self.tr("Reset to Catalog Figures"), menu)
                reset.triggered.connect(lambda: self.reset_requested.emit(gpu))
                menu.addAction(reset)
                changing.append(reset)
            if self.edit_refusal:
                for action in changing:
                    action.setEnabled(False)
                    action.setToolTip(self.edit_refusal)
                why = QAction(self.edit_refusal, menu)
                why.setEnabled(False)
                menu.addSeparator()
                menu.addAction(why)
            menu.addSeparator()
        custom = QAction(self.tr("Add Custom GPU…"), menu)
        custom.triggered.connect(self.add_custom_requested.emit)
        menu.addAction(custom)
        return menu
