"""An estimate's notes in the user's language, from core's codes and parameters.

Core words each note in English for the CLI and gives it as a ``code`` with ``params``
(:mod:`planner.core.estimator.memory_notes`); here each code has a translatable template whose
``%1``,
``%2`` … are the parameters in the order :data:`PARAMETERS` lists. Parameters that are codes
themselves (what is offloaded, how QLoRA's constants are stored, the named LoRA target sets) are
worded here too. A code core grows later falls back to core's English sentence rather than
hiding the note.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication as Qca

from planner.core.estimator.memory_notes import MemoryNote

#: The parameters each code's template takes, in %1, %2 … order.
PARAMETERS: dict[str, tuple[str, ...]] = {
    "checkpointing-full": (), "checkpointing-every": ("every", "checkpointed", "layers"),
    "checkpointing-selective": (), "checkpointing-op": (), "activation-offloading": (),
    "kbit-prep": (), "cnn-checkpointing": (), "vision-unsplit": (),
    "ddp-buckets": (), "zero3-gather": ("strategy",), "deepspeed-recipe": (),
    "deepspeed-buffers": ("stage", "buckets", "gathered", "step"),
    "allocator-variable": ("size", "share"), "allocator-expandable": (),
    "optimizer-step-peak": ("impl",), "optimizer-in-backward": (), "paged-optimizer": ("size",),
    "offload": ("what", "size"), "qlora-base": ("bits", "quant"), "int8-base": (),
    "lora-adapters": ("rank", "targets", "trainable", "dtype"), "chunked-loss": ("chunks",),
    "quantized-keep-16bit": (), "int4-group": ("group", "bits"), "legacy-cache": (),
    "moe-all-experts": ("experts", "active"),
    "kv-replicated": ("kv_heads",), "mla-cache": ("per_token", "rank", "rope"),
    "sliding-window": ("sliding", "layers", "window"), "ssm-state": (),
    "vision-tower": ("tokens",), "inference-share-sd15": (),
}

_PLACEHOLDER = re.compile(r"%(\d)")


def _template(code: str) -> str | None:
    """The translated template of a code (None for a code this version does not word)."""
    match code:
        case "checkpointing-full":
            return Qca.translate("MemoryNotes", "Gradient checkpointing keeps each layer's input "
                                 "and recomputes one layer at a time (~33 % more compute).")
        case "checkpointing-every":
            return Qca.translate("MemoryNotes", "Checkpointing every %1 layers: %2 of %3 layers "
                                 "keep only their input and are recomputed in backward.")
        case "checkpointing-selective":
            return Qca.translate("MemoryNotes", "Selective checkpointing recomputes the attention "
                                 "sub-block of each layer; the MLP's activations are kept.")
        case "checkpointing-op":
            return Qca.translate("MemoryNotes", "Op-level selective checkpointing (torchtitan's "
                                 "'op'): each layer keeps its input, every other matmul's output "
                                 "and the attention output; the rest is recomputed in backward.")
        case "activation-offloading":
            return Qca.translate("MemoryNotes", "Activation offloading: saved activations wait in "
                                 "host RAM and return a layer ahead of backward.")
        case "kbit-prep":
            return Qca.translate("MemoryNotes", "prepare_model_for_kbit_training casts the "
                                 "unquantized modules (embeddings, norms, LM head) to fp32.")
        case "cnn-checkpointing":
            return Qca.translate("MemoryNotes", "Checkpointed CNN stages are recomputed one at a "
                                 "time in backward (~33 % more compute).")
        case "vision-unsplit":
            return Qca.translate("MemoryNotes", "Vision models are rarely split by tensor or "
                                 "pipeline parallelism; activations are shown unsplit.")
        case "ddp-buckets":
            return Qca.translate("MemoryNotes", "DDP keeps a second copy of the gradients in its "
                                 "communication buckets (counted under framework).")
        case "zero3-gather":
            return Qca.translate("MemoryNotes", "%1 gathers two layers' full weights at a time "
                                 "(current and prefetched) and holds a layer's full gradient "
                                 "until it is reduce-scattered, counted under framework.")
        case "deepspeed-buffers":
            return Qca.translate("MemoryNotes", "DeepSpeed ZeRO-%1 buffers at its configured "
                                 "sizes: %2 of gradient buckets and %3 of parameters kept "
                                 "gathered (counted under framework), %4 of fp32 gradients "
                                 "during the step; the gathered part follows DeepSpeed's reuse "
                                 "rule, not a measurement.")
        case "allocator-variable":
            return Qca.translate("MemoryNotes", "Batches of varying length: PyTorch's allocator "
                                 "may keep up to about %1 more reserved (%2 of the tensors, "
                                 "measured on one torchtune run; another shows none: an uncertain "
                                 "figure); it is given back before running out of memory, so it "
                                 "is not in the total.")
        case "allocator-expandable":
            return Qca.translate("MemoryNotes", "expandable_segments:True: the allocator keeps no "
                                 "blocks cut for earlier batch shapes.")
        case "deepspeed-recipe":
            return Qca.translate("MemoryNotes", "DeepSpeed ZeRO mixed precision: 16-bit weights "
                                 "and gradients, fp32 master weights and Adam state (2 + 2 + 12 "
                                 "bytes per parameter before sharding).")
        case "optimizer-step-peak":
            return Qca.translate("MemoryNotes", "The optimizer step is the peak: the %1 optimizer "
                                 "allocates temporaries during the step.")
        case "optimizer-in-backward":
            return Qca.translate("MemoryNotes", "The optimizer steps each parameter as soon as its "
                                 "gradient is ready, so only the largest gradient is held at "
                                 "once.")
        case "paged-optimizer":
            return Qca.translate("MemoryNotes", "Paged optimizer state (%1) lives in CUDA unified "
                                 "memory: it is evicted to host RAM when the GPU runs short, so "
                                 "it needs no dedicated VRAM (steps slow down while it pages).")
        case "offload":
            return Qca.translate("MemoryNotes", "Offloaded to host RAM: %1 (%2 per GPU process).")
        case "qlora-base":
            return Qca.translate("MemoryNotes", "QLoRA: linear layers in 4-bit NF4 (%1 bits per "
                                 "weight with %2); embeddings, norms and the head stay 16-bit.")
        case "int8-base":
            return Qca.translate("MemoryNotes", "Base linear layers in 8-bit (bitsandbytes "
                                 "LLM.int8); embeddings, norms and the head stay 16-bit.")
        case "lora-adapters":
            return Qca.translate("MemoryNotes", "LoRA rank %1 on %2: %3 trainable parameters in "
                                 "%4.")
        case "chunked-loss":
            return Qca.translate("MemoryNotes", "Chunked cross-entropy upcasts and differentiates "
                                 "the logits %1 chunks at a time.")
        case "quantized-keep-16bit":
            return Qca.translate("MemoryNotes", "Embeddings and the LM head stay 16-bit under "
                                 "weight quantization.")
        case "int4-group":
            return Qca.translate("MemoryNotes", "int4 group quantization (group %1) stores ≈%2 "
                                 "bits per weight including scales and zero points.")
        case "legacy-cache":
            return Qca.translate("MemoryNotes", "Legacy generation loop: the tuple KV cache is "
                                 "rebuilt each step, so two copies exist while decoding, and the "
                                 "prompt's logits are kept in fp32 (transformers before "
                                 "mid-2024).")
        case "moe-all-experts":
            return Qca.translate("MemoryNotes", "MoE: all %1 experts are held in memory; %2 run "
                                 "per token.")
        case "kv-replicated":
            return Qca.translate("MemoryNotes", "Only %1 KV heads: the KV cache is replicated "
                                 "beyond %1-way tensor parallelism.")
        case "mla-cache":
            return Qca.translate("MemoryNotes", "Multi-head latent attention caches %1 values per "
                                 "token per layer (compressed KV %2 + RoPE key %3), not full keys "
                                 "and values.")
        case "sliding-window":
            return Qca.translate("MemoryNotes", "Sliding-window attention: %1 of %2 layers attend "
                                 "to the last %3 tokens only, which bounds their KV cache.")
        case "ssm-state":
            return Qca.translate("MemoryNotes", "Mamba keeps a fixed-size state per sequence "
                                 "(convolution and SSM state), not a KV cache that grows with the "
                                 "context.")
        case "vision-tower":
            return Qca.translate("MemoryNotes", "The vision tower encodes %1 patch tokens per "
                                 "sample.")
        case "inference-share-sd15":
            return Qca.translate("MemoryNotes", "The inference working set is scaled from the "
                                 "training profile by the share measured on the SD-1.5 UNet.")
    return None


def _parameter(name: str, value: str) -> str:
    """A parameter as the note shows it: codes worded, figures and names as core gives them."""
    match name, value:
        case "what", "optimizer":
            return Qca.translate("MemoryNotes", "master weights and optimizer state")
        case "what", "all":
            return Qca.translate("MemoryNotes",
                                 "weights, gradients, master weights and optimizer state")
        case "quant", "double":
            return Qca.translate("MemoryNotes", "double quantization")
        case "quant", "single":
            return Qca.translate("MemoryNotes", "fp32 block scales")
        case "targets", "attention":
            return Qca.translate("MemoryNotes", "the attention projections")
        case "targets", "all-linear":
            return Qca.translate("MemoryNotes", "all linear layers")
        case "group", "per-channel":
            return Qca.translate("MemoryNotes", "one per output channel")
    return value


def note_text(note: MemoryNote) -> str:
    """One note in the user's language (core's English for a code this version lacks)."""
    template = _template(note.code)
    names = PARAMETERS.get(note.code)
    if template is None or names is None:
        return note.message
    params = dict(note.params)
    values = [_parameter(name, params.get(name, "")) for name in names]
    return _PLACEHOLDER.sub(
        lambda m: values[int(m.group(1)) - 1] if 0 < int(m.group(1)) <= len(values)
        else m.group(0), template)
