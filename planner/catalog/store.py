"""The user's catalog database: seeded from ``data/``, holding the user's own GPUs and edits.

Lifecycle of ``catalog.sqlite`` (in the user data folder):

* first start: created by the Alembic migrations and seeded from the bundled ``data/``;
* ``data/VERSION`` differs from the version stored in ``meta``: re-seeded, keeping rows the user
  added (``origin="user"``) and bundled rows the user edited (``user_edited``), dropping bundled
  rows the new data no longer has;
* an older schema: the file is copied aside, then migrated in place;
* unusable (garbage, truncated, a folder in its place, another program's database, a newer
  schema): moved aside to ``catalog.sqlite.corrupt-<timestamp>`` and rebuilt, with a one-sentence
  :attr:`CatalogStore.notice` for the UI/CLI. Opening never raises for a bad database; if even a
  fresh file cannot be written the store works from memory and says so.

The estimators never touch this module; they take the immutable :class:`Catalog` it returns.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import closing, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from sqlalchemy import Engine, create_engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import StaticPool
from sqlmodel import Session, col, func, select

from planner.catalog.datafiles import DataFileError, check_gpu_record, load_catalog, read_version
from planner.catalog.models import (
    ORIGIN_BUNDLED,
    ORIGIN_USER,
    ArchitectureRow,
    CarbonRow,
    CloudInstanceRow,
    GpuRow,
    MetaRow,
    TariffRow,
    WorkloadRow,
    _Row,
)
from planner.catalog.records import (
    Record,
    architecture_from_record,
    carbon_from_record,
    cloud_from_record,
    gpu_from_record,
    tariff_from_record,
    to_record,
    workload_from_record,
)
from planner.core.specs import Catalog, GpuSpec
from planner.paths import bundled_data_dir, catalog_db_path, migrations_dir

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy.engine import Connection

SCHEMA_VERSION = 1
"""Bumped with every migration; ``meta.schema_version`` above it means a newer program wrote it."""
REVISIONS = ("0001_initial",)
"""Every Alembic revision id shipped, oldest first (a test checks this against the scripts)."""
HEAD_REVISION = REVISIONS[-1]
LOCK_TIMEOUT_S = 5.0
"""How long to wait for another process's lock before working from memory instead."""
MIGRATIONS_DIR = migrations_dir()
GpuStatus = Literal["bundled", "edited", "user"]
_NOT_ALNUM = re.compile(r"[\W_]+")


class CatalogError(ValueError):
    """A catalog change that cannot be made (unknown id, duplicate id, invalid figures)."""


class _Unusable(Exception):
    """The database file cannot be used as it is; ``reason`` completes "The catalog database …"."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Busy(Exception):
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


def _move_aside(path: Path) -> Path:
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
                raise _Unusable("failed SQLite's integrity check")
            tables = {r[0] for r in con.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not tables:
                return None
            if "alembic_version" not in tables:
                raise _Unusable("is not a GPU Build Planner catalog")
            rows = con.execute("SELECT version_num FROM alembic_version").fetchall()
            revision = str(rows[0][0]) if rows else None
            if revision is not None and revision not in REVISIONS:
                raise _Unusable("was written by a newer version of GPU Build Planner")
            if "meta" in tables:
                found = con.execute(
                    "SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
                if found is not None and _int(found[0]) > SCHEMA_VERSION:
                    raise _Unusable("was written by a newer version of GPU Build Planner")
            return revision
    except sqlite3.OperationalError as exc:
        text = str(exc).lower()
        if "locked" in text or "busy" in text:
            raise _Busy(str(exc)) from None
        raise _Unusable(f"could not be read ({exc})") from None
    except sqlite3.DatabaseError as exc:
        raise _Unusable(f"could not be read ({exc})") from None


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


def _file_engine(path: Path) -> Engine:
    """Open (creating, migrating and checking) the database file; raise _Unusable if it's bad."""
    if path.is_dir() or (path.exists() and not path.is_file()):
        raise _Unusable("was a folder, not a file")
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


