"""The figures the energy panel shows: a year of kWh, money and CO2, and owning versus renting.

Everything is converted into the document's currency here, once, so the panel, the report and the
CLI agree to the cent. The build's own cost over the years starts at its purchase price; renting
the comparable cloud instance for the same hours of use starts at zero; where the two lines cross
is the break-even the chart marks. Pure Python; no Qt, no database.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from planner.core.build import Build
from planner.core.energy import (
    BreakEven,
    Energy,
    annual_energy,
    co2_kg,
    cumulative_cost,
    flat_tariff,
    heat_btu_per_hour,
    tariff_cost,
)
from planner.core.money import Rates
from planner.core.physics import unit_price_usd
from planner.core.precision import EstimateError
from planner.core.specs import Catalog, CloudInstance, GpuSpec, GridCarbon, Tariff

MONTHS_PER_YEAR = 12.0


@dataclass(frozen=True, slots=True)
class EnergyLine:
    """A year of one slot's cards (or of the whole build, host included).

    ``cost_per_year`` is in the view's currency; for a slot it is the slot's share of the build's
    bill (tiered tariffs price the household's total, so a slot's cost is pro rata by kWh).
    ``wall_watts`` is the draw at the wall while a job runs (before the data centre's PUE), which
    is also the heat put into the room.
    """

    label: str
    gpu_id: str | None
    count: int
    wall_watts: float
    kwh_load_per_year: float
    kwh_idle_per_year: float
    cost_per_year: float | None
    co2_kg_per_year: float | None

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
    """Renting enough of one cloud instance type for the build's hours of use.

    ``instances`` is how many of the instance type give at least as many GPUs as the build;
    prices are in the view's currency. ``break_even_hours`` is ``None`` when renting stays cheaper
    or when no card of the build has a price.
    """

    instance: CloudInstance
    instances: int
    rent_per_hour: float
    rent_per_year: float
    cumulative: tuple[float, ...]
    break_even_hours: float | None

    @property
    def rent_gpus(self) -> int:
        """GPUs rented (may exceed the build's when the instance comes in larger sizes)."""
        return self.instances * self.instance.gpu_count


@dataclass(frozen=True, slots=True)
class EnergyView:
    """Everything the energy panel draws, in one currency; ``error`` replaces the figures."""

    currency: str
    lines: tuple[EnergyLine, ...] = ()
    total: EnergyLine | None = None
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


def tariff_of(build: Build, catalog: Catalog) -> Tariff | None:
    """The tariff the document prices electricity with: its catalog tariff, else its flat price."""
    cost = build.cost
    if cost.tariff_id:
        found = next((t for t in catalog.tariffs if t.id == cost.tariff_id), None)
        if found is not None:
            return found
    if cost.price_per_kwh is None:
        return None
    return flat_tariff(cost.price_per_kwh, cost.currency)


def carbon_of(build: Build, catalog: Catalog) -> GridCarbon | None:
    """The grid carbon intensity the document names (``None``: no region chosen)."""
    cid = build.cost.carbon_id
    return next((c for c in catalog.carbon if c.id == cid), None) if cid else None


def main_gpu(build: Build) -> GpuSpec | None:
    """The card most of the build is made of (first slot on ties): what a renter would rent."""
    if not build.slots:
        return None
    return max(build.slots, key=lambda s: s.count).gpu  # max keeps the first of equals


def comparable_instance(build: Build, catalog: Catalog,
                        rates: Rates) -> tuple[CloudInstance, int] | None:
    """The cloud instance to compare with and how many of it cover the build's GPUs.

    The document's chosen instance if it names one the catalog has; otherwise the cheapest way to
    rent at least the build's count of its main GPU from instances of that GPU (one 8-GPU machine
    or several 1-GPU ones, whichever costs less per hour). ``None`` when nobody rents that GPU.
    """
    n = build.gpu_count
    if n == 0:
        return None
    chosen = build.cost.cloud_instance_id
    if chosen:
        inst = next((c for c in catalog.cloud if c.id == chosen), None)
        if inst is not None:
            return inst, math.ceil(n / inst.gpu_count)
    gpu = main_gpu(build)
    options = [c for c in catalog.cloud if gpu is not None and c.gpu_id == gpu.id]
    if not options:
        return None

    def hourly(c: CloudInstance) -> float:
        return math.ceil(n / c.gpu_count) * rates.convert(c.price_per_hour, c.currency,
                                                         build.cost.currency)

    best = min(options, key=hourly)
    return best, math.ceil(n / best.gpu_count)


def _line(label: str, gpu_id: str | None, count: int, energy: Energy, wall_watts: float,
          cost: float | None, carbon: GridCarbon | None) -> EnergyLine:
    return EnergyLine(
        label=label, gpu_id=gpu_id, count=count, wall_watts=wall_watts,
        kwh_load_per_year=energy.kwh_load_per_year, kwh_idle_per_year=energy.kwh_idle_per_year,
        cost_per_year=cost,
        co2_kg_per_year=co2_kg(energy.kwh_per_year, carbon.g_co2_per_kwh) if carbon else None,
    )


def energy_view(build: Build, catalog: Catalog, rates: Rates) -> EnergyView:
    """A year of the build's electricity, its cost and carbon, and owning versus renting."""
    usage = build.usage
    currency = build.cost.currency
    try:
        usage.check()
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
    lines = []
    for slot in build.slots:
        e = annual_energy([(slot.gpu, slot.count)], alone)
        share = None
        if total_cost is not None:
            share = (total_cost * e.kwh_per_year / total_energy.kwh_per_year
                     if total_energy.kwh_per_year else 0.0)
        watts = slot.gpu.tdp_w * usage.utilization * slot.count / usage.psu_efficiency
        lines.append(_line(slot.gpu.name, slot.gpu.id, slot.count, e, watts, share, carbon))
    wall = (sum(s.gpu.tdp_w * usage.utilization * s.count for s in build.slots)
            + usage.host_watts) / usage.psu_efficiency
    total = _line("Total", None, build.gpu_count, total_energy, wall, total_cost, carbon)

    prices = [(unit_price_usd(s.gpu, build.cost.price_kind, rates), s.count)
              for s in build.slots]
    priced = sum(c for p, c in prices if p is not None)
    purchase = (rates.convert(sum(p * c for p, c in prices if p is not None), "USD", currency)
                if priced else None)
    years = max(1, build.cost.years)
    own = tuple(cumulative_cost(purchase or 0.0, total_cost or 0.0, years))
    load_hours = usage.hours_per_day * usage.days_per_year

    cloud = None
    match = comparable_instance(build, catalog, rates)
    if match is not None:
        inst, count = match
        per_hour = count * rates.convert(inst.price_per_hour, inst.currency, currency)
        per_year = per_hour * load_hours
        own_per_hour = (total_cost or 0.0) / load_hours if load_hours else 0.0
        # Without a purchase price there is nothing to pay off: no break-even to claim.
        hours = (BreakEven(purchase, own_per_hour, per_hour).hours
                 if load_hours and purchase is not None else None)
        cloud = CloudComparison(
            instance=inst, instances=count, rent_per_hour=per_hour, rent_per_year=per_year,
            cumulative=tuple(per_year * y for y in range(years + 1)), break_even_hours=hours)

    return EnergyView(
        currency=currency, lines=tuple(lines), total=total, idle_known=total_energy.idle_known,
        tariff=tariff, carbon=carbon, purchase=purchase, priced_gpus=priced,
        load_hours_per_year=load_hours, years=tuple(range(years + 1)), own_cumulative=own,
        cloud=cloud)
