"""The comparison sheet for the purchasing meeting, as HTML a QTextDocument can lay out.

Every figure comes from the same core view functions the panels use (a printed sheet that
disagrees with the screen would be worse than none), and every GPU's datasheet sources are listed at
the end so a reviewer can check them. Strings go through Qt's translation, like the UI's.
"""

from __future__ import annotations

import datetime as dt
from html import escape

from PySide6.QtCore import QCoreApplication

from planner import __version__
from planner.core.build import Build
from planner.core.money import Rates, format_money
from planner.core.physics import summarize
from planner.core.prices import gpu_price
from planner.core.specs import Catalog
from planner.core.views_compare import (
    NO_FIGURE,
    ComparisonRow,
    ComparisonTable,
    architecture_table,
    comparison_table,
    default_architectures,
    default_gpus,
)
from planner.core.views_energy import energy_view
from planner.core.views_headroom import headroom_rows

GIB = 1024**3

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


def _tr(text: str) -> str:
    return QCoreApplication.translate("ComparisonSheet", text)


def _price_kind(kind: str) -> str:
    """A price record's kind, as printed beside the price with its date."""
    return {
        "msrp": QCoreApplication.translate("ComparisonSheet", "MSRP"),
        "list": QCoreApplication.translate("ComparisonSheet", "list price"),
        "street": QCoreApplication.translate("ComparisonSheet", "street price"),
        "estimate": QCoreApplication.translate("ComparisonSheet", "press estimate"),
        "used": QCoreApplication.translate("ComparisonSheet", "used price"),
    }.get(kind, kind)


def _gib(n: float) -> str:
    return f"{n / GIB:,.1f} GiB"


def _value(row: ComparisonRow, i: int, currency: str) -> str:
    v = row.values[i]
    if v is None:
        note = row.notes[i] if i < len(row.notes) else None
        return (escape(QCoreApplication.translate("ComparisonSheet", "no figure on record"))
                if note == NO_FIGURE else "—")
    if row.kind == "bool":
        return _tr("yes") if v else _tr("no")
    if row.kind == "money" and isinstance(v, (int, float)):
        return format_money(float(v), currency)
    if row.kind == "headroom" and isinstance(v, (int, float)):
        verdict = row.verdicts[i] if i < len(row.verdicts) else None
        text = ("+" if v >= 0 else "−") + _gib(abs(float(v)))
        return f'<span class="{verdict or ""}">{escape(text)}</span>'
    if isinstance(v, float):
        text = f"{v:.0f}" if row.key.endswith("year") else f"{v:,.{row.decimals}f}"
        return escape(text + (f" {row.unit}" if row.unit else ""))
    if isinstance(v, int) and not isinstance(v, bool):
        digits = f"{v}" if row.key.endswith("year") else f"{v:,}"
        return escape(digits + (f" {row.unit}" if row.unit else ""))
    return escape(str(v))


def _row_label(row: ComparisonRow) -> str:
    """Workload rows name the model; say whether the row is its headroom or its speed."""
    if row.kind == "headroom":
        return _tr("Headroom: %1").replace("%1", row.label)
    if row.kind == "speed":
        return _tr("Speed: %1").replace("%1", row.label)
    return _tr(row.label)


def _table(table: ComparisonTable) -> str:
    head = "".join(f"<th>{escape(c.name)}</th>" for c in table.columns)
    out = [f"<table width='100%'><tr><th></th>{head}</tr>"]
    for row in table.rows:
        cells = []
        for i in range(len(table.columns)):
            cls = ("num" if row.kind != "text" else "") + (" best" if i in row.best else "")
            cells.append(f"<td class='{cls}'>{_value(row, i, table.currency)}</td>")
        out.append(f"<tr><td>{escape(_row_label(row))}</td>{''.join(cells)}</tr>")
    out.append("</table>")
    return "".join(out)


