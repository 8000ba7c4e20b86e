from dataclasses import replace

import pytest

from planner.core.memory import (
    CUDA_CONTEXT_BYTES,
    InferenceSetup,
    TrainingSetup,
    estimate_inference,
    estimate_training,
    kv_cache_bytes,
    lora_parameters,
    rule_of_thumb_bytes,
)
from planner.core.precision import QUANTIZATION_BYTES, EstimateError
from planner.core.speed import active_parameters

GIB = 1024**3


def wl(catalog, wid):
    w = catalog.workload(wid)
    assert w is not None, wid
    return w


def test_fp32_sgd_holds_weights_and_gradients_only(real_catalog):
    w = wl(real_catalog, "resnet-50")
    e = estimate_training(w, TrainingSetup(precision="fp32", optimizer="sgd", batch=1, seq=224))
    p = w.parameters
    # Tiny batch: the optimizer step (weights + gradients) is the peak.
    assert e.peak_phase == "optimizer"
    assert e.weights == 4 * p and e.gradients == 4 * p and e.optimizer == 0


def test_amp_adam_counts_master_weights_under_optimizer_as_zero_paper(real_catalog):
    w = wl(real_catalog, "gpt2-small")
    p = w.parameters
    e = estimate_training(w, TrainingSetup(precision="amp-bf16", optimizer="adamw", batch=1,
                                           seq=16))
    # Step: fp32 grads (4P), fp32 master (4P) + two moments (8P) + foreach temporary (4P).
    assert e.peak_phase == "optimizer"
    assert e.gradients == 4 * p
    assert e.optimizer == 16 * p
    # The rule of thumb ignores the temporary and activations.
    assert rule_of_thumb_bytes(p) == 16 * p


def test_large_batch_peaks_in_backward_with_activations(real_catalog):
    w = wl(real_catalog, "gpt2-small")
    e = estimate_training(w, TrainingSetup(precision="fp32", batch=8, seq=1024))
    assert e.peak_phase == "backward"
    assert e.activations > e.weights * 5
    assert e.total_bytes == sum(e.breakdown().values())


def test_activations_grow_with_batch_and_shrink_with_checkpointing_and_flash(real_catalog):
    w = wl(real_catalog, "llama-3-8b")
    base = TrainingSetup(batch=2, seq=2048, attention="eager")
    a = estimate_training(w, base).activations
    assert estimate_training(w, replace(base, batch=4)).activations > 1.9 * a
    assert estimate_training(w, replace(base, checkpointing=True)).activations < a / 3
    assert estimate_training(w, replace(base, attention="flash")).activations < a


def test_sharding_divides_model_states(real_catalog):
    w = wl(real_catalog, "llama-3-8b")
    one = estimate_training(w, TrainingSetup(batch=1, seq=512))
    z3 = estimate_training(w, TrainingSetup(batch=1, seq=512, gpus=8, strategy="zero3"))
    z1 = estimate_training(w, TrainingSetup(batch=1, seq=512, gpus=8, strategy="zero1"))
    ddp = estimate_training(w, TrainingSetup(batch=1, seq=512, gpus=8, strategy="ddp"))
    assert z3.total_bytes < z1.total_bytes < one.total_bytes < ddp.total_bytes
    assert z3.total_bytes < one.total_bytes / 5


def test_qlora_fits_8b_in_a_consumer_card(real_catalog):
    w = wl(real_catalog, "llama-3-8b")
    full = estimate_training(w, TrainingSetup(batch=1, seq=2048))
    q = estimate_training(w, TrainingSetup(batch=1, seq=2048, qlora=True, lora_rank=16,
                                           checkpointing=True))
    assert full.total_bytes > 100 * GIB
    assert q.total_bytes < 16 * GIB
    assert q.trainable_parameters == lora_parameters(w, 16)
    assert q.trainable_parameters < w.parameters / 100


