"""LoRA adapters: the linear layers each family has, by the names PEFT targets them with.

``attention`` adapts the attention projections (q, k, v, o or the family's fused equivalents),
``all-linear`` every linear layer of the blocks (PEFT's ``all-linear``: not the LM head), and an
explicit list names modules as the model does (``q_proj,v_proj``; ``query_key_value`` on Falcon).
An adapter of rank r on a d_in × d_out layer trains r × (d_in + d_out) parameters.
Pure Python; no Qt, no database.
"""

from __future__ import annotations

from planner.core.records.precision import EstimateError
from planner.core.records.specs import Workload

#: Named target sets (anything else is a comma-separated list of module names).
LORA_TARGETS = ("attention", "all-linear")

Shape = tuple[int, int, int]  # (in, out, copies per layer)


def _llama_attention(w: Workload) -> dict[str, list[Shape]]:
    h = w.hidden or 0
    heads = w.heads or 0
    if w.kv_lora_rank:
        qk, rope = w.head_dimension, w.rope_head_dim or 0
        v = w.v_head_dim or qk
        q: dict[str, list[Shape]] = (
            {"q_a_proj": [(h, w.q_lora_rank, 1)], "q_b_proj": [(w.q_lora_rank, heads * qk, 1)]}
            if w.q_lora_rank else {"q_proj": [(h, heads * qk, 1)]})
        return {**q, "kv_a_proj_with_mqa": [(h, w.kv_lora_rank + rope, 1)],
                "kv_b_proj": [(w.kv_lora_rank, heads * (qk - rope + v), 1)],
                "o_proj": [(heads * v, h, 1)]}
    qd = heads * w.head_dimension
    kv = w.kv_head_count * w.head_dimension
    if w.arch == "phi3":
        return {"qkv_proj": [(h, qd + 2 * kv, 1)], "o_proj": [(qd, h, 1)]}
    return {"q_proj": [(h, qd, 1)], "k_proj": [(h, kv, 1)], "v_proj": [(h, kv, 1)],
            "o_proj": [(qd, h, 1)]}


