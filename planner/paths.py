"""Where the program's own files and the user's files live, decided in one place.

Bundled files (the ``data/`` catalog, ``resources/``) are found relative to this module so the same
code works from a source checkout, an editable install and a PyInstaller bundle (which unpacks them
under ``sys._MEIPASS``). The user's files go to the platform's user folders (platformdirs), never
beside the program: an installed program folder is often read-only and is replaced on upgrade.

``GPU_PLANNER_DATA_DIR`` overrides the user data folder (and puts config, cache and logs inside it)
so tests and CI never touch the real home folder.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

APP_NAME = "GPU Build Planner"
APP_AUTHOR = "gpu-build-planner"
DATA_DIR_ENV = "GPU_PLANNER_DATA_DIR"
CATALOG_DB_NAME = "catalog.sqlite"


def bundle_root() -> Path:
    """Return the folder holding ``data/`` and ``resources/`` next to the ``planner`` package.

    In a PyInstaller bundle that is ``sys._MEIPASS``; otherwise it is the repository (or source
    distribution) root, one level above the package.
    """
    meipass = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and meipass:
        return Path(meipass)
    return Path(__file__).resolve().parent.parent


def bundled_data_dir() -> Path:
    """Return the bundled catalog folder (``data/``) that seeds the user's database."""
    return bundle_root() / "data"


def resources_dir() -> Path:
    """Return the folder of bundled icons, fonts and templates (``resources/``)."""
    return bundle_root() / "resources"


def icons_dir() -> Path:
    """Return the folder of the app's own icons (SVG: sharp at any scale)."""
    return resources_dir() / "icons"


def data_dir_override() -> Path | None:
    """The folder ``GPU_PLANNER_DATA_DIR`` names, if any (tests, CI, a portable install)."""
    value = os.environ.get(DATA_DIR_ENV, "").strip()
    return Path(value).expanduser() if value else None


def user_data_dir(create: bool = True) -> Path:
    """Return the user's data folder (home of the catalog database); the env override wins."""
    override = data_dir_override()
    if override is None:
        import platformdirs  # imported on first use: the window paints before anyone asks

        path = platformdirs.user_data_path(APP_NAME, APP_AUTHOR, roaming=False)
    else:
        path = override
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def _user_folder(name: str, default: str, create: bool) -> Path:
    """A per-user folder: ``name`` inside the override folder when one is set.

    ``default`` names the platformdirs function for the platform's own folder.
    """
    override = data_dir_override()
    if override is not None:
        path = override / name
    else:
        import platformdirs

        folder: Callable[[str, str], Path] = getattr(platformdirs, default)
        path = folder(APP_NAME, APP_AUTHOR)
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def user_config_dir(create: bool = True) -> Path:
    """Return the settings folder; inside the override folder when one is set."""
    return _user_folder("config", "user_config_path", create)


def user_cache_dir(create: bool = True) -> Path:
    """Return the folder for throw-away files (rendered previews, temporary exports)."""
    return _user_folder("cache", "user_cache_path", create)


def user_log_dir(create: bool = True) -> Path:
    """Return the folder for log files a user can attach to a bug report."""
    return _user_folder("logs", "user_log_path", create)


def catalog_db_path(create_folder: bool = True) -> Path:
    """Return the user's catalog database file, ``catalog.sqlite`` in the user data folder."""
    return user_data_dir(create=create_folder) / CATALOG_DB_NAME
