"""Write docs/gpubuild.schema.json (JSON Schema draft 2020-12) from the document's own schema.

The schema is generated from the pydantic records in ``planner/schema/`` that the reader checks
files with, so it can never disagree with what the app accepts about keys, types, ranges and
choices; a test fails when the committed file is stale. Run after changing ``planner/schema``:

    python tools/make_gpubuild_schema.py

The schema describes the current format version only; older versions are described in
docs/gpubuild-format.md and migrated by the app. A few checks are beyond JSON Schema and are made
by the app alone: an ``id`` must equal its snapshot's ``id``, a GPU appears in one slot only,
timestamps must parse as ISO 8601 with a zone, and whole numbers must be written without a
fraction (JSON Schema counts 2.0 as an integer; the app does not).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from planner.core.plan.study import MAX_VARIANTS
from planner.schema import limits as lim
from planner.schema.base import Record
from planner.schema.document import Document
from planner.schema.fields import JSON_ID_PATTERN, NO_CONTROL

OUT = Path(__file__).resolve().parent.parent / "docs" / "gpubuild.schema.json"
SCHEMA_ID = "https://github.com/gpu-build-planner/gpu-build-planner/docs/gpubuild.schema.json"


def _records(model: type[Record], found: dict[str, type[Record]]) -> dict[str, type[Record]]:
    """Every record class reachable from ``model``, by class name (pydantic's $defs names)."""
    found[model.__name__] = model
    for info in model.model_fields.values():
        for candidate in _types(info.annotation):
            if candidate.__name__ not in found:
                _records(candidate, found)
    return found


def _types(annotation: Any) -> list[type[Record]]:
    if isinstance(annotation, type) and issubclass(annotation, Record):
        return [annotation]
    return [t for arg in getattr(annotation, "__args__", ()) for t in _types(arg)]


def _tidy(node: Any) -> Any:
    """Drop pydantic's generated titles and defaults (a file writes every key anyway)."""
    if isinstance(node, dict):
        return {k: _tidy(v) for k, v in node.items()
                if not (k in ("title", "default") and not isinstance(v, dict | list))}
    if isinstance(node, list):
        return [_tidy(v) for v in node]
    return node


def _close(schema: dict[str, Any], model: type[Record]) -> None:
    """Every key required but the optional ones, as the reader demands."""
    schema["required"] = [k for k in model.model_fields if k not in model.optional_keys]


def make_schema() -> dict[str, Any]:
    """The whole schema of the current format version."""
    generated = _tidy(Document.model_json_schema())
    defs = generated.pop("$defs")
    for name, model in _records(Document, {}).items():
        if name in defs:
            _close(defs[name], model)
    _close(generated, Document)
    props = generated["properties"]
    props["format"] = {"description": "Format marker", "const": lim.FORMAT_NAME}
    props["version"] = {"description": "Format version", "const": lim.FORMAT_VERSION}
    for key in ("created", "modified"):
        props[key]["format"] = "date-time"
    props["variants"]["minItems"] = 1
    props["variants"]["maxItems"] = MAX_VARIANTS
    defs["Variant"]["properties"]["gpus"]["maxItems"] = lim.MAX_SLOTS
    props["workloads"]["maxItems"] = lim.MAX_WORKLOADS
    props["extra"] = {
        "description": "Extra metadata", "type": "object", "maxProperties": lim.MAX_EXTRA_ITEMS,
        "propertyNames": {"maxLength": lim.MAX_ID_CHARS, "pattern": JSON_ID_PATTERN},
        "additionalProperties": {"type": "string", "maxLength": lim.MAX_SOURCE_CHARS,
                                 "pattern": NO_CONTROL}}
    generated.pop("description", None)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": f"GPU Build Planner build file (.gpubuild), format version {lim.FORMAT_VERSION}",
        "description": "See docs/gpubuild-format.md. Files are UTF-8 JSON of at most "
                       f"{lim.MAX_FILE_BYTES // 1024**2} MB nested at most {lim.MAX_DEPTH} "
                       "levels, without duplicate keys, NaN or Infinity.",
        **generated,
        "$defs": defs,
    }


def render() -> str:
    """The schema file's text."""
    return json.dumps(make_schema(), indent=2, ensure_ascii=False) + "\n"


def main() -> int:
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(OUT.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
