"""Names and byte sizes of training precisions, inference quantizations and optimizers.

These names are a public interface (the CLI flags and the `.gpubuild` format use them), so they live
in one table each and everything else looks them up here.
"""

from __future__ import annotations

from dataclasses import dataclass


class EstimateError(ValueError):
    """A request the estimator cannot answer; the message is one plain sentence for the user.

    ``setting`` names the workload setting at fault when one is (a :class:`TrainingSetup` or
    :class:`InferenceSetup` field, e.g. ``"seq"`` or ``"lora_targets"``), so an editor can mark
    that setting rather than only the estimate.
    """

    def __init__(self, message: str, setting: str | None = None) -> None:
        super().__init__(message)
        self.setting = setting


@dataclass(frozen=True, slots=True)
class TrainingPrecision:
    """How a training recipe stores weights, gradients and master copies, in bytes per parameter.

    ``weights`` is the copy the forward pass reads; ``master`` a higher-precision copy the optimizer
    updates (counted under *optimizer*, as the ZeRO paper does); ``grads`` the gradient element.
    ``compute`` names the tensor-core rate used for speed; ``act`` the bytes of a saved matmul
    activation, ``resid`` those of the residual stream (fp32 under autocast), ``linear_in`` those of
    a saved GEMM input (one byte under FP8 recipes).
    """

    name: str
    label: str
    weights: float
    grads: float
    master: float
    state_bytes: float
    compute: str
    act: float
    resid: float
    linear_in: float
    softmax: float
    autocast: bool


TRAINING_PRECISIONS: dict[str, TrainingPrecision] = {
    p.name: p
    for p in (
        # fp32: one fp32 copy of everything.
        TrainingPrecision("fp32", "FP32", 4, 4, 0, 4, "fp32", 4, 4, 4, 4, False),
        # PyTorch AMP (torch.autocast): parameters stay fp32 and gradients land on them in fp32; the
        # forward reads 16-bit casts of the weights (autocast's weight cache), saved for backward.
        TrainingPrecision("amp-fp16", "AMP FP16", 2, 4, 4, 4, "fp16", 2, 4, 2, 4, True),
        TrainingPrecision("amp-bf16", "AMP BF16", 2, 4, 4, 4, "bf16", 2, 4, 2, 4, True),
        # Pure 16-bit: weights, gradients and optimizer state all 16-bit, no master copy.
        TrainingPrecision("fp16", "FP16 (pure)", 2, 2, 0, 2, "fp16", 2, 2, 2, 2, False),
        TrainingPrecision("bf16", "BF16 (pure)", 2, 2, 0, 2, "bf16", 2, 2, 2, 2, False),
        # FP8 (Transformer Engine style): bf16 weights plus fp8 casts, fp32 master and state,
        # GEMM inputs saved in fp8.
        TrainingPrecision("fp8", "FP8 (Transformer Engine)", 3, 2, 4, 4, "fp8", 2, 2, 1, 2, True),
    )
}

#: Optimizer state in elements per trainable parameter (multiplied by the precision's state bytes,
#: or one byte for the 8-bit optimizers). ``adafactor`` keeps factored second moments (rows +
#: columns per matrix), no first moment.
OPTIMIZER_STATES: dict[str, float] = {
    "sgd": 0.0,
    "sgd-momentum": 1.0,
    "adam": 2.0,
    "adamw": 2.0,
    "adam-8bit": 2.0,
    "adamw-8bit": 2.0,
    "paged-adamw": 2.0,
    "paged-adamw-8bit": 2.0,
    "adafactor": 0.0,
    "lion": 1.0,
}

#: bitsandbytes' block-wise 8-bit optimizers: one byte per state element plus an fp32 absmax per
#: block of 2,048 elements (Dettmers et al. 2022, "8-bit Optimizers via Block-wise Quantization").
EIGHT_BIT_OPTIMIZERS = frozenset({"adam-8bit", "adamw-8bit", "paged-adamw-8bit"})
EIGHT_BIT_STATE_BYTES = 1.0 + 4.0 / 2048

#: bitsandbytes' paged optimizers keep their state in CUDA unified memory, which the driver pages
#: out to host RAM when the GPU runs short (Dettmers et al. 2023, QLoRA §2).
PAGED_OPTIMIZERS = frozenset({"paged-adamw", "paged-adamw-8bit"})

