"""One reader per ``model_type``: which config.json keys hold each hyper-parameter we need.

Families name the same thing differently (``n_embd``, ``d_model``, ``hidden_size``), default it
differently (Falcon ties its embeddings, GPT-NeoX does not) and hide quirks in flags (OPT's
``word_embed_proj_dim``, Falcon's ``new_decoder_architecture``). Each reader states them for its
family; :mod:`planner.core.models.hfconfig` picks the reader and checks the result. Pure Python.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from planner.core.records.precision import EstimateError
from planner.core.records.specs import Workload

Reader = Callable[[dict[str, Any], dict[str, Any]], Workload]


def int_field(cfg: dict[str, Any], *keys: str, default: int | None = None) -> int:
    """The first of ``keys`` present, as a whole number; a sentence when absent or malformed."""
    for k in keys:
        v = cfg.get(k)
        if v is not None:
            if isinstance(v, bool) or not isinstance(v, int) or v < 0 or v > 10**9:
                raise EstimateError(f"config.json field '{k}' must be a whole number (got {v!r}).")
            return v
    if default is not None:
        return default
    raise EstimateError(f"config.json lacks '{keys[0]}', which sizing this model needs.")


def opt_int(cfg: dict[str, Any], *keys: str) -> int | None:
    """Like :func:`int_field`, ``None`` when every key is absent (still checks a present one)."""
    if all(cfg.get(k) is None for k in keys):
        return None
    return int_field(cfg, *keys)


def _sub(cfg: dict[str, Any], key: str) -> dict[str, Any]:
    sub = cfg.get(key)
    if not isinstance(sub, dict):
        raise EstimateError(f"config.json lacks the '{key}' object this model needs.")
    return sub


def _tie(cfg: dict[str, Any], default: bool) -> bool:
    return bool(cfg.get("tie_word_embeddings", default))


def _sliding(cfg: dict[str, Any], mt: str) -> tuple[int | None, int | None]:
    """Sliding window and the 1-in-N global layers, where the config turns them on."""
    window = opt_int(cfg, "sliding_window")
    if not window:
        return None, None
    if mt.startswith("qwen") and not cfg.get("use_sliding_window", False):
        return None, None
    types = cfg.get("layer_types")
    if isinstance(types, list) and types and all(isinstance(t, str) for t in types):
        full = sum(t == "full_attention" for t in types)
        if full == len(types):
            return None, None
        return window, (round(len(types) / full) if full else None)
    if mt == "gemma2":
        return window, 2
    if mt.startswith("gemma3"):
        return window, int_field(cfg, "sliding_window_pattern", default=6)
    return window, None


def llama_like(cfg: dict[str, Any], common: dict[str, Any]) -> Workload:
    """Llama, Mistral, Mixtral, Qwen2/3 (+MoE), Gemma 1/2/3, Phi-3, OLMo 2, StableLM, DeepSeek."""
    mt = str(cfg["model_type"]).lower()
    experts = opt_int(cfg, "num_local_experts", "num_experts", "n_routed_experts")
    window, every = _sliding(cfg, mt)
    dense_layers = None
    if experts:
        dense_layers = opt_int(cfg, "first_k_dense_replace")
        only = cfg.get("mlp_only_layers")
        if isinstance(only, list) and only:
            dense_layers = len(only)
    mla = mt.startswith("deepseek_v")
    nope = opt_int(cfg, "qk_nope_head_dim") if mla else None
    rope = opt_int(cfg, "qk_rope_head_dim") if mla else None
    head_dim = (nope or 0) + (rope or 0) if mla else opt_int(cfg, "head_dim")
    default_tie = mt.startswith("gemma")
    qkv_bias = cfg.get("attention_bias", cfg.get("use_qkv_bias", cfg.get("qkv_bias")))
    if qkv_bias is None:
        qkv_bias = mt in ("qwen2", "qwen2_moe", "qwen2_vl_text")
    norms = None
    if mt in ("gemma2", "gemma3_text"):
        norms = 4
    elif mt == "stablelm" and cfg.get("use_parallel_residual"):
        norms = 1
    return Workload(
        family="decoder",
        arch={"qwen2_vl_text": "qwen2", "mllama_text_model": "mllama"}.get(mt, mt),
        layers=int_field(cfg, "num_hidden_layers"),
        hidden=int_field(cfg, "hidden_size"),
        heads=int_field(cfg, "num_attention_heads"),
        kv_heads=opt_int(cfg, "num_key_value_heads"),
        head_dim=head_dim or None,
        intermediate=int_field(cfg, "intermediate_size"),
        vocab=int_field(cfg, "vocab_size"),
        context=opt_int(cfg, "max_position_embeddings"),
        gated_mlp=True,
        qkv_bias=bool(qkv_bias),
        linear_bias=bool(cfg.get("mlp_bias", False)),
        tie_embeddings=_tie(cfg, default_tie),
        norm="layernorm" if mt == "stablelm" else "rmsnorm",
        position="rope",
        layer_norms=norms,
        qk_norm=mt in ("qwen3", "qwen3_moe", "gemma3_text") or bool(cfg.get("qk_layernorm")),
        sliding_window=window,
        global_every=every,
        experts=experts,
        experts_per_token=opt_int(cfg, "num_experts_per_tok") if experts else None,
        moe_intermediate=opt_int(cfg, "moe_intermediate_size") if experts else None,
        shared_experts=opt_int(cfg, "n_shared_experts") if experts else None,
        shared_expert_intermediate=(opt_int(cfg, "shared_expert_intermediate_size")
                                    if experts else None),
        dense_layers=dense_layers,
        kv_lora_rank=opt_int(cfg, "kv_lora_rank") if mla else None,
        q_lora_rank=opt_int(cfg, "q_lora_rank") if mla else None,
        rope_head_dim=rope,
        v_head_dim=opt_int(cfg, "v_head_dim") if mla else None,
        **common,
    )


def phi(cfg: dict[str, Any], common: dict[str, Any]) -> Workload:
    """Phi-1, Phi-1.5, Phi-2: parallel attention and MLP off one LayerNorm, biased everywhere."""
    return Workload(
        family="decoder", arch="phi", layers=int_field(cfg, "num_hidden_layers"),
        hidden=int_field(cfg, "hidden_size"), heads=int_field(cfg, "num_attention_heads"),
        kv_heads=opt_int(cfg, "num_key_value_heads"),
        intermediate=int_field(cfg, "intermediate_size"), vocab=int_field(cfg, "vocab_size"),
        context=opt_int(cfg, "max_position_embeddings"), tie_embeddings=_tie(cfg, False),
        qkv_bias=True, linear_bias=True, position="rope", **common)


def falcon(cfg: dict[str, Any], common: dict[str, Any]) -> Workload:
    """Falcon: multi-query (7B) or grouped KV heads with two norms (40B/180B, new architecture)."""
    hidden = int_field(cfg, "hidden_size")
    heads = int_field(cfg, "num_attention_heads")
    new = bool(cfg.get("new_decoder_architecture", False))
    if new:
        kv = int_field(cfg, "num_kv_heads", default=heads)
        norms = int_field(cfg, "num_ln_in_parallel_attn", default=2)
    else:
        kv = 1 if cfg.get("multi_query", True) else heads
        norms = 1 if cfg.get("parallel_attn", True) else 2
    bias = bool(cfg.get("bias", False))
    return Workload(
        family="decoder", arch="falcon", layers=int_field(cfg, "num_hidden_layers"),
        hidden=hidden, heads=heads, kv_heads=kv,
        intermediate=int_field(cfg, "ffn_hidden_size", default=4 * hidden),
        vocab=int_field(cfg, "vocab_size"), context=opt_int(cfg, "max_position_embeddings"),
        tie_embeddings=_tie(cfg, True), qkv_bias=bias, linear_bias=bias, layer_norms=norms,
        position="alibi" if cfg.get("alibi") else "rope", **common)


def gpt_neox(cfg: dict[str, Any], common: dict[str, Any]) -> Workload:
    """GPT-NeoX / Pythia: fused QKV, biased linears and LayerNorms, parallel residual."""
    return Workload(
        family="decoder", arch="gpt_neox", layers=int_field(cfg, "num_hidden_layers"),
        hidden=int_field(cfg, "hidden_size"), heads=int_field(cfg, "num_attention_heads"),
        intermediate=int_field(cfg, "intermediate_size"), vocab=int_field(cfg, "vocab_size"),
        context=opt_int(cfg, "max_position_embeddings"), tie_embeddings=_tie(cfg, False),
        qkv_bias=True, linear_bias=True, position="rope", **common)


def gpt2(cfg: dict[str, Any], common: dict[str, Any]) -> Workload:
    """GPT-2 and GPT-BigCode (StarCoder; multi-query when ``multi_query``)."""
    mt = str(cfg["model_type"]).lower()
    hidden = int_field(cfg, "n_embd")
    heads = int_field(cfg, "n_head")
    mq = mt == "gpt_bigcode" and cfg.get("multi_query", True)
    return Workload(
        family="decoder", arch=mt, layers=int_field(cfg, "n_layer"), hidden=hidden, heads=heads,
        kv_heads=1 if mq else None, intermediate=opt_int(cfg, "n_inner") or 4 * hidden,
        vocab=int_field(cfg, "vocab_size"), context=int_field(cfg, "n_positions"),
        tie_embeddings=True, qkv_bias=True, linear_bias=True, **common)


def opt(cfg: dict[str, Any], common: dict[str, Any]) -> Workload:
    """OPT: learned positions offset by 2, ReLU MLP, optional narrower token embeddings."""
    hidden = int_field(cfg, "hidden_size")
    embed = int_field(cfg, "word_embed_proj_dim", default=hidden)
    bias = bool(cfg.get("enable_bias", True))
    return Workload(
        family="decoder", arch="opt", layers=int_field(cfg, "num_hidden_layers"), hidden=hidden,
        heads=int_field(cfg, "num_attention_heads"), intermediate=int_field(cfg, "ffn_dim"),
        vocab=int_field(cfg, "vocab_size"), context=int_field(cfg, "max_position_embeddings"),
        tie_embeddings=_tie(cfg, True), qkv_bias=bias, linear_bias=bias,
        post_norm=not cfg.get("do_layer_norm_before", True),
        embed_dim=embed if embed != hidden else None, activation="relu", **common)


def bloom(cfg: dict[str, Any], common: dict[str, Any]) -> Workload:
    """BLOOM: ALiBi, an embedding LayerNorm, biased linears."""
    hidden = int_field(cfg, "hidden_size", "n_embed")
    return Workload(
        family="decoder", arch="bloom", layers=int_field(cfg, "n_layer", "num_hidden_layers"),
        hidden=hidden, heads=int_field(cfg, "n_head", "num_attention_heads"),
        intermediate=4 * hidden, vocab=int_field(cfg, "vocab_size"),
        context=opt_int(cfg, "seq_length", "max_position_embeddings"),
        tie_embeddings=_tie(cfg, True), qkv_bias=True, linear_bias=True, position="alibi",
        **common)


def mpt(cfg: dict[str, Any], common: dict[str, Any]) -> Workload:
    """MPT: ALiBi, no biases (``no_bias``), bias-free LayerNorms."""
    hidden = int_field(cfg, "d_model")
    bias = not cfg.get("no_bias", True)
    return Workload(
        family="decoder", arch="mpt", layers=int_field(cfg, "n_layers"), hidden=hidden,
        heads=int_field(cfg, "n_heads"),
        intermediate=int_field(cfg, "expansion_ratio", default=4) * hidden,
        vocab=int_field(cfg, "vocab_size"), context=opt_int(cfg, "max_seq_len"),
        tie_embeddings=True, qkv_bias=bias, linear_bias=bias, position="alibi", **common)


def mamba(cfg: dict[str, Any], common: dict[str, Any]) -> Workload:
    """Mamba: a selective state-space block per layer, no attention."""
    hidden = int_field(cfg, "hidden_size")
    rank = cfg.get("time_step_rank", "auto")
    dt_rank = -(-hidden // 16) if rank == "auto" else int_field(cfg, "time_step_rank")
    return Workload(
        family="decoder", arch="mamba", layers=int_field(cfg, "num_hidden_layers"),
        hidden=hidden, intermediate=int_field(cfg, "expand", default=2) * hidden,
        vocab=int_field(cfg, "vocab_size"), tie_embeddings=_tie(cfg, True), norm="rmsnorm",
        position="none", linear_bias=bool(cfg.get("use_bias", False)),
        state_size=int_field(cfg, "state_size", default=16),
        conv_kernel=int_field(cfg, "conv_kernel", default=4), dt_rank=dt_rank, **common)


def _mllama_vision(v: dict[str, Any]) -> tuple[int, dict[str, int]]:
    """Mllama's tiled vision encoder: parameters and the shape activations need."""
    h = int_field(v, "hidden_size")
    f = int_field(v, "intermediate_size")
    local = int_field(v, "num_hidden_layers")
    glob = int_field(v, "num_global_layers")
    patch = int_field(v, "patch_size")
    side = int_field(v, "image_size") // patch
    tiles = int_field(v, "max_num_tiles")
    ratios = v.get("supported_aspect_ratios")
    n_ratios = len(ratios) if isinstance(ratios, list) else 8
    layers_idx = v.get("intermediate_layers_indices")
    out = h * ((len(layers_idx) if isinstance(layers_idx, list) else 4) + 1)
    positions = side * side + 1
    layer = 4 * h * h + (h * f + f) + (f * h + h) + 4 * h
    n = (h + int_field(v, "num_channels", default=3) * patch * patch * h
         + 1 + positions * h + (n_ratios + 1) * tiles * positions * h
         + 2 * (1 + (n_ratios + 1) * tiles * h) + 4 * h
         + local * layer + glob * (layer + 2))
    return n, {"out": out, "layers": local + glob, "hidden": h, "intermediate": f,
               "heads": int_field(v, "attention_heads"), "tokens": tiles * positions}


