"""The comparison sheet for the purchasing meeting: page 1 the decision, page 2 the detail.

Page 1 puts the candidate builds (the document's variants, and the rental the assumptions name)
side by side with their verdicts, the cost of each over the years as a chart, and the
assumptions in one line. Page 2 has the per-GPU datasheet figures, the memory each workload
needs on each variant, the energy and the warnings. Sources are numbered footnotes with short
titles. Every figure comes from the core views the panels use
(:func:`~planner.core.views.variants.variant_comparison` above all), worded by
:mod:`planner.words.wording` as the panels word them; strings go through Qt's translation under
this class's name. Nothing here interprets text from a file: it is laid out as plain text.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from functools import partial

from PySide6.QtCore import QObject, QRectF, Qt
from PySide6.QtGui import QColor, QPainter

from planner import __version__
from planner.catalog.api_prices import load_api_prices
from planner.core.costs.formatting import Formatter, NumberStyle
from planner.core.costs.money import Rates
from planner.core.estimator.headroom import DOES_NOT_FIT, TIGHT
from planner.core.plan.build import purchase
from planner.core.plan.runs import RunBook
from planner.core.plan.study import Study, study_title
from planner.core.records.specs import Catalog
from planner.core.views.compare import ComparisonTable
from planner.core.views.detail import DetailView, detail_view
from planner.core.views.energy import EnergyView, energy_view
from planner.core.views.serving import build_serving_view
from planner.core.views.variants import VariantComparison, rental_for, variant_comparison
from planner.report.chart import paint_cost_chart
from planner.report.fonts import sheet_font
from planner.report.layout import BEST_FILL, MUTED, Block, Cell, Drawing, Section, Table, Text
from planner.words.names import tariff_name
from planner.words.prices import price_basis_text, price_kind_text
from planner.words.rentals import column_note, kind_text
from planner.words.serving import serving_row_label, serving_row_text
from planner.words.warnings import warning_text
from planner.words.wording import (
    cell_text,
    row_label,
    row_labels,
    task_text,
    verdict_text,
)

#: Rows of the GPU comparison the detail page shows (datasheet figures and value).
SPEC_ROWS = ("memory", "bandwidth", "fp16", "bf16", "fp8", "architecture", "interconnect",
             "link_bandwidth", "tdp", "price", "perf_per_dollar")
MAX_NOTES_CHARS = 900
LONG_TITLE = 60
"""A title longer than this is set in the heading's face (it wraps onto two lines at most)."""
COLUMN_NAME = 48
"""A variant's name in a column header is cut to this many characters (the full name is in the
file and the app)."""
SHORT_TITLE = 110
_URL = re.compile(r"\s*\(?https?://\S+\)?")
SHORT_RED = QColor("#a3200f")
TIGHT_INK = QColor("#6b4a00")


def elided(name: str, limit: int = COLUMN_NAME) -> str:
    """``name`` cut to ``limit`` characters with an ellipsis."""
    return name if len(name) <= limit else name[:limit - 1].rstrip() + "…"


def short_title(source: str) -> str:
    """A source as a footnote names it: its title without the address, cut short."""
    text = _URL.sub("", source).strip().rstrip(":;,.-– ").strip()
    text = text or source.strip()
    return text if len(text) <= SHORT_TITLE else text[:SHORT_TITLE - 1].rstrip() + "…"