def _memory_engine() -> Engine:
    engine = create_engine("sqlite://", poolclass=StaticPool,
                           connect_args={"check_same_thread": False})
    _migrate(engine)
    _write_schema_version(engine)
    return engine


def _write_schema_version(engine: Engine) -> None:
    with Session(engine) as session:
        row = session.get(MetaRow, "schema_version")
        if row is not None and _int(row.value) > SCHEMA_VERSION:
            raise _Unusable("was written by a newer version of GPU Build Planner")
        if row is None or row.value != str(SCHEMA_VERSION):
            session.merge(MetaRow(key="schema_version", value=str(SCHEMA_VERSION)))
            session.commit()


def _dumps(record: Record) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def _gpu_columns(r: Record) -> dict[str, Any]:
    price = r.get("street_price") or {}
    return {
        "vendor": r["vendor"], "name": r["name"], "architecture": r["architecture"],
        "segment": r["segment"], "form_factor": r["form_factor"], "memory_gb": r["memory_gb"],
        "memory_type": r["memory_type"], "memory_bandwidth_gbs": r["memory_bandwidth_gbs"],
        "tdp_w": r["tdp_w"], "fp16_tensor_tflops": r.get("fp16_tensor_tflops"),
        "launch_year": r.get("launch_year"), "launch_msrp_usd": r.get("launch_msrp_usd"),
        "street_price_amount": price.get("amount"), "street_price_currency": price.get("currency"),
        "street_price_as_of": price.get("as_of"),
    }


def _columns(model: type[_Row], r: Record) -> dict[str, Any]:
    """Return the explicit (queryable) columns of a table, taken from the full record."""
    if model is GpuRow:
        return _gpu_columns(r)
    names = [c.name for c in model.__table__.columns  # type: ignore[attr-defined]
             if c.name not in _Row.model_fields]
    return {n: r.get(n) for n in names}


def _gpu_record(spec: GpuSpec) -> Record:
    """Return a GPU's stored record: its fields minus ``custom`` (which follows ``origin``)."""
    record = to_record(spec)
    record.pop("custom", None)
    return record


def _reseed(session: Session, model: type[_Row], records: Sequence[Record]) -> None:
    """Replace the bundled rows of one table, keeping the user's rows and edits."""
    existing = {row.id: row for row in session.exec(select(model)).all()}
    for position, record in enumerate(records):
        text = _dumps(record)
        row = existing.pop(record["id"], None)
        if row is None:
            session.add(model(id=record["id"], origin=ORIGIN_BUNDLED, user_edited=False,
                              position=position, record=text, **_columns(model, record)))
        elif row.origin == ORIGIN_USER:
            continue  # the user's own row with the same id wins over a newly bundled one
        elif row.user_edited:
            row.bundled_record = text  # a revert now restores the new bundled figures
            row.position = position
            session.add(row)
        else:
            row.record = text
            row.position = position
            for key, value in _columns(model, record).items():
                setattr(row, key, value)
            session.add(row)
    for row in existing.values():
        if row.origin == ORIGIN_USER:
            continue
        if row.user_edited:  # bundled no more, but the user cared: it becomes theirs
            row.origin, row.user_edited, row.bundled_record = ORIGIN_USER, False, None
            session.add(row)
        else:
            session.delete(row)


