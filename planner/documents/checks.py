"""Check one level of a file against its schema record and word the first problem for the user.

Every refusal is worded the same way, "<label> must be <rule> (found <value> <where>).", so a user
can see which figure of which GPU or workload is wrong and what would be accepted. The rules
themselves are declared once, in :mod:`planner.schema`.
"""

from __future__ import annotations

from typing import Any, TypeVar

from planner.documents.errors import DocumentError, shown
from planner.schema import limits as lim
from planner.schema.base import Record
from planner.schema.fields import TEXT_LIMITS, _Field, nullable
from planner.schema.problems import MISSING, UNKNOWN, Problem, check, nested_model

INCOMPLETE = "This GPU build file is incomplete"
R = TypeVar("R", bound=Record)


def _num(x: float) -> str:
    if float(x).is_integer():
        return f"{int(x):,}" if abs(x) >= 10_000 else str(int(x))
    return f"{x:g}"


def describe(spec: _Field, can_be_null: bool, of_objects: bool = False) -> str:
    """What a value must be, in words ("a whole number from 1 to 64")."""
    b = spec.bounds
    if spec.rule:
        text = spec.rule
    elif spec.choices:
        text = "one of " + ", ".join(str(c) for c in spec.choices)
    elif spec.kind == "int":
        text = f"a whole number from {_num(b.low or 0)} to {_num(b.high or 0)}"
    elif spec.kind == "number":
        if b.above is not None:
            text = f"a number above {_num(b.above)} and at most {_num(b.high or 0)}"
        else:
            text = f"a number from {_num(b.low or 0)} to {_num(b.high or 0)}"
    elif spec.kind == "bool":
        text = "true or false"
    elif spec.kind == "id":
        text = f"an identifier of 1 to {lim.MAX_ID_CHARS} characters without spaces"
    elif spec.kind == "strlist":
        text = (f"a list of at most {lim.MAX_SOURCES} texts of at most "
                f"{lim.MAX_SOURCE_CHARS:,} characters")
    elif spec.kind == "object":
        text = "an object"
    elif spec.kind == "list":
        text = "a list of objects" if of_objects else "a list"
    else:
        limit, multiline = TEXT_LIMITS[spec.text_kind or "short"]
        text = f"text of at most {limit:,} characters" + ("" if multiline else " on one line")
    return text + (" or null" if can_be_null else "")


def fail(spec: _Field, can_be_null: bool, value: Any, where: str,
         of_objects: bool = False) -> DocumentError:
    """The error for a value that breaks its field's rule."""
    too_long = (isinstance(value, str) and spec.text_kind is not None
                and len(value) > TEXT_LIMITS[spec.text_kind][0])
    found = f"{len(value):,} characters" if too_long else shown(value)
    return DocumentError(f"{spec.label} must be {describe(spec, can_be_null, of_objects)} "
                         f"(found {found} {where}).")


def _sentence(problem: Problem, where: str) -> DocumentError:
    if problem.code == UNKNOWN:
        return DocumentError(f"This GPU build file has an unknown key "
                             f"'{shown_key(problem.key)}' {where}; it may come from a newer GPU "
                             "Build Planner, so please update to open it.")
    if problem.code == MISSING:
        return DocumentError(f"{INCOMPLETE}: '{problem.key}' is missing {where}; ask whoever "
                             "made it to save it again.")
    assert problem.spec is not None
    info = problem.model.model_fields[problem.key]
    of_objects = nested_model(problem.spec, info.annotation) is not None
    return fail(problem.spec, nullable(info), problem.value, where, of_objects)


def validate(model: type[R], obj: Any, where: str, what: str = "") -> R:
    """Check an object holding exactly the record's keys; return the checked record."""
    if not isinstance(obj, dict):
        raise DocumentError(f"{what or 'This part of the file'} must be an object "
                            f"(found {shown(obj)} {where}).")
    record, problems = check(model, obj, "document")
    if problems:
        raise _sentence(problems[0], where)
    assert isinstance(record, model)
    return record


def shown_key(key: str) -> str:
    """A key from a file, cut short and on one line."""
    flat = " ".join(key.split())
    return flat if len(flat) <= 40 else flat[:40] + "…"
