"""The cheapest (or lowest-power, or fastest) builds from a catalog that fit some workloads.

Candidates are every GPU × count 1–8 (homogeneous builds: mixed builds bind on the smallest card, so
they never beat the homogeneous build of that card), in the counts the card is sold in: an SXM or
OAM module comes only on its server's baseboard (:data:`SOLD_IN`), and a candidate of more than four
cards in one box carries the physical warnings (slots, lanes, connectors, power) the build would
show. Each card is priced by :func:`~planner.core.costs.prices.card_price` in the asked currency and
basis — the price the build shows once the candidate is applied. Memory per GPU depends on the
workload, the count and the strategy, not on which GPU, so each (workload, count, strategy) is
estimated once and compared with every card's capacity — that is what keeps the whole-catalog search
in milliseconds. Pure Python; no Qt, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from planner.core.costs.money import Rates
from planner.core.costs.prices import DEFAULT_BASIS, PickedPrice, card_price
from planner.core.estimator.headroom import usable_bytes
from planner.core.estimator.memory import MemoryEstimate
from planner.core.plan.build import Build, BuildSlot, TrackedWorkload, estimate_for
from planner.core.plan.physics import BuildWarning, summarize
from planner.core.records.capability import refuses
from planner.core.records.precision import QUANTIZATION_COMPUTE, EstimateError, training_precision
from planner.core.records.specs import Architecture, GpuSpec

MAX_COUNT = 8
#: Strategies tried for a multi-GPU candidate, least communication first.
TRAIN_STRATEGIES = ("ddp", "zero1", "zero2", "fsdp", "tp", "pp")
INFERENCE_STRATEGIES = ("tp", "pp")
OBJECTIVES = ("price", "power", "speed")
#: GPU counts a module is sold in: SXM modules on NVIDIA's HGX baseboards of 4 or 8 GPUs, OAM
#: modules (AMD Instinct MI200/MI300) on 8-GPU universal baseboards (NVIDIA, "Introducing NVIDIA
#: HGX H100", developer blog 2022; AMD Instinct MI300X platform, 8 OAM on one baseboard).
SOLD_IN: dict[str, tuple[int, ...]] = {"sxm": (4, 8), "oam": (8,)}
#: Cards one desktop box holds before a candidate must say what it takes physically.
BOX_CARDS = 4


@dataclass(frozen=True, slots=True)
class Candidate:
    """One build that fits every requested workload."""

    gpu: GpuSpec
    count: int
    strategies: tuple[str, ...]
    price: float | None
    """``count`` × ``unit_price`` in the asked currency (None: the card has no current price —
    none at all, or only a stale one, which ``unit_price`` then holds as last seen)."""
    tdp_w: float
    tflops: float
    worst_headroom: float
    assumptions: tuple[str, ...] = ()
    """Per requested workload, the precision and recipe it was sized with (English)."""
    recipes: tuple[tuple[RecipePart, ...], ...] = ()
    """The same, part by part as codes (:func:`recipe_parts`), for the UI to word."""
    unit_price: PickedPrice | None = None
    currency: str = "USD"
    server: str | None = None
    """The baseboard a module needs (``sxm`` or ``oam``), None for a card that plugs in."""
    warnings: tuple[BuildWarning, ...] = ()
    """What the build would warn about physically, for a box of more than four cards."""


@dataclass(frozen=True, slots=True)
class Preset:
    """One of the source article's tiers, as a set of workloads a tier must run."""

    id: str
    label: str
    workloads: tuple[tuple[str, str, dict[str, object]], ...]


#: The article's three tiers, restated as the jobs each must run (budgets are the user's).
PRESETS: tuple[Preset, ...] = (
    Preset("entry", "Entry: students and individuals", (
        ("resnet-50", "train", {"batch": 32, "precision": "amp-fp16", "optimizer": "sgd-momentum"}),
        ("bert-base", "train", {"batch": 16, "seq": 128, "precision": "amp-fp16"}),
    )),
    Preset("advanced", "Advanced: research and mid-size projects", (
        ("bert-large", "train", {"batch": 16, "seq": 512, "precision": "amp-bf16"}),
        ("llama-3-8b", "train", {"batch": 1, "seq": 2048, "precision": "amp-bf16",
                                 "qlora": True, "lora_rank": 16, "checkpointing": True}),
        ("unet-sd-1.5", "train", {"batch": 4, "seq": 512, "precision": "amp-fp16"}),
    )),
    Preset("professional", "Professional: large models and data centres", (
        ("llama-3-8b", "train", {"batch": 4, "seq": 4096, "precision": "amp-bf16",
                                 "checkpointing": True}),
        ("llama-3-70b", "inference", {"batch": 8, "seq": 8192, "precision": "fp8"}),
    )),
)


