"""The figures the energy panel shows: a year of kWh, money and CO2, and owning versus renting.

Everything is converted into the document's currency here, once, so the panel, the report and the
CLI agree to the cent. The build's own cost over the years starts at its purchase price; renting
the comparable cloud instance for the same hours of use starts at zero; where the two lines cross
is the break-even the chart marks. Pure Python; no Qt, no database.

The build's total counts the rest of the computer (:func:`host_watts`): GPUs do not run without a
CPU, board, memory, drives and fans, and the wall meter counts them all. A build that states no
host power (the app has no field for it; ``Usage`` defaults to 0 W) gets the same 200 W host the
build's totals count (:data:`planner.core.plan.physics.DEFAULT_HOST_WATTS`), so "System power" there
and the energy total here describe the same machine.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from planner.core.costs.energy import (
    BreakEven,
    Energy,
    Usage,
    annual_energy,
    co2_kg,
    cumulative_cost,
    flat_tariff,
    heat_btu_per_hour,
    tariff_cost,
)
from planner.core.costs.money import Rates
from planner.core.costs.rental import RentalOffer, kinds_left_out, offer_kind, rental_offer
from planner.core.plan.build import Build, purchase
from planner.core.plan.physics import DEFAULT_HOST_WATTS
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Catalog, CloudInstance, GridCarbon, Tariff

MONTHS_PER_YEAR = 12.0


@dataclass(frozen=True, slots=True)
class EnergyLine:
    """A year of one slot's cards (or of the whole build, host included).

    ``cost_per_year`` is in the view's currency; for a slot it is the slot's share of the build's
    bill (tiered tariffs price the household's total, so a slot's cost is pro rata by kWh).
    ``wall_watts`` is the draw at the wall while a job runs (before the data centre's PUE), which
    is also the heat put into the room. ``idle_counted`` is False when the line's cards sit idle
    part of the day but no source states their idle power: their idle hours add nothing rather
    than a guess, and the views say "idle not counted" on that line.
    """

    label: str
    gpu_id: str | None
    count: int
    wall_watts: float
    kwh_load_per_year: float
    kwh_idle_per_year: float
    cost_per_year: float | None
    co2_kg_per_year: float | None
    idle_counted: bool = True

    @property
    def kwh_per_year(self) -> float:
        """Load plus idle."""
        return self.kwh_load_per_year + self.kwh_idle_per_year

    @property
    def heat_btu_per_hour(self) -> float:
        """Heat into the room while a job runs: every watt drawn ends up as heat."""
        return heat_btu_per_hour(self.wall_watts)


@dataclass(frozen=True, slots=True)
class CloudComparison:
    """Renting the build's GPUs like for like (:func:`~planner.core.costs.rental.rental_offer`).

    ``instances`` is how many units are rented: machines of the instance type, or GPUs of a
    per-GPU offer; ``rent_gpus`` how many GPUs that is (the build's count, or the smallest offer
    holding at least that many). Prices are in the view's currency, for the build's hours of
    use. ``break_even_hours`` is ``None`` when renting stays cheaper or when no card of the
    build has a price. ``chosen_set_aside`` says the study names an instance of another GPU,
    which is not this comparison.
    """

    instance: CloudInstance
    instances: int
    rent_per_hour: float
    rent_per_year: float
    cumulative: tuple[float, ...]
    break_even_hours: float | None
    like_for_like: bool = True
    chosen_set_aside: bool = False

    @property
    def rent_gpus(self) -> int:
        """GPUs rented (more than the build's when no offer rents exactly its count)."""
        return self.instances if self.instance.per_gpu else self.instances * self.instance.gpu_count

    @property
    def kind(self) -> str:
        """On-demand, interruptible, marketplace or reserved: every surface names it."""
        return offer_kind(self.instance)


@dataclass(frozen=True, slots=True)
class EnergyView:
    """Everything the energy panel draws, in one currency; ``error`` replaces the figures."""

    currency: str
    lines: tuple[EnergyLine, ...] = ()
    total: EnergyLine | None = None
    host_watts: float = 0.0
    idle_known: bool = True
    tariff: Tariff | None = None
    carbon: GridCarbon | None = None
    purchase: float | None = None
    priced_gpus: int = 0
    load_hours_per_year: float = 0.0
    years: tuple[int, ...] = ()
    own_cumulative: tuple[float, ...] = ()
    cloud: CloudComparison | None = None
    error: str | None = None
    rent_left_out: tuple[str, ...] = ()
    """Without a rental: the kinds of offer of the build's GPU that only the "any kind" setting
    rents (so "no rental" is not read as "cannot be rented")."""

    @property
    def break_even_years(self) -> float | None:
        """Years of use (at the stated hours) until owning is cheaper than renting."""
        if self.cloud is None or self.cloud.break_even_hours is None:
            return None
        if not self.load_hours_per_year:
            return None
        return self.cloud.break_even_hours / self.load_hours_per_year

    @property
    def break_even_months(self) -> float | None:
        """The break-even as months of use at the stated hours per day."""
        years = self.break_even_years
        return None if years is None else years * MONTHS_PER_YEAR


def host_watts(usage: Usage) -> float:
    """The rest of the computer's draw while a job runs: the build's figure, else 200 W.

    A machine without a host does not exist, so 0 W (what a build that never stated it holds)
    means "not stated", not "none".
    """
    return usage.host_watts if usage.host_watts > 0 else DEFAULT_HOST_WATTS


def tariff_of(build: Build, catalog: Catalog) -> Tariff | None:
    """The tariff the document prices electricity with: its catalog tariff, else its flat price."""
    cost = build.cost
    if cost.tariff_id:
        found = next((t for t in catalog.tariffs if t.id == cost.tariff_id), None)
        if found is not None:
            return found
    if cost.price_per_kwh is None:
        return None
    return flat_tariff(cost.price_per_kwh, cost.kwh_currency)


def carbon_of(build: Build, catalog: Catalog) -> GridCarbon | None:
    """The grid carbon intensity the document names (``None``: no region chosen)."""
    cid = build.cost.carbon_id
    return next((c for c in catalog.carbon if c.id == cid), None) if cid else None


def rental(build: Build, catalog: Catalog, rates: Rates,
           instance_id: str | None = None) -> RentalOffer | None:
    """The like-for-like rental of the build for its hours of use (one function, every surface).

    ``instance_id`` names an offer over the build's own choice (the comparison's rental column).
    """
    u = build.usage
    return rental_offer([(s.gpu, s.count) for s in build.slots], catalog.cloud, rates,
                        build.cost.currency, u.hours_per_day * u.days_per_year,
                        instance_id or build.cost.cloud_instance_id, build.cost.rent_any_kind)


def _line(label: str, gpu_id: str | None, count: int, energy: Energy, wall_watts: float,
          cost: float | None, carbon: GridCarbon | None, idle_hours: bool) -> EnergyLine:
    return EnergyLine(
        label=label, gpu_id=gpu_id, count=count, wall_watts=wall_watts,
        kwh_load_per_year=energy.kwh_load_per_year, kwh_idle_per_year=energy.kwh_idle_per_year,
        cost_per_year=cost,
        co2_kg_per_year=co2_kg(energy.kwh_per_year, carbon.g_co2_per_kwh) if carbon else None,
        idle_counted=energy.idle_known or not idle_hours,
    )


def energy_view(build: Build, catalog: Catalog, rates: Rates,
                today: str | None = None) -> EnergyView:
    """A year of the build's electricity, its cost and carbon, and owning versus renting."""
    currency = build.cost.currency
    try:
        build.usage.check()
        # No GPUs, no machine to run: the host counts with the cards (as in the build's totals).
        usage = replace(build.usage,
                        host_watts=host_watts(build.usage) if build.gpu_count else 0.0)
        total_energy = annual_energy([(s.gpu, s.count) for s in build.slots], usage)
        tariff = tariff_of(build, catalog)
        total_cost = None
        if tariff is not None:
            total_cost = rates.convert(
                tariff_cost(tariff, total_energy.kwh_per_year, usage.base_kwh_per_year),
                tariff.currency, currency)
    except EstimateError as exc:
        return EnergyView(currency=currency, error=str(exc))

    carbon = carbon_of(build, catalog)
    alone = replace(usage, host_watts=0.0)  # slots without the host; the total has it
    idle_hours = usage.idle_when_not_running and usage.hours_per_day < 24
    lines = []
    for slot in build.slots:
        e = annual_energy([(slot.gpu, slot.count)], alone)
        share = None
        if total_cost is not None:
            share = (total_cost * e.kwh_per_year / total_energy.kwh_per_year
                     if total_energy.kwh_per_year else 0.0)
        watts = slot.gpu.tdp_w * usage.utilization * slot.count / usage.psu_efficiency
        lines.append(_line(slot.gpu.name, slot.gpu.id, slot.count, e, watts, share, carbon,
                           idle_hours))
    wall = (sum(s.gpu.tdp_w * usage.utilization * s.count for s in build.slots)
            + usage.host_watts) / usage.psu_efficiency
    total = _line("Total", None, build.gpu_count, total_energy, wall, total_cost, carbon,
                  idle_hours)

    bought = purchase(build, rates, today)
    priced, paid = bought.priced_gpus, bought.amount
    years = max(1, build.cost.years)
    own = tuple(cumulative_cost(paid or 0.0, total_cost or 0.0, years))
    load_hours = usage.hours_per_day * usage.days_per_year

    cloud = None
    offer = rental(build, catalog, rates)
    if offer is not None:
        own_per_hour = (total_cost or 0.0) / load_hours if load_hours else 0.0
        # Without a purchase price there is nothing to pay off: no break-even to claim.
        hours = (BreakEven(paid, own_per_hour, offer.per_hour).hours
                 if load_hours and paid is not None else None)
        cloud = CloudComparison(
            instance=offer.instance, instances=offer.units, rent_per_hour=offer.per_hour,
            rent_per_year=offer.per_year,
            cumulative=tuple(offer.per_year * y for y in range(years + 1)),
            break_even_hours=hours, chosen_set_aside=offer.chosen_set_aside)

    return EnergyView(
        currency=currency, lines=tuple(lines), total=total, host_watts=usage.host_watts,
        idle_known=total_energy.idle_known,
        tariff=tariff, carbon=carbon, purchase=paid, priced_gpus=priced,
        load_hours_per_year=load_hours, years=tuple(range(years + 1)), own_cumulative=own,
        cloud=cloud, rent_left_out=() if cloud is not None else kinds_left_out(
            [(s.gpu, s.count) for s in build.slots], catalog.cloud))
