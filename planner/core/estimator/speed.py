"""How fast: training time from FLOPs, decode tokens/s from memory bandwidth, value per $ and W.

Training: a transformer step costs 6 FLOPs per active parameter per token (forward 2, backward 4)
plus attention's 12 × layers × hidden × sequence per token (Kaplan et al. 2020; Chinchilla), and a
third more with gradient checkpointing (one extra forward). Vision models use their measured
forward FLOPs per sample × 3. The rate is the GPU's peak *dense* tensor throughput at the
compute precision times a stated model-FLOPs utilisation (MFU): 40 % is typical of well-tuned
large-model training; small models and consumer cards often reach less.

Decode: each generated token reads every active weight once and the KV cache of every sequence
in the batch, so tokens/s is bounded by bandwidth / bytes per step, and by compute.
"""

from __future__ import annotations

from dataclasses import dataclass

from planner.core.estimator.memory import (
    InferenceSetup,
    TrainingSetup,
    kv_cache_bytes,
    parameters_of,
    positions,
    resolve_seq,
)
from planner.core.models import layouts
from planner.core.records.precision import (
    QUANTIZATION_COMPUTE,
    EstimateError,
    quantization_bytes,
    training_precision,
)
from planner.core.records.specs import GpuSpec, Workload

DEFAULT_MFU = 0.40
#: Share of peak memory bandwidth a decode kernel sustains (weights streamed once per step).
DEFAULT_BANDWIDTH_EFFICIENCY = 0.80


def active_parameters(w: Workload) -> int:
    """Parameters that touch each token: MoE routes a token through only a few experts."""
    total = parameters_of(w)
    if not (w.experts and w.experts_per_token and w.hidden and w.layers):
        return total
    f = w.moe_intermediate or w.intermediate or 4 * w.hidden
    per_expert = 3 * w.hidden * f
    moe_layers = w.layers - min(w.layers, w.dense_layers or 0)  # DeepSeek's leading dense MLPs
    idle = (w.experts - w.experts_per_token) * per_expert * moe_layers
    return max(1, total - idle)


def training_flops_per_sample(w: Workload, seq: int, checkpointing: bool) -> float:
    """FLOPs of one training sample (forward + backward, + recompute with checkpointing)."""
    if w.is_transformer:
        tokens = positions(w, seq)
        layers = (w.layers or 0) + (w.decoder_layers or 0)
        per_token = 6.0 * active_parameters(w) + 12.0 * layers * (w.hidden or 0) * tokens
        flops = per_token * tokens
    else:
        prof = w.profile
        if prof is None or prof.forward_flops_per_sample is None:
            raise EstimateError(f"Forward FLOPs of '{w.name}' have not been measured.")
        flops = 3.0 * prof.forward_flops_per_sample * (seq / prof.image_size) ** 2
    return flops * (4.0 / 3.0 if checkpointing else 1.0)


@dataclass(frozen=True, slots=True)
class TrainingSpeed:
    """Throughput of a build on one workload."""

    samples_per_second: float
    tokens_per_second: float | None
    seconds_per_step: float
    compute_precision: str


def training_speed(
    w: Workload, setup: TrainingSetup, gpu: GpuSpec, count: int, mfu: float = DEFAULT_MFU
) -> TrainingSpeed:
    """Samples/s for ``count`` GPUs at peak dense rate × MFU."""
    p = training_precision(setup.precision)
    rate = gpu.tensor_tflops(p.compute)
    if rate is None:
        raise EstimateError(f"{gpu.name} has no {p.compute.upper()} tensor throughput on record; "
                            f"choose another precision.")
    seq = resolve_seq(w, setup.seq)
    flops = training_flops_per_sample(w, seq, setup.checkpointing)
    samples_per_s = rate * 1e12 * mfu * count / flops
    step_samples = setup.effective_batch
    tokens = positions(w, seq) if w.is_transformer else None
    return TrainingSpeed(
        samples_per_second=samples_per_s,
        tokens_per_second=samples_per_s * tokens if tokens else None,
        seconds_per_step=step_samples / samples_per_s,
        compute_precision=p.compute,
    )


@dataclass(frozen=True, slots=True)
class DecodeSpeed:
    """Generated tokens per second for a batch, and what bounds it."""

    tokens_per_second: float
    bound: str


def decode_speed(
    w: Workload,
    setup: InferenceSetup,
    gpu: GpuSpec,
    count: int = 1,
    bandwidth_efficiency: float = DEFAULT_BANDWIDTH_EFFICIENCY,
    mfu: float = DEFAULT_MFU,
) -> DecodeSpeed:
    """Decode tokens/s (whole batch) bounded by bandwidth and by compute, over TP GPUs."""
    if not w.is_transformer or w.family not in ("decoder", "encoder-decoder"):
        raise EstimateError(f"'{w.name}' does not generate tokens.")
    wb = quantization_bytes(setup.precision)
    seq = resolve_seq(w, setup.seq)
    active = active_parameters(w)
    emb = layouts.embedding_parameters(w)
    # The LM head is read, the input table is not; weight quantizers keep the head 16-bit.
    head_b = max(wb, 2.0)
    weight_bytes = max(0, active - emb) * wb + (w.vocab or 0) * (w.hidden or 0) * head_b
    kv_b = quantization_bytes(setup.kv_precision or (
        "fp32" if setup.precision == "fp32" else "fp16"))
    kv_bytes = kv_cache_bytes(w, setup.batch, seq, kv_b)
    step_bytes = weight_bytes + kv_bytes
    bw_time = step_bytes / (gpu.memory_bandwidth_gbs * 1e9 * bandwidth_efficiency * count)
    rate = gpu.tensor_tflops(QUANTIZATION_COMPUTE.get(setup.precision, "fp16"))
    rate = rate or gpu.tensor_tflops("fp16") or gpu.fp32_tflops or 0.0
    flops = 2.0 * active * setup.batch
    compute_time = flops / (rate * 1e12 * mfu * count) if rate else float("inf")
    step = max(bw_time, compute_time)
    return DecodeSpeed(setup.batch / step, "memory bandwidth" if bw_time >= compute_time
                       else "compute")


def per_dollar(value: float, price: float | None) -> float | None:
    """A figure per unit of money (None when the price is unknown)."""
    return value / price if price else None


def per_watt(value: float, watts: float) -> float | None:
    """A figure per watt of board power."""
    return value / watts if watts else None
