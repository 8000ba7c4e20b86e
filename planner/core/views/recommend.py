"""The figures of the "cheapest build that fits" dialog, in the document's currency.

The recommender prices every card as a build in the dialog's currency and the build's price basis
would (:func:`~planner.core.costs.prices.card_price`), so the price a row shows is the price the
build shows after applying it. This module turns the source article's preset tiers into tracked
workloads and builds the new :class:`Build` a chosen candidate stands for, so applying it is one
edit.
Pure Python; no Qt, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace

from planner.core.costs.money import Rates
from planner.core.costs.prices import DEFAULT_BASIS
from planner.core.estimator.memory import InferenceSetup, TrainingSetup
from planner.core.plan.build import Build, BuildSlot, TrackedWorkload
from planner.core.plan.recommend import Candidate, Preset, recommend
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Catalog

_TRAINING_FIELDS = {f.name for f in fields(TrainingSetup)}
_INFERENCE_FIELDS = {f.name for f in fields(InferenceSetup)}


@dataclass(frozen=True, slots=True)
class CandidateRow:
    """One recommended build with its price in the dialog's currency (``None``: unpriced)."""

    candidate: Candidate
    price: float | None
    currency: str

    @property
    def server(self) -> str | None:
        """The baseboard the modules need (``sxm``/``oam``), None for cards."""
        return self.candidate.server

    @property
    def label(self) -> str:
        """"4 × NVIDIA GeForce RTX 4090": what the results table and the undo text say."""
        return f"{self.candidate.count} × {self.candidate.gpu.name}"


def preset_workloads(preset: Preset, catalog: Catalog) -> list[TrackedWorkload]:
    """A preset tier as tracked workloads; a workload missing from the catalog is an error."""
    out = []
    for workload_id, task, settings in preset.workloads:
        w = catalog.workload(workload_id)
        if w is None:
            raise EstimateError(f"The preset needs '{workload_id}', which the catalog lacks.")
        if task == "inference":
            inf = replace(InferenceSetup(), **{k: v for k, v in settings.items()
                                               if k in _INFERENCE_FIELDS})  # type: ignore[arg-type]
            out.append(TrackedWorkload(w, task="inference", inference=inf))
        else:
            tr = replace(TrainingSetup(), **{k: v for k, v in settings.items()
                                             if k in _TRAINING_FIELDS})  # type: ignore[arg-type]
            out.append(TrackedWorkload(w, task="train", training=tr))
    return out


def recommend_rows(catalog: Catalog, workloads: Sequence[TrackedWorkload], rates: Rates,
                   currency: str = "USD", budget: float | None = None, headroom: float = 0.10,
                   objective: str = "price", reserve_bytes: int = 0,
                   limit: int = 10, basis: str = DEFAULT_BASIS,
                   today: str | None = None) -> list[CandidateRow]:
    """Run the recommender over the whole catalog with a budget in ``currency``.

    Raises :class:`EstimateError` with one sentence for an impossible request (no workloads, a
    budget of zero, headroom outside 0–0.99).
    """
    found = recommend(catalog.gpus, list(workloads), headroom=headroom, budget=budget,
                      objective=objective, limit=limit, reserve_bytes=reserve_bytes,
                      architectures=catalog.architectures, rates=rates, basis=basis,
                      currency=currency, today=today)
    return [CandidateRow(c, c.price, currency) for c in found]


def build_with_candidate(build: Build, candidate: Candidate,
                         requested: Sequence[TrackedWorkload] = ()) -> Build:
    """The build with its GPUs replaced by the candidate's, as one value (one undoable edit).

    ``requested`` are the workloads the candidate was sized for, in order; a tracked workload of
    the build that is one of them takes the strategy the candidate fits it with (a 4-GPU
    candidate may fit only with FSDP), so the headroom panel agrees with the dialog afterwards.
    Every other setting is kept.
    """
    strategy_of = ({t: s for t, s in zip(requested, candidate.strategies, strict=False)}
                   if candidate.count > 1 else {})
    changed = []
    for t in build.workloads:
        s = strategy_of.get(t)
        if s is None:
            changed.append(t)
        elif t.task == "inference":
            changed.append(replace(t, inference=replace(t.inference, strategy=s)))
        else:
            changed.append(replace(t, training=replace(t.training, strategy=s)))
    return replace(build, slots=(BuildSlot(candidate.gpu, candidate.count),),
                   workloads=tuple(changed))
