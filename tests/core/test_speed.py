"""Speed figures against hand-worked numbers and published ones (arithmetic in each test)."""

import pytest

from planner.core.memory import InferenceSetup, TrainingSetup
from planner.core.precision import EstimateError
from planner.core.speed import (
    active_parameters,
    decode_speed,
    per_dollar,
    per_watt,
    training_flops_per_sample,
    training_speed,
)


def test_llama3_8b_training_on_eight_h100(real_catalog):
    w = real_catalog.workload("llama-3-8b")
    h100 = real_catalog.gpu("nvidia-h100-sxm")
    # per token: 6 x 8,030,261,248 = 48,181,567,488 plus attention 12 x 32 x 4,096 x 2,048 =
    # 3,221,225,472, so 51,402,792,960 FLOPs; a 2,048-token sample 105,272,919,982,080 FLOPs.
    # 8 x 989.4 TFLOPS x 40 % = 3,166.08e12 FLOP/s -> 30.0752 samples/s, 61,594 tokens/s.
    s = training_speed(w, TrainingSetup(precision="amp-bf16", batch=4, seq=2048), h100, 8)
    assert s.samples_per_second == pytest.approx(30.0752, rel=1e-4)
    assert s.tokens_per_second == pytest.approx(61_594, rel=1e-4)
    assert s.compute_precision == "bf16"


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
