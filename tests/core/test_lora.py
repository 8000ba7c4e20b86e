"""LoRA adapter sizes against what PEFT's ``print_trainable_parameters`` reports.

An adapter of rank r on a d_in x d_out layer trains r x (d_in + d_out) parameters; PEFT adapts
every module whose name matches, in every block (a decoder block of an encoder-decoder model has
two attention sub-layers: its own and the one over the encoder).
"""

from __future__ import annotations

import pytest

from planner.core.estimator.lora import largest_linear, linear_modules, lora_parameters
from planner.core.records.precision import EstimateError


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

    from planner.core.models.hfconfig import workload_from_hf_config

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


def test_mixtral_all_linear_counts_every_expert_and_the_router(real_catalog):
    """Mixtral-8x7B, LoRA r=16 on all linear layers, as PEFT printed it.

    PEFT issue #1594 (https://github.com/huggingface/peft/issues/1594, peft 0.10.0):
    "trainable params: 242,225,152". Hidden 4,096, 32 layers, 32 query heads and 8 KV heads of
    128 (q/o 4,096 wide, k/v 1,024), 8 experts of width 14,336, a router 4,096 -> 8. Per layer:
      q, o: 16 x (4,096 + 4,096) = 131,072 each; k, v: 16 x (4,096 + 1,024) = 81,920 each
        -> attention 425,984
      each expert's w1, w3: 16 x (4,096 + 14,336) = 294,912; w2: 16 x (14,336 + 4,096) = 294,912
        -> 884,736 an expert, 7,077,888 for eight
      router: 16 x (4,096 + 8) = 65,664
      -> 7,569,536 a layer, x 32 = 242,225,152.
    An estimator that counts the experts once prints 41,943,040; one that forgets the router
    240,123,904.
    """
    assert lora_parameters(wl(real_catalog, "mixtral-8x7b"), 16, "all-linear") == 242_225_152
    # The experts alone (named as the planner names them), counted eight times each:
    experts = lora_parameters(wl(real_catalog, "mixtral-8x7b"), 16,
                              "gate_proj,up_proj,down_proj")
    assert experts == 32 * 7_077_888 == 226_492_416


def test_mt0_large_matches_the_peft_readme():
    from planner.core.records.specs import Workload

    # PEFT's README: bigscience/mt0-large (mT5-large) with LoraConfig(r=8) on its default q and
    # v prints "trainable params: 2359296". d_model 1,024, 16 heads of 64, 24 + 24 blocks:
    # 8 x 2,048 = 16,384 per projection, 2 per encoder block, 4 per decoder block: 144 of them.
    mt0 = Workload(id="mt0-large", name="mt0-large", family="encoder-decoder",
                   parameters=1_229_581_312, sources=("bigscience/mt0-large config.json",),
                   arch="t5", layers=24, decoder_layers=24, hidden=1024, heads=16, head_dim=64,
                   intermediate=2816, vocab=250_112, gated_mlp=True)
    assert lora_parameters(mt0, 8, "q,v") == 144 * 16_384 == 2_359_296


def _hf(name: str):
    import json
    from pathlib import Path

    from planner.core.models.hfconfig import workload_from_hf_config

    path = Path(__file__).resolve().parents[1] / "data" / "hf_configs" / f"{name}.json"
    return workload_from_hf_config(json.loads(path.read_text()))


