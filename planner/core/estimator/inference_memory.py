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
from planner.core.records.specs import Workload


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
