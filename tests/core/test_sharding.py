"""How model states divide over GPUs, worked on round numbers (the module's table, by hand).

A hand-made set of states (bytes): weights 1,600, of which 800 live only through forward and
backward, master 400, gradients 800, optimizer state 1,200, step temporaries 400, framework 100,
host 0. A model of 1,000 parameters in 10 layers with no transformer shape.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from planner.core.estimator.memory_notes import note
from planner.core.estimator.model_states import States
from planner.core.estimator.setups import TrainingSetup
from planner.core.estimator.sharding import DEFAULT_LAYERS, gathered_layers_bytes, offload, shard
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Workload

S = States(weights=1600.0, weights_fwd_only=800.0, master=400.0, grads=800.0, opt_state=1200.0,
           temporaries=400.0, framework=100.0, host=0.0, trainable=1000, grads_at_once=True,
           notes=(note("deepspeed-recipe"),))
W = Workload(id="m", name="m", family="cnn", parameters=1000, sources=("hand-made",), layers=10)


def _parts(s: States) -> tuple[float, ...]:
    return (s.weights, s.weights_fwd_only, s.master, s.grads, s.opt_state, s.temporaries,
            s.framework)


@pytest.mark.parametrize(("strategy", "expected"), [
    # ZeRO-1: optimizer state, master and step temporaries / 4.
    ("zero1", (1600, 800, 100, 800, 300, 100, 100)),
    # ZeRO-2: and the gradients.
    ("zero2", (1600, 800, 100, 200, 300, 100, 100)),
    # ZeRO-3 / FSDP: and the weights; FSDP adds the unit being computed and the prefetched
    # one gathered in full: 1,000 / 10 layers = 100 parameters x 2 x 2 bytes = 400 more
    # (DeepSpeed's own buffers are zero_buffers', tests/core/test_zero_buffers.py).
    ("zero3", (400, 200, 100, 200, 300, 100, 100)),
    ("fsdp", (400, 200, 100, 200, 300, 100, 500)),
    # Tensor and pipeline parallel hold a quarter of every state, nothing gathered.
    ("tp", (400, 200, 100, 200, 300, 100, 100)),
    ("pp", (400, 200, 100, 200, 300, 100, 100)),
    # DDP replicates: every state whole, plus the gradient buckets (as large as the gradients).
    ("ddp", (1600, 800, 400, 800, 1200, 400, 900)),
])
def test_four_gpus(strategy, expected):
    out = shard(S, W, TrainingSetup(gpus=4, strategy=strategy), 1000, gather_bytes_per=2.0)
    assert _parts(out) == expected
    assert (out.host, out.trainable, out.grads_at_once) == (0, 1000, True)
    codes = [n.code for n in out.notes]
    assert codes[0] == "deepspeed-recipe"  # earlier notes are kept
    assert ("zero3-gather" in codes) == (strategy == "fsdp")
    assert ("ddp-buckets" in codes) == (strategy == "ddp")


def test_one_gpu_is_untouched_unless_everything_is_offloaded():
    assert shard(S, W, TrainingSetup(gpus=1, strategy="zero3"), 1000, 2.0) is S
    # Offloading everything still gathers the unit being computed: 100 x (2 x 2 + 4) = 800.
    out = shard(S, W, TrainingSetup(gpus=1, offload="all"), 1000, 2.0, grad_bytes_per=4.0)
    assert out.framework == 100 + 800 and out.weights == 1600


def test_the_gathered_unit():
    # 1,000 parameters over 10 layers: 100 each; two of them (this one and the next) in 2 bytes.
    assert gathered_layers_bytes(W, 1000, 2.0) == 400
    # With its gradient in 4 bytes during backward: 100 x (4 + 4).
    assert gathered_layers_bytes(W, 1000, 2.0, 4.0) == 800
    # Encoder and decoder layers both count; no layer count: 50 assumed.
    assert gathered_layers_bytes(replace(W, decoder_layers=10), 1000, 2.0) == 200
    assert DEFAULT_LAYERS == 50
    assert gathered_layers_bytes(replace(W, layers=None), 1000, 2.0) == 1000 / 50 * 4


def test_a_transformers_largest_tensor_is_a_unit_of_its_own(real_catalog):
    # Llama 3 8B: 8,030,261,248 / 32 layers = 250.9 M parameters a layer, but the 128,256 x
    # 4,096 = 525,336,576-parameter embedding is wrapped on its own and is the larger unit.
    w = real_catalog.workload("llama-3-8b")
    assert gathered_layers_bytes(w, w.parameters, 2.0) == 525_336_576 * 4


def test_offloading_the_optimizer_or_everything():
    opt = offload(S, TrainingSetup(gpus=1, offload="optimizer"))
    # master 400 + state 1,200 + temporaries 400 = 2,000 bytes go to the host.
    assert _parts(opt) == (1600, 800, 0, 800, 0, 0, 100) and opt.host == 2000
    everything = offload(S, TrainingSetup(gpus=1, offload="all"))
    # and the weights (1,600) and gradients (800): 4,400.
    assert _parts(everything) == (0, 0, 0, 0, 0, 0, 100) and everything.host == 4400
    [n] = [n for n in everything.notes if n.code == "offload"]
    assert dict(n.params)["what"] == "all"
    assert offload(S, TrainingSetup(offload="none")) is S
    assert offload(S, TrainingSetup(gpus=4, strategy="zero2", offload="optimizer")).host == 2000


def test_offload_refusals():
    with pytest.raises(EstimateError, match=r"^CPU offload runs under ZeRO or FSDP, not DDP over 2 "
                                            r"GPUs; pick zero2, zero3 or fsdp\.$"):
        offload(S, TrainingSetup(gpus=2, strategy="ddp", offload="optimizer"))
    with pytest.raises(EstimateError, match="Offload must be none, optimizer or all"):
        offload(S, TrainingSetup(offload="disk"))
