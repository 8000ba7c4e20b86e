"""The catalog read straight from an up-to-date database, with nothing but the standard library.

Opening the catalog through :func:`planner.catalog.store.open_store` imports SQLAlchemy and
SQLModel (about half a second on a slow machine) before the first GPU can be listed. At start-up
the app only needs to *show* the catalog; when the database is already at the current schema and
holds the bundled data's version (every start but the first after an install or an update),
:func:`read_current` reads the same rows the store reads, read-only, with :mod:`sqlite3`, and
builds the same :class:`~planner.core.records.specs.Catalog` through :func:`catalog_from_rows`,
which the
store uses too. The database stays the single source of truth: nothing is cached beside it, and
the store opens it in full shortly after (to migrate, re-seed, repair and write).

Anything unexpected (no file, an older or newer schema, data to re-seed, a locked or damaged
file) returns ``None``: the caller opens the store, which knows what to do. No SQLAlchemy,
pydantic or Qt here.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Mapping
from contextlib import closing
from pathlib import Path
from typing import Any

from planner.catalog.records import (
    Record,
    architecture_from_record,
    carbon_from_record,
    cloud_from_record,
    gpu_from_record,
    tariff_from_record,
    workload_from_record,
)
from planner.catalog.version import DataFileError, read_version
from planner.core.records.specs import Catalog

SCHEMA_VERSION = 6
"""Bumped with every migration; ``meta.schema_version`` above it means a newer program wrote it."""
REVISIONS = ("0001_initial", "0002_prices", "0003_measured_runs", "0004_team",
             "0005_open_record", "0006_append_only")
"""Every Alembic revision id shipped, oldest first (a test checks this against the scripts)."""
HEAD_REVISION = REVISIONS[-1]

ORIGIN_BUNDLED = "bundled"
ORIGIN_USER = "user"

# The record tables in the order a :class:`Catalog` lists them, each with its record reader.
TABLES: tuple[tuple[str, Callable[[Record], Any]], ...] = (
    ("gpus", gpu_from_record),
    ("architectures", architecture_from_record),
    ("workloads", workload_from_record),
    ("tariffs", tariff_from_record),
    ("carbon", carbon_from_record),
    ("cloud_instances", cloud_from_record),
)
# How long to wait for another process's write lock before leaving it to the store (s).
READ_TIMEOUT_S = 0.5


def records(rows: Iterable[tuple[str, str]]) -> list[Record]:
    """Decode ``(record JSON, origin)`` rows, marking the user's own rows ``custom``."""
    out = []
    for text, origin in rows:
        record = json.loads(text)
        record["custom"] = origin == ORIGIN_USER
        out.append(record)
    return out


def catalog_from_rows(rows: Mapping[str, Iterable[tuple[str, str]]], version: str) -> Catalog:
    """The catalog from each table's rows (in catalog order) and the stored catalog version."""
    gpus, architectures, workloads, tariffs, carbon, cloud = (
        tuple(map(read, records(rows[table]))) for table, read in TABLES)
    return Catalog(gpus=gpus, architectures=architectures, workloads=workloads,
                   tariffs=tariffs, carbon=carbon, cloud=cloud, version=version)


OPENED = {"gpus": "coalesce(open_record, record)"}
"""What the catalog opens of a table's row when not the whole ``record``: a GPU's record with its
prices cut to those a price can be chosen from (models.GpuRow.open_record); its full price
history is read only when asked for (:meth:`planner.catalog.store.CatalogStore.gpu_history`)."""


def row_query(table: str) -> str:
    """The rows of a record table in catalog order: the bundled first, then the user's own."""
    record = OPENED.get(table, "record")
    return f"SELECT {record}, origin FROM {table} ORDER BY origin, position, id"


def read_current(db_path: Path, data_dir: Path) -> Catalog | None:
    """The database's catalog if it is current (see the module docstring), else ``None``."""
    try:
        if not db_path.is_file() or db_path.stat().st_size == 0:
            return None
        bundled = read_version(data_dir)
    except (OSError, DataFileError):
        return None
    uri = f"{db_path.resolve().as_uri()}?mode=ro"
    try:
        with closing(sqlite3.connect(uri, uri=True, timeout=READ_TIMEOUT_S)) as con:
            revision = con.execute("SELECT version_num FROM alembic_version").fetchall()
            meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
            if (revision != [(HEAD_REVISION,)] or meta.get("schema_version") != str(SCHEMA_VERSION)
                    or meta.get("catalog_version") != bundled):
                return None
            rows = {table: con.execute(row_query(table)).fetchall() for table, _ in TABLES}
    except sqlite3.Error:
        return None
    try:
        return catalog_from_rows(rows, bundled)
    except (ValueError, TypeError, KeyError):  # a row the store would have to repair
        return None
