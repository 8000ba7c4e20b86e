""""What would make it fit": the smallest changes that bring a workload under capacity.

Each suggestion is a whole new setting (so the UI applies it as one undoable edit) with its
resulting per-GPU bytes and its price in speed or quality, ordered from least to most invasive.
Only suggestions that actually fit are returned. Where the user's runs calibrate estimates, each
changed setting is sized by the calibration of *its own* kind of run (an ``adjust`` function the
caller hands in), and the suggestion names the runs behind its figure. Pure Python; no Qt, no
database.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from planner.core.estimator.headroom import DOES_NOT_FIT, verdict_for
from planner.core.estimator.setups import MemoryEstimate
from planner.core.plan.build import TrackedWorkload, estimate_for
from planner.core.records.precision import EstimateError


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One change, what it needs per GPU afterwards, and what it costs."""

    code: str
    title: str
    cost: str
    tracked: TrackedWorkload
    total_bytes: int
    verdict: str
    steps: tuple[tuple[str, dict[str, str]], ...] = ()
    """(code, parameters) of each change, so the UI can word them in the user's language."""
    support: tuple[str, ...] = ()
    """The user's runs behind ``total_bytes`` (:attr:`MeasuredRun.label`): the changed
    configuration measured, or the runs of its kind that calibrated it. Empty: the formulas'."""
    calibrated: bool = False
    """``total_bytes`` is calibrated from the user's runs of the changed setting's kind."""


Option = tuple[str, str, str, TrackedWorkload, dict[str, str]]

Sized = tuple[MemoryEstimate, tuple[str, ...], bool]
"""An estimate as the caller sizes it: the figure, the user's runs behind it, calibrated."""
Adjust = Callable[[TrackedWorkload, MemoryEstimate], Sized]
"""How the caller sizes a changed setting's estimate (calibrated by its own kind's runs)."""


def _formulas(_t: TrackedWorkload, est: MemoryEstimate) -> Sized:
    return est, (), False


def _sized(changed: TrackedWorkload, gpus: int, adjust: Adjust) -> Sized | None:
    try:
        return adjust(changed, estimate_for(changed, gpus))
    except EstimateError:
        return None


def _training_options(t: TrackedWorkload, gpus: int) -> list[Option]:
    s = t.training
    effective = replace(s, gpus=gpus).effective_batch  # over the build's GPUs, not the stored count
    out: list[Option] = []

    def add(code: str, title: str, cost: str, params: dict[str, str] | None = None,
            **changes: object) -> None:
        out.append((code, title, cost, replace(t, training=replace(s, **changes)),  # type: ignore[arg-type]
                    params or {}))

    factor = 2
    while s.batch // factor >= 1:
        b = s.batch // factor
        add("accumulate", f"Micro-batch {b} with {s.accumulation * factor}× gradient "
            f"accumulation (same effective batch {effective})",
            "Same result per step; more, smaller steps run slower on a big GPU.",
            {"batch": str(b), "accumulation": str(s.accumulation * factor),
             "effective": str(effective)},
            batch=b, accumulation=s.accumulation * factor)
        factor *= 2
    if not s.checkpointing:
        add("checkpointing", "Turn on gradient checkpointing",
            "About 33 % more compute (one extra forward pass).", checkpointing=True)
    if s.attention == "eager" and t.workload.is_transformer:
        add("flash", "Use FlashAttention / SDPA", "None on supported GPUs; usually faster.",
            attention="flash")
    if s.precision == "fp32":
        add("amp", "Mixed precision (AMP BF16)", "Needs BF16 tensor cores (Ampere or newer); "
            "usually faster.", precision="amp-bf16")
    if s.optimizer in ("adam", "adamw"):
        add("adam-8bit", "8-bit Adam (bitsandbytes)",
            "Optimizer state in 8 bits; matches 32-bit Adam on most fine-tunes.",
            optimizer="adam-8bit")
    if s.precision in ("amp-bf16", "amp-fp16"):
        add("pure-bf16", "Pure BF16 weights and optimizer state",
            "No fp32 master weights: small updates can be lost; use with care.",
            precision="bf16")
    if t.workload.is_transformer and t.workload.hidden and s.lora_rank is None and not s.qlora:
        add("lora", "LoRA adapters (rank 16) instead of full fine-tuning",
            "Trains ~0.1–1 % of the weights; close to full fine-tuning on many tasks.",
            lora_rank=16)
        add("qlora", "QLoRA (4-bit base, rank 16)",
            "Base weights in 4-bit NF4; slower steps from dequantization.",
            qlora=True, lora_rank=16)
    if gpus > 1:
        for strategy, cost in (
            ("zero2", "Shards optimizer state and gradients; same traffic as DDP."),
            ("fsdp", "Shards everything; ~1.5× DDP's communication."),
            ("tp", "Splits every layer; needs fast links (NVLink) to scale."),
        ):
            if s.strategy != strategy:
                add(strategy, f"Shard over the build's {gpus} GPUs: {strategy.upper()}", cost,
                    {"gpus": str(gpus), "strategy": strategy.upper()}, strategy=strategy)
    return out




