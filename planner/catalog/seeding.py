"""Seeding the catalog database from ``data/``: bundled rows replaced, the user's rows kept.

When ``data/VERSION`` differs from the version stored in ``meta``, every table's bundled rows are
replaced by the new data, keeping rows the user added (``origin="user"``) and bundled rows the user
edited (``user_edited``, whose new bundled figures become the revert target), and dropping bundled
rows the new data no longer has (unless the user edited them: those become the user's own).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import Engine
from sqlmodel import Session, select

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
from planner.catalog.records import Record, price_from_record, to_record
from planner.catalog.version import DataFileError, read_version
from planner.core.costs.prices import choosable, price_of
from planner.core.records.specs import GpuSpec


def dumps(record: Record) -> str:
    """A record as the compact JSON the ``record`` column holds."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def gpu_columns(r: Record) -> dict[str, Any]:
    """The GPU table's queryable columns, taken from the full record, and its ``open_record``.

    ``open_record`` is the record with its prices cut to :func:`choosable` (what the catalog
    opens; every price the app shows comes out the same, see models.GpuRow).
    """
    texts = list(r.get("prices") or ())
    prices = [price_from_record(p) for p in texts]
    shown = price_of(prices, None, None)
    kept = {id(p) for p in choosable(prices)}
    opened = r if len(kept) == len(texts) else {
        **r, "prices": [t for t, p in zip(texts, prices, strict=True) if id(p) in kept]}
    return {
        "vendor": r["vendor"], "name": r["name"], "architecture": r["architecture"],
        "segment": r["segment"], "form_factor": r["form_factor"], "memory_gb": r["memory_gb"],
        "memory_type": r["memory_type"], "memory_bandwidth_gbs": r["memory_bandwidth_gbs"],
        "tdp_w": r["tdp_w"], "fp16_tensor_tflops": r.get("fp16_tensor_tflops"),
        "launch_year": r.get("launch_year"),
        "price_amount": shown.amount if shown else None,
        "price_currency": shown.currency if shown else None,
        "price_kind": shown.kind if shown else None,
        "price_as_of": shown.as_of if shown else None,
        "open_record": dumps(opened),
    }


def _columns(model: type[_Row], r: Record) -> dict[str, Any]:
    """Return the explicit (queryable) columns of a table, taken from the full record."""
    if model is GpuRow:
        return gpu_columns(r)
    names = [c.name for c in model.__table__.columns  # type: ignore[attr-defined]
             if c.name not in _Row.model_fields]
    return {n: r.get(n) for n in names}


def gpu_record(spec: GpuSpec) -> Record:
    """Return a GPU's stored record: its fields minus ``custom`` (which follows ``origin``)."""
    record = to_record(spec)
    record.pop("custom", None)
    return record


def _reseed(session: Session, model: type[_Row], records: Sequence[Record]) -> None:
    """Replace the bundled rows of one table, keeping the user's rows and edits."""
    existing = {row.id: row for row in session.exec(select(model)).all()}
    for position, record in enumerate(records):
        text = dumps(record)
        row = existing.pop(record["id"], None)
        if row is None:
            session.add(model(id=record["id"], origin=ORIGIN_BUNDLED, user_edited=False,
                              position=position, record=text, **_columns(model, record)))
        elif row.origin != ORIGIN_BUNDLED:
            continue  # the user's (or the team's) own row with the same id wins
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
        if row.origin != ORIGIN_BUNDLED:  # the user's own, or a team card (planner.catalog.team)
            continue
        if row.user_edited:  # bundled no more, but the user cared: it becomes theirs
            row.origin, row.user_edited, row.bundled_record = ORIGIN_USER, False, None
            session.add(row)
        else:
            session.delete(row)


def fill_open_records(engine: Engine) -> int:
    """Work out ``open_record`` where it is missing; returns how many rows got one.

    Rows written before schema 5, or pulled from a team member whose app did not write it, have
    none (the full record is read meanwhile). Cheap when there are none. A row whose record
    cannot be read is left as it is, never a reason to refuse the file.
    """
    gpus = GpuRow.__table__  # type: ignore[attr-defined]
    with engine.begin() as con:
        missing = con.execute(sa.select(gpus.c.id, gpus.c.record)
                              .where(gpus.c.open_record.is_(None))).all()
        for gpu_id, text in missing:
            try:
                opened = gpu_columns(json.loads(text))["open_record"]
            except (ValueError, TypeError, KeyError, AttributeError):
                continue  # a malformed team row: the catalog's read sets it aside (quarantine)
            con.execute(sa.update(gpus).where(gpus.c.id == gpu_id).values(open_record=opened))
    return len(missing)


def seed(engine: Engine, data_dir: Path) -> str | None:
    """Re-seed when ``data/VERSION`` differs from the stored version; returns a notice or None.

    The data loader (and the schema it checks with) is imported only when ``data/`` is read.
    """
    fill_open_records(engine)
    with Session(engine) as session:
        stored_row = session.get(MetaRow, "catalog_version")
        stored = stored_row.value if stored_row is not None else None
    try:
        if read_version(data_dir) == stored:
            return None
        from planner.catalog.datafiles import load_catalog

        catalog = load_catalog(data_dir)
    except DataFileError as exc:
        fallback = (f"the catalog from an earlier start (version {stored}) is used"
                    if stored else "the catalog holds only your own entries")
        return (f"The bundled catalog could not be loaded ({exc.message.rstrip('.')}), so "
                f"{fallback}.")
    tables: Iterable[tuple[type[_Row], Sequence[Record]]] = (
        (GpuRow, [gpu_record(g) for g in catalog.gpus]),
        (ArchitectureRow, [to_record(a) for a in catalog.architectures]),
        (WorkloadRow, [{k: v for k, v in to_record(w).items() if k != "custom"}
                       for w in catalog.workloads]),
        (TariffRow, [to_record(t) for t in catalog.tariffs]),
        (CarbonRow, [to_record(c) for c in catalog.carbon]),
        (CloudInstanceRow, [to_record(c) for c in catalog.cloud]),
    )
    from planner.catalog.price_book import replay, unwind

    with Session(engine) as session:
        unwind(session.connection())  # the applied price packs come off, and back on after
        for model, records in tables:
            _reseed(session, model, records)
        session.flush()
        replay(session.connection())
        session.merge(MetaRow(key="catalog_version", value=catalog.version))
        session.commit()
    return None


