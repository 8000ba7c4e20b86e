"""History is append-only in the team database itself (revision 0006_append_only; real server).

Each rewrite the issue found is tried with plain SQL as a member of ``planner_editor``
(docs/team-roles.sql), the way a colleague with psql would, never through the app: each must be
refused by the server, or (author, time) overwritten by it. The app's own publishes and edits
still go through, stamped by the server with the member who logged in.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from planner.catalog.team import builds
from tests.team.clients import grant_roles, member
from tests.team.pg_cluster import SUPERUSER, Cluster

RTX = "nvidia-rtx-4090"
DOC = (Path(__file__).resolve().parents[2] / "examples" / "entry-level.gpubuild").read_text(
    encoding="utf-8")
NAME = "Lab box"


@pytest.fixture
def published(pg: Cluster, team_db: str, tmp_path: Path) -> Iterator[Cluster]:
    """Alice (an editor) publishes a build twice and edits the 4090 through the app."""
    owner = member(tmp_path, pg.url(SUPERUSER, team_db), "owner")
    owner.team.check()  # creates the tables (and the triggers)
    owner.close()
    grant_roles(pg, team_db, editors=("alice", "mallory"))
    alice = member(tmp_path, pg.url("alice", team_db), "alice")
    alice.team.sync()
    builds.queue_publish(alice.store.engine, NAME, DOC)
    assert alice.team.sync().pushed == 1
    second = json.loads(DOC) | {"notes": "Second thoughts: a used RTX 3090."}
    builds.queue_publish(alice.store.engine, NAME, json.dumps(second))
    assert alice.team.sync().pushed == 1
    alice.edit(RTX, tdp_w=451.0)
    assert alice.team.sync().pushed == 1
    alice.close()
    yield pg


def _as(pg: Cluster, db: str, user: str) -> psycopg.Connection:
    return psycopg.connect(host="127.0.0.1", port=pg.port, user=user,
                           password=pg.passwords[user], dbname=db, autocommit=True)


def _refused(con: psycopg.Connection, sql: str) -> str:
    with pytest.raises(psycopg.Error) as refused:
        con.execute(sql)  # type: ignore[arg-type]
    return str(refused.value)


def test_the_app_still_publishes_and_the_server_names_the_author(
        published: Cluster, team_db: str) -> None:
    with _as(published, team_db, SUPERUSER) as con:
        rows = con.execute("SELECT version, author FROM shared_build_history ORDER BY version"
                           ).fetchall()
        gpu = con.execute(f"SELECT version, author, updated_at FROM gpus WHERE id = '{RTX}'"
                          ).fetchone()
    assert rows == [(1, "alice"), (2, "alice")]
    assert gpu is not None and gpu[:2] == (1, "alice") and str(gpu[2]).endswith("+00:00")


@pytest.mark.parametrize("sql", [
    # change an old version's document, or its author
    f"UPDATE shared_build_history SET document = '{{}}' WHERE name = '{NAME}' AND version = 1",
    f"UPDATE shared_build_history SET author = 'bob' WHERE name = '{NAME}' AND version = 1",
    # remove a version
    f"DELETE FROM shared_build_history WHERE name = '{NAME}' AND version = 1",
    "TRUNCATE shared_build_history",
    # insert a version that was never published (an old number again, or one from nowhere)
    f"INSERT INTO shared_build_history (name, version, document, author, updated_at) "
    f"VALUES ('{NAME}', 3, '{{}}', 'alice', '2020-01-01T00:00:00+00:00')",
    # move a card's version backwards, or change it without a new version
    f"UPDATE gpus SET version = 0 WHERE id = '{RTX}'",
    f"UPDATE gpus SET record = replace(record, '451', '999') WHERE id = '{RTX}'",
    f"UPDATE shared_builds SET version = 1, document = '{{}}' WHERE name = '{NAME}'",
    f"DELETE FROM gpus WHERE id = '{RTX}'",
])
def test_an_editor_cannot_rewrite_history_with_plain_sql(published: Cluster, team_db: str,
                                                         sql: str) -> None:
    with _as(published, team_db, "mallory") as con:
        before = con.execute("SELECT name, version, document, author, updated_at "
                             "FROM shared_build_history ORDER BY id").fetchall()
        card = con.execute(f"SELECT version, record, author FROM gpus WHERE id = '{RTX}'"
                           ).fetchone()
        _refused(con, sql)
        assert con.execute("SELECT name, version, document, author, updated_at "
                           "FROM shared_build_history ORDER BY id").fetchall() == before
        assert con.execute(f"SELECT version, record, author FROM gpus WHERE id = '{RTX}'"
                           ).fetchone() == card


def test_a_change_by_plain_sql_is_stamped_with_who_made_it(published: Cluster,
                                                           team_db: str) -> None:
    """Mallory may change a card (she is an editor) but not in Alice's name or in the past."""
    with _as(published, team_db, "mallory") as con:
        con.execute(f"UPDATE gpus SET version = version + 1, author = 'alice', "
                    f"updated_at = '2020-01-01T00:00:00+00:00' WHERE id = '{RTX}'")
        row = con.execute(f"SELECT version, author, updated_at FROM gpus WHERE id = '{RTX}'"
                          ).fetchone()
        con.execute(f"UPDATE shared_builds SET version = 3, document = 'x', author = 'alice' "
                    f"WHERE name = '{NAME}'")
        con.execute("INSERT INTO shared_build_history (name, version, document, author, "
                    f"updated_at) VALUES ('{NAME}', 3, 'x', 'alice', '2020-01-01')")
        history = con.execute("SELECT version, author, updated_at FROM shared_build_history "
                              "WHERE version = 3").fetchone()
        # SET ROLE does not change who logged in
        con.execute("SET ROLE planner_editor")
        con.execute(f"UPDATE gpus SET version = version + 1 WHERE id = '{RTX}'")
        after_set_role = con.execute(f"SELECT author FROM gpus WHERE id = '{RTX}'").fetchone()
    assert row is not None and row[:2] == (2, "mallory") and not str(row[2]).startswith("2020")
    assert history is not None and history[:2] == (3, "mallory")
    assert not str(history[2]).startswith("2020")
    assert after_set_role == ("mallory",)
