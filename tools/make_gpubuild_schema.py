"""Write docs/gpubuild.schema.json (JSON Schema draft 2020-12) from the reader's own rules.

The schema is generated, not hand-kept, so it can never disagree with what the app accepts about
keys, types, ranges and choices; a test fails when the committed file is stale. Run after changing
``planner/documents/rules.py`` or ``reader.py``:

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

from planner.documents import limits as lim
from planner.documents.reader import SLOT_RULES, TOP_RULES, TRACKED_RULES
from planner.documents.rules import (
    COST_RULES,
    GPU_RULES,
    INFERENCE_RULES,
    PRICE_RULES,
    PROFILE_RULES,
    TEXT_LIMITS,
    TRAINING_RULES,
    USAGE_RULES,
    WORKLOAD_RULES,
    Rule,
)

OUT = Path(__file__).resolve().parent.parent / "docs" / "gpubuild.schema.json"
SCHEMA_ID = "https://github.com/gpu-build-planner/gpu-build-planner/docs/gpubuild.schema.json"

NO_CONTROL = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$"
NO_CONTROL_MULTILINE = "^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$"
ID_PATTERN = "^[^\\s\\u0000-\\u001f\\u007f-\\u009f]+$"

#: Which definition an ``object`` or ``list`` key refers to.
REFS: dict[str, dict[str, Any]] = {
    "gpus": {"type": "array", "maxItems": lim.MAX_SLOTS, "items": {"$ref": "#/$defs/slot"}},
    "workloads": {"type": "array", "maxItems": lim.MAX_WORKLOADS,
                  "items": {"$ref": "#/$defs/tracked"}},
    "usage": {"$ref": "#/$defs/usage"},
    "cost": {"$ref": "#/$defs/cost"},
    "extra": {"type": "object", "maxProperties": lim.MAX_EXTRA_ITEMS,
              "propertyNames": {"maxLength": lim.MAX_ID_CHARS, "pattern": ID_PATTERN},
              "additionalProperties": {"type": "string", "maxLength": lim.MAX_SOURCE_CHARS,
                                       "pattern": NO_CONTROL}},
    "spec": {"$ref": "#/$defs/gpu"},
    "workload": {"$ref": "#/$defs/workload"},
    "training": {"$ref": "#/$defs/training"},
    "inference": {"$ref": "#/$defs/inference"},
    "street_price": {"$ref": "#/$defs/price"},
    "profile": {"$ref": "#/$defs/profile"},
}


def _nullable(schema: dict[str, Any], rule: Rule) -> dict[str, Any]:
    if not rule.nullable:
        return schema
    if "$ref" in schema:
        return {"anyOf": [schema, {"type": "null"}]}
    if "enum" in schema:
        return {**schema, "enum": [*schema["enum"], None]}
    return {**schema, "type": [schema["type"], "null"]}


def rule_schema(key: str, rule: Rule) -> dict[str, Any]:
    """One property's schema, with the rule's label as its description."""
    schema: dict[str, Any]
    if rule.choices:
        schema = {"enum": list(rule.choices)}
    elif rule.kind in ("object", "list", "price", "profile"):
        schema = dict(REFS[key])
    elif rule.kind == "int":
        schema = {"type": "integer", "minimum": int(rule.low or 0), "maximum": int(rule.high or 0)}
    elif rule.kind == "number":
        schema = {"type": "number", "maximum": rule.high}
        if rule.above is not None:
            schema["exclusiveMinimum"] = rule.above
        else:
            schema["minimum"] = rule.low
    elif rule.kind == "bool":
        schema = {"type": "boolean"}
    elif rule.kind == "strlist":
        schema = {"type": "array", "maxItems": lim.MAX_SOURCES,
                  "items": {"type": "string", "maxLength": lim.MAX_SOURCE_CHARS,
                            "pattern": NO_CONTROL}}
    elif rule.kind == "id":
        schema = {"type": "string", "minLength": 1, "maxLength": lim.MAX_ID_CHARS,
                  "pattern": ID_PATTERN}
    else:
        limit, multiline = TEXT_LIMITS[rule.kind]
        schema = {"type": "string", "maxLength": limit,
                  "pattern": NO_CONTROL_MULTILINE if multiline else NO_CONTROL}
    if key in ("created", "modified"):
        schema["format"] = "date-time"
    return {"description": rule.label, **_nullable(schema, rule)}


def object_schema(rules: dict[str, Rule], description: str,
                  optional: frozenset[str] = frozenset()) -> dict[str, Any]:
    """A closed object: exactly these keys (all required unless listed optional)."""
    return {
        "type": "object",
        "description": description,
        "additionalProperties": False,
        "required": [k for k, r in rules.items() if k not in optional and not r.optional],
        "properties": {k: rule_schema(k, r) for k, r in rules.items()},
    }


def make_schema() -> dict[str, Any]:
    """The whole schema of the current format version."""
    top = object_schema(TOP_RULES, "", frozenset({"extra"}))
    top["properties"]["format"] = {"description": "Format marker", "const": lim.FORMAT_NAME}
    top["properties"]["version"] = {"description": "Format version",
                                    "const": lim.FORMAT_VERSION}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": f"GPU Build Planner build file (.gpubuild), format version {lim.FORMAT_VERSION}",
        "description": "See docs/gpubuild-format.md. Files are UTF-8 JSON of at most "
                       f"{lim.MAX_FILE_BYTES // 1024**2} MB nested at most {lim.MAX_DEPTH} "
                       "levels, without duplicate keys, NaN or Infinity.",
        "type": "object",
        "additionalProperties": False,
        "required": top["required"],
        "properties": top["properties"],
        "$defs": {
            "slot": object_schema(SLOT_RULES, "One GPU model of the build and how many."),
            "tracked": object_schema(TRACKED_RULES, "A workload with both tasks' settings."),
            "gpu": object_schema(GPU_RULES, "Snapshot of a GPU's datasheet figures."),
            "price": object_schema(PRICE_RULES, "A price seen somewhere at a date."),
            "workload": object_schema(WORKLOAD_RULES, "Snapshot of a model's "
                                                      "hyper-parameters."),
            "profile": object_schema(PROFILE_RULES, "Measured activation bytes of a "
                                                    "non-transformer model."),
            "training": object_schema(TRAINING_RULES, "Training settings, per GPU."),
            "inference": object_schema(INFERENCE_RULES, "Inference settings."),
            "usage": object_schema(USAGE_RULES, "Usage assumptions for energy figures."),
            "cost": object_schema(COST_RULES, "Money and carbon settings."),
        },
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
