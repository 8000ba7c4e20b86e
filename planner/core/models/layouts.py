"""Parameter counts of each model family, laid out as its Hugging Face implementation builds it.

Each family is a :class:`Layout`: which projections carry biases, how many norms a block has and
whether they have a bias, learned positions, an embedding norm, a biased LM head. The counts are
held exactly (to the parameter) to models `transformers` builds from real configs
(``tests/data/hf_configs``, counted by ``tools/count_hf_parameters.py``). The head on top
(causal LM, classification, masked LM, QA, none) adds its own parameters.

Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from planner.core.records.precision import EstimateError
from planner.core.records.specs import Workload

#: Classes of the ImageNet-1k classification head that torchvision's and timm's ViTs carry.
IMAGENET_CLASSES = 1000

#: Task heads a model can be loaded with (``architectures`` suffixes), public CLI names.
HEADS: tuple[str, ...] = ("causal-lm", "seq-cls", "token-cls", "masked-lm", "qa", "base",
                          "seq2seq")

#: Labels a classification head has when the config does not say (transformers' default).
DEFAULT_LABELS = 2


@dataclass(frozen=True, slots=True)
class Layout:
    """How one family lays out a decoder block and its embeddings (parameter-wise)."""

    norm_bias: bool = False          # LayerNorm with bias (False: RMSNorm or bias-free LN)
    all_bias: bool = False           # every linear layer has a bias, whatever the config says
    norms: int = 2                   # norms per block
    final_norm: bool = True
    position_offset: int | None = None  # learned positions: context + offset rows (None: none)
    embed_norm: bool = False         # a norm right after the token embedding (BLOOM)
    head_bias: bool = False          # the LM head has a bias (Phi-1/2)
    extra_vocab_rows: int = 0        # embedding rows beyond vocab_size (Mllama's 8 image tokens)


LLAMA_LIKE = Layout()
LAYOUTS: dict[str, Layout] = {
    "phi": Layout(norm_bias=True, all_bias=True, norms=1, head_bias=True),
    "falcon": Layout(norm_bias=True),
    "gpt_neox": Layout(norm_bias=True, all_bias=True),
    "gpt_bigcode": Layout(norm_bias=True, all_bias=True, position_offset=0),
    "gpt2": Layout(norm_bias=True, all_bias=True, position_offset=0),
    "opt": Layout(norm_bias=True, position_offset=2),
    "bloom": Layout(norm_bias=True, all_bias=True, embed_norm=True),
    "mpt": Layout(),
    "stablelm": Layout(norm_bias=True),
    "mllama": Layout(extra_vocab_rows=8),
}

#: Families whose activations, KV cache and LoRA targets we size (``arch`` values).
KNOWN_ARCHS: tuple[str, ...] = (
    "llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "qwen3", "qwen3_moe", "gemma", "gemma2",
    "gemma3_text", "phi", "phi3", "falcon", "gpt_neox", "gpt_bigcode", "opt", "bloom", "mpt",
    "stablelm", "deepseek_v2", "deepseek_v3", "mamba", "mllama", "qwen2_vl", "olmo2", "gpt2",
    "bert", "roberta", "t5", "whisper", "vit", "chatglm", "internlm2", "baichuan", "deepseek",
)


def layout_of(w: Workload) -> Layout:
    """The family's layout (Llama-like when the workload names no family we lay out apart)."""
    if w.arch in LAYOUTS:
        return LAYOUTS[w.arch]
    if w.arch is None and not (w.norm == "rmsnorm" or w.gated_mlp):
        return LAYOUTS["gpt2"]
    return LLAMA_LIKE


def _attention(w: Workload, lay: Layout) -> int:
    """One block's self-attention parameters."""
    h = w.hidden or 0
    heads = w.heads or 0
    if w.kv_lora_rank:
        # Multi-head latent attention: queries (optionally through a low-rank bottleneck with a
        # norm), one shared down-projection to the compressed KV + the RoPE key, its norm, the
        # up-projection to per-head no-RoPE keys and values, and the output projection.
        rope = w.rope_head_dim or 0
        qk = w.head_dimension
        v = w.v_head_dim or qk
        if w.q_lora_rank:
            q = h * w.q_lora_rank + w.q_lora_rank + w.q_lora_rank * heads * qk
        else:
            q = h * heads * qk
        kv = h * (w.kv_lora_rank + rope) + w.kv_lora_rank
        kv += w.kv_lora_rank * heads * (qk - rope + v)
        return q + kv + heads * v * h
    q = heads * w.head_dimension
    kv = w.kv_head_count * w.head_dimension
    n = h * q + 2 * h * kv + q * h
    if w.qkv_bias or lay.all_bias or w.linear_bias:
        n += q + 2 * kv
    if lay.all_bias or w.linear_bias:
        n += h
    if w.qk_norm:
        # One norm over each head's width, shared by the heads (Qwen3, Gemma 3), or over every
        # head's (OLMo 2's full-width norms, StableLM's one LayerNorm per head).
        n += q + kv if w.arch in ("olmo2", "stablelm") else 2 * w.head_dimension
    return n


