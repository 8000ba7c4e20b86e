"""Energy panel: the usage assumptions, a year of kWh, money and CO2, and owning versus renting.

The inputs edit the document (each field merges its keystrokes into one undo step), so the
assumptions travel in the ``.gpubuild`` and every other view sees the same ones. The figures come
from :func:`planner.core.views.energy.energy_view`; the chart's curves are created once and get new
data on each change.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from planner.core.costs.energy import Usage
from planner.core.costs.money import Rates
from planner.core.plan.build import CostSettings
from planner.core.views.energy import EnergyLine, EnergyView, energy_view
from planner.ui import edits
from planner.ui.assumptions_form import AssumptionsForm
from planner.ui.document import BuildDocument
from planner.ui.panels.common import (
    VERDICT_COLORS,
    Panel,
    chart_colors,
    nice_ceiling,
    style_plot,
)
from planner.ui.panels.curve_item import CurveItem
from planner.ui.panels.figure_model import LEFT, RIGHT, Cell, FigureModel
from planner.words.names import tariff_name
from planner.words.rentals import kind_text, left_out_text, rented_text

#: Table columns of the per-GPU figures.
GPU, COUNT, KWH, COST, CO2, HEAT = range(6)
OWN_COLOR = "#0072B2"  # Okabe–Ito blue
RENT_COLOR = "#CC79A7"  # Okabe–Ito reddish purple


class EnergyPanel(Panel):
    """Usage assumptions in; a year of energy, cost, carbon and heat, and cost over years out."""

    def __init__(self, document: BuildDocument, parent: QWidget | None = None,
                 rates: Rates | None = None) -> None:
        super().__init__(document, parent, rates)
        self.view: EnergyView | None = None
        self._ranges: tuple[float, float] = (0.0, 0.0)
        self._label_currency = ""
        self._rent_label = ""

        # --- inputs -----------------------------------------------------------------------------
        self.inputs = AssumptionsForm(document.catalog)
        self.inputs.edited.connect(self._on_edited)
        document.catalog_changed.connect(lambda: self.inputs.fill_catalog(document.catalog))
        inputs = QGroupBox(self.tr("Assumptions"))
        QVBoxLayout(inputs).addWidget(self.inputs)

        # --- figures ---------------------------------------------------------------------------
        self.figures = FigureModel(self)
        self.figures.set_headers([
            self.tr("GPU"), self.tr("Count"), self.tr("kWh / year"), self.tr("Cost / year"),
            self.tr("CO₂ kg / year"), self.tr("Heat BTU/h")])
        self.table = QTableView()
        self.table.setModel(self.figures)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(GPU, QHeaderView.ResizeMode.Stretch)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Room for the usual three lines, so a longer or shorter sentence does not resize the chart.
        self.summary.setMinimumHeight(3 * self.fontMetrics().lineSpacing() + 4)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        figures = QGroupBox(self.tr("A year of use"))
        figures_layout = QVBoxLayout(figures)
        figures_layout.addWidget(self.table)
        figures_layout.addWidget(self.summary)

        # --- chart -----------------------------------------------------------------------------
        self.plot = pg.PlotWidget()
        self.plot.setMenuEnabled(False)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.plot.setLabel("bottom", self.tr("Years"))
        self.plot.showGrid(x=False, y=True, alpha=0.2)
        self.plot.setMinimumHeight(140)
        self.plot.disableAutoRange()
        self.plot.getAxis("bottom").setTickSpacing(1, 1)
        self.legend = self.plot.addLegend(offset=(10, 10))
        self.own_curve = CurveItem(OWN_COLOR, "o")
        self.rent_curve = CurveItem(RENT_COLOR, "s", dashed=True)
        for curve in (self.own_curve, self.rent_curve):
            self.plot.addItem(curve)
        self.legend.addItem(self.own_curve, self.tr("Own (purchase + electricity)"))
        self.break_even_line = pg.InfiniteLine(angle=90, movable=False,
                                               pen=pg.mkPen(VERDICT_COLORS["fits"], width=1,
                                                            style=Qt.PenStyle.DotLine))
        self.break_even_label = pg.TextItem(anchor=(0, 1))
        self.plot.addItem(self.break_even_line)
        self.plot.addItem(self.break_even_label)

        # The assumptions on the left, the year's figures and the cost over the years on the
        # right: the panel is half as tall as with the figures under the inputs (its dock
        # scrolls it when a laptop's bottom row is shorter still, see panel_docks.scrolling).
        right = QVBoxLayout()
        right.addWidget(figures)
        right.addWidget(self.plot, 1)
        layout = QHBoxLayout(self)
        layout.addWidget(inputs, 2)
        layout.addLayout(right, 3)
        self.apply_palette()

    # --- inputs -----------------------------------------------------------------------------

    def _on_edited(self, usage: Usage, cost: CostSettings, field: str) -> None:
        edits.set_assumptions(self.document, usage, cost, field)

    # --- figures ----------------------------------------------------------------------------

    def apply_palette(self) -> None:
        """Chart colours follow the palette."""
        style_plot(self.plot, self)
        _bg, fg, _mid = chart_colors(self)
        self.break_even_label.setColor(fg)
        self.legend.setLabelTextColor(fg)
        for _sample, label in self.legend.items:
            label.setText(label.text, color=fg)

    def refresh(self) -> None:
        """Show the document's assumptions and redraw the figures for them."""
        self.inputs.show_values(self.document.build.usage, self.document.build.cost)
        view = energy_view(self.document.build, self.document.catalog, self.rates)
        if view == self.view:
            return  # a workload edit: nothing here changed
        self.view = view
        self._draw_table()
        self._draw_summary()
        self._draw_chart()

    def money(self, amount: float | None) -> str:
        """An amount in the view's currency (the build's)."""
        return self.formatter().money(amount, self.view.currency if self.view else None)

    def number(self, value: float | None, decimals: int = 0) -> str:
        """A figure in the user's locale."""
        return self.formatter().number(value, decimals)

    def _draw_table(self) -> None:
        view = self.view
        lines: list[EnergyLine] = []
        if view is not None and view.error is None and view.total is not None:
            lines = [*view.lines, view.total]
        rows: list[list[Cell]] = []
        for line in lines:
            is_total = view is not None and line is view.total
            texts = (
                self.tr("Build (with host)") if is_total else line.label,
                str(line.count),
                (self.number(line.kwh_per_year) if line.idle_counted else
                 self.tr("%1 (idle not counted)").replace("%1", self.number(line.kwh_per_year))),
                self.money(line.cost_per_year),
                self.number(line.co2_kg_per_year),
                self.number(line.heat_btu_per_hour),
            )
            kwh_tip = self.tr("%1 kWh under load, %2 kWh idle").replace(
                "%1", self.number(line.kwh_load_per_year)).replace(
                "%2", self.number(line.kwh_idle_per_year))
            host = self.tr("The cards plus %1 W for the rest of the computer (CPU, board, "
                           "drives, fans), at the wall").replace(
                "%1", self.number(view.host_watts if view is not None else None))
            tips = {KWH: kwh_tip, GPU: self._gpu_tip(line.gpu_id) if line.gpu_id else host}
            rows.append([Cell(text, tooltip=tips.get(c, ""),
                              align=LEFT if c == GPU else RIGHT, bold=is_total)
                         for c, text in enumerate(texts)])
        if self.figures.set_rows(rows):
            for column in range(COUNT, HEAT + 1):
                self.table.resizeColumnToContents(column)
        height = (self.table.horizontalHeader().height() + 4
                  + sum(self.table.rowHeight(r) for r in range(len(rows))))
        # As tall as its rows (up to ten or so): the chart below gets the rest of the column.
        if self.table.minimumHeight() != min(height, 260):
            self.table.setFixedHeight(min(height, 260))

    def _gpu_tip(self, gpu_id: str) -> str:
        """Where a card's power figures come from (or that its idle power is unknown)."""
        gpu = next((s.gpu for s in self.document.build.slots if s.gpu.id == gpu_id), None)
        if gpu is None:
            return ""
        idle = (self.tr("idle %1 W").replace("%1", self.number(gpu.idle_w))
                if gpu.idle_w is not None
                else self.tr("idle not counted: no source states its idle power"))
        return self.tr("Board power %1 W, %2\nSource: %3").replace(
            "%1", self.number(gpu.tdp_w)).replace("%2", idle).replace(
            "%3", gpu.sources[0] if gpu.sources else "—")

    def _draw_summary(self) -> None:
        view = self.view
        if view is None or view.error:
            self.summary.setText(view.error if view and view.error else "")
            return
        parts: list[str] = []
        if view.tariff is not None:
            parts.append(self.tr("Tariff: %1 (%2).").replace("%1", tariff_name(view.tariff))
                         .replace("%2", view.tariff.as_of or self.tr("your price")))
        if view.purchase is not None:
            parts.append(self.tr("Purchase: %1.").replace("%1", self.money(view.purchase)))
        if not view.idle_known:
            parts.append(self.tr("Idle not counted for cards whose idle power no source "
                                 "states."))
        cloud = view.cloud
        if cloud is None:
            parts.append(left_out_text(view.rent_left_out) or self.tr(
                "No like-for-like rental on record (the same GPU model, at least as many "
                "GPUs)."))
        else:
            parts.append(self.tr("Renting %1 × %2 (%3, %n GPU(s), %6): %4 per hour, %5 per "
                                 "year.", "", cloud.rent_gpus)
                         .replace("%1", str(cloud.instances)).replace("%2", cloud.instance.name)
                         .replace("%3", cloud.instance.provider)
                         .replace("%4", self.money(cloud.rent_per_hour))
                         .replace("%5", self.money(cloud.rent_per_year))
                         .replace("%6", kind_text(cloud.kind)))
            if cloud.chosen_set_aside:
                parts.append(self.tr("The instance chosen to rent holds another GPU: the same "
                                     "GPUs are compared instead."))
            if view.purchase is None:
                parts.append(self.tr("No price is known for these cards, so no break-even."))
            elif cloud.break_even_hours is None:
                parts.append(self.tr("Renting stays cheaper than owning at these prices."))
            else:
                parts.append(self.tr("Owning pays off after %1 hours of use (about %2 months)."
                                     ).replace("%1", self.number(cloud.break_even_hours))
                             .replace("%2", self.number(view.break_even_months, 1)))
        self.summary.setText(" ".join(parts))

    def _show_rent_in_legend(self, name: str) -> None:
        """Name the rented machine in the legend; no entry when there is none to compare with."""
        text = self.tr("Rent %1").replace("%1", name) if name else ""
        if text == self._rent_label:
            return
        self._rent_label = text
        if any(sample.item is self.rent_curve for sample, _label in self.legend.items):
            self.legend.removeItem(self.rent_curve)
        if text:
            self.legend.addItem(self.rent_curve, text)

    def _draw_chart(self) -> None:
        view = self.view
        if view is None or view.error or not view.years:
            self.own_curve.setData((), ())
            self.rent_curve.setData((), ())
            self.break_even_line.setVisible(False)
            self.break_even_label.setVisible(False)
            return
        if view.currency != self._label_currency:  # a new label re-lays out the whole plot
            self._label_currency = view.currency
            self.plot.setLabel("left", self.tr("Cumulative cost"), units=view.currency)
        xs = np.array(view.years, dtype=float)
        self.own_curve.setData(view.years, view.own_cumulative)
        rent = view.cloud.cumulative if view.cloud is not None else ()
        self.rent_curve.setData(view.years[: len(rent)], rent)
        cloud = view.cloud
        self._show_rent_in_legend(rented_text(
            f"{cloud.instance.provider} {cloud.instance.name}", cloud.instances,
            cloud.rent_gpus, cloud.kind) if cloud is not None else "")
        top = nice_ceiling(max([*view.own_cumulative, *rent, 1.0]) * 1.05)
        ranges = (float(view.years[-1]), top)
        if ranges != self._ranges:  # a new range re-renders the axes; most edits keep it
            self._ranges = ranges
            self.plot.setXRange(0, ranges[0], padding=0.03)
            self.plot.setYRange(0, top, padding=0)
        years = view.break_even_years
        visible = years is not None and years <= view.years[-1]
        self.break_even_line.setVisible(visible)
        self.break_even_label.setVisible(visible)
        if visible and years is not None:
            self.break_even_line.setValue(years)
            self.break_even_label.setText(self.tr("break-even: %1 months")
                                          .replace("%1", self.number(view.break_even_months, 1)))
            # At the crossing (owning's cost at that time), right of the line: the crossing is
            # where the eye goes, and low on the chart, away from the legend at the top left.
            crossing = float(np.interp(years, xs, np.array(view.own_cumulative, dtype=float)))
            self.break_even_label.setPos(years, crossing)
