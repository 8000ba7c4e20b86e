"""Where a file's snapshots differ from the user's catalog, in sentences a buyer can act on.

A build keeps the file's snapshot (what the author saw); the catalog may know newer prices or
corrected figures. Rather than silently swap them, the UI shows these sentences and lets the user
decide. Sources and notes are not compared: they differ for harmless reasons and would drown the
figures that matter.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from planner.core.costs.formatting import Formatter
from planner.core.costs.prices import price_of
from planner.core.plan.build import BuildSlot
from planner.core.plan.study import Study
from planner.core.records.specs import Catalog, GpuSpec, Workload
from planner.schema.base import Record
from planner.schema.fields import spec_of
from planner.schema.records import GpuSnapshot, WorkloadSnapshot

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
    if key == "prices":
        picked = price_of(value, None, None)
        if picked is None:
            return "not stated"
        return (f"{Formatter(currency=picked.currency).money(picked.amount)} ({picked.kind}, "
                f"{picked.as_of})")
    if isinstance(value, int | float):
        unit = units.get(key)
        return _number(value) + (f" {unit}" if unit else "")
    return str(value)


def in_sentence(label: str) -> str:
    """A field's label inside a sentence: "Batch size" becomes "batch size".

    "LoRA rank", "KV heads" and "GPU count" keep their capitals: a first word with another
    capital is a name or an acronym.
    """
    first = label.split(" ", 1)[0]
    return label if any(c.isupper() for c in first[1:]) else label[:1].lower() + label[1:]


def _label(key: str, label: str) -> str:
    return "price" if key == "prices" else in_sentence(label)


@dataclass(frozen=True, slots=True)
class FieldChange:
    """One figure that differs between two versions of a record (for words in any language)."""

    key: str
    label: str
    """The field's label as it reads inside an English sentence ("board power", "price")."""
    mine: Any
    theirs: Any


def _changes(mine: Any, theirs: Any, record: type[Record],
             same: Callable[[str, Any, Any], bool]) -> list[FieldChange]:
    found: list[FieldChange] = []
    for key, info in record.model_fields.items():
        if key in SKIPPED:
            continue
        a, b = getattr(mine, key), getattr(theirs, key)
        if not same(key, a, b):
            found.append(FieldChange(key, _label(key, spec_of(info).label), a, b))
    return found


def _differences(name: str, mine: Any, theirs: Any, record: type[Record],
                 units: dict[str, str], same: Callable[[str, Any, Any], bool],
                 wording: tuple[str, str] = ("in the file", "in your catalog")) -> list[str]:
    return [f"{name}: {c.label} {wording[0]} {_value(c.key, c.mine, units)}, "
            f"{wording[1]} {_value(c.key, c.theirs, units)}."
            for c in _changes(mine, theirs, record, same)]


def gpu_changes(mine: GpuSpec, theirs: GpuSpec) -> list[FieldChange]:
    """Each figure where two versions of a GPU differ (what :func:`gpu_differences` words).

    ``planner/words/differences.py`` words them in the user's language (the team catalog).
    """
    return _changes(mine, theirs, GpuSnapshot, _same)


def _same(key: str, a: Any, b: Any) -> bool:
    if key == "prices":
        # The same price is shown when the picked figure matches, whatever else was added.
        mine, theirs = price_of(a, None, None), price_of(b, None, None)
        if mine is None or theirs is None:
            return mine is theirs
        return (mine.amount, mine.currency, mine.kind) == (theirs.amount, theirs.currency,
                                                           theirs.kind)
    return bool(a == b)


def gpu_differences(snapshot: GpuSpec, catalog_gpu: GpuSpec,
                    wording: tuple[str, str] = ("in the file", "in your catalog")) -> list[str]:
    """Sentences for each figure where the file's GPU differs from the catalog's.

    ``wording`` names the two sides (another pair compares two versions of a file).
    """
    return _differences(snapshot.name, snapshot, catalog_gpu, GpuSnapshot, GPU_UNITS, _same,
                        wording)


def workload_differences(snapshot: Workload, catalog_workload: Workload,
                         wording: tuple[str, str] = ("in the file", "in your catalog")
                         ) -> list[str]:
    """Sentences for each hyper-parameter where the file's model differs from the catalog's."""
    found = _differences(snapshot.name, snapshot, catalog_workload, WorkloadSnapshot, {}, _same,
                         wording)
    if snapshot.profile != catalog_workload.profile:
        found.append(f"{snapshot.name}: the measured activation profile {wording[0]} differs "
                     f"from the one {wording[1]}.")
    return found


def compare(study: Study, catalog: Catalog | None) -> tuple[tuple[GpuSpec, ...],
                                                            tuple[str, ...]]:
    """GPUs the catalog lacks, and sentences for snapshots that differ from the catalog.

    Every variant's cards are compared, each card once.
    """
    if catalog is None:
        return (), ()
    unknown: list[GpuSpec] = []
    found: list[str] = []
    slots: dict[str, BuildSlot] = {}
    for variant in study.variants:
        for slot in variant.slots:
            slots.setdefault(slot.gpu.id, slot)
    for slot in slots.values():
        known = catalog.gpu(slot.gpu.id)
        if known is None:
            unknown.append(slot.gpu)
        else:
            found.extend(gpu_differences(slot.gpu, known))
    seen: set[str] = set()
    for tracked in study.workloads:
        w = tracked.workload
        known_w = catalog.workload(w.id)
        if w.id in seen or known_w is None:
            continue
        seen.add(w.id)
        found.extend(workload_differences(w, known_w))
    return tuple(unknown), tuple(found)
