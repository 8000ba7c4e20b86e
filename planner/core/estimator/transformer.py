"""Transformer parameter counts and activation bytes, from hyper-parameters alone.

Activation memory is counted tensor by tensor from what PyTorch's autograd saves for backward in the
Hugging Face implementations of each family (see docs/estimation.md for the derivation and the
validation against measured runs). Each saved tensor has a *class* whose byte size depends on the
precision recipe: the residual stream stays fp32 under autocast while matmul outputs are 16-bit,
softmax runs in fp32, dropout keeps a one-byte mask. Counting by class is what lets one table serve
fp32, AMP, pure 16-bit and FP8 recipes.

Parameter counts live in :mod:`planner.core.models.layouts`. Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from planner.core.records.precision import TrainingPrecision
from planner.core.records.specs import Workload

#: Tensor classes of saved activations (see module docstring).
RESID, LINEAR_IN, ACT, CAST, MASK = "resid", "linear_in", "act", "cast", "mask"

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
    #: The leading ``layer_terms`` that belong to the attention sub-block (its norm included):
    #: what attention-only (selective) checkpointing drops.
    attn_terms: int = 6


# Pre-norm RMSNorm + RoPE + SwiGLU (Llama, Mistral, Qwen2, Mixtral, Gemma, Phi-3), no dropout.
# RMSNorm (python) saves its input and the normalised product; autocast adds a 16-bit cast for the
# projections. RoPE saves q, rotate_half(q) and the rotated q (likewise k); SDPA saves q, k, v and
# its output; o_proj saves the re-laid-out output; SwiGLU saves gate, silu(gate), up and product.
# MLA (DeepSeek) adds its compressed latent (the down-projection's output and its norm); MoE adds,
# per routed expert a token visits, the gathered input the expert's GEMM saves and the expert's
# output the routing weight multiplies. Both widths are 0 for other models.
LLAMA = Style(
    "llama",
    layer_terms=(
        (RESID, "h", 2), (CAST, "h", 1),
        (ACT, "q", 3), (ACT, "kv", 3), (ACT, "kv", 1), (ACT, "latent", 2),
        (ACT, "q", 2),
        (RESID, "h", 2), (CAST, "h", 1),
        (ACT, "f_gated", 4), (ACT, "routed", 2),
    ),
    embed_terms=(),
    final_terms=((RESID, "h", 2), (CAST, "h", 1)),
    dropout_attention=False,
    lm_head=True,
    attn_terms=7,
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
    attn_terms=5,
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


# GPT-NeoX, Falcon, BLOOM, MPT, StableLM-style LayerNorm blocks without dropout (their configs
# default every dropout to 0): LayerNorm saves its input, the GEMM its normalised input; fused QKV
# output; RoPE (where used) rotates q and k; SDPA output and the dense input; an erf/tanh GELU
# (one C++ op) saves its input and the next GEMM its output.
NEOX = Style(
    "neox",
    layer_terms=(
        (RESID, "h", 1), (LINEAR_IN, "h", 1),
        (ACT, "q", 2), (ACT, "kv", 3),
        (ACT, "q", 2),
        (RESID, "h", 1), (LINEAR_IN, "h", 1),
        (ACT, "f", 2),
    ),
    embed_terms=(),
    final_terms=((RESID, "h", 1), (LINEAR_IN, "h", 1)),
    dropout_attention=False,
    lm_head=True,
    attn_terms=5,
)

# Phi-1/2: one LayerNorm feeds attention and MLP in parallel; q and k are partly rotated (the
# rotated halves and the concatenation are new tensors); gelu_new in Python (five f tensors as
# GPT-2's); dropout after attention and after the MLP.
PHI = Style(
    "phi",
    layer_terms=(
        (RESID, "h", 1), (LINEAR_IN, "h", 1),
        (ACT, "q", 3), (ACT, "kv", 3), (ACT, "kv", 1),
        (ACT, "q", 2), (MASK, "h", 1),
        (ACT, "f", 5), (MASK, "h", 1),
    ),
    embed_terms=GPT2.embed_terms,
    final_terms=GPT2.final_terms,
    dropout_attention=False,
    lm_head=True,
    attn_terms=7,
)

# GPT-BigCode: GPT-2's layout (LayerNorm, dropout after attention and MLP) with a
# one-op activation (erf or tanh GELU: input + output) instead of GPT-2's Python gelu_new.
GPT2_ONE_OP_ACT = Style(
    "gpt2-one-op",
    layer_terms=(*GPT2.layer_terms[:8], (ACT, "f", 2), (MASK, "h", 1)),
    embed_terms=GPT2.embed_terms,
    final_terms=GPT2.final_terms,
    dropout_attention=True,
    lm_head=True,
)

# OPT: the same with ReLU, which saves only its output, the very tensor fc2 saves: one f.
OPT = Style(
    "opt",
    layer_terms=(*GPT2.layer_terms[:8], (ACT, "f", 1), (MASK, "h", 1)),
    embed_terms=GPT2.embed_terms,
    final_terms=GPT2.final_terms,
    dropout_attention=True,
    lm_head=True,
)

# Gemma 2/3: Llama's block with two more RMSNorms (after attention and after the MLP).
GEMMA2 = Style(
    "gemma2",
    layer_terms=(*LLAMA.layer_terms[:7], (RESID, "h", 2), (CAST, "h", 1),
                 *LLAMA.layer_terms[7:], (RESID, "h", 2), (CAST, "h", 1)),
    embed_terms=(),
    final_terms=LLAMA.final_terms,
    dropout_attention=False,
    lm_head=True,
    attn_terms=9,
)

# Mamba with the fused selective-scan kernels (mamba-ssm, causal-conv1d), as GPU training runs it:
# the norm; in_proj's output (x and z, 2·inner); the conv output and its SiLU; x_proj's small
# output; Δ; the gated scan output fed to out_proj. The kernel recomputes the scan states in
# backward, so nothing per state element is saved. ``f`` is the inner width here.
MAMBA = Style(
    "mamba",
    layer_terms=(
        (RESID, "h", 2), (CAST, "h", 1),
        (ACT, "f", 2),
        (ACT, "f", 2),
        (ACT, "f", 2),
        (ACT, "f", 1),
    ),
    embed_terms=(),
    final_terms=((RESID, "h", 2), (CAST, "h", 1)),
    dropout_attention=False,
    lm_head=True,
    attn_terms=0,
)


def style_of(w: Workload) -> Style:
    """Pick the implementation family whose saved tensors describe this workload."""
    if w.family == "vit":
        return VIT
    if w.family == "encoder":
        return BERT
    if w.family == "encoder-decoder":
        return ENCDEC
    if w.arch == "mamba":
        return MAMBA
    if w.arch in ("falcon", "gpt_neox", "bloom", "mpt"):
        return NEOX
    if w.arch == "opt":
        return OPT
    if w.arch == "phi":
        return PHI
    if w.arch == "gpt_bigcode":
        return GPT2_ONE_OP_ACT
    if w.arch in ("gemma2", "gemma3_text"):
        return GEMMA2
    if w.norm == "rmsnorm" or w.gated_mlp or w.arch == "stablelm":
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
    """The widths per-token terms scale with (compute once per estimate and pass along).

    MLA (DeepSeek) trains with its keys and values expanded per head, so ``kv`` is full width
    there; MoE's ``f`` is the MLP width every token runs through (active + shared experts).
    """
    h = float(w.hidden or 0)
    q = float((w.heads or 0) * w.head_dimension)
    kv = q if w.kv_lora_rank else float(w.kv_head_count * w.head_dimension)
    if w.experts:
        fe = float(w.moe_intermediate or w.intermediate or 0)
        f = fe * (float(w.experts_per_token or 1) + float(w.shared_experts or 0))
        f += float(w.shared_expert_intermediate or 0)
    else:
        f = float(w.intermediate or 0)
    routed = h * float(w.experts_per_token or 1) if w.experts else 0.0
    latent = float((w.kv_lora_rank or 0) + (w.rope_head_dim or 0) + (w.q_lora_rank or 0))
    return {"h": h, "q": q, "kv": kv, "f": f, "f_gated": f, "routed": routed, "latent": latent}


def bytes_per_token(terms: tuple[Term, ...], w: Workload, p: TrainingPrecision,
                    dims: dict[str, float] | None = None) -> float:
    """Sum a block's saved-tensor terms for one token."""
    d = dims if dims is not None else dims_of(w)
    sizes = _class_sizes(p)
    return sum(coef * d[unit] * sizes[cls] for cls, unit, coef in terms)


