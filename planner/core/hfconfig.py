"""Read a Hugging Face ``config.json`` into a Workload, so users can size models we do not ship.

Only reads the dictionary it is given (the caller loads the JSON); follows no path or URL inside
it. Families: Llama, Mistral, Mixtral, Qwen2/2.5/3, Gemma, Phi-3, GPT-2, BERT/RoBERTa, T5,
Whisper. Anything malformed gets one plain sentence. Pure Python; no Qt, no database.
"""

from __future__ import annotations

from typing import Any

from planner.core.precision import EstimateError
from planner.core.specs import Workload
from planner.core.transformer import count_parameters

LLAMA_LIKE = {"llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "qwen3", "qwen3_moe",
              "gemma", "gemma2", "gemma3_text", "phi3", "olmo2", "deepseek"}


def _int(cfg: dict[str, Any], *keys: str, default: int | None = None) -> int:
    for k in keys:
        v = cfg.get(k)
        if v is not None:
            if isinstance(v, bool) or not isinstance(v, int) or v < 0 or v > 10**9:
                raise EstimateError(f"config.json field '{k}' must be a whole number (got {v!r}).")
            return v
    if default is not None:
        return default
    raise EstimateError(f"config.json lacks '{keys[0]}', which sizing this model needs.")


def _opt_int(cfg: dict[str, Any], *keys: str) -> int | None:
    try:
        return _int(cfg, *keys)
    except EstimateError:
        if any(cfg.get(k) is not None for k in keys):
            raise
        return None


def workload_from_hf_config(cfg: object, name: str = "Custom model") -> Workload:
    """Build a Workload from a parsed ``config.json`` dictionary."""
    if not isinstance(cfg, dict):
        raise EstimateError("config.json must be a JSON object.")
    model_type = cfg.get("model_type")
    if not isinstance(model_type, str):
        raise EstimateError("config.json has no 'model_type', so its family is unknown.")
    mt = model_type.lower()
    tie = bool(cfg.get("tie_word_embeddings", mt in ("gpt2", "bert", "roberta", "t5", "whisper")))
    common: dict[str, Any] = {"id": f"custom-{mt}", "name": name, "parameters": 0,
                              "sources": ("user config.json",), "custom": True}
    if mt in LLAMA_LIKE:
        experts = _opt_int(cfg, "num_local_experts", "num_experts", "n_routed_experts")
        w = Workload(
            family="decoder",
            layers=_int(cfg, "num_hidden_layers"),
            hidden=_int(cfg, "hidden_size"),
            heads=_int(cfg, "num_attention_heads"),
            kv_heads=_opt_int(cfg, "num_key_value_heads"),
            head_dim=_opt_int(cfg, "head_dim"),
            intermediate=_int(cfg, "intermediate_size"),
            vocab=_int(cfg, "vocab_size"),
            context=_opt_int(cfg, "max_position_embeddings"),
            gated_mlp=True,
            qkv_bias=bool(cfg.get("attention_bias", mt.startswith("qwen2"))),
            tie_embeddings=tie,
            norm="rmsnorm",
            position="rope",
            experts=experts,
            experts_per_token=_opt_int(cfg, "num_experts_per_tok") if experts else None,
            moe_intermediate=_opt_int(cfg, "moe_intermediate_size") if experts else None,
            shared_experts=_opt_int(cfg, "n_shared_experts") if experts else None,
            **common,
        )
    elif mt == "gpt2":
        w = Workload(family="decoder", layers=_int(cfg, "n_layer"), hidden=_int(cfg, "n_embd"),
                     heads=_int(cfg, "n_head"),
                     intermediate=_opt_int(cfg, "n_inner") or 4 * _int(cfg, "n_embd"),
                     vocab=_int(cfg, "vocab_size"), context=_int(cfg, "n_positions"),
                     tie_embeddings=True, qkv_bias=True, **common)
    elif mt in ("bert", "roberta"):
        w = Workload(family="encoder", layers=_int(cfg, "num_hidden_layers"),
                     hidden=_int(cfg, "hidden_size"), heads=_int(cfg, "num_attention_heads"),
                     intermediate=_int(cfg, "intermediate_size"), vocab=_int(cfg, "vocab_size"),
                     context=_int(cfg, "max_position_embeddings"), qkv_bias=True,
                     tie_embeddings=True, **common)
    elif mt in ("t5", "mt5", "umt5"):
        gated = str(cfg.get("feed_forward_proj", "relu")).startswith("gated")
        w = Workload(family="encoder-decoder", layers=_int(cfg, "num_layers"),
                     decoder_layers=_opt_int(cfg, "num_decoder_layers"),
                     hidden=_int(cfg, "d_model"), heads=_int(cfg, "num_heads"),
                     head_dim=_int(cfg, "d_kv"), intermediate=_int(cfg, "d_ff"),
                     vocab=_int(cfg, "vocab_size"), context=512, gated_mlp=gated,
                     tie_embeddings=tie, norm="rmsnorm", position="relative", **common)
    elif mt == "whisper":
        w = Workload(family="encoder-decoder", layers=_int(cfg, "encoder_layers"),
                     decoder_layers=_int(cfg, "decoder_layers"), hidden=_int(cfg, "d_model"),
                     heads=_int(cfg, "decoder_attention_heads"),
                     intermediate=_int(cfg, "decoder_ffn_dim"), vocab=_int(cfg, "vocab_size"),
                     context=_int(cfg, "max_target_positions"),
                     encoder_context=_int(cfg, "max_source_positions"), tie_embeddings=True,
                     qkv_bias=True, **common)
    else:
        raise EstimateError(
            f"Model type '{model_type}' is not supported yet; supported: Llama, Mistral, "
            f"Mixtral, Qwen, Gemma, Phi-3, GPT-2, BERT/RoBERTa, T5 and Whisper configs.")
    if not w.heads or not w.hidden or (w.hidden % w.heads and not w.head_dim):
        raise EstimateError("config.json's hidden size does not divide into its attention heads.")
    if w.kv_heads and w.heads % w.kv_heads:
        raise EstimateError("config.json's attention heads are not a multiple of its KV heads.")
    counted = count_parameters(w)
    if not counted:
        raise EstimateError("config.json describes a model with no parameters.")
    from dataclasses import replace

    return replace(w, parameters=counted)
