"""A read-only member is told before editing — in the window and on the command line (real server).

carol is a member of ``planner_reader`` (docs/team-roles.sql): PostgreSQL says she may select
but not insert or update the shared tables, and the app asks it (``has_table_privilege``) when
it connects. The sentence is the one docs/team.md quotes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from planner.catalog.store import open_store
from planner.catalog.team import outbox
from planner.cli.commands import run
from planner.ui.main_window import MainWindow
from tests.team.clients import grant_roles, member
from tests.team.pg_cluster import SUPERUSER, Cluster

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CAROL = ("Your team role carol may read the team catalog but not change it; ask the database "
         "owner for the editor role.")


@pytest.fixture
def carol_url(pg: Cluster, team_db: str, tmp_path: Path,
              monkeypatch: pytest.MonkeyPatch) -> str:
    owner = member(tmp_path, pg.url(SUPERUSER, team_db), "owner")
    owner.team.check()  # the owner's first start creates the tables
    owner.close()
    grant_roles(pg, team_db, readers=("carol",))
    url = pg.url("carol", team_db)
    monkeypatch.setenv("GPU_PLANNER_DATABASE_URL", url)
    return url


def test_the_command_line_refuses_a_readers_publish_before_queueing_it(
        carol_url: str, pg: Cluster, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["team", "status"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == CAROL
    source = str(EXAMPLES / "entry-level.gpubuild")
    assert run(["team", "push-build", source]) == 2
    assert capsys.readouterr().err == CAROL + "\n"
    # The test cluster commits asynchronously and stops like a crash: make carol's role durable
    # first, or the restarted server may have lost it.
    pg.admin_sql("CHECKPOINT")
    pg.stop()  # the server away: the role the server gave last time still holds
    try:
        assert run(["team", "push-build", source]) == 2
        assert capsys.readouterr().err == CAROL + "\n"
    finally:
        pg.start()
    with open_store() as store:
        assert outbox.pending(store.engine) == 0  # nothing queued to be refused later


def _quiet(win: MainWindow) -> None:
    win.document.undo_stack.setClean()
    win.document.undo_stack.cleanChanged.disconnect()


def test_the_window_offers_no_team_edit_to_a_reader_and_says_why(qtbot, carol_url: str) -> None:
    store = open_store()
    win = MainWindow()
    qtbot.addWidget(win, before_close_func=_quiet)
    with qtbot.waitSignal(win.team.finished, timeout=30_000):  # the first sync, at start
        win.set_store(store)
    try:
        assert win.team.read_only
        assert not win.publish_action.isEnabled()
        assert win.publish_action.statusTip() == CAROL
        assert win.team_builds_action.isEnabled()  # reading is allowed
        assert win.team.label.text().endswith("(read-only)")
        panel = win.catalog_panel
        menu = panel.menu_for(panel.proxy.index(0, 0))
        by_text = {a.text(): a for a in menu.actions() if a.text()}
        edit = by_text["Edit GPU…"]
        assert not edit.isEnabled() and edit.toolTip() == CAROL
        assert CAROL in by_text and not by_text[CAROL].isEnabled()  # the notice, in the menu
        assert by_text["Add to Build"].isEnabled()
        # The next start knows it before the server answers.
        win.team.restart()
        assert win.team.read_only and not win.publish_action.isEnabled()
    finally:
        store.close()


def test_an_editors_window_offers_the_edits(qtbot, pg: Cluster, team_db: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GPU_PLANNER_DATABASE_URL", pg.url(SUPERUSER, team_db))
    store = open_store()
    win = MainWindow()
    qtbot.addWidget(win, before_close_func=_quiet)
    with qtbot.waitSignal(win.team.finished, timeout=30_000):
        win.set_store(store)
    try:
        assert not win.team.read_only and win.publish_action.isEnabled()
        panel = win.catalog_panel
        menu = panel.menu_for(panel.proxy.index(0, 0))
        edit = next(a for a in menu.actions() if a.text() == "Edit GPU…")
        assert edit.isEnabled()
        assert len([a for a in menu.actions() if not a.isSeparator()]) == 3
    finally:
        store.close()
