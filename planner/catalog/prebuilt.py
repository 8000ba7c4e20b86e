"""The catalog database built from ``data/`` ahead of time, copied into a new profile.

Seeding a new database (Alembic's migrations, then every record of ``data/`` validated and
written through SQLAlchemy) takes seconds on a slow machine, and a new user would watch an empty
window meanwhile. So the database is built when the program is built — the wheel
(``setup.py``), the PyInstaller bundle (``packaging/gpu-planner.spec``) — by :func:`build`, which
runs the store's own code (:func:`planner.catalog.store.open_store`: the same migrations, the same
seeding), and ships as ``catalog.sqlite`` beside ``data/VERSION``. A first start copies it into the
profile with the standard library (:func:`install`): no SQLAlchemy, no pydantic, a few
milliseconds. From then on the profile's file is the user's, and everything stays as before: a
``data/VERSION`` change re-seeds it keeping the user's rows, a damaged file is moved aside.

A checkout (or an editable install) ships no built file: the first start that needs one builds it
into ``build/prebuilt-catalog/`` of the checkout, named by the data's version, the schema's
revision and the data folder (only folders inside the checkout: ``data/``, the tests' fixtures),
and every later new profile copies that.

The exchange rates the panels convert money with (``data/currency.toml``, read through the same
schema as the catalog) are written beside the database as ``catalog.rates.json`` by the same
build, so the window does not import pydantic and the schema before its panels can show a price
(:func:`built_rates`; :func:`planner.catalog.rates.bundled_rates` reads them).

A built file is used only when it is current: the schema revision this program migrates to and
the catalog version of the data folder it serves. Otherwise (or if copying fails) nothing is
copied and the store seeds the database as it always could.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING, Any

from planner.catalog.quick import HEAD_REVISION, SCHEMA_VERSION
from planner.catalog.version import DataFileError, read_version

if TYPE_CHECKING:
    from planner.core.costs.money import Rates

PREBUILT_NAME = "catalog.sqlite"
"""The built database's name beside ``data/VERSION`` in a wheel or bundle."""
CHECKOUT_CACHE = Path("build") / "prebuilt-catalog"
"""Where a checkout keeps the databases it built, relative to the checkout's root."""


def _stamp(path: Path) -> tuple[str, str, str] | None:
    """The database's (schema revision, schema version, catalog version); None if unreadable."""
    try:
        if not path.is_file():
            return None
        uri = f"{path.resolve().as_uri()}?mode=ro"
        with closing(sqlite3.connect(uri, uri=True)) as con:
            (revision,) = con.execute("SELECT version_num FROM alembic_version").fetchone()
            meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
    except (OSError, sqlite3.Error, TypeError, ValueError):
        return None
    return str(revision), str(meta.get("schema_version")), str(meta.get("catalog_version"))


def is_current(path: Path, data_dir: Path) -> bool:
    """Whether ``path`` is a built database for this program's schema and ``data_dir``'s data."""
    try:
        version = read_version(data_dir)
    except (OSError, DataFileError):
        return False
    return _stamp(path) == (HEAD_REVISION, str(SCHEMA_VERSION), version)


def checkout_root() -> Path | None:
    """The checkout the program runs from (a folder with pyproject.toml), else None."""
    root = Path(__file__).resolve().parents[2]
    return root if (root / "pyproject.toml").is_file() and (root / "planner").is_dir() else None


def cache_path(data_dir: Path) -> Path | None:
    """Where a checkout keeps the database built for ``data_dir`` (None outside a checkout)."""
    root = checkout_root()
    if root is None or not data_dir.resolve().is_relative_to(root):
        return None  # a data folder elsewhere (a test's copy) is seeded as before
    try:
        version = read_version(data_dir)
    except (OSError, DataFileError):
        return None
    import hashlib  # only when a checkout needs the name

    folder = hashlib.sha256(str(data_dir.resolve()).encode()).hexdigest()[:12]
    safe = "".join(c if c.isalnum() or c in ".-_" else "_" for c in version)
    return root / CHECKOUT_CACHE / f"catalog-{safe}-{HEAD_REVISION}-{folder}.sqlite"


