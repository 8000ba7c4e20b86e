from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from planner.documents import DocumentError, load_document
from planner.ui import edits
from planner.ui.main_window import MainWindow

Button = QMessageBox.StandardButton


def _quiet(win: MainWindow) -> None:
    """pytest-qt closes the window at teardown: no save prompt, no signals afterwards."""
    win.document.undo_stack.setClean()
    win.document.undo_stack.cleanChanged.disconnect()


def _new_window(qtbot, store) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win, before_close_func=_quiet)
    win.set_store(store)
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture
def window(qtbot, store):
    return _new_window(qtbot, store)


def _add(win: MainWindow, gpu_id: str = "nvidia-rtx-4090") -> None:
    edits.add_gpu_ids(win.document, [gpu_id])


def _slots(win: MainWindow) -> list[tuple[str, int]]:
    return [(s.gpu.id, s.count) for s in win.document.build.slots]


def _save_as(monkeypatch, win: MainWindow, path: Path) -> bool:
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    return win.files.save_as()


def test_title_shows_name_and_modified_marker(window, monkeypatch, tmp_path):
    assert window.windowTitle() == "Untitled build[*] — GPU Build Planner"
    assert not window.isWindowModified()
    _add(window)
    assert window.isWindowModified()
    assert _save_as(monkeypatch, window, tmp_path / "lab")
    assert window.windowTitle() == "lab.gpubuild[*] — GPU Build Planner"
    assert not window.isWindowModified()
    window.document.undo_stack.undo()
    assert window.isWindowModified()


def test_save_and_open_round_trip(window, monkeypatch, tmp_path):
    _add(window, "nvidia-rtx-4090")
    _add(window, "nvidia-rtx-4090")
    _add(window, "nvidia-a100-sxm4-80gb")
    path = tmp_path / "round.gpubuild"
    assert _save_as(monkeypatch, window, path)
    assert path.exists()
    assert load_document(path).build.gpu_count == 3
    assert window.files.new()
    assert _slots(window) == []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    assert window.files.open_dialog()
    assert _slots(window) == [("nvidia-rtx-4090", 2), ("nvidia-a100-sxm4-80gb", 1)]
    assert window.document.path == path.resolve()
    assert not window.isWindowModified()
    assert window.files.recent_files()[0] == str(path.resolve())
    # Save again (no dialog) after an edit.
    _add(window, "nvidia-rtx-3090")
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: pytest.fail("Save must not ask again"))
    assert window.files.save()
    assert load_document(path).build.gpu_count == 4


def test_recent_menu_lists_saved_files(window, monkeypatch, tmp_path):
    _add(window)
    _save_as(monkeypatch, window, tmp_path / "a.gpubuild")
    window.files.fill_recent_menu(window.recent_menu)
    texts = [a.text() for a in window.recent_menu.actions()]
    assert any("a.gpubuild" in t for t in texts)
    window.files.clear_recent()
    assert window.files.recent_files() == []


def test_modified_prompt_cancel_keeps_build(window, monkeypatch):
    _add(window)
    asked = []

    def answer(*args, **kwargs):
        asked.append(args[2])
        return Button.Cancel

    monkeypatch.setattr(QMessageBox, "warning", answer)
    assert not window.files.new()
    assert _slots(window) == [("nvidia-rtx-4090", 1)]
    assert "Save the changes" in asked[0]
    assert not window.close()
    assert window.isVisible()


def test_modified_prompt_discard_and_save(window, monkeypatch, tmp_path):
    _add(window)
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: Button.Discard)
    assert window.files.new()
    assert _slots(window) == []
    _add(window)
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: Button.Save)
    path = tmp_path / "prompted.gpubuild"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    assert window.files.new()
    assert load_document(path).build.gpu_count == 1
    assert _slots(window) == []


def test_unmodified_document_closes_without_asking(window, monkeypatch):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: pytest.fail("asked"))
    assert window.close()


def test_missing_file_message_keeps_its_folder(window, monkeypatch, tmp_path):
    missing = tmp_path / "elsewhere" / "lab.gpubuild"
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: shown.append(a[1:3]))
    assert not window.files.open_path(missing)
    # One sentence naming the path as a whole (it said 'lab.gpubuild' alone: which folder?).
    assert shown == [("Cannot Open Build", f"Cannot open '{missing}': there is no such file.")]


def test_broken_file_shows_sentence_and_keeps_build(window, monkeypatch, tmp_path):
    _add(window, "nvidia-rtx-3090")
    broken = tmp_path / "broken.gpubuild"
    broken.write_bytes(b'{"format": "gpubuild", "version": 1, "build": [}')
    with pytest.raises(DocumentError) as raised:
        load_document(broken)
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: Button.Discard)
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: shown.append(a[1:3]))
    assert not window.files.open_path(broken)
    # The dialog names the file, folder and all, then gives the reason (issue 12: it named none).
    assert shown == [("Cannot Open Build", f"Cannot open “{broken}”.\n\n{raised.value}")]
    assert str(raised.value).endswith(".")
    assert _slots(window) == [("nvidia-rtx-3090", 1)]
    assert window.document.path is None


