"""Variants of a build: properties that hold for any study and any sequence of variant edits."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from planner.core.build import Build, BuildSlot, CostSettings
from planner.core.energy import Usage
from planner.core.specs import GpuSpec
from planner.core.study import MAX_VARIANTS, Study, Variant


def _gpu(i: int) -> GpuSpec:
    return GpuSpec(id=f"gpu-{i}", vendor="NVIDIA", name=f"GPU {i}", architecture="ampere",
                   segment="consumer", form_factor="pcie-card", memory_gb=8.0 * (i + 1),
                   memory_type="GDDR6", memory_bandwidth_gbs=500.0, tdp_w=200.0, sources=())


slots = st.lists(st.tuples(st.integers(0, 5), st.integers(1, 8)), max_size=3,
                 unique_by=lambda t: t[0]).map(
    lambda items: tuple(BuildSlot(_gpu(i), n) for i, n in items))
names = st.text(st.characters(codec="utf-8", exclude_categories=("C",)), min_size=1,
                max_size=12).filter(lambda s: s.strip())


@st.composite
def studies(draw: st.DrawFn) -> Study:
    labels = draw(st.lists(names.map(lambda s: " ".join(s.split())), min_size=1, max_size=4,
                           unique=True))
    variants = tuple(Variant(n, draw(slots), draw(st.integers(0, 2**30))) for n in labels)
    return Study(name=draw(names), notes=draw(st.text(max_size=20)), variants=variants,
                 active=draw(st.integers(0, len(variants) - 1)),
                 usage=Usage(hours_per_day=draw(st.floats(0, 24))),
                 cost=CostSettings(years=draw(st.integers(1, 10))))


@given(studies())
def test_the_active_build_put_back_changes_nothing(study: Study) -> None:
    assert study.with_build(study.build()) == study


@given(studies(), slots, st.integers(1, 10))
def test_an_edit_of_the_active_variant_leaves_the_others_alone(study: Study,
                                                               new_slots: tuple[BuildSlot, ...],
                                                               years: int) -> None:
    edited = replace(study.build(), slots=new_slots, cost=replace(study.cost, years=years))
    after = study.with_build(edited)
    assert after.variant.slots == new_slots and after.variant.name == study.variant.name
    for i, (old, new) in enumerate(zip(study.variants, after.variants, strict=True)):
        if i != study.active:
            assert old == new
        # The assumptions are shared: every variant sees the new horizon.
        assert after.build(i).cost.years == years


@given(studies(), st.data())
def test_duplicating_adds_an_equal_variant_with_a_new_name(study: Study,
                                                           data: st.DataObject) -> None:
    if len(study.variants) >= MAX_VARIANTS:
        return
    i = data.draw(st.integers(0, len(study.variants) - 1))
    after = study.with_variant_duplicated(i, study.variants[i].name)
    assert len(after.variants) == len(study.variants) + 1
    assert after.active == i + 1
    copy = after.variants[i + 1]
    assert copy.slots == study.variants[i].slots
    assert copy.name not in study.names()
    assert len(set(after.names())) == len(after.variants)
    assert after.without_variant(i + 1).variants == study.variants


@given(studies(), st.data())
def test_removing_keeps_a_valid_active_variant(study: Study, data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(study.variants) - 1))
    if len(study.variants) == 1:
        with pytest.raises(ValueError):
            study.without_variant(i)
        return
    after = study.without_variant(i)
    assert len(after.variants) == len(study.variants) - 1
    assert 0 <= after.active < len(after.variants)
    if i != study.active:  # the variant on screen stays on screen
        assert after.variant == study.variant


@given(studies(), st.data(), names)
def test_renaming_changes_one_name_only(study: Study, data: st.DataObject, name: str) -> None:
    i = data.draw(st.integers(0, len(study.variants) - 1))
    clean = " ".join(name.split())
    other = study.index_of(clean)
    if other is not None and other != i:
        with pytest.raises(ValueError, match="already called"):
            study.with_variant_renamed(i, name)
        return
    after = study.with_variant_renamed(i, name)
    assert after.variants[i].name == clean
    assert [replace(v, name="") for v in after.variants] == [
        replace(v, name="") for v in study.variants]


@given(studies(), st.data())
def test_moving_keeps_the_shown_variant_shown(study: Study, data: st.DataObject) -> None:
    n = len(study.variants)
    src, dst = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
    after = study.with_variant_moved(src, dst)
    assert after.variant == study.variant
    assert sorted(after.names()) == sorted(study.names())
    assert after.variants[dst] == study.variants[src]


def test_a_build_becomes_one_variant_named_after_it() -> None:
    build = Build(name="Lab", slots=(BuildSlot(_gpu(1), 2),), display_reserve_bytes=5)
    study = Study.of(build)
    assert study.names() == ["Lab"] and study.build() == build


def test_free_names_count_up() -> None:
    study = Study(variants=(Variant("A"), Variant("A 2")))
    assert study.free_name("A") == "A 3" and study.free_name("  B  ") == "B"


def test_impossible_studies_are_refused() -> None:
    with pytest.raises(ValueError):
        Study(variants=())
    with pytest.raises(ValueError):
        Study(variants=(Variant("A"), Variant("A")))
    with pytest.raises(ValueError):
        Study(variants=(Variant("A"),), active=1)
