"""Activation and logits memory of a training step on one GPU.

Transformers are counted tensor by tensor (:mod:`planner.core.estimator.transformer`); CNNs and
UNets use a
measured profile. The head decides the logits: a language-model head keeps full-vocabulary logits
and the loss's fp32 work at every position (chunked cross-entropy does the fp32 part a chunk at a
time), a classification or QA head a handful of numbers. Checkpointing keeps each checkpointed
layer's input and recomputes it in backward: every layer (``full``), one in N (``every:N``) or
only the attention sub-block (``selective``). Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from planner.core.estimator import transformer as tf
from planner.core.estimator.memory_notes import MemoryNote, note
from planner.core.estimator.setups import TrainingSetup
from planner.core.estimator.transformer import op_saved_terms
from planner.core.models.layouts import has_lm_head
from planner.core.records.precision import EstimateError, TrainingPrecision, training_precision
from planner.core.records.specs import Workload

#: Per-stage checkpointing of a CNN recomputes one stage at a time in backward; the largest stage
#: (ResNet's first, at 56×56) holds this share of the un-checkpointed activations. Measured on
#: ResNet-50 (tests/data/measurements.json, the checkpointed run: 530 MB recomputed at batch 16
#: against 1,375 MB saved without checkpointing); other CNNs are assumed alike, so such estimates
#: carry the wider "rule" error band.
CNN_CHECKPOINT_RECOMPUTE_SHARE = 0.39


@dataclass(frozen=True, slots=True)
class Activations:
    """What forward leaves for backward, and the larger transient backward adds first.

    ``logits_transient`` (the logits' gradient) comes first in backward and is gone before any
    layer is recomputed (``transient``), so the peak holds the larger of the two.
    """

    activations: float
    logits: float
    transient: float
    logits_transient: float
    notes: tuple[MemoryNote, ...] = ()


def positions(w: Workload, seq: int) -> int:
    """Sequence positions one sample occupies: ViT patches (+ class token) or text tokens."""
    if w.family == "vit":
        patch = w.patch_size or 16
        return (seq // patch) ** 2 + 1
    return seq


def checkpoint_every(mode: str) -> int | None:
    """N of ``every:N`` (``None`` for the other modes); a sentence when N is not a number ≥ 1."""
    if not mode.startswith("every:"):
        if mode not in ("full", "selective-op", "selective"):
            raise EstimateError(f"Checkpointing must be full, selective-op, every:N or selective "
                                f"(got '{mode[:40]}').")
        return None
    text = mode.split(":", 1)[1]
    if not text.isdigit() or int(text) < 1:
        raise EstimateError(f"Checkpointing every:N needs a whole number N of at least 1 "
                            f"(got '{text[:20]}').")
    return int(text)


def target_tokens(w: Workload, setup: TrainingSetup, seq: int) -> int:
    """Decoder tokens of an encoder-decoder sample: ``target_seq``, else by task.

    Whisper's encoder always sees its 30 s window (``encoder_context``), so ``seq`` is already the
    transcript's length; for a text-to-text model (T5) without a stated target we size a
    translation-like task, as long as the source.
    """
    if setup.target_seq is not None:
        return setup.target_seq
    return seq


def activation_precision(setup: TrainingSetup, p: TrainingPrecision) -> TrainingPrecision:
    """The saved-tensor sizes a recipe really has.

    Under LoRA/QLoRA the frozen base is loaded in 16-bit, so even with autocast the residual stream
    stays 16-bit and no 16-bit casts are made for the GEMMs, unless PEFT's
    ``prepare_model_for_kbit_training`` cast the embeddings to fp32 (then the stream is fp32).
    """
    if (setup.uses_adapters or setup.int8_base) and p.autocast and not setup.kbit_prep \
            and setup.precision != "fp8":
        return _sixteen_bit_stream(p)
    return p


@lru_cache(maxsize=8)
def _sixteen_bit_stream(p: TrainingPrecision) -> TrainingPrecision:
    """``p`` with a 16-bit residual stream and no GEMM casts (one object per recipe: cached)."""
    return replace(p, resid=p.act, autocast=False)


def _eager_kv_len(w: Workload, seq: int) -> float:
    """Keys each query attends to, averaged over layers (sliding-window layers see fewer)."""
    if not w.sliding_window or w.sliding_window >= seq:
        return float(seq)
    share_global = 1.0 / w.global_every if w.global_every else 0.0
    return share_global * seq + (1 - share_global) * w.sliding_window


def _transformer(w: Workload, setup: TrainingSetup, seq: int,
                 p: TrainingPrecision) -> Activations:
    notes: list[MemoryNote] = []
    n = setup.gpus
    style = tf.style_of(w)
    dims = tf.dims_of(w)
    if w.is_ssm:
        dims = {**dims, "f": float(w.intermediate or 2 * (w.hidden or 0))}
    tokens = positions(w, seq) * setup.batch
    if w.family == "encoder-decoder":
        tokens = target_tokens(w, setup, seq) * setup.batch
    flash = setup.attention == "flash"
    tp = setup.strategy == "tp" and n > 1
    kv_len = _eager_kv_len(w, positions(w, seq))
    if w.family == "encoder-decoder":
        kv_len = float(target_tokens(w, setup, seq))  # the decoder's self-attention

    def per_token(terms: tuple[tf.Term, ...]) -> float:
        if not tp:
            return tf.bytes_per_token(terms, w, p, dims)
        # Megatron TP without sequence parallelism: heads and MLP columns split, the residual
        # stream, norms and dropout masks replicated.
        return (tf.bytes_per_token(tuple(t for t in terms if t[1] == "h"), w, p, dims)
                + tf.bytes_per_token(tuple(t for t in terms if t[1] != "h"), w, p, dims) / n)

    scores = 0.0 if w.is_ssm else tf.attention_scores_bytes_per_token(
        style, w, p, round(kv_len), flash) / (n if tp else 1)
    attn_part = per_token(style.layer_terms[:style.attn_terms]) + scores
    per_layer = per_token(style.layer_terms) + scores
    layer_bytes = per_layer * tokens
    layers = w.layers or 0
    dec_layers = w.decoder_layers or 0
    resid = p.resid * (w.hidden or 0)
    if w.family == "encoder-decoder":
        enc_tokens = (w.encoder_context or positions(w, seq)) * setup.batch
        enc_layer = (per_layer - scores + tf.attention_scores_bytes_per_token(
            style, w, p, w.encoder_context or seq, flash)) * enc_tokens
        # Decoder layers add cross-attention: a query, the encoder's keys and values per
        # layer, and scores over the encoder length.
        cross = (tf.bytes_per_token((("act", "q", 3.0),), w, p, dims) * tokens
                 + tf.bytes_per_token((("act", "kv", 2.0),), w, p, dims) * enc_tokens
                 + tf.attention_scores_bytes_per_token(
                     style, w, p, w.encoder_context or seq, flash) * tokens)
        stack = [(layers, enc_layer, enc_tokens, attn_part * enc_tokens),
                 (dec_layers or layers, layer_bytes + cross, tokens, attn_part * tokens + cross)]
    else:
        stack = [(layers, layer_bytes, tokens, attn_part * tokens)]
        if w.vision_layers and w.vision_hidden:
            # The vision tower: ViT-style blocks over its patch tokens (one image per sample).
            vt = (w.vision_tokens or 0) * setup.batch
            vh, vf = float(w.vision_hidden), float(w.vision_intermediate or 4 * w.vision_hidden)
            v_layer = vt * (vh * (2 * p.resid + 2 * p.linear_in + 3 * p.act) + 2 * vf * p.act)
            stack.append((w.vision_layers, v_layer, vt, v_layer / 2))
            notes.append(note("vision-tower", tokens=w.vision_tokens))
    body = sum(count * each for count, each, _t, _a in stack)
    one_layer = max(each for _c, each, _t, _a in stack)
    if setup.checkpointing:
        every = checkpoint_every(setup.checkpoint_mode)
        if setup.checkpoint_mode == "selective":
            # The attention sub-block keeps only its input; the MLP part stays.
            body = sum(count * (each - attn + resid * toks)
                       for count, each, toks, attn in stack)
            one_layer = max(attn for _c, _e, _t, attn in stack)
            notes.append(note("checkpointing-selective"))
        elif setup.checkpoint_mode == "selective-op":
            # torchtitan's op-level policy: each layer keeps its input, every other matmul's
            # output and the attention kernel's output (+ log-sum-exp); norms, RoPE and the
            # activation function are recomputed from them.
            kept_per_token = resid + per_token(op_saved_terms(style)) + (
                scores if flash else 0.0)
            body = sum(count * kept_per_token * toks for count, _e, toks, _a in stack)
            notes.append(note("checkpointing-op"))
        else:
            k = every or 1
            kept = 0.0
            ckpt_total = 0
            for count, each, toks, _a in stack:
                ckpt = count // k
                ckpt_total += ckpt
                kept += (count - ckpt) * each + ckpt * resid * toks
            body = kept
            if every:
                notes.append(note("checkpointing-every", every=every, checkpointed=ckpt_total,
                                  layers=sum(c for c, _e, _t, _a in stack)))
            else:
                notes.append(note("checkpointing-full"))
        transient = one_layer
    else:
        transient = 0.0
    if setup.activation_offloading:
        # torchtune's activation offloading: what forward saves waits in host RAM and comes back
        # a layer ahead of backward, so the GPU holds about two layers' worth.
        layer_count = sum(c for c, _e, _t, _a in stack) or 1
        body = min(body, 2 * body / layer_count)
        notes.append(note("activation-offloading"))
    final = style.final_terms if (has_lm_head(w) or w.family != "encoder") else ()
    edges = tokens * (per_token(style.embed_terms) + per_token(final))
    logits, logits_transient = 0.0, 0.0
    if has_lm_head(w):
        chunked = setup.loss == "chunked"
        saved, trans = tf.logits_bytes_per_token(w, p, setup.loss)
        logits, logits_transient = saved * tokens, trans * tokens
        if tp:  # vocab-parallel head and loss
            logits, logits_transient = logits / n, logits_transient / n
        if chunked:
            notes.append(note("chunked-loss", chunks=tf.LOSS_CHUNKS))
    if setup.strategy == "pp" and n > 1:
        # 1F1B: the first stage holds `n` micro-batches of its layers — the whole body's worth
        # of one micro-batch; the last stage holds its share plus the LM head.
        if body / n + logits > body:
            return Activations(body / n + edges, logits, transient, logits_transient,
                               tuple(notes))
        return Activations(body + edges, 0.0, transient, 0.0, tuple(notes))
    return Activations(body + edges, logits, transient, logits_transient, tuple(notes))


def _profiled(w: Workload, setup: TrainingSetup, seq: int,
              p: TrainingPrecision) -> Activations:
    prof = w.profile
    if prof is None:
        raise EstimateError(f"'{w.name}' has no measured activation profile to size it from.")
    notes: list[MemoryNote] = []
    scale = (seq / prof.image_size) ** 2
    bf16 = p.act < 4
    full = prof.bf16_bytes_per_sample if bf16 else prof.fp32_bytes_per_sample
    if setup.checkpointing:
        per_sample = (prof.checkpointed_bf16_bytes_per_sample if bf16
                      else prof.checkpointed_fp32_bytes_per_sample)
        if per_sample is None:
            raise EstimateError(
                f"Gradient checkpointing has not been measured for '{w.name}'.",
                setting="checkpointing")
        transient = CNN_CHECKPOINT_RECOMPUTE_SHARE * full * scale * setup.batch
        notes.append(note("cnn-checkpointing"))
    else:
        per_sample, transient = full, 0.0
    if setup.strategy in ("tp", "pp") and setup.gpus > 1:
        notes.append(note("vision-unsplit"))
    return Activations(per_sample * scale * setup.batch, 0.0, transient, 0.0, tuple(notes))


def activation_bytes(w: Workload, setup: TrainingSetup, seq: int) -> Activations:
    """Activations and logits alive after forward on one GPU, and backward's transients."""
    p = training_precision(setup.precision)
    if w.is_transformer:
        return _transformer(w, setup, seq, activation_precision(setup, p))
    return _profiled(w, setup, seq, p)
