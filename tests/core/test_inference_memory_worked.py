"""Serving memory worked out by hand, term by term (the arithmetic is in each test).

The recipe (docs/estimation.md): weights at the serving precision (weight quantizers keep the
embeddings and LM head 16-bit), the KV cache, the prefill's working set (one layer's MLP and
attention outputs for every prompt token, and fp32 logits of the last position), then 5 % of
that for the caching allocator and 512 MiB for the CUDA context. Llama 3 8B: 8,030,261,248
parameters, 32 layers, hidden 4,096, MLP 14,336, 8 KV heads of 128, vocabulary 128,256 (Meta's
config.json).
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from planner.core.estimator.memory import InferenceSetup, estimate_inference
from planner.core.records.precision import EstimateError
from planner.core.records.specs import ActivationProfile, Workload

P = 8_030_261_248
EMBEDDINGS = 2 * 128_256 * 4_096  # the input table and the untied LM head: 1,050,673,152
CONTEXT = 512 * 1024**2
LOGITS = 128_256 * 8  # fp32 logits and their softmax for one position of one sequence


def _kv(seq: int, batch: int = 1, b: float = 2) -> float:
    return 2 * 32 * 8 * 128 * seq * batch * b  # K and V, 32 layers, 8 heads of 128


def _working(seq: int, batch: int = 1, b: float = 2) -> float:
    return seq * batch * (2 * 14_336 + 4 * 4_096) * b + batch * LOGITS


def _framework(weights: float, kv: float, working: float) -> int:
    return math.ceil(CONTEXT + 0.05 * (weights + kv + working))


@pytest.fixture(scope="module")
def llama(real_catalog) -> Workload:
    w = real_catalog.workload("llama-3-8b")
    assert w.parameters == P
    return w


def test_bf16_serving_of_a_4096_token_prompt(llama):
    e = estimate_inference(llama, InferenceSetup(precision="bf16", batch=1, seq=4096))
    # 16,060,522,496 B of weights; 536,870,912 B of cache; 4,096 x 45,056 x 2 + 1,026,048 =
    # 370,124,800 B of working set; 512 MiB + 5 % of the three = 1,385,246,823 B.
    weights, kv, working = P * 2, _kv(4096), _working(4096)
    assert (e.weights, e.kv_cache, e.activations) == (weights, kv, working)
    assert e.framework == _framework(weights, kv, working) == 1_385_246_823
    assert e.total_bytes == weights + kv + working + 1_385_246_823
    assert (e.gradients, e.optimizer_state, e.trainable_parameters) == (0, 0, 0)
    assert (e.peak_phase, e.provenance, e.error_band) == ("prefill", "formula", 0.15)
    assert e.context_bytes == CONTEXT


@pytest.mark.parametrize(("precision", "weight_b", "kv_b", "act_b", "codes"), [
    # int4: 4 bits + an fp16 scale and offset per 128 weights; embeddings stay 16-bit.
    ("int4", (4 + 20 / 128) / 8, 2, 2, {"quantized-keep-16bit", "int4-group"}),
    # int8: one byte + a 16-bit scale per 4,096.
    ("int8", 1 + 2 / 4096, 2, 2, {"quantized-keep-16bit"}),
    ("fp8", 1, 2, 2, {"quantized-keep-16bit"}),
    # fp32 keeps everything, cache and working set included, in 4 bytes.
    ("fp32", 4, 4, 4, set()),
])
def test_precision_sets_every_term(llama, precision, weight_b, kv_b, act_b, codes):
    e = estimate_inference(llama, InferenceSetup(precision=precision, batch=2, seq=1024))
    embed_b = 4 if precision == "fp32" else 2
    weights = (P - EMBEDDINGS) * weight_b + EMBEDDINGS * embed_b
    assert e.weights == math.ceil(weights)
    assert e.kv_cache == _kv(1024, 2, kv_b)
    assert e.activations == _working(1024, 2, act_b)
    assert {n.code for n in e.notes} >= codes
    assert ("quantized-keep-16bit" in {n.code for n in e.notes}) == bool(codes)


def test_an_fp8_cache_under_bf16_weights(llama):
    e = estimate_inference(llama, InferenceSetup(precision="bf16", seq=2048, kv_precision="fp8"))
    assert e.kv_cache == _kv(2048, 1, 1)


def test_tensor_parallel_splits_weights_cache_and_work(llama):
    one = InferenceSetup(precision="bf16", batch=1, seq=4096)
    e = estimate_inference(llama, replace(one, gpus=2, strategy="tp"))
    # Two cards: half the weights, half the 8 KV heads, half the working set each.
    assert e.weights == P * 2 / 2 and e.kv_cache == _kv(4096) / 2
    assert e.activations == math.ceil(_working(4096) / 2)
    assert not any(n.code == "kv-replicated" for n in e.notes)
    # Sixteen cards: weights / 16, but 8 KV heads cannot be split 16 ways: each head is held
    # twice, so the cache divides by 8 only.
    e16 = estimate_inference(llama, replace(one, gpus=16, strategy="tp"))
    assert e16.weights == P * 2 / 16 and e16.kv_cache == _kv(4096) / 8
    assert ("kv-replicated", (("kv_heads", "8"),)) in {(n.code, n.params) for n in e16.notes}


def test_pipeline_and_sharded_serving(llama):
    one = InferenceSetup(precision="bf16", batch=1, seq=4096)
    pp = estimate_inference(llama, replace(one, gpus=4, strategy="pp"))
    # Pipeline stages hold a quarter of the layers: weights and cache divide, the working set
    # of the stage running does not.
    assert pp.weights == P * 2 / 4 and pp.kv_cache == _kv(4096) / 4
    assert pp.activations == _working(4096)
    fsdp = estimate_inference(llama, replace(one, gpus=4, strategy="fsdp"))
    assert fsdp.weights == P * 2 / 4 and fsdp.kv_cache == _kv(4096)
    ddp = estimate_inference(llama, replace(one, gpus=4, strategy="ddp"))
    assert ddp.weights == P * 2  # each replica holds the whole model


def test_moe_serving_holds_every_expert_and_works_two(real_catalog):
    w = real_catalog.workload("mixtral-8x7b")
    e = estimate_inference(w, InferenceSetup(precision="bf16", batch=1, seq=1024))
    assert e.weights == w.parameters * 2  # all 46.7 B parameters are held
    # A token goes through 2 experts of width 14,336: 1,024 x (2 x 2 x 14,336 + 4 x 4,096) x 2
    # plus the logits of a 32,000-entry vocabulary, 32,000 x 8.
    assert e.activations == 1024 * (2 * 2 * 14_336 + 4 * 4_096) * 2 + 32_000 * 8
    assert ("moe-all-experts", (("experts", "8"), ("active", "2"))) in {
        (n.code, n.params) for n in e.notes}


def test_a_cnn_is_served_from_its_measured_profile():
    profile = ActivationProfile(224, 100_000_000, 50_000_000,
                                inference_fp32_bytes_per_sample=10_000_000)
    cnn = Workload(id="cnn", name="A CNN", family="cnn", parameters=25_000_000,
                   sources=("hand-made",), image_size=224, profile=profile)
    e = estimate_inference(cnn, InferenceSetup(precision="fp16", batch=8, seq=448))
    # fp16 weights: 50,000,000 B; at 448 px four times the pixels of 224: 10 MB x 4 x 8
    # images x 0.5 (half precision) = 160,000,000 B; no cache.
    assert (e.weights, e.activations, e.kv_cache) == (50_000_000, 160_000_000, 0)
    assert (e.provenance, e.error_band) == ("measured-profile", 0.10)
    fp32 = estimate_inference(cnn, InferenceSetup(precision="fp32", batch=1, seq=224))
    assert (fp32.weights, fp32.activations) == (100_000_000, 10_000_000)
    # Without a measured no-grad peak: 6.36 % of the training forward's bytes (the SD-1.5
    # UNet's measured share), and the wider "rule" band.
    guessed = replace(cnn, profile=replace(profile, inference_fp32_bytes_per_sample=None))
    g = estimate_inference(guessed, InferenceSetup(precision="fp32", batch=1, seq=224))
    assert g.activations == round(100_000_000 * 0.0636)
    assert (g.provenance, g.error_band) == ("rule", 0.30)
    assert any(n.code == "inference-share-sd15" for n in g.notes)
    with pytest.raises(EstimateError, match="has no measured activation profile"):
        estimate_inference(replace(cnn, profile=None), InferenceSetup())
