"""The serving workload a build keeps: which model it serves and how, stored with the file.

A build serves at most one model. Its settings travel in the document's free-form ``extra`` map
under ``serving`` as one line of ``key=value`` pairs (``model=llama-3.1-8b;engine=vllm;…``), so a
file written by this version opens in older ones unchanged and keeps the setting on save. The
model is named by catalog id; a tracked workload of the same id is used first (its snapshot
travels in the file). Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from planner.core.estimator.serving import ServingSetup
from planner.core.plan.build import Build
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Catalog, Workload

SERVING_KEY = "serving"

_INTS = ("prompt", "output", "users", "gpus", "batched_tokens")
_FLOATS = ("target", "fraction")


@dataclass(frozen=True, slots=True)
class ServingChoice:
    """The model a build serves (catalog id) and the serving setup."""

    model_id: str
    setup: ServingSetup


def encode(choice: ServingChoice) -> str:
    """One line: ``model=ID`` then every setting that differs from its default."""
    default = ServingSetup()
    parts = [f"model={choice.model_id}"]
    for f in fields(ServingSetup):
        value = getattr(choice.setup, f.name)
        if value != getattr(default, f.name) and value is not None:
            parts.append(f"{f.name}={value:g}" if isinstance(value, float) else f"{f.name}={value}")
    return ";".join(parts)


def decode(text: str) -> ServingChoice:
    """The choice a line names; one plain sentence when a part of it is not understood."""
    values: dict[str, object] = {}
    model = ""
    known = {f.name for f in fields(ServingSetup)}
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        key, sep, raw = part.partition("=")
        key, raw = key.strip(), raw.strip()
        if not sep or not raw:
            raise EstimateError(f"The serving setting '{part[:40]}' needs a value after '='.")
        if key == "model":
            model = raw
        elif key not in known:
            raise EstimateError(f"'{key[:40]}' is not a serving setting.")
        elif key in _INTS:
            try:
                values[key] = int(raw)
            except ValueError:
                raise EstimateError(f"The serving setting {key} must be a whole number "
                                    f"(found '{raw[:20]}').") from None
        elif key in _FLOATS:
            try:
                values[key] = float(raw)
            except ValueError:
                raise EstimateError(f"The serving setting {key} must be a number "
                                    f"(found '{raw[:20]}').") from None
        else:
            values[key] = raw
    if not model:
        raise EstimateError("The serving settings name no model.")
    setup = ServingSetup(**values)  # type: ignore[arg-type]
    setup.check()
    return ServingChoice(model, setup)


def serving_of(build: Build) -> ServingChoice | None:
    """The build's serving workload, or None when it names none (or one we cannot read)."""
    text = build.extra.get(SERVING_KEY)
    if not text:
        return None
    try:
        return decode(text)
    except EstimateError:
        return None


def with_serving(build: Build, choice: ServingChoice | None) -> Build:
    """The build serving ``choice`` (None: serving nothing)."""
    extra = dict(build.extra)
    if choice is None:
        extra.pop(SERVING_KEY, None)
    else:
        extra[SERVING_KEY] = encode(choice)
    return replace(build, extra=extra)


def served_model(build: Build, catalog: Catalog, model_id: str) -> Workload | None:
    """The model by id: the build's tracked workload of that id first, else the catalog's."""
    tracked = next((t.workload for t in build.workloads if t.workload.id == model_id), None)
    return tracked or catalog.workload(model_id)
