"""Where a file's snapshots differ from the user's catalog, in sentences a buyer can act on.

A build keeps the file's snapshot (what the author saw); the catalog may know newer prices or
corrected figures. Rather than silently swap them, the UI shows these sentences and lets the user
decide. Sources and notes are not compared: they differ for harmless reasons and would drown the
figures that matter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from planner.core.build import Build
from planner.core.money import format_money
from planner.core.specs import Catalog, GpuSpec, Price, Workload
from planner.documents.rules import GPU_RULES, WORKLOAD_RULES

SKIPPED = frozenset({"id", "sources", "notes", "custom", "profile"})

#: Units shown after a GPU figure.
GPU_UNITS: dict[str, str] = {
    "memory_gb": "GB",
    "memory_bus_bits": "bits",
    "memory_bandwidth_gbs": "GB/s",
    "tdp_w": "W",
    "idle_w": "W",
    "fp32_tflops": "TFLOPS",
    "fp16_tensor_tflops": "TFLOPS",
    "bf16_tensor_tflops": "TFLOPS",
    "fp8_tensor_tflops": "TFLOPS",
    "int8_tensor_tops": "TOPS",
    "fp4_tensor_tflops": "TFLOPS",
    "interconnect_bandwidth_gbs": "GB/s",
}


def _number(value: float) -> str:
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.6g}"


def _value(key: str, value: Any, units: dict[str, str]) -> str:
    if value is None:
        return "not stated"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Price):
        return format_money(value.amount, value.currency)
    if key == "launch_msrp_usd":
        return format_money(float(value), "USD")
    if isinstance(value, int | float):
        unit = units.get(key)
        return _number(value) + (f" {unit}" if unit else "")
    return str(value)


def _label(key: str, label: str) -> str:
    if key == "street_price":
        return "price"
    return label[0].lower() + label[1:] if not label[:2].isupper() else label


def _differences(name: str, mine: Any, theirs: Any, rules: dict[str, Any],
                 units: dict[str, str], same: Callable[[str, Any, Any], bool],
                 wording: tuple[str, str] = ("in the file", "in your catalog")) -> list[str]:
    found: list[str] = []
    for key, rule in rules.items():
        if key in SKIPPED:
            continue
        a, b = getattr(mine, key), getattr(theirs, key)
        if same(key, a, b):
            continue
        found.append(f"{name}: {_label(key, rule.label)} {wording[0]} {_value(key, a, units)}, "
                     f"{wording[1]} {_value(key, b, units)}.")
    return found


def _same(key: str, a: Any, b: Any) -> bool:
    if isinstance(a, Price) and isinstance(b, Price):
        # A price is the same offer if amount and currency match, whatever its date or source.
        return a.amount == b.amount and a.currency == b.currency
    return bool(a == b)


def gpu_differences(snapshot: GpuSpec, catalog_gpu: GpuSpec,
                    wording: tuple[str, str] = ("in the file", "in your catalog")) -> list[str]:
    """Sentences for each figure where the file's GPU differs from the catalog's.

    ``wording`` names the two sides (another pair compares two versions of a file).
    """
    return _differences(snapshot.name, snapshot, catalog_gpu, GPU_RULES, GPU_UNITS, _same,
                        wording)


def workload_differences(snapshot: Workload, catalog_workload: Workload,
                         wording: tuple[str, str] = ("in the file", "in your catalog")
                         ) -> list[str]:
    """Sentences for each hyper-parameter where the file's model differs from the catalog's."""
    found = _differences(snapshot.name, snapshot, catalog_workload, WORKLOAD_RULES, {}, _same,
                         wording)
    if snapshot.profile != catalog_workload.profile:
        found.append(f"{snapshot.name}: the measured activation profile {wording[0]} differs "
                     f"from the one {wording[1]}.")
    return found


def compare(build: Build, catalog: Catalog | None) -> tuple[tuple[GpuSpec, ...],
                                                            tuple[str, ...]]:
    """GPUs the catalog lacks, and sentences for snapshots that differ from the catalog."""
    if catalog is None:
        return (), ()
    unknown: list[GpuSpec] = []
    found: list[str] = []
    for slot in build.slots:
        known = catalog.gpu(slot.gpu.id)
        if known is None:
            unknown.append(slot.gpu)
        else:
            found.extend(gpu_differences(slot.gpu, known))
    seen: set[str] = set()
    for tracked in build.workloads:
        w = tracked.workload
        known_w = catalog.workload(w.id)
        if w.id in seen or known_w is None:
            continue
        seen.add(w.id)
        found.extend(workload_differences(w, known_w))
    return tuple(unknown), tuple(found)
