"""Shared builds: ``.gpubuild`` documents published to the team, each change kept in a history.

A build is published under its name; ``version`` rises with each accepted publish and every
version's document is kept in ``shared_build_history``. Like a GPU edit, a publish names the
version it started from (the one this copy last pulled or published, kept in the local ``meta``
as ``build_base:<name>``), so a colleague's newer publish is never overwritten unseen. The local
file caches the list (names, versions, authors, dates) so the Team Builds list shows offline too;
documents are fetched when opened. This module stores text: checking a document (its format
version included) is the documents layer's job, done by the UI and CLI before and after.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from planner.catalog.models import metadata
from planner.catalog.team import outbox as ob

builds = metadata.tables["shared_builds"]
history = metadata.tables["shared_build_history"]


@dataclass(frozen=True, slots=True)
class SharedBuild:
    """One entry of the Team Builds list."""

    name: str
    version: int
    author: str
    updated_at: str
    format_version: int


def format_version(document: str) -> int:
    """The ``version`` a ``.gpubuild`` text declares (0 when it has none)."""
    try:
        value = json.loads(document).get("version", 0)
    except (ValueError, AttributeError):
        return 0
    return value if isinstance(value, int) else 0


def base_key(name: str) -> str:
    """The ``meta`` key holding the version this copy of a build was pulled or published at."""
    return f"build_base:{name}"


def base_version(local: Engine, name: str) -> int:
    """The team version this copy last pulled or published of ``name`` (0: never)."""
    with local.connect() as con:
        value = ob.get_meta(con, base_key(name))
    return int(value) if value else 0


def queue_publish(local: Engine, name: str, document: str) -> None:
    """Queue a build for publishing (sent by the next sync)."""
    with local.begin() as con:
        base = ob.get_meta(con, base_key(name))
        ob.queue(con, "build", name, "put", document, int(base) if base else 0)


def push_build(srv: Connection, entry: Any, stamp: dict[str, Any]) -> dict[str, Any] | None:
    """Publish one queued build on the server; returns the outcome or a conflict."""
    row = srv.execute(select(builds.c.version, builds.c.deleted, builds.c.author,
                             builds.c.updated_at, builds.c.document)
                      .where(builds.c.name == entry.key)).first()
    current = row.version if row is not None else 0
    if current != entry.base_version and row is not None:
        from planner.catalog.team.sync import already_there

        if already_there(row, entry, "document"):  # our own publish, taken before a crash
            return {"version": current, "author": row.author, "updated_at": row.updated_at}
    if current != entry.base_version:
        return {"conflict": {"record": None if row is None or row.deleted
                             else {"document": row.document},
                             "version": current, "author": row.author if row else "",
                             "updated_at": row.updated_at if row else ""}}
    new = current + 1
    values = {"document": entry.payload, "format_version": format_version(entry.payload),
              "deleted": entry.op == "delete", **stamp}
    stamped = (builds.c.version, builds.c.author, builds.c.updated_at)
    if row is None:
        try:
            with srv.begin_nested():
                done = srv.execute(insert(builds).values(name=entry.key, version=new, **values)
                                   .returning(*stamped)).first()
        except IntegrityError:  # published by someone else a moment ago
            return push_build(srv, entry, stamp)
    else:
        done = srv.execute(update(builds).where(builds.c.name == entry.key,
                                                builds.c.version == current)
                           .values(version=new, **values).returning(*stamped)).first()
        if done is None:
            return push_build(srv, entry, stamp)
    assert done is not None
    # The server's triggers (0006) set author and time on both rows; what it recorded is kept.
    srv.execute(insert(history).values(name=entry.key, version=new, document=entry.payload,
                                       author=done.author, updated_at=done.updated_at))
    return dict(done._asdict())


def accepted(con: Connection, entry: Any, outcome: dict[str, Any]) -> None:
    """The team took this copy's publish: remember its version as this copy's base."""
    ob.set_meta(con, base_key(entry.key), str(outcome["version"]))
    _cache(con, [{"name": entry.key, "version": outcome["version"],
                  "author": outcome["author"], "updated_at": outcome["updated_at"],
                  "format_version": format_version(entry.payload), "deleted": False,
                  "document": entry.payload}])


def _cache(con: Connection, rows: list[dict[str, Any]]) -> None:
    for row in rows:
        values = {k: row[k] for k in ("version", "author", "updated_at", "format_version",
                                      "deleted")}
        values["document"] = row.get("document")
        if con.execute(update(builds).where(builds.c.name == row["name"])
                       .values(**values)).rowcount == 0:
            con.execute(insert(builds).values(name=row["name"], **values))


def pull_builds(srv: Connection) -> list[dict[str, Any]]:
    """The team's list of builds (names, versions, authors, dates; no documents)."""
    columns = (builds.c.name, builds.c.version, builds.c.author, builds.c.updated_at,
               builds.c.format_version, builds.c.deleted)
    return [r._asdict() for r in srv.execute(select(*columns))]


