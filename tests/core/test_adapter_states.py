"""LoRA and QLoRA model states on Llama 3 8B, worked out byte by byte.

The states are checked as :func:`~planner.core.estimator.model_states.adapter_states` returns them,
before activations decide which moment of the step is the peak. Recipe (docs/estimation.md):
the frozen base in 16-bit (fp32 under an fp32 recipe), LLM.int8 or NF4 for the linear layers;
adapters rank x (in + out) in the adapter dtype (PEFT upcasts to fp32), with a gradient, the
optimizer's moments and the foreach step's temporary copy each.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from planner.core.estimator.memory import TrainingSetup, estimate_training
from planner.core.estimator.model_states import adapter_states
from planner.core.records.precision import EstimateError

P = 8_030_261_248
EMB = 2 * 128_256 * 4_096  # input table and untied LM head, kept 16-bit by quantizers
T = 13_631_488  # r16 on q, k, v, o of 32 layers (PEFT prints the same)
BASE = TrainingSetup(precision="bf16", optimizer="adamw", batch=1, seq=16, lora_rank=16)


@pytest.fixture(scope="module")
def llama(real_catalog):
    return real_catalog.workload("llama-3-8b")


def _states(w, setup):
    s = adapter_states(w, setup, P)
    return s.weights, s.grads, s.opt_state, s.temporaries


def test_lora_on_a_bf16_base(llama):
    # base 2 B a parameter + fp32 adapters 4 B; fp32 gradients; AdamW's two fp32 moments; one
    # parameter-sized fp32 temporary in the foreach step; nothing dequantized.
    assert _states(llama, BASE) == (P * 2 + T * 4, T * 4, T * 8, T * 4)
    s = adapter_states(llama, BASE, P)
    assert (s.master, s.framework, s.host, s.trainable, s.grads_at_once) == (0, 0, 0, T, True)
    e = estimate_training(llama, BASE)
    assert e.trainable_parameters == T and e.master_weights == 0
    assert e.weights == P * 2 + T * 4
    [lora] = [n for n in e.notes if n.code == "lora-adapters"]
    assert dict(lora.params) == {"rank": "16", "targets": "attention", "trainable": "13,631,488",
                                 "dtype": "fp32"}


def test_adapter_dtype_optimizer_and_step(llama):
    # torchtune keeps adapters in bf16: 2 B each for weights, gradients and temporaries.
    assert _states(llama, replace(BASE, adapter_dtype="bf16")) == (P * 2 + T * 2, T * 2, T * 4,
                                                                     T * 2)
    # an fp32 recipe freezes an fp32 base
    assert _states(llama, replace(BASE, precision="fp32"))[0] == P * 4 + T * 4
    # bitsandbytes: 1 B a moment + an fp32 absmax per 2,048; no foreach temporary.
    _, _, state, temp = _states(llama, replace(BASE, optimizer="adamw-8bit"))
    assert (state, temp) == (pytest.approx(T * 2 * (1 + 4 / 2048)), 0)
    # Adafactor's factored moments of the adapters: about 1 % of their bytes.
    assert _states(llama, replace(BASE, optimizer="adafactor"))[2] == pytest.approx(T * 4 * 0.01)
    assert _states(llama, replace(BASE, optimizer_impl="fused"))[3] == 0
    # A per-tensor step holds one tensor's copy at a time; the optimizer in backward one
    # gradient. Llama's largest tensor (the 128,256 x 4,096 embedding) outsizes all 13.6 M
    # adapter parameters together, so both still come to every adapter's worth.
    assert _states(llama, replace(BASE, optimizer_impl="per-tensor"))[3] == T * 4
    in_backward = adapter_states(llama, replace(BASE, optimizer_in_backward=True), P)
    assert (in_backward.grads, in_backward.grads_at_once) == (T * 4, False)


@pytest.mark.parametrize(("double", "bits", "per_weight"), [
    # NF4 with double quantization: 4 + 8/64 + 32/(64 x 256) bits = 4.127.
    (True, "4.127", (4 + 8 / 64 + 32 / (64 * 256)) / 8),
    # Without it an fp32 absmax per block of 64: 4 + 32/64 = 4.5 bits.
    (False, "4.500", (4 + 32 / 64) / 8),
])
def test_qlora_base(llama, double, bits, per_weight):
    e = estimate_training(llama, replace(BASE, qlora=True, double_quant=double))
    assert e.weights == pytest.approx((P - EMB) * per_weight + EMB * 2 + T * 4, abs=1)
    # One linear weight dequantized to 16-bit at a time: 4,096 x 14,336 x 2 B.
    assert adapter_states(llama, replace(BASE, qlora=True), P).framework == 4096 * 14_336 * 2
    [base] = [n for n in e.notes if n.code == "qlora-base"]
    assert dict(base.params) == {"bits": bits, "quant": "double" if double else "single"}


def test_an_int8_base(llama):
    e = estimate_training(llama, replace(BASE, int8_base=True))
    # LLM.int8: one byte a weight and a 16-bit scale per 4,096; embeddings 16-bit.
    assert e.weights == pytest.approx((P - EMB) * (1 + 2 / 4096) + EMB * 2 + T * 4, abs=1)
    assert any(n.code == "int8-base" for n in e.notes)
    assert adapter_states(llama, replace(BASE, int8_base=True), P).framework == 4096 * 14_336 * 2


def test_adapters_refuse_nonsense(real_catalog, llama):
    with pytest.raises(EstimateError, match=r"^LoRA rank must be at least 1 \(got -4\)\.$"):
        estimate_training(llama, replace(BASE, lora_rank=-4))
    with pytest.raises(EstimateError, match=r"^Adapter dtype must be one of fp32, bf16, fp16"):
        estimate_training(llama, replace(BASE, adapter_dtype="int4"))
    resnet = real_catalog.workload("resnet-50")
    from planner.core.estimator.model_states import base_weight_bytes

    with pytest.raises(EstimateError, match="An 8-bit base quantizes a transformer's linear "
                                            "layers, and ResNet-50 is a cnn model"):
        base_weight_bytes(resnet, TrainingSetup(int8_base=True, lora_rank=8), resnet.parameters)
