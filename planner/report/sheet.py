"""The comparison sheet for the purchasing meeting, as HTML a QTextDocument can lay out.

Every figure comes from the same core view functions the panels use (a printed sheet that
disagrees with the screen would be worse than none), and every GPU's datasheet sources are listed at
the end so a reviewer can check them. Strings go through Qt's translation, like the UI's.
"""

from __future__ import annotations

import datetime as dt
from html import escape

from PySide6.QtCore import QObject

from planner import __version__
from planner.core.build import Build
from planner.core.formatting import Formatter, NumberStyle
from planner.core.money import Rates
from planner.core.physics import summarize
from planner.core.prices import build_price, gpu_price
from planner.core.specs import Catalog
from planner.core.views_compare import (
    ComparisonTable,
    architecture_table,
    comparison_table,
    default_architectures,
    default_gpus,
)
from planner.core.views_energy import energy_view
from planner.core.views_headroom import headroom_rows
from planner.report.wording import (
    cell_text,
    price_kind_text,
    row_label,
    row_labels,
    task_text,
    verdict_text,
)

STYLE = """
body { font-family: 'DejaVu Sans', 'Segoe UI', 'Helvetica Neue', 'Noto Sans CJK SC',
       'Microsoft YaHei', 'PingFang SC', sans-serif; font-size: 9pt;
       color: #1b1b1b; }
h1 { font-size: 16pt; margin-bottom: 0; }
h2 { font-size: 11.5pt; margin-top: 14px; margin-bottom: 4px; color: #1f4e79; }
table { border-collapse: collapse; }
th { background: #e8eef5; text-align: left; padding: 3px 6px; }
td { padding: 2px 6px; border-bottom: 1px solid #dde3ea; }
td.num { text-align: right; }
td.best { font-weight: bold; background: #e3f1e4; }
.fits { color: #1a7f37; font-weight: bold; }
.tight { color: #9a6700; font-weight: bold; }
.does-not-fit { color: #cf222e; font-weight: bold; }
.muted { color: #57606a; }
"""


def _table(table: ComparisonTable, fmt: Formatter) -> str:
    """The comparison table, worded and formatted as the comparison panel shows it."""
    head = "".join(f"<th>{escape(c.name)}</th>" for c in table.columns)
    out = [f"<table width='100%'><tr><th></th>{head}</tr>"]
    labels = row_labels()
    for row in table.rows:
        cells = []
        for i in range(len(table.columns)):
            cls = ("num" if row.kind != "text" else "") + (" best" if i in row.best else "")
            text = escape(cell_text(row, i, fmt))
            verdict = row.verdicts[i] if i < len(row.verdicts) else None
            if row.kind == "headroom" and verdict:
                text = f'<span class="{verdict}">{text}</span>'
            cells.append(f"<td class='{cls}'>{text}</td>")
        out.append(f"<tr><td>{escape(row_label(row, labels))}</td>{''.join(cells)}</tr>")
    out.append("</table>")
    return "".join(out)