def test_layout_is_restored(qtbot, window, store):
    with qtbot.waitSignal(window.panels_loaded):
        window.load_panels()
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, window.catalog_dock)
    hidden = next(iter(window.panel_docks.values()), None)
    if hidden is not None:
        hidden.hide()
    assert window.close()

    again = _new_window(qtbot, store)
    with qtbot.waitSignal(again.panels_loaded):
        again.load_panels()
    assert again.dockWidgetArea(again.catalog_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    if hidden is not None:
        assert not again.panel_docks[hidden.objectName().removeprefix("dock-")].isVisible()


def test_broken_panels_and_missing_report_are_skipped(qtbot, window, monkeypatch):
    from planner.ui import panel_docks, report_actions

    def broken(document):
        raise RuntimeError("this panel cannot start")

    monkeypatch.setattr(panel_docks, "PANELS", (
        panel_docks.PanelSpec("nope", broken, Qt.DockWidgetArea.RightDockWidgetArea),))
    monkeypatch.setattr(report_actions, "report_functions", lambda: None)
    with qtbot.waitSignal(window.panels_loaded):
        window.load_panels()
    assert window.panel_docks == {}
    assert not window.print_action.isEnabled()
    assert window.print_action.toolTip()


def test_store_notice_reaches_status_bar_and_a_notice(qtbot, store):
    store.notice = "The catalog database was rebuilt."
    win = _new_window(qtbot, store)
    assert win.statusBar().currentMessage() == store.notice
    # In the window, not in a (window-modal) box: nothing waits for an answer.
    assert not [b for b in win.findChildren(QMessageBox) if b.isVisible()]
    notice = win.notices.notices["catalog"]
    assert notice.isVisible() and notice.text.text() == store.notice
    notice.close_button.click()
    assert "catalog" not in win.notices.notices and not win.notices.isVisible()


def test_recovery_is_offered_and_applied(window, monkeypatch):
    from planner.documents import recovery as rec

    build = window.document.build.with_gpu_added(window.document.catalog.gpu("nvidia-rtx-4090"))
    fake = rec.Recovery(build=build, original_path=None, saved="2026-01-02T03:04:05Z",
                        path=Path("/nonexistent/x.autosave"), session_id="abc")
    discarded = []
    monkeypatch.setattr(rec, "pending_recoveries", lambda: [fake])
    monkeypatch.setattr(rec, "discard", discarded.append)
    window.files.offer_recovery().recover_button.click()
    assert _slots(window) == [("nvidia-rtx-4090", 1)]
    assert window.isWindowModified()
    assert discarded == [fake]


def test_autosave_after_idle(qtbot, window):
    from planner.documents.recovery import pending_recoveries

    assert window.autosaver.begin()
    window.autosaver.timer.setInterval(50)
    _add(window)
    qtbot.waitUntil(lambda: window.autosaver.last_path is not None, timeout=3000)
    assert window.autosaver.last_path.exists()
    assert pending_recoveries() == []  # this session is alive, so nothing to recover
    window.autosaver.end()
    assert not window.autosaver.last_path.exists()


def test_frame_first_then_contents(qtbot, store):
    win = MainWindow(defer=True)
    assert not win.new_action.isEnabled()
    assert not hasattr(win, "document")
    with qtbot.waitSignal(win.contents_built):
        win.build_contents()
    qtbot.addWidget(win, before_close_func=_quiet)
    win.set_store(store)
    assert win.new_action.isEnabled()
    assert not win.undo_action.isEnabled()
    _add(win)
    assert win.undo_action.isEnabled()
    assert win.undo_action.text() == "&Undo Add GeForce RTX 4090"
    win.undo_action.trigger()
    assert _slots(win) == []
    assert win.redo_action.isEnabled()


def test_export_pdf_writes_the_comparison_sheet(qtbot, window, monkeypatch, tmp_path):
    with qtbot.waitSignal(window.panels_loaded, timeout=10000):
        window.load_panels()
    _add(window)
    assert window.export_action.isEnabled()
    out = tmp_path / "sheet.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    window.export_action.trigger()  # written off the GUI thread: the window keeps working
    qtbot.waitUntil(lambda: out.exists(), timeout=30000)
    assert out.read_bytes().startswith(b"%PDF")
    qtbot.waitUntil(lambda: "sheet.pdf" in window.statusBar().currentMessage(), timeout=5000)


def test_unknown_gpus_are_marked_and_offered_to_the_catalog(window, monkeypatch, store):
    from planner.ui.slot_card import SlotCard

    path = Path(__file__).resolve().parents[2] / "examples" / "custom-gpu.gpubuild"
    unknown = load_document(path, window.document.catalog).unknown_gpus
    assert unknown
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: pytest.fail("a modal box"))
    assert window.files.open_path(path, ask=False)
    offer = window.notices.notices["unknown-gpus"]  # a notice: the window is not blocked
    assert unknown[0].name in offer.text.text()
    cards = window.canvas.findChildren(SlotCard)
    marked = [c for c in cards if c.gpu_id == unknown[0].id]
    assert marked and "not in your catalog" in marked[0].figures.text()
    assert store.catalog().gpu(unknown[0].id) is None  # nothing added without asking

    assert window.files.open_path(path, ask=False)
    [add] = window.notices.notices["unknown-gpus"].buttons
    add.click()
    assert "unknown-gpus" not in window.notices.notices
    assert store.catalog().gpu(unknown[0].id) is not None
    assert window.document.catalog.gpu(unknown[0].id) is not None


