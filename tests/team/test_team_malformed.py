"""A malformed GPU row on the team server is set aside; the member never bricks (real server).

The rows are written with plain SQL as the database owner, as a hand-made fix or a buggy
script would: a record that is not JSON, one without ``vendor``, one whose ``memory_gb`` is a
word, and a bundled card's record replaced by a JSON list. Each is quarantined with one
sentence; the other rows and the member's queued edit go through; fixing the row on the server
brings it in at the next sync.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from sqlalchemy import text

from planner.catalog.store import open_store
from planner.catalog.team import outbox, quarantine
from planner.cli.commands import run
from tests.team.clients import member
from tests.team.pg_cluster import SUPERUSER, Cluster

RTX = "nvidia-rtx-4090"
L4080 = "nvidia-rtx-4080"
GOOD = {"id": "lab-box", "vendor": "NVIDIA", "name": "Lab Box", "architecture": "ada",
        "segment": "workstation", "form_factor": "pcie", "memory_gb": 48.0,
        "memory_type": "GDDR6", "memory_bandwidth_gbs": 960.0, "tdp_w": 300.0}
BAD = {
    "lab-not-json": ("{this is not json", "its record is not JSON"),
    "lab-no-vendor": (json.dumps({k: v for k, v in GOOD.items() if k != "vendor"}
                                 | {"id": "lab-no-vendor"}), "vendor"),
    "lab-wrong-type": (json.dumps(GOOD | {"id": "lab-wrong-type", "memory_gb": "lots"}),
                       "memory_gb"),
}


def _insert(pg: Cluster, db: str, gpu_id: str, record: str, version: int = 1) -> None:
    """A team row written by hand (the display columns plausible, the record as given)."""
    pg.admin_sql(
        "INSERT INTO gpus (id, origin, user_edited, position, record, vendor, name, "
        "architecture, segment, form_factor, memory_gb, memory_type, memory_bandwidth_gbs, "
        f"tdp_w, version, author, updated_at, deleted) VALUES ('{gpu_id}', 'team', false, 0, "
        f"$r${record}$r$, 'NVIDIA', 'x', 'ada', 'workstation', 'pcie', 48, 'GDDR6', 960, 300, "
        f"{version}, 'script', '2026-12-07T00:00:00+00:00', false)", db)


@pytest.fixture
def broken_server(pg: Cluster, team_db: str, tmp_path: Path) -> str:
    """A team database holding three malformed new rows and a bundled card made malformed."""
    url = pg.url(SUPERUSER, team_db)
    owner = member(tmp_path, url, "owner")
    owner.edit(L4080, tdp_w=321.0)
    owner.team.sync()  # the 4080 is a team row at version 1
    owner.close()
    for gpu_id, (record, _why) in BAD.items():
        _insert(pg, team_db, gpu_id, record)
    pg.admin_sql(f"UPDATE gpus SET record = '[1, 2]', version = 2 WHERE id = '{L4080}'", team_db)
    return url


def test_malformed_rows_are_quarantined_and_the_rest_syncs(
        broken_server: str, pg: Cluster, team_db: str, tmp_path: Path) -> None:
    bob = member(tmp_path, broken_server, "bob")
    bob.edit(RTX, tdp_w=444.0)  # queued before the sync: must reach the team
    _insert(pg, team_db, "lab-box", json.dumps(GOOD))  # a good row beside the bad ones
    result = bob.team.sync()
    assert result.pushed == 1 and outbox.pending(bob.store.engine) == 0
    assert sorted(result.quarantined) == sorted([*BAD, L4080])
    kept = quarantine.quarantined(bob.store.engine)
    assert sorted(kept) == sorted([*BAD, L4080])
    for gpu_id, (_record, why) in BAD.items():
        assert why in kept[gpu_id].problem, (gpu_id, kept[gpu_id].problem)
    # The member's catalog opens, holds the good row and none of the bad ones.
    catalog = bob.store.reload()
    ids = {g.id for g in catalog.gpus}
    assert "lab-box" in ids and not ids & set(BAD)
    bundled = open_store(tmp_path / "fresh.sqlite")
    assert bob.gpu(L4080).tdp_w == bundled.catalog().gpu(L4080).tdp_w  # never took the bad one
    bundled.close()
    # A second sync says the same and loses nothing.
    again = bob.team.sync()
    assert sorted(again.quarantined) == sorted([*BAD, L4080])
    bob.close()


def test_fixing_the_row_on_the_server_brings_it_in(broken_server: str, pg: Cluster,
                                                   team_db: str, tmp_path: Path) -> None:
    bob = member(tmp_path, broken_server, "bob")
    bob.team.sync()
    fixed = GOOD | {"id": "lab-no-vendor", "name": "Fixed Box"}
    pg.admin_sql(f"UPDATE gpus SET record = $r${json.dumps(fixed)}$r$, version = 2 "
                 "WHERE id = 'lab-no-vendor'", team_db)
    result = bob.team.sync()
    assert "lab-no-vendor" not in result.quarantined
    assert "lab-no-vendor" not in quarantine.quarantined(bob.store.engine)
    card = bob.store.reload().gpu("lab-no-vendor")
    assert card is not None and card.name == "Fixed Box"
    bob.close()


def test_every_command_and_team_sync_work_from_the_command_line(
        broken_server: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("GPU_PLANNER_DATABASE_URL", broken_server)
    assert run(["team", "--lang", "en", "sync"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Synced with the team:")
    set_aside = [line for line in out if "set aside" in line]
    assert len(set_aside) == 4, out
    assert any("lab-not-json" in line and "not JSON" in line for line in set_aside)
    assert run(["catalog", "gpus", "--json"]) == 0
    listed = {g["id"] for g in json.loads(capsys.readouterr().out)}
    assert RTX in listed and not listed & set(BAD)
    assert run(["team", "status", "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["quarantined"] == 4


def test_a_local_file_an_older_version_filled_with_a_bad_row_mends_itself(
        broken_server: str, tmp_path: Path) -> None:
    """A file that took a bad row before this fix opens, keeps its queue, and syncs."""
    bob = member(tmp_path, broken_server, "bob")
    bob.team.sync()
    bob.edit(RTX, tdp_w=455.0)
    with bob.store.engine.begin() as con:  # what an older app wrote into the file
        con.execute(text("INSERT INTO gpus (id, origin, user_edited, position, record, vendor, "
                         "name, architecture, segment, form_factor, memory_gb, memory_type, "
                         "memory_bandwidth_gbs, tdp_w, version, deleted, team_record) VALUES "
                         "('lab-not-json', 'team', 0, 0, '{broken', 'NVIDIA', 'x', 'ada', 'w', "
                         "'pcie', 1, 'x', 1, 1, 1, 0, '{broken')"))
        con.execute(text("UPDATE gpus SET bundled_record = record, user_edited = 1, "
                         "record = '[1, 2]', team_record = '[1, 2]', "
                         "open_record = NULL, version = 2 WHERE id = :i"), {"i": L4080})
    path = bob.store.path
    bob.close()
    with open_store(path) as store:
        catalog = store.catalog()  # opens: the bad rows are set aside, not read
        assert catalog.gpu("lab-not-json") is None and catalog.gpu(L4080) is not None
        assert outbox.pending(store.engine) == 1
        assert set(quarantine.quarantined(store.engine)) >= {"lab-not-json", L4080}
    bob = member(tmp_path, broken_server, "bob")
    result = bob.team.sync()
    assert result.pushed == 1 and sorted(result.quarantined) == sorted([*BAD, L4080])
    bob.close()


def test_the_app_starts_syncs_and_says_what_was_set_aside(
        qtbot, broken_server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from planner.ui.main_window import MainWindow

    monkeypatch.setenv("GPU_PLANNER_DATABASE_URL", broken_server)
    with open_store() as store:  # a bad row already in the file, as an older version left it
        store.edit_for_team(dataclasses.replace(store.catalog().gpu(RTX), tdp_w=466.0))
        with store.engine.begin() as con:
            con.execute(text("UPDATE gpus SET record = '{broken', open_record = NULL "
                             "WHERE id = 'nvidia-rtx-3090'"))
    store = open_store()
    win = MainWindow()
    qtbot.addWidget(win, before_close_func=lambda w: w.document.undo_stack.setClean())
    with qtbot.waitSignal(win.team.finished, timeout=30_000):
        win.set_store(store)
    assert win.document.catalog.gpu(RTX).tdp_w == 466.0
    assert win.document.catalog.gpu("nvidia-rtx-3090") is not None  # back to its bundled record
    assert "nvidia-rtx-3090" not in quarantine.quarantined(store.engine)  # not the team's row
    assert outbox.pending(store.engine) == 0  # the queued edit went to the team
    notice = win.notices.notices["team-set-aside"].text.text()
    assert notice.count("was set aside") == 4
    assert "“lab-wrong-type” was set aside because its field “memory_gb” is missing or not " \
           "valid" in notice
    store.close()
