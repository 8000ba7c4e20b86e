"""Side-by-side tables of GPUs and of architectures, with the better value of each row marked.

Each row declares whether higher or lower is better (or neither, for names and notes), so the
comparison panel and the printed sheet highlight the same cells without knowing what a row means.
Missing figures (``None``: the chip lacks the feature or no datasheet states it) never win and
never break a comparison. Pure Python; no Qt, no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from planner.core.costs.formatting import Money
from planner.core.costs.money import Rates
from planner.core.costs.prices import PickedPrice, SlotPrice, card_price
from planner.core.estimator.headroom import FITS, TIGHT, headroom
from planner.core.estimator.speed import decode_speed, per_dollar, per_watt, training_speed
from planner.core.plan.build import Build, TrackedWorkload
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Architecture, Catalog, GpuSpec
from planner.core.views.headroom import cached_estimate
from planner.core.views.links import LinkUse

HIGHER, LOWER = "higher", "lower"
NO_FIGURE = "no_figure"
"""A cell's note: the card can run this, but the figure its speed needs is not on record."""
NO_CURRENT_PRICE = "no_current_price"
"""A money cell's note: a card of the build has no current price (only "last seen"), so the
figure is not summed (:class:`~planner.core.costs.prices.BuildPrice`)."""
Value = float | bool | str | None

#: Architectures compared when the build gives fewer than two (the generations buyers weigh).
DEFAULT_ARCHITECTURES = ("ampere", "ada-lovelace", "hopper")
MAX_COLUMNS = 4
#: Money the performance-per-money row counts per, by currency (default 1,000): a yuan is worth
#: about a seventh of a dollar, so per ¥1,000 the figures would read a seventh of their size per
#: $1,000 and differences between cards would sit in the decimals.
PER_MONEY = {"CNY": 10_000.0}


@dataclass(frozen=True, slots=True)
class ComparisonColumn:
    """One compared GPU or architecture and the documents its figures come from."""

    id: str
    name: str
    sources: tuple[str, ...]
    price_source: str | None = None
    price: PickedPrice | None = None
    """The price shown for the card (kind, date, source) in the table's currency."""


@dataclass(frozen=True, slots=True)
class ComparisonRow:
    """One property across the columns.

    ``kind`` tells a view how to show the values: ``number`` (with ``decimals`` and ``unit``),
    ``money`` (in the table's currency), ``bool``, ``text``, ``headroom`` (bytes, negative
    when short, with ``verdicts``) or ``speed`` (a workload's throughput in ``unit``, only where
    it fits). ``best`` holds the indices of the winning columns: empty when
    the row has no direction, fewer than two known values, or every known value is equal.
    ``notes`` says why a cell is empty where that is not plain "not stated": ``NO_FIGURE`` for a
    speed the card could reach but whose tensor figure is not on record.
    """

    key: str
    label: str
    kind: str
    values: tuple[Value, ...]
    better: str | None = None
    unit: str = ""
    decimals: int = 0
    best: tuple[int, ...] = ()
    verdicts: tuple[str | None, ...] = ()
    notes: tuple[str | None, ...] = ()
    task: str | None = None
    """A workload row's task (``train`` or ``inference``): ``label`` is then the model's name and a
    view words the pair in its language."""
    links: tuple[LinkUse | None, ...] = ()
    """A ``link`` row's links, one per column (its values are the share of a step spent waiting)."""
    stale: tuple[PickedPrice | None, ...] = ()
    """A ``price`` row's cards with no current price, one per column: the value is then None
    and a view words what the card was last seen at."""
    per: Money | None = None
    """A per-money row's amount (¥10,000 of the table's currency): the values count per it."""


@dataclass(frozen=True, slots=True)
class ComparisonTable:
    """Columns and rows; money is in ``currency``."""

    columns: tuple[ComparisonColumn, ...]
    rows: tuple[ComparisonRow, ...]
    currency: str = "USD"

    def row(self, key: str) -> ComparisonRow:
        """The row with ``key`` (tests and the report look rows up by key)."""
        return next(r for r in self.rows if r.key == key)