@lru_cache(maxsize=32)
def _class_sizes(p: TrainingPrecision) -> dict[str, float]:
    """Bytes of each saved-tensor class under a recipe (a handful of recipes exist: cached)."""
    return {cls: class_bytes(cls, p) for cls in (RESID, LINEAR_IN, ACT, CAST, MASK)}


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
    if w.arch == "gemma2":
        per += p.softmax  # attention-logit soft-capping: tanh saves its output
    return heads * kv_len * per


def op_saved_terms(style: Style) -> tuple[Term, ...]:
    """What torchtitan's op-level selective checkpointing saves of one layer, besides its input.

    Its policy saves the output of every matmul except every second one and the attention
    kernel's output (torchtitan ``_apply_ac``: ``_save_list`` with ``mm_count % 2``): of a gated
    block's seven matmuls (q, k, v, o, gate, up, down) the q, v, gate and down outputs; of a
    fused-QKV block's four (qkv, o, fc1, fc2) the qkv and fc1 outputs.
    """
    if style.name in ("llama", "gemma2"):
        return ((ACT, "q", 1), (ACT, "kv", 1), (ACT, "f", 1), (ACT, "h", 1), (ACT, "q", 1))
    return ((ACT, "q", 1), (ACT, "kv", 2), (ACT, "f", 1), (ACT, "q", 1))


