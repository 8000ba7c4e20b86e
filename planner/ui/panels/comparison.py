"""Comparison panel: two to four GPUs side by side, and their architectures, best values marked.

Which GPUs are compared is the panel's own choice (it is not part of the build): by default the
build's distinct cards; the user adds others from the catalog and removes any. The figures and
which cell wins each row come from :mod:`planner.core.views.compare`; the panel marks winners with
bold text on a light tint of the palette's highlight colour, and every datasheet cell's tooltip
names its source.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from planner.core.costs.formatting import Formatter
from planner.core.costs.money import Rates
from planner.core.estimator.headroom import DOES_NOT_FIT
from planner.core.estimator.speed import DEFAULT_BANDWIDTH_EFFICIENCY, DEFAULT_MFU
from planner.core.records.specs import GpuSpec
from planner.core.views.compare import (
    MAX_COLUMNS,
    ComparisonRow,
    ComparisonTable,
    architecture_table,
    comparison_table,
    default_architectures,
    default_gpus,
)
from planner.ui.document import BuildDocument
from planner.ui.panels.common import Panel, clear_layout, searchable_combo, verdict_color
from planner.words.wording import cell_text, row_label, row_labels, verdict_text

#: Rows whose figures come from the GPU's datasheet (the others are derived or from elsewhere).
DATASHEET_ROWS = {"memory", "memory_type", "bandwidth", "fp32", "fp16", "bf16", "fp8", "int8",
                  "interconnect", "link_bandwidth", "tdp"}


def best_brush(widget: QWidget) -> QBrush:
    """A subtle tint of the palette's highlight: visible in light and dark themes alike."""
    color = QColor(widget.palette().color(QPalette.ColorRole.Highlight))
    color.setAlpha(55)
    return QBrush(color)


class ComparisonTab(QWidget):
    """A picker row (chips with ×, an add combo, reset) over a table of ComparisonRows."""

    def __init__(self, panel: ComparisonPanel, add_placeholder: str) -> None:
        super().__init__(panel)
        self.panel = panel
        self.chips = QHBoxLayout()
        self.chips.setContentsMargins(0, 0, 0, 0)
        self.add = searchable_combo(add_placeholder)
        self.reset = QPushButton(self.tr("Reset"))
        self.reset.setToolTip(self.tr("Compare the build's own GPUs again"))
        picker = QHBoxLayout()
        picker.addLayout(self.chips)
        picker.addStretch(1)
        picker.addWidget(self.add)
        picker.addWidget(self.reset)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.table = QTableWidget()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setWordWrap(True)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        layout = QVBoxLayout(self)
        layout.addLayout(picker)
        layout.addWidget(self.hint)
        layout.addWidget(self.table, 1)
        self._chip_ids: list[str] = []
        self.items: list[list[QTableWidgetItem]] = []
        self.shown: ComparisonTable | None = None
        self.row_labels: list[str] = []

    def set_chips(self, items: list[tuple[str, str]], on_remove: object) -> None:
        """One removable chip per compared column; rebuilt only when the columns change."""
        ids = [i for i, _ in items]
        if ids == self._chip_ids:
            return
        self._chip_ids = ids
        clear_layout(self.chips)
        for item_id, name in items:
            chip = QToolButton(self)
            chip.setText(f"{name}  ×")
            chip.setToolTip(self.tr("Remove %1 from the comparison").replace("%1", name))
            chip.clicked.connect(lambda _c=False, i=item_id: on_remove(i))  # type: ignore[operator]
            self.chips.addWidget(chip)

    def show_table(self, table: ComparisonTable, fmt: Formatter) -> None:
        """Fill the table, reusing its items; mark the best cells of each row."""
        w = self.table
        rows, cols = len(table.rows), len(table.columns)
        previous = self.shown
        self.shown = table
        reshaped = w.rowCount() != rows or w.columnCount() != cols
        if reshaped:
            w.setRowCount(rows)
            w.setColumnCount(cols)
            self.items = [[QTableWidgetItem() for _c in range(cols)] for _r in range(rows)]
            for r in range(rows):
                for c in range(cols):
                    w.setItem(r, c, self.items[r][c])
        # Header labels and unchanged rows are left alone: setting them re-lays out the table.
        columns = [col.name for col in table.columns]
        if reshaped or previous is None or previous.columns != table.columns:
            w.setHorizontalHeaderLabels(columns)
        labels = [self.panel.row_label(row, fmt) for row in table.rows]
        if reshaped or len(labels) != len(self.row_labels):
            w.setVerticalHeaderLabels(labels)
            # Fixed row heights (two lines where a cell holds two): measuring every row's
            # contents on each change costs more than the rest of the refresh.
            line = self.fontMetrics().lineSpacing()
            for r, row in enumerate(table.rows):
                lines = 2 if row.kind == "headroom" else max(
                    1, max((str(v).count("\n") + 1 for v in row.values if v is not None),
                           default=1))
                w.setRowHeight(r, lines * line + 8)
        else:
            for r, (old, new) in enumerate(zip(self.row_labels, labels, strict=True)):
                header = w.verticalHeaderItem(r)
                if old != new and header is not None:
                    header.setText(new)
        self.row_labels = labels
        same_frame = (not reshaped and previous is not None and previous.columns == table.columns
                      and previous.currency == table.currency)
        tint = best_brush(self)
        plain = QBrush()
        for r, row in enumerate(table.rows):
            if same_frame and previous is not None and previous.rows[r] == row:
                continue
            for c in range(cols):
                item = self.items[r][c]
                item.setText(self.panel.cell_text(row, c, fmt))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                best = c in row.best
                font = QFont(item.font())
                font.setBold(best)
                item.setFont(font)
                item.setBackground(tint if best else plain)
                item.setData(Qt.ItemDataRole.UserRole, best)
                verdict = row.verdicts[c] if c < len(row.verdicts) else None
                item.setForeground(QBrush(verdict_color(verdict)) if verdict == DOES_NOT_FIT
                                   else plain)
                item.setToolTip(self.panel.cell_tooltip(table, row, c))