def test_kv_cache_uses_kv_heads_not_hidden_size(real_catalog):
    w = wl(real_catalog, "llama-3-70b")
    # 2 (K and V) × 80 layers × 8 KV heads × 128 head dim × 8192 tokens × 2 bytes = 2.5 GiB.
    assert kv_cache_bytes(w, 1, 8192, 2) == 2 * 80 * 8 * 128 * 8192 * 2 == int(2.5 * GIB)
    e = estimate_inference(w, InferenceSetup(precision="bf16", batch=1, seq=8192))
    assert e.kv_cache == int(2.5 * GIB)


def test_int4_weights_include_group_scales(real_catalog):
    w = wl(real_catalog, "llama-2-7b")
    assert QUANTIZATION_BYTES["int4"] * 8 == pytest.approx(4.156, abs=0.01)
    e = estimate_inference(w, InferenceSetup(precision="int4", seq=1))
    assert 3.4 * GIB < e.weights < 4.2 * GIB


def test_moe_memory_counts_every_expert_and_speed_only_active(real_catalog):
    w = wl(real_catalog, "mixtral-8x7b")
    e = estimate_inference(w, InferenceSetup(precision="bf16", seq=1))
    assert e.weights >= 2 * w.parameters * 0.99
    active = active_parameters(w)
    assert 12.0e9 < active < 13.5e9  # Mistral AI: 12.9B active of 46.7B


def test_inference_over_tp_splits_weights_and_warns_on_few_kv_heads(real_catalog):
    w = wl(real_catalog, "llama-3-70b")
    one = estimate_inference(w, InferenceSetup(precision="bf16", seq=4096))
    tp16 = estimate_inference(w, InferenceSetup(precision="bf16", seq=4096, gpus=16))
    assert tp16.weights == pytest.approx(one.weights / 16, rel=1e-6)
    assert any("replicated" in n for n in tp16.notes)


def test_overhead_is_stated_context_plus_slack(real_catalog):
    w = wl(real_catalog, "bert-base")
    e = estimate_training(w, TrainingSetup(batch=8, seq=128))
    assert e.overhead >= CUDA_CONTEXT_BYTES
    assert e.total_bytes - e.tensor_bytes == e.overhead


@pytest.mark.parametrize("setup", [TrainingSetup(batch=0), TrainingSetup(batch=-2),
                                   TrainingSetup(seq=0), TrainingSetup(precision="fp64"),
                                   TrainingSetup(optimizer="rmsprop"),
                                   TrainingSetup(gpus=0), TrainingSetup(strategy="magic"),
                                   TrainingSetup(accumulation=0)])
def test_nonsense_training_input_is_one_sentence(real_catalog, setup):
    with pytest.raises(EstimateError) as err:
        estimate_training(wl(real_catalog, "bert-base"), setup)
    msg = str(err.value)
    assert "\n" not in msg and msg.endswith(".")


def test_cnn_uses_measured_profile_scaled_by_area(real_catalog):
    w = wl(real_catalog, "resnet-50")
    a224 = estimate_training(w, TrainingSetup(precision="fp32", batch=32, seq=224)).activations
    a448 = estimate_training(w, TrainingSetup(precision="fp32", batch=32, seq=448)).activations
    assert a448 == pytest.approx(4 * a224, rel=1e-6)
    assert a224 == pytest.approx(32 * w.profile.fp32_bytes_per_sample, rel=1e-6)


def test_unet_without_measured_inference_uses_sd15_share_with_rule_band(real_catalog):
    w = wl(real_catalog, "unet-sdxl")
    assert w.profile.inference_fp32_bytes_per_sample is None
    e = estimate_inference(w, InferenceSetup(precision="fp16", batch=1, seq=1024))
    assert e.provenance == "rule" and e.error_band == 0.30
    expected = round(w.profile.fp32_bytes_per_sample * 0.0636) * 16 * 0.5
    assert e.activations == pytest.approx(expected, rel=1e-6)