def best_indices(values: Sequence[Value], better: str | None) -> tuple[int, ...]:
    """Indices of the best known values; none when there is nothing to choose between."""
    if better is None:
        return ()
    known = [(i, float(v)) for i, v in enumerate(values)
             if v is not None and not isinstance(v, str)]
    if len(known) < 2:
        return ()
    numbers = [v for _, v in known]
    if max(numbers) == min(numbers):
        return ()
    target = max(numbers) if better == HIGHER else min(numbers)
    return tuple(i for i, v in known if v == target)


def _row(key: str, label: str, kind: str, values: Sequence[Value],
         better: str | None = None, unit: str = "", decimals: int = 0,
         verdicts: Sequence[str | None] = ()) -> ComparisonRow:
    vals = tuple(values)
    return ComparisonRow(key, label, kind, vals, better, unit, decimals,
                         best_indices(vals, better), tuple(verdicts))


def _architecture(catalog: Catalog, arch_id: str) -> Architecture | None:
    return next((a for a in catalog.architectures if a.id == arch_id), None)


def default_gpus(build: Build, catalog: Catalog) -> list[GpuSpec]:
    """What to compare before the user picks: the build's distinct GPUs, at most four."""
    seen: dict[str, GpuSpec] = {}
    for slot in build.slots:
        seen.setdefault(slot.gpu.id, slot.gpu)
    return list(seen.values())[:MAX_COLUMNS]


