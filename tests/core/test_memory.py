"""Memory estimates against values worked out by hand (the arithmetic is written in each test),
published rules, and properties that must hold whatever the numbers are."""

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planner.core.estimator.activations import activation_bytes
from planner.core.estimator.inference_memory import kv_cache_bytes
from planner.core.estimator.lora import lora_parameters
from planner.core.estimator.memory import (
    InferenceSetup,
    TrainingSetup,
    estimate_inference,
    estimate_training,
    legal_tp_degrees,
)
from planner.core.models.hfconfig import workload_from_hf_config
from planner.core.models.layouts import with_head
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Workload

GIB = 1024**3
CONFIGS = Path(__file__).resolve().parents[1] / "data" / "hf_configs"


def cfg(name: str) -> Workload:
    return workload_from_hf_config(json.loads((CONFIGS / f"{name}.json").read_text()))


def wl(catalog, wid):
    w = catalog.workload(wid)
    assert w is not None, wid
    return w


def model_states(e) -> int:
    return e.weights + e.master_weights + e.gradients + e.optimizer_state


# --- ZeRO paper, Figure 1 ----------------------------------------------------------------------

ZERO_MODEL = Workload(id="zero-7.5b", name="7.5B", family="decoder", parameters=7_500_000_000,
                      sources=("Rajbhandari et al. 2020, Figure 1",), layers=32, hidden=4096,
                      heads=32, intermediate=16384, vocab=32000, context=1024, gated_mlp=True,
                      norm="rmsnorm", position="rope")


@pytest.mark.parametrize(("strategy", "gpus", "published_gb"), [
    ("zero1", 1, 120.0),   # baseline: (2 + 2 + 12) x 7.5B = 120 GB
    ("zero1", 64, 31.4),   # Pos: 2Ψ + 2Ψ + 12Ψ/64 = 15 + 15 + 1.41 = 31.4 GB
    ("zero2", 64, 16.6),   # Pos+g: 2Ψ + (2 + 12)Ψ/64 = 15 + 1.64 = 16.6 GB
    ("zero3", 64, 1.9),    # Pos+g+p: 16Ψ/64 = 1.875 GB
])
def test_zero_paper_figure_one_to_two_percent(strategy, gpus, published_gb):
    # DeepSpeed allocates its (partitioned) gradient buffers once and keeps them: keep_gradients.
    s = TrainingSetup(precision="amp-fp16", optimizer="adam", optimizer_impl="fused", batch=1,
                      seq=128, gpus=gpus, strategy=strategy, keep_gradients=True)
    e = estimate_training(ZERO_MODEL, s)
    assert model_states(e) / 1e9 == pytest.approx(published_gb, rel=0.02)


# --- model states by recipe --------------------------------------------------------------------

def test_pytorch_amp_adamw_bytes_per_parameter(real_catalog):
    # GPT-2 small, batch 1 x 16 tokens: the optimizer step is the peak. AMP keeps fp32 params
    # (4 B, the master) and fp32 grads (4 B); AdamW two fp32 moments (8 B); the foreach step a
    # parameter-sized fp32 temporary (4 B); the 16-bit weight casts are gone by then.
    w = wl(real_catalog, "gpt2-small")
    p = 124_439_808
    e = estimate_training(w, TrainingSetup(precision="amp-bf16", batch=1, seq=16))
    assert e.peak_phase == "optimizer"
    assert (e.weights, e.master_weights, e.gradients) == (0, 4 * p, 4 * p)
    assert (e.optimizer_state, e.optimizer_temporaries) == (8 * p, 4 * p)
    fused = estimate_training(w, TrainingSetup(precision="amp-bf16", batch=1, seq=16,
                                               optimizer_impl="fused"))
    assert fused.optimizer_temporaries == 0


