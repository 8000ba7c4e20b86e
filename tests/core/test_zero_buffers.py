"""DeepSpeed ZeRO's own buffers, worked by hand from DeepSpeed's code and its default knobs.

Defaults as ``deepspeed/runtime/zero/config.py`` sets them: ``reduce_bucket_size`` 5e8,
``stage3_prefetch_bucket_size`` 5e7, ``stage3_max_live_parameters`` 1e9,
``stage3_max_reuse_distance`` 1e9, ``sub_group_size`` 1e9, ``overlap_comm`` off for stage 2.
"""

from dataclasses import replace

import pytest

from planner.core.estimator.memory import estimate_training
from planner.core.estimator.model_states import States
from planner.core.estimator.setups import TrainingSetup
from planner.core.estimator.zero_buffers import deepspeed_buffers
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Workload

GPT2_SMALL = 124_439_808  # parameters (tests/core/test_memory.py, transformers' count)

W = Workload(id="toy", name="Toy", family="decoder", parameters=1_000_000, layers=10,
             sources=(), hidden=100, heads=4, intermediate=400, vocab=1000, context=512)
S = States(weights=2e6, weights_fwd_only=0.0, master=4e6, grads=2e6, opt_state=8e6,
           temporaries=0.0, framework=0.0, host=0.0, trainable=1_000_000, grads_at_once=True)


def test_the_defaults_are_deepspeeds():
    s = TrainingSetup()
    assert (s.reduce_bucket_size, s.prefetch_bucket_size, s.max_live_parameters,
            s.max_reuse_distance, s.sub_group_size, s.overlap_comm) == (
        500_000_000, 50_000_000, 1_000_000_000, 1_000_000_000, 1_000_000_000, False)


def test_zero3_on_one_gpu_small_model(real_catalog):
    # GPT-2 small, amp-bf16, ZeRO-3 on one GPU. The 16-bit reduce bucket: 5e8 x 2 B = 1e9 B.
    # Reuse distance 1e9 / 2 = 5e8 elements > the whole model, so every parameter stays gathered
    # at the turn from forward to backward: 124,439,808 x 2 B = 248,879,616 B. Framework without
    # the CUDA context and allocator slack: 1,000,000,000 + 248,879,616 = 1,248,879,616 B.
    w = real_catalog.workload("gpt2-small")
    e = estimate_training(w, TrainingSetup(batch=1, seq=128, strategy="zero3",
                                           optimizer_impl="fused"))
    assert e.framework - e.context_bytes - e.slack_bytes == 1_248_879_616
    assert "deepspeed-buffers" in [n.code for n in e.notes]
    # The step's fp32 copy of the (whole, one sub-group) gradient partition: 4 x 124,439,808.
    assert e.peak_phase == "optimizer" and e.optimizer_temporaries == 4 * GPT2_SMALL


def test_zero3_reuse_and_prefetch_knobs():
    # 1e6 parameters over 10 layers: a unit is the larger of 1e5 and the largest tensor
    # (1,000 x 100 embedding = 1e5, the 400 x 100 MLP matrices 4e4) = 1e5 elements.
    setup = TrainingSetup(strategy="zero3", gpus=4, reduce_bucket_size=0,
                          max_reuse_distance=0, prefetch_bucket_size=0)
    out = deepspeed_buffers(S, W, setup, 1_000_000, 2.0, 2.0)
    assert out.framework == 100_000 * 2  # one unit gathered, no bucket, nothing prefetched
    # Reuse distance 400,000 keeps 200,000 elements; prefetch 50,000 more, under max live.
    out = deepspeed_buffers(S, W, replace(setup, max_reuse_distance=400_000,
                                          prefetch_bucket_size=50_000), 1_000_000, 2.0, 2.0)
    assert out.framework == 250_000 * 2
    # Max live 220,000 leaves room to prefetch only 20,000 beyond the 200,000 kept.
    out = deepspeed_buffers(S, W, replace(setup, max_reuse_distance=400_000,
                                          prefetch_bucket_size=50_000,
                                          max_live_parameters=220_000), 1_000_000, 2.0, 2.0)
    assert out.framework == 220_000 * 2


def test_step_copies_one_sub_group_of_fp32_gradients():
    # 1e6 trained parameters over 4 GPUs: a 250,000-element partition; fp32 copy 1,000,000 B,
    # or with sub_group_size 1e5 only 400,000 B at a time.
    setup = TrainingSetup(strategy="zero3", gpus=4)
    assert deepspeed_buffers(S, W, setup, 1_000_000, 2.0, 2.0).temporaries == 1_000_000
    small = replace(setup, sub_group_size=100_000)
    assert deepspeed_buffers(S, W, small, 1_000_000, 2.0, 2.0).temporaries == 400_000
    # The optimizer on the CPU (ZeRO-Offload) steps there: no fp32 copy on the GPU.
    offl = replace(setup, offload="optimizer")
    assert deepspeed_buffers(S, W, offl, 1_000_000, 2.0, 2.0).temporaries == 0


def test_stage_two_buckets_double_with_overlap_comm():
    # Stage 2: one 5e8-element 16-bit bucket (1e9 B), two with overlap_comm; stage 1 none.
    z2 = TrainingSetup(strategy="zero2", gpus=2)
    assert deepspeed_buffers(S, W, z2, 1_000_000, 2.0, 2.0).framework == 1e9
    assert deepspeed_buffers(S, W, replace(z2, overlap_comm=True), 1_000_000, 2.0,
                             2.0).framework == 2e9
    assert deepspeed_buffers(S, W, replace(z2, strategy="zero1"), 1_000_000, 2.0,
                             2.0).framework == 0


def test_other_strategies_are_untouched():
    for strategy in ("ddp", "fsdp", "tp", "pp"):
        setup = TrainingSetup(strategy=strategy, gpus=2)
        assert deepspeed_buffers(S, W, setup, 1_000_000, 2.0, 2.0) is S


@pytest.mark.parametrize("value", [-1, 1.5, "big"])
def test_a_bad_knob_is_one_sentence(real_catalog, value):
    w = real_catalog.workload("gpt2-small")
    with pytest.raises(EstimateError, match=r"^DeepSpeed's reduce_bucket_size must be a whole "
                                            r"number of elements, 0 or more \(got .*\)\.$"):
        estimate_training(w, TrainingSetup(strategy="zero3", reduce_bucket_size=value))
