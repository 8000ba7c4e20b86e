"""The knobs of a training or serving run, and the estimate's result record.

Field names are a public interface: the `.gpubuild` format stores them and the CLI's JSON names
the breakdown after them. Every field added after the first format has a default, so older files
and callers keep working. Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass

from planner.core.estimator.memory_notes import MemoryNote

#: Checkpointing modes, in the frameworks' own words: ``full`` checkpoints every layer (torchtitan's
#: ``mode = "full"``, Hugging Face's ``gradient_checkpointing=True``, torchtune's
#: ``enable_activation_checkpointing``); ``selective-op`` is torchtitan's op-level selective AC
#: (``selective_ac_option = "op"``: matmul and attention outputs saved, pointwise work recomputed);
#: ``every:N`` its per-layer selective AC (one layer in N); ``selective`` the attention sub-block
#: only (Megatron's selective recomputation).
CHECKPOINT_MODES: tuple[str, ...] = ("full", "selective-op", "every:N", "selective")

#: The breakdown's keys, in the order the CLI prints them and charts stack them.
BREAKDOWN_KEYS: tuple[str, ...] = (
    "weights", "master_weights", "gradients", "optimizer_state", "optimizer_temporaries",
    "activations", "logits", "kv_cache", "framework",
)


@dataclass(frozen=True, slots=True)
class TrainingSetup:
    """The knobs of a training run, per GPU.

    ``batch`` is the micro-batch one GPU holds at once; the effective batch is
    ``batch × accumulation × data-parallel GPUs``. ``seq`` is tokens for transformers and the image
    side in pixels for vision models (``None``: the workload's default). ``checkpoint_mode``
    applies when ``checkpointing`` is on: ``full``, ``selective`` (attention only) or ``every:N``.
    ``lora_targets`` is ``attention``, ``all-linear`` or a comma-separated list of module names.
    """

    precision: str = "amp-bf16"
    optimizer: str = "adamw"
    batch: int = 1
    seq: int | None = None
    checkpointing: bool = False
    accumulation: int = 1
    attention: str = "flash"
    gpus: int = 1
    strategy: str = "ddp"
    lora_rank: int | None = None
    qlora: bool = False
    lora_targets: str = "attention"
    checkpoint_mode: str = "full"
    adapter_dtype: str = "fp32"
    double_quant: bool = True
    int8_base: bool = False
    optimizer_impl: str = "foreach"
    optimizer_in_backward: bool = False
    loss: str = "full"
    offload: str = "none"
    #: Gradients stay allocated between steps (PyTorch 1.x ``zero_grad()`` zeroed them in place;
    #: since 2.0 it frees them), so the next forward runs beside them.
    keep_gradients: bool = False
    #: Decoder (target) tokens of an encoder-decoder model; ``None``: by task (see
    #: :func:`planner.core.activations.target_tokens`). ``seq`` is then the source length.
    target_seq: int | None = None
    #: torchtune's ``enable_activation_offloading``: saved activations wait in host RAM.
    activation_offloading: bool = False
    #: The software stack (:mod:`planner.core.stacks`): CUDA context, allocator slack and
    #: PyTorch's defaults of that generation.
    stack: str = "modern"
    #: PEFT's ``prepare_model_for_kbit_training`` before QLoRA: the modules left unquantized
    #: (embeddings, norms, LM head) are cast to fp32.
    kbit_prep: bool = False
    #: DeepSpeed ZeRO's buffer knobs, in elements, at DeepSpeed's own defaults
    #: (``deepspeed/runtime/zero/config.py``): ``reduce_bucket_size`` 5e8 (the contiguous gradient
    #: bucket, stages 2 and 3), ``stage3_prefetch_bucket_size`` 5e7, ``stage3_max_live_parameters``
    #: 1e9, ``stage3_max_reuse_distance`` 1e9 and ``sub_group_size`` 1e9 (the step's fp32
    #: gradient tile). ``overlap_comm`` is stage 2's (off by default for stages 1-2, where it
    #: doubles the bucket; stage 3 keeps one bucket per dtype either way).
    reduce_bucket_size: int = 500_000_000
    prefetch_bucket_size: int = 50_000_000
    max_live_parameters: int = 1_000_000_000
    max_reuse_distance: int = 1_000_000_000
    sub_group_size: int = 1_000_000_000
    overlap_comm: bool = False
    #: How batches are shaped: ``fixed`` (padded to one length, or packed) or ``variable``
    #: (each padded to its longest sample), and whether PyTorch's allocator runs with
    #: ``expandable_segments:True`` (:mod:`planner.core.estimator.allocator`).
    lengths: str = "fixed"
    expandable_segments: bool = False

    @property
    def effective_batch(self) -> int:
        """Samples per optimizer step across data-parallel replicas."""
        dp = self.gpus if self.strategy not in ("tp", "pp") else 1
        return self.batch * self.accumulation * dp

    @property
    def uses_adapters(self) -> bool:
        """LoRA or QLoRA (a frozen base with trained adapters)."""
        return self.lora_rank is not None or self.qlora


@dataclass(frozen=True, slots=True)
class InferenceSetup:
    """The knobs of serving a model: weight quantization, batch and the tokens held in KV cache.

    ``group_size`` is int4's quantization group (GPTQ/AWQ: 32, 64, 128 …; 0 one group per
    output channel, GPTQ's ``-1``). ``cache`` is how the generating loop keeps the KV cache:
    ``dynamic`` as transformers does today (one copy growing in place, logits of the last
    position only), ``legacy`` as transformers did before mid-2024 (a tuple cache rebuilt each
    step, so two copies while decoding, and the prompt's logits upcast to fp32 and kept).
    """

    precision: str = "bf16"
    batch: int = 1
    seq: int | None = None
    kv_precision: str | None = None
    gpus: int = 1
    strategy: str = "tp"
    group_size: int = 128
    cache: str = "dynamic"


@dataclass(frozen=True, slots=True)
class MemoryEstimate:
    """Bytes one GPU needs, by part; ``total_bytes`` is their sum at the peak moment.

    ``weights`` is the copy the forward pass reads, ``master_weights`` the higher-precision copy
    the optimizer updates, ``optimizer_temporaries`` what the step allocates and frees,
    ``framework`` the CUDA context, communication buffers, workspaces and allocator slack.
    ``host_bytes`` is offloaded or paged state in host RAM (not part of the total).
    """

    parameters: int
    trainable_parameters: int
    weights: int
    gradients: int
    optimizer_state: int
    activations: int
    kv_cache: int
    framework: int
    peak_phase: str
    provenance: str
    error_band: float
    notes: tuple[MemoryNote, ...] = ()
    master_weights: int = 0
    optimizer_temporaries: int = 0
    logits: int = 0
    host_bytes: int = 0
    context_bytes: int = 0
    slack_bytes: int = 0
    #: What PyTorch's allocator may keep reserved beyond the total after variable-shaped steps;
    #: returned before an out-of-memory error, so not part of the total or the verdict.
    reserve_bytes: int = 0

    @property
    def total_bytes(self) -> int:
        """Everything one GPU must hold at the peak: the sum of the breakdown."""
        return sum(self.breakdown().values())

    @property
    def tensor_bytes(self) -> int:
        """Tensors alone: what ``max_memory_allocated`` or a CPU measurement sees.

        The total without the CUDA context and the allocator's slack.
        """
        return self.total_bytes - self.context_bytes - self.slack_bytes

    def breakdown(self) -> dict[str, int]:
        """The parts, keyed as the CLI contract names them (:data:`BREAKDOWN_KEYS`)."""
        return {
            "weights": self.weights,
            "master_weights": self.master_weights,
            "gradients": self.gradients,
            "optimizer_state": self.optimizer_state,
            "optimizer_temporaries": self.optimizer_temporaries,
            "activations": self.activations,
            "logits": self.logits,
            "kv_cache": self.kv_cache,
            "framework": self.framework,
        }
