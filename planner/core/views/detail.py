"""Page 2 of the comparison sheet — the detail — as figures, one column per variant.

The sheet used to assemble these tables itself, apart from any view, so no test read them (a
page 2 that dropped the first variant passed the suite). Here they come from the same views the
panels show: the GPU comparison (:func:`~planner.core.views.compare.comparison_table`), each
variant's headroom rows (:func:`~planner.core.views.headroom.headroom_rows`), its energy view
(:func:`~planner.core.views.energy.energy_view`) and its warnings
(:func:`~planner.core.plan.physics.summarize`). The sheet only words and lays them out.
"""

from __future__ import annotations

from dataclasses import dataclass

from planner.core.costs.money import Rates
from planner.core.costs.prices import SlotPrice
from planner.core.plan.physics import BuildWarning, summarize
from planner.core.plan.runs import RunBook
from planner.core.plan.study import Study
from planner.core.records.specs import Catalog, GpuSpec
from planner.core.views.compare import ComparisonTable, comparison_table
from planner.core.views.energy import EnergyView, energy_view
from planner.core.views.headroom import HeadroomRow, headroom_rows
from planner.core.views.variants import VariantComparison


@dataclass(frozen=True, slots=True)
class DetailWorkload:
    """One tracked workload across the variants: ``cells[i]`` is None for a variant with no GPUs."""

    name: str
    task: str
    error_band: float | None
    cells: tuple[HeadroomRow | None, ...]


@dataclass(frozen=True, slots=True)
class DetailView:
    """All page 2 prints; ``variants`` are (name, index in the study) in the sheet's order."""

    variants: tuple[tuple[str, int], ...]
    gpus: tuple[GpuSpec, ...]
    specs: ComparisonTable | None
    workloads: tuple[DetailWorkload, ...]
    energy: tuple[EnergyView, ...]
    warnings: tuple[tuple[BuildWarning, ...], ...]


def _gpus(study: Study, comparison: VariantComparison, catalog: Catalog) -> tuple[GpuSpec, ...]:
    """The distinct cards of the compared variants (and of the rental), in first-seen order."""
    found: dict[str, GpuSpec] = {}
    for col in comparison.columns:
        if col.index is not None:
            for slot in study.build(col.index).slots:
                found.setdefault(slot.gpu.id, slot.gpu)
            continue
        for name, _count in col.gpus:
            gpu = next((g for g in catalog.gpus if g.name == name), None)
            if gpu is not None:
                found.setdefault(gpu.id, gpu)
    return tuple(found.values())


def detail_view(study: Study, comparison: VariantComparison, catalog: Catalog,
                rates: Rates, *, runs: RunBook | None) -> DetailView:
    """The detail of the variants ``comparison`` shows (page 1's columns, the rental aside).

    ``runs``: the user's measured runs, the same book page 1's comparison was made with.
    """
    variants = tuple((c.name, c.index) for c in comparison.columns if c.index is not None)
    builds = [study.build(i) for _name, i in variants]
    gpus = _gpus(study, comparison, catalog)
    own: dict[str, SlotPrice | None] = {}
    for build in builds:  # a card priced its own way in a compared variant is shown so
        for slot in build.slots:
            if own.get(slot.gpu.id) is None:
                own[slot.gpu.id] = slot.price
    specs = comparison_table(gpus, study.build(), catalog, rates, own) if gpus else None
    per_variant = [headroom_rows(b, runs) if b.slots else [] for b in builds]
    workloads = []
    for w, tracked in enumerate(study.workloads):
        cells = tuple(rows[w] if w < len(rows) else None for rows in per_variant)
        band = next((c.error_band for c in cells if c is not None and not c.error), None)
        workloads.append(DetailWorkload(tracked.workload.name, tracked.task, band, cells))
    return DetailView(
        variants=variants,
        gpus=gpus,
        specs=specs,
        workloads=tuple(workloads),
        energy=tuple(energy_view(b, catalog, rates) for b in builds),
        warnings=tuple(tuple(summarize(b).warnings) for b in builds),
    )
