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

The file's lifecycle is :mod:`planner.catalog.dbfile`, seeding :mod:`planner.catalog.seeding`;
this module holds the queries and the user's edits. The estimators never touch this module; they
take the immutable :class:`Catalog` it returns.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, col, func, select

from planner.catalog.dbfile import (
    Busy,
    Unusable,
    alembic_config,
    dispose,
    environmental,
    file_engine,
    memory_engine,
    move_aside,
)
from planner.catalog.models import (
    ORIGIN_BUNDLED,
    ORIGIN_USER,
    ArchitectureRow,
    CarbonRow,
    CloudInstanceRow,
    GpuRow,
    MeasuredRunRow,
    MetaRow,
    TariffRow,
    WorkloadRow,
    _Row,
)
from planner.catalog.prebuilt import install
from planner.catalog.quick import HEAD_REVISION, REVISIONS, SCHEMA_VERSION, catalog_from_rows
from planner.catalog.rates import bundled_rates
from planner.catalog.records import (
    Record,
)
from planner.catalog.seeding import dumps, gpu_columns, gpu_record
from planner.catalog.seeding import seed as _seed
from planner.core.costs.prices import PickedPrice, card_price
from planner.core.records.lookup import PARTIAL, match_rank
from planner.core.records.specs import Catalog, GpuSpec
from planner.paths import bundled_data_dir, catalog_db_path

if TYPE_CHECKING:  # the run reader brings pydantic: imported only when runs are read
    from planner.catalog.layers import GpuLayer
    from planner.catalog.runs import CheckedRun, ReadResult
    from planner.core.plan.runs import RunBook

__all__ = ["HEAD_REVISION", "REVISIONS", "SCHEMA_VERSION", "CatalogError", "CatalogStore",
           "alembic_config", "open_store"]

GpuStatus = Literal["bundled", "edited", "user"]
_NOT_ALNUM = re.compile(r"[\W_]+")
#: The ``meta`` key of the user's calibration switch (``on``/``off``; absent: on).
CALIBRATE_KEY = "calibrate_from_runs"


class CatalogError(ValueError):
    """A catalog change that cannot be made (unknown id, duplicate id, invalid figures)."""