def test_eight_bit_and_paged_optimizer_state(real_catalog):
    # bitsandbytes: 1 byte per moment + an fp32 absmax per 2,048 elements: 2 x (1 + 4/2048) B.
    w = wl(real_catalog, "gpt2-small")
    p = 124_439_808
    e = estimate_training(w, TrainingSetup(precision="bf16", optimizer="adamw-8bit", batch=1,
                                           seq=16))
    assert e.optimizer_state == pytest.approx(p * 2 * (1 + 4 / 2048), abs=1)
    paged = estimate_training(w, TrainingSetup(precision="bf16", optimizer="paged-adamw-8bit",
                                               batch=1, seq=16))
    assert paged.optimizer_state == 0
    assert paged.host_bytes == pytest.approx(p * 2 * (1 + 4 / 2048), abs=1)
    assert any(n.code == "paged-optimizer" for n in paged.notes)


def test_lora_parameters_by_hand(real_catalog):
    w = wl(real_catalog, "llama-3-8b")
    # r16 on q, k, v, o: 16 x [(4096+4096) + 2 x (4096+1024) + (4096+4096)] = 425,984 per layer,
    # x 32 layers = 13,631,488 (what PEFT prints for Llama-3-8B, r=16, q/k/v/o).
    assert lora_parameters(w, 16, "attention") == 13_631_488
    # + gate/up (4096 -> 14336) and down (14336 -> 4096): 3 x 16 x 18,432 = 884,736 per layer.
    assert lora_parameters(w, 16, "all-linear") == 13_631_488 + 32 * 884_736
    # an explicit list: q and v only: 16 x (8192 + 5120) x 32 = 6,815,744
    assert lora_parameters(w, 16, "q_proj,v_proj") == 6_815_744
    with pytest.raises(EstimateError, match="query_key_value"):
        lora_parameters(w, 16, "query_key_value")


def test_qlora_double_quant_saves_three_eighths_of_a_bit(real_catalog):
    # QLoRA paper §3: double quantization cuts the block-scale cost from 32/64 = 0.5 bit to
    # 8/64 + 32/(64 x 256) = 0.127 bit per weight: 0.373 bit on every quantized (linear) weight.
    w = wl(real_catalog, "llama-3-8b")
    base = TrainingSetup(qlora=True, lora_rank=16, batch=1, seq=256, checkpointing=True)
    dq = estimate_training(w, base)
    single = estimate_training(w, replace(base, double_quant=False))
    linear = 8_030_261_248 - 2 * 128256 * 4096  # embeddings and LM head stay 16-bit
    saved = (32 / 64 - 8 / 64 - 32 / (64 * 256)) / 8 * linear
    assert single.weights - dq.weights == pytest.approx(saved, rel=1e-6)


def test_offload_moves_states_to_host_and_reports_it(real_catalog):
    w = wl(real_catalog, "llama-3-8b")
    s = TrainingSetup(precision="amp-bf16", optimizer_impl="fused", batch=1, seq=256,
                      checkpointing=True, gpus=4, strategy="zero2")
    on_gpu = estimate_training(w, s)
    off = estimate_training(w, replace(s, offload="optimizer"))
    # ZeRO-2 over 4: master (4 B) + Adam (8 B) per parameter, a quarter each, move to the host.
    p = 8_030_261_248
    assert off.optimizer_state == off.master_weights == 0
    assert off.host_bytes == pytest.approx(12 * p / 4, rel=1e-9)
    assert on_gpu.total_bytes - off.total_bytes > 12 * p / 4 * 0.9
    with pytest.raises(EstimateError, match="ZeRO or FSDP"):
        estimate_training(w, replace(s, strategy="ddp", offload="optimizer"))


def test_optimizer_in_backward_holds_one_gradient(real_catalog):
    w = wl(real_catalog, "llama-3-8b")
    s = TrainingSetup(precision="bf16", optimizer="adamw", optimizer_impl="fused", batch=1,
                      seq=512, checkpointing=True, optimizer_in_backward=True)
    e = estimate_training(w, s)
    # The largest gradient is the LM head's (or the embedding's): 128,256 x 4,096 x 2 bytes.
    assert e.gradients == 128256 * 4096 * 2
    with pytest.raises(EstimateError, match="accumulation"):
        estimate_training(w, replace(s, accumulation=2))