class ComparisonPanel(Panel):
    """GPUs and architectures side by side, with the better value of each row highlighted."""

    def __init__(self, document: BuildDocument, parent: QWidget | None = None,
                 rates: Rates | None = None) -> None:
        self._labels: dict[str, str] | None = None  # dropped on LanguageChange
        super().__init__(document, parent, rates)
        self.chosen_gpus: list[str] | None = None
        """GPU ids the user picked; ``None`` follows the build's own GPUs."""
        self.chosen_architectures: list[str] | None = None
        self.table: ComparisonTable | None = None
        self.arch_table: ComparisonTable | None = None

        self.gpus_tab = ComparisonTab(self, self.tr("Add a GPU…"))
        self.arch_tab = ComparisonTab(self, self.tr("Add an architecture…"))
        self.tabs = QTabWidget()
        self.tabs.addTab(self.gpus_tab, self.tr("GPUs"))
        self.tabs.addTab(self.arch_tab, self.tr("Architectures"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs)

        self.gpus_tab.add.activated.connect(self._on_add_gpu)
        self.gpus_tab.reset.clicked.connect(self._reset_gpus)
        self.arch_tab.add.activated.connect(self._on_add_arch)
        self.arch_tab.reset.clicked.connect(self._reset_archs)
        self._fill_combos()
        document.catalog_changed.connect(self._fill_combos)

    # --- choosing ---------------------------------------------------------------------------

    def _fill_combos(self) -> None:
        catalog = self.document.catalog
        for combo, items in ((self.gpus_tab.add, [(g.name, g.id) for g in catalog.gpus]),
                             (self.arch_tab.add,
                              [(a.name, a.id) for a in catalog.architectures])):
            combo.blockSignals(True)
            combo.clear()
            for name, item_id in items:
                combo.addItem(name, item_id)
            combo.setCurrentIndex(-1)
            combo.blockSignals(False)

    def compared_gpus(self) -> list[GpuSpec]:
        """The GPUs in the table, left to right."""
        catalog = self.document.catalog
        if self.chosen_gpus is None:
            return default_gpus(self.document.build, catalog)
        build_gpus = {s.gpu.id: s.gpu for s in self.document.build.slots}
        out = []
        for gid in self.chosen_gpus:
            gpu = build_gpus.get(gid) or catalog.gpu(gid)
            if gpu is not None:
                out.append(gpu)
        return out

    def compared_architectures(self) -> list[str]:
        """The architecture ids in the Architectures tab, left to right."""
        if self.chosen_architectures is None:
            return default_architectures(self.compared_gpus(), self.document.catalog)
        return list(self.chosen_architectures)

    def add_gpu(self, gpu_id: str) -> None:
        """Add a column (at most four; the oldest choice makes room)."""
        ids = [g.id for g in self.compared_gpus()]
        if gpu_id in ids:
            return
        ids.append(gpu_id)
        self.chosen_gpus = ids[-MAX_COLUMNS:]
        self.refresh()

    def remove_gpu(self, gpu_id: str) -> None:
        """Drop a column."""
        self.chosen_gpus = [g.id for g in self.compared_gpus() if g.id != gpu_id]
        self.refresh()

    def _on_add_gpu(self, index: int) -> None:
        gpu_id = self.gpus_tab.add.itemData(index)
        self.gpus_tab.add.setCurrentIndex(-1)
        if gpu_id:
            self.add_gpu(gpu_id)

    def _reset_gpus(self) -> None:
        self.chosen_gpus = None
        self.refresh()

    def add_architecture(self, arch_id: str) -> None:
        """Add an architecture column (at most four)."""
        ids = self.compared_architectures()
        if arch_id not in ids:
            self.chosen_architectures = [*ids, arch_id][-MAX_COLUMNS:]
            self.refresh()

    def remove_architecture(self, arch_id: str) -> None:
        """Drop an architecture column."""
        self.chosen_architectures = [a for a in self.compared_architectures() if a != arch_id]
        self.refresh()

    def _on_add_arch(self, index: int) -> None:
        arch_id = self.arch_tab.add.itemData(index)
        self.arch_tab.add.setCurrentIndex(-1)
        if arch_id:
            self.add_architecture(arch_id)

    def _reset_archs(self) -> None:
        self.chosen_architectures = None
        self.refresh()

    # --- drawing ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Rebuild both tables from the views."""
        gpus = self.compared_gpus()
        catalog = self.document.catalog
        self.table = comparison_table(gpus, self.document.build, catalog, self.rates)
        self.gpus_tab.set_chips([(g.id, g.name) for g in gpus], self.remove_gpu)
        self.gpus_tab.hint.setVisible(len(gpus) < 2)
        self.gpus_tab.hint.setText(self.tr("Add GPUs to the build, or pick them here, to compare "
                                           "two to four side by side."))
        fmt = self.formatter()
        if self.table != self.gpus_tab.shown:
            self.gpus_tab.show_table(self.table, fmt)
        arch_table = architecture_table(self.compared_architectures(), catalog)
        if arch_table == self.arch_table:
            return
        self.arch_table = arch_table
        self.arch_tab.set_chips([(c.id, c.name) for c in arch_table.columns],
                                self.remove_architecture)
        self.arch_tab.hint.setVisible(False)
        self.arch_tab.show_table(arch_table, fmt)

    def apply_palette(self) -> None:
        """Re-tint the winning cells."""
        self.gpus_tab.shown = self.arch_tab.shown = None  # force every cell to be redrawn
        fmt = self.formatter()
        if self.table is not None:
            self.gpus_tab.show_table(self.table, fmt)
        if self.arch_table is not None:
            self.arch_tab.show_table(self.arch_table, fmt)

    def row_label(self, row: ComparisonRow, fmt: Formatter | None = None) -> str:
        """A row's name in the user's language, with its unit (worded as the sheet words it)."""
        if self._labels is None:
            self._labels = row_labels()
        return row_label(row, self._labels, fmt)

    def changeEvent(self, event: QEvent) -> None:
        """A new translator: row names are built again in the new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._labels = None
        super().changeEvent(event)

    def cell_text(self, row: ComparisonRow, column: int, fmt: Formatter) -> str:
        """One value for people, as the sheet shows it; headroom with its verdict below."""
        text = cell_text(row, column, fmt)
        verdict = row.verdicts[column] if column < len(row.verdicts) else None
        if row.kind == "headroom" and verdict and row.values[column] is not None:
            return f"{text}\n{verdict_text(verdict)}"
        return text

    def cell_tooltip(self, table: ComparisonTable, row: ComparisonRow, column: int) -> str:
        """Where a figure comes from, and why a cell is marked."""
        col = table.columns[column]
        parts: list[str] = []
        if row.key in DATASHEET_ROWS or table is self.arch_table:
            if col.sources:
                parts.append(self.tr("Source: %1").replace("%1", col.sources[0]))
        elif row.key == "price":
            parts.append(self.tr("Price source: %1").replace(
                "%1", col.price_source or self.tr("launch MSRP")))
            if table.currency != "USD" and self.rates.as_of:
                parts.append(self.tr("Converted from US dollars at the rates of %1")
                             .replace("%1", self.rates.as_of))
        elif row.kind == "headroom":
            parts.append(self.tr("Free memory per GPU if the build were made of this card."))
        elif row.kind == "speed":
            n = max(1, self.document.build.gpu_count)
            parts.append(self.tr(
                "Estimated for the build's %n GPU(s) of this card: training at %2 % of the "
                "card's peak dense tensor throughput (model FLOPs utilisation), decoding at %3 % "
                "of its memory bandwidth. Shown only where the workload fits.", "", n)
                .replace("%2", str(round(DEFAULT_MFU * 100)))
                .replace("%3", str(round(DEFAULT_BANDWIDTH_EFFICIENCY * 100))))
        if column in row.best:
            parts.append(self.tr("Best of the compared (higher is better)") if
                         row.better == "higher" else
                         self.tr("Best of the compared (lower is better)"))
        return "\n".join(parts)
