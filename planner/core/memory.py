"""Per-GPU memory of training and inference, with a breakdown and its provenance.

Training memory is the larger of two moments of a step: the end of the forward pass (weights,
optimizer state, every saved activation, plus the gradient of the logits that backward creates
first) and the optimizer step (gradients, optimizer state and the step's temporaries). Adding the
two, as rules of thumb do, overstates small-batch runs; taking only one understates the other case.
The breakdown reported is the one at the peak, so its parts add up to the total.

Byte counts are exact integers; capacities compare in bytes (a "24 GB" card holds 24 GiB).
Pure Python; no Qt, no database.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from planner.core import transformer as tf
from planner.core.precision import (
    OPTIMIZER_STATES,
    OPTIMIZER_STEP_TEMPORARIES,
    QUANTIZATION_BYTES,
    STRATEGIES,
    EstimateError,
    check_optimizer,
    quantization_bytes,
    training_precision,
)
from planner.core.specs import Workload

MIB = 1024**2

#: Device memory PyTorch's CUDA context takes before the first tensor (kernels, cuBLAS/cuDNN
#: handles), with CUDA's lazy module loading (default since CUDA 11.7 in PyTorch 2.x). Observed
#: 300–600 MiB across recent GPUs and drivers; we reserve the upper middle. Not in the validation.
CUDA_CONTEXT_BYTES = 512 * MIB

#: Share of dynamic memory lost to the caching allocator's rounding (512-byte blocks, 2 MiB
#: segments) and fragmentation in a steady training loop.
ALLOCATOR_SLACK = 0.05

#: Relative error bands from the validation against PyTorch measurements (docs/estimation.md),
#: by provenance; verdicts downgrade "fits" to "tight" when the band would cross capacity.
ERROR_BANDS: dict[str, float] = {
    "formula": 0.15,
    "measured-profile": 0.10,
    "rule": 0.30,
}

#: Per-stage checkpointing of a CNN recomputes one stage at a time in backward; the largest stage
#: (ResNet's first, at 56×56) holds this share of the un-checkpointed activations. Measured on
#: ResNet-50 (tests/data/measurements.json, the checkpointed run: 530 MB recomputed at batch 16
#: against 1,375 MB saved without checkpointing); other CNNs are assumed alike, so such estimates
#: carry the wider "rule" error band.
CNN_CHECKPOINT_RECOMPUTE_SHARE = 0.39

#: Inference working set as a share of the training forward's saved bytes, for a profile whose
#: no-grad peak could not be measured (SDXL at the reduced size it was measured at): measured on
#: the SD-1.5 UNet, 118.9 MB against 1,871 MB per sample at 512 px. Such estimates carry the
#: "rule" band.
INFERENCE_SHARE_OF_TRAINING = 0.0636

#: LoRA target sets: the projections adapted in every layer.
LORA_TARGETS = ("attention", "all-linear")


@dataclass(frozen=True, slots=True)
class TrainingSetup:
    """The knobs of a training run, per GPU.

    ``batch`` is the micro-batch one GPU holds at once; the effective batch is
    ``batch × accumulation × data-parallel GPUs``. ``seq`` is tokens for transformers and the image
    side in pixels for vision models (``None``: the workload's default).
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

    @property
    def effective_batch(self) -> int:
        """Samples per optimizer step across data-parallel replicas."""
        dp = self.gpus if self.strategy not in ("tp", "pp") else 1
        return self.batch * self.accumulation * dp


@dataclass(frozen=True, slots=True)
class InferenceSetup:
    """The knobs of serving a model: weight quantization, batch and the tokens held in KV cache."""

    precision: str = "bf16"
    batch: int = 1
    seq: int | None = None
    kv_precision: str | None = None
    gpus: int = 1
    strategy: str = "tp"


@dataclass(frozen=True, slots=True)
class MemoryEstimate:
    """Bytes one GPU needs, by part; ``total_bytes`` is their sum at the peak moment."""

    parameters: int
    trainable_parameters: int
    weights: int
    gradients: int
    optimizer: int
    activations: int
    kv_cache: int
    overhead: int
    peak_phase: str
    provenance: str
    error_band: float
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def total_bytes(self) -> int:
        """Everything one GPU must hold at the peak."""
        return self.tensor_bytes + self.overhead

    @property
    def tensor_bytes(self) -> int:
        """Tensors alone (what a CPU measurement sees), without CUDA context or allocator slack."""
        return self.weights + self.gradients + self.optimizer + self.activations + self.kv_cache

    def breakdown(self) -> dict[str, int]:
        """The parts, keyed as the CLI contract names them."""
        return {
            "weights": self.weights,
            "gradients": self.gradients,
            "optimizer": self.optimizer,
            "activations": self.activations,
            "kv_cache": self.kv_cache,
            "overhead": self.overhead,
        }


def _check_common(batch: int, seq: int | None, gpus: int, strategy: str) -> None:
    if not isinstance(batch, int) or batch < 1:
        raise EstimateError(f"Batch size must be a whole number of at least 1 (got {batch}).")
    if seq is not None and (not isinstance(seq, int) or seq < 1):
        raise EstimateError(f"Sequence length must be a whole number of at least 1 (got {seq}).")
    if not isinstance(gpus, int) or not 1 <= gpus <= 1024:
        raise EstimateError(f"GPU count must be a whole number from 1 to 1024 (got {gpus}).")
    if strategy not in STRATEGIES:
        raise EstimateError(f"Unknown strategy '{strategy}'; use one of {', '.join(STRATEGIES)}.")


def resolve_seq(w: Workload, seq: int | None) -> int:
    """Sequence length (tokens) or image side (pixels) to size for: the given one or a default."""
    if seq is not None:
        return seq
    if w.default_seq:
        return w.default_seq
    if w.is_transformer:
        if w.family == "vit":
            return w.image_size or 224
        return min(w.context or 2048, 2048)
    return w.image_size or 224


def positions(w: Workload, seq: int) -> int:
    """Sequence positions one sample occupies: ViT patches (+ class token) or text tokens."""
    if w.family == "vit":
        patch = w.patch_size or 16
        return (seq // patch) ** 2 + 1
    return seq


def parameters_of(w: Workload) -> int:
    """The model's parameter count: the catalog's stated figure, else counted from its shape."""
    if w.parameters:
        return w.parameters
    counted = tf.count_parameters(w)
    if counted is None:
        raise EstimateError(f"The parameter count of '{w.name}' is unknown.")
    return counted


def lora_parameters(w: Workload, rank: int, targets: str = "attention") -> int:
    """Trainable adapter parameters: rank × (in + out) for each adapted projection of each layer."""
    if not (w.hidden and w.layers and w.heads):
        raise EstimateError(f"LoRA sizing needs a transformer's shape; '{w.name}' has none.")
    h = w.hidden
    q = w.heads * w.head_dimension
    kv = w.kv_head_count * w.head_dimension
    per_layer = rank * ((h + q) + 2 * (h + kv) + (q + h))
    if targets == "all-linear":
        f = w.moe_intermediate or w.intermediate or 4 * h
        mats = 3 if w.gated_mlp else 2
        per_layer += rank * mats * (h + f) * (w.experts or 1)
    layers = w.layers + (w.decoder_layers or 0)
    return layers * per_layer


def activation_bytes(
    w: Workload, setup: TrainingSetup, seq: int
) -> tuple[float, float, tuple[str, ...]]:
    """Activation bytes alive after forward on one GPU, and the larger backward transient.

    The first figure is what a forward pass + loss leaves allocated (saved tensors, returned
    logits); the second is what backward adds before it frees anything (the logits' gradient, or
    with checkpointing one recomputed layer).
    """
    p = training_precision(setup.precision)
    notes: list[str] = []
    n = setup.gpus
    if w.is_transformer:
        style = tf.style_of(w)
        dims = tf.dims_of(w)
        tokens = positions(w, seq) * setup.batch
        flash = setup.attention == "flash"
        per_layer = tf.bytes_per_token(style.layer_terms, w, p, dims)
        scores = tf.attention_scores_bytes_per_token(style, w, p, positions(w, seq), flash)
        if setup.strategy == "tp" and n > 1:
            # Megatron TP without sequence parallelism: heads and MLP columns split, the residual
            # stream, norms and dropout masks replicated.
            sharded = tuple(t for t in style.layer_terms if t[1] != "h")
            replicated = tuple(t for t in style.layer_terms if t[1] == "h")
            per_layer = (
                tf.bytes_per_token(replicated, w, p, dims)
                + tf.bytes_per_token(sharded, w, p, dims) / n
            )
            scores /= n
        layer_bytes = (per_layer + scores) * tokens
        layers = w.layers or 0
        dec_layers = w.decoder_layers or 0
        if w.family == "encoder-decoder":
            enc_tokens = (w.encoder_context or positions(w, seq)) * setup.batch
            enc_layer = (per_layer + tf.attention_scores_bytes_per_token(
                style, w, p, w.encoder_context or seq, flash)) * enc_tokens
            # Decoder layers add cross-attention: a query, the encoder's keys and values per
            # layer, and scores over the encoder length.
            cross = (
                tf.bytes_per_token((("act", "q", 3.0),), w, p, dims) * tokens
                + tf.bytes_per_token((("act", "kv", 2.0),), w, p, dims) * enc_tokens
                + tf.attention_scores_bytes_per_token(
                    style, w, p, w.encoder_context or seq, flash) * tokens
            )
            enc_total = layers * enc_layer
            dec_total = (dec_layers or layers) * (layer_bytes + cross)
            body = enc_total + dec_total
            one_layer = max(enc_layer, layer_bytes + cross)
            checkpoint_inputs = p.resid * (w.hidden or 0) * (
                layers * enc_tokens + (dec_layers or layers) * tokens)
        else:
            body = layers * layer_bytes
            one_layer = layer_bytes
            checkpoint_inputs = p.resid * (w.hidden or 0) * tokens * layers
        edges = tokens * (tf.bytes_per_token(style.embed_terms, w, p, dims)
                          + tf.bytes_per_token(style.final_terms, w, p, dims))
        logits, transient = (0.0, 0.0)
        if style.lm_head:
            per_tok_saved, per_tok_transient = tf.logits_bytes_per_token(w, p)
            logits, transient = per_tok_saved * tokens, per_tok_transient * tokens
            if setup.strategy == "tp" and n > 1:  # vocab-parallel head and loss
                logits, transient = logits / n, transient / n
        if setup.checkpointing:
            # Forward keeps only each layer's input; backward recomputes one layer at a time,
            # after the logits' gradient is gone: the larger of the two transients counts.
            body = checkpoint_inputs
            transient = max(transient, one_layer)
            notes.append("Gradient checkpointing keeps each layer's input and recomputes one "
                         "layer at a time (~33 % more compute).")
        if setup.strategy == "pp" and n > 1:
            # 1F1B: the first stage holds `n` micro-batches of its layers — the whole body's worth
            # of one micro-batch; the last stage holds its share plus the LM head.
            last = body / n + logits
            first = body + edges
            if last > first:
                return last + edges, transient, tuple(notes)
            return first, 0.0, tuple(notes)
        return body + edges + logits, transient, tuple(notes)
    prof = w.profile
    if prof is None:
        raise EstimateError(f"'{w.name}' has no measured activation profile to size it from.")
    scale = (seq / prof.image_size) ** 2
    bf16 = p.act < 4
    if setup.checkpointing:
        per_sample = (prof.checkpointed_bf16_bytes_per_sample if bf16
                      else prof.checkpointed_fp32_bytes_per_sample)
        if per_sample is None:
            raise EstimateError(
                f"Gradient checkpointing has not been measured for '{w.name}'.")
    else:
        per_sample = prof.bf16_bytes_per_sample if bf16 else prof.fp32_bytes_per_sample
    acts = per_sample * scale * setup.batch
    transient = 0.0
    if setup.checkpointing:
        full = prof.bf16_bytes_per_sample if bf16 else prof.fp32_bytes_per_sample
        transient = CNN_CHECKPOINT_RECOMPUTE_SHARE * full * scale * setup.batch
        notes.append("Checkpointed CNN stages are recomputed one at a time in backward "
                     "(~33 % more compute).")
    if setup.strategy in ("tp", "pp") and n > 1:
        notes.append("Vision models are rarely split by tensor or pipeline parallelism; "
                     "activations are shown unsplit.")
    return acts, transient, tuple(notes)


def _zero3_gather(w: Workload, params: int, bytes_per: float) -> float:
    """ZeRO-3/FSDP: one layer's full weights gathered, plus the prefetched next one."""
    layers = (w.layers or 0) + (w.decoder_layers or 0)
    if layers <= 0:
        layers = 50
    return 2 * params / layers * bytes_per


def estimate_training(w: Workload, setup: TrainingSetup) -> MemoryEstimate:
    """Per-GPU training memory for one workload under one setup (see module docstring)."""
    _check_common(setup.batch, setup.seq, setup.gpus, setup.strategy)
    if setup.accumulation < 1:
        raise EstimateError(
            f"Gradient accumulation must be a whole number of at least 1 "
            f"(got {setup.accumulation}).")
    if setup.attention not in ("flash", "eager"):
        raise EstimateError("Attention must be 'flash' or 'eager'.")
    p = training_precision(setup.precision)
    check_optimizer(setup.optimizer)
    seq = resolve_seq(w, setup.seq)
    params = parameters_of(w)
    n, strategy = setup.gpus, setup.strategy
    notes: list[str] = []

    state_bytes = 2.0 if setup.optimizer == "adam-8bit" else OPTIMIZER_STATES[
        setup.optimizer] * p.state_bytes
    if setup.lora_rank is not None or setup.qlora:
        rank = setup.lora_rank or 16
        if rank < 1:
            raise EstimateError(f"LoRA rank must be at least 1 (got {rank}).")
        trainable = lora_parameters(w, rank, setup.lora_targets)
        if setup.qlora:
            emb = tf.embedding_parameters(w)
            base = (params - emb) * QUANTIZATION_BYTES["nf4"] + emb * 2.0
            notes.append("QLoRA: linear layers in 4-bit NF4 with double quantization "
                         "(≈4.13 bits per weight); embeddings and head stay 16-bit.")
        else:
            base = params * (4.0 if setup.precision == "fp32" else 2.0)
        adapter_bytes = 4.0  # adapters train in fp32 under autocast
        weights = base + trainable * adapter_bytes
        grads = trainable * adapter_bytes
        if setup.optimizer == "adafactor":
            opt = trainable * adapter_bytes * 0.01
        else:
            opt = trainable * (2.0 if setup.optimizer == "adam-8bit"
                               else OPTIMIZER_STATES[setup.optimizer] * 4.0)
        step_temp = trainable * OPTIMIZER_STEP_TEMPORARIES[setup.optimizer] * 4.0
        weights_fwd_only = 0.0
    else:
        trainable = params
        weights = params * p.weights
        grads = params * p.grads
        if setup.optimizer == "adafactor":
            state = tf.matrix_state_elements(w, params) * p.state_bytes
        else:
            state = params * state_bytes
        opt = params * p.master + state
        step_temp = params * OPTIMIZER_STEP_TEMPORARIES[setup.optimizer] * max(p.state_bytes, 4.0
                                                                                if p.master else 0)
        # Under autocast the 16-bit weight casts live only through forward and backward.
        weights_fwd_only = weights if p.autocast and p.master else 0.0

    # Sharding of model states over the GPUs.
    overhead_extra = 0.0
    if n > 1:
        if strategy == "ddp":
            # DDP's reducer copies gradients into flat buckets (gradient_as_bucket_view=False).
            overhead_extra += grads
            notes.append("DDP keeps a second copy of the gradients in its communication buckets.")
        elif strategy == "zero1":
            opt /= n
        elif strategy == "zero2":
            opt /= n
            grads /= n
        elif strategy in ("zero3", "fsdp"):
            overhead_extra += _zero3_gather(w, params, p.weights if not setup.qlora else 0.6)
            opt /= n
            grads /= n
            weights /= n
            weights_fwd_only /= n
        elif strategy in ("tp", "pp"):
            opt /= n
            grads /= n
            weights /= n
            weights_fwd_only /= n
            step_temp /= n
            if strategy == "tp" and w.heads and w.heads % n:
                notes.append(f"{w.heads} attention heads do not split evenly over {n} GPUs.")
        if strategy in ("zero1", "zero2", "zero3", "fsdp"):
            step_temp /= n

    acts, bwd_transient, act_notes = activation_bytes(w, setup, seq)
    notes.extend(act_notes)
    grads_persist = grads if setup.accumulation > 1 else 0.0
    forward_peak = weights + opt + acts + bwd_transient + grads_persist
    step_peak = (weights - weights_fwd_only) + grads + opt + step_temp
    dynamic = max(forward_peak, step_peak)
    overhead = CUDA_CONTEXT_BYTES + ALLOCATOR_SLACK * dynamic + overhead_extra
    provenance = "formula" if w.is_transformer else "measured-profile"
    if setup.checkpointing and not w.is_transformer:
        provenance = "rule"
    if forward_peak >= step_peak:
        phase = "backward" if bwd_transient else "forward"
        parts = (weights, grads_persist, opt, acts + bwd_transient)
    else:
        phase = "optimizer"
        parts = (weights - weights_fwd_only, grads, opt + step_temp, 0.0)
        if step_temp:
            notes.append("The optimizer step is the peak: PyTorch's default foreach optimizer "
                         "allocates temporaries the size of the parameters.")
    return MemoryEstimate(
        parameters=params,
        trainable_parameters=trainable,
        weights=math.ceil(parts[0]),
        gradients=math.ceil(parts[1]),
        optimizer=math.ceil(parts[2]),
        activations=math.ceil(parts[3]),
        kv_cache=0,
        overhead=math.ceil(overhead),
        peak_phase=phase,
        provenance=provenance,
        error_band=ERROR_BANDS[provenance],
        notes=tuple(notes),
    )


def kv_cache_bytes(w: Workload, batch: int, context: int, bytes_per: float) -> float:
    """K and V for every layer: 2 × layers × KV heads × head dim × tokens × batch × bytes.

    Sized by KV heads (grouped-query attention), not by hidden size: Llama-3-70B's 8 KV heads
    cache 1/8 of what 64 full heads would.
    """
    layers = (w.decoder_layers or w.layers or 0)
    return 2.0 * layers * w.kv_head_count * w.head_dimension * context * batch * bytes_per


def estimate_inference(w: Workload, setup: InferenceSetup) -> MemoryEstimate:
    """Per-GPU memory to serve a model: quantized weights, KV cache, working activations."""
    _check_common(setup.batch, setup.seq, setup.gpus, setup.strategy)
    wb = quantization_bytes(setup.precision)
    params = parameters_of(w)
    n = setup.gpus
    notes: list[str] = []
    inferred = False
    if w.is_transformer:
        emb = tf.embedding_parameters(w)
        keep16 = setup.precision in ("int8", "int4", "fp8")
        weights = (params - emb) * wb + emb * (2.0 if keep16 else wb)
        if keep16:
            notes.append("Embeddings and the LM head stay 16-bit under weight quantization.")
        if setup.precision == "int4":
            notes.append("int4 group quantization (group 128) stores ≈4.16 bits per weight "
                         "including scales and zero points.")
        seq = resolve_seq(w, setup.seq)
        kv_dtype = setup.kv_precision or ("fp32" if setup.precision == "fp32" else "fp16")
        kvb = quantization_bytes(kv_dtype)
        kv = 0.0
        if w.family in ("decoder", "encoder-decoder"):
            kv = kv_cache_bytes(w, setup.batch, seq, kvb)
            if w.family == "encoder-decoder":
                kv += kv_cache_bytes(w, setup.batch, w.encoder_context or seq, kvb)
        act_b = 4.0 if setup.precision == "fp32" else 2.0
        h = float(w.hidden or 0)
        f = float(w.moe_intermediate or w.intermediate or 4 * h) * (w.experts_per_token or 1)
        tokens = positions(w, seq) * setup.batch
        # Prefill of the prompt is the working-memory peak: one layer's MLP and attention
        # outputs live at once; the LM head computes logits for the last position only.
        working = tokens * (2 * f + 4 * h) * act_b + setup.batch * (w.vocab or 0) * 8.0
        if w.experts:
            notes.append(f"MoE: all {w.experts} experts are held in memory; "
                         f"{w.experts_per_token} run per token.")
    else:
        weights = params * wb
        kv = 0.0
        prof = w.profile
        if prof is None:
            raise EstimateError(f"'{w.name}' has no measured activation profile.")
        per_sample = prof.inference_fp32_bytes_per_sample
        if per_sample is None:
            per_sample = round(prof.fp32_bytes_per_sample * INFERENCE_SHARE_OF_TRAINING)
            inferred = True
            notes.append("The inference working set is scaled from the training profile by "
                         "the share measured on the SD-1.5 UNet.")
        seq = resolve_seq(w, setup.seq)
        scale = (seq / prof.image_size) ** 2
        working = per_sample * scale * setup.batch * (1.0 if setup.precision == "fp32" else 0.5)
    if n > 1:
        if setup.strategy in ("tp", "pp"):
            weights /= n
            if setup.strategy == "tp":
                kv_split = min(n, max(1, w.kv_head_count))
                kv /= kv_split
                if w.kv_head_count and w.kv_head_count < n:
                    notes.append(f"Only {w.kv_head_count} KV heads: the KV cache is replicated "
                                 f"beyond {w.kv_head_count}-way tensor parallelism.")
                working /= n
            else:
                kv /= n
        elif setup.strategy in ("zero3", "fsdp"):
            weights /= n
    dynamic = weights + kv + working
    overhead = CUDA_CONTEXT_BYTES + ALLOCATOR_SLACK * dynamic
    provenance = "formula" if w.is_transformer else (
        "rule" if inferred else "measured-profile")
    return MemoryEstimate(
        parameters=params,
        trainable_parameters=0,
        weights=math.ceil(weights),
        gradients=0,
        optimizer=0,
        activations=math.ceil(working),
        kv_cache=math.ceil(kv),
        overhead=math.ceil(overhead),
        peak_phase="prefill",
        provenance=provenance,
        error_band=ERROR_BANDS[provenance],
        notes=tuple(notes),
    )


def rule_of_thumb_bytes(params: int) -> int:
    """The popular '16 bytes per parameter' rule (mixed-precision Adam, no activations)."""
    return 16 * params
