"""Words and figures the screen and the printed sheet share: verdicts, tasks, the comparison table.

The comparison panel and the sheet show the same comparison table (core's ``ComparisonTable``);
both word its rows and format its cells here, so a figure cannot read one way on screen and
another on paper. Row names are data (keyed by the row's key) marked with ``QT_TRANSLATE_NOOP``
so lupdate finds them; they are translated when shown. Figures go through
:mod:`planner.core.costs.formatting`.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from planner.core.costs.formatting import Formatter
from planner.core.estimator.headroom import DOES_NOT_FIT, FITS, TIGHT
from planner.core.estimator.links import BRIDGE, NETWORK, PCIE_HOST
from planner.core.views.compare import NO_CURRENT_PRICE, NO_FIGURE, ComparisonRow
from planner.core.views.links import UNKNOWN, LinkUse
from planner.words.prices import last_seen_text

#: Comparison row names by row key (workload rows are named after their workload instead).
ROW_LABELS: dict[str, str] = cast(dict[str, str], {  # NOOP returns its text
    "memory": QT_TRANSLATE_NOOP("Comparison", "Memory"),
    "memory_type": QT_TRANSLATE_NOOP("Comparison", "Memory type"),
    "bandwidth": QT_TRANSLATE_NOOP("Comparison", "Memory bandwidth"),
    "fp32": QT_TRANSLATE_NOOP("Comparison", "FP32"),
    "fp16": QT_TRANSLATE_NOOP("Comparison", "FP16 tensor (dense)"),
    "bf16": QT_TRANSLATE_NOOP("Comparison", "BF16 tensor (dense)"),
    "fp8": QT_TRANSLATE_NOOP("Comparison", "FP8 tensor (dense)"),
    "int8": QT_TRANSLATE_NOOP("Comparison", "INT8 tensor (dense)"),
    "architecture": QT_TRANSLATE_NOOP("Comparison", "Architecture"),
    "process": QT_TRANSLATE_NOOP("Comparison", "Process"),
    "arch_bf16": QT_TRANSLATE_NOOP("Comparison", "BF16 support"),
    "arch_fp8": QT_TRANSLATE_NOOP("Comparison", "FP8 support"),
    "arch_fp4": QT_TRANSLATE_NOOP("Comparison", "FP4 support"),
    "transformer_engine": QT_TRANSLATE_NOOP("Comparison", "Transformer Engine"),
    "sparsity": QT_TRANSLATE_NOOP("Comparison", "2:4 structured sparsity"),
    "interconnect": QT_TRANSLATE_NOOP("Comparison", "GPU-to-GPU link"),
    "link_bandwidth": QT_TRANSLATE_NOOP("Comparison", "Link bandwidth"),
    "tdp": QT_TRANSLATE_NOOP("Comparison", "Board power (TDP)"),
    "price": QT_TRANSLATE_NOOP("Comparison", "Price"),
    #: %1 is the money the figures count per, in the build's currency: "$1,000", "¥10,000".
    "perf_per_dollar": QT_TRANSLATE_NOOP("Comparison", "FP16 TFLOPS per %1"),
    "perf_per_watt": QT_TRANSLATE_NOOP("Comparison", "FP16 GFLOPS per watt"),
    "vendor": QT_TRANSLATE_NOOP("Comparison", "Vendor"),
    "launch_year": QT_TRANSLATE_NOOP("Comparison", "Launched"),
    "matrix_units": QT_TRANSLATE_NOOP("Comparison", "Matrix units"),
    "features": QT_TRANSLATE_NOOP("Comparison", "Features"),
    # Variants side by side (planner.core.views.variants)
    "total_memory": QT_TRANSLATE_NOOP("Comparison", "Total VRAM"),
    "smallest_card": QT_TRANSLATE_NOOP("Comparison", "Smallest card"),
    "purchase": QT_TRANSLATE_NOOP("Comparison", "Purchase price"),
    "kwh_year": QT_TRANSLATE_NOOP("Comparison", "Electricity a year"),
    "cost_year": QT_TRANSLATE_NOOP("Comparison", "Running cost a year"),
    "total": QT_TRANSLATE_NOOP("Comparison", "Total over the horizon"),
    "rent_total": QT_TRANSLATE_NOOP("Comparison", "Renting the same GPUs instead"),
    "psu": QT_TRANSLATE_NOOP("Comparison", "Recommended PSU"),
    "circuit": QT_TRANSLATE_NOOP("Comparison", "Wall circuit"),
    "warnings": QT_TRANSLATE_NOOP("Comparison", "Warnings"),
    "link": QT_TRANSLATE_NOOP("Comparison", "Waiting on the GPU link"),
})

#: Wall circuits as a buyer knows them (physics.CIRCUITS_W's keys).
CIRCUIT_LABELS: dict[str, str] = cast(dict[str, str], {
    "120V-15A": QT_TRANSLATE_NOOP("Comparison", "120 V / 15 A"),
    "220V-10A": QT_TRANSLATE_NOOP("Comparison", "220 V / 10 A"),
    "230V-16A": QT_TRANSLATE_NOOP("Comparison", "230 V / 16 A"),
})

#: Units shown in a row's name; the memory row's figure is a card's capacity, counted in GiB
#: like every other memory figure (see planner.core.costs.formatting).
_UNITS = {"GB": "GiB"}


def circuit_text(circuit: str) -> str:
    """A wall circuit as a buyer reads it, in their language: "220 V / 10 A", "2 × 220 V / 10 A".

    ``circuit`` is a key of ``physics.CIRCUITS_W``, or ``"<n>×<key>"`` when the build takes
    ``n`` such circuits (core's ``wall_circuit``); anything else reads as written.
    """
    count, sep, key = circuit.partition("×")
    if sep and count.isdigit():
        #: A build that takes several wall circuits: %1 is how many, %2 the circuit.
        return (QCoreApplication.translate("Comparison", "%1 × %2")
                .replace("%1", count).replace("%2", circuit_text(key)))
    return QCoreApplication.translate("Comparison", CIRCUIT_LABELS.get(circuit, circuit))


def verdict_text(verdict: str | None) -> str:
    """A verdict in the user's language: colour is never the only cue."""
    if verdict == FITS:
        return QCoreApplication.translate("Verdict", "fits")
    if verdict == TIGHT:
        return QCoreApplication.translate("Verdict", "tight")
    if verdict == DOES_NOT_FIT:
        return QCoreApplication.translate("Verdict", "does not fit")
    if verdict == "no-gpu":
        return QCoreApplication.translate("Verdict", "no GPU")
    if verdict == "error":
        return QCoreApplication.translate("Verdict", "error")
    return verdict or ""


def task_text(task: str) -> str:
    """A tracked workload's task, as a noun."""
    if task == "train":
        return QCoreApplication.translate("Tasks", "training")
    return QCoreApplication.translate("Tasks", "inference")


def row_label(row: ComparisonRow, labels: dict[str, str] | None = None,
              fmt: Formatter | None = None) -> str:
    """A comparison row's name in the user's language, with its unit.

    ``labels`` is :func:`row_labels` built once by a caller that words many rows (a translate call
    per row on every edit adds up). ``fmt`` writes the amount a per-money row counts per (its
    separators; the row carries the currency); without it the amount reads "¥10,000".
    """
    # Short task words ("train", not "training"): a longer label wraps and costs the sheet a line.
    task = (QCoreApplication.translate("Comparison", "train") if row.task == "train"
            else QCoreApplication.translate("Comparison", "inference"))
    subject = row.label if row.task is None else (
        QCoreApplication.translate("Comparison", "%1 (%2)").replace("%1", row.label)
        .replace("%2", task))
    if row.kind == "headroom":
        return QCoreApplication.translate("Comparison", "Headroom: %1").replace("%1", subject)
    if row.kind == "speed":
        unit = (QCoreApplication.translate("Comparison", "tokens/s") if row.unit == "tokens/s"
                else QCoreApplication.translate("Comparison", "samples/s"))
        return (QCoreApplication.translate("Comparison", "Speed: %1 (%2)")
                .replace("%1", subject).replace("%2", unit))
    if row.kind == "duration":
        return QCoreApplication.translate("Comparison", "Time for the job: %1").replace(
            "%1", subject)
    label = (labels or {}).get(row.key) or (
        QCoreApplication.translate("Comparison", ROW_LABELS[row.key]) if row.key in ROW_LABELS
        else row.label)
    if row.per is not None:
        label = label.replace("%1", (fmt or Formatter()).money(row.per))
    unit = _UNITS.get(row.unit, row.unit)
    return f"{label} ({unit})" if unit else label


def row_labels() -> dict[str, str]:
    """Every row name in the current language, for :func:`row_label`."""
    return {key: QCoreApplication.translate("Comparison", text)
            for key, text in ROW_LABELS.items()}


def cell_text(row: ComparisonRow, column: int, fmt: Formatter) -> str:
    """One value as the table shows it (units are in the row's name; headroom carries GiB).

    Headroom is signed ("+1.5 GiB" free, "−3.2 GiB" short); its verdict is worded apart
    (:func:`verdict_text`), since the panel puts it on a second line and the sheet colours it.
    """
    value = row.values[column]
    if row.kind == "link":
        use = row.links[column] if column < len(row.links) else None
        if use is None:
            return "—"
        if value is None:
            return link_text(use)
        return (QCoreApplication.translate("Comparison", "%1 on %2")
                .replace("%1", fmt.percent(float(value))).replace("%2", link_text(use)))
    if value is None and column < len(row.stale) and row.stale[column] is not None:

        return last_seen_text(row.stale[column], fmt)  # type: ignore[arg-type]
    if value is None:
        note = row.notes[column] if column < len(row.notes) else None
        if note == NO_CURRENT_PRICE:  # a card of the variant is only "last seen"
            return QCoreApplication.translate("Comparison", "no current price")
        return (QCoreApplication.translate("Comparison", "no figure on record")
                if note == NO_FIGURE else "—")
    if row.kind == "bool":
        return (QCoreApplication.translate("Comparison", "yes") if value
                else QCoreApplication.translate("Comparison", "no"))
    if row.key == "circuit" and isinstance(value, str):
        return circuit_text(value)
    if row.kind == "text" or isinstance(value, str):
        return str(value)
    number = float(value)
    if row.kind == "money":
        return fmt.money(number)
    if row.kind == "headroom":
        return fmt.signed_memory(number)
    if row.kind == "memory":
        return fmt.memory(number, None)
    if row.kind == "duration":
        return duration_text(number, fmt)
    if row.key == "launch_year":
        return str(int(number))  # a year, not a quantity: no thousands separator
    if row.kind == "speed":
        return fmt.number(number, 1 if number < 10 else 0)
    return fmt.number(number, row.decimals)


def link_text(use: LinkUse) -> str:
    """The link a run waits on, short enough for a table cell: "PCIe 4.0 x8 via host memory".

    Link names (NVLink 3, PCIe 4.0 x16) are the vendors' and stay as they are; "via host memory"
    is a GeForce card without peer-to-peer, "(x8/x8)" two cards sharing a desktop CPU's lanes.
    """
    translate = QCoreApplication.translate
    if use.kind == UNKNOWN:
        return translate("Links", "link not on record")
    if use.kind == PCIE_HOST:
        text = translate("Links", "%1 via host memory").replace(
            "%1", use.name)
    elif use.kind == NETWORK:
        text = translate("Links", "%1 network").replace("%1", use.name)
    elif use.kind == BRIDGE:
        text = translate("Links", "%1 bridge").replace("%1", use.name)
    else:
        text = use.name
    if use.lanes_split:
        text = translate("Links", "%1 (x8/x8)").replace("%1", text)
    return text


def duration_text(hours: float, fmt: Formatter) -> str:
    """A job's length: hours up to two days, then days."""
    if hours < 48:
        return QCoreApplication.translate("Comparison", "%1 h").replace(
            "%1", fmt.number(hours, 1 if hours < 10 else 0))
    return QCoreApplication.translate("Comparison", "%1 days").replace(
        "%1", fmt.number(hours / 24, 1))
