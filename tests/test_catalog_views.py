"""Energy rows that cannot count idle say so; the break-even rents like for like.

Hand-made catalog: an A100 rented per GPU-hour (Lambda-style), the same A100 in an 8-GPU machine
(p4d-style), and an H100 machine. Expected rents are worked by hand.
"""

from __future__ import annotations

import pytest

from planner.core.costs.energy import Usage
from planner.core.costs.money import Rates
from planner.core.plan.build import Build, BuildSlot, CostSettings
from planner.core.records.specs import Catalog, CloudInstance, GpuSpec, Price
from planner.core.views.energy import energy_view, rental

RATES = Rates(7.0, 8.0, "2026-01-05")


def gpu(gid: str, idle: float | None) -> GpuSpec:
    return GpuSpec(id=gid, vendor="NVIDIA", name=gid.upper(), architecture="ampere",
                   segment="datacenter", form_factor="sxm", memory_gb=80, memory_type="HBM2e",
                   memory_bandwidth_gbs=2039, tdp_w=400, sources=("datasheet",), idle_w=idle,
                   prices=(Price(15000.0, "USD", "2026-01-01", "list", "US", "quote"),))


A100 = gpu("a100", idle=50.0)
H100 = gpu("h100", idle=None)


def offer(oid: str, gpu_id: str, count: int, per_gpu: bool, price: float) -> CloudInstance:
    return CloudInstance(id=oid, provider="P", name=oid, gpu_id=gpu_id, gpu_count=count,
                         price_per_hour=price, currency="USD", region="us", as_of="2026-11-01",
                         sources=("price page",), per_gpu=per_gpu)


PER_GPU = offer("lambda-a100", "a100", 8, True, 1.29)
MACHINE = offer("p4d", "a100", 8, False, 21.96)
H100_MACHINE = offer("p5", "h100", 8, False, 55.04)
CATALOG = Catalog(gpus=(A100, H100), cloud=(MACHINE, PER_GPU, H100_MACHINE))


def build(*slots: tuple[GpuSpec, int], cloud: str | None = None) -> Build:
    return Build(slots=tuple(BuildSlot(g, n) for g, n in slots),
                 usage=Usage(hours_per_day=12), cost=CostSettings(price_per_kwh=0.1,
                                                                 cloud_instance_id=cloud))


def test_a_per_gpu_offer_times_the_count_when_cheaper() -> None:
    # 4 A100s: per GPU 4 × 1.29 = 5.16/h; the 8-GPU machine is not the same count
    match = rental(build((A100, 4)), CATALOG, RATES)
    assert match is not None and (match.instance, match.units, match.gpus) == (PER_GPU, 4, 4)
    view = energy_view(build((A100, 4)), CATALOG, RATES)
    assert view.cloud is not None and view.cloud.instance == PER_GPU
    assert view.cloud.rent_per_hour == pytest.approx(4 * 1.29)
    assert view.cloud.rent_gpus == 4


def test_a_machine_when_it_holds_exactly_the_count_and_is_cheaper() -> None:
    cheap_machine = offer("p4d-cheap", "a100", 8, False, 8.0)  # 8.00 < 8 × 1.29 = 10.32
    catalog = Catalog(gpus=(A100,), cloud=(PER_GPU, cheap_machine))
    def units(b: Build) -> tuple[object, int] | None:
        offer = rental(b, catalog, RATES)
        return None if offer is None else (offer.instance, offer.units)

    assert units(build((A100, 8))) == (cheap_machine, 1)
    assert units(build((A100, 16))) == (cheap_machine, 2)
    # Twelve: per GPU rents exactly twelve; two machines would rent sixteen.
    assert units(build((A100, 12))) == (PER_GPU, 12)


def test_the_smallest_offer_holding_the_count_and_never_another_model() -> None:
    # Only 8-GPU H100 machines: two H100s rent one machine of eight, and say so.
    two = rental(build((H100, 2)), CATALOG, RATES)
    assert two is not None and (two.instance, two.units, two.gpus) == (H100_MACHINE, 1, 8)
    assert rental(build((A100, 2), (H100, 2)), CATALOG, RATES) is None  # mixed: none
    # An instance the study names is rented when it is the same model ...
    chosen = rental(build((A100, 4), cloud="p4d"), CATALOG, RATES)
    assert chosen is not None and (chosen.instance, chosen.units, chosen.chosen) == (
        MACHINE, 1, True)
    # ... and set aside when it holds another GPU: the same GPUs are compared instead.
    other = build((A100, 4), cloud="p5")
    offer = rental(other, CATALOG, RATES)
    assert offer is not None and offer.instance == PER_GPU and offer.chosen_set_aside
    view = energy_view(other, CATALOG, RATES)
    assert view.cloud is not None and view.cloud.chosen_set_aside and view.cloud.rent_gpus == 4


def test_rows_without_an_idle_figure_say_idle_is_not_counted() -> None:
    view = energy_view(build((A100, 1), (H100, 1)), CATALOG, RATES)
    by_id = {line.gpu_id: line for line in view.lines}
    assert by_id["a100"].idle_counted and not by_id["h100"].idle_counted
    assert view.total is not None and not view.total.idle_counted
    # 12 idle hours a day × 365 days × 50 W = 219 kWh for the A100; nothing guessed for the H100
    assert by_id["a100"].kwh_idle_per_year == pytest.approx(12 * 365 * 50 / 1000)
    assert by_id["h100"].kwh_idle_per_year == 0
    # no idle hours at all: nothing to count, so nothing is missing
    always_on = build((H100, 1))
    always_on = Build(slots=always_on.slots, usage=Usage(hours_per_day=24),
                      cost=always_on.cost)
    assert all(line.idle_counted for line in energy_view(always_on, CATALOG, RATES).lines)
