"""The field kinds every record is declared with: type, range, label and the catalog's own rules.

A record field is written once, e.g.::

    tdp_w: Annotated[float, Num("Board power", above=0, high=100_000, hint="watts",
                                catalog=Range(low=10, high=5_000))]

and pydantic-core does the checking. Two strictnesses live in one declaration:

* the **format** rule (``low``/``high``/``above``, text length, choices) holds for every record
  anywhere: a `.gpubuild` snapshot, a user's own GPU, a bundled datasheet;
* the **catalog** rule (``catalog=``, ``catalog_choices=``, ``pattern=``, required text) is what a
  record must also meet to ship in ``data/`` or be stored in the catalog database: a datasheet is
  reviewed, so a bandwidth of 1.008 GB/s (someone typed TB/s) is refused there, while a user's
  file with an unusual custom card still opens.

The catalog rule runs when validation is given ``context={"tier": "catalog"}`` (or ``"user"``,
which is the catalog rule without the demand for sources). Errors carry the pydantic error type
(``greater_than``, ``int_type`` ...) or one of ours (``catalog``, ``text``, ``choice``) and the
field's declaration, which :mod:`planner.schema.problems` hands to whoever words them.
"""

from __future__ import annotations

import datetime as dt
import re
import types
import typing
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, PydanticCustomError, core_schema

from planner.schema import limits as lim

TextKind = Literal["id", "name", "short", "source", "text"]
Tier = Literal["document", "user", "catalog"]

#: Longest string each text kind may hold, and whether line breaks are allowed.
TEXT_LIMITS: dict[str, tuple[int, bool]] = {
    "id": (lim.MAX_ID_CHARS, False),
    "name": (lim.MAX_NAME_CHARS, False),
    "short": (lim.MAX_SHORT_CHARS, False),
    "source": (lim.MAX_SOURCE_CHARS, False),
    "text": (lim.MAX_NOTES_CHARS, True),
}
ID_PATTERN = r"[a-z0-9][a-z0-9._-]*"
CURRENCY_PATTERN = r"[A-Z]{3}"

# Control characters (C0, DEL, C1) and lone UTF-16 surrogates, which JSON's \ud800 escapes can
# produce but no file can store; notes may keep tab and line breaks.
_BAD_LINE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_BAD_MULTILINE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
NO_CONTROL = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$"
NO_CONTROL_MULTILINE = "^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$"
JSON_ID_PATTERN = "^[^\\s\\u0000-\\u001f\\u007f-\\u009f]+$"


@dataclass(frozen=True, slots=True)
class Range:
    """An inclusive range (``above`` is an exclusive lower bound)."""

    low: float | None = None
    high: float | None = None
    above: float | None = None

    def holds(self, value: float) -> bool:
        """True when ``value`` lies in the range."""
        if self.above is not None and not value > self.above:
            return False
        if self.low is not None and value < self.low:
            return False
        return self.high is None or value <= self.high


def tier(info: core_schema.ValidationInfo) -> Tier:
    """The strictness asked for by the caller; a plain validation is the format's."""
    context = info.context if isinstance(info.context, dict) else {}
    value = context.get("tier", "document")
    return value if value in ("user", "catalog") else "document"


def _catalog_fail(rule: str) -> PydanticCustomError:
    return PydanticCustomError("catalog", "breaks the catalog's {rule} rule", {"rule": rule})