def _usd(picked: PickedPrice | None) -> float | None:
    """A current price in dollars; a stale one ("last seen") is no price to filter or sort by."""
    return picked.amount if picked is not None and picked.current else None


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

    @property
    def engine(self) -> Engine:
        """The open database (the team sync shares it: planner.catalog.team)."""
        return self._engine

    # -- reading ---------------------------------------------------------------------------

    def reload(self) -> Catalog:
        """Forget the cached catalog (another writer, such as a sync, changed rows) and read."""
        self._catalog, self._entries = None, []
        return self.catalog()

    def layers(self) -> dict[str, GpuLayer]:
        """Which layer each GPU's figures come from (bundled, team, local, own), by id."""
        from planner.catalog.layers import gpu_layers

        return gpu_layers(self._engine)

    def catalog(self) -> Catalog:
        """Everything in the database as one immutable catalog (user edits win over bundled)."""
        if self._catalog is None:
            self._load()
        assert self._catalog is not None
        return self._catalog

    @staticmethod
    def _rows(session: Session, model: type[_Row], history: bool = False) -> list[tuple[str, str]]:
        """A table's ``(record, origin)`` rows in catalog order (the order quick.row_query has).

        Only two columns are fetched (no ORM objects): this runs after every write. A GPU's
        record is the one the catalog opens (its choosable prices, ``quick.OPENED``) unless
        ``history`` asks for every price record.
        """
        record: Any = model.record
        if model is GpuRow and not history:
            record = func.coalesce(col(GpuRow.open_record), col(GpuRow.record))
        statement = (select(record, model.origin)
                     .order_by(col(model.origin), col(model.position), col(model.id)))
        return [(text, origin) for text, origin in session.exec(statement).all()]

    def _read(self, history: bool) -> Catalog:
        from planner.catalog.team.quarantine import mending  # a malformed row never stops it

        return mending(self._engine, lambda: self._read_once(history))

    def _read_once(self, history: bool) -> Catalog:
        with Session(self._engine) as session:
            meta = session.get(MetaRow, "catalog_version")
            rows = {model.__tablename__: self._rows(session, model, history) for model in (
                GpuRow, ArchitectureRow, WorkloadRow, TariffRow, CarbonRow, CloudInstanceRow)}
            return catalog_from_rows(rows, meta.value if meta is not None else "")

    def catalog_with_history(self) -> Catalog:
        """The catalog with every GPU's full price history (exports; not cached).

        :meth:`catalog` opens each GPU with the price records a price can be chosen from
        (:func:`planner.core.costs.prices.choosable`), which price every card the same; this
        reads the rest too, for the command line's ``catalog gpus`` export.
        """
        return self._read(history=True)

    def _load(self) -> None:
        catalog = self._read(history=False)
        arch_names = {a.id: a.name.lower() for a in catalog.architectures}
        entries = []
        rates = bundled_rates()
        for g in catalog.gpus:
            arch_name = arch_names.get(g.architecture, "")
            text = " ".join((g.name, g.vendor, g.architecture, arch_name, g.id)).lower()
            entries.append(_Entry(
                spec=g, text=text, squashed=_NOT_ALNUM.sub("", text),
                vendor=g.vendor.lower(), architecture=g.architecture.lower(),
                architecture_name=arch_name, price_usd=_usd(card_price(g, "USD", rates))))
        self._catalog, self._entries = catalog, entries

    def search_gpus(self, text: str = "", vendor: str | None = None,
                    architecture: str | None = None, min_memory_gb: float | None = None,
                    max_price_usd: float | None = None,
                    max_power_w: float | None = None) -> list[GpuSpec]:
        """GPUs matching every given filter, in catalog order.

        ``text`` matches name, vendor, architecture (id or name) and id case-insensitively, each
        word anywhere and in any order ("4090 rtx", "rtx4090" and "lovelace" all find the RTX
        4090). A card the text names exactly, then one it names completely (see
        :func:`planner.core.records.lookup.match_rank`), comes first: "RTX 3060" lists the RTX 3060
        12GB and
        the 3060 Ti equally, "GeForce RTX 4070" puts the RTX 4070 above its SUPER and Ti. The price
        is :func:`planner.core.costs.prices.card_price` in US dollars under default preferences;
        a GPU without one is left out only when ``max_price_usd`` is given.
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
        if words:
            result.sort(key=lambda g: PARTIAL if (r := match_rank(g, text)) is None else r)
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
        from planner.catalog.datafiles import check_gpu_record

        present = {k: v for k, v in gpu_record(spec).items() if v is not None}
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
                               position=(last or 0) + 1, record=dumps(record),
                               **gpu_columns(record)))

    def update_gpu(self, spec: GpuSpec) -> None:
        """Change a GPU; a bundled one is marked ``user_edited`` and keeps its original.

        ``spec`` is a card as :meth:`catalog` shows it, so its prices are the choosable ones:
        the stored history it never showed (older quotes) is kept, never lost to an edit.
        """
        record = self._checked(spec)
        with self._write() as session:
            row = session.get(GpuRow, spec.id)
            if row is None:
                raise CatalogError(f"There is no GPU with the id '{spec.id}' to update.")
            record = _with_history(record, row.record)
            if row.origin == ORIGIN_BUNDLED and not row.user_edited:
                row.bundled_record = row.record
                row.user_edited = True
            row.record = dumps(record)
            for key, value in gpu_columns(record).items():
                setattr(row, key, value)
            session.add(row)

    def edit_for_team(self, spec: GpuSpec) -> None:
        """Change a GPU here at once and queue the change for the team server's next sync."""
        from planner.catalog.team.outbox import queue_gpu

        self.update_gpu(spec)
        queue_gpu(self._engine, spec.id)

    def reset_gpu(self, gpu_id: str, *, team: bool) -> bool:
        """Put a card back to its bundled figures (see :func:`planner.catalog.layers.reset_gpu`)."""
        from planner.catalog.layers import reset_gpu

        done = reset_gpu(self._engine, gpu_id, team=team)
        self._catalog, self._entries = None, []
        return done

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
            for key, value in gpu_columns(original).items():
                setattr(row, key, value)
            session.add(row)

    # -- measured runs ---------------------------------------------------------------------

    def run_records(self) -> list[dict[str, Any]]:
        """The user's measured-run records as imported, oldest run first."""
        with Session(self._engine) as session:
            rows = session.exec(select(MeasuredRunRow).order_by(
                col(MeasuredRunRow.when), col(MeasuredRunRow.id))).all()
        return [json.loads(r.record) for r in rows]

    def add_runs(self, runs: Sequence[CheckedRun]) -> int:
        """Store checked runs; returns how many were new (a record already stored is skipped)."""
        added = 0
        stamp = dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()
        with Session(self._engine) as session:
            for checked in runs:
                if session.get(MeasuredRunRow, checked.run.id) is not None:
                    continue
                session.add(MeasuredRunRow(id=checked.run.id, record=dumps(checked.record),
                                           gpu_id=checked.run.gpu_id, when=checked.run.when,
                                           imported=stamp))
                added += 1
                session.flush()
            session.commit()
        return added

    def runs_stamp(self) -> tuple[int, str]:
        """How many runs are stored and the newest import's time: changes with every import."""
        with Session(self._engine) as session:
            count, newest = session.exec(select(func.count(), func.max(
                MeasuredRunRow.imported))).one()
        return int(count), newest or ""

    def measured_runs(self) -> ReadResult:
        """The stored runs checked against today's catalog.

        One that no longer reads (its GPU left the catalog, say) is reported and kept stored,
        never dropped.
        """
        from planner.catalog.runs import ReadResult, read_records

        records = self.run_records()
        if not records:
            return ReadResult((), ())
        return read_records(json.dumps(records).encode("utf-8"), self.catalog(),
                            "your stored runs")

    def calibrating(self) -> bool:
        """Whether estimates are calibrated from the stored runs (the user's switch; default on).

        Kept beside the runs, in the catalog file, so the app and every command read one switch.
        """
        with Session(self._engine) as session:
            row = session.get(MetaRow, CALIBRATE_KEY)
        return row is None or row.value != "off"

    def set_calibrating(self, on: bool) -> None:
        """Turn calibration from the stored runs on or off, for the app and the commands alike."""
        with Session(self._engine) as session:
            session.merge(MetaRow(key=CALIBRATE_KEY, value="on" if on else "off"))
            session.commit()

    def run_book(self) -> tuple[RunBook, tuple[str, ...]]:
        """The stored runs as every memory view takes them, with the switch; and the refusals."""
        from planner.core.plan.runs import RunBook

        read = self.measured_runs()
        return RunBook(tuple(c.run for c in read.runs), self.calibrating()), read.problems

    # -- lifetime --------------------------------------------------------------------------

    def close(self) -> None:
        """Release the database file (needed before moving or deleting it on Windows)."""
        self._engine.dispose()

    def __enter__(self) -> CatalogStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _with_history(record: Record, stored: str) -> Record:
    """``record`` plus the stored price records the catalog never showed (its history)."""
    from planner.catalog.records import price_from_record
    from planner.core.costs.prices import choosable

    texts = json.loads(stored).get("prices") or []
    prices = [price_from_record(p) for p in texts]
    shown = {id(p) for p in choosable(prices)}
    mine = {price_from_record(p) for p in record.get("prices") or ()}
    hidden = [t for t, p in zip(texts, prices, strict=True) if id(p) not in shown and p not in mine]
    # After the shown ones: a hidden record lost a full tie to the first listed and still must.
    return {**record, "prices": [*(record.get("prices") or ()), *hidden]} if hidden else record


