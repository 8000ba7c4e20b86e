"""Bundled names the app words itself: every tariff in data/ is listed for translation."""

from __future__ import annotations

from planner.catalog.datafiles import load_catalog
from planner.core.plan.recommend import PRESETS as CORE_PRESETS
from planner.words.names import (
    BUNDLED_CARBON_REGIONS,
    BUNDLED_TARIFFS,
    CUSTOM_TARIFF,
    PRECISION_NAMES,
    PRESETS,
    carbon_region,
    precision_name,
    preset_label,
    tariff_name,
)


def test_every_bundled_tariff_name_is_listed_for_translation():
    names = {t.name for t in load_catalog().tariffs}
    assert names <= set(BUNDLED_TARIFFS), sorted(names - set(BUNDLED_TARIFFS))


def test_every_bundled_carbon_region_is_listed_for_translation():
    regions = {c.region for c in load_catalog().carbon}
    assert regions <= set(BUNDLED_CARBON_REGIONS), sorted(regions - set(BUNDLED_CARBON_REGIONS))


def test_every_training_precision_and_the_typed_tariff_are_listed():
    from planner.core.costs.energy import flat_tariff
    from planner.core.records.precision import TRAINING_PRECISIONS

    assert {p.label for p in TRAINING_PRECISIONS.values()} == set(PRECISION_NAMES)
    assert flat_tariff(0.15, "USD").name == CUSTOM_TARIFF


def test_every_preset_is_listed():
    assert {p.id for p in CORE_PRESETS} == set(PRESETS)


def test_the_chinese_ui_names_tariffs_and_presets_in_chinese(chinese):
    catalog = load_catalog()
    beijing = next(t for t in catalog.tariffs if t.id == "cn-beijing-residential")
    assert tariff_name(beijing) == "北京居民阶梯电价"
    for tariff in catalog.tariffs:
        assert tariff_name(tariff) != tariff.name, tariff.name
    for record in catalog.carbon:
        assert carbon_region(record.region) != record.region, record.region
    entry = next(p for p in CORE_PRESETS if p.id == "entry")
    assert preset_label(entry).startswith("入门")


def test_the_chinese_ui_names_precisions_and_a_typed_price_in_chinese(chinese):
    """"BF16 (pure)" and "Custom flat price" read English in the Chinese UI (issue 30)."""
    from planner.core.costs.energy import flat_tariff

    assert precision_name("BF16 (pure)") == "BF16（纯 16 位）"
    assert tariff_name(flat_tariff(0.8, "CNY")) == "自定义固定电价"
