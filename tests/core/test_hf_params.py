"""Parameter counts and heads of real configs, against what `transformers` builds from them.

tests/data/hf_configs holds config.json files of real models (layer counts reduced where the
file says so); tests/data/hf_param_counts.json holds the counts `transformers` 5.24 gave for them
(tools/count_hf_parameters.py, meta device). Neither torch nor transformers is needed here.
"""

import json
from pathlib import Path

import pytest

from planner.core.models.hfconfig import workload_from_hf_config
from planner.core.records.precision import EstimateError

DATA = Path(__file__).resolve().parents[1] / "data"
CONFIGS = sorted((DATA / "hf_configs").glob("*.json"))
COUNTS = json.loads((DATA / "hf_param_counts.json").read_text())["counts"]


def _load(name: str) -> dict:
    return json.loads((DATA / "hf_configs" / f"{name}.json").read_text())


@pytest.mark.parametrize("path", CONFIGS, ids=[p.stem for p in CONFIGS])
def test_count_equals_transformers(path):
    cfg = json.loads(path.read_text())
    assert workload_from_hf_config(cfg).parameters == COUNTS[path.stem]


def test_families_the_issue_names_are_all_covered():
    types = {json.loads(p.read_text())["model_type"] for p in CONFIGS}
    assert {"phi", "phi3", "falcon", "gpt_neox", "gpt_bigcode", "opt", "bloom", "mpt",
            "stablelm", "gemma", "gemma2", "gemma3_text", "qwen2", "qwen2_moe", "qwen3",
            "qwen3_moe", "mixtral", "deepseek_v2", "deepseek_v3", "mamba", "mllama",
            "qwen2_vl"} <= types


def test_heads_add_what_they_hold():
    # BertForSequenceClassification = BertModel (pooler included) + a 768 x 2 classifier with
    # bias; BertForTokenClassification drops the pooler (768 x 768 + 768 = 590,592).
    base = COUNTS["bert-base-base"]
    assert COUNTS["bert-base-seqcls"] - base == 768 * 2 + 2
    assert base - COUNTS["bert-base-tokcls"] == 590_592 - (768 * 2 + 2)
    # Llama's score layer has no bias: 3 labels x 2,048.
    assert COUNTS["llama-3.2-1b-seqcls-2l"] - COUNTS["llama-3.2-1b-causallm-2l"] == 3 * 2048
    w = workload_from_hf_config(_load("llama-3.2-1b-seqcls-2l"))
    assert (w.task_head, w.num_labels) == ("seq-cls", 3)


def test_head_override_and_unknown_architectures():
    cfg = _load("bert-base-mlm")
    assert workload_from_hf_config(cfg, head="qa").parameters == COUNTS["bert-base-qa"]
    with pytest.raises(EstimateError, match="Falcon"):
        workload_from_hf_config({**cfg, "architectures": ["FooForCausalLM"]})
    with pytest.raises(EstimateError, match="Mamba"):
        workload_from_hf_config({**cfg, "model_type": "rwkv"})


def test_mla_sliding_window_and_mamba_fields_are_read():
    v2 = workload_from_hf_config(_load("deepseek-v2-lite-2l"))
    assert (v2.kv_lora_rank, v2.rope_head_dim, v2.head_dim, v2.v_head_dim) == (512, 64, 192, 128)
    g3 = workload_from_hf_config(_load("gemma-3-1b-6l"))
    assert (g3.sliding_window, g3.global_every) == (512, 6)
    q = workload_from_hf_config(_load("qwen2.5-0.5b"))  # use_sliding_window false
    assert q.sliding_window is None
    m = workload_from_hf_config(_load("mamba-130m"))
    assert (m.state_size, m.conv_kernel, m.dt_rank, m.intermediate) == (16, 4, 48, 1536)
