"""Speed figures against hand-worked numbers and published ones (arithmetic in each test)."""

import pytest

from planner.core.estimator.memory import InferenceSetup, TrainingSetup
from planner.core.estimator.speed import (
    active_parameters,
    decode_speed,
    per_dollar,
    per_watt,
    training_flops_per_sample,
    training_speed,
)
from planner.core.records.precision import EstimateError


def test_llama3_8b_training_on_eight_h100(real_catalog):
    w = real_catalog.workload("llama-3-8b")
    h100 = real_catalog.gpu("nvidia-h100-sxm")
    # per token: 6 x 8,030,261,248 = 48,181,567,488 plus attention 12 x 32 x 4,096 x 2,048 =
    # 3,221,225,472, so 51,402,792,960 FLOPs; a 2,048-token sample 105,272,919,982,080 FLOPs.
    # One GPU's micro-batch of 4: 4 x 105.27e12 / (989.4 TFLOPS x 40 %) = 1.064008 s, of which
    # backward is 2/3 = 0.709338 s. DDP all-reduces the fp32 gradients (8,030,261,248 x 4 =
    # 32,121,044,992 B) over NVLink 4 (900 / 2 = 450 GB/s a direction x 0.80 = 360 GB/s bus):
    # 2 x 7/8 x 32.12e9 / 360e9 = 0.156144 s + 1,226 buckets x 12 us = 0.170856 s, hidden behind
    # backward but for the last 25 MiB bucket: 2 x 7/8 x 26,214,400 / 360e9 + 12 us = 0.139 ms.
    # A step of 32 samples takes 1.064147 s: 30.0710 samples/s, 61,585 tokens/s (the GPUs'
    # compute alone would give 30.0752).
    s = training_speed(w, TrainingSetup(precision="amp-bf16", batch=4, seq=2048), h100, 8)
    assert s.samples_per_second == pytest.approx(30.0710, rel=1e-5)
    assert s.tokens_per_second == pytest.approx(61_585, rel=1e-5)
    assert s.compute_precision == "bf16"
    assert s.link is not None and s.link.name == "NVLink 4"
    assert s.waiting_share == pytest.approx(0.000139431 / 1.064147, rel=1e-3)


def test_checkpointing_adds_one_forward(real_catalog):
    w = real_catalog.workload("gpt2-medium")
    # forward 2N + backward 4N per token; recomputing the forward adds 2N: 8/6 = 4/3.
    assert (training_flops_per_sample(w, 1024, True)
            / training_flops_per_sample(w, 1024, False)) == pytest.approx(4 / 3)


def test_mixtral_active_parameters_match_mistral_ai(real_catalog):
    w = real_catalog.workload("mixtral-8x7b")
    # 46,702,792,704 in all; 6 of 8 experts idle per token: 6 x 3 x 4,096 x 14,336 x 32 layers
    # = 33,822,867,456 -> 12,879,925,248 active (Mistral AI: "12.9B active parameters").
    assert active_parameters(w) == 12_879_925_248
    # So a Mixtral token costs 6 x 12.88e9 FLOPs, about a 13B dense model's, not 6 x 46.7e9.
    dense_equivalent = 6 * 12_879_925_248 + 12 * 32 * 4096 * 4096
    assert training_flops_per_sample(w, 4096, False) == pytest.approx(dense_equivalent * 4096)


def test_decode_is_bandwidth_bound_for_one_sequence(real_catalog):
    w = real_catalog.workload("llama-3-8b")
    g = real_catalog.gpu("nvidia-rtx-4090")
    d = decode_speed(w, InferenceSetup(precision="bf16", batch=1, seq=1), g)
    # every bf16 weight but the input embedding table: (8,030,261,248 - 525,336,576) x 2 =
    # 15,009,849,344 B, plus one token's K and V: 2 x 32 x 8 x 128 x 2 = 131,072 B;
    # 1,008 GB/s x 80 % / 15,009,980,416 B = 53.72 tokens/s.
    assert d.bound == "memory bandwidth"
    assert d.tokens_per_second == pytest.approx(53.72, rel=1e-3)


def test_cnn_training_uses_measured_forward_flops(real_catalog):
    w = real_catalog.workload("resnet-50")
    # ResNet-50's forward measured at 224 px: 4.09 GMACs per image is the published figure
    # (torchvision docs: 4.09 GFLOPS as multiply-adds); x 2 FLOPs x 3 (fwd + bwd).
    assert training_flops_per_sample(w, 224, False) == pytest.approx(3 * 2 * 4.09e9, rel=0.02)


def test_precision_the_card_lacks_is_refused(real_catalog):
    with pytest.raises(EstimateError, match="FP8"):
        training_speed(real_catalog.workload("bert-base"), TrainingSetup(precision="fp8"),
                       real_catalog.gpu("nvidia-a100-sxm4-80gb"), 1)


def test_value_per_money_and_watt():
    assert per_dollar(100.0, 2000.0) == pytest.approx(0.05)
    assert per_dollar(100.0, None) is None
    assert per_watt(300.0, 450.0) == pytest.approx(2 / 3)


