"""Property tests: valid documents round-trip; broken ones raise DocumentError and nothing else."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from typing import Any

from gpubuild_samples import LLAMA_3_8B, RESNET_50, RTX_4090, gpu_variant, is_one_sentence
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner.core.costs.energy import Usage
from planner.core.costs.money import CURRENCIES
from planner.core.estimator.memory import LORA_TARGETS, InferenceSetup, TrainingSetup
from planner.core.plan.build import Build, BuildSlot, CostSettings, TrackedWorkload
from planner.core.records.precision import (
    OPTIMIZER_STATES,
    QUANTIZATION_BYTES,
    STRATEGIES,
    TRAINING_PRECISIONS,
)
from planner.documents import DocumentError, dumps_document, loads_document

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

names = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=60)
notes = st.text(st.characters(blacklist_categories=("Cs",),
                              blacklist_characters="".join(
                                  chr(c) for c in (*range(0, 9), 11, 12, *range(14, 32), 127,
                                                   *range(128, 160)))), max_size=200)
seqs = st.none() | st.integers(1, 10_000_000)
batches = st.integers(1, 65_536)

training = st.builds(
    TrainingSetup, precision=st.sampled_from(tuple(TRAINING_PRECISIONS)),
    optimizer=st.sampled_from(tuple(OPTIMIZER_STATES)), batch=batches, seq=seqs,
    checkpointing=st.booleans(), accumulation=batches, attention=st.sampled_from(
        ("flash", "eager")), gpus=st.integers(1, 1024), strategy=st.sampled_from(STRATEGIES),
    lora_rank=st.none() | st.integers(1, 1024), qlora=st.booleans(),
    lora_targets=st.sampled_from(LORA_TARGETS))
inference = st.builds(
    InferenceSetup, precision=st.sampled_from(tuple(QUANTIZATION_BYTES)), batch=batches,
    seq=seqs, kv_precision=st.none() | st.sampled_from(tuple(QUANTIZATION_BYTES)),
    gpus=st.integers(1, 1024), strategy=st.sampled_from(STRATEGIES))
unit = st.floats(0, 1)
usage = st.builds(
    Usage, hours_per_day=st.floats(0, 24), days_per_year=st.floats(0, 366),
    utilization=unit, idle_when_not_running=st.booleans(), host_watts=st.floats(0, 100_000),
    psu_efficiency=st.floats(0.01, 1), pue=st.floats(1, 5),
    base_kwh_per_year=st.floats(0, 1e9))
cost = st.builds(
    CostSettings, currency=st.sampled_from(CURRENCIES),
    tariff_id=st.none() | st.sampled_from(("cn-beijing-residential", "us-ca-commercial")),
    price_per_kwh=st.none() | st.floats(0, 1000), years=st.integers(1, 50))


@st.composite
def builds(draw: st.DrawFn) -> Build:
    n_slots = draw(st.integers(0, 5))
    gpus = [RTX_4090, *(gpu_variant(i) for i in range(1, n_slots))][:n_slots]
    gpus = [replace(g, name=draw(names.filter(str.strip)) or g.name) for g in gpus]
    slots = tuple(BuildSlot(g, draw(st.integers(1, 64))) for g in gpus)
    tracked = tuple(
        TrackedWorkload(draw(st.sampled_from((LLAMA_3_8B, RESNET_50))),
                        draw(st.sampled_from(("train", "inference"))), draw(training),
                        draw(inference))
        for _ in range(draw(st.integers(0, 4))))
    return Build(name=draw(names), notes=draw(notes), slots=slots, workloads=tracked,
                 usage=draw(usage), cost=draw(cost),
                 display_reserve_bytes=draw(st.integers(0, 2**40)),
                 extra=draw(st.dictionaries(st.from_regex(r"[a-z][a-z0-9_.-]{0,20}",
                                                          fullmatch=True), names, max_size=3)))


def _only_document_errors(data: bytes) -> None:
    try:
        loads_document(data)
    except DocumentError as exc:
        message = str(exc)
        assert is_one_sentence(message), message
        assert "unexpected problem" not in message, message


@FUZZ
@given(builds())
def test_valid_documents_round_trip(build: Build) -> None:
    data = dumps_document(build, created="2026-01-01T00:00:00Z", modified="2026-01-02T00:00:00Z")
    loaded = loads_document(data)
    assert loaded.build == build
    assert loaded.build.extra == build.extra
    assert dumps_document(loaded.build, created=loaded.created, modified=loaded.modified) == data


json_leaves = (st.none() | st.booleans() | st.integers(-(2**70), 2**70)
               | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30)
               | st.sampled_from((-1, 0, 1, 64, 65, 65_536, 10**7 + 1, 1e308, -0.0, "", "fp64",
                                  "amp-bf16", "train", "nvidia-rtx-4090")))
json_values = st.recursive(json_leaves, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                           max_leaves=12)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _paths(value, (*prefix, i))
    return found


def _parent(doc: Any, path: tuple[Any, ...]) -> Any:
    for part in path[:-1]:
        doc = doc[part]
    return doc


@st.composite
def mutated_objects(draw: st.DrawFn) -> Any:
    base = json.loads(dumps_document(draw(builds()), created="2026-01-01T00:00:00Z",
                                     modified="2026-01-01T00:00:00Z"))
    doc = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        action = draw(st.sampled_from(("replace", "delete", "add", "wrap", "huge", "negate")))
        if not path:
            if action == "replace":
                doc = draw(json_values)
            continue
        parent, key = _parent(doc, path), path[-1]
        if action == "replace":
            parent[key] = draw(json_values)
        elif action == "delete":
            del parent[key]
        elif action == "add" and isinstance(parent[key], dict):
            parent[key][draw(st.text(max_size=8))] = draw(json_values)
        elif action == "wrap":
            parent[key] = [parent[key]] if draw(st.booleans()) else {"x": parent[key]}
        elif action == "huge" and isinstance(parent[key], int | float):
            parent[key] = draw(st.sampled_from((10**30, 1e300, 2**63, float("nan"),
                                                float("inf"))))
        elif action == "negate" and isinstance(parent[key], int | float):
            parent[key] = -parent[key] - 1
    return doc


@FUZZ
@given(mutated_objects())
def test_mutated_documents_load_or_refuse(doc: Any) -> None:
    _only_document_errors(json.dumps(doc, ensure_ascii=False).encode("utf-8"))


@st.composite
def damaged_bytes(draw: st.DrawFn) -> bytes:
    data = bytearray(dumps_document(draw(builds()), created="2026-01-01T00:00:00Z",
                                    modified="2026-01-01T00:00:00Z"))
    kind = draw(st.sampled_from(("truncate", "flip", "insert", "duplicate", "nest", "random")))
    if kind == "truncate":
        return bytes(data[:draw(st.integers(0, len(data)))])
    if kind == "flip":
        for _ in range(draw(st.integers(1, 8))):
            i = draw(st.integers(0, len(data) - 1))
            data[i] = draw(st.integers(0, 255))
        return bytes(data)
    if kind == "insert":
        i = draw(st.integers(0, len(data)))
        return bytes(data[:i]) + draw(st.binary(min_size=1, max_size=20)) + bytes(data[i:])
    if kind == "duplicate":
        text = data.decode()
        key = draw(st.sampled_from(('"count"', '"name"', '"usage"', '"version"', '"id"')))
        return text.replace(key + ":", f"{key}: null, {key}:", 1).encode()
    if kind == "nest":
        depth = draw(st.integers(20, 5000))
        text = data.decode()
        inner = "[" * depth + "1" + "]" * depth
        return text.replace('"notes": ', f'"deep": {inner}, "notes": ', 1).encode()
    return draw(st.binary(max_size=200))


@FUZZ
@given(damaged_bytes())
def test_damaged_bytes_load_or_refuse(data: bytes) -> None:
    _only_document_errors(data)