def _seed(engine: Engine, data_dir: Path) -> str | None:
    """Re-seed when ``data/VERSION`` differs from the stored version; returns a notice or None."""
    with Session(engine) as session:
        stored_row = session.get(MetaRow, "catalog_version")
        stored = stored_row.value if stored_row is not None else None
    try:
        if read_version(data_dir) == stored:
            return None
        catalog = load_catalog(data_dir)
    except DataFileError as exc:
        fallback = (f"the catalog from an earlier start (version {stored}) is used"
                    if stored else "the catalog holds only your own entries")
        return (f"The bundled catalog could not be loaded ({exc.message.rstrip('.')}), so "
                f"{fallback}.")
    tables: Iterable[tuple[type[_Row], Sequence[Record]]] = (
        (GpuRow, [_gpu_record(g) for g in catalog.gpus]),
        (ArchitectureRow, [to_record(a) for a in catalog.architectures]),
        (WorkloadRow, [{k: v for k, v in to_record(w).items() if k != "custom"}
                       for w in catalog.workloads]),
        (TariffRow, [to_record(t) for t in catalog.tariffs]),
        (CarbonRow, [to_record(c) for c in catalog.carbon]),
        (CloudInstanceRow, [to_record(c) for c in catalog.cloud]),
    )
    with Session(engine) as session:
        for model, records in tables:
            _reseed(session, model, records)
        session.merge(MetaRow(key="catalog_version", value=catalog.version))
        session.commit()
    return None


@dataclasses.dataclass(frozen=True, slots=True)
class _Entry:
    """A GPU with what search needs precomputed (lower-cased text, comparable price)."""

    spec: GpuSpec
    text: str
    squashed: str
    vendor: str
    architecture: str
    architecture_name: str
    price_usd: float | None


def _usd_price(spec: GpuSpec) -> float | None:
    """Launch MSRP, else the street price when it is in US dollars (no currency guessing)."""
    if spec.launch_msrp_usd is not None:
        return spec.launch_msrp_usd
    if spec.street_price is not None and spec.street_price.currency == "USD":
        return spec.street_price.amount
    return None


