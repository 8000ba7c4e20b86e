"""``gpu-planner show FILE``: what the panels show for each variant, as text or JSON.

The figures are :func:`planner.core.views.show.study_figures`, the views the panels use; this
module only lays them out (JSON keys documented in docs/cli.md) and words them through the one
formatter, so the terminal reads as the window does.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from planner.cli.text import gpus
from planner.core.costs.energy import Usage
from planner.core.costs.formatting import Formatter
from planner.core.costs.prices import PickedPrice
from planner.core.views.energy import EnergyView
from planner.core.views.show import VariantFigures


def _money(amount: float | None, currency: str) -> dict[str, Any] | None:
    return None if amount is None else {"amount": round(amount, 2), "currency": currency}


def unit_price_json(p: PickedPrice | None) -> dict[str, Any] | None:
    """A card's unit price as JSON: amount, currency, kind, basis, date, age and source."""
    if p is None:
        return None
    return {"amount": round(p.amount, 2), "currency": p.currency, "kind": p.kind,
            "basis": p.basis, "as_of": p.as_of, "age_days": p.age_days, "stale": p.stale,
            "source": p.source, "rate_as_of": p.rate_as_of or None}


def energy_json(ev: EnergyView, u: Usage) -> dict[str, Any]:
    """A year of energy and the like-for-like rental, as ``show`` and ``energy`` print them."""
    cur = ev.currency
    total = ev.total
    energy: dict[str, Any] = {}
    if total is not None:
        energy = {
            "kwh_per_year": round(total.kwh_per_year, 3),
            "kwh_load_per_year": round(total.kwh_load_per_year, 3),
            "kwh_idle_per_year": round(total.kwh_idle_per_year, 3),
            "cost_per_year": _money(total.cost_per_year, cur),
            "co2_kg_per_year": None if total.co2_kg_per_year is None
            else round(total.co2_kg_per_year, 1),
            "wall_watts": round(total.wall_watts, 1),
            "assumptions": {
                "hours_per_day": u.hours_per_day, "days_per_year": u.days_per_year,
                "utilization": u.utilization, "idle_when_not_running": u.idle_when_not_running,
                "host_watts": ev.host_watts, "psu_efficiency": u.psu_efficiency, "pue": u.pue,
                "base_kwh_per_year": u.base_kwh_per_year,
                "tariff": ev.tariff.id if ev.tariff is not None else None,
                "carbon": ev.carbon.id if ev.carbon is not None else None},
        }
    cloud = ev.cloud
    energy["rental"] = None if cloud is None else {
        "offer": cloud.instance.id, "provider": cloud.instance.provider,
        "name": cloud.instance.name, "units": cloud.instances, "gpus": cloud.rent_gpus,
        "cost_per_hour": _money(cloud.rent_per_hour, cur),
        "cost_per_year": _money(cloud.rent_per_year, cur), "as_of": cloud.instance.as_of,
        "kind": cloud.kind or None}
    energy["rental_left_out"] = list(ev.rent_left_out)
    energy["break_even_months"] = (None if ev.break_even_months is None
                                   else round(ev.break_even_months, 1))
    return energy


def rental_lines(ev: EnergyView, fmt: Formatter) -> Iterator[str]:
    """The rental and break-even as ``show`` and ``energy`` print them, its kind named."""
    cloud = ev.cloud
    if cloud is not None:
        yield (f"  renting {cloud.instances}× {cloud.instance.provider} {cloud.instance.name}"
               f" ({gpus(cloud.rent_gpus)}), {cloud.kind or 'kind not stated'}: "
               f"{fmt.money(cloud.rent_per_year)} a year")
        if ev.break_even_months is not None:
            yield f"  owning pays off after {fmt.number(ev.break_even_months, 1)} months"
    elif ev.rent_left_out:
        yield (f"  no on-demand rental on record ({', '.join(ev.rent_left_out)} offers left "
               "out; the build's 'also interruptible and marketplace offers' setting, or "
               "--any-rental for 'energy', compares them)")
    else:
        yield "  no like-for-like rental on record"


def variant_json(v: VariantFigures) -> dict[str, Any]:
    """One variant as the JSON object docs/cli.md lists."""
    cur = v.price.currency
    energy = energy_json(v.energy, v.build.usage)
    rental = energy.pop("rental")
    left_out = energy.pop("rental_left_out")
    break_even = energy.pop("break_even_months")
    s = v.summary
    return {
        "name": v.name,
        "gpus": [{"id": c.gpu_id, "name": c.name, "count": c.count,
                  "unit_price": unit_price_json(c.unit_price)} for c in v.cards],
        "price": _money(v.price.amount, cur),
        "priced_gpus": v.price.priced_gpus,
        "totals": {"gpus": s.gpu_count, "memory_bytes": s.total_memory_bytes,
                   "gpu_power_w": s.total_tdp_w, "system_power_w": s.system_w,
                   "recommended_psu_w": s.recommended_psu_w},
        "headroom": [{"workload": r.workload_id, "name": r.name, "task": r.task,
                      "per_gpu_bytes": None if r.error else r.needed_bytes,
                      "usable_bytes": None if r.error else r.usable_bytes,
                      "verdict": "error" if r.error else r.verdict, "error": r.error}
                     for r in v.headroom],
        "energy": energy or None,
        "rental": rental,
        "rental_left_out": left_out,
        "break_even_months": break_even,
        "warnings": [{"code": w.code, "text": w.message, "severity": w.severity}
                     for w in s.warnings],
    }


def show_lines(figures: tuple[VariantFigures, ...], fmt: Formatter) -> Iterator[str]:
    """The same figures as text, one block per variant."""
    for v in figures:
        yield v.name
        for c in v.cards:
            p = c.unit_price
            price = (f"{fmt.money(p.amount, p.currency)} ({p.kind}, {p.as_of}"
                     f"{', stale' if p.stale else ''})" if p else "price unknown")
            yield f"  {c.count}× {c.name}  {price}"
        s = v.summary
        yield (f"  price {fmt.money(v.price.amount)} · GPUs {fmt.power(s.total_tdp_w)} · system "
               f"{fmt.power(s.system_w)} · PSU {fmt.power(s.recommended_psu_w)}")
        for r in v.headroom:
            if r.error:
                yield f"  {r.name}: {r.error}"
            else:
                yield (f"  {r.name} ({r.task}): {fmt.memory(r.needed_bytes)} of "
                       f"{fmt.memory(r.usable_bytes)} per GPU → {r.verdict.replace('-', ' ')}")
        t = v.energy.total
        if t is not None:
            line = f"  {fmt.energy(t.kwh_per_year)} a year"
            if t.cost_per_year is not None:
                line += f", {fmt.money(t.cost_per_year)}"
            if t.co2_kg_per_year is not None:
                line += f", {fmt.mass_co2(t.co2_kg_per_year)}"
            yield line
        yield from rental_lines(v.energy, fmt)
        for w in s.warnings:
            yield f"  warning [{w.code}]: {w.message}"