# --- heads, logits, checkpointing --------------------------------------------------------------

def test_head_decides_logits_and_parameters(real_catalog):
    mlm = wl(real_catalog, "bert-large")
    s = TrainingSetup(precision="fp32", batch=8, seq=512)
    cls = with_head(mlm, "seq-cls")
    e_mlm, e_cls = estimate_training(mlm, s), estimate_training(cls, s)
    # Masked-LM head: logits 4 B + the loss's fp32 log-softmax 4 B per vocabulary entry, at
    # 8 x 512 tokens: 8 x 30,522 x 4,096 = 1,000,144,896 bytes (the "about 1 GiB").
    assert e_mlm.logits >= 8 * 30522 * 4096
    assert e_cls.logits == 0
    # parameters: MLM transform + LayerNorm + decoder bias out, pooler + 2-way classifier in.
    assert mlm.parameters - cls.parameters == (1024 * 1024 + 1024 + 2048 + 30522) - (
        1024 * 1024 + 1024 + 1024 * 2 + 2)


def test_chunked_loss_keeps_logits_but_chunks_the_fp32_work(real_catalog):
    w = wl(real_catalog, "llama-3-8b")
    s = TrainingSetup(precision="bf16", batch=1, seq=2048, checkpointing=True)
    full = activation_bytes(w, s, 2048)
    chunked = activation_bytes(w, replace(s, loss="chunked"), 2048)
    # Full: bf16 logits 2 B + fp32 log-softmax 4 B saved, then an fp32 gradient 4 B + its bf16
    # cast 2 B: 12 B per vocabulary entry per token at the loss's backward.
    v, t = 128256, 2048
    assert full.logits + full.logits_transient == pytest.approx(12 * v * t, rel=1e-6)
    # Chunked (8 chunks): 2 B stay, the fp32 work is an eighth: 2 + (4 + 4 + 2) / 8 = 3.25 B.
    assert chunked.logits + chunked.logits_transient == pytest.approx(3.25 * v * t, rel=1e-6)


def test_checkpointing_modes_order(real_catalog):
    w = wl(real_catalog, "llama-3-8b")
    s = TrainingSetup(precision="bf16", batch=2, seq=2048)
    none = activation_bytes(w, s, 2048).activations
    full = activation_bytes(w, replace(s, checkpointing=True), 2048).activations
    every1 = activation_bytes(w, replace(s, checkpointing=True, checkpoint_mode="every:1"), 2048)
    every2 = activation_bytes(w, replace(s, checkpointing=True, checkpoint_mode="every:2"), 2048)
    sel = activation_bytes(w, replace(s, checkpointing=True, checkpoint_mode="selective"), 2048)
    assert every1.activations == full
    assert full < sel.activations < none
    assert full < every2.activations < none
    assert any(n.code == "checkpointing-every" and dict(n.params)["checkpointed"] == "16"
               for n in every2.notes)
    with pytest.raises(EstimateError, match="every:N"):
        estimate_training(w, replace(s, checkpointing=True, checkpoint_mode="every:0"))


# --- caches ------------------------------------------------------------------------------------

def test_kv_cache_uses_kv_heads_not_hidden_size(real_catalog):
    w = wl(real_catalog, "llama-3-70b")
    # 2 (K and V) x 80 layers x 8 KV heads x 128 head dim x 8192 tokens x 2 bytes = 2.5 GiB.
    assert kv_cache_bytes(w, 1, 8192, 2) == 2 * 80 * 8 * 128 * 8192 * 2 == 2.5 * GIB
    e = estimate_inference(w, InferenceSetup(precision="bf16", batch=1, seq=8192))
    assert e.kv_cache == 2.5 * GIB


def test_mla_caches_the_latent_not_full_heads():
    w = cfg("deepseek-v2-lite-2l")
    # (kv_lora_rank 512 + RoPE key 64) values per token per layer, 2 layers, 4,096 tokens, 2 B.
    assert kv_cache_bytes(w, 1, 4096, 2) == (512 + 64) * 2 * 4096 * 2
    # Full multi-head attention would cache 2 x 16 heads x (128 + 128): 14x more.
    e = estimate_inference(w, InferenceSetup(seq=4096))
    assert any(n.code == "mla-cache" for n in e.notes)