class CatalogStore:
    """The open catalog database; use :func:`open_store` to get one.

    Reads go through :meth:`catalog`, built once and cached until the next write, so panels can
    ask for it on every redraw.
    """

    def __init__(self, engine: Engine, path: Path | None, notice: str | None) -> None:
        self._engine = engine
        self.path = path
        """The database file, or ``None`` when working from memory."""
        self.notice = notice
        """One sentence for the user about something that happened on opening, else ``None``."""
        self._catalog: Catalog | None = None
        self._entries: list[_Entry] = []

    # -- reading ---------------------------------------------------------------------------

    def catalog(self) -> Catalog:
        """Everything in the database as one immutable catalog (user edits win over bundled)."""
        if self._catalog is None:
            self._load()
        assert self._catalog is not None
        return self._catalog

    @staticmethod
    def _records(session: Session, model: type[_Row]) -> list[Record]:
        """Return a table's records in catalog order, ``custom`` set on the user's own rows.

        Only two columns are fetched (no ORM objects): this runs after every write.
        """
        statement = (select(model.record, model.origin)
                     .order_by(col(model.origin), col(model.position), col(model.id)))
        records = []
        for text, origin in session.exec(statement).all():
            record = json.loads(text)
            record["custom"] = origin == ORIGIN_USER
            records.append(record)
        return records

    def _load(self) -> None:
        with Session(self._engine) as session:
            meta = session.get(MetaRow, "catalog_version")
            catalog = Catalog(
                gpus=tuple(map(gpu_from_record, self._records(session, GpuRow))),
                architectures=tuple(map(architecture_from_record,
                                        self._records(session, ArchitectureRow))),
                workloads=tuple(map(workload_from_record, self._records(session, WorkloadRow))),
                tariffs=tuple(map(tariff_from_record, self._records(session, TariffRow))),
                carbon=tuple(map(carbon_from_record, self._records(session, CarbonRow))),
                cloud=tuple(map(cloud_from_record, self._records(session, CloudInstanceRow))),
                version=meta.value if meta is not None else "",
            )
        arch_names = {a.id: a.name.lower() for a in catalog.architectures}
        entries = []
        for g in catalog.gpus:
            arch_name = arch_names.get(g.architecture, "")
            text = " ".join((g.name, g.vendor, g.architecture, arch_name, g.id)).lower()
            entries.append(_Entry(
                spec=g, text=text, squashed=_NOT_ALNUM.sub("", text),
                vendor=g.vendor.lower(), architecture=g.architecture.lower(),
                architecture_name=arch_name, price_usd=_usd_price(g)))
        self._catalog, self._entries = catalog, entries

    def search_gpus(self, text: str = "", vendor: str | None = None,
                    architecture: str | None = None, min_memory_gb: float | None = None,
                    max_price_usd: float | None = None,
                    max_power_w: float | None = None) -> list[GpuSpec]:
        """GPUs matching every given filter, in catalog order.

        ``text`` matches name, vendor, architecture (id or name) and id case-insensitively, each
        word anywhere and in any order ("4090 rtx", "rtx4090" and "lovelace" all find the RTX
        4090). The price is the launch MSRP, else a US-dollar street price; a GPU without either
        is left out only when ``max_price_usd`` is given.
        """
        if self._catalog is None:
            self._load()
        words = text.lower().split()
        vendor_key = vendor.lower() if vendor else None
        arch_key = architecture.lower() if architecture else None
        result = []
        for e in self._entries:
            spec = e.spec
            if vendor_key and e.vendor != vendor_key:
                continue
            if arch_key and arch_key not in (e.architecture, e.architecture_name):
                continue
            if min_memory_gb is not None and spec.memory_gb < min_memory_gb:
                continue
            if max_power_w is not None and spec.tdp_w > max_power_w:
                continue
            if max_price_usd is not None and (e.price_usd is None
                                              or e.price_usd > max_price_usd):
                continue
            if words and not all(w in e.text or w in e.squashed for w in words):
                continue
            result.append(spec)
        return result

    def gpu_status(self, gpu_id: str) -> GpuStatus | None:
        """Tell whether a GPU is ``bundled``, a bundled one ``edited``, or the ``user``'s own.

        ``None`` when the id is unknown. Lets the UI offer revert or delete.
        """
        with Session(self._engine) as session:
            row = session.get(GpuRow, gpu_id)
        if row is None:
            return None
        if row.origin == ORIGIN_USER:
            return "user"
        return "edited" if row.user_edited else "bundled"

    # -- writing ---------------------------------------------------------------------------

    @contextmanager
    def _write(self) -> Iterator[Session]:
        with Session(self._engine) as session:
            yield session
            session.commit()
        self._catalog = None
        self._entries = []

    @staticmethod
    def _checked(spec: GpuSpec) -> Record:
        present = {k: v for k, v in _gpu_record(spec).items() if v is not None}
        checked, errors = check_gpu_record(present)
        if checked is None:
            raise CatalogError(str(errors[0]))
        return checked

    def add_user_gpu(self, spec: GpuSpec) -> None:
        """Add the user's own GPU; its id must be new (use :meth:`update_gpu` to change one)."""
        record = self._checked(spec)
        with self._write() as session:
            if session.get(GpuRow, spec.id) is not None:
                raise CatalogError(f"A GPU with the id '{spec.id}' is already in the catalog.")
            last = session.exec(select(func.max(GpuRow.position))
                                .where(GpuRow.origin == ORIGIN_USER)).one()
            session.add(GpuRow(id=spec.id, origin=ORIGIN_USER, user_edited=False,
                               position=(last or 0) + 1, record=_dumps(record),
                               **_gpu_columns(record)))

    def update_gpu(self, spec: GpuSpec) -> None:
        """Change a GPU; a bundled one is marked ``user_edited`` and keeps its original."""
        record = self._checked(spec)
        with self._write() as session:
            row = session.get(GpuRow, spec.id)
            if row is None:
                raise CatalogError(f"There is no GPU with the id '{spec.id}' to update.")
            if row.origin == ORIGIN_BUNDLED and not row.user_edited:
                row.bundled_record = row.record
                row.user_edited = True
            row.record = _dumps(record)
            for key, value in _gpu_columns(record).items():
                setattr(row, key, value)
            session.add(row)

    def delete_user_gpu(self, gpu_id: str) -> None:
        """Delete one of the user's own GPUs; bundled GPUs cannot be deleted."""
        with self._write() as session:
            row = session.get(GpuRow, gpu_id)
            if row is None:
                raise CatalogError(f"There is no GPU with the id '{gpu_id}' to delete.")
            if row.origin != ORIGIN_USER:
                raise CatalogError(f"'{gpu_id}' comes with the program and cannot be deleted; "
                                   "revert your edits instead.")
            session.delete(row)

    def revert_gpu(self, gpu_id: str) -> None:
        """Drop the user's edit of a bundled GPU, restoring the bundled figures (no-op if none)."""
        with self._write() as session:
            row = session.get(GpuRow, gpu_id)
            if row is None:
                raise CatalogError(f"There is no GPU with the id '{gpu_id}' to revert.")
            if row.origin == ORIGIN_USER:
                raise CatalogError(f"'{gpu_id}' is your own GPU, so there is no bundled "
                                   "version to revert to.")
            if not row.user_edited or row.bundled_record is None:
                return
            original = json.loads(row.bundled_record)
            row.record, row.bundled_record, row.user_edited = row.bundled_record, None, False
            for key, value in _gpu_columns(original).items():
                setattr(row, key, value)
            session.add(row)

    # -- lifetime --------------------------------------------------------------------------

    def close(self) -> None:
        """Release the database file (needed before moving or deleting it on Windows)."""
        self._engine.dispose()

    def __enter__(self) -> CatalogStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _environmental(exc: BaseException) -> str | None:
    """Describe a failure that moving the file aside would not cure (full disk, read-only)."""
    text = str(exc).lower()
    if "readonly" in text or "read-only" in text:
        return "is read-only"
    if "disk is full" in text or "disk full" in text:
        return "could not be written because the disk is full"
    if "locked" in text or "busy" in text:
        return "is locked by another program"
    return None


