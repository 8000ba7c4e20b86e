import pytest

from planner.core.memory import InferenceSetup, TrainingSetup
from planner.core.precision import EstimateError
from planner.core.speed import (
    DEFAULT_MFU,
    active_parameters,
    decode_speed,
    per_dollar,
    per_watt,
    training_flops_per_sample,
    training_speed,
)


def test_transformer_training_rate_is_6n_plus_attention_over_dense_peak(real_catalog):
    w = real_catalog.workload("llama-3-8b")
    h100 = real_catalog.gpu("nvidia-h100-sxm")
    seq = 2048
    per_token = 6 * w.parameters + 12 * w.layers * w.hidden * seq
    expected = h100.bf16_tensor_tflops * 1e12 * DEFAULT_MFU * 8 / (per_token * seq)
    s = training_speed(w, TrainingSetup(precision="amp-bf16", batch=4, seq=seq), h100, 8)
    assert s.samples_per_second == pytest.approx(expected, rel=1e-9)
    assert s.tokens_per_second == pytest.approx(expected * seq, rel=1e-9)
    assert s.compute_precision == "bf16"


def test_checkpointing_costs_a_third_more_compute(real_catalog):
    w = real_catalog.workload("gpt2-medium")
    plain = training_flops_per_sample(w, 1024, checkpointing=False)
    assert training_flops_per_sample(w, 1024, checkpointing=True) == pytest.approx(plain * 4 / 3)


def test_cnn_training_uses_measured_forward_flops_times_three(real_catalog):
    w = real_catalog.workload("resnet-50")
    assert training_flops_per_sample(w, 224, False) == 3 * w.profile.forward_flops_per_sample
    assert training_flops_per_sample(w, 448, False) == pytest.approx(
        12 * w.profile.forward_flops_per_sample)


def test_precision_the_card_lacks_is_refused(real_catalog):
    with pytest.raises(EstimateError, match="FP8"):
        training_speed(real_catalog.workload("bert-base"), TrainingSetup(precision="fp8"),
                       real_catalog.gpu("nvidia-a100-sxm4-80gb"), 1)


def test_decode_is_bandwidth_bound_for_one_sequence(real_catalog):
    w = real_catalog.workload("llama-3-8b")
    g = real_catalog.gpu("nvidia-rtx-4090")
    d = decode_speed(w, InferenceSetup(precision="bf16", batch=1, seq=1), g)
    # Every weight once except the input embedding table (a token reads one row of it), plus
    # one token's K and V.
    step_bytes = ((w.parameters - w.vocab * w.hidden) * 2
                  + 2 * w.layers * w.kv_head_count * w.head_dimension * 2)
    assert d.bound == "memory bandwidth"
    assert d.tokens_per_second == pytest.approx(g.memory_bandwidth_gbs * 1e9 * 0.8 / step_bytes,
                                                rel=0.01)
    # int4 weights read ~a quarter of the bytes: roughly 3× the tokens per second.
    q = decode_speed(w, InferenceSetup(precision="int4", batch=1, seq=1), g)
    assert 2.5 < q.tokens_per_second / d.tokens_per_second < 4


def test_moe_speed_counts_active_experts_only(real_catalog):
    w = real_catalog.workload("mixtral-8x7b")
    assert active_parameters(w) < w.parameters / 3


def test_value_per_money_and_watt():
    assert per_dollar(100.0, 2000.0) == pytest.approx(0.05)
    assert per_dollar(100.0, None) is None
    assert per_watt(300.0, 450.0) == pytest.approx(2 / 3)