# --- decode: what bounds it, over how many cards, at which precision (arithmetic in each test) ---

LLAMA3_8B = 8_030_261_248
EMBEDDING = 128_256 * 4_096  # 525,336,576: the input table; the untied LM head is as large
KV_PER_TOKEN_FP16 = 2 * 32 * 8 * 128 * 2  # K and V, 32 layers, 8 KV heads of 128: 131,072 B
RTX4090_DECODE_BW = 1008e9 * 0.8  # 80 % of 1,008 GB/s


def test_a_large_batch_decodes_at_the_compute_limit(real_catalog):
    w, g = real_catalog.workload("llama-3-8b"), real_catalog.gpu("nvidia-rtx-4090")
    d = decode_speed(w, InferenceSetup(precision="bf16", batch=256, seq=1), g)
    # Reading: (8,030,261,248 - 525,336,576) x 2 B of weights + 256 x 131,072 B of cache
    # = 15,043,403,776 B per step at 806.4 GB/s: 18.7 ms. Computing: 2 x 8,030,261,248 x 256 =
    # 4.111e12 FLOPs at 165.2 TFLOPS x 40 %: 62.2 ms. Compute binds: 256 / 62.2 ms.
    read_s = ((LLAMA3_8B - EMBEDDING) * 2 + 256 * KV_PER_TOKEN_FP16) / RTX4090_DECODE_BW
    compute_s = 2 * LLAMA3_8B * 256 / (165.2e12 * 0.4)
    assert read_s < compute_s
    assert d.bound == "compute"
    assert d.tokens_per_second == pytest.approx(256 / compute_s, rel=1e-9)


def test_tensor_parallel_decode_reads_each_card_s_share(real_catalog):
    w, g = real_catalog.workload("llama-3-8b"), real_catalog.gpu("nvidia-rtx-4090")
    one = InferenceSetup(precision="bf16", batch=1, seq=1)
    # Two cards each stream half the bytes at their own bandwidth: twice the single card's rate,
    # 2 x 806.4e9 / 15,009,980,416 B = 107.45 tokens/s.
    step_bytes = (LLAMA3_8B - EMBEDDING) * 2 + KV_PER_TOKEN_FP16
    assert decode_speed(w, one, g, 2).tokens_per_second == pytest.approx(
        2 * RTX4090_DECODE_BW / step_bytes, rel=1e-9)
    # Compute-bound, two cards also halve the time: 2 x 66.08 TFLOPS.
    big = InferenceSetup(precision="bf16", batch=512, seq=1)
    assert decode_speed(w, big, g, 2).tokens_per_second == pytest.approx(
        512 / (2 * LLAMA3_8B * 512 / (2 * 165.2e12 * 0.4)), rel=1e-9)


@pytest.mark.parametrize(("precision", "weight_b", "head_b", "kv_b"), [
    # int4 with an fp16 scale and offset per 128 weights: (4 + 20/128) / 8 B; the LM head and
    # the cache stay 16-bit.
    ("int4", (4 + 20 / 128) / 8, 2, 2),
    # int8 with a 16-bit scale per 4,096: 1 + 2/4096 B; head and cache 16-bit.
    ("int8", 1 + 2 / 4096, 2, 2),
    # fp32 serving keeps every weight, the LM head too, and the cache in 4 bytes.
    ("fp32", 4, 4, 4),
])
def test_decode_bytes_per_precision(real_catalog, precision, weight_b, head_b, kv_b):
    w, g = real_catalog.workload("llama-3-8b"), real_catalog.gpu("nvidia-rtx-4090")
    d = decode_speed(w, InferenceSetup(precision=precision, batch=1, seq=1), g)
    # The LM head is one of the two embedding-sized matrices; the input table is never read.
    step_bytes = ((LLAMA3_8B - 2 * EMBEDDING) * weight_b + EMBEDDING * head_b
                  + 2 * 32 * 8 * 128 * kv_b)
    assert d.bound == "memory bandwidth"
    assert d.tokens_per_second == pytest.approx(RTX4090_DECODE_BW / step_bytes, rel=1e-9)


def test_an_fp8_cache_halves_the_cache_bytes(real_catalog):
    w, g = real_catalog.workload("llama-3-8b"), real_catalog.gpu("nvidia-rtx-4090")
    # 4,096 cached tokens x 131,072 B = 536,870,912 B in fp16, 268,435,456 B in fp8.
    weights = (LLAMA3_8B - EMBEDDING) * 2
    fp8 = decode_speed(w, InferenceSetup(precision="bf16", batch=1, seq=4096,
                                         kv_precision="fp8"), g)
    assert fp8.tokens_per_second == pytest.approx(
        RTX4090_DECODE_BW / (weights + 4096 * KV_PER_TOKEN_FP16 / 2), rel=1e-9)


