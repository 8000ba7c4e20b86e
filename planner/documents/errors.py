"""The one exception the document layer lets escape, and helpers that word it for people.

Everything that can go wrong with a `.gpubuild` file ends as a :class:`DocumentError` whose text is
one plain sentence the UI can put in a dialog and the CLI can print as is; a traceback or a
``KeyError`` from a damaged file would be a bug. Pure Python; no Qt.
"""

from __future__ import annotations

import math
import re
from typing import Any

MAX_SHOWN_CHARS = 40

# Control characters and lone surrogates (from JSON's \ud800 escapes) cannot be printed or encoded.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


class DocumentError(ValueError):
    """A file that cannot be opened or saved; ``str()`` is one sentence: problem and remedy.

    Failures of the disk itself carry a ``code`` and its ``params`` as well (as build warnings
    do), so the app can word them in the user's language (planner/words/file_errors.py); the
    English sentence stays for the CLI and for any code the app does not know.
    """

    def __init__(self, message: str, code: str = "",
                 params: dict[str, str] | None = None) -> None:
        super().__init__(sentence(message))
        self.code = code
        self.params = dict(params or {})


def sentence(text: str) -> str:
    """Make ``text`` one printable line ending in a period, whatever a file put into it."""
    line = _UNPRINTABLE.sub("?", " ".join(text.split()))
    if not line:
        return "The GPU build file could not be used."
    if line[-1] not in ".!?":
        line += "."
    return line


def shown(value: Any) -> str:
    """A value from a file as the user would recognise it (JSON spelling), kept short."""
    if value is None:
        text = "null"
    elif value is True or value is False:
        text = "true" if value else "false"
    elif isinstance(value, int):
        text = str(value) if value.bit_length() < 128 else "a huge number"
    elif isinstance(value, float):
        text = repr(value) if math.isfinite(value) else "a non-finite number"
    elif isinstance(value, str):
        flat = " ".join(value.split())
        if len(flat) > MAX_SHOWN_CHARS:
            flat = flat[:MAX_SHOWN_CHARS] + "…"
        text = f"'{flat}'"
    elif isinstance(value, list):
        text = "a list"
    elif isinstance(value, dict):
        text = "an object"
    else:  # pragma: no cover - json produces nothing else
        text = type(value).__name__
    return text
