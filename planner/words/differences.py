"""What differs between two versions of a catalog card, one line per figure, in the user's language.

The team catalog shows these lines in an edited card's tooltip (against the bundled figures) and
in the conflict dialog (mine against the team's). ``planner.documents.compare.gpu_changes``
decides which figures differ; this words them: the field's name, both values with their units,
and the two sides' names the caller gives ("in yours", "in theirs"). English reads as the
documents layer's own lines do.
"""

from __future__ import annotations

from typing import Any, cast

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from planner.core.costs.prices import price_of
from planner.core.records.specs import GpuSpec
from planner.words.formats import formatter
from planner.words.prices import price_kind_text

CONTEXT = "Differences"

LABELS: dict[str, str] = cast(dict[str, str], {  # NOOP returns its text
    "vendor": QT_TRANSLATE_NOOP("Differences", "GPU vendor"),
    "name": QT_TRANSLATE_NOOP("Differences", "GPU name"),
    "architecture": QT_TRANSLATE_NOOP("Differences", "GPU architecture"),
    "segment": QT_TRANSLATE_NOOP("Differences", "GPU segment"),
    "form_factor": QT_TRANSLATE_NOOP("Differences", "GPU form factor"),
    "memory_gb": QT_TRANSLATE_NOOP("Differences", "GPU memory"),
    "memory_type": QT_TRANSLATE_NOOP("Differences", "GPU memory type"),
    "memory_bandwidth_gbs": QT_TRANSLATE_NOOP("Differences", "memory bandwidth"),
    "tdp_w": QT_TRANSLATE_NOOP("Differences", "board power"),
    "memory_bus_bits": QT_TRANSLATE_NOOP("Differences", "memory bus width"),
    "idle_w": QT_TRANSLATE_NOOP("Differences", "idle power"),
    "fp32_tflops": QT_TRANSLATE_NOOP("Differences", "FP32 throughput"),
    "fp16_tensor_tflops": QT_TRANSLATE_NOOP("Differences", "FP16 tensor throughput"),
    "bf16_tensor_tflops": QT_TRANSLATE_NOOP("Differences", "BF16 tensor throughput"),
    "fp8_tensor_tflops": QT_TRANSLATE_NOOP("Differences", "FP8 tensor throughput"),
    "int8_tensor_tops": QT_TRANSLATE_NOOP("Differences", "INT8 tensor throughput"),
    "fp4_tensor_tflops": QT_TRANSLATE_NOOP("Differences", "FP4 tensor throughput"),
    "compute_capability": QT_TRANSLATE_NOOP("Differences", "compute capability"),
    "rocm_support": QT_TRANSLATE_NOOP("Differences", "ROCm support"),
    "interconnect": QT_TRANSLATE_NOOP("Differences", "GPU interconnect"),
    "interconnect_bandwidth_gbs": QT_TRANSLATE_NOOP("Differences", "interconnect bandwidth"),
    "pcie_gen": QT_TRANSLATE_NOOP("Differences", "PCIe generation"),
    "pcie_lanes": QT_TRANSLATE_NOOP("Differences", "PCIe lanes"),
    "ecc": QT_TRANSLATE_NOOP("Differences", "ECC"),
    "slot_width": QT_TRANSLATE_NOOP("Differences", "slot width"),
    "power_connectors": QT_TRANSLATE_NOOP("Differences", "power connectors"),
    "connectors_16pin": QT_TRANSLATE_NOOP("Differences", "number of 16-pin connectors"),
    "connectors_8pin": QT_TRANSLATE_NOOP("Differences", "number of 8-pin connectors"),
    "launch_year": QT_TRANSLATE_NOOP("Differences", "launch year"),
    "prices": QT_TRANSLATE_NOOP("Differences", "price"),
})
"""Each compared GPU field's name inside a sentence (a test holds it to the schema's labels)."""

UNITS: dict[str, str] = cast(dict[str, str], {
    "memory_gb": QT_TRANSLATE_NOOP("Differences", "%1 GB"),
    "memory_bus_bits": QT_TRANSLATE_NOOP("Differences", "%1 bits"),
    "memory_bandwidth_gbs": QT_TRANSLATE_NOOP("Differences", "%1 GB/s"),
    "interconnect_bandwidth_gbs": QT_TRANSLATE_NOOP("Differences", "%1 GB/s"),
    "tdp_w": QT_TRANSLATE_NOOP("Differences", "%1 W"),
    "idle_w": QT_TRANSLATE_NOOP("Differences", "%1 W"),
    "fp32_tflops": QT_TRANSLATE_NOOP("Differences", "%1 TFLOPS"),
    "fp16_tensor_tflops": QT_TRANSLATE_NOOP("Differences", "%1 TFLOPS"),
    "bf16_tensor_tflops": QT_TRANSLATE_NOOP("Differences", "%1 TFLOPS"),
    "fp8_tensor_tflops": QT_TRANSLATE_NOOP("Differences", "%1 TFLOPS"),
    "fp4_tensor_tflops": QT_TRANSLATE_NOOP("Differences", "%1 TFLOPS"),
    "int8_tensor_tops": QT_TRANSLATE_NOOP("Differences", "%1 TOPS"),
})


def _tr(text: str) -> str:
    return QCoreApplication.translate("Differences", text)


def _number(value: float) -> str:
    decimals = 0 if float(value).is_integer() else min(6, len(f"{value:g}".partition(".")[2]))
    return formatter().number(float(value), decimals)


def value_text(key: str, value: Any) -> str:
    """One side's value of a field, with its unit, in the user's language."""
    if value is None:
        return QCoreApplication.translate("Differences", "not stated")
    if isinstance(value, bool):
        return QCoreApplication.translate("Differences", "yes") if value else \
            QCoreApplication.translate("Differences", "no")
    if key == "prices":
        picked = price_of(value, None, None)
        if picked is None:
            return QCoreApplication.translate("Differences", "not stated")
        return QCoreApplication.translate("Differences", "%1 (%2, %3)").replace(
            "%1", formatter(picked.currency).money(picked.amount, picked.currency)).replace(
            "%2", price_kind_text(picked.kind)).replace("%3", picked.as_of)
    if isinstance(value, int | float):
        unit = UNITS.get(key)
        return _tr(unit).replace("%1", _number(value)) if unit else _number(value)
    return str(value)


def gpu_difference_lines(mine: GpuSpec, theirs: GpuSpec, sides: tuple[str, str]) -> list[str]:
    """One line per figure where two versions of a card differ.

    ``sides`` names the two versions in the caller's words ("in yours", "in theirs"; "here",
    "in the bundled catalog"), already translated.
    """
    from planner.documents.compare import gpu_changes

    lines = []
    for change in gpu_changes(mine, theirs):
        label = LABELS.get(change.key)
        lines.append(QCoreApplication.translate("Differences", "%1: %2 %3 %4, %5 %6.")
                     .replace("%1", mine.name)
                     .replace("%2", _tr(label) if label else change.label)
                     .replace("%3", sides[0]).replace("%4", value_text(change.key, change.mine))
                     .replace("%5", sides[1])
                     .replace("%6", value_text(change.key, change.theirs)))
    return lines
