"""Plain-dict forms of the core records, both ways.

One JSON-able shape per record type is used for the database's ``record`` column, for ``--json``
exports and for the data-file loader's output, so a field added to a core dataclass is carried
everywhere without a second list of fields to keep in step. Keys are exactly the dataclass field
names; missing figures are ``None``; tuples become lists; nested records become dicts.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from planner.core.records.specs import (
    ActivationProfile,
    Architecture,
    CloudInstance,
    CloudReading,
    GpuSpec,
    GridCarbon,
    Price,
    Tariff,
    TariffTier,
    Workload,
)

Record = dict[str, Any]


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def to_record(obj: Any) -> Record:
    """Any core record as a JSON-able dict keyed by its field names."""
    if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
        raise TypeError(f"expected a core record, got {type(obj).__name__}")
    result: Record = {
        f.name: _plain(getattr(obj, f.name))
        for f in dataclasses.fields(obj)
        if not f.name.startswith("_")
    }
    return result


@functools.cache
def _field_names(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(cls) if not f.name.startswith("_"))


def _known(cls: type, record: Record) -> Record:
    names = _field_names(cls)
    return {k: v for k, v in record.items() if k in names}


def _tuple(value: Any) -> tuple[Any, ...]:
    if value is None:
        return ()
    return tuple(value)


def price_from_record(record: Record) -> Price:
    """Build a :class:`Price` from its dict form (keys absent in older rows take defaults)."""
    if record.keys() <= _field_names(Price):  # the usual case, without copying the dict
        return Price(**record)
    return Price(**_known(Price, record))


def gpu_from_record(record: Record) -> GpuSpec:
    """Build a :class:`GpuSpec` from its dict form; unknown keys ignored, absent ones default."""
    values = _known(GpuSpec, record)
    values["sources"] = _tuple(values.get("sources"))
    values["prices"] = tuple(price_from_record(p) for p in values.get("prices") or ())
    if values.get("notes") is None:
        values.pop("notes", None)
    if values.get("custom") is None:
        values.pop("custom", None)
    return GpuSpec(**values)


def architecture_from_record(record: Record) -> Architecture:
    """Build an :class:`Architecture` from its dict form."""
    values = _known(Architecture, record)
    values["sources"] = _tuple(values.get("sources"))
    values["features"] = _tuple(values.get("features"))
    if values.get("notes") is None:
        values.pop("notes", None)
    return Architecture(**values)


def profile_from_record(record: Record | None) -> ActivationProfile | None:
    """Build an :class:`ActivationProfile` from its dict form, ``None`` passing through."""
    if record is None:
        return None
    return ActivationProfile(**_known(ActivationProfile, record))


def workload_from_record(record: Record) -> Workload:
    """Build a :class:`Workload` (with its activation profile) from its dict form."""
    values = _known(Workload, record)
    values["sources"] = _tuple(values.get("sources"))
    values["profile"] = profile_from_record(values.get("profile"))
    for key in ("notes", "custom", "gated_mlp", "tie_embeddings", "norm", "position",
                "default_batch"):
        if values.get(key) is None:
            values.pop(key, None)
    return Workload(**values)


def tariff_from_record(record: Record) -> Tariff:
    """Build a :class:`Tariff` from its dict form."""
    values = _known(Tariff, record)
    values["sources"] = _tuple(values.get("sources"))
    values["tiers"] = tuple(
        TariffTier(
            up_to_kwh=None if t.get("up_to_kwh") is None else float(t["up_to_kwh"]),
            price_per_kwh=float(t["price_per_kwh"]),
        )
        for t in values.get("tiers") or ()
    )
    for key in ("notes", "kind", "kept_because"):
        if values.get(key) is None:
            values.pop(key, None)
    return Tariff(**values)


def carbon_from_record(record: Record) -> GridCarbon:
    """Build a :class:`GridCarbon` from its dict form."""
    values = _known(GridCarbon, record)
    values["sources"] = _tuple(values.get("sources"))
    return GridCarbon(**values)


def cloud_from_record(record: Record) -> CloudInstance:
    """Build a :class:`CloudInstance` from its dict form."""
    values = _known(CloudInstance, record)
    values["sources"] = _tuple(values.get("sources"))
    values["history"] = tuple(CloudReading(**_known(CloudReading, h))
                              for h in values.get("history") or ())
    for key in ("notes", "pricing", "per_gpu", "kept_because", "kind", "kind_source"):
        if values.get(key) is None:
            values.pop(key, None)
    return CloudInstance(**values)
