"""A `.gpubuild` keeps LoRA targets as attention, all-linear or the model's own module names.

The workloads editor lets the user pick layers by name, so a saved build must open again with
them; names the model lacks (a hand-edited file) open too and are then refused by the estimator
with one sentence naming the layers the model has, so the build is never lost over a layer name.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest
from gpubuild_samples import is_one_sentence, sample_build, sample_bytes, sample_object, to_bytes

from planner.core.views.headroom import ERROR, headroom_rows
from planner.documents import DocumentError, loads_document

SCHEMA = json.loads((Path(__file__).resolve().parent.parent / "docs"
                     / "gpubuild.schema.json").read_text(encoding="utf-8"))


def _with_targets(targets: str) -> bytes:
    doc = sample_object()
    doc["workloads"][0]["training"]["lora_targets"] = targets
    return to_bytes(doc)


def test_a_chosen_list_of_layers_round_trips() -> None:
    build = sample_build()
    t = build.workloads[0]
    chosen = replace(t, training=replace(t.training, lora_targets="q_proj,v_proj,down_proj"))
    build = replace(build, workloads=(chosen, *build.workloads[1:]))
    loaded = loads_document(sample_bytes(build))
    assert loaded.build == build
    assert loaded.build.workloads[0].training.lora_targets == "q_proj,v_proj,down_proj"
    jsonschema.Draft202012Validator(SCHEMA).validate(json.loads(sample_bytes(build)))


def test_layers_the_model_lacks_open_and_are_refused_by_the_estimate_in_one_sentence() -> None:
    loaded = loads_document(_with_targets("q_proj,mlp"))
    assert loaded.build.workloads[0].training.lora_targets == "q_proj,mlp"
    row = headroom_rows(loaded.build, None)[0]
    assert row.verdict == ERROR and row.error_setting == "lora_targets"
    assert row.error is not None and is_one_sentence(row.error)
    assert row.error == ("Llama 3 8B has no layer called 'mlp'; its linear layers are q_proj, "
                         "k_proj, v_proj, o_proj, gate_proj, up_proj, down_proj (or use "
                         "attention or all-linear).")


@pytest.mark.parametrize("targets", ["q proj", "q_proj,,v_proj", "", ",q_proj", "q_proj;v_proj",
                                     "x" * 201])
def test_malformed_lists_are_refused_with_the_rule(targets: str) -> None:
    with pytest.raises(DocumentError) as info:
        loads_document(_with_targets(targets))
    message = str(info.value)
    assert is_one_sentence(message)
    assert message.startswith("LoRA targets must be attention, all-linear or a comma-separated "
                              "list of module names")
    doc = sample_object()
    doc["workloads"][0]["training"]["lora_targets"] = targets
    assert not jsonschema.Draft202012Validator(SCHEMA).is_valid(doc)