#: Step temporaries of PyTorch's default ``foreach`` implementations, in parameter-sized copies of
#: the state dtype: Adam/AdamW materialise ``sqrt(exp_avg_sq)`` for every tensor at once; Lion its
#: update direction; SGD (no weight decay) updates in place. bitsandbytes' 8-bit and paged
#: optimizers update in one fused kernel per tensor.
OPTIMIZER_STEP_TEMPORARIES: dict[str, float] = {
    "sgd": 0.0,
    "sgd-momentum": 0.0,
    "adam": 1.0,
    "adamw": 1.0,
    "adam-8bit": 0.0,
    "adamw-8bit": 0.0,
    "paged-adamw": 0.0,
    "paged-adamw-8bit": 0.0,
    "adafactor": 1.0,
    "lion": 1.0,
}

OPTIMIZER_LABELS: dict[str, str] = {
    "sgd": "SGD",
    "sgd-momentum": "SGD + momentum",
    "adam": "Adam",
    "adamw": "AdamW",
    "adam-8bit": "8-bit Adam",
    "adamw-8bit": "8-bit AdamW",
    "paged-adamw": "Paged AdamW",
    "paged-adamw-8bit": "Paged 8-bit AdamW",
    "adafactor": "Adafactor",
    "lion": "Lion",
}

#: How PyTorch runs the step: ``foreach`` (the CUDA default) batches every tensor and allocates
#: the temporaries for all at once; ``fused`` does it in one kernel without them; ``per-tensor``
#: (``foreach=False``) loops, so only the largest tensor's temporaries are alive.
OPTIMIZER_IMPLS: tuple[str, ...] = ("foreach", "fused", "per-tensor")

#: Recipe choices (names are public: CLI flags and the `.gpubuild` format).
LOSSES: tuple[str, ...] = ("full", "chunked", "shifted", "fp32-logits")
OFFLOADS: tuple[str, ...] = ("none", "optimizer", "all")
ADAPTER_DTYPES: dict[str, float] = {"fp32": 4.0, "bf16": 2.0, "fp16": 2.0}

#: Bytes per weight of inference quantizations. int8 (LLM.int8 / per-channel) carries one fp16
#: scale per output row (negligible); int4 group quantization (GPTQ/AWQ, group 128) carries an
#: fp16 scale and a 4-bit zero point per group: 4 + 20/128 ≈ 4.16 bits. ``nf4`` is QLoRA's
#: NormalFloat4 with double quantization: 4 + 8/64 + 32/(64·256) ≈ 4.127 bits; without it an fp32
#: absmax per block of 64 adds 0.5 bit (QLoRA paper §3: double quantization saves 0.373 bit).
QUANTIZATION_BYTES: dict[str, float] = {
    "fp32": 4.0,
    "fp16": 2.0,
    "bf16": 2.0,
    "fp8": 1.0,
    "int8": 1.0 + 2.0 / 4096,
    "int4": (4 + 20 / 128) / 8,
    "nf4": (4 + 8 / 64 + 32 / (64 * 256)) / 8,
}

#: NF4 without double quantization (an fp32 absmax per block of 64 weights).
NF4_SINGLE_QUANT_BYTES = (4 + 32 / 64) / 8

#: Compute precision (tensor-core rate) used for each inference quantization's matmuls: weight-only
#: int4/int8 kernels dequantize to fp16 and run fp16 math.
QUANTIZATION_COMPUTE: dict[str, str] = {
    "fp32": "fp32",
    "fp16": "fp16",
    "bf16": "bf16",
    "fp8": "fp8",
    "int8": "int8",
    "int4": "fp16",
}

STRATEGIES: tuple[str, ...] = ("ddp", "zero1", "zero2", "zero3", "fsdp", "tp", "pp")


def training_precision(name: str) -> TrainingPrecision:
    """Look a training precision up, with a sentence naming the valid ones when it is unknown."""
    try:
        return TRAINING_PRECISIONS[name]
    except KeyError:
        valid = ", ".join(TRAINING_PRECISIONS)
        raise EstimateError(
            f"Unknown training precision '{name}'; use one of {valid}."
        ) from None


def check_optimizer(name: str) -> str:
    """Return the optimizer name if known, else raise a plain sentence."""
    if name not in OPTIMIZER_STATES:
        valid = ", ".join(OPTIMIZER_STATES)
        raise EstimateError(f"Unknown optimizer '{name}'; use one of {valid}.")
    return name


def quantization_bytes(name: str) -> float:
    """Bytes per weight for an inference quantization."""
    try:
        return QUANTIZATION_BYTES[name]
    except KeyError:
        valid = ", ".join(k for k in QUANTIZATION_BYTES if k != "nf4")
        raise EstimateError(f"Unknown inference precision '{name}'; use one of {valid}.") from None
