"""Check one value of a file against its :class:`~planner.documents.rules.Rule`.

Every refusal is worded the same way, "<label> must be <rule> (found <value> <where>).", so a user
can see which figure of which GPU or workload is wrong and what would be accepted.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from planner.core.specs import ActivationProfile, Price
from planner.documents import limits as lim
from planner.documents.errors import DocumentError, shown
from planner.documents.rules import PRICE_RULES, PROFILE_RULES, TEXT_LIMITS, Rule

INCOMPLETE = "This GPU build file is incomplete"

# Control characters (C0, DEL, C1) and lone UTF-16 surrogates, which JSON's \ud800 escapes can
# produce but no file can store; notes may keep tab and line breaks.
_BAD_LINE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_BAD_MULTILINE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def _num(x: float) -> str:
    if float(x).is_integer():
        return f"{int(x):,}" if abs(x) >= 10_000 else str(int(x))
    return f"{x:g}"


def describe(rule: Rule) -> str:
    """What a value must be, in words ("a whole number from 1 to 64")."""
    if rule.choices:
        text = "one of " + ", ".join(rule.choices)
    elif rule.kind == "int":
        text = f"a whole number from {_num(rule.low or 0)} to {_num(rule.high or 0)}"
    elif rule.kind == "number":
        if rule.above is not None:
            text = f"a number above {_num(rule.above)} and at most {_num(rule.high or 0)}"
        else:
            text = f"a number from {_num(rule.low or 0)} to {_num(rule.high or 0)}"
    elif rule.kind == "bool":
        text = "true or false"
    elif rule.kind == "id":
        text = f"an identifier of 1 to {lim.MAX_ID_CHARS} characters without spaces"
    elif rule.kind == "strlist":
        text = (f"a list of at most {lim.MAX_SOURCES} texts of at most "
                f"{lim.MAX_SOURCE_CHARS:,} characters")
    elif rule.kind in ("price", "profile", "object"):
        text = "an object"
    elif rule.kind == "list":
        text = "a list"
    else:
        limit, multiline = TEXT_LIMITS[rule.kind]
        text = f"text of at most {limit:,} characters" + ("" if multiline else " on one line")
    return text + (" or null" if rule.nullable else "")


def fail(rule: Rule, value: Any, where: str) -> DocumentError:
    """The error for a value that breaks its rule."""
    too_long = (isinstance(value, str) and rule.kind in TEXT_LIMITS
                and len(value) > TEXT_LIMITS[rule.kind][0])
    found = f"{len(value):,} characters" if too_long else shown(value)
    return DocumentError(f"{rule.label} must be {describe(rule)} (found {found} {where}).")


def _text_ok(value: str, kind: str) -> bool:
    limit, multiline = TEXT_LIMITS[kind]
    if len(value) > limit:
        return False
    if kind == "id" and (not value or any(c.isspace() for c in value)):
        return False
    return (_BAD_MULTILINE if multiline else _BAD_LINE).search(value) is None


def _number_ok(value: float, rule: Rule) -> bool:
    if isinstance(value, float) and not math.isfinite(value):
        return False
    if rule.above is not None and not value > rule.above:
        return False
    if rule.low is not None and value < rule.low:
        return False
    return rule.high is None or value <= rule.high


def check(value: Any, rule: Rule, where: str) -> Any:
    """Return the value (nested records built) or raise the rule's sentence."""
    if value is None:
        if rule.nullable:
            return None
        raise fail(rule, value, where)
    kind = rule.kind
    if kind == "bool":
        ok = isinstance(value, bool)
    elif kind == "int":
        ok = type(value) is int and _number_ok(value, rule)
    elif kind == "number":
        ok = type(value) in (int, float) and _number_ok(value, rule)
    elif kind == "strlist":
        ok = (isinstance(value, list) and len(value) <= lim.MAX_SOURCES
              and all(isinstance(v, str) and _text_ok(v, "source") for v in value))
        if ok:
            return tuple(value)
    elif kind == "object":
        ok = isinstance(value, dict)
    elif kind == "list":
        ok = isinstance(value, list)
    elif kind == "price":
        if not isinstance(value, dict):
            raise fail(rule, value, where)
        return Price(**fields(value, PRICE_RULES, where))
    elif kind == "profile":
        if not isinstance(value, dict):
            raise fail(rule, value, where)
        return ActivationProfile(**fields(value, PROFILE_RULES, where))
    else:
        ok = isinstance(value, str) and _text_ok(value, kind)
        if ok and rule.choices:
            ok = value in rule.choices
    if not ok:
        raise fail(rule, value, where)
    return value


def fields(obj: Any, rules: Mapping[str, Rule], where: str, what: str = "") -> dict[str, Any]:
    """Check an object holding exactly the keys of ``rules``; return the checked values."""
    if not isinstance(obj, dict):
        raise DocumentError(f"{what or 'This part of the file'} must be an object "
                            f"(found {shown(obj)} {where}).")
    for key in obj:
        if key not in rules:
            raise DocumentError(f"This GPU build file has an unknown key '{shown_key(key)}' "
                                f"{where}; it may come from a newer GPU Build Planner, so "
                                "please update to open it.")
    result: dict[str, Any] = {}
    for key, rule in rules.items():
        if key not in obj:
            if rule.optional:
                continue
            raise DocumentError(f"{INCOMPLETE}: '{key}' is missing {where}; ask whoever made it "
                                "to save it again.")
        result[key] = check(obj[key], rule, where)
    return result


def shown_key(key: str) -> str:
    """A key from a file, cut short and on one line."""
    flat = " ".join(key.split())
    return flat if len(flat) <= 40 else flat[:40] + "…"
