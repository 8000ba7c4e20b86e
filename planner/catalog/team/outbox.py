"""The local side of the team catalog: the queue of edits waiting for the server, and conflicts.

Every change meant for the team is written to the local file first (so the app shows it at once
and keeps it whatever happens to the network) and queued in ``team_outbox`` with the team version
it started from. Two edits of the same card before a sync become one queued change with the
older base version, so the server still sees what the edit was made against. A queued change the
server refused as out of date carries ``conflict``: the team's row as it is now, until the user
chooses (:func:`resolve`).
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import Connection, Engine, delete, func, insert, select, update

from planner.catalog.models import metadata
from planner.catalog.quick import ORIGIN_BUNDLED

Kind = Literal["gpu", "build"]
Op = Literal["put", "delete"]
Choice = Literal["theirs", "mine"]

gpus = metadata.tables["gpus"]
outbox = metadata.tables["team_outbox"]
meta = metadata.tables["meta"]
builds = metadata.tables["shared_builds"]

LAST_SYNC = "team_last_sync"
"""``meta`` key: when the last sync finished (ISO UTC)."""


def now() -> str:
    """The time a change is stamped with: UTC, to the second, ISO 8601."""
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class Conflict:
    """A queued change the team's newer row stopped; the user sees both and chooses."""

    seq: int
    kind: Kind
    key: str
    mine: dict[str, Any] | None
    """My version (a GPU record, or ``{"document": text}`` for a build); None: I deleted it."""
    theirs: dict[str, Any] | None
    """The team's version now; None when another member deleted it."""
    their_version: int
    their_author: str
    their_updated_at: str


def queue(con: Connection, kind: Kind, key: str, op: Op, payload: str | None,
          base_version: int) -> None:
    """Queue a change, merging it into a change of the same row already waiting."""
    waiting = con.execute(select(outbox.c.seq).where(outbox.c.kind == kind,
                                                     outbox.c.key == key)).first()
    if waiting is not None:
        con.execute(update(outbox).where(outbox.c.seq == waiting[0])
                    .values(op=op, payload=payload, created_at=now()))
        return
    con.execute(insert(outbox).values(kind=kind, key=key, op=op, payload=payload,
                                      base_version=base_version, created_at=now(),
                                      conflict=None))


def queue_gpu(local: Engine, gpu_id: str, op: Op = "put") -> None:
    """Queue the local row of a GPU (its current figures, or its deletion) for the team."""
    with local.begin() as con:
        row = con.execute(select(gpus.c.record, gpus.c.version)
                          .where(gpus.c.id == gpu_id)).first()
        if row is None:
            return
        queue(con, "gpu", gpu_id, op, row.record if op == "put" else None, row.version)


def pending(local: Engine) -> int:
    """How many changes wait for the server (conflicts included)."""
    with local.connect() as con:
        return int(con.execute(select(func.count()).select_from(outbox)).scalar() or 0)


def pending_keys(con: Connection, kind: Kind) -> set[str]:
    """The rows of one kind with a change waiting."""
    return {r[0] for r in con.execute(select(outbox.c.key).where(outbox.c.kind == kind))}


def last_sync(local: Engine) -> str | None:
    """When the last sync finished (ISO UTC), or None if never."""
    with local.connect() as con:
        row = con.execute(select(meta.c.value).where(meta.c.key == LAST_SYNC)).first()
    return str(row[0]) if row else None


ROLE = "team_role"
"""``meta`` key: ``address|role|member`` as the server last said (so a reader is told offline)."""


def remember_role(local: Engine, address: str, role: str, member: str) -> None:
    """Keep the role the server reported for this address (read before the next connection)."""
    with local.begin() as con:
        set_meta(con, ROLE, "|".join((address, role, member)))


def known_role(local: Engine, address: str) -> tuple[str, str] | None:
    """``(role, member)`` the server last reported for ``address``, or None (never, or another)."""
    with local.connect() as con:
        value = get_meta(con, ROLE)
    if value is None:
        return None
    parts = value.rsplit("|", 2)
    if len(parts) != 3 or parts[0] != address:
        return None
    return parts[1], parts[2]


def set_meta(con: Connection, key: str, value: str) -> None:
    """Write one ``meta`` value (insert or replace, on either engine)."""
    if con.execute(update(meta).where(meta.c.key == key).values(value=value)).rowcount == 0:
        con.execute(insert(meta).values(key=key, value=value))


