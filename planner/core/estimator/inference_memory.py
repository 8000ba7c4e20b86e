"""What serving a model holds besides its weights: the KV cache (or a state-space model's state).

The cache is sized by what each family actually caches: K and V per **KV head** (grouped-query
attention caches 1/8 of full attention on Llama-3-70B), the compressed latent plus the RoPE key
under multi-head latent attention (DeepSeek-V2/V3: kv_lora_rank + rope head dim per token per
layer), at most the window on sliding-window layers, the image's keys and values on Mllama's
cross-attention layers, and a fixed convolution + SSM state per sequence on Mamba.
Pure Python; no Qt, no database.
"""

from __future__ import annotations

from planner.core.estimator.memory_notes import MemoryNote, note
from planner.core.estimator.setups import InferenceSetup
from planner.core.records.precision import EstimateError, quantization_bytes
from planner.core.records.specs import Workload

#: How a generating loop keeps its cache (:class:`InferenceSetup`'s ``cache``).
CACHES: tuple[str, ...] = ("dynamic", "legacy")

#: Largest int4 group we accept (a group as long as a layer's rows is per-channel anyway).
MAX_GROUP = 8192


def int4_bytes(group_size: int) -> float:
    """Bytes per int4 weight with one fp16 scale and one 4-bit zero point per group.

    GPTQ and AWQ store the scales in fp16 and pack the zero points four bits each, so a group of
    ``g`` weights costs ``4 + 20 / g`` bits: 4.63 at g32, 4.31 at g64, 4.16 at g128. Group 0 (one
    group per output channel) is 4 bits plus a per-row scale too small to count.
    """
    return 0.5 if group_size == 0 else (4 + 20 / group_size) / 8


def weight_bytes_per(setup: InferenceSetup) -> float:
    """Bytes per quantized weight of a serving setup (int4 by its group size)."""
    if setup.precision == "int4":
        return int4_bytes(setup.group_size)
    return quantization_bytes(setup.precision)


def check_serving(setup: InferenceSetup) -> None:
    """Refuse an unknown cache or an impossible group size in one sentence."""
    if setup.cache not in CACHES:
        raise EstimateError(f"Cache must be one of {', '.join(CACHES)} "
                            f"(got '{str(setup.cache)[:40]}').", setting="cache")
    g = setup.group_size
    if (not isinstance(g, int) or isinstance(g, bool) or not (g == 0 or 8 <= g <= MAX_GROUP)
            or g % 8):
        raise EstimateError(f"Quantization group size must be 0 (per channel) or a multiple of 8 "
                            f"from 8 to {MAX_GROUP:,} (got {str(g)[:40]}).", setting="group_size")


def cache_values_per_token_per_layer(w: Workload) -> int:
    """Values one token adds to one layer's cache (K and V, or MLA's latent + RoPE key)."""
    if w.kv_lora_rank:
        return w.kv_lora_rank + (w.rope_head_dim or 0)
    return 2 * w.kv_head_count * w.head_dimension


def sliding_layers(w: Workload) -> int:
    """Layers that attend through a sliding window (all but 1 in ``global_every``)."""
    layers = w.decoder_layers or w.layers or 0
    if not w.sliding_window:
        return 0
    if not w.global_every:
        return layers
    return layers - layers // w.global_every


def kv_cache_bytes(w: Workload, batch: int, context: int, bytes_per: float) -> float:
    """Cache bytes for ``batch`` sequences of ``context`` tokens.

    Standard attention: 2 × layers × KV heads × head dim × tokens × batch × bytes.
    """
    layers = w.decoder_layers or w.layers or 0
    if w.is_ssm:
        inner = w.intermediate or 2 * (w.hidden or 0)
        return float(layers * batch * inner * ((w.conv_kernel or 4) + (w.state_size or 16))
                     * bytes_per)
    per = cache_values_per_token_per_layer(w) * batch * bytes_per
    windowed = sliding_layers(w)
    window = min(context, w.sliding_window or context)
    cross = w.cross_layers or 0
    text_layers = layers - cross
    total = per * ((text_layers - min(windowed, text_layers)) * context
                   + min(windowed, text_layers) * window)
    if cross:
        total += per * cross * (w.vision_tokens or 0)
    return float(total)


def cache_notes(w: Workload, context: int) -> tuple[MemoryNote, ...]:
    """What the cache size assumed, for the estimate's notes."""
    if w.is_ssm:
        return (note("ssm-state"),)
    out: list[MemoryNote] = []
    if w.kv_lora_rank:
        out.append(note("mla-cache", per_token=cache_values_per_token_per_layer(w),
                        rank=w.kv_lora_rank, rope=w.rope_head_dim or 0))
    if w.sliding_window and w.sliding_window < context:
        out.append(note("sliding-window", sliding=sliding_layers(w),
                        layers=w.decoder_layers or w.layers or 0, window=w.sliding_window))
    return tuple(out)


def legacy_logits_bytes(w: Workload, tokens: int, act_bytes: float) -> float:
    """The prompt's logits a pre-2024 transformers ``generate`` kept: every position's, twice.

    The model computed the LM head over every prompt position in its dtype and upcast the whole
    matrix to fp32 (``logits = logits.float()``, transformers #30860 and #31292), and the first
    step's outputs stayed referenced into the next step (#30536): ``act_bytes + 4`` bytes per
    position per vocabulary entry; ``tokens`` counts every sequence's positions.
    """
    return float(tokens * (w.vocab or 0) * (act_bytes + 4.0 if act_bytes < 4 else 4.0))
