"""A conflict found by ``gpu-planner team sync`` is resolved in the app (real server, offscreen).

The command line says "open the app to choose"; the app must then offer the choice: the dialog
at start, the status bar saying the change needs the user's choice (a link that opens the
dialog again after "Decide Later"), and the chosen answer must leave nothing queued.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from planner.catalog.store import open_store
from planner.catalog.team import outbox
from planner.catalog.team.connection import sqlalchemy_url
from planner.cli.commands import run
from planner.ui.main_window import MainWindow
from tests.team.clients import member
from tests.team.pg_cluster import SUPERUSER, Cluster

RTX = "nvidia-rtx-4090"


def _quiet(win: MainWindow) -> None:
    win.document.undo_stack.setClean()
    win.document.undo_stack.cleanChanged.disconnect()


def _conflict_from_the_command_line(url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    mine: float, theirs: float) -> None:
    """Another member changes the 4090 to ``theirs``; this user's ``team sync`` meets it."""
    with open_store() as store:  # this user's own catalog file (the app's)
        card = store.catalog().gpu(RTX)
        assert card is not None
        store.edit_for_team(dataclasses.replace(card, tdp_w=mine))
    other = member(tmp_path, url, f"other{int(theirs)}")
    other.team.sync()
    other.edit(RTX, tdp_w=theirs)
    other.team.sync()
    other.close()
    assert run(["team", "--lang", "en", "sync"]) == 0
    assert "open the app to choose" in capsys.readouterr().out


def _server_tdp(url: str) -> tuple[int, float]:
    import json

    engine = create_engine(sqlalchemy_url(url))
    with engine.connect() as con:
        version, record = con.execute(text("SELECT version, record FROM gpus WHERE id = :i"),
                                      {"i": RTX}).one()
    engine.dispose()
    return int(version), float(json.loads(record)["tdp_w"])


@pytest.fixture
def url(pg: Cluster, team_db: str, monkeypatch: pytest.MonkeyPatch) -> str:
    address = pg.url(SUPERUSER, team_db)
    monkeypatch.setenv("GPU_PLANNER_DATABASE_URL", address)
    return address


def test_the_app_offers_the_choice_at_start_and_from_the_status_bar(
        qtbot, url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["team", "sync"]) == 0  # this user's first contact (versions known)
    _conflict_from_the_command_line(url, tmp_path, capsys, mine=433.0, theirs=422.0)
    store = open_store()
    assert len(outbox.conflicts(store.engine)) == 1
    win = MainWindow()
    qtbot.addWidget(win, before_close_func=_quiet)
    win.set_store(store)
    win.show()
    team = win.team
    # At start, offline or not: the dialog asks.
    qtbot.waitUntil(lambda: team.dialog is not None and team.dialog.isVisible(), timeout=20_000)
    assert "changed “GeForce RTX 4090” in the team catalog" in team.dialog.text.text()
    # (English plural forms come from planner_en.qm, which the tests do not install)
    assert team.label.text().endswith(' — <a href="choose">1 need(s) your choice</a>')
    team.dialog.later_button.click()  # Decide Later: still waiting, the status bar says so
    qtbot.waitUntil(lambda: team.dialog is None)
    assert "your choice" in team.label.text() and 'href="choose"' in team.label.text()
    assert outbox.pending(store.engine) == 1
    team.label.linkActivated.emit("choose")  # the status bar's link opens the choice again
    qtbot.waitUntil(lambda: team.dialog is not None and team.dialog.isVisible())
    with qtbot.waitSignal(team.finished, timeout=30_000):
        team.dialog.keep_button.click()  # Keep Mine, after seeing theirs: sent over theirs
        team.sync_now()
    qtbot.waitUntil(lambda: outbox.pending(store.engine) == 0, timeout=30_000)
    assert _server_tdp(url) == (2, 433.0)
    assert "your choice" not in team.label.text()
    store.close()


def test_reload_theirs_from_the_app(qtbot, url: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["team", "sync"]) == 0
    _conflict_from_the_command_line(url, tmp_path, capsys, mine=433.0, theirs=422.0)
    store = open_store()
    win = MainWindow()
    qtbot.addWidget(win, before_close_func=_quiet)
    win.set_store(store)
    win.show()
    qtbot.waitUntil(lambda: win.team.dialog is not None, timeout=20_000)
    win.team.dialog.reload_button.click()
    assert outbox.pending(store.engine) == 0
    assert win.document.catalog.gpu(RTX).tdp_w == 422.0
    assert _server_tdp(url) == (1, 422.0)
    store.close()
