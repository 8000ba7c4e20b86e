"""Variants side by side: the figures a purchase is decided on, with the best of each row marked.

The compare panel and page 1 of the printed sheet show exactly this view. Every figure comes from
the view or estimator the rest of the app uses for one build (:func:`headroom_rows` for fit,
:func:`workload_speed` for throughput, :func:`energy_view` for electricity and renting,
:func:`summarize` for power and warnings, :func:`purchase` for the purchase), so a variant
reads the same here as in the build area. Rows are :class:`ComparisonRow` values, as in the GPU
comparison, so the best-value marking and the wording are shared.

A cloud rental can join as a pseudo-variant: the same GPUs' fit and speed, no purchase and no
electricity of one's own, its hourly price for the study's hours of use. Pure Python; no Qt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from planner.core.costs.money import Rates
from planner.core.costs.rental import RentalOffer, gpus_rented, offer_kind
from planner.core.estimator.headroom import FITS, TIGHT
from planner.core.plan.build import Build, BuildSlot, TrackedWorkload, purchase
from planner.core.plan.physics import circuits_needed, summarize
from planner.core.plan.runs import RunBook
from planner.core.plan.study import Study
from planner.core.records.specs import Catalog, CloudInstance
from planner.core.views.compare import (
    HIGHER,
    LOWER,
    ComparisonRow,
    Value,
    best_indices,
    speed_unit,
    workload_speed,
)
from planner.core.views.energy import energy_view, rental
from planner.core.views.headroom import headroom_rows
from planner.core.views.links import UNKNOWN, LinkUse
from planner.core.views.memo import Same, memoised

#: Variants the compare view shows at once (plus one rental).
MAX_COMPARED = 4
VARIANT, RENTAL = "variant", "rental"
SECONDS_PER_HOUR = 3600.0


@dataclass(frozen=True, slots=True)
class VariantColumn:
    """One compared candidate: a variant of the study, or a cloud rental.

    ``gpus`` lists (name, count) of its cards. ``cumulative`` is what it has cost after 0, 1, …
    years (purchase, then electricity or rent each year), in the view's currency; empty when its
    purchase price is not known for every card. ``price_dates`` are the dates of the prices the
    purchase sums (the rental's reading date for a rental).
    """

    name: str
    kind: str
    gpus: tuple[tuple[str, int], ...]
    cumulative: tuple[float, ...] = ()
    price_dates: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    index: int | None = None
    """The variant's index in the study (None for the rental)."""
    rental: tuple[str, str, int, int] | None = None
    """What is rented: provider, offer, units rented and the GPUs they hold (a variant's
    like-for-like rental, or the rental column's own)."""
    rental_kind: str = ""
    """That offer's kind (on-demand, interruptible, marketplace, reserved): every surface says."""
    like_for: int | None = None
    """The rental column: the variant index it rents like for like (None: no compared variant
    has its GPU, and the column says it is not like for like)."""


@dataclass(frozen=True, slots=True)
class VariantComparison:
    """Columns, rows and the horizon; money is in ``currency``."""

    columns: tuple[VariantColumn, ...]
    rows: tuple[ComparisonRow, ...]
    currency: str
    years: tuple[int, ...]

    def row(self, key: str) -> ComparisonRow:
        """The row with ``key``."""
        return next(r for r in self.rows if r.key == key)

    def has_row(self, key: str) -> bool:
        """Whether the view has a row with ``key`` (workload rows come and go)."""
        return any(r.key == key for r in self.rows)


def wall_circuit(system_w: float, circuit: str) -> str:
    """The build's region's wall circuit, as many as carry ``system_w`` continuously.

    ``"220V-10A"`` when one carries it, ``"2×220V-10A"`` when it takes two: the row never names
    another region's circuit than the one the build's warnings are about (issue 29).
    """
    needed = circuits_needed(system_w, circuit) or 1
    return circuit if needed == 1 else f"{needed}×{circuit}"


def _row(key: str, label: str, kind: str, values: Sequence[Value], better: str | None = None,
         unit: str = "", decimals: int = 0, verdicts: Sequence[str | None] = (),
         notes: Sequence[str | None] = ()) -> ComparisonRow:
    vals = tuple(values)
    return ComparisonRow(key, label, kind, vals, better, unit, decimals,
                         best_indices(vals, better), tuple(verdicts), tuple(notes))


def _gpus(slots: Sequence[BuildSlot]) -> tuple[tuple[str, int], ...]:
    return tuple((s.gpu.name, s.count) for s in slots)


def rental_anchor(study: Study, instance: CloudInstance, catalog: Catalog, rates: Rates,
                  selection: Sequence[int] | None = None) -> tuple[int, RentalOffer] | None:
    """The compared variant the rental column rents like for like, and that rental.

    The active variant when it is compared and ``instance`` rents its GPU model, else the first
    compared that does: its :func:`~planner.core.views.energy.rental` with ``instance`` named,
    so the column rents what the energy panel, ``show`` and the sheet rent for that variant
    (the same count: two GPUs of a 1-GPU offer for a 2-GPU variant). None: no compared variant
    has the instance's GPU model, and the column is not like for like.
    """
    chosen = [i for i in (default_selection(study) if selection is None else selection)
              if 0 <= i < len(study.variants)]
    for i in sorted(chosen, key=lambda i: i != study.active):
        offer = rental(study.build(i), catalog, rates, instance.id)
        if offer is not None and offer.instance.id == instance.id:
            return i, offer
    return None


def _speed(tracked: TrackedWorkload, build: Build) -> float | None:
    """Throughput of the whole build: data-parallel cards run at the pace of the slowest."""
    n = build.gpu_count
    speeds = [workload_speed(tracked, s.gpu, n) for s in build.slots]
    if not speeds or any(s is None for s in speeds):
        return None
    return min(s for s in speeds if s is not None)


@dataclass(frozen=True, slots=True)
class _Figures:
    """One column's figures before they are laid out as rows."""

    build: Build
    fit: tuple[tuple[float | None, str | None], ...]
    speed: tuple[float | None, ...]
    links: tuple[LinkUse | None, ...]
    purchase: float | None
    kwh: float | None
    energy_cost: float | None
    total: float | None
    rent_total: float | None
    psu: float | None
    circuit: str | None
    warnings: int | None


def _fit_and_speed(build: Build, runs: RunBook | None
                   ) -> tuple[tuple[tuple[float | None, str | None], ...],
                              tuple[float | None, ...], tuple[LinkUse | None, ...]]:
    rows = headroom_rows(build, runs) if build.slots else []
    fit: list[tuple[float | None, str | None]] = []
    speed: list[float | None] = []
    links: list[LinkUse | None] = []
    for i, tracked in enumerate(build.workloads):
        row = rows[i] if i < len(rows) else None
        if row is None or row.error:
            fit.append((None, "error" if row is not None else "no-gpu"))
            speed.append(None)
            links.append(None)
            continue
        fit.append((float(row.headroom_bytes), row.verdict))
        fits = row.verdict in (FITS, TIGHT)
        speed.append(_speed(tracked, build) if fits else None)
        links.append(row.link if fits else None)
    return tuple(fit), tuple(speed), tuple(links)


def _variant_figures(build: Build, catalog: Catalog, rates: Rates,
                     runs: RunBook | None) -> tuple[_Figures, VariantColumn]:
    return _figures_of(build, Same(catalog), rates, runs)


@memoised(maxsize=16)  # an edit changes one variant: the others' figures are reused
def _figures_of(build: Build, same: Same[Catalog], rates: Rates,
                runs: RunBook | None) -> tuple[_Figures, VariantColumn]:
    catalog = same.value
    fit, speed, links = _fit_and_speed(build, runs)
    ev = energy_view(build, catalog, rates)
    summary = summarize(build)
    years = max(1, build.cost.years)
    bought = purchase(build, rates)
    paid = bought.amount if bought.complete else None
    kwh = ev.total.kwh_per_year if ev.total is not None and build.slots else None
    energy_cost = ev.total.cost_per_year if ev.total is not None and build.slots else None
    total = None
    cumulative: tuple[float, ...] = ()
    if paid is not None and energy_cost is not None:
        cumulative = tuple(paid + energy_cost * y for y in range(years + 1))
        total = cumulative[-1]
    # Renting the same GPUs: the energy view's like-for-like offer, the one every surface names.
    cloud = ev.cloud if build.slots else None
    rent_total = cloud.rent_per_year * years if cloud is not None else None
    rented = ((cloud.instance.provider, cloud.instance.name, cloud.instances, cloud.rent_gpus)
              if cloud is not None else None)
    kind = cloud.kind if cloud is not None else ""
    dates = sorted({p.as_of for p in bought.cards if p is not None})
    n = build.gpu_count
    figures = _Figures(
        build=build, fit=fit, speed=speed, links=links, purchase=paid, kwh=kwh,
        energy_cost=energy_cost,
        total=total, rent_total=rent_total,
        psu=float(summary.recommended_psu_w) if summary.recommended_psu_w else None,
        circuit=wall_circuit(summary.system_w, summary.circuit) if n else None,
        warnings=len(summary.warnings) if n else None)
    sources = tuple(src for s in build.slots for src in s.gpu.sources[:1])
    column = VariantColumn("", VARIANT, _gpus(build.slots), cumulative, tuple(dates), sources,
                           rental=rented, rental_kind=kind)
    return figures, column


def _rental_figures(study: Study, instance: CloudInstance, catalog: Catalog, rates: Rates,
                    selection: Sequence[int] | None,
                    runs: RunBook | None) -> tuple[_Figures, VariantColumn] | None:
    gpu = catalog.gpu(instance.gpu_id)
    if gpu is None:
        return None
    anchor = rental_anchor(study, instance, catalog, rates, selection)
    usage, currency = study.usage, study.cost.currency
    hours = usage.hours_per_day * usage.days_per_year
    if anchor is not None:
        index, offer = anchor
        units, gpus, per_year = offer.units, offer.gpus, offer.per_year
        base = study.build(index)
    else:  # no compared variant has its GPU: one unit, and the column says it is not alike
        index, units = None, 1
        gpus = gpus_rented(instance, 1)
        per_year = rates.convert(instance.price_per_hour, instance.currency, currency) * hours
        base = study.build(0)
    build = replace(base, slots=(BuildSlot(gpu, gpus),), display_reserve_bytes=0)
    fit, speed, links = _fit_and_speed(build, runs)
    years = max(1, study.cost.years)
    cumulative = tuple(per_year * y for y in range(years + 1))
    figures = _Figures(build=build, fit=fit, speed=speed, links=links, purchase=None, kwh=None,
                       energy_cost=per_year, total=cumulative[-1], rent_total=None, psu=None,
                       circuit=None, warnings=None)
    name = f"{instance.provider} {instance.name}"
    column = VariantColumn(name, RENTAL, _gpus(build.slots), cumulative, (instance.as_of,),
                           instance.sources[:1],
                           rental=(instance.provider, instance.name, units, gpus),
                           rental_kind=offer_kind(instance), like_for=index)
    return figures, column


def rental_for(study: Study, catalog: Catalog, rates: Rates, instance_id: str | None = None,
               selection: Sequence[int] | None = None) -> CloudInstance | None:
    """The rental to compare with.

    The one named, else the study's chosen instance, else the like-for-like rental of the
    active variant (when compared), else of the first compared variant that has one.
    """
    wanted = instance_id or study.cost.cloud_instance_id
    if wanted:
        return next((c for c in catalog.cloud if c.id == wanted), None)
    chosen = [i for i in (default_selection(study) if selection is None else selection)
              if 0 <= i < len(study.variants)]
    for i in sorted(chosen or [study.active], key=lambda i: i != study.active):
        offer = rental(study.build(i), catalog, rates)
        if offer is not None:
            return offer.instance
    return None


def default_selection(study: Study) -> tuple[int, ...]:
    """Which variants to compare before the user picks: the first four."""
    return tuple(range(min(MAX_COMPARED, len(study.variants))))


def variant_comparison(study: Study, catalog: Catalog, rates: Rates,
                       selection: Sequence[int] | None = None,
                       rental: CloudInstance | None = None, *,
                       runs: RunBook | None) -> VariantComparison:
    """Up to four variants (and optionally a rental) side by side.

    ``selection`` are variant indices (default :func:`default_selection`); money is in the
    study's currency; the horizon is the study's years of ownership. ``runs`` are the user's
    measured runs, as :func:`~planner.core.views.headroom.headroom_rows` takes them (``None``:
    the formulas alone), so a variant's fit reads here as on the headroom panel.
    """
    chosen = [i for i in (default_selection(study) if selection is None else selection)
              if 0 <= i < len(study.variants)][:MAX_COMPARED]
    figures: list[_Figures] = []
    columns: list[VariantColumn] = []
    for i in chosen:
        f, col = _variant_figures(study.build(i), catalog, rates, runs)
        figures.append(f)
        columns.append(replace(col, name=study.variants[i].name, index=i))
    if rental is not None:
        found = _rental_figures(study, rental, catalog, rates, chosen, runs)
        if found is not None:
            figures.append(found[0])
            columns.append(found[1])
    years = max(1, study.cost.years)
    rows = _rows(study, figures)
    return VariantComparison(tuple(columns), tuple(rows), study.cost.currency,
                             tuple(range(years + 1)))


def _link_row(figures: list[_Figures]) -> ComparisonRow | None:
    """The link each variant's GPUs wait on: one row, at the tracked workload that waits longest.

    The wire is the build's (the slowest card's, in a mixed build); how long a step waits on it
    depends on the workload, so the row shows the worst of the trained workloads.
    """
    uses: list[LinkUse | None] = []
    for f in figures:
        known = [u for u in f.links if u is not None]
        uses.append(max(known, key=lambda u: (u.kind != UNKNOWN, u.waiting_share))
                    if known else None)
    if all(u is None for u in uses):
        return None
    waits = [u.waiting_share if u is not None and u.kind != UNKNOWN else None for u in uses]
    return replace(_row("link", "GPU link", "link", waits, LOWER), links=tuple(uses))


def _rows(study: Study, figures: list[_Figures]) -> list[ComparisonRow]:
    memory = [float(f.build.gpu_count and sum(s.gpu.memory_bytes * s.count
                                              for s in f.build.slots)) or None for f in figures]
    smallest = [float(min(s.gpu.memory_bytes for s in f.build.slots)) if f.build.slots
                else None for f in figures]
    rows = [
        _row("total_memory", "Total VRAM", "memory", memory, HIGHER),
        _row("smallest_card", "Smallest card", "memory", smallest, HIGHER),
    ]
    for i, tracked in enumerate(study.workloads):
        rows.append(replace(_row(f"fit:{i}", tracked.workload.name, "headroom",
                                 [f.fit[i][0] for f in figures], HIGHER, "GiB", 1,
                                 [f.fit[i][1] for f in figures]), task=tracked.task))
    for i, tracked in enumerate(study.workloads):
        values = [f.speed[i] for f in figures]
        if all(v is None for v in values):
            continue
        name = tracked.workload.name
        rows.append(replace(_row(f"speed:{i}", name, "speed", values, HIGHER,
                                 speed_unit(tracked)), task=tracked.task))
        if tracked.task == "train" and tracked.job:
            hours = [tracked.job / v / SECONDS_PER_HOUR if v else None for v in values]
            rows.append(replace(_row(f"job:{i}", name, "duration", hours, LOWER, "h", 1),
                                task=tracked.task))
    link = _link_row(figures)
    if link is not None:
        rows.append(link)
    rows += [
        _row("purchase", "Purchase price", "money", [f.purchase for f in figures], LOWER),
        _row("kwh_year", "Electricity a year", "number", [f.kwh for f in figures], LOWER,
             "kWh"),
        _row("cost_year", "Running cost a year", "money", [f.energy_cost for f in figures],
             LOWER),
        _row("total", "Total over the horizon", "money", [f.total for f in figures], LOWER),
        _row("rent_total", "Renting the same GPUs instead", "money",
             [f.rent_total for f in figures]),
        _row("psu", "Recommended PSU", "number", [f.psu for f in figures], LOWER, "W"),
        _row("circuit", "Wall circuit", "text", [f.circuit for f in figures]),
        _row("warnings", "Warnings", "number",
             [float(f.warnings) if f.warnings is not None else None for f in figures], LOWER),
    ]
    return rows