def _compute_precision(t: TrackedWorkload) -> str:
    if t.task == "inference":
        return QUANTIZATION_COMPUTE.get(t.inference.precision, "fp16")
    return training_precision(t.training.precision).compute


def recommend(
    gpus: list[GpuSpec] | tuple[GpuSpec, ...],
    workloads: list[TrackedWorkload],
    headroom: float = 0.10,
    budget: float | None = None,
    objective: str = "price",
    max_count: int = MAX_COUNT,
    limit: int = 10,
    reserve_bytes: int = 0,
    architectures: Sequence[Architecture] = (),
    rates: Rates | None = None,
    basis: str = DEFAULT_BASIS,
    currency: str = "USD",
    today: str | None = None,
) -> list[Candidate]:
    """Builds that fit all workloads with ``headroom`` spare, best first by ``objective``.

    Prices and ``budget`` are in ``currency``; each card costs what it costs in a build of that
    currency and price ``basis``.

    A card is left out only when its architecture cannot run a requested precision; a card
    without a speed figure on record still fits (its speed counts as 0 when ranking by speed).
    """
    if not workloads:
        raise EstimateError("Pick at least one workload to size a build for.")
    if not 0 <= headroom < 1:
        raise EstimateError(f"Required headroom must be from 0 to 0.99 (got {headroom}).")
    if objective not in OBJECTIVES:
        raise EstimateError(f"Objective must be one of {', '.join(OBJECTIVES)}.")
    if budget is not None and budget <= 0:
        raise EstimateError("The budget must be more than zero.")

    # needs[w][count] = [(strategy, bytes), ...] in preference order; estimated once.
    needs: list[list[list[tuple[str, int]]]] = []
    for t in workloads:
        per_count: list[list[tuple[str, int]]] = [[]]
        for count in range(1, max_count + 1):
            options: list[tuple[str, int]] = []
            strategies = ("ddp",) if count == 1 else (
                INFERENCE_STRATEGIES if t.task == "inference" else TRAIN_STRATEGIES)
            for strategy in strategies:
                if t.task == "inference":
                    tracked = replace(t, inference=replace(t.inference, strategy=strategy))
                else:
                    tracked = replace(t, training=replace(t.training, strategy=strategy))
                try:
                    est: MemoryEstimate = estimate_for(tracked, count)
                except EstimateError:
                    continue  # not a legal layout for this model (e.g. TP over 3 GPUs)
                options.append((strategy, est.total_bytes))
            per_count.append(options)
        needs.append(per_count)
    precisions = [_compute_precision(t) for t in workloads]
    assumptions = tuple(recipe_summary(t) for t in workloads)
    recipes = tuple(recipe_parts(t) for t in workloads)

    out: list[Candidate] = []
    arch_by_id = {a.id: a for a in architectures}
    for gpu in gpus:
        arch = arch_by_id.get(gpu.architecture)
        if any(refuses(gpu, p, arch) for p in precisions):
            continue  # the card's architecture cannot run a requested precision
        usable = usable_bytes(gpu, reserve_bytes)
        picked = card_price(gpu, currency, rates, basis, today=today)
        if picked is not None and picked.currency != currency:
            picked = None
        # A card with no current price (only "last seen") is neither ranked nor totalled by
        # price: its row carries the stale price so it can say so.
        unit = picked.amount if picked is not None and picked.current else None
        sold = SOLD_IN.get(gpu.form_factor)
        for count in range(1, max_count + 1):
            if budget is not None and (unit is None or unit * count > budget):
                break
            if sold is not None and count not in sold:
                continue
            chosen: list[str] = []
            worst = 1.0
            for per_count in needs:
                hit = next(((s, b) for s, b in per_count[count]
                            if b <= usable * (1 - headroom)), None)
                if hit is None:
                    break
                chosen.append(hit[0])
                worst = min(worst, 1 - hit[1] / usable)
            else:
                rate = min((gpu.tensor_tflops(p) or 0.0) for p in precisions)
                warnings: tuple[BuildWarning, ...] = ()
                if sold is None and count > BOX_CARDS:
                    box = summarize(Build(slots=(BuildSlot(gpu, count),)))
                    warnings = tuple(w for w in box.warnings if w.severity != "info")
                out.append(Candidate(gpu, count, tuple(chosen),
                                     unit * count if unit is not None else None,
                                     gpu.tdp_w * count, rate * count, worst, assumptions,
                                     recipes, picked, currency,
                                     gpu.form_factor if sold is not None else None, warnings))
                break  # more of the same card only costs more
    return sorted(out, key=_ranking(objective))[:limit]


