"""A current-version document object to a core :class:`Study`, checking every key on the way.

Input is what :mod:`planner.documents.parsing` returned and :mod:`planner.documents.migrations`
brought up to date; output is plain core records. Snapshots are used as the file has them (never
looked up in a catalog) so a colleague without a GPU in their catalog sees what the author saw.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from planner.core.plan.build import BuildSlot, TrackedWorkload
from planner.core.plan.study import MAX_VARIANTS, Study, Variant
from planner.core.records.specs import GpuSpec, Workload
from planner.documents.checks import validate
from planner.documents.errors import DocumentError
from planner.schema import limits as lim
from planner.schema.document import (
    CostRecord,
    DocumentHeader,
    ExtraEntry,
    InferenceRecord,
    SlotEntry,
    TrackedEntry,
    TrainingRecord,
    UsageRecord,
    VariantEntry,
)
from planner.schema.records import GpuSnapshot, WorkloadSnapshot

IN_BUILD = "in the build"


@dataclass(frozen=True, slots=True)
class Header:
    """What the file says about itself, apart from the build."""

    app_version: str
    created: str
    modified: str
    catalog_version: str


def timestamp(value: str, label: str) -> str:
    """Return an ISO 8601 date-time with a zone as given, or raise a sentence."""
    try:
        stamp: dt.datetime | None = dt.datetime.fromisoformat(value)
    except ValueError:
        stamp = None
    if stamp is None or stamp.tzinfo is None:
        raise DocumentError(f"{label} must be an ISO 8601 date and time with a time zone, such "
                            f"as 2026-01-31T12:00:00Z (found '{value[:40]}' {IN_BUILD}).")
    return value


def _label(obj: Any, fallback: str) -> str:
    """A GPU's or model's name for messages, if the file has a usable one."""
    name = obj.get("name") if isinstance(obj, dict) else None
    if isinstance(name, str) and name.strip() and len(name) <= lim.MAX_NAME_CHARS:
        return " ".join(name.split())
    return fallback


def _capped(items: list[Any], cap: int, what: str) -> list[Any]:
    if len(items) > cap:
        raise DocumentError(f"This GPU build file lists {len(items):,} {what}, but a build holds "
                            f"at most {cap}.")
    return items


def _same_id(entry_id: str, record_id: str, where: str) -> None:
    if entry_id != record_id:
        raise DocumentError(f"This GPU build file is inconsistent: the id '{entry_id[:40]}' does "
                            f"not match its snapshot's id '{record_id[:40]}' {where}.")


def read_slots(items: list[Any]) -> tuple[BuildSlot, ...]:
    """The GPU slots, each with its snapshot; one slot per GPU model."""
    slots: list[BuildSlot] = []
    seen: set[str] = set()
    for i, raw in enumerate(_capped(items, lim.MAX_SLOTS, "GPU slots")):
        spec_raw = raw.get("spec") if isinstance(raw, dict) else None
        where = f"for {_label(spec_raw, f'GPU {i + 1}')}"
        entry = validate(SlotEntry, raw, where, f"GPU slot {i + 1}")
        spec: GpuSpec = validate(GpuSnapshot, entry.spec, where).to_core()
        _same_id(entry.id, spec.id, where)
        if spec.id in seen:
            raise DocumentError(f"The GPU {spec.name} appears in two slots; a build lists each "
                                "GPU model once with its count, so merge them and save again.")
        seen.add(spec.id)
        slots.append(BuildSlot(spec, entry.count, entry.slot_price()))
    return tuple(slots)


def read_workloads(items: list[Any]) -> tuple[TrackedWorkload, ...]:
    """The tracked workloads with their snapshots and both tasks' settings."""
    tracked: list[TrackedWorkload] = []
    for i, raw in enumerate(_capped(items, lim.MAX_WORKLOADS, "workloads")):
        model_raw = raw.get("workload") if isinstance(raw, dict) else None
        name = _label(model_raw, f"workload {i + 1}")
        where = f"for {name}"
        entry = validate(TrackedEntry, raw, where, f"Workload entry {i + 1}")
        workload: Workload = validate(WorkloadSnapshot, entry.workload, where).to_core()
        _same_id(entry.id, workload.id, where)
        training = validate(TrainingRecord, entry.training, f"for {name} (training)").to_core()
        inference = validate(InferenceRecord, entry.inference,
                             f"for {name} (inference)").to_core()
        tracked.append(TrackedWorkload(workload, entry.task, training, inference, entry.job))
    return tuple(tracked)


def read_variants(items: list[Any]) -> tuple[Variant, ...]:
    """The candidate builds, each with its GPU slots; at least one, names all different."""
    if not items:
        raise DocumentError("This GPU build file has no variant; a build file holds at least "
                            "one, so ask whoever made it to save it again.")
    variants: list[Variant] = []
    for i, raw in enumerate(_capped(items, MAX_VARIANTS, "variants")):
        name = _label(raw, f"variant {i + 1}")
        entry = validate(VariantEntry, raw, f"for the variant {name}", f"Variant {i + 1}")
        if not entry.name.strip():
            raise DocumentError(f"Variant name must be text of 1 to {lim.MAX_NAME_CHARS} "
                                f"characters on one line (found an empty name for variant "
                                f"{i + 1}).")
        if any(v.name == entry.name for v in variants):
            raise DocumentError(f"Two variants are called {name}; each variant of a build "
                                "needs its own name, so rename one and save again.")
        variants.append(Variant(entry.name, read_slots(entry.gpus), entry.display_reserve_bytes))
    return tuple(variants)


def read_extra(raw: dict[str, Any]) -> dict[str, str]:
    """Free-form text metadata other tools may keep in a file; preserved on save."""
    if len(raw) > lim.MAX_EXTRA_ITEMS:
        raise DocumentError(f"This GPU build file has {len(raw):,} extra metadata entries, but "
                            f"at most {lim.MAX_EXTRA_ITEMS} are allowed.")
    for key, value in raw.items():
        validate(ExtraEntry, {"key": key, "value": "x"}, IN_BUILD)
        validate(ExtraEntry, {"key": "x", "value": value}, f"for the extra metadata '{key}'")
    return dict(sorted(raw.items()))


def read_document(doc: dict[str, Any]) -> tuple[Study, Header]:
    """Check a whole current-version document and build its core records."""
    top = validate(DocumentHeader, doc, IN_BUILD, "A GPU build file")
    header = Header(
        app_version=top.app_version,
        created=timestamp(top.created, "Creation time"),
        modified=timestamp(top.modified, "Modification time"),
        catalog_version=top.catalog_version,
    )
    variants = read_variants(top.variants)
    if top.active_variant >= len(variants):
        raise DocumentError(f"Active variant must be a whole number from 0 to "
                            f"{len(variants) - 1} (found {top.active_variant} {IN_BUILD}).")
    study = Study(
        name=top.name,
        notes=top.notes,
        variants=variants,
        active=top.active_variant,
        workloads=read_workloads(top.workloads),
        usage=validate(UsageRecord, top.usage, "in the usage settings").to_core(),
        cost=validate(CostRecord, top.cost, "in the cost settings").to_core(),
        extra=read_extra(top.extra or {}),
    )
    return study, header
