"""Compare panel: two to four variants of the document (and a rental) side by side.

Which variants are compared, and whether a cloud rental joins them, is the panel's own choice
(not part of the document): by default the first four variants, with the rental the assumptions
name. The figures and the best cell of each row come from
:func:`planner.core.views.variants.variant_comparison`; they are worded as on page 1 of the
printed sheet (:mod:`planner.words.wording`). Below the table, the cumulative cost of each
candidate over the horizon. Names from the file are shown as plain text.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QBrush, QColor, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from planner.core.costs.money import Rates
from planner.core.estimator.headroom import DOES_NOT_FIT
from planner.core.views.compare import ComparisonRow
from planner.core.views.variants import (
    MAX_COMPARED,
    RENTAL,
    VariantColumn,
    VariantComparison,
    default_selection,
    rental_for,
    variant_comparison,
)
from planner.report.chart import axis_top
from planner.ui.document import BuildDocument
from planner.ui.panels.common import (
    Panel,
    chart_colors,
    clear_layout,
    nice_ceiling,
    style_plot,
    verdict_color,
)
from planner.ui.panels.curve_item import CurveItem
from planner.ui.panels.figure_model import CENTER, Cell, FigureModel
from planner.words.rentals import column_note, column_tooltip, rented_text
from planner.words.wording import cell_text, row_label, row_labels, verdict_text

#: One colour and marker per column (Okabe–Ito), dashed every other line for grey print.
SERIES = (("#0072B2", "o", False), ("#D55E00", "s", True), ("#009E73", "o", True),
          ("#CC79A7", "s", False), ("#7F7F7F", "o", True))


def _series_name(col: VariantColumn) -> str:
    """A line's name in the legend: the variant's, or what is rented and its kind."""
    if col.kind != RENTAL or col.rental is None:
        return col.name
    provider, name, units, gpus = col.rental
    return rented_text(f"{provider} {name}", units, gpus, col.rental_kind)


class ComparePanel(Panel):
    """Variants side by side: fit, speed, money, power; best values marked; cost over years."""

    def __init__(self, document: BuildDocument, parent: QWidget | None = None,
                 rates: Rates | None = None) -> None:
        self._labels: dict[str, str] | None = None
        super().__init__(document, parent, rates)
        self.selection: list[int] | None = None
        """Variant indices the user picked; ``None`` follows :func:`default_selection`."""
        self.with_rental = True
        self.view: VariantComparison | None = None
        self._checks_for: list[str] = []
        self._range: tuple[float, float] = (0.0, 0.0)
        self._legend_names: list[str] = []

        self.checks = QHBoxLayout()
        self.checks.setContentsMargins(0, 0, 0, 0)
        self.rental_check = QCheckBox(self.tr("Compare with renting"))
        self.rental_check.setChecked(True)
        self.rental_check.toggled.connect(self._on_rental)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setTextFormat(Qt.TextFormat.PlainText)
        top = QHBoxLayout()
        top.addLayout(self.checks)
        top.addStretch(1)
        top.addWidget(self.rental_check)

        self.model = FigureModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setWordWrap(True)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        vertical = self.table.verticalHeader()
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(2 * self.fontMetrics().lineSpacing() + 6)

        import pyqtgraph as pg

        self.plot = pg.PlotWidget()
        self.plot.setMenuEnabled(False)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.plot.disableAutoRange()
        self.plot.showGrid(x=False, y=True, alpha=0.2)
        self.plot.setLabel("bottom", self.tr("Years"))
        self.plot.getAxis("bottom").setTickSpacing(1, 1)
        self.plot.setMinimumHeight(160)
        # The legend sits under the axis, outside the plot: inside, it hid the lines it names.
        item = self.plot.getPlotItem()
        self.legend = pg.LegendItem(labelTextSize="8pt", verSpacing=-6)
        self.legend.setParentItem(item)
        item.layout.addItem(self.legend, 5, 1)
        self.curves = [CurveItem(color, symbol, dashed) for color, symbol, dashed in SERIES]
        for curve in self.curves:
            self.plot.addItem(curve)

        self.split = split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self.plot)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.hint)
        layout.addWidget(split, 1)
        self._label_currency = ""
        self.apply_palette()


    def resizeEvent(self, event: QResizeEvent) -> None:
        """Table beside the chart in a wide, short dock (the bottom tabs); above it otherwise."""
        size = event.size()
        wide = size.width() > 2 * size.height()
        orientation = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
        if self.split.orientation() != orientation:
            self.split.setOrientation(orientation)
            if wide:  # the table's columns of figures need more room than the chart
                self.split.setSizes([size.width() * 5 // 8, size.width() * 3 // 8])
        super().resizeEvent(event)

    # --- choosing -------------------------------------------------------------------------------

    def compared(self) -> list[int]:
        """The variant indices in the table, left to right."""
        study = self.document.study
        chosen = default_selection(study) if self.selection is None else self.selection
        return [i for i in chosen if 0 <= i < len(study.variants)][:MAX_COMPARED]

    def set_compared(self, index: int, on: bool) -> None:
        """Add or drop a variant column (at most four; the oldest choice makes room)."""
        chosen = self.compared()
        if on and index not in chosen:
            chosen = [*chosen, index][-MAX_COMPARED:]
        elif not on:
            chosen = [i for i in chosen if i != index]
        self.selection = sorted(chosen)
        self.refresh()

    def _on_rental(self, on: bool) -> None:
        self.with_rental = on
        self.refresh()

    def _sync_checks(self) -> None:
        names = self.document.study.names()
        if names != self._checks_for:
            if self._checks_for and self.selection is not None:
                # Variants were added, removed or renamed: follow the defaults again.
                self.selection = None
            self._checks_for = names
            clear_layout(self.checks)
            for i, name in enumerate(names):
                box = QCheckBox(name)  # a check box shows its text as is: never markup
                box.toggled.connect(lambda on, i=i: self.set_compared(i, on))
                self.checks.addWidget(box)
        chosen = set(self.compared())
        for i in range(self.checks.count()):
            item = self.checks.itemAt(i)
            widget = item.widget() if item is not None else None
            if isinstance(widget, QCheckBox):
                box = widget
                box.blockSignals(True)
                box.setChecked(i in chosen)
                box.blockSignals(False)

    # --- drawing --------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Ask core for the comparison and show it."""
        study, catalog = self.document.study, self.document.catalog
        self._sync_checks()
        rental = (rental_for(study, catalog, self.rates, selection=self.compared())
                  if self.with_rental else None)
        view = variant_comparison(study, catalog, self.rates, self.compared(), rental,
                                  runs=self.document.runs)
        self.hint.setVisible(len(study.variants) < 2)
        self.hint.setText(self.tr("Duplicate the build as a variant (above the build cards) "
                                  "to compare candidate builds side by side."))
        if view == self.view:
            return
        self.view = view
        self._draw_table(view)
        self._draw_chart(view)

    def row_label(self, row: ComparisonRow) -> str:
        """A row's name in the user's language (as the sheet words it)."""
        if self._labels is None:
            self._labels = row_labels()
        return row_label(row, self._labels)

    def changeEvent(self, event: QEvent) -> None:
        """A new translator: row names are built again in the new language."""
        if event.type() == QEvent.Type.LanguageChange:
            self._labels = None
            self.view = None
        super().changeEvent(event)

    def _draw_table(self, view: VariantComparison) -> None:
        fmt = self.formatter()
        tint = QColor(self.palette().color(QPalette.ColorRole.Highlight))
        tint.setAlpha(55)
        best_brush = QBrush(tint)
        short = verdict_color(DOES_NOT_FIT)
        rows: list[list[Cell]] = []
        for row in view.rows:
            cells = []
            for c in range(len(view.columns)):
                text = cell_text(row, c, fmt)
                verdict = row.verdicts[c] if c < len(row.verdicts) else None
                if row.kind == "headroom" and verdict:
                    text = f"{text}\n{verdict_text(verdict)}"
                if row.key == "purchase" and view.columns[c].price_dates \
                        and row.values[c] is not None:
                    text = f"{text}\n{', '.join(view.columns[c].price_dates)}"
                col = view.columns[c]
                if row.key == "rent_total" and col.kind == RENTAL:
                    text = column_note(next((v.name for v in view.columns if v.index
                                             == col.like_for and col.like_for is not None),
                                            None))
                elif row.key == "rent_total" and col.rental is not None:
                    provider, name, units, gpus = col.rental
                    text += "\n" + rented_text(f"{provider} {name}", units, gpus,
                                               col.rental_kind)
                best = c in row.best
                cells.append(Cell(text, align=CENTER, bold=best, marked=best,
                                  background=best_brush if best else None,
                                  foreground=short if verdict == DOES_NOT_FIT else None,
                                  tooltip=self._tooltip(row, best)))
            rows.append(cells)
        headers = [self._header(view, col) for col in view.columns]
        tips = [column_tooltip(next((c.name for c in view.columns
                                     if c.index == col.like_for and col.like_for is not None),
                                    None), col.rental_kind)
                if col.kind == RENTAL else "" for col in view.columns]
        self.model.set_headers(headers, [self.row_label(r) for r in view.rows], tips)
        self.model.set_rows(rows)

    def _header(self, view: VariantComparison, col: VariantColumn) -> str:
        """A variant's name; the rental's offer, how many, its kind and whom it matches."""
        if col.kind != RENTAL or col.rental is None:
            return col.name
        provider, _name, units, gpus = col.rental
        like = next((c.name for c in view.columns if c.index == col.like_for), None)
        # Three short lines: a header does not wrap, and a long offer name would be elided.
        return (f"{col.name}\n{rented_text(provider, units, gpus, col.rental_kind)}\n"
                + column_note(like if col.like_for is not None else None))

    def _tooltip(self, row: ComparisonRow, best: bool) -> str:
        if not best:
            return ""
        return (self.tr("Best of the compared (higher is better)") if row.better == "higher"
                else self.tr("Best of the compared (lower is better)"))

    def apply_palette(self) -> None:
        """Chart colours follow the palette; the table's tint is redrawn."""
        style_plot(self.plot, self)
        _bg, fg, _mid = chart_colors(self)
        self.legend.setLabelTextColor(fg)
        for _sample, label in self.legend.items:
            label.setText(label.text, color=fg)
        if self.view is not None:
            self._draw_table(self.view)

    def _legend_name(self, name: str, values: tuple[float, ...], off: bool,
                     view: VariantComparison) -> str:
        """A line's name; one drawn off the scale (far above the rest) carries its final cost.

        The final cost is the table's "Total over the horizon" for that column.
        """
        if not off:
            return name
        return self.tr("%1 ↑ %2 (off scale)").replace("%1", name).replace(
            "%2", self.formatter().money(values[-1], view.currency))

    def _draw_chart(self, view: VariantComparison) -> None:
        if view.currency != self._label_currency:
            self._label_currency = view.currency
            self.plot.setLabel("left", self.tr("Cumulative cost"), units=view.currency)
        series = [col for col in view.columns if col.cumulative][: len(self.curves)]
        top, off = axis_top([col.cumulative for col in series])
        names = [self._legend_name(_series_name(col), col.cumulative, i in off, view)
                 for i, col in enumerate(series)]
        if names != self._legend_names:
            for curve in self.curves:
                if any(sample.item is curve for sample, _label in self.legend.items):
                    self.legend.removeItem(curve)
        shown = 0
        for col, name in zip(series, names, strict=True):
            curve = self.curves[shown]
            curve.setData(view.years[: len(col.cumulative)], col.cumulative)
            if names != self._legend_names:  # pyqtgraph labels are HTML: names are escaped
                self.legend.addItem(curve, html.escape(name))
            shown += 1
        for curve in self.curves[shown:]:
            curve.setData((), ())
        self._legend_names = names
        ranges = (float(view.years[-1]), nice_ceiling(top * 1.05))
        if ranges != self._range:
            self._range = ranges
            self.plot.setXRange(0, ranges[0], padding=0.03)
            self.plot.setYRange(0, ranges[1], padding=0)