def test_editing_a_catalog_gpu_updates_the_build_undoably(window, monkeypatch, store):
    from PySide6.QtWidgets import QDialogButtonBox

    from planner.ui.custom_gpu_dialog import CustomGpuDialog

    _add(window)
    _add(window, "nvidia-rtx-3090")
    original = window.document.build.slots[0].gpu
    assert original.tdp_w != 300

    def edit_and_accept(dialog: CustomGpuDialog) -> int:
        dialog.tdp.setValue(300)
        box = dialog.findChild(QDialogButtonBox)
        box.button(QDialogButtonBox.StandardButton.Ok).click()
        return dialog.result()

    monkeypatch.setattr(CustomGpuDialog, "exec", edit_and_accept)
    window.edit_gpu(original)
    slots = window.document.build.slots
    assert slots[0].gpu.tdp_w == 300 and store.catalog().gpu(original.id).tdp_w == 300
    assert slots[1].gpu.id == "nvidia-rtx-3090" and slots[1].gpu.tdp_w != 300
    assert "Use the edited figures" in window.document.undo_stack.undoText()
    window.document.undo_stack.undo()
    assert window.document.build.slots[0].gpu == original


def test_every_toolbar_action_has_an_icon_even_without_an_icon_theme(window):
    from PySide6.QtGui import QIcon

    from planner.paths import icons_dir

    for action in (window.new_action, window.open_action, window.save_action,
                   window.print_action, window.undo_action, window.redo_action,
                   window.recommend_action):
        assert not action.icon().isNull(), action.text()
    for svg in sorted(icons_dir().glob("*.svg")):  # our fallbacks and the app icon all render
        assert not QIcon(str(svg)).pixmap(24, 24).isNull(), svg.name
    assert (icons_dir() / "app.svg").is_file()


def test_an_edit_redraws_the_tabs_in_front_and_a_raised_tab_catches_up(qtbot, window):
    """Only the panels on screen redraw on an edit; a tab brought to the front catches up.

    Qt keeps a tabbed dock's other tabs "visible", only covered: they redrew on every edit (an
    edit paid for six panels with two on screen).
    """
    from planner.ui.panel_docks import panel_of

    with qtbot.waitSignal(window.panels_loaded):
        window.load_panels()
    docks = window.panel_docks
    docks["workloads"].raise_()
    qtbot.wait(50)
    drawn: dict[str, int] = {k: 0 for k in docks}
    for key, dock in docks.items():
        panel = panel_of(dock)
        draw = panel.refresh

        def counted(key=key, draw=draw):
            drawn[key] += 1
            draw()

        panel.refresh = counted
    _add(window)
    _add(window, "nvidia-rtx-3090")
    assert drawn["headroom"] == 2 and drawn["workloads"] == 2  # on screen: every edit
    assert drawn["energy"] == drawn["comparison"] == drawn["variants"] == 0  # behind
    docks["energy"].raise_()
    qtbot.waitUntil(lambda: drawn["energy"] == 1)  # once, with both edits
    energy = panel_of(docks["energy"])
    assert energy.view is not None and energy.view.total is not None
    assert energy.view.total.kwh_per_year > 0  # the 4090 and the 3090 are in its figures
    assert {line.gpu_id for line in energy.view.lines} >= {"nvidia-rtx-4090", "nvidia-rtx-3090"}


def test_a_dock_dragged_open_from_nothing_shows_the_edits_made_meanwhile(qtbot, window):
    """A dock squeezed to no height leaves its panel out of sight; growing it back catches up."""
    from planner.ui.panel_docks import panel_of

    with qtbot.waitSignal(window.panels_loaded):
        window.load_panels()
    dock = window.panel_docks["workloads"]
    dock.raise_()
    area = dock.widget()
    panel = panel_of(dock)
    drawn = []
    draw = panel.refresh
    panel.refresh = lambda: (drawn.append(1), draw())[1]
    area.setFixedHeight(0)
    qtbot.waitUntil(lambda: panel.visibleRegion().isEmpty())
    _add(window)
    assert drawn == []  # out of sight: not drawn
    area.setMinimumHeight(0)
    area.setMaximumHeight(16777215)
    area.resize(area.width(), 300)
    qtbot.waitUntil(lambda: drawn == [1])
    assert panel.model.rowCount() == len(window.document.build.workloads)
