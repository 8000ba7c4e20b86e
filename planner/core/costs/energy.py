"""Electricity, money and carbon of running GPUs for a year, and the break-even against renting.

The source article claims an H100 (700 W) uses "about 2000 kWh" a year more than an A100 (400 W)
at 10 hours a day; it is 300 W × 3650 h = 1095 kWh. :func:`annual_energy` reproduces that with
utilization 1 and no idle, host, PSU or PUE terms — each of which the user can switch on.

Pure Python; no Qt, no database.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from planner.core.records.precision import EstimateError
from planner.core.records.specs import GpuSpec, Tariff, TariffTier

HOURS_PER_DAY = 24.0
BTU_PER_HOUR_PER_WATT = 3.412


@dataclass(frozen=True, slots=True)
class Usage:
    """How a build is used: the assumptions every energy figure rests on.

    ``utilization`` is the average share of board power drawn while a job runs (1.0: at TDP).
    ``host_watts`` is the rest of the machine while a job runs (CPU, board, drives, fans);
    ``psu_efficiency`` turns DC watts into watts at the wall; ``pue`` adds cooling overhead
    (1.0 at home, ~1.4–1.6 in a typical data centre).
    """

    hours_per_day: float = 10.0
    days_per_year: float = 365.0
    utilization: float = 1.0
    idle_when_not_running: bool = True
    host_watts: float = 0.0
    psu_efficiency: float = 1.0
    pue: float = 1.0
    base_kwh_per_year: float = 0.0

    def check(self) -> None:
        """Raise one plain sentence for an impossible assumption."""
        for name in ("hours_per_day", "days_per_year", "utilization", "host_watts",
                     "psu_efficiency", "pue", "base_kwh_per_year"):
            if not math.isfinite(getattr(self, name)):
                raise EstimateError(f"'{name.replace('_', ' ')}' must be a number.")
        if not 0 <= self.hours_per_day <= 24:
            raise EstimateError(
                f"Hours per day must be between 0 and 24 (got {self.hours_per_day}).")
        if not 0 <= self.days_per_year <= 366:
            raise EstimateError(
                f"Days per year must be between 0 and 366 (got {self.days_per_year}).")
        if not 0 <= self.utilization <= 1:
            raise EstimateError(f"Utilization must be between 0 and 1 (got {self.utilization}).")
        if not 0 < self.psu_efficiency <= 1:
            raise EstimateError(
                f"PSU efficiency must be above 0 and at most 1 (got {self.psu_efficiency}).")
        if not 1 <= self.pue <= 5:
            raise EstimateError(f"PUE must be between 1 and 5 (got {self.pue}).")
        if self.host_watts < 0 or not math.isfinite(self.host_watts):
            raise EstimateError(f"Host power must be 0 W or more (got {self.host_watts}).")
        if self.base_kwh_per_year < 0:
            raise EstimateError("Other household consumption cannot be negative.")


@dataclass(frozen=True, slots=True)
class Energy:
    """A year of electricity for some GPUs (and optionally their host), at the wall."""

    kwh_load_per_year: float
    kwh_idle_per_year: float
    idle_known: bool

    @property
    def kwh_per_year(self) -> float:
        """Load plus idle."""
        return self.kwh_load_per_year + self.kwh_idle_per_year


def annual_energy(gpus: list[tuple[GpuSpec, int]], usage: Usage) -> Energy:
    """KWh a year: TDP × utilization for the hours at load, idle power for the rest of the day.

    GPUs whose idle power no source states count 0 W idle, and ``idle_known`` says so.
    """
    usage.check()
    load_hours = usage.hours_per_day * usage.days_per_year
    idle_hours = (HOURS_PER_DAY - usage.hours_per_day) * usage.days_per_year
    if not usage.idle_when_not_running:
        idle_hours = 0.0
    factor = usage.pue / usage.psu_efficiency
    load_w = sum(g.tdp_w * usage.utilization * n for g, n in gpus) + usage.host_watts
    idle_w = sum((g.idle_w or 0.0) * n for g, n in gpus)
    known = all(g.idle_w is not None for g, _ in gpus)
    return Energy(
        kwh_load_per_year=load_w * load_hours / 1000 * factor,
        kwh_idle_per_year=idle_w * idle_hours / 1000 * factor,
        idle_known=known,
    )


def tariff_cost(tariff: Tariff, kwh: float, base_kwh: float = 0.0) -> float:
    """Cost of ``kwh`` a year on top of ``base_kwh`` already used (tiers are yearly)."""
    return _tiered(tariff.tiers, base_kwh + kwh) - _tiered(tariff.tiers, base_kwh)


def _tiered(tiers: tuple[TariffTier, ...], kwh: float) -> float:
    cost, lower = 0.0, 0.0
    for tier in tiers:
        upper = tier.up_to_kwh if tier.up_to_kwh is not None else math.inf
        if kwh > lower:
            cost += (min(kwh, upper) - lower) * tier.price_per_kwh
        lower = upper
        if kwh <= lower:
            break
    return cost


def flat_tariff(price_per_kwh: float, currency: str) -> Tariff:
    """A one-price tariff typed in by the user."""
    if not (math.isfinite(price_per_kwh) and price_per_kwh >= 0):
        raise EstimateError(
            f"Electricity price must be 0 or more per kWh (got {price_per_kwh}).")
    return Tariff("custom", "Custom flat price", "", currency,
                  (TariffTier(None, price_per_kwh),), "", ("user input",))


def co2_kg(kwh: float, g_per_kwh: float) -> float:
    """Kilograms of CO2 for consumption at a grid's average intensity."""
    return kwh * g_per_kwh / 1000


def heat_btu_per_hour(watts: float) -> float:
    """Heat into the room: every watt drawn ends up as heat."""
    return watts * BTU_PER_HOUR_PER_WATT


@dataclass(frozen=True, slots=True)
class BreakEven:
    """Owning versus renting, in the same currency."""

    purchase: float
    own_cost_per_hour: float
    rent_cost_per_hour: float

    @property
    def hours(self) -> float | None:
        """Hours of use after which owning is cheaper; None if renting is always cheaper."""
        saving = self.rent_cost_per_hour - self.own_cost_per_hour
        if saving <= 0:
            return None
        return self.purchase / saving


def cumulative_cost(purchase: float, cost_per_year: float, years: int) -> list[float]:
    """Owning: purchase at year 0, then electricity each year (years 0..N)."""
    return [purchase + cost_per_year * y for y in range(years + 1)]
