"""Every setting the shell keeps, declared once with its default, and where they are stored.

Settings go to the platform's native store (registry, plist, ``~/.config``) under the app's
organisation and name, except when ``GPU_PLANNER_DATA_DIR`` is set: then they go to an INI file in
the overridden config folder, so tests and CI never read or write a developer's real settings.
"""

from __future__ import annotations

import os
from typing import Any, NamedTuple

from PySide6.QtCore import QSettings

from planner.paths import DATA_DIR_ENV, user_config_dir

ORGANIZATION = "gpu-build-planner"
APPLICATION = "GPU Build Planner"
DOMAIN = "gpu-build-planner.org"


class Setting(NamedTuple):
    """One key with its default; ``kind`` lets QSettings hand back the right Python type.

    A named tuple rather than a dataclass: this module loads before the window paints, and
    ``dataclasses`` (with ``inspect``) would add ~5 ms to every start.
    """

    key: str
    default: Any
    kind: type


GEOMETRY = Setting("window/geometry", None, bytes)
STATE = Setting("window/state", None, bytes)
RECENT_FILES = Setting("files/recent", [], list)
LAST_DIRECTORY = Setting("files/lastDirectory", "", str)
AUTOSAVE_IDLE_MS = Setting("files/autosaveIdleMs", 3000, int)
COLOR_SCHEME = Setting("appearance/colorScheme", "system", str)
LANGUAGE = Setting("appearance/language", "system", str)
"""``system``, or a locale name we ship a translation for (``en``, ``zh_CN``); read at start."""
# What a new build starts with (Preferences); an open build keeps its own, saved in its file.
NEW_HOURS_PER_DAY = Setting("newBuild/hoursPerDay", 10.0, float)
NEW_UTILIZATION = Setting("newBuild/utilization", 1.0, float)
NEW_PUE = Setting("newBuild/pue", 1.0, float)
NEW_CURRENCY = Setting("newBuild/currency", "USD", str)
NEW_TARIFF = Setting("newBuild/tariff", "", str)
NEW_PRICE_PER_KWH = Setting("newBuild/pricePerKwh", 0.15, float)
NEW_CARBON = Setting("newBuild/carbon", "", str)
NEW_YEARS = Setting("newBuild/years", 3, int)
NEW_CLOUD = Setting("newBuild/cloudInstance", "", str)
NEW_RENT_ANY_KIND = Setting("newBuild/rentAnyKind", False, bool)
"""Whether a new build's rental may be interruptible or a marketplace host's (issue 29)."""
NEW_PRICE_BASIS = Setting("newBuild/priceBasis", "new", str)
"""What a new build's cards are costed at (``planner.core.costs.prices.BASES``)."""
CALIBRATE_FROM_RUNS = Setting("runs/calibrate", True, bool)
"""Where earlier versions kept the calibration switch; it now lives in the catalog store
(``CatalogStore.calibrating``) and is moved there once (``RunsController``)."""
CATALOG_HIDDEN_COLUMNS = Setting("catalog/hiddenColumns", ["1", "4", "5", "6"], list)
"""Catalog columns the user hid (by number); by default vendor (the badge says it), bandwidth,
power and FP16, so name, architecture, VRAM and price fit a laptop's catalog dock. The header's
context menu shows them."""
TEAM_ADDRESS = Setting("team/address", "", str)
"""The team database (Preferences ▸ Team catalog): a postgresql:// URL without a password, or a
libpq service name; GPU_PLANNER_DATABASE_URL wins over it. Passwords live in ~/.pgpass or the
service file, never here (planner.catalog.team.connection)."""
MAX_RECENT = 8
#: Bumped when the dock layout changes shape, so an old saved state is not applied to new docks
#: (planner.ui.window_layout drops it once, with a notice). 2: the warnings strip, new defaults.
STATE_VERSION = 2


def open_settings() -> QSettings:
    """The settings store: native, or an INI file inside the overridden data folder."""
    if os.environ.get(DATA_DIR_ENV, "").strip():
        path = user_config_dir() / "settings.ini"
        return QSettings(str(path), QSettings.Format.IniFormat)
    return QSettings(QSettings.Format.NativeFormat, QSettings.Scope.UserScope,
                     ORGANIZATION, APPLICATION)


def read(settings: QSettings, setting: Setting) -> Any:
    """Read a setting, falling back to its default for a missing or unreadable value."""
    if not settings.contains(setting.key):
        return setting.default
    value = settings.value(setting.key)
    if setting.kind is list:
        if value is None:
            return []
        return [str(v) for v in (value if isinstance(value, list) else [value])]
    if setting.kind is bytes:
        return value
    if setting.kind is bool and isinstance(value, str):  # an INI file hands back "false"
        return value.strip().lower() in ("true", "1", "yes")
    try:
        return setting.kind(value)
    except (TypeError, ValueError):
        return setting.default


def write(settings: QSettings, setting: Setting, value: Any) -> None:
    """Store a setting's value."""
    settings.setValue(setting.key, value)
