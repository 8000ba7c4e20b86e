"""Price packs in the user's catalog: the diff before applying, the change, its undo, re-seeds.

A pack (:mod:`planner.catalog.price_pack`) changes the readings of the catalog's own cards (rows
from ``data/``, edited or not); the user's own cards and team-only cards are left out. What is
kept of an applied pack is its per-card delta (:mod:`planner.core.costs.price_book`) in ``meta``,
under ``price_pack:NNNNNN`` (a key-value row: no table, so no migration), with each changed
column's readings before and after:

* **apply** writes every card and the pack's row in one transaction: all or nothing;
* **undo** takes the newest pack back: a card still as the pack left it gets its earlier readings
  exactly; one changed since (a team sync, an edit) gets the inverse delta;
* **re-seed** (``data/VERSION`` changed, :mod:`planner.catalog.seeding`) first takes every pack
  back, newest first, then replaces the bundled rows, then applies every pack again, oldest
  first, on the new readings: an update of the program never drops a pack the user applied, and
  a reading the release brought that the pack never saw is kept.

No Qt.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, delete, insert, select, update
from sqlalchemy.exc import SQLAlchemyError

from planner.catalog.models import metadata
from planner.catalog.quick import ORIGIN_BUNDLED
from planner.catalog.records import gpu_from_record, price_from_record, to_record
from planner.core.costs.money import Rates
from planner.core.costs.price_book import CardDelta, PackDiff, apply_delta, pack_diff
from planner.core.records.specs import Price

if TYPE_CHECKING:  # a re-seed needs no downloader: urllib is imported only to read a pack
    from planner.catalog.price_pack import PricePack

PACK_PREFIX = "price_pack:"
"""``meta`` keys of the applied packs, numbered in the order they were applied."""
_COLUMNS = ("record", "bundled_record")
_gpus = metadata.tables["gpus"]
_meta = metadata.tables["meta"]


@dataclass(frozen=True, slots=True)
class AppliedPack:
    """A pack applied to this catalog: what it was and how many cards it changed."""

    key: str
    name: str
    as_of: str
    sha256: str
    source: str
    applied_at: str
    cards: int


def _info(key: str, entry: Mapping[str, Any]) -> AppliedPack:
    return AppliedPack(key, entry["name"], entry["as_of"], entry["sha256"], entry["source"],
                       entry["applied_at"], len(entry["cards"]))


def _prices(text: str | None) -> tuple[Price, ...]:
    if text is None:
        return ()
    return tuple(price_from_record(p) for p in json.loads(text).get("prices") or ())


def _plain(prices: Sequence[Price]) -> list[dict[str, Any]]:
    return [to_record(p) for p in prices]


def _delta_record(delta: CardDelta) -> dict[str, Any]:
    return {"added": _plain(delta.added), "removed": _plain(delta.removed),
            "changed": [[to_record(old), to_record(new)] for old, new in delta.changed]}


def _delta_of(gpu_id: str, saved: Mapping[str, Any]) -> CardDelta:
    return CardDelta(
        gpu_id, added=tuple(price_from_record(p) for p in saved["added"]),
        changed=tuple((price_from_record(o), price_from_record(n)) for o, n in saved["changed"]),
        removed=tuple(price_from_record(p) for p in saved["removed"]))


def _rows(con: Connection, ids: Sequence[str]) -> dict[str, Any]:
    """The catalog's own cards among ``ids`` (rows from ``data/``), by id."""
    found = con.execute(select(_gpus.c.id, _gpus.c.record, _gpus.c.bundled_record)
                        .where(_gpus.c.id.in_(list(ids)), _gpus.c.origin == ORIGIN_BUNDLED))
    return {row.id: row for row in found}


def _write(con: Connection, row: Any, changes: Mapping[str, Sequence[Price]]) -> None:
    """Give the row's columns their new readings (the list columns follow ``record``)."""
    from planner.catalog.seeding import dumps, gpu_columns

    values: dict[str, Any] = {}
    for column, prices in changes.items():
        record = {**json.loads(getattr(row, column)), "prices": _plain(prices)}
        values[column] = dumps(record)
        if column == "record":
            values.update(gpu_columns(record))
    if values:
        con.execute(update(_gpus).where(_gpus.c.id == row.id).values(**values))


def _apply_row(con: Connection, row: Any, delta: CardDelta) -> dict[str, Any]:
    """Apply a delta to a row's columns; returns each changed column's readings before/after."""
    saved: dict[str, Any] = {}
    changes: dict[str, tuple[Price, ...]] = {}
    for column in _COLUMNS:
        text = getattr(row, column)
        if text is None:
            continue
        before = _prices(text)
        after = apply_delta(before, delta)
        if after != before:
            changes[column] = after
            saved[column] = {"before": _plain(before), "after": _plain(after)}
    _write(con, row, changes)
    return saved


