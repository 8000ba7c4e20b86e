"""Run a record through its schema and say, per problem, which field it is about and what it holds.

Pydantic reports where (``loc``) and what kind of failure (``type``); the people reading the
result need more: the field's declaration (its label, unit and ranges), the whole value they wrote
(not one list item) and the order a reader meets the keys in. :class:`Problem` carries that, and
the data-file loader and the `.gpubuild` reader word it for their own readers.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from planner.schema.base import Record
from planner.schema.fields import Nested, Tier, _Field, _optional, spec_of

UNKNOWN = "extra_forbidden"
MISSING = "missing"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a record.

    ``code`` is pydantic's error type (``greater_than``, ``missing`` ...) or ours (``catalog``,
    ``text``, ``choice``, ``iso_date``, ``record``). ``path`` leads from the record to the field
    concerned (string keys, list positions); ``spec`` is that field's declaration (``None`` for
    an unknown key); ``value`` what the input holds there (the unknown key's value for an
    unknown key); ``model`` the record class that owns the field; ``ctx`` pydantic's or our own
    details (``field``/``message`` for a rule between fields, ``rule`` for a catalog rule).
    """

    code: str
    path: tuple[str | int, ...]
    spec: _Field | None
    value: Any
    model: type[Record]
    ctx: dict[str, Any] = field(default_factory=dict)
    order: tuple[tuple[int, int], ...] = ()

    @property
    def key(self) -> str:
        """The field's own key (``as_of``), or the unknown key."""
        names = [p for p in self.path if isinstance(p, str)]
        return names[-1] if names else ""

    @property
    def dotted(self) -> str:
        """The path as a data author writes it: ``rates.cny_per_usd``, ``tiers[2].up_to_kwh``."""
        text = ""
        for part in self.path:
            if isinstance(part, int):
                text += f"[{part + 1}]"
            else:
                text += ("." if text else "") + part
        return text


def nested_model(spec: _Field, annotation: Any) -> type[Record] | None:
    """The record class inside a :class:`Nested` field (``X | None`` or ``list[X]``)."""
    if not isinstance(spec, Nested):
        return None
    inner, _ = _optional(annotation)
    if typing.get_origin(inner) is list:
        inner = typing.get_args(inner)[0]
    return inner if isinstance(inner, type) and issubclass(inner, Record) else None


def _index(model: type[Record], key: str) -> int:
    return list(model.model_fields).index(key)


def _locate(model: type[Record], raw: Any, loc: tuple[str | int, ...], kind: str,
            ctx: dict[str, Any], item: Any) -> Problem:
    """Follow ``loc`` through nested records to the field the error is about."""
    path: list[str | int] = []
    order: list[tuple[int, int]] = []
    current: type[Record] = model
    value: Any = raw
    i = 0
    while i < len(loc):
        part = loc[i]
        if not isinstance(part, str) or part not in current.model_fields:
            keys = list(value) if isinstance(value, dict) else []
            position = keys.index(part) if part in keys else len(keys)
            path.append(part)
            order.append((0, position))
            return Problem(kind, tuple(path), None, item, current, ctx, tuple(order))
        info = current.model_fields[part]
        spec = spec_of(info)
        given = value.get(part) if isinstance(value, dict) else None
        path.append(part)
        order.append((1, _index(current, part)))
        inner = nested_model(spec, info.annotation)
        rest = loc[i + 1:]
        if inner is not None and rest:
            if spec.kind == "list" and isinstance(rest[0], int) and isinstance(given, list) \
                    and rest[0] < len(given) and isinstance(given[rest[0]], dict) and rest[1:]:
                path.append(rest[0])
                order.append((1, rest[0]))
                current, value, i = inner, given[rest[0]], i + 2
                continue
            if spec.kind == "object" and isinstance(given, dict):
                current, value, i = inner, given, i + 1
                continue
        if kind == "record" and "field" in ctx:
            break
        return Problem(kind, tuple(path), spec, given, current, ctx, tuple(order))
    # a rule between the fields of ``current``: about the field it names
    key = str(ctx.get("field", ""))
    spec_key = key.split("[")[0].split(".")[0]
    known = spec_key in current.model_fields
    about = spec_of(current.model_fields[spec_key]) if known else None
    given = value.get(spec_key) if isinstance(value, dict) else None
    position = _index(current, spec_key) if known else 0
    return Problem(kind, (*path, key), about, given, current, ctx, (*order, (1, position)))


def from_error(model: type[Record], raw: Any, error: ValidationError,
               *, with_missing: bool = True) -> list[Problem]:
    """Every problem pydantic found, located; pydantic's "missing" kept only if asked."""
    found = []
    for detail in error.errors(include_url=False):
        if detail["type"] == MISSING and not with_missing:
            continue
        ctx = dict(detail.get("ctx") or {})
        found.append(_locate(model, raw, tuple(detail["loc"]), detail["type"], ctx,
                             detail.get("input")))
    return found


def missing_keys(model: type[Record], raw: Any,
                 path: tuple[tuple[str | int, ...], tuple[tuple[int, int], ...]] = ((), ()),
                 ) -> list[Problem]:
    """Every key a `.gpubuild` file must write but ``raw`` lacks, nested records included."""
    if not isinstance(raw, dict):
        return []
    prefix, order = path
    found = []
    for n, (key, info) in enumerate(model.model_fields.items()):
        spec = spec_of(info)
        where = (*prefix, key), (*order, (1, n))
        if key not in raw:
            if key not in model.optional_keys:
                found.append(Problem(MISSING, where[0], spec, None, model, {}, where[1]))
            continue
        inner = nested_model(spec, info.annotation)
        if inner is not None and spec.kind == "object":
            found += missing_keys(inner, raw[key], where)
        elif inner is not None and isinstance(raw[key], list):
            for i, item in enumerate(raw[key]):
                found += missing_keys(inner, item, ((*where[0], i), (*where[1], (1, i))))
    return found


def check(model: type[Record], raw: Any, level: Tier) -> tuple[Record | None, list[Problem]]:
    """Validate ``raw`` at a strictness; the record, or ``None`` and the problems in order.

    A `.gpubuild` file (``document``) must write every key, so absent ones are problems even
    where the record has a default; the catalog's files may leave optional keys out.
    """
    document = level == "document"
    found = missing_keys(model, raw) if document else []
    try:
        record = model.model_validate(raw, context={"tier": level})
    except ValidationError as error:
        found += from_error(model, raw, error, with_missing=not document)
        record = None
    found.sort(key=lambda p: p.order)
    return (record if not found else None), found
