"""Names of bundled things the app words itself: tariffs, grid-carbon regions, Recommend's presets.

Data records carry English names; a Chinese user read them in English (issue 18). Each bundled
name is listed here for lupdate under the "Names" context, and shown through the translation, so
the .ts file holds its Chinese. A name not listed (a user's own tariff, a newer catalog) reads as
written. ``tests/test_words_names.py`` fails when data/ names a tariff this list lacks.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from planner.core.plan.recommend import Preset
from planner.core.records.specs import Tariff

#: The tariff names of data/tariffs.toml, exactly as written there.
BUNDLED_TARIFFS = (
    QT_TRANSLATE_NOOP("Names", "Beijing residential tiered tariff (北京居民阶梯电价)"),
    QT_TRANSLATE_NOOP("Names", "Zhejiang residential tiered tariff (浙江居民阶梯电价)"),
    QT_TRANSLATE_NOOP("Names", "Shanghai residential tiered tariff, peak period (上海居民阶梯电价，峰时段)"),  # noqa: E501
    QT_TRANSLATE_NOOP("Names", "Jiangsu residential tiered tariff, peak period (江苏居民阶梯电价，峰时段)"),  # noqa: E501
    QT_TRANSLATE_NOOP("Names", "Guangdong residential tiered tariff (广东居民阶梯电价)"),
    QT_TRANSLATE_NOOP("Names", "Zhejiang commercial tariff, single-part below 1 kV (浙江一般工商业电价，不满1千伏单一制)"),  # noqa: E501
    QT_TRANSLATE_NOOP("Names", "U.S. average residential price (EIA Electric Power Monthly, as of April 2026)"),  # noqa: E501
    QT_TRANSLATE_NOOP("Names", "U.S. average commercial price (EIA Electric Power Monthly, as of April 2026)"),  # noqa: E501
    QT_TRANSLATE_NOOP("Names", "California average residential price (EIA, 2025)"),
    QT_TRANSLATE_NOOP("Names", "California average commercial price (EIA Electric Power Monthly, as of April 2026)"),  # noqa: E501
    QT_TRANSLATE_NOOP("Names", "Texas average residential price (EIA, 2025)"),
    QT_TRANSLATE_NOOP("Names", "Texas average commercial price (EIA, 2023)"),
    QT_TRANSLATE_NOOP("Names", "EU-27 average household electricity price (Eurostat, H1 2025)"),
    QT_TRANSLATE_NOOP("Names", "EU-27 average non-household electricity price (Eurostat, H1 2025)"),
    QT_TRANSLATE_NOOP("Names", "Germany household electricity price (Eurostat, H1 2025)"),
    QT_TRANSLATE_NOOP("Names", "Germany household electricity price (Destatis, H1 2025)"),
    QT_TRANSLATE_NOOP("Names", "France household electricity price (Eurostat, H2 2024)"),
)

#: The grid-carbon regions of data/carbon.toml, exactly as written there.
BUNDLED_CARBON_REGIONS = (
    QT_TRANSLATE_NOOP("Names", "China, national average electricity CO2 factor (MEE/NBS)"),
    QT_TRANSLATE_NOOP("Names", "China, national average excluding market-traded non-fossil electricity (MEE/NBS)"),  # noqa: E501
    QT_TRANSLATE_NOOP("Names", "China, North China grid average electricity CO2 factor (MEE/NBS; includes Beijing)"),  # noqa: E501
    QT_TRANSLATE_NOOP("Names", "China, East China grid average electricity CO2 factor (MEE/NBS; includes Zhejiang)"),  # noqa: E501
    QT_TRANSLATE_NOOP("Names", "United States, utility-scale generation average (EIA)"),
    QT_TRANSLATE_NOOP("Names", "European Union (EU-27), GHG intensity of electricity generation (EEA), gCO2e"),  # noqa: E501
    QT_TRANSLATE_NOOP("Names", "Germany, CO2 emission factor of the electricity mix (Umweltbundesamt)"),  # noqa: E501
    QT_TRANSLATE_NOOP("Names", "France, carbon intensity of electricity production (RTE), gCO2e"),
    QT_TRANSLATE_NOOP("Names", "World, carbon intensity of electricity generation (Ember)"),
    QT_TRANSLATE_NOOP("Names", "World, power-sector emission intensity incl. lifecycle emissions (Ember 2024 methodology), gCO2e"),  # noqa: E501
)

#: Recommend's presets by id (core names them in English for the CLI).
PRESETS: dict[str, object] = {  # QT_TRANSLATE_NOOP is typed as returning object
    "entry": QT_TRANSLATE_NOOP("Names", "Entry: students and individuals"),
    "advanced": QT_TRANSLATE_NOOP("Names", "Advanced: research and mid-size projects"),
    "professional": QT_TRANSLATE_NOOP("Names", "Professional: large models and data centres"),
}


def tariff_name(tariff: Tariff) -> str:
    """A tariff's name in the user's language (a name we do not list reads as written)."""
    return QCoreApplication.translate("Names", tariff.name)


def carbon_region(region: str) -> str:
    """A grid-carbon record's region and method in the user's language."""
    return QCoreApplication.translate("Names", region)


def preset_label(preset: Preset) -> str:
    """A Recommend preset's label in the user's language."""
    label = str(PRESETS.get(preset.id, preset.label))
    return QCoreApplication.translate("Names", label)


#: The training precisions' names, exactly as planner.core.records.precision writes them.
PRECISION_NAMES = (
    QT_TRANSLATE_NOOP("Names", "FP32"),
    QT_TRANSLATE_NOOP("Names", "AMP FP16"),
    QT_TRANSLATE_NOOP("Names", "AMP BF16"),
    QT_TRANSLATE_NOOP("Names", "FP16 (pure)"),
    QT_TRANSLATE_NOOP("Names", "BF16 (pure)"),
    QT_TRANSLATE_NOOP("Names", "FP8 (Transformer Engine)"),
)

#: The tariff core makes of a price the user typed (planner.core.costs.energy.flat_tariff).
CUSTOM_TARIFF = QT_TRANSLATE_NOOP("Names", "Custom flat price")


def precision_name(label: str) -> str:
    """A training precision's name (its core label) in the user's language."""
    return QCoreApplication.translate("Names", label)