def open_store(path: Path | None = None, *, data_dir: Path | None = None,
               prebuilt: bool = True) -> CatalogStore:
    """Open the catalog database, creating, migrating, re-seeding or rebuilding it as needed.

    ``path`` defaults to ``catalog.sqlite`` in the user data folder and ``data_dir`` to the
    bundled ``data/``. Never raises for a bad database file: problems end up in ``notice``.
    A new database starts as a copy of the one built with the program (``prebuilt``, see
    :mod:`planner.catalog.prebuilt`) when there is one, so it needs no seeding.
    """
    db_path = path if path is not None else catalog_db_path()
    data_dir = data_dir if data_dir is not None else bundled_data_dir()
    if prebuilt:
        install(db_path, data_dir, open_store)
    notices: list[str] = []
    for _attempt in range(2):
        engine: Engine | None = None
        try:
            engine = file_engine(db_path)
            seed_notice = _seed(engine, data_dir)
            notices += [seed_notice] if seed_notice else []
            return CatalogStore(engine, db_path, " ".join(notices) or None)
        except Busy:
            dispose(engine)
            notices.append("The catalog database is locked by another program, so this session "
                           "works from memory and will not keep changes.")
            break
        except (Unusable, SQLAlchemyError, sqlite3.Error) as exc:
            dispose(engine)
            problem = environmental(exc)
            if problem:  # the file is fine; the disk or its permissions are not
                notices.append(f"The catalog database {problem}, so this session works from "
                               "memory and will not keep changes.")
                break
            reason = exc.reason if isinstance(exc, Unusable) else "could not be read"
        except OSError as exc:
            dispose(engine)
            notices.append(f"The catalog database could not be written ({exc.strerror or exc}), "
                           "so this session works from memory and will not keep changes.")
            break
        try:
            aside = move_aside(db_path)
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
    engine = memory_engine()
    seed_notice = _seed(engine, data_dir)
    notices += [seed_notice] if seed_notice else []
    return CatalogStore(engine, None, " ".join(notices))