def sheet_html(build: Build, catalog: Catalog, rates: Rates, catalog_version: str = "") -> str:
    """The whole sheet as HTML (Qt's rich-text subset)."""
    summary = summarize(build, rates=rates)
    currency = build.cost.currency
    parts = [f"<html><head><style>{STYLE}</style></head><body>"]
    today = dt.date.today().isoformat()
    parts.append(f"<h1>{escape(build.name)}</h1>")
    parts.append(f"<p class='muted'>{escape(_tr('GPU Build Planner'))} {__version__} · "
                 f"{escape(_tr('catalog'))} {escape(catalog_version or '—')} · {today}</p>")
    if build.notes:
        parts.append(f"<p>{escape(build.notes)}</p>")

    parts.append(f"<h2>{escape(_tr('Build'))}</h2><table width='100%'><tr>"
                 f"<th>{escape(_tr('GPU'))}</th><th>{escape(_tr('Count'))}</th>"
                 f"<th>{escape(_tr('Memory'))}</th><th>{escape(_tr('Board power'))}</th>"
                 f"<th>{escape(_tr('Unit price'))}</th></tr>")
    for slot in build.slots:
        g = slot.gpu
        picked = gpu_price(g, currency, rates, build.cost.price_kind)
        price = picked.amount if picked is not None else None
        dated = (f"<br/><span class='muted'>{escape(_price_kind(picked.kind))}, "
                 f"{escape(picked.as_of)}</span>" if picked is not None else "")
        parts.append(f"<tr><td>{escape(g.name)}</td><td class='num'>{slot.count}</td>"
                     f"<td class='num'>{g.memory_gb:g} GB</td><td class='num'>{g.tdp_w:,.0f} W"
                     f"</td><td class='num'>{format_money(price, currency)}{dated}</td></tr>")
    total_price = (rates.convert(summary.price_usd, "USD", currency)
                   if summary.price_usd is not None else None)
    parts.append("</table>")
    parts.append(
        f"<p>{escape(_tr('Total'))}: {summary.gpu_count} GPU · "
        f"{_gib(summary.total_memory_bytes)} · {summary.total_tdp_w:,.0f} W "
        f"{escape(_tr('board power'))} · {escape(_tr('recommended PSU'))} "
        f"{str(summary.recommended_psu_w) + ' W' if summary.recommended_psu_w else '—'} · "
        f"{escape(_tr('price'))} {format_money(total_price, currency)}"
        + (f" ({summary.priced_gpus}/{summary.gpu_count} {escape(_tr('priced'))})"
           if summary.priced_gpus != summary.gpu_count else "") + "</p>")
    if summary.warnings:
        parts.append("<ul>" + "".join(f"<li>{escape(w.message)}</li>" for w in summary.warnings)
                     + "</ul>")

    rows = headroom_rows(build)
    if rows:
        parts.append(f"<h2>{escape(_tr('Workloads: memory per GPU'))}</h2><table width='100%'>"
                     f"<tr><th>{escape(_tr('Workload'))}</th><th>{escape(_tr('Task'))}</th>"
                     f"<th>{escape(_tr('Needed'))}</th><th>{escape(_tr('Usable'))}</th>"
                     f"<th>{escape(_tr('Verdict'))}</th></tr>")
        for r in rows:
            verdict = r.error or _tr(r.verdict.replace("-", " "))
            parts.append(
                f"<tr><td>{escape(r.name)}</td><td>{escape(_tr(r.task))}</td>"
                f"<td class='num'>{_gib(r.needed_bytes)} ±{r.error_band:.0%}</td>"
                f"<td class='num'>{_gib(r.usable_bytes)}</td>"
                f"<td class='{r.verdict}'>{escape(verdict)}</td></tr>")
        parts.append("</table>")

    if build.slots:
        gpus = default_gpus(build, catalog)
        if gpus:
            parts.append(f"<h2>{escape(_tr('GPUs side by side'))}</h2>")
            parts.append(_table(comparison_table(gpus, build, catalog, rates)))
            archs = default_architectures(gpus, catalog)
            if len(archs) >= 2:
                parts.append(f"<h2>{escape(_tr('Architectures'))}</h2>")
                parts.append(_table(architecture_table(archs, catalog)))

        ev = energy_view(build, catalog, rates)
        parts.append(f"<h2>{escape(_tr('Energy and cost of running'))}</h2>")
        if ev.error:
            parts.append(f"<p>{escape(ev.error)}</p>")
        elif ev.total is not None:
            t = ev.total
            cost = format_money(t.cost_per_year, currency)
            co2 = "—" if t.co2_kg_per_year is None else f"{t.co2_kg_per_year:,.0f} kg CO₂"
            idle = (f"{t.kwh_idle_per_year:,.0f} {escape(_tr('idle'))}" if t.idle_counted else
                    escape(QCoreApplication.translate("ComparisonSheet", "idle not counted")))
            parts.append(
                f"<p>{t.kwh_per_year:,.0f} kWh {escape(_tr('a year'))} "
                f"({t.kwh_load_per_year:,.0f} {escape(_tr('at load'))}, "
                f"{idle}) · {cost} "
                f"{escape(_tr('a year'))} · {co2} · {t.heat_btu_per_hour:,.0f} BTU/h</p>")
            uncounted = [line.label for line in ev.lines if not line.idle_counted]
            if uncounted:
                parts.append("<p class='muted'>" + escape(QCoreApplication.translate(
                    "ComparisonSheet", "Idle not counted (no source states the idle power): "
                    "%1").replace("%1", ", ".join(uncounted))) + "</p>")
            u = build.usage
            parts.append(
                f"<p class='muted'>{escape(_tr('Assumptions'))}: {u.hours_per_day:g} h/"
                f"{escape(_tr('day'))}, {u.days_per_year:g} {escape(_tr('days'))}, "
                f"{escape(_tr('utilization'))} {u.utilization:.0%}, PUE {u.pue:g}"
                + (f", {escape(ev.tariff.name)}" if ev.tariff else "")
                + (f", {escape(ev.carbon.region)} {ev.carbon.g_co2_per_kwh:g} g/kWh "
                   f"({ev.carbon.year})" if ev.carbon else "") + "</p>")
            if ev.cloud is not None:
                c = ev.cloud
                be = (_tr("none (no purchase price on record, or renting costs less "
                          "per hour than the electricity)") if c.break_even_hours is None
                      else f"{c.break_even_hours:,.0f} h")
                parts.append(
                    f"<p>{escape(_tr('Renting instead'))}: {c.instances}× "
                    f"{escape(c.instance.provider)} {escape(c.instance.name)} "
                    f"{format_money(c.rent_per_hour, currency)}/h "
                    f"({escape(c.instance.as_of)}) · {escape(_tr('break-even after'))} "
                    f"{escape(be)}" + ("" if c.like_for_like else " · " + escape(
                        QCoreApplication.translate(
                            "ComparisonSheet", "not like for like: the chosen instance holds "
                            "other GPUs or another count"))) + "</p>")

    parts.append(f"<h2>{escape(_tr('Sources'))}</h2><ul>")
    for slot in build.slots:
        srcs = "; ".join(escape(s) for s in slot.gpu.sources)
        parts.append(f"<li><b>{escape(slot.gpu.name)}</b>: {srcs}</li>")
    parts.append("</ul>")
    parts.append(f"<p class='muted'>{escape(_tr('Memory estimates: docs/estimation.md (formula and validation against PyTorch measurements). Tensor throughputs are dense; a figure shown as — is not stated by any source we have.'))}</p>")  # noqa: E501
    parts.append("</body></html>")
    return "".join(parts)
