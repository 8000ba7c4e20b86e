"""The catalog database file's lifecycle: create, check, migrate, move aside when unusable.

``catalog.sqlite`` (in the user data folder) is checked with plain sqlite3 before SQLAlchemy opens
it; an older schema is copied aside and migrated in place by the Alembic scripts in
``migrations/``; a file that cannot be used (garbage, truncated, a folder in its place, another
program's database, a newer schema) raises :class:`Unusable` so :func:`planner.catalog.store.
open_store` can move it aside and rebuild. Nothing here knows what the tables hold.
"""

from __future__ import annotations

import shutil
import sqlite3
import time
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, create_engine
from sqlalchemy.pool import StaticPool
from sqlmodel import Session

from planner.catalog.models import MetaRow
from planner.paths import migrations_dir

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy.engine import Connection

from planner.catalog.quick import HEAD_REVISION, REVISIONS, SCHEMA_VERSION

LOCK_TIMEOUT_S = 5.0
"""How long to wait for another process's lock before working from memory instead."""
MIGRATIONS_DIR = migrations_dir()
class Unusable(Exception):
    """The database file cannot be used as it is; ``reason`` completes "The catalog database …"."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Busy(Exception):
    """Another process holds the database locked; never a reason to move it aside."""


def alembic_config(connection: Connection | None = None, url: str | None = None) -> Config:
    """Build the Alembic configuration in code (no ``alembic.ini``), pointing at our scripts."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR).replace("%", "%%"))
    cfg.set_main_option("file_template", "r%%(rev)s_%%(slug)s")
    if url is not None:
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def _first_free(base: Path) -> Path:
    """Return ``base``, or ``base-2``, ``base-3``…, whichever does not exist yet."""
    candidate, n = base, 1
    while candidate.exists() or candidate.is_symlink():
        n += 1
        candidate = base.with_name(f"{base.name}-{n}")
    return candidate


def _side_files(path: Path) -> list[Path]:
    return [path.with_name(path.name + s) for s in ("-journal", "-wal", "-shm")]


def move_aside(path: Path) -> Path:
    """Move the database (and any journal beside it) to ``<name>.corrupt-<timestamp>``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = _first_free(path.with_name(f"{path.name}.corrupt-{stamp}"))
    path.replace(target)
    # A stale journal left behind would be replayed into the fresh database.
    for side in _side_files(path):
        if side.exists():
            side.replace(target.with_name(target.name + side.name[len(path.name):]))
    return target


def _inspect(path: Path) -> str | None:
    """Check an existing file with plain sqlite3; returns its Alembic revision (None if empty)."""
    uri = f"{path.resolve().as_uri()}?mode=rw"
    try:
        with closing(sqlite3.connect(uri, uri=True, timeout=LOCK_TIMEOUT_S)) as con:
            result = con.execute("PRAGMA quick_check").fetchall()
            if [tuple(r) for r in result] != [("ok",)]:
                raise Unusable("failed SQLite's integrity check")
            tables = {r[0] for r in con.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not tables:
                return None
            if "alembic_version" not in tables:
                raise Unusable("is not a GPU Build Planner catalog")
            rows = con.execute("SELECT version_num FROM alembic_version").fetchall()
            revision = str(rows[0][0]) if rows else None
            if revision is not None and revision not in REVISIONS:
                raise Unusable("was written by a newer version of GPU Build Planner")
            if "meta" in tables:
                found = con.execute(
                    "SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
                if found is not None and _int(found[0]) > SCHEMA_VERSION:
                    raise Unusable("was written by a newer version of GPU Build Planner")
            return revision
    except sqlite3.OperationalError as exc:
        text = str(exc).lower()
        if "locked" in text or "busy" in text:
            raise Busy(str(exc)) from None
        raise Unusable(f"could not be read ({exc})") from None
    except sqlite3.DatabaseError as exc:
        raise Unusable(f"could not be read ({exc})") from None


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def _migrate(engine: Engine) -> None:
    """Bring the schema to head with Alembic, run in code on the store's own connection."""
    from alembic import command

    with engine.begin() as connection:
        command.upgrade(alembic_config(connection=connection), "head")


def file_engine(path: Path) -> Engine:
    """Open (creating, migrating and checking) the database file; raise Unusable if it's bad."""
    if path.is_dir() or (path.exists() and not path.is_file()):
        raise Unusable("was a folder, not a file")
    path.parent.mkdir(parents=True, exist_ok=True)
    revision = _inspect(path) if path.exists() and path.stat().st_size > 0 else None
    if revision is not None and revision != HEAD_REVISION:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        shutil.copy2(path, _first_free(path.with_name(f"{path.name}.pre-{HEAD_REVISION}-{stamp}")))
    engine = create_engine(f"sqlite:///{path}", connect_args={"timeout": LOCK_TIMEOUT_S})
    try:
        if revision != HEAD_REVISION:
            _migrate(engine)
        _write_schema_version(engine)
    except BaseException:
        engine.dispose()
        raise
    return engine


def memory_engine() -> Engine:
    """A migrated in-memory database, for when no file can be used."""
    engine = create_engine("sqlite://", poolclass=StaticPool,
                           connect_args={"check_same_thread": False})
    _migrate(engine)
    _write_schema_version(engine)
    return engine


def _write_schema_version(engine: Engine) -> None:
    with Session(engine) as session:
        row = session.get(MetaRow, "schema_version")
        if row is not None and _int(row.value) > SCHEMA_VERSION:
            raise Unusable("was written by a newer version of GPU Build Planner")
        if row is None or row.value != str(SCHEMA_VERSION):
            session.merge(MetaRow(key="schema_version", value=str(SCHEMA_VERSION)))
            session.commit()


def environmental(exc: BaseException) -> str | None:
    """Describe a failure that moving the file aside would not cure (full disk, read-only)."""
    text = str(exc).lower()
    if "readonly" in text or "read-only" in text:
        return "is read-only"
    if "disk is full" in text or "disk full" in text:
        return "could not be written because the disk is full"
    if "locked" in text or "busy" in text:
        return "is locked by another program"
    return None


def dispose(engine: Engine | None) -> None:
    """Release an engine that may not have been made."""
    if engine is not None:
        engine.dispose()


