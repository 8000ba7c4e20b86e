"""The base of every schema record, and the way from a checked record to a core dataclass."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict
from pydantic_core import PydanticCustomError

from planner.schema.fields import ID_PATTERN, Text


class Record(BaseModel):
    """A closed record: unknown keys are refused; ``core`` is the dataclass it becomes."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    core: ClassVar[type | None] = None
    optional_keys: ClassVar[frozenset[str]] = frozenset()
    """Keys a `.gpubuild` file may leave out (every other key must be written, null or not)."""

    def to_core(self, **overrides: Any) -> Any:
        """The core dataclass with this record's values (lists become tuples)."""
        cls = type(self).core
        assert cls is not None, f"{type(self).__name__} has no core record"
        names = {f.name for f in dataclasses.fields(cls)}
        values = {name: _core_value(getattr(self, name)) for name in type(self).model_fields
                  if name in names}
        values.update(overrides)
        return cls(**values)


def _core_value(value: Any) -> Any:
    if isinstance(value, Record):
        return value.to_core() if type(value).core is not None else value
    if isinstance(value, list):
        return tuple(_core_value(v) for v in value)
    return value


def fmt(value: Any) -> str:
    """A value as a data author wrote it (strings quoted, 24.0 as 24)."""
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def record_problem(key: str, message: str) -> PydanticCustomError:
    """A rule between fields of one record, worded for the data author; ``key`` is its field."""
    return PydanticCustomError("record", "{message}", {"field": key, "message": message})


def id_text(label: str) -> Text:
    """A record's own id: a lower-case slug in the catalog."""
    return Text(label, "id", pattern=ID_PATTERN)


def notes_text(label: str) -> Text:
    """Free notes, possibly empty, possibly several lines."""
    return Text(label, "text", allow_empty=True)