def take_builds(con: Connection, theirs: list[dict[str, Any]]) -> int:
    """Refresh the cached Team Builds list from :func:`pull_builds`; returns how many changed.

    A changed build's cached document is dropped (it is fetched again when opened).
    """
    ours = {r[0]: r[1] for r in con.execute(select(builds.c.name, builds.c.version))}
    changed = [r for r in theirs if ours.get(r["name"]) != r["version"]]
    _cache(con, changed)
    return len(changed)


def listed(local: Engine) -> list[SharedBuild]:
    """The Team Builds list as last synced, newest first."""
    # Plain tuples of the listed columns (never the cached documents): 10,000 builds stay cheap.
    query = (select(builds.c.name, builds.c.version, builds.c.author, builds.c.updated_at,
                    builds.c.format_version).where(builds.c.deleted.is_(False))
             .order_by(builds.c.updated_at.desc(), builds.c.name))
    with local.connect() as con:
        rows = con.execute(query).all()
    return [SharedBuild(name, version, author or "", updated_at or "", format_version)
            for name, version, author, updated_at, format_version in rows]


def fetch(local: Engine, server: Engine | None, name: str) -> tuple[str, int] | None:
    """A shared build's document and version: from the server when given, else the cache.

    The fetched version becomes this copy's base for a later publish of the same name.
    """
    if server is not None:
        with server.connect() as srv:
            row = srv.execute(select(builds.c.document, builds.c.version, builds.c.deleted)
                              .where(builds.c.name == name)).first()
        if row is None or row.deleted or row.document is None:
            return None
        with local.begin() as con:
            con.execute(update(builds).where(builds.c.name == name)
                        .values(document=row.document, version=row.version))
            ob.set_meta(con, base_key(name), str(row.version))
        return str(row.document), int(row.version)
    with local.begin() as con:
        cached = con.execute(select(builds.c.document, builds.c.version)
                             .where(builds.c.name == name, builds.c.deleted.is_(False))).first()
        if cached is None or cached.document is None:
            return None
        ob.set_meta(con, base_key(name), str(cached.version))
    return str(cached.document), int(cached.version)


def history_of(server: Engine, name: str) -> list[tuple[int, str, str]]:
    """Every published version of a build: ``(version, author, updated_at)``, newest first."""
    with server.connect() as srv:
        rows = srv.execute(select(history.c.version, history.c.author, history.c.updated_at)
                           .where(history.c.name == name).order_by(history.c.version.desc()))
        return [(r.version, r.author or "", r.updated_at or "") for r in rows]


def fetch_version(server: Engine, name: str, version: int) -> str | None:
    """One published version's document from the team's history (None when it has none).

    Opening an older version does not change the version this copy was pulled at: publishing
    it again is checked against the team's newest, as any publish is.
    """
    with server.connect() as srv:
        value = srv.execute(select(history.c.document).where(
            history.c.name == name, history.c.version == version)).scalar()
    return None if value is None else str(value)


def server_version(server: Engine, name: str) -> int:
    """The team's current version of a build (0 when it has none)."""
    with server.connect() as srv:
        value = srv.execute(select(builds.c.version).where(builds.c.name == name)).scalar()
    return int(value or 0)
