"""What every key of a `.gpubuild` file must look like: type, range and the label users read.

One table per record, keyed exactly as the core dataclass's fields (a test keeps them in step, so a
field added to ``GpuSpec`` fails the tests until the format says how to store it). The reader
checks files against these tables and words its errors from their labels; the docs and the JSON
Schema state the same ranges.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, replace
from typing import Literal

from planner.core.layouts import HEADS, KNOWN_ARCHS
from planner.core.lora import LORA_TARGETS
from planner.core.money import CURRENCIES
from planner.core.precision import (
    ADAPTER_DTYPES,
    LOSSES,
    OFFLOADS,
    OPTIMIZER_IMPLS,
    OPTIMIZER_STATES,
    QUANTIZATION_BYTES,
    STRATEGIES,
    TRAINING_PRECISIONS,
)
from planner.core.specs import Segment, WorkloadFamily
from planner.documents import limits as lim

Kind = Literal["id", "name", "text", "short", "source", "int", "number", "bool", "strlist", "price",
               "profile", "object", "list"]


@dataclass(frozen=True, slots=True)
class Rule:
    """One key: its kind, whether null is allowed, its inclusive range and its allowed values.

    ``above`` is an exclusive lower bound (a capacity of 0 GB is no card). ``label`` begins the
    error sentence ("GPU count must be ..."). ``object`` and ``list`` values are only checked for
    their type here; the reader checks their contents with their own rules.
    """

    kind: Kind
    label: str
    nullable: bool = False
    low: float | None = None
    high: float | None = None
    above: float | None = None
    choices: tuple[str, ...] = ()
    optional: bool = False  # may be absent (files from before the key existed): core's default


def _int(label: str, low: int, high: int, nullable: bool = False) -> Rule:
    return Rule("int", label, nullable, low=low, high=high)


def _num(label: str, low: float | None, high: float, *, above: float | None = None,
         nullable: bool = False) -> Rule:
    return Rule("number", label, nullable, low=low, high=high, above=above)


def _choice(label: str, choices: tuple[str, ...], nullable: bool = False) -> Rule:
    return Rule("short", label, nullable, choices=choices)


def _tflops(label: str) -> Rule:
    return _num(label, None, 1_000_000, above=0, nullable=True)


_POS = 10**9

PRICE_RULES: dict[str, Rule] = {
    "amount": _num("Price", 0, 1e12),
    "currency": Rule("short", "Price currency"),
    "as_of": Rule("short", "Price date"),
    "source": Rule("source", "Price source"),
}

GPU_RULES: dict[str, Rule] = {
    "id": Rule("id", "GPU id"),
    "vendor": Rule("short", "GPU vendor"),
    "name": Rule("name", "GPU name"),
    "architecture": Rule("short", "GPU architecture"),
    "segment": _choice("GPU segment", typing.get_args(Segment)),
    "form_factor": Rule("short", "GPU form factor"),
    "memory_gb": _num("GPU memory", None, lim.MAX_MEMORY_GB, above=0),
    "memory_type": Rule("short", "GPU memory type"),
    "memory_bandwidth_gbs": _num("Memory bandwidth", None, 1_000_000, above=0),
    "tdp_w": _num("Board power", None, 100_000, above=0),
    "sources": Rule("strlist", "GPU sources"),
    "memory_bus_bits": _int("Memory bus width", 1, 65_536, nullable=True),
    "idle_w": _num("Idle power", 0, 100_000, nullable=True),
    "fp32_tflops": _tflops("FP32 throughput"),
    "fp16_tensor_tflops": _tflops("FP16 tensor throughput"),
    "bf16_tensor_tflops": _tflops("BF16 tensor throughput"),
    "fp8_tensor_tflops": _tflops("FP8 tensor throughput"),
    "int8_tensor_tops": _tflops("INT8 tensor throughput"),
    "fp4_tensor_tflops": _tflops("FP4 tensor throughput"),
    "compute_capability": Rule("short", "Compute capability", nullable=True),
    "rocm_support": Rule("short", "ROCm support", nullable=True),
    "interconnect": Rule("short", "GPU interconnect", nullable=True),
    "interconnect_bandwidth_gbs": _num("Interconnect bandwidth", None, 1_000_000, above=0,
                                       nullable=True),
    "pcie_gen": _int("PCIe generation", 1, 16, nullable=True),
    "pcie_lanes": _int("PCIe lanes", 1, 64, nullable=True),
    "ecc": Rule("bool", "ECC", nullable=True),
    "slot_width": _num("Slot width", None, 10, above=0, nullable=True),
    "power_connectors": Rule("short", "Power connectors", nullable=True),
    "connectors_16pin": _int("Number of 16-pin connectors", 0, 16, nullable=True),
    "connectors_8pin": _int("Number of 8-pin connectors", 0, 16, nullable=True),
    "launch_year": _int("Launch year", 1990, 2100, nullable=True),
    "launch_msrp_usd": _num("Launch price", 0, 1e9, nullable=True),
    "street_price": Rule("price", "Street price", nullable=True),
    "notes": Rule("text", "GPU notes"),
    "custom": Rule("bool", "GPU custom flag"),
}

PROFILE_RULES: dict[str, Rule] = {
    "image_size": _int("Profile image size", 1, 1_000_000),
    "fp32_bytes_per_sample": _int("Profile FP32 bytes per sample", 1, 10**15),
    "bf16_bytes_per_sample": _int("Profile BF16 bytes per sample", 1, 10**15),
    "checkpointed_fp32_bytes_per_sample": _int("Profile checkpointed FP32 bytes", 1, 10**15,
                                               nullable=True),
    "checkpointed_bf16_bytes_per_sample": _int("Profile checkpointed BF16 bytes", 1, 10**15,
                                               nullable=True),
    "inference_fp32_bytes_per_sample": _int("Profile inference bytes", 1, 10**15,
                                            nullable=True),
    "forward_flops_per_sample": _int("Profile FLOPs per sample", 1, 10**18, nullable=True),
}


def _shape(label: str) -> Rule:
    return _int(label, 1, _POS, nullable=True)


WORKLOAD_RULES: dict[str, Rule] = {
    "id": Rule("id", "Workload id"),
    "name": Rule("name", "Workload name"),
    "family": _choice("Model family", typing.get_args(WorkloadFamily)),
    "parameters": _int("Parameter count", 1, 10**15),
    "sources": Rule("strlist", "Workload sources"),
    "layers": _shape("Layer count"),
    "decoder_layers": _shape("Decoder layer count"),
    "hidden": _shape("Hidden size"),
    "heads": _shape("Attention head count"),
    "kv_heads": _shape("KV head count"),
    "head_dim": _shape("Head dimension"),
    "intermediate": _shape("Intermediate size"),
    "vocab": _shape("Vocabulary size"),
    "context": _shape("Context length"),
    "gated_mlp": Rule("bool", "Gated MLP flag"),
    "qkv_bias": Rule("bool", "QKV bias flag"),
    "tie_embeddings": Rule("bool", "Tied embeddings flag"),
    "norm": Rule("short", "Normalization"),
    "position": Rule("short", "Position encoding"),
    "experts": _shape("Expert count"),
    "experts_per_token": _shape("Experts per token"),
    "moe_intermediate": _shape("Expert intermediate size"),
    "shared_experts": _int("Shared expert count", 0, _POS, nullable=True),
    "image_size": _shape("Image size"),
    "patch_size": _shape("Patch size"),
    "encoder_context": _shape("Encoder context length"),
    "activation": Rule("short", "Activation function", nullable=True),
    "default_batch": _int("Default batch size", 1, lim.MAX_BATCH),
    "default_seq": _int("Default sequence length", 1, lim.MAX_SEQ, nullable=True),
    "profile": Rule("profile", "Activation profile", nullable=True),
    "notes": Rule("text", "Workload notes"),
    "custom": Rule("bool", "Workload custom flag"),
    **{k: replace(r, optional=True) for k, r in {
        "arch": _choice("Model architecture", KNOWN_ARCHS, nullable=True),
        "head": _choice("Task head", HEADS, nullable=True),
        "num_labels": _shape("Label count"),
        "linear_bias": Rule("bool", "Linear bias flag"),
        "layer_norms": _shape("Norms per layer"),
        "qk_norm": Rule("bool", "Query/key norm flag"),
        "post_norm": Rule("bool", "Post-norm flag"),
        "embed_dim": _shape("Embedding width"),
        "sliding_window": _shape("Sliding window"),
        "global_every": _shape("Global attention layer interval"),
        "kv_lora_rank": _shape("Compressed KV width"),
        "q_lora_rank": _shape("Compressed query width"),
        "rope_head_dim": _shape("RoPE head dimension"),
        "v_head_dim": _shape("Value head dimension"),
        "dense_layers": _int("Dense layer count", 0, _POS, nullable=True),
        "shared_expert_intermediate": _shape("Shared expert width"),
        "state_size": _shape("SSM state size"),
        "conv_kernel": _shape("Convolution width"),
        "dt_rank": _shape("Time-step rank"),
        "cross_layers": _int("Cross-attention layer count", 0, _POS, nullable=True),
        "vision_parameters": _int("Vision tower parameter count", 1, 10**15, nullable=True),
        "vision_layers": _shape("Vision layer count"),
        "vision_hidden": _shape("Vision hidden size"),
        "vision_heads": _shape("Vision head count"),
        "vision_intermediate": _shape("Vision intermediate size"),
        "vision_tokens": _shape("Vision tokens per sample"),
    }.items()},
}

TRAINING_RULES: dict[str, Rule] = {
    "precision": _choice("Training precision", tuple(TRAINING_PRECISIONS)),
    "optimizer": _choice("Optimizer", tuple(OPTIMIZER_STATES)),
    "batch": _int("Batch size", 1, lim.MAX_BATCH),
    "seq": _int("Sequence length", 1, lim.MAX_SEQ, nullable=True),
    "checkpointing": Rule("bool", "Gradient checkpointing"),
    "accumulation": _int("Gradient accumulation", 1, lim.MAX_BATCH),
    "attention": _choice("Attention kernel", ("flash", "eager")),
    "gpus": _int("Training GPU count", 1, lim.MAX_TP_GPUS),
    "strategy": _choice("Training strategy", STRATEGIES),
    "lora_rank": _int("LoRA rank", 1, lim.MAX_BATCH, nullable=True),
    "qlora": Rule("bool", "QLoRA flag"),
    "lora_targets": _choice("LoRA targets", LORA_TARGETS),
    **{k: replace(r, optional=True) for k, r in {
        "checkpoint_mode": Rule("short", "Checkpointing mode"),
        "adapter_dtype": _choice("Adapter dtype", tuple(ADAPTER_DTYPES)),
        "double_quant": Rule("bool", "Double quantization flag"),
        "int8_base": Rule("bool", "8-bit base flag"),
        "optimizer_impl": _choice("Optimizer step", OPTIMIZER_IMPLS),
        "optimizer_in_backward": Rule("bool", "Optimizer in backward flag"),
        "loss": _choice("Loss", LOSSES),
        "offload": _choice("Offload", OFFLOADS),
        "keep_gradients": Rule("bool", "Keep-gradients flag"),
    }.items()},
}

INFERENCE_RULES: dict[str, Rule] = {
    "precision": _choice("Inference precision", tuple(QUANTIZATION_BYTES)),
    "batch": _int("Batch size", 1, lim.MAX_BATCH),
    "seq": _int("Sequence length", 1, lim.MAX_SEQ, nullable=True),
    "kv_precision": _choice("KV cache precision", tuple(QUANTIZATION_BYTES), nullable=True),
    "gpus": _int("Inference GPU count", 1, lim.MAX_TP_GPUS),
    "strategy": _choice("Inference strategy", STRATEGIES),
}

USAGE_RULES: dict[str, Rule] = {
    "hours_per_day": _num("Hours per day", 0, 24),
    "days_per_year": _num("Days per year", 0, 366),
    "utilization": _num("Utilization", 0, 1),
    "idle_when_not_running": Rule("bool", "Idle when not running"),
    "host_watts": _num("Host power", 0, 100_000),
    "psu_efficiency": _num("PSU efficiency", None, 1, above=0),
    "pue": _num("PUE", 1, 5),
    "base_kwh_per_year": _num("Other household consumption", 0, 1e9),
}

COST_RULES: dict[str, Rule] = {
    "currency": _choice("Currency", CURRENCIES),
    "tariff_id": Rule("id", "Tariff id", nullable=True),
    "price_per_kwh": _num("Electricity price", 0, 1_000, nullable=True),
    "carbon_id": Rule("id", "Grid carbon id", nullable=True),
    "years": _int("Years of ownership", 1, 50),
    "cloud_instance_id": Rule("id", "Cloud instance id", nullable=True),
}

#: Longest string each text kind may hold, and whether line breaks are allowed.
TEXT_LIMITS: dict[str, tuple[int, bool]] = {
    "id": (lim.MAX_ID_CHARS, False),
    "name": (lim.MAX_NAME_CHARS, False),
    "short": (lim.MAX_SHORT_CHARS, False),
    "source": (lim.MAX_SOURCE_CHARS, False),
    "text": (lim.MAX_NOTES_CHARS, True),
}
