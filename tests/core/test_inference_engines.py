"""Serving knobs: int4's quantization group and the generating loop's cache, worked by hand.

Llama 3 8B (catalog): 8,030,261,248 parameters, of which the embedding and the untied LM head
are 2 x 128,256 x 4,096 = 1,050,673,152; 32 layers, 8 KV heads of 128, MLP 14,336.
"""

import pytest

from planner.core.estimator.inference_memory import int4_bytes
from planner.core.estimator.memory import InferenceSetup, estimate_inference
from planner.core.estimator.speed import decode_speed
from planner.core.records.precision import QUANTIZATION_BYTES, EstimateError

LINEAR = 8_030_261_248 - 1_050_673_152  # 6,979,588,096 quantized weights


@pytest.mark.parametrize(("group", "bits"), [(32, 4.625), (64, 4.3125), (128, 4.15625),
                                             (0, 4.0)])
def test_int4_bits_by_group(group, bits):
    # GPTQ/AWQ: 4 bits + one fp16 scale and one 4-bit zero per group: 4 + 20/g bits.
    assert int4_bytes(group) * 8 == bits


def test_group_128_is_the_catalogs_int4():
    assert int4_bytes(128) == QUANTIZATION_BYTES["int4"]


def test_smaller_groups_weigh_more(real_catalog):
    w = real_catalog.workload("llama-3-8b")
    g128 = estimate_inference(w, InferenceSetup(precision="int4"))
    g32 = estimate_inference(w, InferenceSetup(precision="int4", group_size=32))
    # (4.625 - 4.15625) / 8 = 15/256 more bytes per quantized weight:
    # 6,979,588,096 x 15 / 256 = 408,960,240 bytes.
    assert g32.weights - g128.weights == 408_960_240
    assert "int4-group" in [n.code for n in g32.notes]
    assert dict(next(n for n in g32.notes if n.code == "int4-group").params)["bits"] == "4.62"
    # Decoding reads every weight once a step: the heavier weights decode more slowly.
    gpu = real_catalog.gpu("nvidia-rtx-4090")
    assert (decode_speed(w, InferenceSetup(precision="int4", group_size=32), gpu).tokens_per_second
            < decode_speed(w, InferenceSetup(precision="int4"), gpu).tokens_per_second)


def test_legacy_cache_holds_two_copies_and_the_prompts_logits(real_catalog):
    w = real_catalog.workload("llama-3-8b")
    # bf16, batch 8 x 2,048 tokens. KV: 2 x 32 x 8 x 128 x 2,048 x 8 x 2 B = 2,147,483,648.
    # The prompt's logits: 8 x 2,048 x 128,256 x (2 B bf16 + 4 B fp32 upcast) = 12,608,077,824.
    # Prefill's layer activations: 16,384 x (2 x 14,336 + 4 x 4,096) x 2 B = 1,476,395,008,
    # smaller than the cache, so decoding (two cache copies) is the peak.
    legacy = estimate_inference(w, InferenceSetup(batch=8, seq=2048, cache="legacy"))
    assert (legacy.kv_cache, legacy.logits, legacy.peak_phase) == (
        2 * 2_147_483_648, 12_608_077_824, "decode")
    assert "legacy-cache" in [n.code for n in legacy.notes]
    current = estimate_inference(w, InferenceSetup(batch=8, seq=2048))
    assert (current.kv_cache, current.logits, current.peak_phase) == (
        2_147_483_648, 0, "prefill")
    # ... and the current loop keeps only the last position's logits (8 x 128,256 x 8 B).
    assert current.activations == 1_476_395_008 + 8 * 128_256 * 8


def test_legacy_prefill_is_the_peak_when_the_cache_is_small(real_catalog):
    # DeepSeek-V2-Lite caches a 512 + 64 latent per token per layer (multi-head latent
    # attention), less than a prefill layer's activations: one cache copy, the prompt's logits
    # 2 x 512 x 102,400 x 6 B = 629,145,600 beside the activations.
    w = real_catalog.workload("deepseek-v2-lite")
    legacy = estimate_inference(w, InferenceSetup(batch=2, seq=512, cache="legacy"))
    current = estimate_inference(w, InferenceSetup(batch=2, seq=512))
    assert legacy.peak_phase == "prefill" and legacy.kv_cache == current.kv_cache
    assert legacy.logits == 629_145_600
    # The current loop's last-position logits (2 x 102,400 x 8 B) are not in the legacy moment.
    assert current.activations - legacy.activations == 2 * 102_400 * 8


@pytest.mark.parametrize(("setup", "message"), [
    (InferenceSetup(cache="paged"), r"^Cache must be one of dynamic, legacy \(got 'paged'\)\.$"),
    (InferenceSetup(precision="int4", group_size=100),
     r"^Quantization group size must be 0 \(per channel\) or a multiple of 8 from 8 to 8,192 "
     r"\(got 100\)\.$"),
    (InferenceSetup(group_size=-8), r"^Quantization group size must be"),
])
def test_bad_serving_knobs_are_one_sentence(real_catalog, setup, message):
    with pytest.raises(EstimateError, match=message):
        estimate_inference(real_catalog.workload("llama-3-8b"), setup)
