"""The cache a server keeps per sequence, by attention layout, from each model's config.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planner.core.estimator.inference_memory import cache_notes, kv_cache_bytes, sliding_layers
from planner.core.models.hfconfig import workload_from_hf_config

CONFIGS = Path(__file__).resolve().parents[1] / "data" / "hf_configs"


def cfg(name: str):
    return workload_from_hf_config(json.loads((CONFIGS / f"{name}.json").read_text()))


def params(notes, code):
    return next(dict(n.params) for n in notes if n.code == code)


def test_gemma_3_slides_five_layers_of_six():
    w = cfg("gemma-3-1b-6l")  # sliding_window 512, every 6th layer global; 1 KV head of 256
    assert sliding_layers(w) == 5
    # K and V of one head of 256 in 2 bytes = 1,024 B a token a layer: the global layer keeps
    # all 8,192 tokens, the five sliding ones 512 each.
    assert kv_cache_bytes(w, 1, 8192, 2) == 1024 * (8192 + 5 * 512)
    assert kv_cache_bytes(w, 3, 8192, 2) == 3 * 1024 * (8192 + 5 * 512)  # per sequence
    assert params(cache_notes(w, 8192), "sliding-window") == {"sliding": "5", "layers": "6",
                                                             "window": "512"}
    # A context within the window slides nothing: no note, every layer keeps it all.
    assert cache_notes(w, 512) == ()
    assert kv_cache_bytes(w, 1, 512, 2) == 1024 * 512 * 6


def test_mllama_caches_the_image_on_its_cross_attention_layers():
    w = cfg("llama-3.2-11b-vision-5l")  # 5 layers, 1 of them cross-attention; 8 KV heads of 128
    per = 2 * 8 * 128 * 2  # 4,096 B a token a layer
    # 4 text layers over 8,192 tokens, and the cross-attention layer over the image's 6,404.
    assert kv_cache_bytes(w, 1, 8192, 2) == per * (4 * 8192 + 6404)


def test_mamba_keeps_a_state_per_sequence():
    w = cfg("mamba-130m")  # 24 layers, inner 1,536, conv kernel 4, state 16
    assert kv_cache_bytes(w, 2, 8192, 2) == 2 * 24 * 1536 * (4 + 16) * 2
    assert [n.code for n in cache_notes(w, 8192)] == ["ssm-state"]


def test_mla_note_names_the_latent():
    w = cfg("deepseek-v2-lite-2l")  # kv_lora_rank 512, rope head 64
    assert kv_cache_bytes(w, 1, 8192, 2) == 2 * (512 + 64) * 8192 * 2
    assert params(cache_notes(w, 8192), "mla-cache") == {"per_token": "576", "rank": "512",
                                                         "rope": "64"}


@pytest.mark.parametrize("name", ["gpt2", "opt-125m"])
def test_full_attention_caches_every_token_of_every_layer(name):
    w = cfg(name)  # 12 layers of 12 heads of 64
    assert sliding_layers(w) == 0 and cache_notes(w, 1024) == ()
    assert kv_cache_bytes(w, 1, 1024, 2) == 2 * 12 * 12 * 64 * 1024 * 2
