"""Suggestions in the user's language: core names each change by code and parameters.

Core words its suggestions in English for the CLI; the panel words them here through Qt's
translation, like the build warnings. A code without a template falls back to core's sentence.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from planner.core.plan.suggest import Suggestion


def _titles() -> dict[str, str]:
    return {
        "accumulate": QCoreApplication.translate(
            "Suggestions",
            "Micro-batch %batch with %accumulation× gradient accumulation "
            "(same effective batch %effective)",
        ),
        "checkpointing": QCoreApplication.translate(
            "Suggestions", "Turn on gradient checkpointing"
        ),
        "flash": QCoreApplication.translate("Suggestions", "Use FlashAttention / SDPA"),
        "amp": QCoreApplication.translate("Suggestions", "Mixed precision (AMP BF16)"),
        "adam-8bit": QCoreApplication.translate("Suggestions", "8-bit Adam (bitsandbytes)"),
        "pure-bf16": QCoreApplication.translate(
            "Suggestions", "Pure BF16 weights and optimizer state"
        ),
        "lora": QCoreApplication.translate(
            "Suggestions", "LoRA adapters (rank 16) instead of full fine-tuning"
        ),
        "qlora": QCoreApplication.translate("Suggestions", "QLoRA (4-bit base, rank 16)"),
        "zero2": QCoreApplication.translate(
            "Suggestions", "Shard over the build's %gpus GPUs: %strategy"
        ),
        "fsdp": QCoreApplication.translate(
            "Suggestions", "Shard over the build's %gpus GPUs: %strategy"
        ),
        "tp": QCoreApplication.translate(
            "Suggestions", "Tensor-parallel over the build's %gpus GPUs"
        ),
        "kv-fp8": QCoreApplication.translate("Suggestions", "FP8 KV cache"),
        "quant-int8": QCoreApplication.translate("Suggestions", "Quantize weights to %precision"),
        "quant-int4": QCoreApplication.translate("Suggestions", "Quantize weights to %precision"),
        "batch": QCoreApplication.translate("Suggestions", "Serve batch %batch"),
    }


def _costs() -> dict[str, str]:
    return {
        "accumulate": QCoreApplication.translate(
            "Suggestions", "Same result per step; more, smaller steps run slower on a big GPU."
        ),
        "checkpointing": QCoreApplication.translate(
            "Suggestions", "About 33 % more compute (one extra forward pass)."
        ),
        "flash": QCoreApplication.translate(
            "Suggestions", "None on supported GPUs; usually faster."
        ),
        "amp": QCoreApplication.translate(
            "Suggestions", "Needs BF16 tensor cores (Ampere or newer); usually faster."
        ),
        "adam-8bit": QCoreApplication.translate(
            "Suggestions", "Optimizer state in 8 bits; matches 32-bit Adam on most fine-tunes."
        ),
        "pure-bf16": QCoreApplication.translate(
            "Suggestions", "No fp32 master weights: small updates can be lost; use with care."
        ),
        "lora": QCoreApplication.translate(
            "Suggestions",
            "Trains ~0.1–1 % of the weights; close to full fine-tuning on many tasks.",
        ),
        "qlora": QCoreApplication.translate(
            "Suggestions", "Base weights in 4-bit NF4; slower steps from dequantization."
        ),
        "zero2": QCoreApplication.translate(
            "Suggestions", "Shards optimizer state and gradients; same traffic as DDP."
        ),
        "fsdp": QCoreApplication.translate(
            "Suggestions", "Shards everything; ~1.5× DDP's communication."
        ),
        "tp": QCoreApplication.translate(
            "Suggestions", "Splits every layer; needs fast links (NVLink) to scale."
        ),
        "kv-fp8": QCoreApplication.translate(
            "Suggestions", "Halves the cache; small quality loss on long contexts."
        ),
        "quant-int8": QCoreApplication.translate(
            "Suggestions", "int8: near-lossless; int4 (GPTQ/AWQ): small quality loss."
        ),
        "quant-int4": QCoreApplication.translate(
            "Suggestions", "int8: near-lossless; int4 (GPTQ/AWQ): small quality loss."
        ),
        "batch": QCoreApplication.translate("Suggestions", "Lower throughput."),
    }


def _fill(template: str, params: dict[str, str]) -> str:
    # Longest names first, so %effective is not read as a shorter name.
    for key in sorted(params, key=len, reverse=True):
        template = template.replace(f"%{key}", params[key])
    return template


def suggestion_title(s: Suggestion) -> str:
    """The change (or stacked changes) in the user's language."""
    if not s.steps:
        return s.title
    titles = _titles()
    parts = [_fill(titles[code], params) if code in titles else None for code, params in s.steps]
    if any(p is None for p in parts):
        return s.title
    return " + ".join(p for p in parts if p)


def suggestion_cost(s: Suggestion) -> str:
    """What the change costs, in the user's language."""
    costs = _costs()
    parts = [costs.get(code) for code, _params in s.steps]
    if not parts or any(p is None for p in parts):
        return s.cost
    return " ".join(p for p in parts if p)


def suggestion_support(s: Suggestion) -> str:
    """Which of the user's runs stand behind the suggestion's figure ("" for none)."""
    if not s.support:
        return ""
    if s.calibrated:
        text = QCoreApplication.translate(
            "Suggestions", "Calibrated from your runs of this kind: %1.")
    else:
        text = QCoreApplication.translate("Suggestions", "Measured in your runs: %1.")
    return text.replace("%1", "; ".join(s.support))
