"""Team rows that cannot be used are set aside, never taken into the local file.

A GPU row on the server is written by members' apps, but the database is open to plain SQL too:
a hand-made fix or a script can leave a record that is not JSON, lacks ``vendor`` or holds a word
where a number belongs. Taken into the local file such a row made every catalog read fail, so
every command, the app's start and even the next sync ended in a traceback. Now each pulled row
is checked with the same rules as a user's own GPU (``datafiles.check_gpu_record``); a bad one is
kept out, listed here with one sentence (in ``meta``), and fetched again at every sync, so fixing
it on the server brings it in. A local file that already holds such a row (written by an older
version) is mended when the catalog is read: the row goes back to its bundled figures (or out),
its text is kept in the list, and its version is forgotten so the next sync fetches it again.
Queued edits are never touched. No Qt here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, delete, select, update

from planner.catalog.models import metadata
from planner.catalog.quick import ORIGIN_BUNDLED
from planner.catalog.team import outbox as ob

KEY = "team_quarantine"
"""``meta`` key: JSON ``{id: {"version", "code", "field", "problem"}}`` of the rows set aside."""
gpus = metadata.tables["gpus"]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class SetAside:
    """One team row kept out of the local file, and why."""

    gpu_id: str
    version: int
    code: str
    """``not_json``, ``not_object`` or ``field`` (a field missing or of the wrong kind)."""
    field: str
    problem: str
    """The English sentence (logs, ``--json``); the UI and CLI word ``code`` and ``field``."""


def _parsed(text: str | None) -> dict[str, Any] | tuple[str, str, str]:
    """The record as a dict, or the problem with it."""
    try:
        record = json.loads(text or "")
    except ValueError:
        return "not_json", "", "its record is not JSON"
    if not isinstance(record, dict):
        return "not_object", "", "its record is not a GPU record (a JSON object)"
    return record


def problem(text: str | None) -> tuple[str, str, str] | None:
    """``(code, field, English reason)`` when a GPU record cannot be used, else None.

    The full check: every rule of a user's own GPU, then the readers the catalog uses.
    """
    from planner.catalog.datafiles import check_gpu_record
    from planner.catalog.records import gpu_from_record
    from planner.catalog.seeding import gpu_columns

    record = _parsed(text)
    if isinstance(record, tuple):
        return record
    checked, errors = check_gpu_record(record)
    if checked is None:
        first = errors[0] if errors else None
        return "field", str(getattr(first, "field", "") or ""), str(first or "it is invalid")
    try:
        gpu_from_record(record)
        gpu_columns(record)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        return "field", "", f"it cannot be read ({exc})"
    return None


def _history_problem(record: dict[str, Any]) -> tuple[str, str, str] | None:
    """A quick check of a full record whose opened form passed :func:`problem`.

    The full record differs only by older price records (its history, read for exports and
    kept by edits): each must be a price a reader can build, with a number for its amount.
    Checked by hand because a hundred quotes through the full rules cost ~1 ms a card.
    """
    prices = record.get("prices") or ()
    if not isinstance(prices, list):
        return "field", "prices", "its prices are not a list"
    numbers, text = (int, float), str
    for price in prices:
        try:
            amount, currency, as_of = price["amount"], price["currency"], price["as_of"]
        except (TypeError, KeyError, IndexError):
            return "field", "prices", "a price record is not valid"
        if type(amount) not in numbers or type(currency) is not text or type(as_of) is not text:
            return "field", "prices", "a price record is not valid"
    return None


def pulled_problem(row: dict[str, Any]) -> tuple[str, str, str] | None:
    """What is wrong with a pulled team row (its ``record`` and ``open_record``), or None.

    ``open_record`` (what the catalog opens, a few prices) gets the full check; the full
    ``record`` a quick one when it differs. A row without ``open_record`` (pushed by an older
    app) is checked in full.
    """
    record = _parsed(row.get("record"))
    if isinstance(record, tuple):
        return record
    opened = row.get("open_record")
    if opened is None or opened == row.get("record"):
        return problem(row.get("record"))
    return problem(opened) or _history_problem(record)


def quarantined(local: Engine) -> dict[str, SetAside]:
    """The rows set aside at the last sync (or mended on opening), by id."""
    with local.connect() as con:
        return _read(con)


def _read(con: Connection) -> dict[str, SetAside]:
    try:
        kept = json.loads(ob.get_meta(con, KEY) or "{}")
    except ValueError:
        return {}
    return {k: SetAside(k, int(v.get("version", 0)), str(v.get("code", "")),
                        str(v.get("field", "")), str(v.get("problem", "")))
            for k, v in kept.items() if isinstance(v, dict)} if isinstance(kept, dict) else {}


def _write(con: Connection, entries: dict[str, dict[str, Any]]) -> None:
    ob.set_meta(con, KEY, json.dumps(entries, ensure_ascii=False, sort_keys=True))


def _entry(version: int, found: tuple[str, str, str], text: str | None = None) -> dict[str, Any]:
    code, field, reason = found
    entry: dict[str, Any] = {"version": version, "code": code, "field": field,
                             "problem": reason}
    if text is not None:
        entry["text"] = text  # what the local file held, so nothing is lost by mending it
    return entry


def sort_pulled(rows: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Split pulled rows into those to take and those to set aside (``{id: entry}``).

    A row without ``open_record`` (an older member's app) gets its display columns worked out
    here; the others keep the server's (its column types and NOT NULLs are the local file's).
    """
    from planner.catalog.seeding import gpu_columns

    good, bad = [], {}
    for row in rows:
        if row.get("deleted"):
            good.append(row)
            continue
        found = pulled_problem(row)
        if found is not None:
            bad[row["id"]] = _entry(int(row.get("version") or 0), found)
        elif row.get("open_record") is None:
            good.append({**row, **gpu_columns(json.loads(row["record"]))})
        else:
            good.append(row)
    return good, bad


