"""What an estimate assumed, as codes with parameters, and their English sentences.

Core never words a note for one language only: each note is a ``code`` with ``params`` (as build
warnings are, see :mod:`planner.core.plan.physics`), so the UI can translate it;
:attr:`MemoryNote.message` is the English rendering the CLI prints and the UI falls back to for a
code it does not know yet.
Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass

#: English template of every note code; ``{name}`` is filled from the note's parameters.
TEMPLATES: dict[str, str] = {
    "checkpointing-full": "Gradient checkpointing keeps each layer's input and recomputes one "
                          "layer at a time (~33 % more compute).",
    "checkpointing-every": "Checkpointing every {every} layers: {checkpointed} of {layers} layers "
                           "keep only their input and are recomputed in backward.",
    "checkpointing-selective": "Selective checkpointing recomputes the attention sub-block of "
                               "each layer; the MLP's activations are kept.",
    "checkpointing-op": "Op-level selective checkpointing (torchtitan's 'op'): each layer keeps "
                        "its input, every other matmul's output and the attention output; the "
                        "rest is recomputed in backward.",
    "activation-offloading": "Activation offloading: saved activations wait in host RAM and "
                             "return a layer ahead of backward.",
    "kbit-prep": "prepare_model_for_kbit_training casts the unquantized modules (embeddings, "
                 "norms, LM head) to fp32.",
    "cnn-checkpointing": "Checkpointed CNN stages are recomputed one at a time in backward "
                         "(~33 % more compute).",
    "vision-unsplit": "Vision models are rarely split by tensor or pipeline parallelism; "
                      "activations are shown unsplit.",
    "ddp-buckets": "DDP keeps a second copy of the gradients in its communication buckets "
                   "(counted under framework).",
    "zero3-gather": "{strategy} gathers two layers' full weights at a time (current and "
                    "prefetched) and holds a layer's full gradient until it is reduce-scattered, "
                    "counted under framework.",
    "deepspeed-buffers": "DeepSpeed ZeRO-{stage} buffers at its configured sizes: {buckets} "
                         "of gradient buckets and {gathered} of parameters kept gathered "
                         "(counted under framework), {step} of fp32 gradients during the "
                         "step; the gathered part follows DeepSpeed's reuse rule, not a "
                         "measurement.",
    "allocator-variable": "Batches of varying length: PyTorch's allocator may keep up to "
                          "about {size} more reserved ({share} of the tensors, measured on one "
                          "torchtune run; another shows none: an uncertain figure); it is given "
                          "back before running out of memory, so it is not in the total.",
    "allocator-expandable": "expandable_segments:True: the allocator keeps no blocks cut for "
                            "earlier batch shapes.",
    "deepspeed-recipe": "DeepSpeed ZeRO mixed precision: 16-bit weights and gradients, fp32 "
                        "master weights and Adam state (2 + 2 + 12 bytes per parameter before "
                        "sharding).",
    "optimizer-step-peak": "The optimizer step is the peak: the {impl} optimizer allocates "
                           "temporaries during the step.",
    "optimizer-in-backward": "The optimizer steps each parameter as soon as its gradient is "
                             "ready, so only the largest gradient is held at once.",
    "paged-optimizer": "Paged optimizer state ({size}) lives in CUDA unified memory: it is "
                       "evicted to host RAM when the GPU runs short, so it needs no dedicated "
                       "VRAM (steps slow down while it pages).",
    "offload": "Offloaded to host RAM: {what} ({size} per GPU process).",
    "qlora-base": "QLoRA: linear layers in 4-bit NF4 ({bits} bits per weight with {quant}); "
                  "embeddings, norms and the head stay 16-bit.",
    "int8-base": "Base linear layers in 8-bit (bitsandbytes LLM.int8); embeddings, norms and the "
                 "head stay 16-bit.",
    "lora-adapters": "LoRA rank {rank} on {targets}: {trainable} trainable parameters in "
                     "{dtype}.",
    "chunked-loss": "Chunked cross-entropy upcasts and differentiates the logits {chunks} chunks "
                    "at a time.",
    "quantized-keep-16bit": "Embeddings and the LM head stay 16-bit under weight quantization.",
    "int4-group": "int4 group quantization (group {group}) stores ≈{bits} bits per weight "
                  "including scales and zero points.",
    "legacy-cache": "Legacy generation loop: the tuple KV cache is rebuilt each step, so two "
                    "copies exist while decoding, and the prompt's logits are kept in fp32 "
                    "(transformers before mid-2024).",
    "moe-all-experts": "MoE: all {experts} experts are held in memory; {active} run per token.",
    "kv-replicated": "Only {kv_heads} KV heads: the KV cache is replicated beyond "
                     "{kv_heads}-way tensor parallelism.",
    "mla-cache": "Multi-head latent attention caches {per_token} values per token per layer "
                 "(compressed KV {rank} + RoPE key {rope}), not full keys and values.",
    "sliding-window": "Sliding-window attention: {sliding} of {layers} layers attend to the last "
                      "{window} tokens only, which bounds their KV cache.",
    "ssm-state": "Mamba keeps a fixed-size state per sequence (convolution and SSM state), not a "
                 "KV cache that grows with the context.",
    "vision-tower": "The vision tower encodes {tokens} patch tokens per sample.",
    "inference-share-sd15": "The inference working set is scaled from the training profile by "
                            "the share measured on the SD-1.5 UNet.",
}


#: Parameters given as codes, and their English words (the UI words them in its language).
PARAM_WORDS: dict[str, dict[str, str]] = {
    "what": {"optimizer": "master weights and optimizer state",
             "all": "weights, gradients, master weights and optimizer state"},
    "quant": {"double": "double quantization", "single": "fp32 block scales"},
}


@dataclass(frozen=True, slots=True)
class MemoryNote:
    """One assumption or consequence of an estimate: a code and its parameters."""

    code: str
    params: tuple[tuple[str, str], ...] = ()

    @property
    def message(self) -> str:
        """The English sentence (the CLI's wording; the UI's fallback)."""
        template = TEMPLATES.get(self.code)
        if template is None:
            return self.code
        return template.format(**{k: PARAM_WORDS.get(k, {}).get(v, v) for k, v in self.params})

    def __str__(self) -> str:
        return self.message


def note(code: str, **params: object) -> MemoryNote:
    """A note with its parameters rendered as text (the form translations fill in)."""
    if code not in TEMPLATES:
        raise KeyError(code)
    return MemoryNote(code, tuple((k, str(v)) for k, v in params.items()))


def gib_text(n: float) -> str:
    """Bytes as the notes show them: ``12.3 GiB``."""
    return f"{n / 1024**3:,.1f} GiB"
