"""Transformer parameter counts and activation bytes, from hyper-parameters alone.

Activation memory is counted tensor by tensor from what PyTorch's autograd saves for backward in the
Hugging Face implementations of each family (see docs/estimation.md for the derivation and the
validation against measured runs). Each saved tensor has a *class* whose byte size depends on the
precision recipe: the residual stream stays fp32 under autocast while matmul outputs are 16-bit,
softmax runs in fp32, dropout keeps a one-byte mask. Counting by class is what lets one table serve
fp32, AMP, pure 16-bit and FP8 recipes.

Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass

from planner.core.precision import TrainingPrecision
from planner.core.specs import Workload

#: Tensor classes of saved activations (see module docstring).
RESID, LINEAR_IN, ACT, CAST, MASK = "resid", "linear_in", "act", "cast", "mask"

#: Classes of the ImageNet-1k classification head that torchvision's and timm's ViTs carry.
IMAGENET_CLASSES = 1000

# Dimensions a per-token term can scale with: h hidden, q = heads*head_dim, kv = kv_heads*head_dim,
# f intermediate (per active expert for MoE).
Term = tuple[str, str, float]


@dataclass(frozen=True, slots=True)
class Style:
    """How one implementation family lays out a block, for counting saved tensors."""

    name: str
    layer_terms: tuple[Term, ...]
    embed_terms: tuple[Term, ...]
    final_terms: tuple[Term, ...]
    dropout_attention: bool
    lm_head: bool


# Pre-norm RMSNorm + RoPE + SwiGLU (Llama, Mistral, Qwen2, Mixtral, Gemma, Phi-3), no dropout.
# RMSNorm (python) saves its input and the normalised product; autocast adds a 16-bit cast for the
# projections. RoPE saves q, rotate_half(q) and the rotated q (likewise k); SDPA saves q, k, v and
# its output; o_proj saves the re-laid-out output; SwiGLU saves gate, silu(gate), up and product.
LLAMA = Style(
    "llama",
    layer_terms=(
        (RESID, "h", 2), (CAST, "h", 1),
        (ACT, "q", 3), (ACT, "kv", 3), (ACT, "kv", 1),
        (ACT, "q", 2),
        (RESID, "h", 2), (CAST, "h", 1),
        (ACT, "f_gated", 4),
    ),
    embed_terms=(),
    final_terms=((RESID, "h", 2), (CAST, "h", 1)),
    dropout_attention=False,
    lm_head=True,
)

# GPT-2: pre-norm LayerNorm (saves input; the output is the GEMM input), fused c_attn (q, k, v
# share one storage), gelu_new written in Python (saves input, tanh, 0.5x and 1+tanh), dropout masks
# after attention and MLP.
GPT2 = Style(
    "gpt2",
    layer_terms=(
        (RESID, "h", 1), (LINEAR_IN, "h", 1),
        (ACT, "q", 1), (ACT, "kv", 2),
        (ACT, "q", 2), (MASK, "h", 1),
        (RESID, "h", 1), (LINEAR_IN, "h", 1),
        (ACT, "f", 5), (MASK, "h", 1),
    ),
    embed_terms=((MASK, "h", 1),),
    final_terms=((RESID, "h", 1), (LINEAR_IN, "h", 1)),
    dropout_attention=True,
    lm_head=True,
)

# BERT / RoBERTa: post-norm; separate q, k, v projections; erf GELU (saves input only); dropout
# after attention output and MLP output. Sized with the masked-LM head (dense + GELU + LayerNorm,
# then logits over the vocabulary at every position), the pre-training and domain-adaptation
# setting; a classification fine-tune needs less.
BERT = Style(
    "bert",
    layer_terms=(
        (LINEAR_IN, "h", 1),
        (ACT, "q", 1), (ACT, "kv", 2),
        (ACT, "q", 2), (MASK, "h", 1),
        (RESID, "h", 1), (LINEAR_IN, "h", 1),
        (ACT, "f", 2), (MASK, "h", 1), (RESID, "h", 1),
    ),
    embed_terms=((RESID, "h", 1), (MASK, "h", 1)),
    final_terms=((LINEAR_IN, "h", 1), (ACT, "h", 2), (RESID, "h", 1)),
    dropout_attention=True,
    lm_head=True,
)

# ViT (Hugging Face ViTLayer): pre-norm LayerNorm, separate q, k, v, erf GELU, dropout 0 by default.
VIT = Style(
    "vit",
    layer_terms=(
        (RESID, "h", 1), (LINEAR_IN, "h", 1),
        (ACT, "q", 1), (ACT, "kv", 2),
        (ACT, "q", 2),
        (RESID, "h", 1), (LINEAR_IN, "h", 1),
        (ACT, "f", 2),
    ),
    embed_terms=(),
    final_terms=((RESID, "h", 1),),
    dropout_attention=False,
    lm_head=False,
)

# T5 / Whisper-style encoder-decoder blocks: counted as the encoder's layers (like LLAMA's norm
# with a non-gated ReLU/GELU MLP and dropout); the decoder adds cross-attention (see below).
ENCDEC = Style(
    "encdec",
    layer_terms=(
        (RESID, "h", 2), (CAST, "h", 1),
        (ACT, "q", 1), (ACT, "kv", 2),
        (ACT, "q", 1), (MASK, "h", 1),
        (RESID, "h", 2), (CAST, "h", 1),
        (ACT, "f", 2), (MASK, "f", 1), (MASK, "h", 1),
    ),
    embed_terms=((MASK, "h", 1),),
    final_terms=((RESID, "h", 2), (CAST, "h", 1)),
    dropout_attention=True,
    lm_head=True,
)


def style_of(w: Workload) -> Style:
    """Pick the implementation family whose saved tensors describe this workload."""
    if w.family == "vit":
        return VIT
    if w.family == "encoder":
        return BERT
    if w.family == "encoder-decoder":
        return ENCDEC
    if w.norm == "rmsnorm" or w.gated_mlp:
        return LLAMA
    return GPT2


def class_bytes(cls: str, p: TrainingPrecision) -> float:
    """Bytes of one element of a saved-tensor class under a precision recipe."""
    if cls == RESID:
        return p.resid
    if cls == LINEAR_IN:
        return p.linear_in
    if cls == ACT:
        return p.act
    if cls == CAST:
        # Autocast (and FP8 recipes) save a low-precision cast of fp32 activations for GEMMs.
        return p.linear_in if p.autocast else 0.0
    return 1.0


def dims_of(w: Workload) -> dict[str, float]:
    """The widths per-token terms scale with (compute once per estimate and pass along)."""
    h = float(w.hidden or 0)
    q = float((w.heads or 0) * w.head_dimension)
    kv = float(w.kv_head_count * w.head_dimension)
    f = float(w.moe_intermediate or w.intermediate or 0)
    active = float(w.experts_per_token or 1) + float(w.shared_experts or 0)
    return {"h": h, "q": q, "kv": kv, "f": f * active, "f_gated": f * active}


def bytes_per_token(terms: tuple[Term, ...], w: Workload, p: TrainingPrecision,
                    dims: dict[str, float] | None = None) -> float:
    """Sum a block's saved-tensor terms for one token."""
    d = dims if dims is not None else dims_of(w)
    sizes = {cls: class_bytes(cls, p) for cls in (RESID, LINEAR_IN, ACT, CAST, MASK)}
    return sum(coef * d[unit] * sizes[cls] for cls, unit, coef in terms)