def get_meta(con: Connection, key: str) -> str | None:
    """Read one ``meta`` value."""
    row = con.execute(select(meta.c.value).where(meta.c.key == key)).first()
    return str(row[0]) if row else None


def conflicts(local: Engine) -> list[Conflict]:
    """Every queued change the team's newer row stopped, oldest first."""
    with local.connect() as con:
        rows = con.execute(select(outbox).where(outbox.c.conflict.is_not(None))
                           .order_by(outbox.c.seq)).all()
    found = []
    for row in rows:
        theirs = json.loads(row.conflict)
        mine: dict[str, Any] | None = None
        if row.op == "put" and row.payload is not None:
            mine = json.loads(row.payload) if row.kind == "gpu" else {"document": row.payload}
        found.append(Conflict(seq=row.seq, kind=row.kind, key=row.key, mine=mine,
                              theirs=theirs.get("record"), their_version=theirs["version"],
                              their_author=theirs.get("author") or "",
                              their_updated_at=theirs.get("updated_at") or ""))
    return found


def settle_identical(local: Engine) -> int:
    """Settle every GPU conflict whose two sides hold the same record; returns how many.

    Such a "conflict" is no choice at all: one's own push the server took before the app could
    note it (stored so by an earlier version), or the same change made by two members. The
    team's row is followed, as Reload Theirs would, and nothing is sent again.
    """
    settled = 0
    with local.begin() as con:
        rows = con.execute(select(outbox).where(outbox.c.conflict.is_not(None),
                                                outbox.c.kind == "gpu")).all()
        for row in rows:
            theirs = json.loads(row.conflict)
            mine = json.loads(row.payload) if row.op == "put" and row.payload else None
            if mine != theirs.get("record"):
                continue
            con.execute(delete(outbox).where(outbox.c.seq == row.seq))
            follow_team(con, row.key, mine, theirs)
            settled += 1
    return settled


def resolve(local: Engine, seq: int, choice: Choice) -> None:
    """Settle a conflict: take the team's row (``theirs``) or send mine over it (``mine``)."""
    with local.begin() as con:
        row = con.execute(select(outbox).where(outbox.c.seq == seq)).first()
        if row is None or row.conflict is None:
            return
        theirs = json.loads(row.conflict)
        if choice == "mine":  # an informed overwrite: the next push names their version
            con.execute(update(outbox).where(outbox.c.seq == seq)
                        .values(base_version=theirs["version"], conflict=None))
            return
        con.execute(delete(outbox).where(outbox.c.seq == seq))
        if row.kind == "gpu":
            follow_team(con, row.key, theirs.get("record"), theirs)


def follow_team(con: Connection, gpu_id: str, record: dict[str, Any] | None,
                info: dict[str, Any]) -> None:
    """Make the local row show the team's figures (or the bundled ones when the team has none)."""
    from planner.catalog.seeding import dumps, gpu_columns

    row = con.execute(select(gpus).where(gpus.c.id == gpu_id)).first()
    stamp = {"version": info["version"], "author": info.get("author"),
             "updated_at": info.get("updated_at"), "deleted": record is None}
    if record is None:  # the team has no figures for it (deleted): back to bundled, or gone
        if row is None:
            return
        if row.origin != ORIGIN_BUNDLED:
            con.execute(delete(gpus).where(gpus.c.id == gpu_id))
            return
        bundled = row.bundled_record or row.record
        con.execute(update(gpus).where(gpus.c.id == gpu_id).values(
            record=bundled, bundled_record=None, user_edited=False, team_record=None,
            **gpu_columns(json.loads(bundled)), **stamp))
        return
    text = dumps(record)
    if row is None:
        con.execute(insert(gpus).values(
            id=gpu_id, origin="team", user_edited=False, position=0, record=text,
            bundled_record=None, team_record=text, **gpu_columns(record), **stamp))
        return
    values: dict[str, Any] = {"record": text, "team_record": text, **gpu_columns(record), **stamp}
    if row.origin == ORIGIN_BUNDLED:
        values["user_edited"] = True
        values["bundled_record"] = row.bundled_record if row.user_edited else row.record
    con.execute(update(gpus).where(gpus.c.id == gpu_id).values(**values))
