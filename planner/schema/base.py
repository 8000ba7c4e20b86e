"""The base of every schema record, and the way from a checked record to a core dataclass."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict


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