# Each family's linear layers as its Hugging Face implementation names them, sized from the
# config; all-linear at r=8 is 8 x (in + out) summed over them, times the layers.
@pytest.mark.parametrize(("config", "attention", "all_linear"), [
    # Falcon-7B (71 heads of 64, one KV head): query_key_value 4,544 -> 4,672, dense 4,544 ->
    # 4,544, dense_h_to_4h 4,544 -> 18,176 and back: 8 x (9,216 + 9,088 + 2 x 22,720) x 2.
    ("falcon-7b-2l", ("query_key_value", "dense"), 8 * (9216 + 9088 + 2 * 22720) * 2),
    # MPT-7B: Wqkv 4,096 -> 12,288, out_proj, up_proj 4,096 -> 16,384 and down_proj.
    ("mpt-7b-2l", ("Wqkv", "out_proj"), 8 * (16384 + 8192 + 2 * 20480) * 2),
    # OPT-125m: q, k, v, out_proj 768 -> 768, fc1 768 -> 3,072, fc2: 12 layers.
    ("opt-125m", ("q_proj", "k_proj", "v_proj", "out_proj"), 8 * (4 * 1536 + 2 * 3840) * 12),
    # Phi-2: q, k, v and dense 2,560 -> 2,560, fc1 2,560 -> 10,240, fc2.
    ("phi-2-2l", ("q_proj", "k_proj", "v_proj", "dense"), 8 * (4 * 5120 + 2 * 12800) * 2),
    # Phi-3-mini: fused qkv_proj 3,072 -> 9,216, o_proj, gate_up_proj 3,072 -> 16,384,
    # down_proj 8,192 -> 3,072.
    ("phi-3-mini-2l", ("qkv_proj", "o_proj"), 8 * (12288 + 6144 + 19456 + 11264) * 2),
    # Pythia-160m (GPT-NeoX): query_key_value 768 -> 2,304, dense, the 4h MLP: 12 layers.
    ("pythia-160m", ("query_key_value", "dense"), 8 * (3072 + 1536 + 2 * 3840) * 12),
    # BLOOM-560m: query_key_value 1,024 -> 3,072, dense, the 4h MLP: 24 layers.
    ("bloom-560m", ("query_key_value", "dense"), 8 * (4096 + 2048 + 2 * 5120) * 24),
    # GPT-2: c_attn 768 -> 2,304; c_proj is two modules of that name (attention 768 -> 768,
    # MLP 3,072 -> 768); c_fc 768 -> 3,072.
    ("gpt2", ("c_attn", "c_proj"), 8 * (3072 + 1536 + 3840 + 3840) * 12),
])
def test_each_familys_linear_layers(config, attention, all_linear):
    w = _hf(config)
    assert linear_modules(w)[1] == attention
    assert lora_parameters(w, 8, "all-linear") == all_linear


@pytest.mark.parametrize("rank", [4, 8, 16, 64])
def test_the_memory_estimate_sizes_the_adapter_by_its_rank(real_catalog, rank):
    """Through the estimate, not only the counting function: a planted "rank ignored in sizing"
    passed the suite while lora_parameters itself stayed right.

    Llama 2 7B, LoRA on q_proj and v_proj: 32 layers x 2 modules x r x (4,096 + 4,096) = 524,288 r
    trainable parameters — PEFT prints 4,194,304 at r = 8. AdamW keeps two fp32 moments per
    trainable parameter (8 bytes). (Gradients are not asserted: at the peak this run reaches,
    during the forward pass, none are allocated yet.)
    """
    from planner.core.estimator.memory import TrainingSetup, estimate_training

    setup = TrainingSetup(batch=1, seq=512, lora_rank=rank, lora_targets="q_proj,v_proj",
                          optimizer="adamw", adapter_dtype="fp32")
    est = estimate_training(wl(real_catalog, "llama-2-7b"), setup)
    assert est.trainable_parameters == 524_288 * rank
    if rank == 8:
        assert est.trainable_parameters == 4_194_304
    assert est.optimizer_state == 8 * 524_288 * rank


@pytest.mark.parametrize("rank", [8, 16, 32])
def test_the_estimate_follows_peft_s_readme_at_other_ranks(real_catalog, rank):
    """PEFT's README: Mistral-7B, r = 16, all linear layers: 41,943,040 trainable parameters;
    the count is linear in r, so r = 8 gives half of it and r = 32 twice."""
    from planner.core.estimator.memory import TrainingSetup, estimate_training

    setup = TrainingSetup(batch=1, seq=512, lora_rank=rank, lora_targets="all-linear")
    est = estimate_training(wl(real_catalog, "mistral-7b"), setup)
    assert est.trainable_parameters == 41_943_040 * rank // 16