def attention_scores_bytes_per_token(
    style: Style, w: Workload, p: TrainingPrecision, kv_len: int, flash: bool
) -> float:
    """Bytes per token of the s×s attention matrices an eager kernel saves (zero with flash).

    Eager attention saves the softmax output (fp32 under autocast), and where attention dropout is
    on, its one-byte mask and the dropped probabilities fed to the value matmul (a 16-bit cast under
    autocast). Without dropout the matmul reuses the softmax output unless a cast is needed.
    """
    if flash:
        return (w.heads or 0) * 4.0  # log-sum-exp per head, fp32
    heads = float(w.heads or 0)
    per = p.softmax
    if style.dropout_attention:
        per += 1.0 + p.act
    elif p.act != p.softmax:
        per += p.act
    return heads * kv_len * per


def logits_bytes_per_token(w: Workload, p: TrainingPrecision) -> tuple[float, float]:
    """Bytes of the LM head and loss per token alive after forward, and the transient of backward.

    The logits come out in the compute dtype and stay alive (the model returns them); Hugging
    Face's loss upcasts them to fp32 and log-softmax saves its fp32 output (the upcast itself is
    freed). Backward then materialises an fp32 gradient of the logits, and under autocast its
    16-bit cast, while those are still alive. Measured: 12 bytes per vocabulary entry per token in
    fp32 and under AMP alike. At a 128 K vocabulary this dominates small models.
    """
    v = float(w.vocab or 0)
    saved = v * p.act + 4.0 * v
    transient = 4.0 * v + (p.act * v if p.act < 4 else 0.0)
    return saved, transient