class ComparisonSheet(QObject):
    """The sheet of one document; its messages are translated under this class's name."""

    def __init__(self, study: Study, catalog: Catalog, rates: Rates,
                 style: NumberStyle | None = None, selection: Sequence[int] | None = None,
                 catalog_version: str = "", *, runs: RunBook | None) -> None:
        super().__init__()
        self.study = study
        self.runs = runs
        self.catalog = catalog
        self.rates = rates
        self.catalog_version = catalog_version or catalog.version
        self.fmt = Formatter(style or NumberStyle(), study.cost.currency, rates)
        rental = rental_for(study, catalog, rates, selection=selection)
        self.view: VariantComparison = variant_comparison(study, catalog, rates, selection,
                                                          rental, runs=runs)
        self._notes: dict[str, int] = {}
        self.body = sheet_font(7.5)
        self.bold = sheet_font(7.5, bold=True)
        self.small = sheet_font(6.5)
        self.heading = sheet_font(9.5, bold=True)
        self.title = sheet_font(14.0, bold=True)

    # --- footnotes ------------------------------------------------------------------------------

    def cite(self, source: str) -> str:
        """The footnote mark of a source ("[3]"), numbering it on first use."""
        if not source:
            return ""
        number = self._notes.setdefault(source, len(self._notes) + 1)
        return f" [{number}]"

    def _footnotes(self, since: int) -> list[Block]:
        items = [(n, s) for s, n in self._notes.items() if n > since]
        if not items:
            return []
        text = "   ".join(f"[{n}] {short_title(s)}" for n, s in sorted(items))
        return [Text(text, self.small, QColor(MUTED), before_mm=1.5)]

    # --- the pages ------------------------------------------------------------------------------

    def sections(self) -> list[Section]:
        """Page 1 (the decision) and page 2 (the detail), as blocks to flow."""
        footer = self.tr("%1 — GPU Build Planner %2").replace("%1", self.title_text()).replace(
            "%2", __version__)
        first = self._decision()
        first += self._footnotes(0)
        cited = len(self._notes)
        second = self._detail()
        second += self._footnotes(cited)
        second.append(Text(self.tr(
            "Memory estimates: docs/estimation.md (formula and validation against PyTorch "
            "measurements). Tensor throughputs are dense; training speed assumes 40 % of the "
            "peak tensor rate. A figure shown as — is not stated by any source we have."),
            self.small, QColor(MUTED), before_mm=1.0))
        return [Section(first, footer), Section(second, footer)]

    def title_text(self) -> str:
        """The sheet's title: the build's name, else after its cards, else "Untitled build"."""
        return study_title(self.study) or self.tr("Untitled build")

    def _heading(self, text: str) -> Text:
        return Text(text, self.heading, before_mm=2.0, after_mm=0.8, keep_with_next=True)

    def _decision(self) -> list[Block]:
        study, view = self.study, self.view
        meta = self.tr("GPU Build Planner %1 · catalog %2 · %3").replace(
            "%1", __version__).replace("%2", self.catalog_version or "—").replace(
            "%3", dt.date.today().isoformat())
        title = self.title_text()
        # A long name wraps in a smaller face rather than pushing the decision off page 1.
        font = self.title if len(title) <= LONG_TITLE else self.heading
        blocks: list[Block] = [Text(title, font, after_mm=0.5),
                               Text(meta, self.small, QColor(MUTED), after_mm=1.5)]
        if study.notes:
            notes = study.notes
            if len(notes) > MAX_NOTES_CHARS:
                notes = notes[:MAX_NOTES_CHARS].rstrip() + "…"
            blocks.append(Text(notes, self.body, after_mm=1.5))
        blocks.append(self._heading(self.tr("The candidates side by side")))
        blocks.append(self._decision_table())
        if any(col.cumulative for col in view.columns):
            years = max(1, study.cost.years)
            blocks.append(self._heading(self.tr("Cumulative cost over %n year(s)", "", years)))
            blocks.append(Drawing(50.0, self._paint_chart))
        blocks.append(Text(self._assumptions(), self.small, before_mm=1.5))
        return blocks

    def _decision_table(self) -> Table:
        view, fmt = self.view, self.fmt
        labels = row_labels()
        header = [Cell("")]
        for col in view.columns:
            gpus = " + ".join(f"{n}× {name}" for name, n in col.gpus) or self.tr("no GPUs")
            mark = "".join(self.cite(s) for s in col.sources[:1]) if col.kind == "rental" else ""
            header.append(Cell(f"{elided(col.name)}\n{gpus}{mark}", bold=True))
        rows: list[list[Cell]] = []
        # The link row is the panel's (its cells run to three lines): on paper page 1 must stay
        # one page, on Letter too.
        for row in (r for r in view.rows if r.kind != "link"):
            cells = [Cell(row_label(row, labels))]
            for c, col in enumerate(view.columns):
                text = cell_text(row, c, fmt)
                verdict = row.verdicts[c] if c < len(row.verdicts) else None
                color = None
                if row.kind == "headroom" and verdict:
                    text += "\n" + verdict_text(verdict)
                    color = SHORT_RED if verdict == DOES_NOT_FIT else (
                        TIGHT_INK if verdict == TIGHT else None)
                if row.key == "purchase" and row.values[c] is not None:
                    text += "\n" + ", ".join(col.price_dates) + self._price_marks(c)
                if row.key == "cost_year" and col.kind == "rental" and row.values[c] is not None:
                    text += "\n" + self.tr("rent, %1").replace("%1", kind_text(col.rental_kind))
                if row.key == "rent_total" and col.kind == "rental":
                    # The rental column's own cell: whom it rents like for like, or none.
                    like = next((v.name for v in view.columns
                                 if v.index == col.like_for and col.like_for is not None), None)
                    text = column_note(like)
                elif row.key == "rent_total" and col.rental is not None \
                        and row.values[c] is not None:
                    text += ", " + kind_text(col.rental_kind)  # page 2 names the offer
                best = c in row.best
                cells.append(Cell(text, bold=best, fill=BEST_FILL if best else None, color=color,
                                  align=Qt.AlignmentFlag.AlignRight))
            rows.append(cells)
        return Table(header, rows, self.body, self.bold, label_share=0.26, min_column_mm=22.0)

    def _price_marks(self, column: int) -> str:
        col = self.view.columns[column]
        if col.index is None:
            return ""
        build = self.study.build(col.index)
        marks = []
        for picked in purchase(build, self.rates).cards:
            if picked is not None and picked.source:
                marks.append(self.cite(picked.source))
        return "".join(dict.fromkeys(marks))

    def _paint_chart(self, painter: QPainter, rect: QRectF) -> None:
        view = self.view
        series = [(col.name, col.cumulative) for col in view.columns if col.cumulative]
        mm = painter.device().logicalDpiY() / 25.4
        money = partial(self.fmt.number, decimals=0)
        title = self.tr("Cumulative cost (%1)").replace("%1", view.currency)
        def off_scale(_name: str, final: float) -> str:
            return self.tr("↑ %1 after %2 (off scale)").replace(
                "%1", self.fmt.money(final, view.currency)).replace(
                "%2", self.tr("%n year(s)", "", view.years[-1] if view.years else 0))

        paint_cost_chart(painter, rect, series, view.years, money, self.small, title,
                         self.tr("Years"), mm, off_scale)

    def _assumptions(self) -> str:
        study, fmt = self.study, self.fmt
        u, cost = study.usage, study.cost
        build = study.build()
        ev = energy_view(build, self.catalog, self.rates)
        hours_digits = 0 if float(u.hours_per_day).is_integer() else 1
        parts = [
            self.tr("%1 h a day").replace("%1", fmt.number(u.hours_per_day, hours_digits)),
            self.tr("%1 days a year").replace("%1", fmt.number(u.days_per_year)),
            self.tr("utilization %1").replace("%1", fmt.percent(u.utilization)),
            self.tr("PUE %1").replace("%1", fmt.number(u.pue, 2)),
        ]
        if ev.tariff is not None:
            dated = f" ({ev.tariff.as_of})" if ev.tariff.as_of else ""
            parts.append(tariff_name(ev.tariff) + dated
                         + "".join(self.cite(s) for s in ev.tariff.sources[:1]
                                   if s != "user input"))
        parts.append(self.tr("%n year(s)", "", cost.years))
        parts.append(self.tr("GPUs costed %1").replace("%1", price_basis_text(cost.price_basis)))
        parts.append(cost.currency + (" " + self.tr("at the rates of %1").replace(
            "%1", self.rates.as_of) if cost.currency != "USD" and self.rates.as_of else ""))
        if not u.idle_when_not_running or u.hours_per_day >= 24:
            parts.append(self.tr("no idle hours"))
        return self.tr("Assumptions: %1").replace("%1", " · ".join(parts))

    # --- page 2 ---------------------------------------------------------------------------------

    def _detail(self) -> list[Block]:
        detail = detail_view(self.study, self.view, self.catalog, self.rates, runs=self.runs)
        blocks: list[Block] = [Text(self.tr("The detail"), self.title, after_mm=0.5)]
        if detail.specs is not None:
            blocks.append(self._heading(self.tr("GPUs")))
            blocks.append(self._spec_table(detail.specs))
        if detail.workloads:
            blocks.append(self._heading(self.tr("Memory per GPU, by workload")))
            blocks.append(self._headroom_table(detail))
        blocks.append(self._heading(self.tr("Energy and cost of running")))
        blocks.append(self._energy_table(detail))
        blocks.append(self._heading(self.tr("Warnings")))
        blocks.append(self._warnings(detail))
        return blocks

    def _spec_table(self, table: ComparisonTable) -> Table:
        labels = row_labels()
        header = [Cell("")] + [Cell(c.name + "".join(self.cite(s) for s in c.sources[:1]),
                                    bold=True) for c in table.columns]
        rows = []
        for row in table.rows:
            if row.key not in SPEC_ROWS:
                continue
            cells = [Cell(row_label(row, labels, self.fmt))]
            for i, col in enumerate(table.columns):
                text = cell_text(row, i, self.fmt)
                if row.key == "price" and col.price is not None and col.price.stale:
                    text += self.cite(col.price.source)  # "last seen $X, 2020" says kind enough
                elif row.key == "price" and col.price is not None:
                    text += (f"\n{price_kind_text(col.price.kind)}, {col.price.as_of}"
                             + self.cite(col.price.source))
                best = i in row.best
                cells.append(Cell(text, bold=best, fill=BEST_FILL if best else None,
                                  align=Qt.AlignmentFlag.AlignRight))
            rows.append(cells)
        return Table(header, rows, self.body, self.bold, label_share=0.26, min_column_mm=20.0)

    def _headroom_table(self, detail: DetailView) -> Table:
        header = [Cell(self.tr("Workload"))] + [Cell(elided(n), bold=True)
                                                 for n, _i in detail.variants]
        rows = []
        for workload in detail.workloads:
            label = f"{workload.name} ({task_text(workload.task)})"
            if workload.error_band is not None:
                label += "\n" + self.tr("estimate ±%1").replace(
                    "%1", self.fmt.percent(workload.error_band).replace(" ", ""))
            cells = [Cell(label)]
            for r in workload.cells:
                if r is None:
                    cells.append(Cell(verdict_text("no-gpu"), align=Qt.AlignmentFlag.AlignRight))
                    continue
                if r.error:
                    cells.append(Cell(r.error, align=Qt.AlignmentFlag.AlignRight))
                    continue
                text = self.tr("%1 of %2").replace("%1", self.fmt.memory(r.needed_bytes)) \
                    .replace("%2", self.fmt.memory(r.usable_bytes))
                color = SHORT_RED if r.verdict == DOES_NOT_FIT else None
                cells.append(Cell(f"{text}\n{verdict_text(r.verdict)}", color=color,
                                  align=Qt.AlignmentFlag.AlignRight))
            rows.append(cells)
        return Table(header, rows, self.body, self.bold, label_share=0.26, min_column_mm=22.0)

    def _energy_table(self, detail: DetailView) -> Table:
        fmt = self.fmt
        views = detail.energy
        header = [Cell("")] + [Cell(elided(n), bold=True) for n, _i in detail.variants]

        def line(label: str, values: list[str]) -> list[Cell]:
            return [Cell(label)] + [Cell(v, align=Qt.AlignmentFlag.AlignRight) for v in values]

        totals = [ev.total for ev in views]
        rows = [
            line(self.tr("At the wall while running"),
                 [fmt.power(t.wall_watts) if t else "—" for t in totals]),
            line(self.tr("kWh a year at load"),
                 [fmt.number(t.kwh_load_per_year) if t else "—" for t in totals]),
            line(self.tr("kWh a year idle"),
                 [(fmt.number(t.kwh_idle_per_year) if t.idle_counted
                   else self.tr("idle not counted")) if t else "—" for t in totals]),
            line(self.tr("Electricity a year"),
                 [fmt.money(t.cost_per_year) if t else "—" for t in totals]),
            line(self.tr("CO₂ a year"),
                 [fmt.mass_co2(t.co2_kg_per_year) if t and t.co2_kg_per_year is not None
                  else "—" for t in totals]),
            line(self.tr("Heat into the room"),
                 [f"{fmt.number(t.heat_btu_per_hour)} BTU/h" if t else "—" for t in totals]),
            line(self.tr("Owning pays off against renting after"),
                 [self._break_even(ev) + self._rental(ev) for ev in views]),
        ]
        serving = self._serving(detail)
        if serving is not None:
            rows.append(line(serving_row_label(), serving))
        return Table(header, rows, self.body, self.bold, label_share=0.26, min_column_mm=22.0)

    def _serving(self, detail: DetailView) -> list[str] | None:
        """Each variant serving the document's model (the serving panel's figures), or None."""
        views = [build_serving_view(self.study.build(i), self.catalog, self.rates,
                                    load_api_prices()) for _n, i in detail.variants]
        if all(v is None for v in views):
            return None
        cells = []
        for v in views:
            if v is None or v.error or v.memory is None or v.at is None:
                cells.append(v.error if v is not None and v.error else "—")
                continue
            own = v.costs.own if v.costs is not None else None
            cells.append(serving_row_text(v.model, v.max_users,
                                          self.fmt.number(v.at.per_user_tok_s, 1),
                                          self.fmt.money(own)))
        return cells

    def _break_even(self, ev: EnergyView) -> str:
        if ev.cloud is None or ev.break_even_months is None:
            return "—"
        return self.tr("%1 months").replace("%1", self.fmt.number(ev.break_even_months, 1))

    def _rented(self, offer: str, units: int, gpus: int) -> str:
        """"2× Vast.ai" (per GPU), "1× AWS (8 GPUs)" (a machine): what is rented, how many."""
        if units == gpus:
            return f"{units}× {offer}"
        return self.tr("%1× %2 (%n GPU(s))", "", gpus).replace("%1", str(units)).replace(
            "%2", offer)

    def _rental(self, ev: EnergyView) -> str:
        """The like-for-like offer the break-even is against, and how many of it."""
        cloud = ev.cloud
        if cloud is None:
            return ""
        # Its cost over the years is page 1's "Renting the same GPUs instead".
        # Its kind is on page 1, under "Renting the same GPUs instead" (room is short here).
        return "\n" + self.tr("vs %1").replace(
            "%1", self._rented(cloud.instance.provider, cloud.instances, cloud.rent_gpus))

    def _warnings(self, detail: DetailView) -> Text:
        lines = []
        for (name, _i), warnings in zip(detail.variants, detail.warnings, strict=True):
            said = " ".join(warning_text(w, self.fmt) for w in warnings) or self.tr("none")
            lines.append(f"{name}: {said}")
        return Text("\n".join(lines), self.small)
