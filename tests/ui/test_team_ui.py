"""The catalog's layers and the team catalog in the window: marker, reset, status, conflicts."""

from __future__ import annotations

import dataclasses

import pytest

from planner.catalog.team import outbox
from planner.ui.catalog_model import NAME
from planner.ui.main_window import MainWindow
from planner.ui.team_conflict_dialog import MINE, TeamConflictDialog

RTX = "nvidia-rtx-4090"


def _quiet(win: MainWindow) -> None:
    win.document.undo_stack.setClean()
    win.document.undo_stack.cleanChanged.disconnect()


@pytest.fixture
def window(qtbot, store, monkeypatch):
    monkeypatch.delenv("GPU_PLANNER_DATABASE_URL", raising=False)
    win = MainWindow()
    qtbot.addWidget(win, before_close_func=_quiet)
    win.set_store(store)
    win.show()
    qtbot.waitExposed(win)
    return win


def _name_cell(win: MainWindow, gpu_id: str) -> tuple[str, str]:
    model = win.catalog_panel.model
    index = model.index(model.row_of(gpu_id), NAME)
    return model.data(index), model.data(index, 3)  # display, tooltip


def test_an_edited_card_is_marked_says_what_differs_and_resets_with_undo(window, store):
    bundled = store.catalog().gpu(RTX)
    assert _name_cell(window, RTX)[0] == bundled.name
    window.team.save_edit(dataclasses.replace(bundled, tdp_w=400.0))
    window._team_changed()
    text, tip = _name_cell(window, RTX)
    assert text == f"{bundled.name} ✎ (edited)"
    assert tip.splitlines()[0] == "Edited on this computer."
    assert f"{bundled.name}: board power here 400 W, in the bundled catalog 450 W." in tip
    assert store.layers()[RTX].layer == "local"

    window.team.reset(window.document.catalog.gpu(RTX))
    assert _name_cell(window, RTX)[0] == bundled.name
    assert window.document.catalog.gpu(RTX).tdp_w == 450.0
    notice = window.notices.notices["reset-gpu"]
    assert notice.text.text() == f"“{bundled.name}” shows the bundled catalog's figures again."
    [undo] = [b for b in notice.buttons if b.text() == "Undo"]
    undo.click()
    assert window.document.catalog.gpu(RTX).tdp_w == 400.0
    assert _name_cell(window, RTX)[0] == f"{bundled.name} ✎ (edited)"


def test_offline_status_counts_the_waiting_edits(qtbot, window, store, monkeypatch):
    monkeypatch.setenv("GPU_PLANNER_DATABASE_URL", "postgresql://me@127.0.0.1:1/lab")
    window.team.restart()
    assert window.team.active and window.team.label.isVisible()
    for tdp in (401.0, 402.0):  # two edits of one card wait as one change
        window.team.save_edit(dataclasses.replace(store.catalog().gpu(RTX), tdp_w=tdp))
    window.team.save_edit(dataclasses.replace(store.catalog().gpu("nvidia-rtx-3090"),
                                              tdp_w=333.0))
    with qtbot.waitSignal(window.team.finished, timeout=20_000):
        window.team.sync_now()
    # (the English plural forms come from planner_en.qm, which the tests do not install)
    assert window.team.label.text() == "Team catalog: offline, 2 edit(s) waiting"
    assert window.team.label.toolTip() == ("The team server me@127.0.0.1:1/lab cannot be "
                                           "reached, so the app works from its local copy.")
    window._team_changed()
    assert _name_cell(window, RTX)[0].endswith(" ✎ (edited, waiting to sync)")
    assert outbox.pending(store.engine) == 2


def test_the_conflict_dialog_shows_both_and_keeps_mine_only_when_asked(qtbot):
    dialog = TeamConflictDialog("GeForce RTX 4090", "bob", False,
                                lambda: ["GeForce RTX 4090: price in yours $1,899 (street, "
                                         "2026-12-01), in theirs $1,799 (street, 2026-12-01)."])
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.text.text() == ("<b>bob changed “GeForce RTX 4090” in the team catalog after "
                                  "you changed it.</b>")
    assert [b.text() for b in (dialog.reload_button, dialog.keep_button, dialog.compare_button,
                               dialog.later_button)] == ["Reload Theirs", "Keep Mine", "Compare",
                                                         "Decide Later"]
    assert dialog.compare_button.isDefault()  # Enter only shows the two versions
    dialog.compare_button.click()
    assert "in theirs $1,799" in dialog.details.toPlainText()
    assert dialog.choice == "later"
    dialog.keep_button.click()
    assert dialog.choice == MINE


def test_preferences_refuse_a_password_in_the_address(qtbot, fixture_catalog):
    from planner.ui import settings as cfg
    from planner.ui.preferences import PreferencesDialog

    dialog = PreferencesDialog(fixture_catalog)
    qtbot.addWidget(dialog)
    dialog.team.setText("postgresql://alice:secret@lab/planner")
    dialog.accept()
    assert dialog.result() == 0  # still open
    assert "plain text" in dialog.team_note.text()
    assert cfg.read(cfg.open_settings(), cfg.TEAM_ADDRESS) == ""
    dialog.team.setText("postgresql://alice@lab/planner?sslmode=require")
    dialog.accept()
    assert cfg.read(cfg.open_settings(), cfg.TEAM_ADDRESS) == ("postgresql://alice@lab/planner"
                                                               "?sslmode=require")
