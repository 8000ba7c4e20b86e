"""Memoised views give what a fresh computation gives, and never serve a stale figure.

The views keep what they computed for a build while its inputs are equal (an edit changes one
variant or one workload; every panel asks again). These tests edit a study the way the panels do
and compare each memoised answer with the one computed after every memo is forgotten, then check
the two ways a stale answer could leak: a catalog replaced by an equal-looking one with a new
price, and a price aged on another day.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from planner.core.costs.money import Rates
from planner.core.costs.prices import card_price
from planner.core.estimator.setups import TrainingSetup
from planner.core.plan.build import Build, BuildSlot, TrackedWorkload
from planner.core.plan.study import Study, Variant
from planner.core.records.specs import Price
from planner.core.views import memo
from planner.core.views.headroom import clear_caches, headroom_rows
from planner.core.views.variants import variant_comparison

RATES = Rates(cny_per_usd=7.1, cny_per_eur=7.8)


def study_of(catalog: Any) -> Study:
    """Two variants of RTX 4090s (1 and 2 cards) and three Llama workloads."""
    card = catalog.gpu("nvidia-rtx-4090")
    workloads = tuple(
        TrackedWorkload(catalog.workload("llama-3.2-1b"), "train",
                        training=TrainingSetup(precision="bf16", seq=512, batch=b))
        for b in (1, 2, 4))
    build = Build(name="memo", slots=(BuildSlot(card, 1),), workloads=workloads)
    base = Study.of(build, "memo")
    return replace(base, variants=(base.variant, Variant("two", (BuildSlot(card, 2),))))


def fresh(func: Any, *args: Any, **kwargs: Any) -> Any:
    """``func(*args, **kwargs)`` computed with every memo forgotten."""
    clear_caches()
    return func(*args, **kwargs)


def test_edits_answer_as_a_fresh_computation(real_catalog: Any) -> None:
    study = study_of(real_catalog)
    for step in range(6):
        build = study.build(0)
        if step % 2:  # a workload's batch: every variant's rows change
            t = build.workloads[step % 3]
            batch = t.training.batch + 3
            build = build.with_workload(step % 3, replace(t, training=replace(t.training,
                                                                              batch=batch)))
        else:  # the shown variant's count: the other variant stays as it was
            build = build.with_count(0, 1 + step)
        study = study.with_build(build)
        memoised_rows = headroom_rows(study.build(0), None)
        memoised = variant_comparison(study, real_catalog, RATES, runs=None)
        assert memoised_rows == fresh(headroom_rows, study.build(0), None)
        assert memoised == fresh(variant_comparison, study, real_catalog, RATES, runs=None)
        variant_comparison(study, real_catalog, RATES, runs=None)  # warm again for the next edit


def test_a_replaced_catalog_is_not_served_from_the_memo(real_catalog: Any) -> None:
    """Same builds, another catalog (no cloud offers): the rental figures must go."""
    study = study_of(real_catalog)
    before = variant_comparison(study, real_catalog, RATES, runs=None)
    rent = next(r for r in before.rows if r.key == "rent_total")
    assert all(v is not None for v in rent.values)  # the bundled catalog rents out 4090s
    no_cloud = replace(real_catalog, cloud=())
    after = variant_comparison(study, no_cloud, RATES, runs=None)
    assert next(r for r in after.rows if r.key == "rent_total").values == (None, None)
    assert variant_comparison(study, real_catalog, RATES, runs=None) == before


def test_a_price_is_aged_on_the_day_asked(real_catalog: Any) -> None:
    card = real_catalog.gpu("nvidia-rtx-4090")
    record = Price(500.0, "USD", "2026-01-01", "street", "US", "test")
    gpu = replace(card, prices=(record,))
    assert card_price(gpu, "USD", RATES, today="2026-01-31") is not None  # memoised now
    early = card_price(gpu, "USD", RATES, today="2026-01-31")
    late = card_price(gpu, "USD", RATES, today="2027-01-31")
    assert early is not None and late is not None
    assert (early.age_days, late.age_days) == (30, 395)  # 2026-01-01 → 01-31; → 2027-01-31
    assert early.stale is False


def test_same_holds_one_object() -> None:
    a, b = [1], [1]
    assert memo.Same(a) == memo.Same(a) and hash(memo.Same(a)) == hash(memo.Same(a))
    assert memo.Same(a) != memo.Same(b)  # equal values, different objects
    assert memo.Same(a) != a


@pytest.fixture(autouse=True)
def _forget() -> Any:
    clear_caches()
    yield
    clear_caches()
