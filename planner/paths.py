"""Where the program's own files and the user's files live, decided in one place.

Bundled files are package data, found through the import system and nothing else: the
``data/`` catalog is the package ``planner.data``, ``resources/`` is ``planner.resources``,
``examples/`` is ``planner.examples`` (pyproject.toml maps these top-level folders into the
package) and the Alembic scripts are
``planner.catalog.migrations``. The same lookup works from a checkout (the editable install's
finder maps the folders), an installed wheel and a PyInstaller bundle (which collects them under
the same package names). The user's files go to the platform's user folders (platformdirs), never
beside the program: an installed program folder is often read-only and is replaced on upgrade.

``GPU_PLANNER_DATA_DIR`` overrides the user data folder (and puts config, cache and logs inside it)
so tests and CI never touch the real home folder.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache
from importlib.util import find_spec
from pathlib import Path

APP_NAME = "GPU Build Planner"
APP_AUTHOR = "gpu-build-planner"
DATA_DIR_ENV = "GPU_PLANNER_DATA_DIR"
CATALOG_DB_NAME = "catalog.sqlite"


@cache  # asked for by every icon and translation lookup; a package's folder never moves
def package_folder(package: str) -> Path:
    """Return the folder of one of our data packages on disk.

    Alembic and Qt read these files by path, so the package must be a real folder (it always is:
    from a checkout, a wheel installed by pip, or a PyInstaller bundle); a zipped install is not
    supported and says so instead of failing later with a missing file.

    The package's import spec names its folder without importing :mod:`importlib.resources`
    (~4 ms with its readers, before the first paint: the icons and translations are looked up
    there); every importer we run under (the editable finder, a wheel's files, PyInstaller's)
    fills ``submodule_search_locations`` for a package.
    """
    spec = find_spec(package)
    locations = list(spec.submodule_search_locations or ()) if spec is not None else []
    folder = Path(locations[0]) if locations else None
    if folder is None or not folder.is_dir():
        raise RuntimeError(f"{package} is not a folder on disk ({folder!r}); install unzipped.")
    return folder


def bundled_data_dir() -> Path:
    """Return the bundled catalog folder (``data/``) that seeds the user's database."""
    return package_folder("planner.data")


def resources_dir() -> Path:
    """Return the folder of bundled icons and translations (``resources/``)."""
    return package_folder("planner.resources")


def examples_dir() -> Path:
    """Return the folder of example builds (``examples/``), opened by the self-test."""
    return package_folder("planner.examples")


def migrations_dir() -> Path:
    """Return the folder of the catalog's Alembic scripts (read from disk by Alembic)."""
    return package_folder("planner.catalog.migrations")


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