def comparison_table(gpus: Sequence[GpuSpec], build: Build, catalog: Catalog,
                     rates: Rates,
                     slot_prices: Mapping[str, SlotPrice | None] | None = None,
                     today: str | None = None) -> ComparisonTable:
    """GPUs side by side: datasheet figures, architecture features, value, and workload fit.

    Workload rows place each tracked workload, estimated over the build's card count, on each
    column's card: "if the build were made of this card". Price is in the document's currency,
    and performance per money divides by that same price (FP16 tensor TFLOPS per 1,000 of the
    currency, per :data:`PER_MONEY` where that reads better), so the row beside it explains it.
    ``today`` (ISO) is the day prices are aged on (default: the clock).
    """
    currency = build.cost.currency
    basis = build.cost.price_basis
    archs = [_architecture(catalog, g.architecture) for g in gpus]
    # A card of the build costs what its card shows (bought used, a quote); ``slot_prices`` gives
    # those of several variants (the sheet's GPUs table).
    own = dict(slot_prices) if slot_prices is not None else {s.gpu.id: s.price
                                                             for s in build.slots}
    picked = [card_price(g, currency, rates, basis, own.get(g.id), today) for g in gpus]
    # A stale price ("last seen") is no current figure: it wins no row and divides nothing.
    prices = [p.amount if p is not None and p.current else None for p in picked]
    per = PER_MONEY.get(currency, 1000.0)

    def arch_flag(attr: str) -> list[Value]:
        return [bool(getattr(a, attr)) if a is not None else None for a in archs]

    columns = tuple(
        ComparisonColumn(g.id, g.name, g.sources, p.source if p is not None else None, p)
        for g, p in zip(gpus, picked, strict=True))
    rows = [
        _row("memory", "Memory", "number", [g.memory_gb for g in gpus], HIGHER,
             "GB", 0),
        _row("memory_type", "Memory type", "text", [g.memory_type for g in gpus]),
        _row("bandwidth", "Memory bandwidth", "number",
             [g.memory_bandwidth_gbs for g in gpus], HIGHER, "GB/s", 0),
        _row("fp32", "FP32", "number", [g.fp32_tflops for g in gpus], HIGHER,
             "TFLOPS", 1),
        _row("fp16", "FP16 tensor (dense)", "number",
             [g.fp16_tensor_tflops for g in gpus], HIGHER, "TFLOPS", 1),
        _row("bf16", "BF16 tensor (dense)", "number",
             [g.bf16_tensor_tflops for g in gpus], HIGHER, "TFLOPS", 1),
        _row("fp8", "FP8 tensor (dense)", "number",
             [g.fp8_tensor_tflops for g in gpus], HIGHER, "TFLOPS", 1),
        _row("int8", "INT8 tensor (dense)", "number",
             [g.int8_tensor_tops for g in gpus], HIGHER, "TOPS", 0),
        _row("architecture", "Architecture", "text",
             [a.name if a is not None else g.architecture for a, g in zip(archs, gpus,
                                                                           strict=True)]),
        _row("process", "Process", "text",
             [a.process_node if a is not None else None for a in archs]),
        _row("arch_bf16", "BF16 support", "bool", arch_flag("bf16"), HIGHER),
        _row("arch_fp8", "FP8 support", "bool", arch_flag("fp8"), HIGHER),
        _row("arch_fp4", "FP4 support", "bool", arch_flag("fp4"), HIGHER),
        _row("transformer_engine", "Transformer Engine", "bool",
             arch_flag("transformer_engine"), HIGHER),
        _row("sparsity", "2:4 structured sparsity", "bool",
             arch_flag("structured_sparsity"), HIGHER),
        _row("interconnect", "GPU-to-GPU link", "text",
             [g.interconnect for g in gpus]),
        _row("link_bandwidth", "Link bandwidth", "number",
             [g.interconnect_bandwidth_gbs if g.has_peer_link else None for g in gpus], HIGHER,
             "GB/s", 0),
        _row("tdp", "Board power (TDP)", "number", [g.tdp_w for g in gpus], LOWER,
             "W", 0),
        replace(_row("price", "Price", "money", prices, LOWER),
                stale=tuple(p if p is not None and p.stale else None for p in picked)),
        replace(_row("perf_per_dollar", "FP16 TFLOPS per money", "number",
                     [_scaled(per_dollar(g.fp16_tensor_tflops, p), per)
                      if g.fp16_tensor_tflops is not None else None
                      for g, p in zip(gpus, prices, strict=True)], HIGHER, "", 2),
                per=Money(per, currency)),
        _row("perf_per_watt", "FP16 GFLOPS per watt", "number",
             [_scaled(per_watt(g.fp16_tensor_tflops, g.tdp_w), 1000.0)
              if g.fp16_tensor_tflops is not None else None for g in gpus], HIGHER, "", 0),
    ]
    n = max(1, build.gpu_count)
    for i, tracked in enumerate(build.workloads):
        est = cached_estimate(tracked, n)
        values: list[Value] = []
        verdicts: list[str | None] = []
        for g in gpus:
            if isinstance(est, str):
                values.append(None)
                verdicts.append(None)
                continue
            h = headroom(est, g, build.display_reserve_bytes)
            values.append(float(h.headroom_bytes))
            verdicts.append(h.verdict)
        rows.append(replace(_row(f"workload:{i}", tracked.workload.name, "headroom", values,
                                 HIGHER, "GiB", 1, verdicts), task=tracked.task))
    fit_rows = rows[len(rows) - len(build.workloads):]
    for i, (tracked, fit) in enumerate(zip(build.workloads, fit_rows, strict=True)):
        speed = _speed_row(i, tracked, gpus, n, fit.verdicts)
        if speed is not None:
            rows.append(speed)
    return ComparisonTable(columns, tuple(rows), currency)


def speed_unit(tracked: TrackedWorkload) -> str:
    """What a workload's speed is counted in: tokens for language models, samples otherwise."""
    return "tokens/s" if tracked.workload.is_transformer and tracked.workload.family in (
        "decoder", "encoder-decoder", "encoder") else "samples/s"


