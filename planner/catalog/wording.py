"""How a problem with a data-file value is worded for a data author.

"has memory_bandwidth_gbs = 1.008, which is below the possible minimum 20 (GB/s, not TB/s)": the
key as written in the file, the value, and what would be accepted, from the field's declaration
in :mod:`planner.schema` (at the catalog's strictness, where it narrows the format's range).
"""

from __future__ import annotations

from typing import Any

from planner.schema.base import fmt
from planner.schema.fields import CURRENCY_PATTERN, ID_PATTERN, TEXT_LIMITS, _Field
from planner.schema.problems import Problem, nested_model


def _type_name(value: Any) -> str:
    return {bool: "true/false", int: "a whole number", float: "a number", str: "text",
            list: "a list", dict: "a table"}.get(type(value), type(value).__name__)


def _range(key: str, spec: _Field, value: Any) -> str:
    unit = f" ({spec.hint})" if spec.hint else ""
    rng = spec.effective
    shown = f"has {key} = {fmt(value)}, which"
    if rng.above is not None and not value > rng.above:
        return f"{shown} must be greater than {fmt(rng.above)}{unit}"
    if rng.low is not None and value < rng.low:
        return f"{shown} is below the possible minimum {fmt(rng.low)}{unit}"
    return f"{shown} is above the possible maximum {fmt(rng.high)}{unit}"


def _shape(problem: Problem) -> str:
    assert problem.spec is not None
    inner = nested_model(problem.spec, problem.model.model_fields[problem.key].annotation)
    keys = ", ".join(inner.model_fields) if inner is not None else ""
    if problem.spec.kind == "list":
        return f"a non-empty list of tables {{ {keys} }}"
    return f"a table {{ {keys} }}"


def _pattern(spec: _Field) -> str:
    pattern = getattr(spec, "pattern", None)
    if pattern == ID_PATTERN:
        return "a lower-case slug like 'nvidia-rtx-4090'"
    if pattern == CURRENCY_PATTERN:
        return "a three-letter currency code like 'USD'"
    return f"of the form {pattern}"


def value_problem(problem: Problem) -> str:
    """The sentence's predicate for a value that breaks its field's declaration."""
    spec, key, value, kind = problem.spec, problem.dotted, problem.value, problem.code
    assert spec is not None
    rule = problem.ctx.get("rule") if kind == "catalog" else kind
    has = f"has {key} = {fmt(value)}, which"
    if rule == "iso_date":
        return f"has {key} = {fmt(value)}, which is not an ISO date like 2026-12-01"
    if spec.kind in ("object", "list"):
        return f"{has} must be {_shape(problem)}"
    if spec.kind == "strlist":
        if rule == "empty_entry":
            return f"has an empty entry in {key}"
        if rule == "empty_list":
            return f"has an empty {key} list; at least one is required"
        return f"{has} must be a list of text"
    if spec.kind == "bool":
        return f"{has} must be true or false"
    if spec.kind in ("int", "number"):
        if kind == "int_type":
            return f"{has} must be a whole number, not {_type_name(value)}"
        if kind == "float_type":
            return f"{has} must be a number, not {_type_name(value)}"
        if kind == "finite_number":
            return f"{has} must be a finite number"
        if rule == "choice":
            return f"{has} must be one of {', '.join(fmt(c) for c in spec.catalog_choices)}"
        return _range(key, spec, value)
    if kind == "string_type":
        return f"{has} must be text, not {_type_name(value)}"
    if rule == "empty":
        return f"has an empty {key}"
    if rule == "choice":
        allowed = ", ".join(fmt(c) for c in (spec.catalog_choices or spec.choices))
        return f"{has} must be one of {allowed}"
    if rule == "pattern":
        return f"{has} must be {_pattern(spec)}"
    limit, multiline = TEXT_LIMITS[spec.text_kind or "short"]
    return (f"{has} must be text of at most {limit:,} characters"
            + ("" if multiline else " on one line"))
