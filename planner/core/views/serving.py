"""What the serving panel, ``gpu-planner serve``, ``show --json`` and the sheet print for a build.

One view: how many users the build's memory holds at the stated lengths, the speed each gets and
the build's total at the stated number of users (or the most that still reach a target speed),
the knee past which more users add little, what bounds each figure, and what a million output
tokens costs: the build paid off over its years plus its electricity, renting the same GPUs like
for like (:func:`~planner.core.views.energy.rental`), and the APIs' prices. Pure Python.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from planner.core.costs.money import Rates
from planner.core.estimator.links import Link, gpu_link
from planner.core.estimator.serving import (
    Load,
    ServingMemory,
    ServingSetup,
    knee,
    load_at,
    serving_memory,
    user_counts,
)
from planner.core.estimator.serving_engines import engine_of
from planner.core.plan.build import Build, purchase
from planner.core.plan.serving_settings import served_model, serving_of
from planner.core.records.api_prices import ApiPrice
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Catalog, GpuSpec, Workload
from planner.core.views.energy import energy_view, rental

SECONDS_PER_HOUR = 3600.0
MILLION = 1e6


def cost_per_million(per_year: float, tokens_per_second: float,
                     hours_per_year: float) -> float | None:
    """Money per million output tokens when ``per_year`` buys ``tokens_per_second`` for the hours.

    None when nothing is generated (no hours, or no speed).
    """
    tokens = tokens_per_second * SECONDS_PER_HOUR * hours_per_year
    return per_year / tokens * MILLION if tokens > 0 else None


@dataclass(frozen=True, slots=True)
class ApiCost:
    """One API's output price in the view's currency."""

    price: ApiPrice
    output_per_million: float


@dataclass(frozen=True, slots=True)
class ServingCosts:
    """A million output tokens three ways, in ``currency``; None where a price is unknown.

    ``own`` is the build's purchase over its years plus a year of its electricity, divided by a
    year of output at the served load; ``own_hardware`` and ``own_power`` are its two parts.
    """

    currency: str
    tokens_per_year: float
    own: float | None
    own_hardware: float | None
    own_power: float | None
    rent: float | None
    rent_name: str | None
    apis: tuple[ApiCost, ...]


@dataclass(frozen=True, slots=True)
class ServingView:
    """Everything the serving surfaces print; ``error`` replaces the figures."""

    model: str
    engine: str
    setup: ServingSetup
    gpu: GpuSpec | None = None
    gpus_per_copy: int = 0
    copies: int = 0
    mixed: bool = False
    link: Link | None = None
    memory: ServingMemory | None = None
    at: Load | None = None
    knee: Load | None = None
    curve: tuple[Load, ...] = ()
    users_queued: int = 0
    costs: ServingCosts | None = None
    error: str | None = None

    @property
    def max_users(self) -> int:
        """Users the build holds at once: every copy's KV cache."""
        return self.memory.max_users * self.copies if self.memory else 0

    @property
    def aggregate_tok_s(self) -> float | None:
        """Output tokens/s of the whole build at the served users (every copy)."""
        return self.at.aggregate_tok_s * self.copies if self.at else None

    @property
    def capacity_bound(self) -> str | None:
        """What limits the users: the KV cache, the engine's sequence cap, or the weights."""
        return self.memory.bound if self.memory else None


def weakest_card(build: Build) -> tuple[GpuSpec, bool]:
    """The card that binds a copy: least memory, then least bandwidth; True for a mixed build."""
    cards = [s.gpu for s in build.slots if s.count > 0]
    gpu = min(cards, key=lambda g: (g.memory_bytes, g.memory_bandwidth_gbs))
    return gpu, len({g.id for g in cards}) > 1


def _users_for(setup: ServingSetup, loads: Sequence[Load]) -> Load | None:
    """The load at the stated users, or the most users that still get the target speed."""
    if not loads:
        return None
    if setup.target is not None:
        ok = [x for x in loads if x.per_user_tok_s >= setup.target]
        return ok[-1] if ok else None
    if setup.users is not None:
        return next((x for x in loads if x.users >= setup.users), loads[-1])
    return loads[-1]


def _costs(build: Build, catalog: Catalog, rates: Rates, aggregate: float | None,
           apis: Sequence[ApiPrice], today: str | None) -> ServingCosts:
    currency = build.cost.currency
    usage = build.usage
    hours = usage.hours_per_day * usage.days_per_year
    speed = aggregate or 0.0
    tokens = speed * SECONDS_PER_HOUR * hours
    energy = energy_view(build, catalog, rates, today)
    power = energy.total.cost_per_year if energy.total is not None else None
    paid = purchase(build, rates, today)
    years = max(1, build.cost.years)
    hardware = None if paid.amount is None or paid.priced_gpus < build.gpu_count else (
        paid.amount / years)
    own_hw = None if hardware is None else cost_per_million(hardware, speed, hours)
    own_pw = None if power is None else cost_per_million(power, speed, hours)
    own = None if own_hw is None or own_pw is None else own_hw + own_pw
    offer = rental(build, catalog, rates)
    rent = None if offer is None else cost_per_million(offer.per_year, speed, hours)
    api_costs = tuple(ApiCost(p, rates.convert(p.output_per_million, p.currency, currency))
                      for p in apis)
    return ServingCosts(currency, tokens, own, own_hw, own_pw, rent,
                        offer.instance.name if offer else None, api_costs)