def workload_speed(tracked: TrackedWorkload, gpu: GpuSpec, count: int) -> float | None:
    """Training throughput, or decode tokens/s for inference, of ``count`` of ``gpu``.

    None when core cannot say: the card lacks the precision's tensor figure, or the workload
    does not generate tokens (e.g. a diffusion UNet served for inference).
    """
    try:
        if tracked.task == "train":
            t = training_speed(tracked.workload, tracked.training, gpu, count)
            return t.tokens_per_second if speed_unit(tracked) == "tokens/s" \
                and t.tokens_per_second is not None else t.samples_per_second
        if tracked.workload.family not in ("decoder", "encoder-decoder"):
            return None
        return decode_speed(tracked.workload, tracked.inference, gpu, count).tokens_per_second
    except EstimateError:
        return None


def _speed_row(i: int, tracked: TrackedWorkload, gpus: Sequence[GpuSpec], count: int,
               verdicts: Sequence[str | None]) -> ComparisonRow | None:
    """How fast each card would run a tracked workload, where it fits at all."""
    values: list[Value] = [
        workload_speed(tracked, g, count) if verdict in (FITS, TIGHT) else None
        for g, verdict in zip(gpus, verdicts, strict=True)]
    generates = tracked.task == "train" or tracked.workload.family in ("decoder",
                                                                        "encoder-decoder")
    notes = tuple(NO_FIGURE if v is None and verdict in (FITS, TIGHT) and generates else None
                  for v, verdict in zip(values, verdicts, strict=True))
    if all(v is None for v in values) and not any(notes):
        return None
    row = _row(f"speed:{i}", tracked.workload.name, "speed", values, HIGHER,
               speed_unit(tracked), 0)
    return replace(row, notes=notes, task=tracked.task)


def _scaled(value: float | None, factor: float) -> float | None:
    return None if value is None else value * factor


def default_architectures(gpus: Sequence[GpuSpec], catalog: Catalog) -> list[str]:
    """Architectures to compare: those of the compared GPUs, else Ampere, Ada and Hopper."""
    ids: list[str] = []
    for g in gpus:
        if g.architecture not in ids and _architecture(catalog, g.architecture) is not None:
            ids.append(g.architecture)
    if len(ids) >= 2:
        return ids[:MAX_COLUMNS]
    return [a for a in DEFAULT_ARCHITECTURES if _architecture(catalog, a) is not None]


def architecture_table(arch_ids: Sequence[str], catalog: Catalog) -> ComparisonTable:
    """Architectures side by side: what their matrix units can do and how cards talk."""
    archs = [a for a in (_architecture(catalog, i) for i in arch_ids) if a is not None]
    columns = tuple(ComparisonColumn(a.id, a.name, a.sources) for a in archs)
    rows = (
        _row("vendor", "Vendor", "text", [a.vendor for a in archs]),
        _row("launch_year", "Launched", "number",
             [float(a.launch_year) for a in archs], HIGHER),
        _row("process", "Process", "text", [a.process_node for a in archs]),
        _row("matrix_units", "Matrix units", "text",
             [a.matrix_core_generation for a in archs]),
        _row("arch_bf16", "BF16 support", "bool", [a.bf16 for a in archs], HIGHER),
        _row("arch_fp8", "FP8 support", "bool", [a.fp8 for a in archs], HIGHER),
        _row("arch_fp4", "FP4 support", "bool", [a.fp4 for a in archs], HIGHER),
        _row("transformer_engine", "Transformer Engine", "bool",
             [a.transformer_engine for a in archs], HIGHER),
        _row("sparsity", "2:4 structured sparsity", "bool",
             [a.structured_sparsity for a in archs], HIGHER),
        _row("interconnect", "GPU-to-GPU link", "text",
             [a.interconnect for a in archs]),
        _row("features", "Features", "text", ["\n".join(a.features) for a in archs]),
    )
    return ComparisonTable(columns, rows)
