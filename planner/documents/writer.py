"""A core :class:`Study` to the current-version document object and its UTF-8 JSON bytes.

Output is deterministic (same build and times, same bytes) so saved files diff cleanly under
version control and a save of an unchanged document rewrites identical bytes. Keys follow the
dataclasses' field order, which is stable; the free-form ``extra`` map is sorted.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import json
from typing import Any

from planner.core.plan.build import BuildSlot, TrackedWorkload
from planner.core.plan.study import Study, Variant
from planner.schema import limits as lim


def utc_now() -> str:
    """The current time as ISO 8601 UTC to the second, as files store it."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    # dataclasses.fields() is slow enough to matter when a save serialises a few hundred records.
    return tuple(f.name for f in dataclasses.fields(cls) if not f.name.startswith("_"))


def plain(value: Any) -> Any:
    """A core record as JSON-able values: dataclasses to dicts, tuples to lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: plain(getattr(value, name)) for name in _field_names(type(value))}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    return value


def _slot(slot: BuildSlot) -> dict[str, Any]:
    out: dict[str, Any] = {"id": slot.gpu.id, "count": slot.count, "spec": plain(slot.gpu)}
    if slot.price is not None:
        quote = slot.price.quote
        out["price_basis"] = slot.price.basis
        out["quote"] = None if quote is None else {
            "amount": quote.amount, "currency": quote.currency, "as_of": quote.as_of,
            "source": quote.source}
    return out


def _tracked(t: TrackedWorkload) -> dict[str, Any]:
    return {"id": t.workload.id, "task": t.task, "workload": plain(t.workload),
            "training": plain(t.training), "inference": plain(t.inference), "job": t.job}


def _variant(v: Variant) -> dict[str, Any]:
    return {"name": v.name, "gpus": [_slot(s) for s in v.slots],
            "display_reserve_bytes": v.display_reserve_bytes}


def _cost(study: Study) -> dict[str, Any]:
    cost: dict[str, Any] = plain(study.cost)
    if not cost.get("rent_any_kind"):
        del cost["rent_any_kind"]  # the default, left out (see schema.document.CostRecord)
    return cost


def document_object(study: Study, *, app_version: str, created: str, modified: str,
                    catalog_version: str) -> dict[str, Any]:
    """The current-version document as plain JSON values."""
    doc: dict[str, Any] = {
        "format": lim.FORMAT_NAME,
        "version": lim.FORMAT_VERSION,
        "app_version": app_version,
        "created": created,
        "modified": modified,
        "catalog_version": catalog_version,
        "name": study.name,
        "notes": study.notes,
        "variants": [_variant(v) for v in study.variants],
        "active_variant": study.active,
        "workloads": [_tracked(t) for t in study.workloads],
        "usage": plain(study.usage),
        "cost": _cost(study),
    }
    if study.extra:
        doc["extra"] = dict(sorted(study.extra.items()))
    return doc


def encode(doc: dict[str, Any]) -> bytes:
    """UTF-8 JSON, indented two spaces, non-ASCII kept readable, newline at the end."""
    text = json.dumps(doc, ensure_ascii=False, indent=2, allow_nan=False)
    return (text + "\n").encode("utf-8")