def _dispose(engine: Engine | None) -> None:
    if engine is not None:
        engine.dispose()


def open_store(path: Path | None = None, *, data_dir: Path | None = None) -> CatalogStore:
    """Open the catalog database, creating, migrating, re-seeding or rebuilding it as needed.

    ``path`` defaults to ``catalog.sqlite`` in the user data folder and ``data_dir`` to the
    bundled ``data/``. Never raises for a bad database file: problems end up in ``notice``.
    """
    db_path = path if path is not None else catalog_db_path()
    data_dir = data_dir if data_dir is not None else bundled_data_dir()
    notices: list[str] = []
    for _attempt in range(2):
        engine: Engine | None = None
        try:
            engine = _file_engine(db_path)
            seed_notice = _seed(engine, data_dir)
            notices += [seed_notice] if seed_notice else []
            return CatalogStore(engine, db_path, " ".join(notices) or None)
        except _Busy:
            _dispose(engine)
            notices.append("The catalog database is locked by another program, so this session "
                           "works from memory and will not keep changes.")
            break
        except (_Unusable, SQLAlchemyError, sqlite3.Error) as exc:
            _dispose(engine)
            problem = _environmental(exc)
            if problem:  # the file is fine; the disk or its permissions are not
                notices.append(f"The catalog database {problem}, so this session works from "
                               "memory and will not keep changes.")
                break
            reason = exc.reason if isinstance(exc, _Unusable) else "could not be read"
        except OSError as exc:
            _dispose(engine)
            notices.append(f"The catalog database could not be written ({exc.strerror or exc}), "
                           "so this session works from memory and will not keep changes.")
            break
        try:
            aside = _move_aside(db_path)
        except OSError as exc:
            notices.append(f"The catalog database {reason} and could not be moved aside "
                           f"({exc.strerror or exc}), so this session works from memory and "
                           "will not keep changes.")
            break
        notices.append(f"The catalog database {reason}, so it was moved aside to {aside.name} "
                       "and rebuilt from the bundled catalog.")
    else:
        notices.append("The rebuilt catalog database could not be used either, so this "
                       "session works from memory and will not keep changes.")
    engine = _memory_engine()
    seed_notice = _seed(engine, data_dir)
    notices += [seed_notice] if seed_notice else []
    return CatalogStore(engine, None, " ".join(notices))
