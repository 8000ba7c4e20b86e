"""A member killed after the server took its push, before its own file noted it (real server).

The member's sync runs in a child process that dies (``os._exit``, as kill -9 would leave it)
inside the local transaction that clears the outbox, after the server's commit. The next sync
from the same file must see that the team holds its own change: no conflict with itself, no
second version on the server, nothing left queued.
"""

from __future__ import annotations

import json
import multiprocessing
import os
from pathlib import Path

from sqlalchemy import create_engine, text

from planner.catalog.team import builds, outbox
from planner.catalog.team.connection import sqlalchemy_url
from tests.team.clients import member
from tests.team.pg_cluster import SUPERUSER, Cluster

RTX = "nvidia-rtx-4090"
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "entry-level.gpubuild"


def _die_after_the_server_commits(folder: str, url: str, pgpass: str) -> None:
    """Edit a card and publish a build, then sync and die before the local commit."""
    os.environ["PGPASSFILE"] = pgpass
    from planner.catalog.team import sync

    m = member(Path(folder), url, "crashy")
    m.edit(RTX, tdp_w=471.0)
    builds.queue_publish(m.store.engine, "Crash box", EXAMPLE.read_text(encoding="utf-8"))

    def killed(*_args: object) -> None:
        os._exit(9)  # the server has committed; this copy's outbox has not been cleared

    sync.TeamSync._accepted = killed  # type: ignore[method-assign,assignment]
    m.team.sync()
    os._exit(0)  # pragma: no cover - not reached when the push was taken


def _server(url: str, sql: str) -> list[tuple[object, ...]]:
    engine = create_engine(sqlalchemy_url(url))
    with engine.connect() as con:
        rows = [tuple(r) for r in con.execute(text(sql))]
    engine.dispose()
    return rows


def test_a_push_taken_before_a_crash_is_recognised_as_ones_own(
        pg: Cluster, team_db: str, tmp_path: Path) -> None:
    url = pg.url(SUPERUSER, team_db)
    first = member(tmp_path, url, "crashy")
    first.team.sync()
    first.close()
    child = multiprocessing.get_context("spawn").Process(
        target=_die_after_the_server_commits, args=(str(tmp_path), url, str(pg.pgpass)))
    child.start()
    child.join(120)
    assert child.exitcode == 9  # it died where meant: after the server took the first push
    # The server holds the change; the member's file still queues it at its old base.
    assert _server(url, f"SELECT version, author FROM gpus WHERE id = '{RTX}'") == [
        (1, SUPERUSER)]
    again = member(tmp_path, url, "crashy")
    assert outbox.pending(again.store.engine) == 2
    result = again.team.sync()
    assert result.conflicts == [] and outbox.conflicts(again.store.engine) == []
    assert outbox.pending(again.store.engine) == 0
    assert result.pushed == 2
    # Recognised, not republished: still version 1 of each on the server.
    assert _server(url, f"SELECT version FROM gpus WHERE id = '{RTX}'") == [(1,)]
    assert _server(url, "SELECT version FROM shared_builds WHERE name = 'Crash box'") == [(1,)]
    assert _server(url, "SELECT count(*) FROM shared_build_history") == [(1,)]
    layer = again.store.layers()[RTX]
    assert (layer.layer, layer.version, again.gpu(RTX).tdp_w) == ("team", 1, 471.0)
    assert builds.base_version(again.store.engine, "Crash box") == 1
    # A later edit goes on top of version 1 without a conflict.
    again.edit(RTX, tdp_w=472.0)
    assert again.team.sync().conflicts == []
    assert _server(url, f"SELECT version, record FROM gpus WHERE id = '{RTX}'")[0][0] == 2
    assert json.loads(str(_server(url, f"SELECT record FROM gpus WHERE id = '{RTX}'")[0][0]))[
        "tdp_w"] == 472.0
    again.close()


def test_a_conflict_an_earlier_version_stored_against_ones_own_push_is_settled(
        pg: Cluster, team_db: str, tmp_path: Path) -> None:
    """Before this fix such a push was stored as a conflict ("changed by another member")."""
    url = pg.url(SUPERUSER, team_db)
    m = member(tmp_path, url, "m")
    m.team.sync()
    m.edit(RTX, tdp_w=481.0)
    with m.store.engine.connect() as con:
        [(payload,)] = con.execute(text("SELECT payload FROM team_outbox")).all()
    assert m.team.sync().pushed == 1
    with m.store.engine.begin() as con:  # what an older version stored after the crash
        theirs = {"record": json.loads(payload), "version": 1, "author": SUPERUSER,
                  "updated_at": "2026-12-07T10:00:00+00:00"}
        con.execute(text("INSERT INTO team_outbox (kind, key, op, payload, base_version, "
                         "created_at, conflict) VALUES ('gpu', :k, 'put', :p, 0, :t, :c)"),
                    {"k": RTX, "p": payload, "t": "2026-12-07T10:00:00+00:00",
                     "c": json.dumps(theirs)})
    assert len(outbox.conflicts(m.store.engine)) == 1
    result = m.team.sync()
    assert (result.pushed, result.conflicts) == (0, [])
    assert outbox.pending(m.store.engine) == 0
    assert _server(url, f"SELECT version FROM gpus WHERE id = '{RTX}'") == [(1,)]
    assert m.gpu(RTX).tdp_w == 481.0
    m.close()