def linear_modules(w: Workload) -> tuple[dict[str, list[Shape]], tuple[str, ...]]:
    """Every linear module of a block by name, and which names are the attention projections."""
    h = w.hidden or 0
    f = w.intermediate or 4 * h
    heads = w.heads or 0
    q = heads * w.head_dimension
    kv = w.kv_head_count * w.head_dimension
    arch = w.arch
    if arch == "mamba":
        d = w.intermediate or 2 * h
        r, n = w.dt_rank or -(-h // 16), w.state_size or 16
        return ({"in_proj": [(h, 2 * d, 1)], "x_proj": [(d, r + 2 * n, 1)],
                 "dt_proj": [(r, d, 1)], "out_proj": [(d, h, 1)]}, ())
    if arch in ("falcon", "gpt_neox", "bloom"):
        mods = {"query_key_value": [(h, q + 2 * kv, 1)], "dense": [(q, h, 1)],
                "dense_h_to_4h": [(h, f, 1)], "dense_4h_to_h": [(f, h, 1)]}
        return mods, ("query_key_value", "dense")
    if arch in ("gpt2", "gpt_bigcode") or (arch is None and not (w.gated_mlp or
                                                                  w.norm == "rmsnorm")
                                            and w.family == "decoder"):
        return ({"c_attn": [(h, q + 2 * kv, 1)], "c_proj": [(q, h, 1), (f, h, 1)],
                 "c_fc": [(h, f, 1)]}, ("c_attn", "c_proj"))
    if arch == "chatglm":
        return ({"query_key_value": [(h, q + 2 * kv, 1)], "dense": [(q, h, 1)],
                 "dense_h_to_4h": [(h, 2 * f, 1)], "dense_4h_to_h": [(f, h, 1)]},
                ("query_key_value", "dense"))
    if arch == "internlm2":
        return ({"wqkv": [(h, q + 2 * kv, 1)], "wo": [(q, h, 1)], "w1": [(h, f, 1)],
                 "w3": [(h, f, 1)], "w2": [(f, h, 1)]}, ("wqkv", "wo"))
    if arch == "baichuan":
        return ({"W_pack": [(h, q + 2 * kv, 1)], "o_proj": [(q, h, 1)],
                 "gate_proj": [(h, f, 1)], "up_proj": [(h, f, 1)], "down_proj": [(f, h, 1)]},
                ("W_pack", "o_proj"))
    if arch == "mpt":
        return ({"Wqkv": [(h, q + 2 * kv, 1)], "out_proj": [(q, h, 1)],
                 "up_proj": [(h, f, 1)], "down_proj": [(f, h, 1)]}, ("Wqkv", "out_proj"))
    if arch in ("opt", "phi"):
        out = "out_proj" if arch == "opt" else "dense"
        return ({"q_proj": [(h, q, 1)], "k_proj": [(h, kv, 1)], "v_proj": [(h, kv, 1)],
                 out: [(q, h, 1)], "fc1": [(h, f, 1)], "fc2": [(f, h, 1)]},
                ("q_proj", "k_proj", "v_proj", out))
    if w.family in ("encoder", "vit"):
        return ({"query": [(h, q, 1)], "key": [(h, kv, 1)], "value": [(h, kv, 1)],
                 "dense": [(q, h, 1), (h, f, 1), (f, h, 1)]}, ("query", "key", "value"))
    if arch == "whisper":
        return ({"q_proj": [(h, q, 1)], "k_proj": [(h, kv, 1)], "v_proj": [(h, kv, 1)],
                 "out_proj": [(q, h, 1)], "fc1": [(h, f, 1)], "fc2": [(f, h, 1)]},
                ("q_proj", "k_proj", "v_proj", "out_proj"))
    if w.family == "encoder-decoder":
        return ({"q": [(h, q, 1)], "k": [(h, kv, 1)], "v": [(h, kv, 1)],
                 "o": [(q, h, 1)], "wi": [(h, f, 2 if w.gated_mlp else 1)],
                 "wo": [(f, h, 1)]}, ("q", "k", "v", "o"))
    attn = _llama_attention(w)
    if w.experts:
        fe = w.moe_intermediate or f
        copies = w.experts + (w.shared_experts or 0)
        mlp = {"gate_proj": [(h, fe, copies)], "up_proj": [(h, fe, copies)],
               "down_proj": [(fe, h, copies)]}
        if w.arch == "mixtral":
            # Mixtral's router is a plain nn.Linear (hidden -> experts) called "gate": PEFT's
            # all-linear adapts it too (PEFT issue #1594 prints 242,225,152 for r=16, the
            # experts' 240,123,904 plus 32 x 16 x (4,096 + 8)). DeepSeek's MoEGate is no Linear.
            mlp["gate"] = [(h, w.experts, 1)]
        if w.shared_expert_intermediate:
            s = w.shared_expert_intermediate
            mlp = {k: [*v, (s if k == "down_proj" else h, h if k == "down_proj" else s, 1)]
                   for k, v in mlp.items()}
    elif w.arch == "phi3":
        mlp = {"gate_up_proj": [(h, 2 * f, 1)], "down_proj": [(f, h, 1)]}
    else:
        mlp = {"gate_proj": [(h, f, 1)], "up_proj": [(h, f, 1)], "down_proj": [(f, h, 1)]}
    return {**attn, **mlp}, tuple(attn)


def parse_targets(w: Workload, targets: str,
                  modules: dict[str, list[Shape]] | None = None) -> tuple[str, ...]:
    """The module names ``targets`` selects; a sentence when the model lacks one of them."""
    if modules is None or targets == "attention":
        mods, attention = linear_modules(w)
    else:
        mods, attention = modules, ()
    if targets == "attention":
        if not attention:
            raise EstimateError(
                f"{w.name} has no attention projections to adapt; use all-linear or name its "
                f"layers ({', '.join(mods)}).", setting="lora_targets")
        return attention
    if targets == "all-linear":
        return tuple(mods)
    names = tuple(dict.fromkeys(n.strip() for n in targets.split(",") if n.strip()))
    missing = [n for n in names if n not in mods]
    if not names or missing:
        raise EstimateError(
            f"{w.name} has no layer called {', '.join(repr(n) for n in missing) or 'that'}; "
            f"its linear layers are {', '.join(mods)} (or use attention or all-linear).",
            setting="lora_targets")
    return names


def lora_parameters(w: Workload, rank: int, targets: str = "attention",
                    modules: dict[str, list[Shape]] | None = None) -> int:
    """Trainable adapter parameters: rank × (in + out) for each adapted module of each layer.

    ``modules`` is :func:`linear_modules`'s table when the caller already has it.
    """
    if not (w.hidden and w.layers and (w.heads or w.is_ssm)):
        raise EstimateError(f"LoRA sizing needs a transformer's shape; '{w.name}' has none.",
                            setting="adapter")
    mods = modules if modules is not None else linear_modules(w)[0]
    names = parse_targets(w, targets, mods)
    per_layer = sum(rank * (i + o) * c for name in names for i, o, c in mods[name])
    layers = w.layers + (w.decoder_layers or 0)
    total = layers * per_layer
    if w.family == "encoder-decoder":
        # A decoder block attends to the encoder too: a second set of attention projections.
        attention = linear_modules(w)[1]
        cross = sum(rank * (i + o) * c for name in names if name in attention
                    for i, o, c in mods[name])
        total += (w.decoder_layers or w.layers) * cross
    return total


def largest_linear(w: Workload, modules: dict[str, list[Shape]] | None = None) -> int:
    """Elements of the largest linear weight in a block (a dequantization buffer's size)."""
    mods = modules if modules is not None else linear_modules(w)[0]
    return max((i * o for shapes in mods.values() for i, o, _c in shapes), default=0)