def mllama(cfg: dict[str, Any], common: dict[str, Any]) -> Workload:
    """Llama 3.2 Vision: a Llama text model with cross-attention layers + a tiled ViT."""
    text = dict(_sub(cfg, "text_config"), model_type="mllama_text_model")
    vision, shape = _mllama_vision(_sub(cfg, "vision_config"))
    w = llama_like(text, common)
    cross = text.get("cross_attention_layers")
    h = w.hidden or 0
    return replace(
        w, cross_layers=len(cross) if isinstance(cross, list) else 0,
        vision_parameters=vision + shape["out"] * h + h,  # + the projector
        vision_layers=shape["layers"], vision_hidden=shape["hidden"],
        vision_heads=shape["heads"], vision_intermediate=shape["intermediate"],
        vision_tokens=shape["tokens"])


#: Image side Qwen2-VL's vision tokens are sized at (its processor resizes freely; 448 px is a
#: common fine-tuning resolution): (448 / 14)² = 1,024 patches, 256 after the 2×2 merge.
QWEN2_VL_IMAGE_SIDE = 448


def qwen2_vl(cfg: dict[str, Any], common: dict[str, Any]) -> Workload:
    """Qwen2-VL: a Qwen2 text model + a ViT with a 2×2 patch merger."""
    text = dict(cfg.get("text_config") or cfg, model_type="qwen2_vl_text")
    v = _sub(cfg, "vision_config")
    e = int_field(v, "embed_dim")
    patch = int_field(v, "patch_size")
    merge = int_field(v, "spatial_merge_size", default=2)
    depth = int_field(v, "depth")
    mlp = int_field(v, "mlp_ratio", default=4) * e
    out = int_field(v, "hidden_size")
    block = 4 * e + (3 * e * e + 3 * e) + (e * e + e) + (e * mlp + mlp) + (mlp * e + e)
    m = e * merge * merge
    merger = 2 * e + (m * m + m) + (m * out + out)
    vision = (int_field(v, "in_chans", default=3) * int_field(v, "temporal_patch_size", default=2)
              * patch * patch * e + depth * block + merger)
    w = llama_like(text, common)
    return replace(
        w, arch="qwen2_vl", vision_parameters=vision, vision_layers=depth, vision_hidden=e,
        vision_heads=int_field(v, "num_heads"), vision_intermediate=mlp,
        vision_tokens=(QWEN2_VL_IMAGE_SIDE // patch) ** 2)


def bert(cfg: dict[str, Any], common: dict[str, Any]) -> Workload:
    """BERT / RoBERTa encoders."""
    return Workload(family="encoder", arch=str(cfg["model_type"]).lower(),
                    layers=int_field(cfg, "num_hidden_layers"),
                    hidden=int_field(cfg, "hidden_size"),
                    heads=int_field(cfg, "num_attention_heads"),
                    intermediate=int_field(cfg, "intermediate_size"),
                    vocab=int_field(cfg, "vocab_size"),
                    context=int_field(cfg, "max_position_embeddings"), qkv_bias=True,
                    linear_bias=True, tie_embeddings=True, **common)


def t5(cfg: dict[str, Any], common: dict[str, Any]) -> Workload:
    """T5 / mT5 / UMT5 encoder-decoders."""
    gated = str(cfg.get("feed_forward_proj", "relu")).startswith("gated")
    return Workload(family="encoder-decoder", arch="t5", layers=int_field(cfg, "num_layers"),
                    decoder_layers=opt_int(cfg, "num_decoder_layers"),
                    hidden=int_field(cfg, "d_model"), heads=int_field(cfg, "num_heads"),
                    head_dim=int_field(cfg, "d_kv"), intermediate=int_field(cfg, "d_ff"),
                    vocab=int_field(cfg, "vocab_size"), context=512, gated_mlp=gated,
                    tie_embeddings=_tie(cfg, True), norm="rmsnorm", position="relative",
                    **common)


def whisper(cfg: dict[str, Any], common: dict[str, Any]) -> Workload:
    """Whisper: an audio encoder and a text decoder."""
    return Workload(family="encoder-decoder", arch="whisper",
                    layers=int_field(cfg, "encoder_layers"),
                    decoder_layers=int_field(cfg, "decoder_layers"),
                    hidden=int_field(cfg, "d_model"),
                    heads=int_field(cfg, "decoder_attention_heads"),
                    intermediate=int_field(cfg, "decoder_ffn_dim"),
                    vocab=int_field(cfg, "vocab_size"),
                    context=int_field(cfg, "max_target_positions"),
                    encoder_context=int_field(cfg, "max_source_positions"),
                    tie_embeddings=True, qkv_bias=True, **common)


def chatglm(cfg: dict[str, Any], common: dict[str, Any]) -> Workload:
    """ChatGLM2/3 and GLM-4 (remote code): Llama's block under GLM's key names.

    Grouped KV heads are ``multi_query_group_num`` when ``multi_query_attention`` is on, the
    head size ``kv_channels``, the MLP ``ffn_hidden_size`` (SwiGLU: ``dense_h_to_4h`` is twice
    as wide), the vocabulary ``padded_vocab_size``; q, k and v are biased (``add_qkv_bias``),
    the rest not (``add_bias_linear``), and the output layer is its own matrix.
    """
    heads = int_field(cfg, "num_attention_heads")
    mqa = bool(cfg.get("multi_query_attention", False))
    return Workload(
        family="decoder", arch="chatglm", layers=int_field(cfg, "num_layers", "num_hidden_layers"),
        hidden=int_field(cfg, "hidden_size"), heads=heads,
        kv_heads=int_field(cfg, "multi_query_group_num") if mqa else heads,
        head_dim=opt_int(cfg, "kv_channels"),
        intermediate=int_field(cfg, "ffn_hidden_size", "intermediate_size"),
        vocab=int_field(cfg, "padded_vocab_size", "vocab_size"),
        context=opt_int(cfg, "seq_length", "max_position_embeddings"), gated_mlp=True,
        qkv_bias=bool(cfg.get("add_qkv_bias", False)),
        linear_bias=bool(cfg.get("add_bias_linear", False)), tie_embeddings=_tie(cfg, False),
        norm="rmsnorm" if cfg.get("rmsnorm", True) else "layernorm", position="rope", **common)


def remote_llama(cfg: dict[str, Any], common: dict[str, Any]) -> Workload:
    """InternLM2, Baichuan 2 and DeepSeekMoE (remote code): Llama's shapes, fused or renamed.

    InternLM2 fuses q, k, v into ``wqkv`` and says ``bias``; Baichuan 2 fuses them into
    ``W_pack`` and runs ALiBi on the 13B, whose config has no ``max_position_embeddings``
    (Baichuan 2 report, §2.4: RoPE for 7B, ALiBi for 13B); DeepSeekMoE puts shared and routed
    experts on every layer after ``first_k_dense_replace`` (``moe_layer_freq`` 1).
    """
    mt = str(cfg["model_type"]).lower()
    if mt == "deepseek" and int_field(cfg, "moe_layer_freq", default=1) != 1:
        raise EstimateError("config.json's 'moe_layer_freq' is not 1 (experts on every other "
                            "layer), which we cannot size yet.")
    w = llama_like(dict(cfg, attention_bias=cfg.get("bias", cfg.get("attention_bias", False))),
                   common)
    if mt == "baichuan":
        w = replace(w, context=w.context or opt_int(cfg, "model_max_length"),
                    position="rope" if cfg.get("max_position_embeddings") else "alibi")
    return replace(w, arch=mt)


READERS: dict[str, Reader] = {
    **{mt: llama_like for mt in (
        "llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "qwen3", "qwen3_moe", "gemma",
        "gemma2", "gemma3_text", "phi3", "olmo2", "stablelm", "deepseek_v2", "deepseek_v3")},
    "phi": phi, "falcon": falcon, "gpt_neox": gpt_neox, "gpt2": gpt2, "gpt_bigcode": gpt2,
    "opt": opt, "bloom": bloom, "mpt": mpt, "mamba": mamba, "mllama": mllama,
    "qwen2_vl": qwen2_vl, "bert": bert, "roberta": bert, "t5": t5, "mt5": t5, "umt5": t5,
    "whisper": whisper, "chatglm": chatglm, "internlm2": remote_llama, "baichuan": remote_llama,
    "deepseek": remote_llama,
}