def _undo_row(con: Connection, row: Any, delta: CardDelta, saved: Mapping[str, Any]) -> None:
    """Take a delta back from a row: its earlier readings exactly, if untouched since."""
    changes: dict[str, tuple[Price, ...]] = {}
    for column, readings in saved.items():
        now = _prices(getattr(row, column))
        after = tuple(price_from_record(p) for p in readings["after"])
        changes[column] = (tuple(price_from_record(p) for p in readings["before"])
                           if now == after else apply_delta(now, delta.inverse()))
    _write(con, row, changes)


def _entries(con: Connection) -> list[tuple[str, dict[str, Any]]]:
    rows = con.execute(select(_meta.c.key, _meta.c.value)
                       .where(_meta.c.key.like(PACK_PREFIX + "%")).order_by(_meta.c.key))
    return [(key, json.loads(value)) for key, value in rows]


def applied_packs(engine: Engine) -> list[AppliedPack]:
    """The packs applied to this catalog, oldest first."""
    with engine.connect() as con:
        return [_info(key, entry) for key, entry in _entries(con)]


def _gpus_of(rows: Mapping[str, Any]) -> list[Any]:
    return [gpu_from_record({**json.loads(r.record), "custom": False}) for r in rows.values()]


def preview(engine: Engine, pack: PricePack, currency: str, rates: Rates | None,
            today: str | None = None) -> PackDiff:
    """What applying ``pack`` would change, card by card, priced in ``currency``."""
    with engine.connect() as con:
        rows = _rows(con, list(pack.readings))
    return pack_diff(_gpus_of(rows), pack.readings, currency, rates, today)


@contextmanager
def _transaction(engine: Engine) -> Iterator[Connection]:
    """One transaction; a database that refuses the write is one sentence (a PackError)."""
    from planner.catalog.dbfile import environmental
    from planner.catalog.price_pack import PackError

    try:
        with engine.begin() as con:
            yield con
    except (SQLAlchemyError, sqlite3.Error, OSError) as exc:
        reason = environmental(exc) or "could not be written"
        raise PackError("catalog", f"The catalog database {reason}, so nothing was changed.",
                        reason) from None


def apply_pack(engine: Engine, pack: PricePack, currency: str, rates: Rates | None,
               today: str | None = None) -> tuple[AppliedPack | None, PackDiff]:
    """Apply ``pack`` in one transaction; returns what was kept (None: nothing changed).

    The diff is worked out again inside the transaction, so it is the catalog as it is then
    that changes (and the returned diff says how). A write the database refuses raises
    :class:`~planner.catalog.price_pack.PackError` and leaves every card as it was.
    """
    stamp = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    with _transaction(engine) as con:
        rows = _rows(con, list(pack.readings))
        diff = pack_diff(_gpus_of(rows), pack.readings, currency, rates, today)
        if diff.empty:
            return None, diff
        cards = {card.gpu_id: {"delta": _delta_record(card.delta),
                               "columns": _apply_row(con, rows[card.gpu_id], card.delta)}
                 for card in diff.cards}
        entries = _entries(con)
        number = int(entries[-1][0][len(PACK_PREFIX):]) + 1 if entries else 1
        key = f"{PACK_PREFIX}{number:06d}"
        entry = {"name": pack.name, "as_of": pack.as_of, "sha256": pack.sha256,
                 "catalog_version": pack.catalog_version, "source": pack.source,
                 "applied_at": stamp, "cards": cards}
        con.execute(insert(_meta).values(key=key, value=json.dumps(entry, ensure_ascii=False)))
    return _info(key, entry), diff


def _take_back(con: Connection, entry: Mapping[str, Any]) -> None:
    cards = entry["cards"]
    rows = _rows(con, list(cards))
    for gpu_id, card in cards.items():
        if gpu_id in rows:
            _undo_row(con, rows[gpu_id], _delta_of(gpu_id, card["delta"]), card["columns"])


def undo_pack(engine: Engine) -> AppliedPack | None:
    """Take the newest applied pack back, in one transaction (None: no pack is applied)."""
    with _transaction(engine) as con:
        entries = _entries(con)
        if not entries:
            return None
        key, entry = entries[-1]
        _take_back(con, entry)
        con.execute(delete(_meta).where(_meta.c.key == key))
    return _info(key, entry)


def unwind(con: Connection) -> None:
    """Before a re-seed: take every applied pack back, newest first (their rows stay)."""
    for _key, entry in reversed(_entries(con)):
        _take_back(con, entry)


def replay(con: Connection) -> None:
    """After a re-seed: apply every pack again, oldest first, on the new readings."""
    for key, entry in _entries(con):
        cards = entry["cards"]
        rows = _rows(con, list(cards))
        for gpu_id, card in cards.items():
            if gpu_id in rows:
                card["columns"] = _apply_row(con, rows[gpu_id],
                                             _delta_of(gpu_id, card["delta"]))
        con.execute(update(_meta).where(_meta.c.key == key)
                    .values(value=json.dumps(entry, ensure_ascii=False)))