def remember(con: Connection, bad: dict[str, Any], fetched: set[str], live: set[str]) -> None:
    """Keep this pull's bad rows, and earlier ones this pull did not fetch again.

    An earlier entry goes when its row was fetched again (then it is in ``bad`` or was taken)
    or is no longer on the server (``live``: its ids not deleted).
    """
    earlier = json.loads(ob.get_meta(con, KEY) or "{}")
    earlier = earlier if isinstance(earlier, dict) else {}
    kept = {k: v for k, v in earlier.items() if k not in fetched and k in live}
    if kept or bad or earlier:
        _write(con, {**kept, **bad})


def _shipped(gpu_id: str, cache: dict[str, str]) -> str | None:
    """The bundled ``data/`` record of a card (read once per mend; None when it has none)."""
    if not cache:
        from planner.catalog.datafiles import load_catalog
        from planner.catalog.seeding import dumps, gpu_record
        from planner.catalog.version import DataFileError

        try:
            cache.update({g.id: dumps(gpu_record(g)) for g in load_catalog().gpus})
        except (DataFileError, OSError):
            cache[""] = ""  # no bundled data to go back to: the row goes out
    return cache.get(gpu_id)


def mending(local: Engine, read: Callable[[], T]) -> T:
    """``read()`` the catalog, setting aside the GPU rows that stop it, then reading again.

    Such a row is a malformed team row an older version synced (:func:`mend`).
    """
    try:
        return read()
    except (ValueError, TypeError, KeyError, AttributeError):
        if not mend(local):
            raise
        return read()


def mend(local: Engine) -> list[str]:
    """Set aside every GPU row of the local file that cannot be read; returns their ids.

    A bundled card goes back to its bundled figures (kept in the row, else read from
    ``data/``), any other row out; the version is
    forgotten (0) so the next sync fetches the team's row again. Queued edits stay queued.
    """
    from planner.catalog.seeding import gpu_columns

    with local.begin() as con:
        rows = con.execute(select(gpus.c.id, gpus.c.origin, gpus.c.record, gpus.c.open_record,
                                  gpus.c.bundled_record, gpus.c.version)).all()
        entries = json.loads(ob.get_meta(con, KEY) or "{}")
        entries = entries if isinstance(entries, dict) else {}
        mended: list[str] = []
        shipped: dict[str, str] = {}
        for row in rows:
            found = problem(row.record) or (problem(row.open_record)
                                            if row.open_record is not None else None)
            if found is None:
                continue
            mended.append(row.id)
            entries[row.id] = _entry(int(row.version or 0), found, row.record)
            bundled = row.bundled_record
            if row.origin == ORIGIN_BUNDLED and (bundled is None or problem(bundled)):
                bundled = _shipped(row.id, shipped)
            if row.origin == ORIGIN_BUNDLED and bundled is not None and problem(bundled) is None:
                con.execute(update(gpus).where(gpus.c.id == row.id).values(
                    record=bundled, bundled_record=None, user_edited=False, team_record=None,
                    version=0, author=None, updated_at=None, deleted=False,
                    **gpu_columns(json.loads(bundled))))
            else:
                con.execute(delete(gpus).where(gpus.c.id == row.id))
        if mended:
            _write(con, entries)
    return mended
