"""Catalog records as JSON-able dicts and as compact text tables, for the CLI and exports.

``gpu-planner catalog gpus --json`` prints :func:`gpu_record` dicts (keys exactly the
:class:`GpuSpec` field names, so scripts can rely on them); without ``--json`` it prints
:func:`format_table`, which picks the handful of columns a buyer scans first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from planner.catalog.rates import bundled_rates
from planner.catalog.records import Record, price_from_record, to_record
from planner.core.costs.formatting import Formatter
from planner.core.costs.prices import DEFAULT_BASIS, card_price, newest, price_of
from planner.core.records.specs import (
    Architecture,
    CloudInstance,
    GpuSpec,
    GridCarbon,
    Tariff,
    Workload,
)

MISSING = "—"


def gpu_record(spec: GpuSpec) -> Record:
    """Return every field of a GPU; ``None`` for missing figures, sources as a list.

    Besides the dated ``prices`` it carries the fields scripts read before prices were dated,
    now derived from them: ``price_usd`` (the price a build shows under default preferences:
    a new card's, else its used price, in US dollars at the rate of the price's date),
    ``launch_msrp_usd`` (the newest US-dollar MSRP) and ``street_price`` (the newest street
    price, as ``{amount, currency, as_of, source}``).
    """
    record = to_record(spec)
    msrp = newest([p for p in spec.prices if p.currency == "USD"], "msrp")
    street = newest(spec.prices, "street")
    shown = card_price(spec, "USD", bundled_rates(), DEFAULT_BASIS)
    current = shown is not None and shown.current  # a stale price is no price a build shows
    record["price_usd"] = round(shown.amount, 2) if shown is not None and current else None
    record["launch_msrp_usd"] = msrp.amount if msrp is not None else None
    record["street_price"] = None if street is None else {
        "amount": street.amount, "currency": street.currency, "as_of": street.as_of,
        "source": street.source}
    return record


def workload_record(workload: Workload) -> Record:
    """Return every field of a workload; its activation profile as a dict or ``None``."""
    return to_record(workload)


def architecture_record(architecture: Architecture) -> Record:
    """Return every field of an architecture; features and sources as lists."""
    return to_record(architecture)


def tariff_record(tariff: Tariff) -> Record:
    """Return every field of a tariff; tiers as a list of dicts."""
    return to_record(tariff)


def carbon_record(carbon: GridCarbon) -> Record:
    """Return every field of a grid carbon figure."""
    return to_record(carbon)


def cloud_record(instance: CloudInstance) -> Record:
    """Return every field of a cloud instance."""
    return to_record(instance)


def _number(value: Any, digits: int = 1) -> str:
    if value is None:
        return MISSING
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value.is_integer():
            return str(int(value))
        text = f"{value:.{digits}f}"
        return text.rstrip("0").rstrip(".") if "." in text else text  # 25250, not 2525
    return str(value)


def _count(value: Any) -> str:
    """Parameter counts the way people say them: 8.0B, 86.6M."""
    if not isinstance(value, int | float):
        return MISSING
    for scale, suffix in ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "K")):
        if value >= scale:
            return f"{value / scale:.1f}{suffix}"
    return str(value)


def _text(value: Any) -> str:
    return MISSING if value is None or value == "" else str(value)


def _price(record: Record) -> str:
    prices = [price_from_record(p) for p in record.get("prices") or ()]
    picked = price_of(prices, None, None)
    if picked is None:
        return MISSING
    return f"{Formatter().money(picked.amount, picked.currency)} ({picked.kind} {picked.as_of[:7]})"


def _tariff_price(record: Record) -> str:
    tiers = record.get("tiers") or []
    prices = [_number(t.get("price_per_kwh"), 4) for t in tiers]
    return "/".join(prices) if prices else MISSING


Column = tuple[str, Callable[[Record], str], bool]  # header, cell, right-aligned

COLUMNS: dict[str, list[Column]] = {
    "gpus": [
        ("Name", lambda r: _text(r.get("name")), False),
        ("Vendor", lambda r: _text(r.get("vendor")), False),
        ("Arch", lambda r: _text(r.get("architecture")), False),
        ("VRAM GB", lambda r: _number(r.get("memory_gb")), True),
        ("BW GB/s", lambda r: _number(r.get("memory_bandwidth_gbs"), 0), True),
        ("TDP W", lambda r: _number(r.get("tdp_w"), 0), True),
        ("FP16 TFLOPS", lambda r: _number(r.get("fp16_tensor_tflops")), True),
        ("Year", lambda r: _number(r.get("launch_year")), True),
        ("Price", _price, True),
        ("From", lambda r: _text(r.get("layer")), False),
    ],
    "models": [
        ("Name", lambda r: _text(r.get("name")), False),
        ("Family", lambda r: _text(r.get("family")), False),
        ("Params", lambda r: _count(r.get("parameters")), True),
        ("Layers", lambda r: _number(r.get("layers")), True),
        ("Hidden", lambda r: _number(r.get("hidden")), True),
        ("Heads", lambda r: _number(r.get("heads")), True),
        ("KV", lambda r: _number(r.get("kv_heads")), True),
        ("Context", lambda r: _number(r.get("context")), True),
        ("Id", lambda r: _text(r.get("id")), False),
    ],
    "architectures": [
        ("Name", lambda r: _text(r.get("name")), False),
        ("Vendor", lambda r: _text(r.get("vendor")), False),
        ("Year", lambda r: _number(r.get("launch_year")), True),
        ("Process", lambda r: _text(r.get("process_node")), False),
        ("BF16", lambda r: _number(r.get("bf16")), False),
        ("FP8", lambda r: _number(r.get("fp8")), False),
        ("FP4", lambda r: _number(r.get("fp4")), False),
        ("Id", lambda r: _text(r.get("id")), False),
    ],
    "tariffs": [
        ("Name", lambda r: _text(r.get("name")), False),
        ("Region", lambda r: _text(r.get("region")), False),
        ("Currency", lambda r: _text(r.get("currency")), False),
        ("Per kWh", _tariff_price, True),
        ("As of", lambda r: _text(r.get("as_of")), False),
        ("Id", lambda r: _text(r.get("id")), False),
    ],
    "carbon": [
        ("Region", lambda r: _text(r.get("region")), False),
        ("gCO2/kWh", lambda r: _number(r.get("g_co2_per_kwh")), True),
        ("Year", lambda r: _number(r.get("year")), True),
        ("Id", lambda r: _text(r.get("id")), False),
    ],
    "cloud": [
        ("Provider", lambda r: _text(r.get("provider")), False),
        ("Name", lambda r: _text(r.get("name")), False),
        ("GPU", lambda r: _text(r.get("gpu_id")), False),
        ("Count", lambda r: _number(r.get("gpu_count")), True),
        ("Per hour", lambda r: _number(r.get("price_per_hour"), 2), True),
        ("Currency", lambda r: _text(r.get("currency")), False),
        ("As of", lambda r: _text(r.get("as_of")), False),
        ("Id", lambda r: _text(r.get("id")), False),
    ],
}
ALIASES = {"workloads": "models", "archs": "architectures", "instances": "cloud"}
MAX_CELL = 40


def _clip(cell: str) -> str:
    return cell if len(cell) <= MAX_CELL else cell[: MAX_CELL - 1] + "…"


def format_table(kind: str, records: Sequence[Record]) -> str:
    """Render records as an aligned plain-text table (no trailing newline).

    ``kind`` is ``gpus``, ``models`` (or ``workloads``), ``architectures``, ``tariffs``,
    ``carbon`` or ``cloud``. Missing figures show as "—", never as 0.
    """
    key = ALIASES.get(kind, kind)
    if key not in COLUMNS:
        known = ", ".join(sorted(COLUMNS))
        raise ValueError(f"Unknown catalog table '{kind}'; choose one of {known}.")
    # "From" (the catalog layer, planner.catalog.layers) only for records that say it.
    columns = [c for c in COLUMNS[key]
               if c[0] != "From" or any("layer" in r for r in records)]
    rows = [[h for h, _, _ in columns]]
    rows += [[_clip(cell(r)) for _, cell, _ in columns] for r in records]
    widths = [max(len(row[i]) for row in rows) for i in range(len(columns))]
    lines = []
    for n, row in enumerate(rows):
        cells = [
            cell.rjust(width) if right and n else cell.ljust(width)
            for cell, width, (_, _, right) in zip(row, widths, columns, strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)