def test_a_card_without_any_throughput_figure_is_compute_bound_at_zero(real_catalog):
    from dataclasses import replace

    w = real_catalog.workload("llama-3-8b")
    bare = replace(real_catalog.gpu("nvidia-rtx-4090"), fp32_tflops=None, fp16_tensor_tflops=None,
                   bf16_tensor_tflops=None, fp8_tensor_tflops=None, int8_tensor_tops=None)
    d = decode_speed(w, InferenceSetup(precision="bf16", batch=1, seq=1), bare)
    assert (d.tokens_per_second, d.bound) == (0.0, "compute")
    # Only FP32 on record: the compute limit uses it (82.6 TFLOPS x 40 %).
    fp32_only = replace(bare, fp32_tflops=82.6)
    big = decode_speed(w, InferenceSetup(precision="bf16", batch=512, seq=1), fp32_only)
    assert big.tokens_per_second == pytest.approx(512 / (2 * LLAMA3_8B * 512 / (82.6e12 * 0.4)))


def test_models_that_do_not_generate_have_no_decode_speed(real_catalog):
    g = real_catalog.gpu("nvidia-rtx-4090")
    with pytest.raises(EstimateError,
                       match=r"^'BERT-base \(uncased\)' does not generate tokens\.$"):
        decode_speed(real_catalog.workload("bert-base"), InferenceSetup(), g)
    with pytest.raises(EstimateError, match="does not generate tokens"):
        decode_speed(real_catalog.workload("resnet-50"), InferenceSetup(), g)
    # T5 decodes: an encoder-decoder generates its output.
    assert decode_speed(real_catalog.workload("t5-base"), InferenceSetup(seq=512),
                        g).tokens_per_second > 0


def test_a_training_step_and_its_seconds(real_catalog):
    w, g = real_catalog.workload("llama-3-8b"), real_catalog.gpu("nvidia-rtx-4090")
    s = training_speed(w, TrainingSetup(precision="amp-bf16", batch=2, accumulation=4, seq=1024),
                       g, 1)
    # Per token: 6 x 8,030,261,248 + 12 x 32 x 4,096 x 1,024 = 49,792,180,224 FLOPs; a
    # 1,024-token sample 50,987,192,549,376 FLOPs; 165.2e12 x 0.4 / that = 1.29597 samples/s;
    # a step of 2 x 4 = 8 samples takes 6.1730 s.
    per_sample = (6 * LLAMA3_8B + 12 * 32 * 4096 * 1024) * 1024
    rate = 165.2e12 * 0.4 / per_sample
    assert s.samples_per_second == pytest.approx(rate, rel=1e-9)
    assert s.tokens_per_second == pytest.approx(rate * 1024, rel=1e-9)
    assert s.seconds_per_step == pytest.approx(8 / rate, rel=1e-9)
    # A CNN has no tokens; its FLOPs grow with the image's area: 448 px is 4 x 224 px.
    r = real_catalog.workload("resnet-50")
    assert training_flops_per_sample(r, 448, False) == pytest.approx(
        4 * training_flops_per_sample(r, 224, False))
    cnn = training_speed(r, TrainingSetup(precision="amp-bf16", batch=32, seq=224), g, 1)
    assert cnn.tokens_per_second is None


def test_moe_active_parameters_leave_out_dense_layers(real_catalog):
    w = real_catalog.workload("deepseek-v2-lite")
    # DeepSeek-V2-Lite (config.json): 27 layers, the first a dense MLP (first_k_dense_replace
    # 1); the other 26 route each token to 6 of 64 experts of width 1,408 over hidden 2,048.
    # Idle per token: 58 experts x 3 x 2,048 x 1,408 x 26 layers = 13,045,334,016 of the
    # 15,706,484,224 parameters, leaving 2,661,150,208 active (2.45 B without the input
    # embedding's 209,715,200; DeepSeek: "2.4B activated").
    assert active_parameters(w) == 15_706_484_224 - 58 * 3 * 2048 * 1408 * 26


def test_a_frozen_base_skips_the_weights_gradients(real_catalog):
    # Llama-2 7B (6,738,415,616 parameters, 32 layers of 4,096), 2,048 tokens. Attention's
    # score matmuls: 12 x 32 x 4,096 x 2,048 = 3,221,225,472 FLOPs per token. Full fine-tuning
    # 6 per parameter, a frozen base (LoRA/QLoRA) 4: forward 2 + the activations' gradients 2.
    w = real_catalog.workload("llama-2-7b")
    n, attention, tokens = 6_738_415_616, 3_221_225_472, 2048
    assert training_flops_per_sample(w, tokens, False, frozen_base=True) == pytest.approx(
        (4 * n + attention) * tokens)
    assert training_flops_per_sample(w, tokens, False) == pytest.approx(
        (6 * n + attention) * tokens)
    # Checkpointing recomputes one forward: 4 + 2 = 6 per parameter, attention x 4/3.
    assert training_flops_per_sample(w, tokens, True, frozen_base=True) == pytest.approx(
        (6 * n + attention * 4 / 3) * tokens)