class ComparisonSheet(QObject):
    """One build's sheet; its messages are translated under this class's name."""

    def __init__(self, build: Build, catalog: Catalog, rates: Rates,
                 style: NumberStyle | None = None) -> None:
        super().__init__()
        self.build = build
        self.catalog = catalog
        self.rates = rates
        self.fmt = Formatter(style or NumberStyle(), build.cost.currency, rates)

    def html(self, catalog_version: str = "") -> str:
        """The whole sheet as HTML (Qt's rich-text subset)."""
        build = self.build
        app, catalog = self.tr("GPU Build Planner"), self.tr("catalog")
        today = dt.date.today().isoformat()
        parts = [f"<html><head><style>{STYLE}</style></head><body>",
                 f"<h1>{escape(build.name)}</h1>",
                 f"<p class='muted'>{escape(app)} {__version__} · {escape(catalog)} "
                 f"{escape(catalog_version or '—')} · {today}</p>"]
        if build.notes:
            parts.append(f"<p>{escape(build.notes)}</p>")
        parts.extend(self._build_section())
        parts.extend(self._workloads_section())
        if build.slots:
            parts.extend(self._comparison_section())
            parts.extend(self._energy_section())
        parts.append(_heading(self.tr("Sources")) + "<ul>")
        for slot in build.slots:
            srcs = "; ".join(escape(s) for s in slot.gpu.sources)
            parts.append(f"<li><b>{escape(slot.gpu.name)}</b>: {srcs}</li>")
        parts.append("</ul>")
        parts.append(_muted(self.tr(
            "Memory estimates: docs/estimation.md (formula and validation against PyTorch "
            "measurements). Tensor throughputs are dense; a figure shown as — is not stated by "
            "any source we have.")))
        parts.append("</body></html>")
        return "".join(parts)

    def _build_section(self) -> list[str]:
        build, fmt = self.build, self.fmt
        summary = summarize(build, rates=self.rates)
        parts = [_heading(self.tr("Build")),
                 _head_row(self.tr("GPU"), self.tr("Count"), self.tr("Memory"),
                           self.tr("Board power"), self.tr("Unit price"))]
        for slot in build.slots:
            g = slot.gpu
            picked = gpu_price(g, fmt.currency, self.rates, build.cost.price_kind)
            unit = fmt.money(picked.amount, picked.currency) if picked is not None else "—"
            dated = (f"<br/><span class='muted'>{escape(price_kind_text(picked.kind))}, "
                     f"{escape(picked.as_of)}</span>" if picked is not None else "")
            parts.append(f"<tr><td>{escape(g.name)}</td><td class='num'>{slot.count}</td>"
                         f"<td class='num'>{fmt.capacity(g.memory_gb)}</td>"
                         f"<td class='num'>{fmt.power(g.tdp_w)}</td>"
                         f"<td class='num'>{unit}{dated}</td></tr>")
        parts.append("</table>")
        bought = build_price([(slot.gpu, slot.count) for slot in build.slots], fmt.currency,
                             self.rates, build.cost.price_kind)
        psu = fmt.power(summary.recommended_psu_w) if summary.recommended_psu_w else "—"
        words = [escape(w) for w in (self.tr("Total"), self.tr("board power"),
                                     self.tr("recommended PSU"), self.tr("price"),
                                     self.tr("priced"))]
        line = (f"{words[0]}: {summary.gpu_count} GPU · "
                f"{fmt.memory(summary.total_memory_bytes, None)} · "
                f"{fmt.power(summary.total_tdp_w)} {words[1]} · {words[2]} {psu} · "
                f"{words[3]} {fmt.money(bought.amount)}")
        if bought.priced_gpus != bought.gpu_count:
            line += f" ({bought.priced_gpus}/{bought.gpu_count} {words[4]})"
        parts.append(f"<p>{line}</p>")
        if bought.rate_dates:
            parts.append(_muted(self.tr("Prices converted at the rates of %1")
                                .replace("%1", ", ".join(bought.rate_dates))))
        if summary.warnings:
            parts.append("<ul>" + "".join(f"<li>{escape(w.message)}</li>"
                                          for w in summary.warnings) + "</ul>")
        return parts

    def _workloads_section(self) -> list[str]:
        rows = headroom_rows(self.build)
        if not rows:
            return []
        fmt = self.fmt
        parts = [_heading(self.tr("Workloads: memory per GPU")),
                 _head_row(self.tr("Workload"), self.tr("Task"), self.tr("Needed"),
                           self.tr("Usable"), self.tr("Verdict"))]
        for r in rows:
            verdict = r.error or verdict_text(r.verdict)
            band = fmt.percent(r.error_band).replace(" ", "")
            parts.append(
                f"<tr><td>{escape(r.name)}</td><td>{escape(task_text(r.task))}</td>"
                f"<td class='num'>{fmt.memory(r.needed_bytes)} ±{band}</td>"
                f"<td class='num'>{fmt.memory(r.usable_bytes)}</td>"
                f"<td class='{r.verdict}'>{escape(verdict)}</td></tr>")
        parts.append("</table>")
        return parts

    def _comparison_section(self) -> list[str]:
        build, catalog = self.build, self.catalog
        gpus = default_gpus(build, catalog)
        if not gpus:
            return []
        parts = [_heading(self.tr("GPUs side by side")),
                 _table(comparison_table(gpus, build, catalog, self.rates), self.fmt)]
        archs = default_architectures(gpus, catalog)
        if len(archs) >= 2:
            parts.append(_heading(self.tr("Architectures")))
            parts.append(_table(architecture_table(archs, catalog), self.fmt))
        return parts

    def _energy_section(self) -> list[str]:
        build, fmt = self.build, self.fmt
        ev = energy_view(build, self.catalog, self.rates)
        parts = [_heading(self.tr("Energy and cost of running"))]
        if ev.error:
            parts.append(f"<p>{escape(ev.error)}</p>")
            return parts
        if ev.total is None:
            return parts
        t = ev.total
        a_year, at_load, idle = (escape(w) for w in (self.tr("a year"), self.tr("at load"),
                                                     self.tr("idle")))
        idle_part = (f"{fmt.number(t.kwh_idle_per_year)} {idle}" if t.idle_counted
                     else escape(self.tr("idle not counted")))
        parts.append(
            f"<p>{fmt.energy(t.kwh_per_year)} {a_year} "
            f"({fmt.number(t.kwh_load_per_year)} {at_load}, {idle_part}) · "
            f"{fmt.money(t.cost_per_year)} {a_year} · {fmt.mass_co2(t.co2_kg_per_year)} · "
            f"{fmt.number(t.heat_btu_per_hour)} BTU/h</p>")
        uncounted = [line.label for line in ev.lines if not line.idle_counted]
        if uncounted:
            parts.append(_muted(self.tr(
                "Idle not counted (no source states the idle power): %1").replace(
                "%1", ", ".join(uncounted))))
        u = build.usage
        hours_digits = 0 if float(u.hours_per_day).is_integer() else 1
        assumptions, day, days, utilization = (
            escape(w) for w in (self.tr("Assumptions"), self.tr("day"), self.tr("days"),
                                self.tr("utilization")))
        parts.append(
            f"<p class='muted'>{assumptions}: {fmt.number(u.hours_per_day, hours_digits)} h/{day}, "
            f"{fmt.number(u.days_per_year)} {days}, {utilization} {fmt.percent(u.utilization)}, "
            f"PUE {fmt.number(u.pue, 2)}"
            + (f", {escape(ev.tariff.name)}" if ev.tariff else "")
            + (f", {escape(ev.carbon.region)} {fmt.number(ev.carbon.g_co2_per_kwh)} g/kWh "
               f"({ev.carbon.year})" if ev.carbon else "") + "</p>")
        if ev.cloud is not None:
            c = ev.cloud
            be = (self.tr("none (no purchase price on record, or renting costs less per hour "
                          "than the electricity)") if c.break_even_hours is None
                  else f"{fmt.number(c.break_even_hours)} h")
            renting, after = self.tr("Renting instead"), self.tr("break-even after")
            parts.append(
                f"<p>{escape(renting)}: {c.instances}× "
                f"{escape(c.instance.provider)} {escape(c.instance.name)} "
                f"{fmt.money(c.rent_per_hour)}/h "
                f"({escape(c.instance.as_of)}) · {escape(after)} {escape(be)}"
                + ("" if c.like_for_like else " · " + escape(self.tr(
                    "not like for like: the chosen instance holds other GPUs or another count")))
                + "</p>")
        return parts


def _heading(text: str) -> str:
    return f"<h2>{escape(text)}</h2>"


def _muted(text: str) -> str:
    return f"<p class='muted'>{escape(text)}</p>"


def _head_row(*titles: str) -> str:
    """A table's opening tag and header row."""
    return "<table width='100%'><tr>" + "".join(f"<th>{escape(t)}</th>" for t in titles) \
        + "</tr>"


def sheet_html(build: Build, catalog: Catalog, rates: Rates, catalog_version: str = "",
               style: NumberStyle | None = None) -> str:
    """The whole sheet as HTML (Qt's rich-text subset), numbers in ``style``'s separators."""
    return ComparisonSheet(build, catalog, rates, style).html(catalog_version)
