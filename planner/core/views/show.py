"""Everything the panels show for each variant of a study, in one value (``gpu-planner show``).

The build area's cards and totals, the headroom panel, the energy panel, the comparison of
variants and the printed sheet each take their figures from a core view; this module puts those
same views side by side per variant — the cards' prices (:func:`~planner.core.plan.build.purchase`),
the totals (:func:`~planner.core.plan.physics.summarize`), the headroom rows
(:func:`~planner.core.views.headroom.headroom_rows`), a year of energy and the like-for-like rental
(:func:`~planner.core.views.energy.energy_view`) — so the command line prints exactly what the
panels show and a test can hold every surface to it. Pure Python; no Qt, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from planner.core.costs.money import Rates
from planner.core.costs.prices import BuildPrice, PickedPrice
from planner.core.plan.build import Build, purchase
from planner.core.plan.physics import BuildSummary, summarize
from planner.core.plan.runs import RunBook
from planner.core.plan.study import Study
from planner.core.records.specs import Catalog
from planner.core.views.energy import EnergyView, energy_view
from planner.core.views.headroom import HeadroomRow, headroom_rows


@dataclass(frozen=True, slots=True)
class CardLine:
    """One slot: the card, how many, and its unit price as the card shows it (None: unknown)."""

    gpu_id: str
    name: str
    count: int
    unit_price: PickedPrice | None


@dataclass(frozen=True, slots=True)
class VariantFigures:
    """One variant as every panel shows it."""

    name: str
    build: Build
    cards: tuple[CardLine, ...]
    price: BuildPrice
    summary: BuildSummary
    headroom: tuple[HeadroomRow, ...]
    energy: EnergyView


def variant_figures(name: str, build: Build, catalog: Catalog, rates: Rates,
                    today: str | None = None, *, runs: RunBook | None) -> VariantFigures:
    """One variant's figures, each from the view its panel uses (memory with ``runs``)."""
    price = purchase(build, rates, today)
    cards = tuple(CardLine(s.gpu.id, s.gpu.name, s.count, p)
                  for s, p in zip(build.slots, price.cards, strict=True))
    rows = tuple(headroom_rows(build, runs)) if build.slots else ()
    return VariantFigures(name, build, cards, price, summarize(build), rows,
                          energy_view(build, catalog, rates, today))


def study_figures(study: Study, catalog: Catalog, rates: Rates,
                  names: Sequence[str] | None = None,
                  today: str | None = None, *,
                  runs: RunBook | None) -> tuple[VariantFigures, ...]:
    """Every variant of ``study`` (or those ``names`` lists, in that order).

    ``runs`` are the user's measured runs, handed to every memory view as the panels hand them.
    """
    wanted = list(names) if names else study.names()
    out = []
    for name in wanted:
        index = study.index_of(name)
        if index is None:
            raise ValueError(f"This build has no variant called {name}; its variants are "
                             f"{', '.join(study.names())}.")
        out.append(variant_figures(name, study.build(index), catalog, rates, today, runs=runs))
    return tuple(out)