def _optional(source: Any) -> tuple[Any, bool]:
    """``(inner type, nullable)`` of ``X | None``."""
    args = typing.get_args(source)
    if typing.get_origin(source) in (typing.Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        return rest[0], True
    return source, False


class _Field:
    """Shared behaviour of the field kinds: a label for people and JSON Schema text."""

    kind: str = ""
    label: str = ""
    hint: str = ""
    choices: tuple[Any, ...] = ()
    catalog_choices: tuple[Any, ...] = ()
    bounds: Range = Range()
    catalog: Range | None = None
    text_kind: TextKind | None = None
    allow_empty: bool = True
    rule: str = ""
    """What a value must be, in words, for a field no other attribute describes."""

    def _schema(self, inner: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        raise NotImplementedError

    def __get_pydantic_core_schema__(self, source: Any,
                                     handler: GetCoreSchemaHandler) -> CoreSchema:
        inner, nullable = _optional(source)
        schema = self._schema(inner, handler)
        return core_schema.nullable_schema(schema) if nullable else schema

    def _json(self) -> dict[str, Any]:
        return {}

    def __get_pydantic_json_schema__(self, schema: CoreSchema,
                                     handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        result: dict[str, Any] = handler(schema)
        extra = self._json()
        if extra:
            if "anyOf" in result:
                result["anyOf"][0].update(extra)
            else:
                result.update(extra)
        if self.choices and "anyOf" in result:  # a nullable choice: one enum with null in it
            result = {"enum": [*self.choices, None]}
        return {"description": self.label, **result}

    @property
    def effective(self) -> Range:
        """The range the catalog holds a record to: its own bounds where stated.

        The format's fill in the rest (e.g. "above 0" from the catalog, "at most 10^9" from the
        format).
        """
        cat, fmt_range = self.catalog, self.bounds
        if cat is None:
            return fmt_range
        lower = cat if (cat.low is not None or cat.above is not None) else fmt_range
        upper = cat if cat.high is not None else fmt_range
        return Range(lower.low, upper.high, lower.above)


class Num(_Field):
    """A number (``integer`` for whole numbers); ``hint`` is its unit for data authors."""

    def __init__(self, label: str, *, low: float | None = None, high: float | None = None,
                 above: float | None = None, hint: str = "", integer: bool = False,
                 catalog: Range | None = None, catalog_choices: tuple[int, ...] = ()) -> None:
        self.kind = "int" if integer else "number"
        self.label, self.hint = label, hint
        self.bounds = Range(low, high, above)
        self.catalog, self.catalog_choices = catalog, catalog_choices

    def _check(self, value: float, info: core_schema.ValidationInfo) -> float:
        if tier(info) != "document":
            if self.catalog_choices and value not in self.catalog_choices:
                raise _catalog_fail("choice")
            if self.catalog is not None and not self.catalog.holds(value):
                raise _catalog_fail("range")
        return value

    def _schema(self, inner: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        b = self.bounds
        schema: CoreSchema
        if self.kind == "int":
            schema = core_schema.int_schema(
                strict=True, ge=None if b.low is None else int(b.low),
                le=None if b.high is None else int(b.high),
                gt=None if b.above is None else int(b.above))
        else:
            schema = core_schema.float_schema(strict=True, allow_inf_nan=False, ge=b.low,
                                              le=b.high, gt=b.above)
        if self.catalog is None and not self.catalog_choices:
            return schema
        return core_schema.with_info_after_validator_function(self._check, schema)


def _text_ok(value: str, kind: str) -> bool:
    limit, multiline = TEXT_LIMITS[kind]
    if len(value) > limit:
        return False
    if kind == "id" and (not value or any(c.isspace() for c in value)):
        return False
    return (_BAD_MULTILINE if multiline else _BAD_LINE).search(value) is None


class Text(_Field):
    """Text of one of the kinds in :data:`TEXT_LIMITS`, possibly one of ``choices``.

    In the catalog it must also be non-empty (unless ``allow_empty``), match ``pattern`` and be
    one of ``catalog_choices`` when given.
    """

    def __init__(self, label: str, kind: TextKind = "short", *,
                 choices: tuple[str, ...] = (), catalog_choices: tuple[str, ...] = (),
                 pattern: str | None = None, allow_empty: bool = False) -> None:
        self.kind = kind
        self.text_kind = kind
        self.label = label
        self.choices, self.catalog_choices = choices, catalog_choices
        self.pattern, self.allow_empty = pattern, allow_empty

    def _check(self, value: str, info: core_schema.ValidationInfo) -> str:
        assert self.text_kind is not None
        if tier(info) != "document":  # the catalog's own rules say more than a length would
            if not value.strip() and not self.allow_empty:
                raise _catalog_fail("empty")
            if self.catalog_choices and value not in self.catalog_choices:
                raise _catalog_fail("choice")
            if self.pattern and not re.fullmatch(self.pattern, value):
                raise _catalog_fail("pattern")
        if not _text_ok(value, self.text_kind):
            raise PydanticCustomError("text", "is not text of the allowed length")
        if self.choices and value not in self.choices:
            raise PydanticCustomError("choice", "is not one of the choices")
        return value

    def _schema(self, inner: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.with_info_after_validator_function(
            self._check, core_schema.str_schema(strict=True))

    def _json(self) -> dict[str, Any]:
        if self.choices:
            return {"enum": list(self.choices)}
        assert self.text_kind is not None
        limit, multiline = TEXT_LIMITS[self.text_kind]
        if self.text_kind == "id":
            return {"type": "string", "minLength": 1, "maxLength": limit,
                    "pattern": JSON_ID_PATTERN}
        return {"type": "string", "maxLength": limit,
                "pattern": NO_CONTROL_MULTILINE if multiline else NO_CONTROL}

    def __get_pydantic_json_schema__(self, schema: CoreSchema,
                                     handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        result = super().__get_pydantic_json_schema__(schema, handler)
        if self.choices:
            result.pop("type", None)
        return result


def _iso(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return value.date().isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    return value


class Date(Text):
    """A date: any short text in a `.gpubuild` file, an ISO date (YYYY-MM-DD) in the catalog.

    TOML's own date values are accepted and stored as ISO text.
    """

    def __init__(self, label: str) -> None:
        super().__init__(label, "short")
        self.kind = "date"

    def _check(self, value: str, info: core_schema.ValidationInfo) -> str:
        value = super()._check(value, info)
        if tier(info) != "document":
            try:
                return dt.date.fromisoformat(value).isoformat()
            except ValueError:
                raise PydanticCustomError("iso_date", "is not an ISO date") from None
        return value

    def _schema(self, inner: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.no_info_before_validator_function(_iso, super()._schema(inner,
                                                                                   handler))


class Flag(_Field):
    """True or false."""

    def __init__(self, label: str) -> None:
        self.kind, self.label = "bool", label

    def _schema(self, inner: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.bool_schema(strict=True)


class Texts(_Field):
    """A list of texts (sources, features).

    In the catalog the entries must not be empty, nor the list when ``required`` (a user's own
    GPU may come without sources).
    """

    def __init__(self, label: str, *, required: bool = False) -> None:
        self.kind, self.label = "strlist", label
        self.text_kind = "source"
        self.allow_empty = not required

    def _check(self, value: list[str], info: core_schema.ValidationInfo) -> list[str]:
        if not all(_text_ok(v, "source") for v in value):
            raise PydanticCustomError("text", "holds text beyond the limits")
        level = tier(info)
        if level != "document":
            if any(not v.strip() for v in value):
                raise _catalog_fail("empty_entry")
            if not value and not self.allow_empty and level == "catalog":
                raise _catalog_fail("empty_list")
        return value

    def _schema(self, inner: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.with_info_after_validator_function(
            self._check, core_schema.list_schema(core_schema.str_schema(strict=True),
                                                 max_length=lim.MAX_SOURCES, strict=True))

    def _json(self) -> dict[str, Any]:
        return {"maxItems": lim.MAX_SOURCES,
                "items": {"type": "string", "maxLength": lim.MAX_SOURCE_CHARS,
                          "pattern": NO_CONTROL}}


class Nested(_Field):
    """A record inside a record (a price, a profile) or a list of them."""

    def __init__(self, label: str, kind: Literal["object", "list"] = "object") -> None:
        self.kind, self.label = kind, label

    def _schema(self, inner: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        schema = handler.generate_schema(inner)
        if self.kind == "list" and schema.get("type") == "list":
            schema = {**schema, "strict": True}
        return schema


def spec_of(field: Any) -> _Field:
    """The declaration (a :class:`Num`, :class:`Text` ...) of a pydantic field."""
    for item in getattr(field, "metadata", ()):
        if isinstance(item, _Field):
            return item
    raise LookupError("field declared without a planner.schema kind")


def nullable(field: Any) -> bool:
    """True when ``null`` is a valid value of the field."""
    return _optional(field.annotation)[1]
