"""The team catalog against a real PostgreSQL server (tests/team/pg_cluster.py).

Each test has its own database; members are separate catalog files, as on separate computers.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from planner.catalog.quick import HEAD_REVISION
from planner.catalog.team import outbox
from planner.catalog.team.connection import TeamError, sqlalchemy_url
from tests.team.clients import grant_roles, member
from tests.team.pg_cluster import SUPERUSER, Cluster

RTX = "nvidia-rtx-4090"


def _street(price: float) -> tuple[object, ...]:
    from planner.core.records.specs import Price

    return (Price(amount=price, currency="USD", as_of="2026-12-01", kind="street",
                  region="US", source="the lab's vendor quote"),)


def test_the_same_migrations_build_the_server_schema(pg: Cluster, team_db: str,
                                                     tmp_path: Path) -> None:
    owner = member(tmp_path, pg.url(SUPERUSER, team_db), "owner")
    assert owner.team.check() == "editor"
    engine = create_engine(sqlalchemy_url(pg.url(SUPERUSER, team_db)))
    with engine.connect() as con:
        assert con.execute(text("SELECT version_num FROM alembic_version")).scalar() \
            == HEAD_REVISION
        tables = set(con.execute(text(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).scalars())
    engine.dispose()
    assert {"gpus", "shared_builds", "shared_build_history", "team_outbox", "meta"} <= tables
    owner.close()


def test_two_members_edit_the_same_price_and_the_second_sees_the_conflict(
        pg: Cluster, team_db: str, tmp_path: Path) -> None:
    url_a, url_b = pg.url(SUPERUSER, team_db), pg.url("bob", team_db)
    owner = member(tmp_path, url_a, "alice")
    owner.team.check()  # the owner's first contact creates the tables
    grant_roles(pg, team_db, editors=("bob",))
    bob = member(tmp_path, url_b, "bob")
    owner.team.sync()
    bob.team.sync()

    owner.edit(RTX, prices=_street(1799.0))
    bob.edit(RTX, prices=_street(1899.0))
    first = owner.team.sync()
    second = bob.team.sync()
    assert (first.pushed, first.conflicts) == (1, [])
    assert (second.pushed, second.conflicts) == (0, [RTX])

    # Both versions are there for Bob to see; nothing was overwritten.
    [conflict] = outbox.conflicts(bob.store.engine)
    assert conflict.mine is not None and conflict.theirs is not None
    assert conflict.mine["prices"][0]["amount"] == 1899.0
    assert conflict.theirs["prices"][0]["amount"] == 1799.0
    assert (conflict.their_version, conflict.their_author) == (1, SUPERUSER)
    assert bob.gpu(RTX).prices[0].amount == 1899.0  # his screen still shows his figure

    # Keeping his after seeing theirs sends his over version 1; Alice then follows.
    outbox.resolve(bob.store.engine, conflict.seq, "mine")
    assert bob.team.sync().pushed == 1
    owner.team.sync()
    assert owner.gpu(RTX).prices[0].amount == 1899.0
    assert owner.store.layers()[RTX].layer == "team"
    assert owner.store.layers()[RTX].author == "bob"
    assert owner.store.layers()[RTX].version == 2
    owner.close()
    bob.close()


def test_reload_theirs_takes_the_team_figure(pg: Cluster, team_db: str, tmp_path: Path) -> None:
    url = pg.url(SUPERUSER, team_db)
    a, b = member(tmp_path, url, "a"), member(tmp_path, url, "b")
    a.team.sync()
    b.team.sync()
    a.edit(RTX, tdp_w=420.0)
    b.edit(RTX, tdp_w=430.0)
    a.team.sync()
    assert b.team.sync().conflicts == [RTX]
    [conflict] = outbox.conflicts(b.store.engine)
    outbox.resolve(b.store.engine, conflict.seq, "theirs")
    assert b.gpu(RTX).tdp_w == 420.0
    assert outbox.pending(b.store.engine) == 0
    a.close()
    b.close()


def test_a_reset_card_is_deleted_softly_and_an_edit_brings_it_back(
        pg: Cluster, team_db: str, tmp_path: Path) -> None:
    url = pg.url(SUPERUSER, team_db)
    a, b = member(tmp_path, url, "a"), member(tmp_path, url, "b")
    bundled_tdp = a.gpu(RTX).tdp_w
    a.edit(RTX, tdp_w=400.0)
    a.team.sync()
    b.team.sync()
    assert b.gpu(RTX).tdp_w == 400.0
    assert a.store.reset_gpu(RTX, team=True)
    assert a.gpu(RTX).tdp_w == bundled_tdp
    a.team.sync()
    b.team.sync()
    assert b.gpu(RTX).tdp_w == bundled_tdp
    assert b.store.layers()[RTX].layer == "bundled"
    engine = create_engine(sqlalchemy_url(url))
    with engine.connect() as con:  # still on the server, marked deleted
        row = con.execute(text("SELECT deleted, version FROM gpus WHERE id = :i"),
                          {"i": RTX}).one()
    engine.dispose()
    assert tuple(row) == (True, 2)
    b.edit(RTX, tdp_w=410.0)  # undo by editing again: version 3, not deleted
    b.team.sync()
    a.team.sync()
    assert a.gpu(RTX).tdp_w == 410.0
    a.close()
    b.close()


def test_a_read_only_role_is_refused_with_a_reason(pg: Cluster, team_db: str,
                                                    tmp_path: Path) -> None:
    owner = member(tmp_path, pg.url(SUPERUSER, team_db), "owner")
    owner.team.check()
    grant_roles(pg, team_db, readers=("carol",))
    carol = member(tmp_path, pg.url("carol", team_db), "carol")
    assert carol.team.check() == "reader"
    carol.edit(RTX, tdp_w=300.0)
    result = carol.team.sync()
    assert result.refused == ("Your team role carol may read the team catalog but not change "
                              "it; ask the database owner for the editor role.")
    assert carol.gpu(RTX).tdp_w == 300.0  # nothing local is lost
    assert outbox.pending(carol.store.engine) == 1
    owner.close()
    carol.close()


def test_bad_servers_are_one_sentence_and_the_cache_keeps_working(
        pg: Cluster, team_db: str, tmp_path: Path) -> None:
    pg.add_login("dave", "dave-pw")
    pg.passwords["dave"] = "not-his-password"
    pg.write_pgpass()
    dave = member(tmp_path, pg.url("dave", team_db), "dave")
    with pytest.raises(TeamError) as wrong:
        dave.team.sync()
    assert (wrong.value.code, str(wrong.value)) == (
        "password", "The team server refused the password for dave; check your .pgpass or "
        "service file.")
    dave.edit(RTX, tdp_w=333.0)
    assert dave.gpu(RTX).tdp_w == 333.0
    dave.close()

    away = member(tmp_path, f"postgresql://{SUPERUSER}@127.0.0.1:1/{team_db}", "away")
    with pytest.raises(TeamError) as unreachable:
        away.team.sync()
    assert str(unreachable.value) == (f"The team server {SUPERUSER}@127.0.0.1:1/{team_db} cannot "
                                      "be reached, so the app works from its local copy.")
    away.close()

    tls = member(tmp_path, pg.url(SUPERUSER, team_db, sslmode="require"), "tls")
    with pytest.raises(TeamError) as ssl:
        tls.team.sync()
    assert ssl.value.code == "ssl"  # the test server offers no TLS: sslmode=require is honoured
    tls.close()


def test_a_newer_schema_is_refused_and_left_alone(pg: Cluster, team_db: str,
                                                  tmp_path: Path) -> None:
    url = pg.url(SUPERUSER, team_db)
    a = member(tmp_path, url, "a")
    a.team.check()
    pg.admin_sql("UPDATE alembic_version SET version_num = '0099_future'", team_db)
    b = member(tmp_path, url, "b")
    with pytest.raises(TeamError) as newer:
        b.team.sync()
    assert str(newer.value) == ("The team database was set up by a newer version of GPU Build "
                                "Planner; update the app to use it. The app works from its local "
                                "copy.")
    a.close()
    b.close()


def test_offline_mid_session_then_catching_up(pg: Cluster, team_db: str, tmp_path: Path) -> None:
    url = pg.url(SUPERUSER, team_db)
    a, b = member(tmp_path, url, "a"), member(tmp_path, url, "b")
    a.team.sync()
    b.team.sync()
    pg.stop()
    a.edit(RTX, tdp_w=401.0)
    a.edit("nvidia-rtx-4080", tdp_w=302.0)
    a.edit(RTX, tdp_w=402.0)  # two edits of one card wait as one change
    assert outbox.pending(a.store.engine) == 2
    with pytest.raises(TeamError) as away:
        a.team.sync()
    assert away.value.code == "unreachable"
    assert a.gpu(RTX).tdp_w == 402.0  # the app keeps working from its cache
    pg.start()
    result = a.team.sync()
    assert (result.pushed, result.conflicts) == (2, [])
    assert outbox.pending(a.store.engine) == 0
    b.team.sync()
    assert (b.gpu(RTX).tdp_w, b.gpu("nvidia-rtx-4080").tdp_w) == (402.0, 302.0)
    a.close()
    b.close()


def test_a_migration_on_a_populated_database(pg: Cluster, team_db: str, tmp_path: Path) -> None:
    """A team database at 0002 with rows in it is brought to head by the next member's app."""
    from alembic import command

    from planner.catalog.dbfile import alembic_config

    url = pg.url(SUPERUSER, team_db)
    engine = create_engine(sqlalchemy_url(url))
    with engine.begin() as con:
        command.upgrade(alembic_config(connection=con), "0001_initial")
        con.execute(text(
            "INSERT INTO gpus (id, origin, user_edited, position, record, vendor, name, "
            "architecture, segment, form_factor, memory_gb, memory_type, memory_bandwidth_gbs, "
            "tdp_w, launch_msrp_usd) VALUES ('lab-a100-box', 'team', false, 0, :r, 'NVIDIA', "
            "'Lab A100', 'ampere', 'datacenter', 'sxm', 80, 'HBM2e', 2039, 400, 15000)"),
            {"r": '{"id": "lab-a100-box", "name": "Lab A100", "launch_msrp_usd": 15000}'})
    with engine.begin() as con:
        command.upgrade(alembic_config(connection=con), "0002_prices")
    a = member(tmp_path, url, "a")
    a.team.check()
    with engine.connect() as con:
        row = con.execute(text("SELECT version, deleted, price_amount, price_kind, record "
                               "FROM gpus WHERE id = 'lab-a100-box'")).one()
        revision = con.execute(text("SELECT version_num FROM alembic_version")).scalar()
    engine.dispose()
    assert revision == HEAD_REVISION
    assert (row.version, row.deleted, row.price_amount, row.price_kind) == (0, False, 15000.0,
                                                                            "msrp")
    assert '"kind":"msrp"' in row.record
    a.close()