def _mlp(h: int, f: int, gated: bool, bias: bool) -> int:
    if gated:
        return 3 * h * f + (2 * f + h if bias else 0)
    return 2 * h * f + (f + h if bias else 0)


def _moe(w: Workload) -> int:
    """One MoE block's MLP: routed experts, the router, shared experts."""
    h = w.hidden or 0
    fe = w.moe_intermediate or w.intermediate or 4 * h
    experts = w.experts or 0
    n = experts * 3 * h * fe + experts * h
    if w.shared_expert_intermediate:
        n += 3 * h * w.shared_expert_intermediate + h  # Qwen-MoE: one gated shared expert
    elif w.shared_experts:
        n += w.shared_experts * 3 * h * fe
    return n


def _decoder(w: Workload) -> int:
    """A decoder-only transformer without its head (embeddings, blocks, final norm)."""
    lay = layout_of(w)
    h = w.hidden or 0
    layers = w.layers or 0
    v = w.vocab or 0
    e = w.embed_dim or h
    bias = lay.all_bias or w.linear_bias
    norm = h * (2 if lay.norm_bias else 1)
    norms = w.layer_norms if w.layer_norms is not None else lay.norms
    dense_mlp = _mlp(h, w.intermediate or 4 * h, w.gated_mlp, bias)
    attn = _attention(w, lay)
    per_layer = attn + norms * norm
    if w.experts:
        dense = min(layers, w.dense_layers or 0)
        blocks = layers * per_layer + dense * dense_mlp + (layers - dense) * _moe(w)
    else:
        blocks = layers * (per_layer + dense_mlp)
    if w.cross_layers:
        # Mllama: a cross-attention layer replaces self-attention with attention over the
        # image (same projections, per-head q/k norms) and adds two scalar gates.
        blocks += w.cross_layers * (2 * w.head_dimension + 2 - (
            2 * w.head_dimension if w.qk_norm else 0))
    total = (v + lay.extra_vocab_rows) * e + blocks
    if lay.position_offset is not None:
        total += ((w.context or 0) + lay.position_offset) * h
    if e != h:
        total += 2 * e * h  # project_in / project_out
    if lay.embed_norm:
        total += norm
    if lay.final_norm and not w.post_norm:
        total += norm
    return total