def _inference_options(t: TrackedWorkload, gpus: int) -> list[Option]:
    s = t.inference
    out: list[Option] = []

    def add(code: str, title: str, cost: str, params: dict[str, str] | None = None,
            **changes: object) -> None:
        out.append((code, title, cost, replace(t, inference=replace(s, **changes)),  # type: ignore[arg-type]
                    params or {}))

    if s.kv_precision is None and t.workload.is_transformer:
        add("kv-fp8", "FP8 KV cache", "Halves the cache; small quality loss on long contexts.",
            kv_precision="fp8")
    order = ["fp32", "bf16", "fp8", "int8", "int4"]
    current = order.index(s.precision) if s.precision in order else 1
    for q in order[current + 1:]:
        if q == "fp8":
            continue
        add(f"quant-{q}", f"Quantize weights to {q.upper()}",
            "int8: near-lossless; int4 (GPTQ/AWQ): small quality loss.",
            {"precision": q.upper()}, precision=q)
    if s.batch > 1:
        add("batch", f"Serve batch {max(1, s.batch // 2)}", "Lower throughput.",
            {"batch": str(max(1, s.batch // 2))}, batch=max(1, s.batch // 2))
    if gpus > 1 and s.strategy != "tp":
        add("tp", f"Tensor-parallel over the build's {gpus} GPUs", "Needs fast links.",
            {"gpus": str(gpus)}, strategy="tp")
    return out


def suggestions(t: TrackedWorkload, usable_bytes: int, gpus: int, limit: int = 6,
                adjust: Adjust = _formulas) -> list[Suggestion]:
    """Changes that make ``t`` fit ``usable_bytes`` per GPU, least invasive first.

    ``adjust`` sizes each changed setting's estimate (the formulas' by default; calibrated by
    the user's runs of the changed setting's own kind when the caller has them).
    """
    options = (_inference_options(t, gpus) if t.task == "inference"
               else _training_options(t, gpus))
    out: list[Suggestion] = []
    seen: set[str] = set()
    for code, title, cost, changed, params in options:
        if code in seen:
            continue
        sized = _sized(changed, gpus, adjust)
        if sized is None:
            continue
        est, support, calibrated = sized
        verdict = verdict_for(est.total_bytes, usable_bytes, est.error_band)
        if verdict != DOES_NOT_FIT:
            seen.add(code)
            out.append(Suggestion(code, title, cost, changed, est.total_bytes, verdict,
                                  ((code, params),), support, calibrated))
    if not out:
        combined = _combined(t, usable_bytes, gpus, adjust)
        if combined is not None:
            out.append(combined)
    return out[:limit]


def _combined(t: TrackedWorkload, usable_bytes: int, gpus: int, adjust: Adjust = _formulas,
              max_steps: int = 4) -> Suggestion | None:
    """No single change fits: stack changes greedily, each time the one that saves the most.

    Four steps at most (e.g. QLoRA + checkpointing + micro-batch 1 with accumulation); the
    result is one suggestion so the user applies (and undoes) it as one edit.
    """
    current = t
    titles: list[str] = []
    costs: list[str] = []
    steps: list[tuple[str, dict[str, str]]] = []
    for _ in range(max_steps):
        options = (_inference_options(current, gpus) if current.task == "inference"
                   else _training_options(current, gpus))
        best: tuple[int, str, str, TrackedWorkload, str, dict[str, str], Sized] | None = None
        for code, title, cost, changed, params in options:
            sized = _sized(changed, gpus, adjust)
            if sized is None:
                continue
            need = sized[0].total_bytes
            if best is None or need < best[0]:
                best = (need, title, cost, changed, code, params, sized)
        if best is None:
            return None
        need, title, cost, current, code, params, (est, support, calibrated) = best
        titles.append(title)
        costs.append(cost)
        steps.append((code, params))
        verdict = verdict_for(est.total_bytes, usable_bytes, est.error_band)
        if verdict != DOES_NOT_FIT:
            return Suggestion("combined", " + ".join(titles), " ".join(costs), current,
                              est.total_bytes, verdict, tuple(steps), support, calibrated)
    return None