#: Chunks a chunked cross-entropy (torchtune's ``CEWithChunkedOutputLoss``) splits tokens into.
LOSS_CHUNKS = 8


def logits_bytes_per_token(w: Workload, p: TrainingPrecision,
                           loss: str = "full") -> tuple[float, float]:
    """Bytes of the LM head and loss per token alive after forward, and the transient of backward.

    The logits come out in the compute dtype and stay alive (the model returns them); Hugging
    Face's loss upcasts them to fp32 and log-softmax saves its fp32 output (the upcast itself is
    freed). Backward then materialises an fp32 gradient of the logits, and under autocast its
    16-bit cast, while those are still alive. Measured: 12 bytes per vocabulary entry per token in
    fp32 and under AMP alike. At a 128 K vocabulary this dominates small models.
    """
    v = float(w.vocab or 0)
    if loss == "fp32-logits":
        # transformers before 4.46 upcast the logits inside forward and returned them in fp32; a
        # loop that keeps the model's output through backward holds them beside log-softmax's
        # output, and backward adds nll's and log-softmax's fp32 gradients.
        return 8.0 * v, 8.0 * v
    if loss == "chunked":
        # Chunked cross-entropy upcasts, log-softmaxes and differentiates one chunk of tokens at
        # a time: the compute-dtype logits stay, the fp32 work is 1/LOSS_CHUNKS of it.
        return v * p.act + 4.0 * v / LOSS_CHUNKS, (4.0 * v + p.act * v) / LOSS_CHUNKS
    saved = v * p.act + 4.0 * v
    if loss == "shifted" and p.act < 4:
        # transformers' ForCausalLMLoss (4.46-4.49): the model returns compute-dtype logits, the
        # loss upcasts them to fp32 and copies the shifted positions into a contiguous fp32 tensor;
        # both exist beside log-softmax's output before the upcast copy is freed.
        return saved, 8.0 * v
    if w.arch == "gemma2":
        saved += v * p.act  # final-logit soft-capping: tanh saves its output
    transient = 4.0 * v + (p.act * v if p.act < 4 else 0.0)
    return saved, transient
