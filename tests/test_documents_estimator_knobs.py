"""A `.gpubuild` keeps issue 32's estimator knobs, and files written before them open as before.

DeepSpeed's buffer knobs, the batch lengths and the allocator setting (training), int4's group
and the generation cache (inference) are optional keys: absent, they are the frameworks' own
defaults; present, they survive a save and a load unchanged.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest
from gpubuild_samples import is_one_sentence, sample_build, sample_bytes, sample_object, to_bytes

from planner.core.estimator.setups import InferenceSetup, TrainingSetup
from planner.documents import DocumentError, loads_document

SCHEMA = json.loads((Path(__file__).resolve().parent.parent / "docs"
                     / "gpubuild.schema.json").read_text(encoding="utf-8"))
TRAINING_KEYS = ("reduce_bucket_size", "prefetch_bucket_size", "max_live_parameters",
                 "max_reuse_distance", "sub_group_size", "overlap_comm", "lengths",
                 "expandable_segments")


def test_knobs_round_trip() -> None:
    build = sample_build()
    train = next(i for i, t in enumerate(build.workloads) if t.training is not None)
    serve = next(i for i, t in enumerate(build.workloads) if t.inference is not None)
    tracked = list(build.workloads)
    tracked[train] = replace(tracked[train], training=replace(
        tracked[train].training, strategy="zero3", reduce_bucket_size=16_777_216,
        prefetch_bucket_size=15_099_494, max_live_parameters=0, max_reuse_distance=0,
        sub_group_size=100_000_000, overlap_comm=True, lengths="variable",
        expandable_segments=True))
    tracked[serve] = replace(tracked[serve], inference=replace(
        tracked[serve].inference, group_size=32, cache="legacy"))
    build = replace(build, workloads=tuple(tracked))
    data = sample_bytes(build)
    assert loads_document(data).build == build
    jsonschema.Draft202012Validator(SCHEMA).validate(json.loads(data))


def test_a_file_without_the_knobs_opens_with_the_frameworks_defaults() -> None:
    doc = sample_object()
    for w in doc["workloads"]:
        for key in TRAINING_KEYS:
            (w.get("training") or {}).pop(key, None)
        for key in ("group_size", "cache"):
            (w.get("inference") or {}).pop(key, None)
    loaded = loads_document(to_bytes(doc))
    defaults_t, defaults_i = TrainingSetup(), InferenceSetup()
    for t in loaded.build.workloads:
        if t.training is not None:
            assert all(getattr(t.training, k) == getattr(defaults_t, k) for k in TRAINING_KEYS)
        if t.inference is not None:
            assert (t.inference.group_size, t.inference.cache) == (128, "dynamic") == (
                defaults_i.group_size, defaults_i.cache)


@pytest.mark.parametrize(("where", "key", "value"), [
    ("training", "lengths", "ragged"), ("training", "reduce_bucket_size", -1),
    ("inference", "cache", "paged"), ("inference", "group_size", 100_000)])
def test_a_bad_knob_is_refused_in_one_sentence(where: str, key: str, value: object) -> None:
    doc = sample_object()
    w = next(w for w in doc["workloads"] if w.get(where))
    w[where][key] = value
    with pytest.raises(DocumentError) as info:
        loads_document(to_bytes(doc))
    assert is_one_sentence(str(info.value))
