"""Model states of a training run: weights, master weights, gradients, optimizer state and step.

Bytes per parameter follow the recipe: full fine-tuning under a precision (PyTorch AMP keeps fp32
parameters and reads 16-bit casts; DeepSpeed ZeRO keeps 16-bit weights and gradients and an fp32
master), or a frozen base (16-bit, 8-bit LLM.int8, 4-bit NF4) with trained LoRA adapters. The
optimizer adds its state (fp32, 16-bit or block-wise 8-bit; paged state lives in unified memory)
and the temporaries of its step (``foreach`` all at once, ``per-tensor`` the largest, ``fused``
none). Sharding and offload are applied by :mod:`planner.core.estimator.sharding`. Pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from planner.core.estimator.lora import largest_linear, linear_modules, lora_parameters
from planner.core.estimator.memory_notes import MemoryNote, gib_text, note
from planner.core.estimator.setups import TrainingSetup
from planner.core.models import layouts
from planner.core.records.precision import (
    ADAPTER_DTYPES,
    EIGHT_BIT_OPTIMIZERS,
    EIGHT_BIT_STATE_BYTES,
    NF4_SINGLE_QUANT_BYTES,
    OPTIMIZER_STATES,
    OPTIMIZER_STEP_TEMPORARIES,
    PAGED_OPTIMIZERS,
    QUANTIZATION_BYTES,
    EstimateError,
    TrainingPrecision,
)
from planner.core.records.specs import Workload

#: Rank adapters get when the setup asks for QLoRA without a rank (QLoRA paper's default is 64;
#: PEFT's examples and our suggestions use 16).
DEFAULT_RANK = 16

#: Strategies that run DeepSpeed's ZeRO engine (its mixed-precision optimizer).
DEEPSPEED = ("zero1", "zero2", "zero3")


@dataclass(frozen=True, slots=True)
class States:
    """Per-GPU bytes of each model state before activations (floats; rounded at the end)."""

    weights: float
    weights_fwd_only: float  # part of ``weights`` alive only through forward and backward
    master: float
    grads: float
    opt_state: float
    temporaries: float
    framework: float
    host: float
    trainable: int
    grads_at_once: bool  # False: the step runs in backward, one gradient at a time
    notes: tuple[MemoryNote, ...] = ()


def matrix_state_elements(w: Workload, parameters: int) -> float:
    """Adafactor's factored second-moment elements: rows + columns of every weight matrix.

    Vectors (biases, norms) keep a full second moment; for transformers we count the matrices of a
    layer exactly, for other models fall back to 1 % of the parameters (a 100×100 matrix keeps 2 %,
    large ones far less).
    """
    if not (w.is_transformer and w.hidden and w.layers):
        return 0.01 * parameters
    h = w.hidden
    f = w.moe_intermediate or w.intermediate or 4 * h
    experts = w.experts or 1
    per_layer = 4 * (h + h) + experts * 3 * (h + f)
    v = w.vocab or 0
    return w.layers * per_layer + (v + h) * 2 + w.layers * 4 * h


def largest_tensor(w: Workload, parameters: int) -> int:
    """Elements of the model's largest parameter tensor (what a per-tensor step holds at once)."""
    if not w.is_transformer:
        return max(1, parameters // 20)
    biggest = (w.vocab or 0) * (w.embed_dim or w.hidden or 0)
    if w.experts and w.hidden:
        # transformers keeps each layer's experts as one fused (experts, 2·f, h) tensor.
        biggest = max(biggest, w.experts * 2 * (w.moe_intermediate or 0) * w.hidden)
    return max(biggest, largest_linear(w), 1)


def _state_bytes(setup: TrainingSetup, element: float) -> float:
    """Bytes of one optimizer-state element: one (+ block scales) for the 8-bit optimizers."""
    return EIGHT_BIT_STATE_BYTES if setup.optimizer in EIGHT_BIT_OPTIMIZERS else element


def _step_temporaries(w: Workload, setup: TrainingSetup, trainable: int, params: int,
                      element: float) -> float:
    copies = OPTIMIZER_STEP_TEMPORARIES[setup.optimizer]
    if not copies or setup.optimizer_impl == "fused":
        return 0.0
    if setup.optimizer_impl == "per-tensor" or setup.optimizer_in_backward:
        return copies * element * min(trainable, largest_tensor(w, params))
    return copies * element * trainable


def base_weight_bytes(w: Workload, setup: TrainingSetup, params: int) -> tuple[float, tuple[
        MemoryNote, ...]]:
    """The frozen base under LoRA: 16-bit (fp32 for an fp32 recipe), LLM.int8 or NF4 linears."""
    if setup.qlora or setup.int8_base:
        if not w.is_transformer:
            kind = "QLoRA" if setup.qlora else "An 8-bit base"
            raise EstimateError(
                f"{kind} quantizes a transformer's linear layers, and {w.name} is a "
                f"{w.family} model; use LoRA-free training or pick a transformer.",
                setting="adapter" if setup.qlora else "int8_base")
        emb = layouts.embedding_parameters(w)
        # PEFT's prepare_model_for_kbit_training casts what stays unquantized to fp32; under
        # autocast the LM head's matmul then reads a 16-bit cast of it as well.
        emb_bytes = emb * 2.0
        prep: tuple[MemoryNote, ...] = ()
        if setup.kbit_prep:
            head = emb - (w.vocab or 0) * (w.embed_dim or w.hidden or 0)
            emb_bytes = emb * 4.0 + head * 2.0
            prep = (note("kbit-prep"),)
        if setup.qlora:
            per = QUANTIZATION_BYTES["nf4"] if setup.double_quant else NF4_SINGLE_QUANT_BYTES
            quant = "double" if setup.double_quant else "single"
            return (params - emb) * per + emb_bytes, (
                note("qlora-base", bits=f"{per * 8:.3f}", quant=quant), *prep)
        return ((params - emb) * QUANTIZATION_BYTES["int8"] + emb_bytes,
                (note("int8-base"), *prep))
    return params * (4.0 if setup.precision == "fp32" else 2.0), ()


def adapter_states(w: Workload, setup: TrainingSetup, params: int) -> States:
    """LoRA / QLoRA: a frozen base and trained adapters with their own gradients and state."""
    rank = setup.lora_rank or DEFAULT_RANK
    if rank < 1:
        raise EstimateError(f"LoRA rank must be at least 1 (got {rank}).")
    if setup.adapter_dtype not in ADAPTER_DTYPES:
        raise EstimateError(f"Adapter dtype must be one of {', '.join(ADAPTER_DTYPES)}.")
    modules = linear_modules(w)[0] if w.is_transformer else None
    trainable = lora_parameters(w, rank, setup.lora_targets, modules)
    base, notes = base_weight_bytes(w, setup, params)
    ab = ADAPTER_DTYPES[setup.adapter_dtype]
    if setup.optimizer == "adafactor":
        state = trainable * ab * 0.01
    else:
        state = trainable * OPTIMIZER_STATES[setup.optimizer] * _state_bytes(setup, ab)
    framework = 0.0
    if setup.qlora or setup.int8_base:
        framework = largest_linear(w, modules) * 2.0  # one weight dequantized to 16-bit
    grads = trainable * ab
    if setup.optimizer_in_backward:
        grads = min(trainable, largest_tensor(w, params)) * ab
    notes += (note("lora-adapters", rank=rank, targets=setup.lora_targets,
                   trainable=f"{trainable:,}", dtype=setup.adapter_dtype),)
    return States(weights=base + trainable * ab, weights_fwd_only=0.0, master=0.0,
                  grads=grads, opt_state=state,
                  temporaries=_step_temporaries(w, setup, trainable, params, ab),
                  framework=framework, host=0.0, trainable=trainable,
                  grads_at_once=not setup.optimizer_in_backward, notes=notes)


def full_states(w: Workload, setup: TrainingSetup, p: TrainingPrecision, params: int) -> States:
    """Full fine-tuning: every parameter trained under the precision recipe.

    Under DeepSpeed ZeRO with a mixed-precision recipe the engine keeps 16-bit weights and
    gradients and an fp32 master (the ZeRO paper's 2 + 2 + 12 bytes per parameter with Adam);
    plain PyTorch AMP keeps fp32 parameters (the master) and fp32 gradients and reads 16-bit
    casts made by autocast.
    """
    notes: tuple[MemoryNote, ...] = ()
    weights, grads, master = params * p.weights, params * p.grads, params * p.master
    fwd_only = weights if p.autocast and p.master else 0.0
    if setup.strategy in DEEPSPEED and p.autocast and p.master and setup.gpus >= 1:
        grads, fwd_only = params * 2.0, 0.0
        notes += (note("deepspeed-recipe"),)
    element = p.state_bytes
    if setup.optimizer == "adafactor":
        state = matrix_state_elements(w, params) * element
    else:
        state = params * OPTIMIZER_STATES[setup.optimizer] * _state_bytes(setup, element)
    temp_element = max(element, 4.0 if p.master else 0.0)
    if setup.optimizer_in_backward:
        grads = min(params, largest_tensor(w, params)) * (grads / params if params else 0)
    return States(weights=weights, weights_fwd_only=fwd_only, master=master, grads=grads,
                  opt_state=state,
                  temporaries=_step_temporaries(w, setup, params, params, temp_element),
                  framework=0.0, host=0.0, trainable=params,
                  grads_at_once=not setup.optimizer_in_backward, notes=notes)


def page_optimizer(s: States, setup: TrainingSetup) -> States:
    """Paged optimizers: the state lives in unified memory, evicted to host RAM under pressure."""
    if setup.optimizer not in PAGED_OPTIMIZERS or not s.opt_state:
        return s
    return replace(s, opt_state=0.0, host=s.host + s.opt_state,
                   notes=(*s.notes, note("paged-optimizer", size=gib_text(s.opt_state))))
