"""LoRA adapter sizes against what PEFT's ``print_trainable_parameters`` reports.

An adapter of rank r on a d_in x d_out layer trains r x (d_in + d_out) parameters; PEFT adapts
every module whose name matches, in every block (a decoder block of an encoder-decoder model has
two attention sub-layers: its own and the one over the encoder).
"""

from __future__ import annotations

import pytest

from planner.core.lora import largest_linear, linear_modules, lora_parameters
from planner.core.precision import EstimateError


def wl(catalog, wid):
    w = catalog.workload(wid)
    assert w is not None, wid
    return w


def test_whisper_large_matches_the_peft_guide(real_catalog):
    # Hugging Face PEFT docs, "Int8 training for automatic speech recognition": Whisper
    # large-v2, r=32 on q_proj and v_proj prints "trainable params: 15728640". Large-v3 has the
    # same shape: d_model 1,280, 32 encoder and 32 decoder layers. 32 x (1,280 + 1,280) =
    # 81,920 per projection; 2 per encoder block, 4 per decoder block: 96 x 2 x 81,920.
    w = wl(real_catalog, "whisper-large-v3")
    assert lora_parameters(w, 32, "q_proj,v_proj") == 15_728_640
    mods, attention = linear_modules(w)
    assert attention == ("q_proj", "k_proj", "v_proj", "out_proj")
    assert set(mods) == {"q_proj", "k_proj", "v_proj", "out_proj", "fc1", "fc2"}


def test_t5_counts_the_decoders_cross_attention(real_catalog):
    # T5-base: d_model 768, 12 heads of 64, 12 encoder and 12 decoder blocks. q and v at r=8:
    # 8 x 1,536 = 12,288 each, 2 per encoder block and 4 per decoder block: 72 x 12,288.
    w = wl(real_catalog, "t5-base")
    assert lora_parameters(w, 8, "q,v") == 72 * 12_288 == 884_736
    # attention (q, k, v, o) doubles that.
    assert lora_parameters(w, 8, "attention") == 2 * 884_736
    assert "decoder" in w.family


@pytest.mark.parametrize(("wid", "rank", "targets", "published"), [
    # PEFT's README example and most tutorials: Mistral-7B, r=16, all linear layers.
    ("mistral-7b", 16, "all-linear", 41_943_040),
    # GPT-2 small, r=8 on c_attn (768 -> 2,304): 12 x 8 x 3,072.
    ("gpt2-small", 8, "c_attn", 294_912),
    # BERT-base, r=8 on query and value: 12 x 2 x 8 x 1,536.
    ("bert-base", 8, "query,value", 294_912),
])
def test_published_adapter_sizes(real_catalog, wid, rank, targets, published):
    assert lora_parameters(wl(real_catalog, wid), rank, targets) == published


def test_targets_are_deduplicated_and_refused_by_name(real_catalog):
    w = wl(real_catalog, "llama-3-8b")
    assert lora_parameters(w, 16, "q_proj, q_proj ,v_proj,") == 6_815_744
    with pytest.raises(EstimateError, match=r"no layer called 'wq', 'wv'; its linear layers are "
                                            r"q_proj, k_proj, v_proj, o_proj, gate_proj"):
        lora_parameters(w, 16, "wq,wv")
    with pytest.raises(EstimateError, match="no layer called that"):
        lora_parameters(w, 16, " , ")
    import json
    from pathlib import Path

    from planner.core.hfconfig import workload_from_hf_config

    config = Path(__file__).resolve().parents[1] / "data" / "hf_configs" / "mamba-130m.json"
    mamba = workload_from_hf_config(json.loads(config.read_text()))
    with pytest.raises(EstimateError, match="has no attention projections to adapt; use "
                                            "all-linear or name its layers"):
        lora_parameters(mamba, 8, "attention")


def test_the_largest_linear_weight(real_catalog):
    # Llama 3 8B's MLP projections: 4,096 x 14,336 = 58,720,256 elements.
    assert largest_linear(wl(real_catalog, "llama-3-8b")) == 4096 * 14_336
    # Mixtral's experts are 4,096 x 14,336 each: a dequantization buffer holds one of them.
    assert largest_linear(wl(real_catalog, "mixtral-8x7b")) == 4096 * 14_336


def test_mt0_large_matches_the_peft_readme():
    from planner.core.specs import Workload

    # PEFT's README: bigscience/mt0-large (mT5-large) with LoraConfig(r=8) on its default q and
    # v prints "trainable params: 2359296". d_model 1,024, 16 heads of 64, 24 + 24 blocks:
    # 8 x 2,048 = 16,384 per projection, 2 per encoder block, 4 per decoder block: 144 of them.
    mt0 = Workload(id="mt0-large", name="mt0-large", family="encoder-decoder",
                   parameters=1_229_581_312, sources=("bigscience/mt0-large config.json",),
                   arch="t5", layers=24, decoder_layers=24, hidden=1024, heads=16, head_dim=64,
                   intermediate=2816, vocab=250_112, gated_mlp=True)
    assert lora_parameters(mt0, 8, "q,v") == 144 * 16_384 == 2_359_296