def serving_view(build: Build, catalog: Catalog, rates: Rates, model: Workload,
                 setup: ServingSetup, apis: Sequence[ApiPrice] = (),
                 today: str | None = None) -> ServingView:
    """The build serving ``model`` as ``setup`` says (see the module docstring)."""
    eng_name = model.name
    try:
        setup.check()
        engine = engine_of(setup.engine)
        if not build.gpu_count:
            raise EstimateError("Add a GPU to the build to serve a model on it.")
        if model.family not in ("decoder", "encoder-decoder") or not model.is_transformer:
            raise EstimateError(f"{model.name} does not generate text; pick a language model "
                                "to serve.", setting="model")
        gpu, mixed = weakest_card(build)
        per_copy = setup.gpus or build.gpu_count
        if per_copy > build.gpu_count:
            have = build.gpu_count
            raise EstimateError(f"This build has {have} GPU{'' if have == 1 else 's'}; one copy "
                                f"of the model cannot use {per_copy}.", setting="gpus")
        copies = build.gpu_count // per_copy
        link = gpu_link(gpu, per_copy)
        mem = serving_memory(model, setup, gpu, per_copy)
    except EstimateError as exc:
        return ServingView(eng_name, setup.engine, setup, error=str(exc))
    base = ServingView(eng_name, engine.name, setup, gpu, per_copy, copies, mixed, link, mem)
    if not mem.fits:
        costs = _costs(build, catalog, rates, None, apis, today)
        return ServingView(eng_name, engine.name, setup, gpu, per_copy, copies, mixed, link,
                           mem, costs=costs)
    loads = [load_at(model, setup, mem, gpu, per_copy, link, n)
             for n in user_counts(mem.max_users)]
    at = _users_for(setup, loads)
    queued = 0
    if setup.users is not None and setup.users > mem.max_users * copies:
        queued = setup.users - mem.max_users * copies
    aggregate = at.aggregate_tok_s * copies if at else None
    costs = _costs(build, catalog, rates, aggregate, apis, today)
    return ServingView(base.model, base.engine, setup, gpu, per_copy, copies, mixed, link, mem,
                       at, knee(loads), tuple(loads), queued, costs)


def build_serving_view(build: Build, catalog: Catalog, rates: Rates,
                       apis: Sequence[ApiPrice] = (), today: str | None = None
                       ) -> ServingView | None:
    """The serving workload the build keeps, as every surface shows it (None: it keeps none)."""
    choice = serving_of(build)
    if choice is None:
        return None
    model = served_model(build, catalog, choice.model_id)
    if model is None:
        return ServingView(choice.model_id, choice.setup.engine, choice.setup,
                           error=f"The model '{choice.model_id}' is not in the catalog; pick "
                                 "another model to serve.")
    return serving_view(build, catalog, rates, model, choice.setup, apis, today)


def rounded(value: float | None, digits: int = 2) -> float | None:
    """A figure for JSON: rounded, None kept, never NaN."""
    if value is None or not math.isfinite(value):
        return None
    return round(value, digits)


#: What bounds a figure, in the CLI's English (the app words the same codes in planner/words).
BOUND_ENGLISH = {
    "kv-cache": "the KV cache",
    "max-seqs": "the engine's cap on sequences a step",
    "weights": "the weights and the engine's reservations leave no KV cache",
    "memory-bandwidth": "memory bandwidth",
    "compute": "compute",
    "link": "the link between the GPUs",
    "engine-overhead": "the engine's fixed cost per step",
}


def _load_json(load: Load | None, copies: int) -> dict[str, object] | None:
    if load is None:
        return None
    return {"users": load.users * copies,
            "per_user_tokens_per_s": rounded(load.per_user_tok_s, 1),
            "aggregate_tokens_per_s": rounded(load.aggregate_tok_s * copies, 1),
            "ttft_s": rounded(load.ttft_s, 3),
            "bound": load.step.bound, "saturated": load.saturated}


def serving_figures(view: ServingView) -> dict[str, object]:
    """The view as the JSON every surface agrees on (``serve --json``, ``show --json``)."""
    s = view.setup
    out: dict[str, object] = {
        "model": view.model, "engine": view.engine, "weights": s.weights, "kv": s.kv,
        "prompt": s.prompt, "output": s.output, "users_asked": s.users, "target": s.target,
        "error": view.error,
    }
    if view.error or view.memory is None or view.gpu is None:
        return out
    m = view.memory
    out.update({
        "gpu": view.gpu.id, "gpus_per_copy": view.gpus_per_copy, "copies": view.copies,
        "split": s.split if view.gpus_per_copy > 1 else None, "mixed": view.mixed,
        "link": view.link.name if view.link else None,
        "capacity": {"budget_bytes_per_gpu": m.budget_bytes,
                     "weights_bytes_per_gpu": m.weights_bytes,
                     "runtime_bytes_per_gpu": m.runtime_bytes,
                     "activation_bytes_per_gpu": m.activation_bytes,
                     "kv_bytes_per_gpu": m.kv_bytes, "kv_tokens": m.kv_tokens * view.copies,
                     "context": m.context, "max_users": view.max_users, "bound": m.bound},
        "at": _load_json(view.at, view.copies),
        "knee": _load_json(view.knee, view.copies),
        "users_queued": view.users_queued,
    })
    c = view.costs
    if c is not None:
        out["cost"] = {
            "currency": c.currency, "tokens_per_year": round(c.tokens_per_year),
            "own_per_million": rounded(c.own, 4),
            "own_hardware_per_million": rounded(c.own_hardware, 4),
            "own_power_per_million": rounded(c.own_power, 4),
            "rent_per_million": rounded(c.rent, 4), "rent_offer": c.rent_name,
            "apis": [{"id": a.price.id, "provider": a.price.provider, "model": a.price.model,
                      "output_per_million": rounded(a.output_per_million, 4),
                      "as_of": a.price.as_of} for a in c.apis],
        }
    return out
