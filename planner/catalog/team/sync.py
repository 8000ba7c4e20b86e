"""One sync with the team server: send the queued changes, then take the team's newer rows.

Pushing is optimistic: an update names the version it was made against (``WHERE version = base``)
and PostgreSQL's row lock makes the check and the write one step, so of two members who edit the
same price from the same version, exactly one succeeds and the other's change stays queued as a
:class:`~planner.catalog.team.outbox.Conflict` (both versions kept, the user chooses). Nothing is
ever overwritten without its author having seen the newer row. Deleting is soft (``deleted`` set,
version raised) so it can be undone by a later change.

Pulling compares the server's ``(id, version)`` list with the local one and fetches only the rows
that differ, so a sync costs one small query when nothing changed. A card the user edited here
and never shared keeps the user's figures; a card that showed the team's figures follows them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from planner.catalog.quick import ORIGIN_BUNDLED
from planner.catalog.team import outbox as ob
from planner.catalog.team.connection import TeamError, worded
from planner.catalog.team.server import Role, member, prepare, read_only_sentence

_STAMPED = (ob.gpus.c.version, ob.gpus.c.author, ob.gpus.c.updated_at)
"""Read back from an accepted push: the version, author and time the server recorded."""
CHUNK = 500
"""Rows fetched per query when pulling (keeps the IN lists small)."""


@dataclass
class SyncResult:
    """What one sync did."""

    role: Role = "editor"
    pushed: int = 0
    pulled: int = 0
    conflicts: list[str] = field(default_factory=list)
    """Keys of changes that met a newer team row (waiting for the user's choice)."""
    refused: str | None = None
    """One sentence when the server refused the changes (a read-only role)."""
    quarantined: list[str] = field(default_factory=list)
    """Ids of team rows set aside as malformed (planner.catalog.team.quarantine), and of queued
    changes held back because the team's row (or the change itself) cannot be read."""


class TeamSync:
    """Syncs one local catalog file with one team database."""

    def __init__(self, local: Engine, address: str, server: Engine | None = None) -> None:
        from planner.catalog.team.connection import server_engine

        self.local, self.address = local, address
        self.server = server if server is not None else server_engine(address)
        self._prepared: Role | None = None
        self._member = ""

    def close(self) -> None:
        """Release the server connections."""
        self.server.dispose()

    def check(self) -> Role:
        """Reach the server, check its schema and return the member's role; one sentence if not."""
        try:
            return self._check()
        except SQLAlchemyError as exc:
            self._prepared = None
            self.server.dispose()
            raise worded(exc, self.address) from None

    def _check(self) -> Role:
        if self._prepared is None:
            self._prepared = prepare(self.server, self.address)
            self._member = member(self.server)
            # Remembered, so a reader is told before editing even while the server is away.
            ob.remember_role(self.local, self.address, self._prepared, self._member)
        return self._prepared

    @property
    def member(self) -> str:
        """The member's PostgreSQL role name, once :meth:`check` reached the server."""
        return self._member

    def sync(self) -> SyncResult:
        """Push, then pull; raises :class:`TeamError` (one sentence) when the server is away.

        A pooled connection the server dropped (it restarted) is noticed by its first query:
        the pool is emptied and the sync tried once more on a fresh connection.
        """
        for attempt in (1, 2):
            try:
                return self._sync()
            except SQLAlchemyError as exc:
                self._prepared = None  # check again next time (the server may have changed)
                self.server.dispose()
                if attempt == 1 and getattr(exc, "connection_invalidated", False):
                    continue
                raise worded(exc, self.address) from None
            except TeamError:
                self._prepared = None
                self.server.dispose()
                raise
        raise AssertionError("unreachable")  # pragma: no cover

    def _sync(self) -> SyncResult:
        result = SyncResult(role=self._check())
        self.push(result)
        result.pulled = self.pull(result)
        with self.local.begin() as con:
            ob.set_meta(con, ob.LAST_SYNC, ob.now())
        return result

    # -- pushing ---------------------------------------------------------------------------

    def push(self, result: SyncResult) -> None:
        """Send every queued change that is not waiting for the user's choice."""
        ob.settle_identical(self.local)  # a stored "conflict" with an identical row is none
        with self.local.connect() as con:
            queued = con.execute(select(ob.outbox).where(ob.outbox.c.conflict.is_(None))
                                 .order_by(ob.outbox.c.seq)).all()
        if queued and result.role == "reader":
            result.refused = read_only_sentence(self._member)
            return
        for entry in queued:
            try:
                with self.server.begin() as srv:
                    outcome = (self._push_gpu(srv, entry) if entry.kind == "gpu"
                               else self._push_build(srv, entry))
            except SQLAlchemyError as exc:
                error = worded(exc, self.address)
                if error.code == "read_only":
                    result.refused = str(error)
                    return
                raise
            with self.local.begin() as con:
                if outcome is None:
                    con.execute(delete(ob.outbox).where(ob.outbox.c.seq == entry.seq))
                    result.pushed += 1
                elif "held" in outcome:  # stays queued, as it is, until the row is fixed
                    result.quarantined.append(entry.key)
                elif "conflict" in outcome:
                    con.execute(update(ob.outbox).where(ob.outbox.c.seq == entry.seq)
                                .values(conflict=json.dumps(outcome["conflict"])))
                    result.conflicts.append(entry.key)
                else:
                    con.execute(delete(ob.outbox).where(ob.outbox.c.seq == entry.seq))
                    result.pushed += 1
                    self._accepted(con, entry, outcome)

    def _stamp(self) -> dict[str, Any]:
        """What the client says; a server at 0006 overwrites both (session_user, its clock)."""
        return {"author": self._member, "updated_at": ob.now()}

    def _theirs(self, srv: Connection, table: Any, key_col: Any, key: str,
                payload_col: str, entry: Any = None) -> dict[str, Any]:
        row = srv.execute(select(table).where(key_col == key)).first()
        if entry is not None and row is not None and already_there(row, entry, payload_col):
            # The team holds exactly this change: ours, taken before this copy could note it
            # (the app was killed between the server's commit and the local one), or the same
            # change made by another member. Either way nothing conflicts: follow the team.
            return {"version": row.version, "deleted": bool(row.deleted),
                    "author": row.author, "updated_at": row.updated_at}
        if row is None or row.deleted:
            return {"conflict": {"record": None, "version": row.version if row else 0,
                                 "author": row.author if row else "",
                                 "updated_at": row.updated_at if row else ""}}
        value = getattr(row, payload_col)
        if payload_col == "record":
            from planner.catalog.team.quarantine import problem

            if problem(value) is not None:  # the team's row cannot be shown: wait for a fix
                return {"held": True}
        return {"conflict": {"record": json.loads(value) if payload_col == "record"
                             else {"document": value},
                             "version": row.version, "author": row.author,
                             "updated_at": row.updated_at}}

    def _push_gpu(self, srv: Connection, entry: Any) -> dict[str, Any] | None:
        from planner.catalog.seeding import gpu_columns

        gpus = ob.gpus
        stamp = self._stamp()
        if entry.op == "delete":
            if entry.base_version == 0:
                return None  # the team never had it: nothing to delete there
            done = srv.execute(update(gpus).where(gpus.c.id == entry.key,
                                                  gpus.c.version == entry.base_version)
                               .values(deleted=True, version=gpus.c.version + 1, **stamp)
                               .returning(*_STAMPED)).first()
            if done is not None:
                return {"deleted": True, **done._asdict()}
            return self._theirs(srv, gpus, gpus.c.id, entry.key, "record", entry)
        from planner.catalog.team.quarantine import problem

        if problem(entry.payload) is not None:  # never spread a record no member could read
            return {"held": True}
        record = json.loads(entry.payload)
        values = {"record": entry.payload, "deleted": False, **gpu_columns(record), **stamp}
        if entry.base_version == 0:
            try:
                with srv.begin_nested():
                    made = srv.execute(insert(gpus).values(
                        id=entry.key, origin=self._origin(entry.key), user_edited=False,
                        position=0, bundled_record=None, team_record=None, version=1, **values)
                        .returning(*_STAMPED)).one()
                return {"deleted": False, **made._asdict()}
            except IntegrityError:
                pass  # another member created it first: fall through to the versioned update
        done = srv.execute(update(gpus).where(gpus.c.id == entry.key,
                                              gpus.c.version == entry.base_version)
                           .values(version=gpus.c.version + 1, **values)
                           .returning(*_STAMPED)).first()
        if done is not None:  # the server's own stamp (its triggers set author and time)
            return {"deleted": False, **done._asdict()}
        return self._theirs(srv, gpus, gpus.c.id, entry.key, "record", entry)

    def _origin(self, gpu_id: str) -> str:
        with self.local.connect() as con:
            origin = con.execute(select(ob.gpus.c.origin).where(ob.gpus.c.id == gpu_id)).scalar()
        return ORIGIN_BUNDLED if origin == ORIGIN_BUNDLED else "team"

    def _push_build(self, srv: Connection, entry: Any) -> dict[str, Any] | None:
        from planner.catalog.team.builds import push_build

        return push_build(srv, entry, self._stamp())

    def _accepted(self, con: Connection, entry: Any, outcome: dict[str, Any]) -> None:
        """Record in the local file that the team now holds this change."""
        if entry.kind == "build":
            from planner.catalog.team.builds import accepted

            accepted(con, entry, outcome)
            return
        record = None if outcome.get("deleted") else json.loads(entry.payload)
        ob.follow_team(con, entry.key, record, outcome)

    # -- pulling ---------------------------------------------------------------------------

    def pull(self, result: SyncResult | None = None) -> int:
        """Take every team row whose version differs from the local copy; returns how many.

        A row that cannot be read is set aside (``result.quarantined``), never taken.
        """
        from planner.catalog.team.builds import pull_builds, take_builds
        from planner.catalog.team.quarantine import remember, sort_pulled

        gpus = ob.gpus
        with self.local.connect() as con:
            ours = {r[0]: r[1] for r in con.execute(select(gpus.c.id, gpus.c.version)
                                                        .where(gpus.c.version > 0))}
            here = set(con.execute(select(gpus.c.id)).scalars())
        rows: list[dict[str, Any]] = []
        with self.server.connect() as srv:
            listed = srv.execute(select(gpus.c.id, gpus.c.version, gpus.c.deleted)).all()
            theirs = {row.id: row.version for row in listed}
            live = {row.id for row in listed if not row.deleted}
            # A team card deleted before this copy ever saw it needs no fetching.
            changed = [row.id for row in listed if ours.get(row.id) != row.version
                       and not (row.deleted and row.id not in here)]
            for start in range(0, len(changed), CHUNK):
                part = changed[start:start + CHUNK]
                rows += [r._asdict() for r in srv.execute(
                    select(*(gpus.c[name] for name in _PULLED)).where(gpus.c.id.in_(part)))]
            listed_builds = pull_builds(srv)
        rows += [{"id": key, "version": 0, "deleted": True, "record": None}
                 for key in ours if key not in theirs]  # removed outright: as if deleted
        good, bad = sort_pulled(rows)
        if result is not None:
            result.quarantined += [key for key in bad if key not in result.quarantined]
        with self.local.begin() as con:
            take_rows(con, good)
            remember(con, bad, {row["id"] for row in rows}, live)
            changed_builds = take_builds(con, listed_builds)
        return len(good) + changed_builds


_COLUMNS = ("vendor", "name", "architecture", "segment", "form_factor", "memory_gb",
            "memory_type", "memory_bandwidth_gbs", "tdp_w", "fp16_tensor_tflops", "launch_year",
            "price_amount", "price_currency", "price_kind", "price_as_of", "open_record")
"""The GPU table's display columns: the pushing member computed them; taken as they are."""
_PULLED = ("id", "record", "version", "author", "updated_at", "deleted", *_COLUMNS)


def already_there(row: Any, entry: Any, payload_col: str) -> bool:
    """Whether the team's row (GPU or shared build) is exactly the queued change."""
    if entry.op == "delete":
        return bool(row.deleted)
    if row.deleted:
        return False
    theirs = getattr(row, payload_col)
    if theirs == entry.payload:
        return True
    try:  # the same record written with other spacing or key order
        return payload_col == "record" and json.loads(theirs) == json.loads(entry.payload)
    except (TypeError, ValueError):
        return False


def take_rows(con: Connection, rows: list[dict[str, Any]]) -> None:
    """Apply pulled team rows to the local file in a few statements (1,000 rows in one go).

    A card that shows the team's figures (or the bundled ones) follows the team; a card with a
    change waiting, or edited here and never shared, keeps its figures and only learns the
    team's (``team_record`` and the version the next push will name).
    """
    gpus = ob.gpus
    waiting = ob.pending_keys(con, "gpu")
    local: dict[str, Any] = {}
    ids = [r["id"] for r in rows]
    for start in range(0, len(ids), CHUNK):
        for found in con.execute(select(gpus.c.id, gpus.c.origin, gpus.c.user_edited,
                                        gpus.c.record, gpus.c.team_record,
                                        gpus.c.bundled_record)
                                 .where(gpus.c.id.in_(ids[start:start + CHUNK]))):
            local[found.id] = found
    updates: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    inserts: list[dict[str, Any]] = []
    deletes: list[str] = []
    for row in rows:
        mine = local.get(row["id"])
        gone = bool(row["deleted"])
        stamp = {"version": row["version"], "author": row.get("author"),
                 "updated_at": row.get("updated_at"), "deleted": gone}
        team_text = None if gone else row["record"]
        follows = mine is None or mine.origin != ORIGIN_BUNDLED or not mine.user_edited \
            or mine.record == mine.team_record
        if mine is not None and (row["id"] in waiting or not follows):
            values = {"team_record": team_text, **stamp}
        elif gone:
            if mine is None:
                continue
            if mine.origin != ORIGIN_BUNDLED:
                deletes.append(row["id"])
                continue
            values = {"record": mine.bundled_record or mine.record, "bundled_record": None,
                      "user_edited": False, "team_record": None, **stamp,
                      **_bundled_columns(mine.bundled_record)}
        elif mine is None:
            inserts.append({"id": row["id"], "origin": "team", "user_edited": False,
                            "position": 0, "record": team_text, "bundled_record": None,
                            "team_record": team_text, **stamp,
                            **{k: row[k] for k in _COLUMNS}})
            continue
        else:
            values = {"record": team_text, "team_record": team_text, **stamp,
                      **{k: row[k] for k in _COLUMNS}}
            if mine.origin == ORIGIN_BUNDLED:
                values["user_edited"] = True
                values["bundled_record"] = (mine.bundled_record if mine.user_edited
                                            else mine.record)
        values["_id"] = row["id"]
        updates.setdefault(tuple(sorted(values)), []).append(values)
    from sqlalchemy import bindparam

    for keys, batch in updates.items():
        con.execute(update(gpus).where(gpus.c.id == bindparam("_id"))
                    .values({k: bindparam(k) for k in keys if k != "_id"}), batch)
    if inserts:
        con.execute(insert(gpus), inserts)
    if deletes:
        con.execute(delete(gpus).where(gpus.c.id.in_(deletes)))


def _bundled_columns(bundled: str | None) -> dict[str, Any]:
    if bundled is None:
        return {}
    from planner.catalog.seeding import gpu_columns

    return gpu_columns(json.loads(bundled))


def sync_once(local: Engine, address: str) -> SyncResult:
    """Open the server, sync once, close; raises :class:`TeamError` with one sentence."""
    try:
        team = TeamSync(local, address)
    except TeamError:
        raise
    try:
        return team.sync()
    finally:
        team.close()