def count_parameters(w: Workload) -> int | None:
    """Count parameters from hyper-parameters as the Hugging Face implementation lays them out.

    Returns ``None`` for families the formula does not cover (CNNs, UNets); the catalog's stated
    count is used for those.
    """
    if not w.is_transformer or not (w.hidden and w.heads and w.layers):
        return None
    h, layers = w.hidden, w.layers
    q = w.heads * w.head_dimension
    kv = w.kv_head_count * w.head_dimension
    f = w.intermediate or 4 * h
    v = w.vocab or 0
    style = style_of(w)
    if style is LLAMA:
        attn = h * q + 2 * h * kv + q * h + ((q + 2 * kv) if w.qkv_bias else 0)
        if w.experts:
            fe = w.moe_intermediate or f
            mlp = w.experts * 3 * h * fe + h * w.experts
            if w.shared_experts:
                mlp += w.shared_experts * 3 * h * fe
        else:
            mlp = 3 * h * f if w.gated_mlp else 2 * h * f
        per_layer = attn + mlp + 2 * h
        total = v * h + layers * per_layer + h + (0 if w.tie_embeddings else v * h)
        return total
    if style is GPT2:
        per_layer = 4 * h + (h * 3 * h + 3 * h) + (h * h + h) + (h * f + f) + (f * h + h)
        return v * h + (w.context or 0) * h + layers * per_layer + 2 * h
    if style is BERT:
        per_layer = 3 * (h * h + h) + (h * h + h) + 2 * h + (h * f + f) + (f * h + h) + 2 * h
        emb = v * h + (w.context or 0) * h + 2 * h + 2 * h
        return emb + layers * per_layer + (h * h + h)
    if style is VIT:
        patch = w.patch_size or 16
        tokens = (w.image_size or 224) // patch
        per_layer = 4 * (h * h + h) + 4 * h + (h * f + f) + (f * h + h)
        emb = 3 * patch * patch * h + h + h + (tokens * tokens + 1) * h
        head = h * IMAGENET_CLASSES + IMAGENET_CLASSES
        return emb + layers * per_layer + 2 * h + head
    if w.encoder_context:
        # Whisper: two conv layers over 80 mel bins, learned position tables, biased q/v/out
        # projections and MLPs, LayerNorms with bias; tied output head.
        attn = 4 * h * h + 3 * h
        mlp = 2 * h * f + f + h
        enc = layers * (attn + 4 * h + mlp) + 2 * h
        dec = (w.decoder_layers or layers) * (2 * attn + 6 * h + mlp) + 2 * h
        conv = 80 * h * 3 + h + h * h * 3 + h
        pos = w.encoder_context * h + (w.context or 0) * h
        return v * h + conv + pos + enc + dec
    # Encoder-decoder (T5 layout: no biases, RMS-style norms, tied head unless stated).
    inner = q
    ff = (3 if w.gated_mlp else 2) * h * f
    enc = layers * (4 * h * inner + ff + 2 * h) + h
    dec = (w.decoder_layers or layers) * (8 * h * inner + ff + 3 * h) + h
    rel = 2 * 32 * w.heads if w.position == "relative" else 0
    return v * h + enc + dec + rel + (0 if w.tie_embeddings else v * h)


def embedding_parameters(w: Workload) -> int:
    """Parameters in token embeddings and an untied LM head (kept 16-bit by weight quantizers)."""
    v, h = w.vocab or 0, w.hidden or 0
    return v * h * (1 if w.tie_embeddings or not style_of(w).lm_head else 2)


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