def test_sliding_window_bounds_the_cache():
    w = cfg("gemma-2-2b-2l")  # layer 1 slides over 4,096 tokens, layer 2 is global
    per_token = 2 * 4 * 256  # K and V, 4 KV heads x 256
    assert kv_cache_bytes(w, 1, 8192, 2) == per_token * (8192 + 4096) * 2


def test_mamba_state_does_not_grow_with_context():
    w = cfg("mamba-130m")
    # 24 layers x inner 1,536 x (conv 4 + state 16) values x 2 bytes per sequence.
    assert kv_cache_bytes(w, 1, 1024, 2) == kv_cache_bytes(w, 1, 100_000, 2) == 24 * 1536 * 20 * 2


# --- bad input -----------------------------------------------------------------------------------

def test_sequence_longer_than_context_names_it(real_catalog):
    with pytest.raises(EstimateError, match="8,192"):
        estimate_training(wl(real_catalog, "llama-3-8b"), TrainingSetup(seq=1_000_000))


def test_tensor_parallel_degree_must_divide_heads(real_catalog):
    w = wl(real_catalog, "llama-3-70b")  # 64 heads, 8 KV heads
    assert legal_tp_degrees(w, 16) == (1, 2, 4, 8, 16)
    with pytest.raises(EstimateError, match="64 attention heads and 8 KV heads"):
        estimate_inference(w, InferenceSetup(gpus=5, strategy="tp"))
    with pytest.raises(EstimateError, match="7 GPUs"):
        estimate_training(w, TrainingSetup(gpus=7, strategy="tp", batch=1, seq=128))


def test_qlora_needs_a_transformer(real_catalog):
    with pytest.raises(EstimateError, match="ResNet-50"):
        estimate_training(wl(real_catalog, "resnet-50"), TrainingSetup(qlora=True, seq=224))


@pytest.mark.parametrize(("setup", "message"), [
    (TrainingSetup(batch=0), "Batch size must be a whole number of at least 1 (got 0)."),
    (TrainingSetup(seq=0), "Sequence length must be a whole number of at least 1 (got 0)."),
    (TrainingSetup(precision="fp64"), "Unknown training precision 'fp64'; use one of fp32, "
                                      "amp-fp16, amp-bf16, fp16, bf16, fp8."),
    (TrainingSetup(optimizer="rmsprop"), "Unknown optimizer 'rmsprop'; use one of sgd, "),
    (TrainingSetup(gpus=0), "GPU count must be a whole number from 1 to 1024 (got 0)."),
    (TrainingSetup(strategy="magic"), "Unknown strategy 'magic'; use one of ddp, zero1, zero2, "
                                      "zero3, fsdp, tp, pp."),
    (TrainingSetup(accumulation=0), "Gradient accumulation must be a whole number of at least "
                                    "1 (got 0)."),
    (TrainingSetup(loss="sparse"), "Loss must be one of full, chunked, shifted, fp32-logits "
                                   "(got 'sparse')."),
    (TrainingSetup(offload="disk"), "Offload must be one of none, optimizer, all (got 'disk')."),
    (TrainingSetup(optimizer_impl="turbo"), "Optimizer step must be one of foreach, fused, "
                                            "per-tensor (got 'turbo')."),
    # BERT names its attention projections query, key and value (Hugging Face BertSelfAttention).
    (TrainingSetup(lora_rank=8, lora_targets="nope"), "BERT-base (uncased) has no layer called "
     "'nope'; its linear layers are query, key, value, dense (or use attention or all-linear)."),
])
def test_nonsense_training_input_is_one_sentence(real_catalog, setup, message):
    with pytest.raises(EstimateError) as err:
        estimate_training(wl(real_catalog, "bert-base"), setup)
    assert str(err.value).startswith(message) and str(err.value).endswith(".")
    assert "\n" not in str(err.value)


