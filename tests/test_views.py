"""The panels' view functions agree with core's own functions for the same inputs."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest

from planner.catalog.datafiles import DataFileError, load_catalog
from planner.core.build import Build, BuildSlot, CostSettings, TrackedWorkload, estimate_for
from planner.core.energy import (
    Usage,
    annual_energy,
    co2_kg,
    cumulative_cost,
    flat_tariff,
    heat_btu_per_hour,
    tariff_cost,
)
from planner.core.headroom import DOES_NOT_FIT, FITS, binding, headroom
from planner.core.memory import InferenceSetup, TrainingSetup
from planner.core.money import Rates
from planner.core.physics import unit_price_usd
from planner.core.recommend import PRESETS, recommend
from planner.core.specs import Catalog
from planner.core.speed import decode_speed, training_speed
from planner.core.suggest import suggestions
from planner.core.views_compare import (
    HIGHER,
    LOWER,
    architecture_table,
    best_indices,
    comparison_table,
    default_architectures,
    default_gpus,
)
from planner.core.views_energy import comparable_instance, energy_view
from planner.core.views_headroom import ERROR, NO_GPU, headroom_rows
from planner.core.views_recommend import build_with_candidate, preset_workloads, recommend_rows

FIXTURES = Path(__file__).parent / "fixtures" / "data"
RATES = Rates(cny_per_usd=7.1, cny_per_eur=7.8)


def _load() -> Catalog:
    try:
        return load_catalog()
    except DataFileError:  # the bundled catalog is mid-edit: the fixture has the same ids
        return load_catalog(FIXTURES)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return _load()


def _gpu(catalog: Catalog, gid: str):  # type: ignore[no-untyped-def]
    g = catalog.gpu(gid)
    assert g is not None, gid
    return g


def _workload(catalog: Catalog, wid: str):  # type: ignore[no-untyped-def]
    w = catalog.workload(wid)
    assert w is not None, wid
    return w


def _llama(catalog: Catalog, **training: object) -> TrackedWorkload:
    w = catalog.workload("llama-3.1-8b")
    assert w is not None
    return TrackedWorkload(w, "train", training=replace(TrainingSetup(seq=2048), **training))  # type: ignore[arg-type]


# --- headroom -----------------------------------------------------------------------------------

def test_headroom_rows_equal_core_estimate_and_binding(catalog: Catalog) -> None:
    g4090, g3090 = _gpu(catalog, "nvidia-rtx-4090"), _gpu(catalog, "nvidia-rtx-3090")
    tracked = _llama(catalog, qlora=True, lora_rank=16, checkpointing=True)
    build = Build(slots=(BuildSlot(g4090, 2), BuildSlot(g3090, 1)), workloads=(tracked,),
                  display_reserve_bytes=512 * 1024**2)
    [row] = headroom_rows(build)
    est = estimate_for(tracked, 3)
    bind = binding(est, [g4090, g3090], build.display_reserve_bytes)
    assert row.needed_bytes == est.total_bytes
    assert row.breakdown == est.breakdown()
    assert row.usable_bytes == bind.usable_bytes
    assert row.verdict == bind.verdict
    assert row.gpu_id == bind.gpu_id
    assert row.provenance == est.provenance and row.error_band == est.error_band
    assert row.low_bytes < row.needed_bytes < row.high_bytes
    assert row.suggestions == ()


def test_headroom_row_that_does_not_fit_carries_core_suggestions(catalog: Catalog) -> None:
    g = _gpu(catalog, "nvidia-rtx-4090")
    tracked = _llama(catalog, batch=2, qlora=True, lora_rank=16)
    build = Build(slots=(BuildSlot(g, 1),), workloads=(tracked,))
    [row] = headroom_rows(build)
    assert row.verdict == DOES_NOT_FIT
    assert row.headroom_bytes < 0
    assert list(row.suggestions) == suggestions(tracked, g.memory_bytes, 1)
    assert row.suggestions, "checkpointing makes QLoRA at batch 2 fit 24 GB"


def test_headroom_rows_without_gpus_and_with_bad_settings(catalog: Catalog) -> None:
    good = _llama(catalog)
    bad = _llama(catalog, batch=0)
    rows = headroom_rows(Build(workloads=(good, bad)))
    assert rows[0].verdict == NO_GPU and rows[0].needed_bytes == estimate_for(good, 1).total_bytes
    assert rows[1].verdict == ERROR and rows[1].error and "Batch" in rows[1].error


# --- energy -------------------------------------------------------------------------------------

def _energy_build(catalog: Catalog, **cost: object) -> Build:
    usage = Usage(hours_per_day=8, utilization=0.8, host_watts=150, pue=1.2)
    return Build(slots=(BuildSlot(_gpu(catalog, "nvidia-rtx-4090"), 2),
                        BuildSlot(_gpu(catalog, "nvidia-rtx-3090"), 1)),
                 usage=usage, cost=replace(CostSettings(), **cost))  # type: ignore[arg-type]


def test_energy_view_flat_price_equals_core(catalog: Catalog) -> None:
    build = _energy_build(catalog, price_per_kwh=0.2, currency="USD", years=4)
    view = energy_view(build, catalog, RATES)
    assert view.error is None and view.total is not None
    pairs = [(s.gpu, s.count) for s in build.slots]
    energy = annual_energy(pairs, build.usage)
    assert view.total.kwh_per_year == pytest.approx(energy.kwh_per_year)
    cost = tariff_cost(flat_tariff(0.2, "USD"), energy.kwh_per_year)
    assert view.total.cost_per_year == pytest.approx(cost)
    # Slots exclude the host; their costs are shares of the bill and add up with the host's.
    alone = replace(build.usage, host_watts=0)
    for line, slot in zip(view.lines, build.slots, strict=True):
        e = annual_energy([(slot.gpu, slot.count)], alone)
        assert line.kwh_per_year == pytest.approx(e.kwh_per_year)
        assert line.cost_per_year == pytest.approx(cost * e.kwh_per_year / energy.kwh_per_year)
    wall = sum(s.gpu.tdp_w * 0.8 * s.count for s in build.slots) + 150
    assert view.total.heat_btu_per_hour == pytest.approx(heat_btu_per_hour(wall))
    prices = [unit_price_usd(s.gpu) for s in build.slots]
    if all(p is not None for p in prices):
        purchase = sum(p * s.count for p, s in zip(prices, build.slots, strict=True))  # type: ignore[operator]
        assert view.purchase == pytest.approx(purchase)
        assert view.own_cumulative == pytest.approx(tuple(cumulative_cost(purchase, cost, 4)))
    assert view.years == (0, 1, 2, 3, 4)
    assert view.total.co2_kg_per_year is None


def test_energy_view_tariff_currency_and_carbon(catalog: Catalog) -> None:
    tariff = next(t for t in catalog.tariffs if t.currency == "CNY")
    carbon = catalog.carbon[0]
    build = _energy_build(catalog, tariff_id=tariff.id, carbon_id=carbon.id, currency="EUR")
    view = energy_view(build, catalog, RATES)
    assert view.total is not None and view.tariff == tariff and view.currency == "EUR"
    energy = annual_energy([(s.gpu, s.count) for s in build.slots], build.usage)
    expected = RATES.convert(tariff_cost(tariff, energy.kwh_per_year), "CNY", "EUR")
    assert view.total.cost_per_year == pytest.approx(expected)
    assert view.total.co2_kg_per_year == pytest.approx(
        co2_kg(energy.kwh_per_year, carbon.g_co2_per_kwh))


def test_energy_view_reports_bad_usage_as_a_sentence(catalog: Catalog) -> None:
    build = replace(_energy_build(catalog), usage=Usage(hours_per_day=30))
    view = energy_view(build, catalog, RATES)
    assert view.error and "Hours per day" in view.error and view.total is None


def test_cloud_comparison_and_break_even(catalog: Catalog) -> None:
    inst = catalog.cloud[0]
    gpu = _gpu(catalog, inst.gpu_id) if catalog.gpu(inst.gpu_id) else None
    if gpu is None:
        pytest.skip("cloud instance's GPU not in catalog")
    build = Build(slots=(BuildSlot(gpu, 1),), usage=Usage(hours_per_day=12),
                  cost=CostSettings(price_per_kwh=0.1, years=5))
    match = comparable_instance(build, catalog, RATES)
    assert match is not None
    found, count = match
    assert found.gpu_id == gpu.id and count == math.ceil(1 / found.gpu_count)
    view = energy_view(build, catalog, RATES)
    assert view.cloud is not None and view.total is not None
    hours = 12 * 365
    per_hour = count * RATES.convert(found.price_per_hour, found.currency, "USD")
    assert view.cloud.rent_per_year == pytest.approx(per_hour * hours)
    assert view.cloud.cumulative[-1] == pytest.approx(per_hour * hours * 5)
    if view.purchase:
        own_per_hour = view.total.cost_per_year / hours  # type: ignore[operator]
        assert view.cloud.break_even_hours == pytest.approx(
            view.purchase / (per_hour - own_per_hour))
        assert view.break_even_months == pytest.approx(view.cloud.break_even_hours / hours * 12)
    # A named instance wins over the automatic choice.
    named = replace(build, cost=replace(build.cost, cloud_instance_id=catalog.cloud[-1].id))
    assert energy_view(named, catalog, RATES).cloud.instance == catalog.cloud[-1]  # type: ignore[union-attr]


# --- comparison ---------------------------------------------------------------------------------

def test_best_indices_is_none_safe_and_directional() -> None:
    assert best_indices([1.0, None, 3.0], HIGHER) == (2,)
    assert best_indices([1.0, None, 3.0], LOWER) == (0,)
    assert best_indices([None, 2.0], HIGHER) == ()
    assert best_indices([2.0, 2.0], HIGHER) == ()
    assert best_indices([True, False, None], HIGHER) == (0,)
    assert best_indices([1.0, 2.0], None) == ()


def test_comparison_table_values_and_highlights(catalog: Catalog) -> None:
    a = _gpu(catalog, "nvidia-rtx-4090")
    b = _gpu(catalog, "nvidia-a100-sxm4-80gb")
    tracked = _llama(catalog, batch=2)
    build = Build(slots=(BuildSlot(a, 1),), workloads=(tracked,),
                  cost=CostSettings(currency="CNY"))
    table = comparison_table([a, b], build, catalog, RATES)
    assert [c.id for c in table.columns] == [a.id, b.id]
    assert table.row("memory").values == (a.memory_gb, b.memory_gb)
    assert table.row("memory").best == (1,)
    assert table.row("tdp").better == LOWER
    assert table.row("tdp").best == ((0,) if a.tdp_w < b.tdp_w else (1,))
    pa, pb = unit_price_usd(a), unit_price_usd(b)
    assert table.row("price").values == (
        RATES.convert(pa, "USD", "CNY") if pa else None, RATES.convert(pb, "USD", "CNY") if pb
        else None)
    if pa and a.fp16_tensor_tflops:
        assert table.row("perf_per_dollar").values[0] == pytest.approx(
            a.fp16_tensor_tflops / pa * 1000)
    work = table.row("workload:0")
    est = estimate_for(tracked, 1)
    assert work.values == (float(headroom(est, a).headroom_bytes),
                           float(headroom(est, b).headroom_bytes))
    assert work.verdicts == (headroom(est, a).verdict, headroom(est, b).verdict)
    assert work.best == (1,)
    arch = table.row("arch_fp8")
    assert all(v is None or isinstance(v, bool) for v in arch.values)


def test_comparison_speed_rows_where_the_workload_fits(catalog: Catalog) -> None:
    small, big = _gpu(catalog, "nvidia-rtx-4090"), _gpu(catalog, "nvidia-a100-sxm4-80gb")
    llama = catalog.workload("llama-3.1-8b")
    assert llama is not None
    full = _llama(catalog, batch=1, precision="bf16", strategy="fsdp")  # ~32 GB per GPU
    serve = TrackedWorkload(llama, "inference", inference=InferenceSetup(seq=4096, batch=8))
    build = Build(slots=(BuildSlot(small, 2),), workloads=(full, serve))
    table = comparison_table([small, big], build, catalog, RATES)
    train, decode = table.row("speed:0"), table.row("speed:1")
    assert table.row("workload:0").verdicts[0] == DOES_NOT_FIT
    assert train.values[0] is None  # no speed where it does not fit
    expected = training_speed(llama, full.training, big, 2).tokens_per_second
    assert train.values[1] == pytest.approx(expected) and train.unit == "tokens/s"
    assert decode.values == pytest.approx(
        (decode_speed(llama, serve.inference, small, 2).tokens_per_second,
         decode_speed(llama, serve.inference, big, 2).tokens_per_second))
    assert decode.best == (1,) and decode.kind == "speed"  # A100's 2 TB/s against 1 TB/s
    vit = TrackedWorkload(_workload(catalog, "vit-b-16"), "train",
                          training=TrainingSetup(batch=32))
    rows = comparison_table([small], replace(build, workloads=(vit,)), catalog, RATES)
    assert rows.row("speed:0").unit == "samples/s"
    assert rows.row("speed:0").values[0] == pytest.approx(
        training_speed(vit.workload, vit.training, small, 2).samples_per_second)


def test_default_gpus_and_architectures(catalog: Catalog) -> None:
    a = _gpu(catalog, "nvidia-rtx-4090")
    b = _gpu(catalog, "nvidia-rtx-3090")
    build = Build(slots=(BuildSlot(a, 2), BuildSlot(b, 1), BuildSlot(a, 1)))
    assert default_gpus(build, catalog) == [a, b]
    assert default_architectures([a, b], catalog) == [a.architecture, b.architecture]
    assert default_architectures([], catalog)  # falls back to Ampere / Ada / Hopper


def test_architecture_table(catalog: Catalog) -> None:
    ids = [a for a in ("ampere", "ada-lovelace", "hopper") if any(
        x.id == a for x in catalog.architectures)]
    table = architecture_table([*ids, "no-such-arch"], catalog)
    assert [c.id for c in table.columns] == ids
    archs = {a.id: a for a in catalog.architectures}
    assert table.row("arch_fp8").values == tuple(archs[i].fp8 for i in ids)
    if "hopper" in ids and "ampere" in ids:
        assert ids.index("hopper") in table.row("arch_fp8").best


# --- recommend ----------------------------------------------------------------------------------

def test_recommend_rows_convert_budget_and_prices(catalog: Catalog) -> None:
    tracked = [_llama(catalog, qlora=True, lora_rank=16, checkpointing=True)]
    usd = recommend(catalog.gpus, tracked, budget_usd=5000)
    rows = recommend_rows(catalog, tracked, RATES, currency="CNY",
                          budget=RATES.convert(5000, "USD", "CNY"))
    assert [r.candidate for r in rows] == usd
    for r in rows:
        if r.candidate.price_usd is not None:
            assert r.price == pytest.approx(RATES.convert(r.candidate.price_usd, "USD", "CNY"))


def test_build_with_candidate_replaces_gpus_and_carries_strategy(catalog: Catalog) -> None:
    tracked = _llama(catalog, batch=1, checkpointing=True)
    build = Build(slots=(BuildSlot(_gpu(catalog, "nvidia-rtx-3090"), 1),), workloads=(tracked,))
    found = recommend(catalog.gpus, [tracked])
    assert found
    cand = found[0]
    new = build_with_candidate(build, cand, [tracked])
    assert new.slots == (BuildSlot(cand.gpu, cand.count),)
    if cand.count > 1:
        assert new.workloads[0].training.strategy == cand.strategies[0]
    [row] = headroom_rows(new)
    assert row.verdict != DOES_NOT_FIT


def test_preset_workloads_follow_the_preset(catalog: Catalog) -> None:
    for preset in PRESETS:
        if not all(catalog.workload(wid) for wid, _, _ in preset.workloads):
            continue
        tracked = preset_workloads(preset, catalog)
        for t, (wid, task, settings) in zip(tracked, preset.workloads, strict=True):
            assert t.workload.id == wid and t.task == task
            setup = t.inference if task == "inference" else t.training
            for key, value in settings.items():
                assert getattr(setup, key) == value


def test_fits_verdict_constant_matches_core() -> None:
    assert FITS == "fits"
    assert InferenceSetup().strategy == "tp"
