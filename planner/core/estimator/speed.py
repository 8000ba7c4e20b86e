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

from planner.core.estimator.comms import StepTime, Traffic, step_time
from planner.core.estimator.inference_memory import weight_bytes_per
from planner.core.estimator.links import Link, gpu_link
from planner.core.estimator.lora import lora_parameters
from planner.core.estimator.memory import (
    InferenceSetup,
    TrainingSetup,
    kv_cache_bytes,
    parameters_of,
    positions,
    resolve_seq,
)
from planner.core.estimator.sharding import DEFAULT_LAYERS
from planner.core.models import layouts
from planner.core.records.precision import (
    ADAPTER_DTYPES,
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


def training_flops_per_sample(w: Workload, seq: int, checkpointing: bool,
                              frozen_base: bool = False) -> float:
    """FLOPs of one training sample (forward + backward, + recompute with checkpointing).

    Backward costs twice the forward: once for the activations' gradients, once for the
    weights' (Kaplan et al. 2020, §2.1). A frozen base (LoRA, QLoRA) skips the weights' half:
    4 instead of 6 FLOPs per parameter per token, and checkpointing's recompute adds one forward
    (2) to either. Attention's score matmuls have no weights and keep their full cost.
    """
    recompute = 1.0 if checkpointing else 0.0
    if w.is_transformer:
        tokens = positions(w, seq)
        layers = (w.layers or 0) + (w.decoder_layers or 0)
        attention = 12.0 * layers * (w.hidden or 0) * tokens
        per_param = 2.0 * (2.0 if frozen_base else 3.0) + 2.0 * recompute
        per_token = (per_param * active_parameters(w)
                     + attention * (1.0 + recompute / 3.0))
        return per_token * tokens
    prof = w.profile
    if prof is None or prof.forward_flops_per_sample is None:
        raise EstimateError(f"Forward FLOPs of '{w.name}' have not been measured.")
    flops = 3.0 * prof.forward_flops_per_sample * (seq / prof.image_size) ** 2
    return flops * (4.0 / 3.0 if checkpointing else 1.0)


@dataclass(frozen=True, slots=True)
class TrainingSpeed:
    """Throughput of a build on one workload, and what the GPUs wait on.

    ``step`` splits one optimizer step into compute, the communication compute does not hide and
    the pipeline's idle slots; ``link`` is the wire that carries the traffic (None for one GPU, or
    when the card's link is not on record, and then nothing is counted for it: ``link_unknown``).
    """

    samples_per_second: float
    tokens_per_second: float | None
    seconds_per_step: float
    compute_precision: str
    step: StepTime | None = None
    link: Link | None = None
    link_unknown: bool = False

    @property
    def waiting_share(self) -> float:
        """Share of each step the GPUs wait on their link (0 for one GPU)."""
        return self.step.waiting_share if self.step is not None else 0.0


def traffic_of(w: Workload, setup: TrainingSetup, seq: int) -> Traffic:
    """What a step moves: trained gradients, gathered 16-bit weights, a boundary's activations."""
    p = training_precision(setup.precision)
    params = parameters_of(w)
    if setup.uses_adapters:
        trained = lora_parameters(w, setup.lora_rank or 8, setup.lora_targets)
        grad_bytes = trained * ADAPTER_DTYPES.get(setup.adapter_dtype, 4.0)
        weight_bytes = params * (0.5 if setup.qlora else 2.0) + trained * 2.0
    else:
        grad_bytes = params * p.grads
        weight_bytes = params * min(p.weights, 2.0) if p.compute != "fp32" else params * 4.0
    layers = (w.layers or 0) + (w.decoder_layers or 0)
    tokens = positions(w, seq) if w.is_transformer else 0
    act = float(setup.batch * tokens * (w.hidden or 0) * 2)
    return Traffic(grad_bytes, weight_bytes, act, layers or DEFAULT_LAYERS)


def training_speed(
    w: Workload, setup: TrainingSetup, gpu: GpuSpec, count: int, mfu: float = DEFAULT_MFU,
    link: Link | None = None,
) -> TrainingSpeed:
    """Samples/s for ``count`` GPUs at peak dense rate × MFU, less what they wait on the link.

    ``link`` overrides the card's own (:func:`~planner.core.estimator.links.gpu_link`), e.g.
    the slowest card's in a mixed build or a workstation board's full lanes.
    """
    p = training_precision(setup.precision)
    rate = gpu.tensor_tflops(p.compute)
    if rate is None:
        raise EstimateError(f"{gpu.name} has no {p.compute.upper()} tensor throughput on record; "
                            f"choose another precision.")
    seq = resolve_seq(w, setup.seq)
    flops = training_flops_per_sample(w, seq, setup.checkpointing,
                                      frozen_base=setup.uses_adapters or setup.int8_base)
    n = max(1, count)
    strategy = setup.strategy if n > 1 else "ddp"
    model_parallel = strategy in ("tp", "pp")
    per_gpu = rate * 1e12 * mfu
    micro = setup.batch * flops / per_gpu / (n if model_parallel else 1)
    wire = link if link is not None else gpu_link(gpu, n)
    unknown = n > 1 and wire is None
    step = step_time(strategy, n, wire, traffic_of(w, setup, seq) if wire else _NO_TRAFFIC,
                     micro, setup.accumulation, setup.checkpointing)
    replicas = 1 if model_parallel else n
    samples = setup.batch * setup.accumulation * replicas
    samples_per_s = samples / step.seconds
    tokens = positions(w, seq) if w.is_transformer else None
    return TrainingSpeed(
        samples_per_second=samples_per_s,
        tokens_per_second=samples_per_s * tokens if tokens else None,
        seconds_per_step=step.seconds,
        compute_precision=p.compute,
        step=step if n > 1 else None,
        link=wire,
        link_unknown=unknown,
    )


_NO_TRAFFIC = Traffic(0.0, 0.0, 0.0, 1)


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
    wb = weight_bytes_per(setup)
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