#: English wording of each part of a recipe summary; ``{name}`` is filled from its parameters.
RECIPE_TEMPLATES: dict[str, str] = {
    "inference": "inference, {precision} weights",
    "kv-cache": "KV cache {kv}",
    "tokens": "batch {batch} × {seq} tokens",
    "tokens-default": "batch {batch} × default tokens",
    "train": "train, {precision}, {optimizer}",
    "full": "full fine-tuning",
    "lora": "LoRA r{rank} ({targets})",
    "qlora": "QLoRA r{rank} ({targets})",
    "batch": "batch {batch} × {seq}",
    "batch-default": "batch {batch} × default",
    "head": "{head} head",
    "int8-base": "8-bit base",
    "single-quant": "no double quantization",
    "adapter-dtype": "{dtype} adapters",
    "optimizer-impl": "{impl} optimizer step",
    "optimizer-in-backward": "optimizer step in backward",
    "checkpointing": "checkpointing {mode}",
    "chunked-loss": "chunked loss",
    "offload": "offload {what}",
}


@dataclass(frozen=True, slots=True)
class RecipePart:
    """One part of what a workload was sized with: a code and its parameters (for translation).

    Parameters are the setting values as stored (``amp-bf16``, ``adamw``, ``selective``);
    ``seq`` is the length in tokens or pixels.
    """

    code: str
    params: tuple[tuple[str, str], ...] = ()

    @property
    def message(self) -> str:
        """The English words (the CLI's)."""
        params = dict(self.params)
        if self.code == "train":
            params["precision"] = training_precision(params["precision"]).label
        return RECIPE_TEMPLATES[self.code].format(**params)


def _part(code: str, **params: object) -> RecipePart:
    return RecipePart(code, tuple((k, str(v)) for k, v in params.items()))


def recipe_parts(t: TrackedWorkload) -> tuple[RecipePart, ...]:
    """The precision and recipe a workload is sized with, part by part (defaults left out)."""
    if t.task == "inference":
        s = t.inference
        parts = [_part("inference", precision=s.precision)]
        if s.kv_precision:
            parts.append(_part("kv-cache", kv=s.kv_precision))
        parts.append(_part("tokens", batch=s.batch, seq=s.seq) if s.seq
                     else _part("tokens-default", batch=s.batch))
        return tuple(parts)
    tr = t.training
    parts = [_part("train", precision=tr.precision, optimizer=tr.optimizer)]
    if tr.qlora:
        parts.append(_part("qlora", rank=tr.lora_rank or 16, targets=tr.lora_targets))
    elif tr.lora_rank is not None or tr.int8_base:
        parts.append(_part("lora", rank=tr.lora_rank or 16, targets=tr.lora_targets))
    else:
        parts.append(_part("full"))
    parts.append(_part("batch", batch=tr.batch, seq=tr.seq) if tr.seq
                 else _part("batch-default", batch=tr.batch))
    w = t.workload
    if w.head and w.head != replace(w, head=None).task_head:
        parts.append(_part("head", head=w.head))
    adapters = tr.qlora or tr.lora_rank is not None or tr.int8_base
    for code, on, params in (
            ("int8-base", tr.int8_base and not tr.qlora, {}),
            ("single-quant", tr.qlora and not tr.double_quant, {}),
            ("adapter-dtype", adapters and tr.adapter_dtype != "fp32", {"dtype": tr.adapter_dtype}),
            ("optimizer-impl", tr.optimizer_impl != "foreach", {"impl": tr.optimizer_impl}),
            ("optimizer-in-backward", tr.optimizer_in_backward, {}),
            ("checkpointing", tr.checkpointing, {"mode": tr.checkpoint_mode}),
            ("chunked-loss", tr.loss == "chunked", {}),
            ("offload", tr.offload != "none", {"what": tr.offload})):
        if on:
            parts.append(_part(code, **params))
    return tuple(parts)


def recipe_summary(t: TrackedWorkload) -> str:
    """The precision and recipe a workload is sized with, in one English line."""
    return f"{t.workload.name}: " + ", ".join(p.message for p in recipe_parts(t))


def _ranking(objective: str):  # type: ignore[no-untyped-def]
    if objective == "power":
        return lambda c: (c.tdp_w, c.price if c.price is not None else float("inf"))
    if objective == "speed":
        return lambda c: (-c.tflops, c.price if c.price is not None else float("inf"))
    return lambda c: (c.price is None, c.price or 0.0, c.tdp_w)