def _mamba(w: Workload) -> int:
    """Mamba (HF ``MambaModel``): per block a norm and the selective-scan mixer."""
    h = w.hidden or 0
    d = w.intermediate or 2 * h
    n = w.state_size or 16
    k = w.conv_kernel or 4
    r = w.dt_rank or -(-h // 16)
    bias = w.linear_bias
    mixer = (h * 2 * d + (2 * d if bias else 0)      # in_proj
             + d * k + d                             # depthwise conv1d (+ bias)
             + d * (r + 2 * n)                       # x_proj
             + r * d + d                             # dt_proj (+ bias)
             + d * n + d                             # A_log, D
             + d * h + (h if bias else 0))           # out_proj
    return (w.vocab or 0) * h + (w.layers or 0) * (mixer + h) + h


def _bert(w: Workload) -> int:
    """BERT without pooler or head."""
    h, f = w.hidden or 0, w.intermediate or 0
    per_layer = 3 * (h * h + h) + (h * h + h) + 2 * h + (h * f + f) + (f * h + h) + 2 * h
    types = 1 if w.arch == "roberta" else 2  # token-type rows (RoBERTa has one)
    emb = (w.vocab or 0) * h + (w.context or 0) * h + types * h + 2 * h
    return emb + (w.layers or 0) * per_layer


def _vit(w: Workload) -> int:
    """ViT (HF ``ViTModel``) without pooler or head."""
    h, f = w.hidden or 0, w.intermediate or 0
    patch = w.patch_size or 16
    tokens = (w.image_size or 224) // patch
    per_layer = 4 * (h * h + h) + 4 * h + (h * f + f) + (f * h + h)
    emb = 3 * patch * patch * h + h + h + (tokens * tokens + 1) * h
    return emb + (w.layers or 0) * per_layer + 2 * h


def _encoder_decoder(w: Workload) -> int:
    """T5 or Whisper with their (tied) output head."""
    h, layers = w.hidden or 0, w.layers or 0
    f = w.intermediate or 4 * h
    v = w.vocab or 0
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
    inner = (w.heads or 0) * w.head_dimension
    ff = (3 if w.gated_mlp else 2) * h * f
    enc = layers * (4 * h * inner + ff + 2 * h) + h
    dec = (w.decoder_layers or layers) * (8 * h * inner + ff + 3 * h) + h
    rel = 2 * 32 * (w.heads or 0) if w.position == "relative" else 0
    return v * h + enc + dec + rel + (0 if w.tie_embeddings else v * h)


def head_parameters(w: Workload) -> int:
    """Parameters of the task head on top of the base model."""
    head = w.task_head
    h = w.hidden or 0
    v = w.vocab or 0
    labels = w.num_labels or DEFAULT_LABELS
    if w.family == "encoder":
        pooler = h * h + h
        return {
            "masked-lm": h * h + h + 2 * h + v,  # transform, LayerNorm, decoder bias (tied)
            "seq-cls": pooler + h * labels + labels,
            "token-cls": h * labels + labels,
            "qa": h * 2 + 2,
            "base": pooler,
        }.get(head, 0)
    if w.family == "vit":
        return h * IMAGENET_CLASSES + IMAGENET_CLASSES if head == "image-cls" else 0
    if w.family == "encoder-decoder":
        return 0  # the seq2seq head is counted with the model (tied or not)
    if head == "causal-lm":
        lay = layout_of(w)
        e = w.embed_dim or h
        untied = 0 if w.tie_embeddings else v * e
        return untied + (v if lay.head_bias else 0)
    if head == "seq-cls":
        return h * labels  # score, no bias
    if head in ("token-cls", "qa"):
        n = labels if head == "token-cls" else 2
        return h * n + n
    return 0


def count_parameters(w: Workload) -> int | None:
    """Count parameters from hyper-parameters as the Hugging Face implementation lays them out.

    Returns ``None`` for families the formula does not cover (CNNs, UNets); the catalog's stated
    count is used for those.
    """
    if w.is_ssm and w.hidden and w.layers:
        body = _mamba(w)
    elif not w.is_transformer or not (w.hidden and w.heads and w.layers):
        return None
    elif w.family == "encoder":
        body = _bert(w)
    elif w.family == "vit":
        body = _vit(w)
    elif w.family == "encoder-decoder":
        body = _encoder_decoder(w)
    else:
        body = _decoder(w)
    return body + head_parameters(w) + (w.vision_parameters or 0)


def embedding_parameters(w: Workload) -> int:
    """Parameters in token embeddings and an untied LM head (kept 16-bit by weight quantizers)."""
    v, h = w.vocab or 0, w.embed_dim or w.hidden or 0
    lm = w.task_head in ("causal-lm", "seq2seq", "masked-lm")
    return v * h * (1 if w.tie_embeddings or not lm or w.family == "encoder" else 2)


def has_lm_head(w: Workload) -> bool:
    """True when the head computes logits over the whole vocabulary at every position."""
    return w.task_head in ("causal-lm", "masked-lm", "seq2seq")


def with_head(w: Workload, head: str | None) -> Workload:
    """The workload loaded with another head; its parameter count moves by the heads' difference.

    The catalog states each model's count for the head it names; changing the head adds the new
    head's parameters and removes the old one's, so the stated figure stays the anchor.
    """
    if head in (None, "auto") or head == w.task_head:
        return w
    if head not in HEADS:
        raise EstimateError(f"Unknown head '{head}'; use auto or one of {', '.join(HEADS)}.")
    if w.family == "encoder-decoder" and head != "seq2seq":
        raise EstimateError(f"{w.name} is an encoder-decoder model; only its seq2seq head is "
                            "sized.")
    if w.family in ("cnn", "diffusion-unet", "vit"):
        raise EstimateError(f"{w.name} has no text head to choose; leave the head on auto.")
    if head == "masked-lm" and w.family != "encoder":
        raise EstimateError(f"{w.name} is not an encoder; a masked-LM head needs one.")
    changed = replace(w, head=head)
    delta = head_parameters(changed) - head_parameters(w)
    return replace(changed, parameters=w.parameters + delta if w.parameters else 0)
