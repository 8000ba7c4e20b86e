"""What differs between two versions of one build, in sentences: the user's and one found on disk.

When a colleague's version of an open file arrives (a synced folder, a lab drive), the user
chooses which to keep; these sentences are the "compare" that informs the choice. GPU and model
snapshots are compared with :mod:`planner.documents.compare` (the same figures, units and money
formatting the catalog comparison uses); the rest of the build field by field. Sentences are in
English, as every sentence of this package is (it has no Qt and so no translator). Pure Python.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from planner.core.plan.build import Build, BuildSlot, TrackedWorkload
from planner.documents import compare
from planner.schema.base import Record
from planner.schema.document import CostRecord, InferenceRecord, TrainingRecord, UsageRecord
from planner.schema.fields import spec_of

T = TypeVar("T")
MINE = "yours"
THEIRS = "theirs"
_WORDING = (f"in {MINE}", f"in {THEIRS}")
TASKS = {"train": "training", "inference": "inference"}


def _labels(record: type[Record]) -> dict[str, str]:
    """Field labels of one document record, as its schema declares them."""
    out: dict[str, str] = {}
    for key, info in record.model_fields.items():
        try:
            out[key] = spec_of(info).label
        except LookupError:
            continue
    return out


def _label(key: str, labels: dict[str, str]) -> str:
    return compare.in_sentence(labels.get(key) or key.replace("_", " ").capitalize())


def _fields(subject: str, mine: Any, theirs: Any, labels: dict[str, str],
            units: dict[str, str] | None = None) -> list[str]:
    """A sentence for each dataclass field that differs."""
    found: list[str] = []
    for field in dataclasses.fields(mine):
        a, b = getattr(mine, field.name), getattr(theirs, field.name)
        if a == b or not field.compare:
            continue
        shown = [compare._value(field.name, v, units or {}) for v in (a, b)]
        found.append(f"{subject}: {_label(field.name, labels)} {_WORDING[0]} {shown[0]}, "
                     f"{_WORDING[1]} {shown[1]}.")
    return found


def _keyed(items: Iterable[T], key: Callable[[T], str]) -> dict[tuple[str, int], T]:
    """Items by (id, occurrence): the same model may be tracked twice (training and serving)."""
    seen: dict[str, int] = {}
    out: dict[tuple[str, int], T] = {}
    for item in items:
        ident = key(item)
        seen[ident] = seen.get(ident, 0) + 1
        out[(ident, seen[ident])] = item
    return out


def _slots(mine: tuple[BuildSlot, ...], theirs: tuple[BuildSlot, ...]) -> list[str]:
    a = _keyed(mine, lambda s: s.gpu.id)
    b = _keyed(theirs, lambda s: s.gpu.id)
    found: list[str] = []
    for key, ours in a.items():
        other = b.get(key)
        if other is None:
            found.append(f"{ours.count}× {ours.gpu.name}: only in {MINE}.")
            continue
        if ours.count != other.count:
            found.append(f"{ours.gpu.name}: {ours.count}× {_WORDING[0]}, {other.count}× "
                         f"{_WORDING[1]}.")
        if ours.gpu != other.gpu:
            found.extend(compare.gpu_differences(ours.gpu, other.gpu, _WORDING))
    found += [f"{s.count}× {s.gpu.name}: only in {THEIRS}." for k, s in b.items() if k not in a]
    if not found and mine != theirs:
        found.append("The GPUs are the same but in a different order.")
    return found


def _task(tracked: TrackedWorkload) -> str:
    return TASKS.get(tracked.task, tracked.task)


def _workloads(mine: tuple[TrackedWorkload, ...],
               theirs: tuple[TrackedWorkload, ...]) -> list[str]:
    a = _keyed(mine, lambda t: t.workload.id)
    b = _keyed(theirs, lambda t: t.workload.id)
    training, inference = _labels(TrainingRecord), _labels(InferenceRecord)
    found: list[str] = []
    for key, ours in a.items():
        other = b.get(key)
        name = ours.workload.name
        if other is None:
            found.append(f"{name} ({_task(ours)}): only in {MINE}.")
            continue
        if ours.task != other.task:
            found.append(f"{name}: {_task(ours)} {_WORDING[0]}, {_task(other)} {_WORDING[1]}.")
        found += _fields(f"{name} (training)", ours.training, other.training, training)
        found += _fields(f"{name} (inference)", ours.inference, other.inference, inference)
        if ours.workload != other.workload:
            found += compare.workload_differences(ours.workload, other.workload, _WORDING)
    found += [f"{t.workload.name} ({_task(t)}): only in {THEIRS}." for k, t in b.items()
              if k not in a]
    if not found and mine != theirs:
        found.append("The workloads are the same but in a different order.")
    return found


def build_differences(mine: Build, theirs: Build) -> list[str]:
    """Sentences for every way ``theirs`` differs from ``mine``; empty when the builds are equal."""
    found: list[str] = []
    if mine.name != theirs.name:
        def named(name: str) -> str:  # an unnamed build is called after its cards in the app
            return f"'{name}'" if name else "no name"

        found.append(f"Name: {named(mine.name)} {_WORDING[0]}, {named(theirs.name)} "
                     f"{_WORDING[1]}.")
    if mine.notes != theirs.notes:
        found.append("The notes differ.")
    found += _slots(mine.slots, theirs.slots)
    found += _workloads(mine.workloads, theirs.workloads)
    found += _fields("Usage", mine.usage, theirs.usage, _labels(UsageRecord))
    found += _fields("Costs", mine.cost, theirs.cost, _labels(CostRecord))
    if mine.display_reserve_bytes != theirs.display_reserve_bytes:
        found.append(f"Display memory reserve: {mine.display_reserve_bytes:,} bytes "
                     f"{_WORDING[0]}, {theirs.display_reserve_bytes:,} bytes {_WORDING[1]}.")
    return found