# --- properties ----------------------------------------------------------------------------------

LLAMA = Workload(id="p", name="p", family="decoder", parameters=0, sources=("test",), layers=4,
                 hidden=256, heads=8, kv_heads=2, intermediate=512, vocab=1000, context=4096,
                 gated_mlp=True, norm="rmsnorm", position="rope")


@settings(max_examples=60, deadline=None)
@given(batch=st.integers(1, 8), seq=st.integers(1, 2048),
       precision=st.sampled_from(["fp32", "amp-bf16", "bf16"]),
       ckpt=st.booleans(), loss=st.sampled_from(["full", "chunked"]))
def test_more_batch_never_needs_less(batch, seq, precision, ckpt, loss):
    s = TrainingSetup(precision=precision, batch=batch, seq=seq, checkpointing=ckpt, loss=loss)
    assert (estimate_training(LLAMA, replace(s, batch=batch + 1)).total_bytes
            >= estimate_training(LLAMA, s).total_bytes)


@settings(max_examples=60, deadline=None)
@given(batch=st.integers(1, 8), seq=st.integers(16, 2048), gpus=st.sampled_from([2, 4, 8]))
def test_sharding_more_never_needs_more(batch, seq, gpus):
    s = TrainingSetup(batch=batch, seq=seq, gpus=gpus, optimizer_impl="fused")
    totals = [estimate_training(LLAMA, replace(s, strategy=st_)) for st_ in
              ("zero1", "zero2", "zero3")]
    states = [model_states(e) for e in totals]
    assert states[0] >= states[1] >= states[2]
    # (under DDP: ZeRO's fp32 gradient copy can make the step the peak, which holds no logits)
    assert estimate_training(LLAMA, replace(s, loss="chunked")).logits <= \
        estimate_training(LLAMA, s).logits


def test_vision_models_are_not_language_models(real_catalog):
    # A CNN or a diffusion UNet has no vocabulary: no language-model head, no logits, and its
    # head is not called "causal-lm" in the CLI's first line.
    for wid, head in (("resnet-50", "image-cls"), ("unet-sdxl", "noise-prediction")):
        w = real_catalog.workload(wid)
        assert w is not None and w.task_head == head
        e = estimate_training(w, TrainingSetup(batch=8))
        assert e.logits == 0


def test_tensor_parallel_degrees_by_head_layout(real_catalog):
    # Llama 3 8B: 32 query heads, 8 KV heads. A degree divides 32 and either divides 8 or is a
    # multiple of it (each KV head then held by several cards): 1, 2, 4, 8, 16, 32.
    assert legal_tp_degrees(wl(real_catalog, "llama-3-8b"), 64) == (1, 2, 4, 8, 16, 32)
    assert legal_tp_degrees(wl(real_catalog, "llama-3-8b"), 8) == (1, 2, 4, 8)  # limit included
    # DeepSeek-V2-Lite caches a shared latent (MLA): only its 16 query heads must divide.
    assert legal_tp_degrees(wl(real_catalog, "deepseek-v2-lite"), 64) == (1, 2, 4, 8, 16)
    # A CNN has no heads: any count splits it (the limit bounds the answer).
    assert legal_tp_degrees(wl(real_catalog, "resnet-50"), 5) == (1, 2, 3, 4, 5)
    # BERT-base: 12 heads, no grouped KV heads.
    assert legal_tp_degrees(wl(real_catalog, "bert-base"), 12) == (1, 2, 3, 4, 6, 12)


def test_a_paged_optimizer_note_gives_its_size_in_gib(real_catalog):
    w = wl(real_catalog, "llama-3-8b")
    e = estimate_training(w, TrainingSetup(precision="bf16", optimizer="paged-adamw-8bit",
                                           batch=1, seq=256, checkpointing=True))
    # 8,030,261,248 x 2 x (1 + 4/2048) B = 16,091,890,705 B = 14.987 GiB, said as "15.0 GiB".
    [paged] = [n for n in e.notes if n.code == "paged-optimizer"]
    assert dict(paged.params)["size"] == "15.0 GiB"
