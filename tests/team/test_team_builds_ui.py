"""Publishing the open build from the window and opening it from Team Builds (real server)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planner.catalog.store import open_store
from planner.catalog.team import builds
from planner.catalog.team.sync import sync_once
from planner.ui.main_window import MainWindow
from planner.ui.team_builds import TeamBuildsDialog
from tests.team.pg_cluster import SUPERUSER, Cluster

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _quiet(win: MainWindow) -> None:
    win.document.undo_stack.setClean()
    win.document.undo_stack.cleanChanged.disconnect()


@pytest.fixture
def window(qtbot, pg: Cluster, team_db: str, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("GPU_PLANNER_DATABASE_URL", pg.url(SUPERUSER, team_db))
    store = open_store()
    win = MainWindow()
    qtbot.addWidget(win, before_close_func=_quiet)
    with qtbot.waitSignal(win.team.finished, timeout=30_000):  # the first sync, at start
        win.set_store(store)
    win.show()
    yield win
    store.close()


def test_publish_then_open_from_team_builds(qtbot, window: MainWindow, tmp_path: Path) -> None:
    assert window.publish_action.isEnabled() and window.team_builds_action.isEnabled()
    assert window.files.open_path(EXAMPLES / "workstation-4x4090.gpubuild", ask=False)
    name = " ".join(window.document.build.name.split())
    window.team.publish_open_build()
    with qtbot.waitSignal(window.team.finished, timeout=30_000):
        window.team.sync_now()
    assert [b.name for b in builds.listed(window.store.engine)] == [name]
    window.files.new()
    dialog = TeamBuildsDialog(window.store, window.team.address(), window.files.open_path,
                              window)
    qtbot.addWidget(dialog)
    assert dialog.table.item(0, 0).text() == name
    assert dialog.table.item(0, 2).text() == SUPERUSER
    assert dialog.open_selected()
    assert " ".join(window.document.build.name.split()) == name


def test_a_newer_format_build_is_refused_as_a_file(qtbot, window: MainWindow,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    doc = json.loads((EXAMPLES / "entry-level.gpubuild").read_text(encoding="utf-8"))
    doc["version"] = 99
    builds.queue_publish(window.store.engine, "Future box", json.dumps(doc))
    sync_once(window.store.engine, window.team.address())
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, _title, text, *a, **k: shown.append(text))
    monkeypatch.setattr(QMessageBox, "critical",
                        lambda _parent, _title, text, *a, **k: shown.append(text))
    dialog = TeamBuildsDialog(window.store, window.team.address(), window.files.open_path,
                              window)
    qtbot.addWidget(dialog)
    assert not dialog.open_selected()
    assert shown and "newer" in shown[0]
