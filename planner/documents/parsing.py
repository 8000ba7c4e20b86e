"""Bytes to a JSON object, refusing anything that is not plainly a small, well-formed document.

The standard ``json`` module is safe (it never evaluates anything) but lenient in ways that matter
for a file a stranger sent: it accepts ``NaN`` and ``Infinity``, turns ``1e999`` into infinity,
keeps the last of duplicate keys silently, and recurses once per nesting level. So the size and the
nesting depth are checked before parsing, and hooks refuse the rest while parsing.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

from planner.documents.errors import DocumentError
from planner.schema.limits import MAX_DEPTH, MAX_FILE_BYTES

NOT_A_BUILD = "This is not a GPU build file"

# A JSON string (with escapes) in the "unrolled loop" form, which never backtracks.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class _Refused(Exception):
    """Raised inside json's hooks; turned into a DocumentError outside them."""


def too_large_message(size: int) -> str:
    """The sentence for a file over the size cap, naming both sizes in MB."""
    return (f"{NOT_A_BUILD}: it is {size / 1024**2:.1f} MB, and GPU build files are at most "
            f"{MAX_FILE_BYTES // 1024**2} MB.")


def nesting_depth(text: str) -> int:
    """Deepest bracket nesting outside strings, found without recursion (linear time)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if not brackets:
        return 0
    return max(accumulate(_STEP[c] for c in brackets))


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _Refused(f"{NOT_A_BUILD}: the key '{key[:40]}' appears twice in one object, "
                           "so it is ambiguous which value was meant.")
        result[key] = value
    return result


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"{NOT_A_BUILD}: it contains the number {text[:40]}, which is too large.")
    return value


def _no_constant(name: str) -> Any:
    raise _Refused(f"{NOT_A_BUILD}: it contains {name}, which is not a number JSON allows.")


def parse_json(data: bytes) -> Any:
    """Decode UTF-8 JSON; raise :class:`DocumentError` with one sentence for anything doubtful."""
    if len(data) > MAX_FILE_BYTES:
        raise DocumentError(too_large_message(len(data)))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DocumentError(f"{NOT_A_BUILD}: it is not UTF-8 text (byte {exc.start + 1} "
                            "cannot be read).") from None
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise DocumentError(f"{NOT_A_BUILD}: it is empty.")
    if nesting_depth(text) > MAX_DEPTH:
        raise DocumentError(f"{NOT_A_BUILD}: its data is nested more than {MAX_DEPTH} levels "
                            "deep.")
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_float=_finite_float,
                          parse_constant=_no_constant)
    except _Refused as exc:
        raise DocumentError(str(exc)) from None
    except json.JSONDecodeError as exc:
        raise DocumentError(f"{NOT_A_BUILD}: it is not valid JSON (line {exc.lineno}).") from None
    except RecursionError:
        raise DocumentError(f"{NOT_A_BUILD}: its data is nested too deeply.") from None
    except ValueError:
        # Integers beyond Python's digit limit (sys.set_int_max_str_digits) land here.
        raise DocumentError(f"{NOT_A_BUILD}: it contains a number with too many "
                            "digits.") from None