Opener = Callable[..., Any]
""":func:`planner.catalog.store.open_store`, handed in by whoever may build: this module sits
below the store (the store copies from it), so it never imports the store itself."""


def build(data_dir: Path, target: Path, open_store: Opener) -> Path:
    """Build the database for ``data_dir`` at ``target`` with the store's own code; returns it.

    ``open_store`` is the store's opener (see :data:`Opener`). Raises RuntimeError when the data
    does not load (the store would only say so in a notice).
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    work = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    work.unlink(missing_ok=True)
    try:
        with open_store(work, data_dir=data_dir, prebuilt=False) as store:
            if store.notice:
                raise RuntimeError(f"the catalog could not be built: {store.notice}")
        with closing(sqlite3.connect(work)) as con:
            con.execute("VACUUM")  # compact: it is copied into every new profile
        _write_rates(data_dir, target)
        os.replace(work, target)
    finally:
        work.unlink(missing_ok=True)
    return target


def rates_path(db: Path) -> Path:
    """The rates file written beside a built database."""
    return db.with_suffix(".rates.json")


def _write_rates(data_dir: Path, target: Path) -> None:
    """Write ``data_dir``'s checked rates beside the built database (none if they do not load)."""
    from dataclasses import asdict

    from planner.catalog.datafiles import read_rates  # the schema: only when building

    out = rates_path(target)
    try:
        payload = {"catalog_version": read_version(data_dir), "rates": asdict(read_rates(data_dir))}
    except DataFileError:
        out.unlink(missing_ok=True)
        return
    work = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    work.write_text(json.dumps(payload, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(work, out)


def _rates(record: dict[str, Any]) -> Rates:
    from planner.core.costs.money import Rates

    history = tuple(_rates(h) for h in record.get("history") or ())
    return Rates(**{**record, "history": history})


def built_rates(data_dir: Path) -> Rates | None:
    """The rates written with the current built database for ``data_dir``, else None."""
    try:
        version = read_version(data_dir)
    except (OSError, DataFileError):
        return None
    for db in (data_dir / PREBUILT_NAME, cache_path(data_dir)):
        if db is None:
            continue
        try:
            payload = json.loads(rates_path(db).read_text(encoding="utf-8"))
            if payload.get("catalog_version") == version:
                return _rates(payload["rates"])
        except (OSError, ValueError, TypeError, KeyError):
            continue
    return None


def prebuilt(data_dir: Path, open_store: Opener | None = None) -> Path | None:
    """The current built database for ``data_dir``: shipped, or a checkout's.

    A checkout's missing one is built when the store's opener is handed in (none at start-up,
    which must not import SQLAlchemy: the store builds it when it opens).
    """
    shipped = data_dir / PREBUILT_NAME
    if is_current(shipped, data_dir):
        return shipped
    cached = cache_path(data_dir)
    if cached is None:
        return None
    if is_current(cached, data_dir):
        return cached
    if open_store is None:
        return None
    try:
        return build(data_dir, cached, open_store)
    except (OSError, RuntimeError, sqlite3.Error):
        return None


def install(db_path: Path, data_dir: Path, open_store: Opener | None = None) -> bool:
    """Copy the built database to ``db_path`` when there is no database there yet.

    ``open_store`` lets a checkout build its missing one first (see :func:`prebuilt`). Returns
    True when it copied. Never replaces a file, and never raises: without a copy the store seeds
    the database as before.
    """
    try:
        if db_path.exists() and (not db_path.is_file() or db_path.stat().st_size > 0):
            return False
        source = prebuilt(data_dir, open_store)
        if source is None:
            return False
        db_path.parent.mkdir(parents=True, exist_ok=True)
        work = db_path.with_name(f".{db_path.name}.{os.getpid()}.tmp")
        import shutil

        try:
            shutil.copyfile(source, work)
            if db_path.exists() and db_path.stat().st_size == 0:
                db_path.unlink()  # an empty file is what an interrupted first start leaves
            try:
                os.link(work, db_path)  # fails if another process put a database there
            except FileExistsError:
                return False
            except OSError:  # a file system without hard links
                if db_path.exists():
                    return False
                os.replace(work, db_path)
        finally:
            work.unlink(missing_ok=True)
        return True
    except OSError:
        return False
