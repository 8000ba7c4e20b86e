"""The commands' human-readable output, through the one formatter the app and the sheet use.

Money, memory, power, energy, carbon and shares are written by
:class:`planner.core.costs.formatting.Formatter` (the build's currency at the bundled dated rates,
"GiB",
"1,350 W", "¥1,235", "42 %"), so a figure reads the same in a terminal as in the window. The CLI
speaks English; counts are in the right number ("1 GPU", "5 GPUs").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from planner.core.costs.formatting import Formatter, NumberStyle

# The width of the label column in ``estimate``'s breakdown.
LABEL = 22


def formatter(currency: str = "USD") -> Formatter:
    """Figures in ``currency`` converted at the bundled dated rates, English separators."""
    from planner.catalog.rates import bundled_rates

    return Formatter(NumberStyle(), currency, bundled_rates())


def count_of(n: int, one: str, many: str, fmt: Formatter | None = None) -> str:
    """``n`` things in the right number: "1 GPU", "5 GPUs", "1,024 tokens"."""
    return f"{(fmt or Formatter()).integer(n)} {one if n == 1 else many}"


def gpus(n: int) -> str:
    """"1 GPU", "5 GPUs"."""
    return count_of(n, "GPU", "GPUs")


def _row(label: str, text: str) -> str:
    return f"  {label:<{LABEL}} {text}"


def estimate_lines(name: str, gpu_name: str | None, r: dict[str, Any]) -> Iterator[str]:
    """``estimate``'s text: the per-part breakdown, the fit on ``gpu_name`` and the speed."""
    fmt = Formatter()

    def gib(n: float) -> str:
        return fmt.memory(n, 2)

    yield (f"{name} ({r['head']}) — {r['task']}, {r['precision']}, {gpus(r['gpus'])} "
           f"({r['strategy']})")
    yield _row("parameters", fmt.integer(r["parameters"]))
    if r["trainable_parameters"] and r["trainable_parameters"] != r["parameters"]:
        yield _row("trainable", fmt.integer(r["trainable_parameters"]))
    for key, value in r["breakdown"].items():
        yield _row("KV cache" if key == "kv_cache" else key.replace("_", " "), gib(value))
    yield _row("total per GPU", f"{gib(r['total_bytes'])}  (peak: {r['peak_phase']}, "
                                f"±{fmt.percent(r['error_band'])} {r['provenance']})")
    if r["host_bytes"]:
        yield _row("host RAM", f"{gib(r['host_bytes'])} per GPU process")
    cal = r.get("calibration")
    if "calibrated_total_bytes" in r:
        yield _row("calibrated", gib(r["calibrated_total_bytes"]) + (
            f"  (calibrated from {cal['runs']} of your {cal['family']} runs on {cal['gpu']}, "
            f"{cal['stack']}: {fmt.signed_memory(cal['added_bytes'], 2)}, "
            f"{'+' if cal['share'] >= 0 else '−'}{fmt.percent(abs(cal['share']), 1)} of the "
            f"{cal['metric']} part; "
            + (f"the {gib(cal['unseen_bytes'])} {cal['metric']} leaves out (CUDA context, "
               "slack) is the formulas'; " if cal["unseen_bytes"] else "")
            + f"±{fmt.percent(cal['residual'], 1)} on those runs)" if cal else
            "  (no calibration: too few runs of yours of this kind on this GPU, or none that "
            "improve on the formulas)"))
    if "verdict" in r:
        yield (f"  on {gpu_name or r['gpu']}: usable {gib(r['usable_bytes'])}, headroom "
               f"{fmt.signed_memory(r['headroom_bytes'], 2)} → "
               f"{r['verdict'].replace('-', ' ')}")
    if r.get("speed"):
        s = r["speed"]
        yield _row("speed", f"~{fmt.number(s['per_second'])} {s['unit']} on {gpus(r['gpus'])} "
                            f"(assumes {s['assumes']})")
    if r.get("link"):
        yield _row("link", link_line(r["link"], fmt))
    if r.get("speed_unknown"):
        yield _row("speed", f"unknown: {r['speed_unknown']}")
    for text in r["notes"]:
        yield f"  note: {text}"


#: How the CLI names each kind of link (core's planner.core.estimator.links kinds).
_LINK_WORDS = {
    "nvlink": "{name}",
    "bridge": "{name} bridge",
    "pcie-p2p": "{name}, peer-to-peer",
    "pcie-host": "{name} through host memory (no peer-to-peer on GeForce 40/50)",
    "network": "{name} network between servers",
}


def link_line(link: dict[str, Any], fmt: Formatter) -> str:
    """The link multi-GPU training waits on, and for how much of each step."""
    if link["kind"] == "unknown":
        return "not on record for this card: the speed counts no communication"
    text = _LINK_WORDS.get(link["kind"], "{name}").format(name=link["name"])
    if link["lanes_split"]:
        text += ", x8/x8 on a desktop board"
    return (f"{text}, ~{fmt.number(link['bus_gbs'], 1)} GB/s achieved; the GPUs wait on it "
            f"{fmt.percent(link['waiting_share'])} of each step")


def recommend_lines(rows: list[dict[str, Any]], assumed: list[str],
                    fmt: Formatter) -> Iterator[str]:
    """One line per candidate build (price in ``fmt``'s currency), then what it was sized for."""
    for r in rows:
        unit = r.get("unit_price") or {}
        price = fmt.money(r["price"])
        if r["price"] is None and unit.get("stale"):  # what the row was last seen at, said so
            price = (f"no current price — last seen {fmt.money(unit['amount'], unit['currency'])}"
                     f", {unit['as_of'][:4]}")
        yield (f"{r['count']}× {r['name']:<28} {price:>12}  "
               f"{fmt.power(r['tdp_w']):>9}  headroom "
               f"{fmt.percent(r['worst_headroom']):>5}  {'/'.join(r['strategies'])}")
    for line in assumed:
        yield f"  sized for {line}"


def energy_lines(name: str, count: int, result: dict[str, Any], idle: str,
                 fmt: Formatter) -> Iterator[str]:
    """``energy``'s text: a year's kWh (load and idle), its cost and its carbon."""
    yield (f"{count}× {name}: {fmt.energy(result['kwh_per_year'])} a year "
           f"({fmt.energy(result['kwh_load_per_year'])} at load, {idle})")
    if result["cost_per_year"] is not None:
        yield f"  cost {fmt.money(result['cost_per_year'])} a year"
    if result["co2_kg_per_year"] is not None:
        yield f"  {fmt.mass_co2(result['co2_kg_per_year'])} a year"
