from dataclasses import replace

import pytest

from planner.core.costs.prices import card_price
from planner.core.estimator.headroom import DOES_NOT_FIT, headroom
from planner.core.estimator.memory import InferenceSetup, TrainingSetup
from planner.core.plan.build import TrackedWorkload, estimate_for
from planner.core.plan.recommend import PRESETS, recommend
from planner.core.plan.suggest import suggestions
from planner.core.records.precision import EstimateError


def test_recommendations_fit_and_are_sorted_by_price(real_catalog):
    w = real_catalog.workload("llama-3-8b")
    tracked = [TrackedWorkload(w, "inference", inference=InferenceSetup(precision="bf16",
                                                                        seq=8192))]
    out = recommend(real_catalog.gpus, tracked, headroom=0.1)
    assert out
    prices = [c.price for c in out if c.price is not None]
    assert prices == sorted(prices)
    for c in out:  # re-sized with the layout the candidate names, it fits with 10 % to spare
        laid_out = replace(tracked[0], inference=replace(tracked[0].inference,
                                                         strategy=c.strategies[0]))
        est = estimate_for(laid_out, c.count)
        assert est.total_bytes <= c.gpu.memory_bytes * 0.9


def test_budget_is_respected_and_nothing_fits_a_tiny_budget(real_catalog):
    w = real_catalog.workload("bert-base")
    tracked = [TrackedWorkload(w, "train", training=TrainingSetup(batch=16, seq=128))]
    for c in recommend(real_catalog.gpus, tracked, budget=1000):
        assert c.price is not None and c.price <= 1000
    assert recommend(real_catalog.gpus, tracked, budget=10) == []
    with pytest.raises(EstimateError):
        recommend(real_catalog.gpus, [], budget=10)


def test_seventy_b_training_needs_several_gpus(real_catalog):
    w = real_catalog.workload("llama-3-70b")
    tracked = [TrackedWorkload(w, "train", training=TrainingSetup(batch=1, seq=2048,
                                                                   checkpointing=True))]
    out = recommend(real_catalog.gpus, tracked, objective="power")
    assert out and all(c.count >= 4 for c in out)
    assert all(s != "ddp" for c in out for s in c.strategies)


def test_presets_name_catalog_workloads(real_catalog):
    for preset in PRESETS:
        for wid, task, _settings in preset.workloads:
            assert real_catalog.workload(wid) is not None, wid
            assert task in ("train", "inference")


def test_suggestions_make_llama_8b_fit_a_4090(real_catalog):
    gpu = real_catalog.gpu("nvidia-rtx-4090")
    w = real_catalog.workload("llama-3-8b")
    t = TrackedWorkload(w, "train", training=TrainingSetup(batch=4, seq=2048))
    assert headroom(estimate_for(t, 1), gpu).verdict == DOES_NOT_FIT
    found = suggestions(t, gpu.memory_bytes, 1)
    # No single change fits at batch 4 × 2,048 tokens: the stacked suggestion includes QLoRA.
    assert found
    assert any(s.code == "qlora" or "QLoRA" in s.title for s in found)
    for s in found:
        assert s.total_bytes <= gpu.memory_bytes
        assert estimate_for(s.tracked, 1).total_bytes == s.total_bytes


def test_accumulation_suggestion_keeps_effective_batch(real_catalog):
    gpu = real_catalog.gpu("nvidia-rtx-3060-12gb")
    w = real_catalog.workload("bert-large")
    t = TrackedWorkload(w, "train", training=TrainingSetup(batch=64, seq=512))
    acc = [s for s in suggestions(t, gpu.memory_bytes, 1) if s.code == "accumulate"]
    assert acc
    assert acc[0].tracked.training.effective_batch == t.training.effective_batch


def test_unit_price_is_the_newest_new_price_in_dollars(real_catalog):
    from dataclasses import replace

    from planner.core.records.specs import Price

    def usd(g):  # what a USD build on the default basis shows, without exchange rates
        picked = card_price(g, "USD", None, today="2026-12-03")
        return picked.amount if picked is not None else None

    msrp = Price(1599.0, "USD", "2022-10-12", "msrp", "US", "test")
    g = replace(real_catalog.gpu("nvidia-rtx-4090"), prices=(msrp,))
    # No new or used price: the 2022 launch MSRP is only what the card was last seen at.
    assert usd(g) == 1599.0 and card_price(g, "USD", None, today="2026-12-03").stale
    street = Price(1999.0, "USD", "2026-11-01", "street", "US", "test")
    assert usd(replace(g, prices=(msrp, street))) == 1999.0
    # A price in another currency is not mixed into USD totals without rates: MSRP stays.
    cny = Price(14999.0, "CNY", "2026-11-01", "street", "CN", "test")
    assert usd(replace(g, prices=(msrp, cny))) == 1599.0
    assert usd(replace(g, prices=())) is None


def test_a_stale_price_is_neither_ranked_nor_within_a_budget(real_catalog):
    from planner.core.records.specs import Price

    bert = real_catalog.workload("bert-base")
    tracked = [TrackedWorkload(bert, "inference", inference=InferenceSetup(precision="bf16"))]
    base = real_catalog.gpu("nvidia-rtx-4090")
    # Two otherwise equal cards: one sold for $1,800 in November 2026, one last listed at $900
    # in 2018 — cheaper on paper, but no current price.
    fresh = replace(base, id="fresh", prices=(Price(1800.0, "USD", "2026-11-01", "street",
                                                    "US", "shop"),))
    old = replace(base, id="old", prices=(Price(900.0, "USD", "2018-03-01", "list", "US",
                                                "list"),))
    out = recommend([old, fresh], tracked, headroom=0.1, today="2026-12-03")
    assert [c.gpu.id for c in out] == ["fresh", "old"]  # the stale card ranks after
    assert out[0].price == 1800.0
    # The stale row keeps what the card was last seen at, for the row to say so.
    assert out[1].price is None and out[1].unit_price is not None
    assert out[1].unit_price.stale and out[1].unit_price.amount == 900.0
    # Within a $1,000 budget nothing has a current price that fits: the $900 of 2018 is no offer.
    assert recommend([old, fresh], tracked, budget=1000, today="2026-12-03") == []
