"""The main window's layout: notices that do not block, a saved layout versioned, a build that
grows with its cards, and the default docks (issue 12)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QObject, Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QToolBar

from planner.documents import load_document
from planner.ui import edits, window_layout
from planner.ui import settings as cfg
from planner.ui.catalog_model import ARCHITECTURE
from planner.ui.main_window import MainWindow
from planner.ui.panel_docks import panel_of

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _quiet(win: MainWindow) -> None:
    win.document.undo_stack.setClean()
    win.document.undo_stack.cleanChanged.disconnect()


def _window(qtbot, store, size: tuple[int, int] = (1366, 740), panels: bool = True) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win, before_close_func=_quiet)
    win.setWindowState(win.windowState() & ~win.windowState())  # not maximized: our size
    win.resize(*size)
    win.set_store(store)
    win.show()
    qtbot.waitExposed(win)
    if panels:
        win.load_panels()
    QApplication.processEvents()
    return win


def test_figures_that_differ_are_a_notice_not_a_blocking_box(qtbot, store, monkeypatch) -> None:
    path = EXAMPLES / "workstation-4x4090.gpubuild"
    win = _window(qtbot, store, panels=False)
    assert load_document(path, win.document.catalog).differences  # the case under test

    # As at start-up: the file from the command line opens, then recovery would be offered.
    from planner.ui.app import Startup

    app = QObject()
    app.ready, app.pending_files = False, []
    startup = Startup.__new__(Startup)
    QObject.__init__(startup, app)
    startup._app, startup._window, startup._files, startup._listen = app, win, [str(path)], False
    monkeypatch.setattr(win.files, "offer_recovery", lambda: None)
    startup._files_then_recovery()
    assert win.document.path == path.resolve()
    assert QApplication.activeModalWidget() is None
    assert not [b for b in win.findChildren(QMessageBox) if b.isVisible()]
    notice = win.notices.notices["differences"]
    assert notice.isVisible() and "workstation-4x4090.gpubuild" in notice.text.text()
    assert not notice.details.isVisible()
    notice.details_button.click()
    assert notice.details.isVisible() and notice.details.toPlainText().strip()
    # Opening it again replaces the notice rather than stacking a second one.
    assert win.files.open_path(path, ask=False)
    assert list(win.notices.notices) == ["differences"]


def test_a_layout_saved_by_an_older_version_is_dropped_once_with_a_notice(qtbot, store) -> None:
    first = _window(qtbot, store)
    old_state = first.saveState(cfg.STATE_VERSION - 1)  # what version 1 saved
    first.close()  # saves its own layout, which the old one then replaces
    settings = cfg.open_settings()
    cfg.write(settings, cfg.STATE, old_state)
    settings.sync()

    win = _window(qtbot, store)
    assert "layout" in win.notices.notices
    assert "View › Reset Layout" in win.notices.notices["layout"].text.text()
    assert not cfg.open_settings().contains(cfg.STATE.key)  # dropped: no notice next time
    win.close()  # saves the current layout under the current version
    again = _window(qtbot, store)
    assert "layout" not in again.notices.notices
    assert isinstance(cfg.read(cfg.open_settings(), cfg.STATE), QByteArray | bytes)


def test_the_build_grows_into_the_bottom_tabs_as_cards_are_added(qtbot, store) -> None:
    win = _window(qtbot, store, size=(1366, 740))
    canvas = win.canvas
    bottom = window_layout.bottom_docks(win)[0]
    before_bottom, before_canvas = bottom.height(), canvas.height()
    gpus = [g.id for g in win.document.catalog.gpus]
    assert len(gpus) >= 5
    edits.add_gpu_ids(win.document, gpus[:1])
    qtbot.waitUntil(lambda: len(canvas.cards) == 1)
    first_card_y = canvas.cards[0].mapTo(win, canvas.cards[0].rect().topLeft()).y()
    edits.add_gpu_ids(win.document, gpus[1:5])
    qtbot.waitUntil(lambda: canvas.height() > before_canvas)
    QApplication.processEvents()
    assert bottom.height() < before_bottom
    # Down to a floor that leaves the workloads table usable (the floor counts the tab bar).
    panel = panel_of(bottom)
    assert panel.height() >= panel.minimumSizeHint().height()
    assert bottom.height() >= window_layout.BOTTOM_FLOOR - 40
    # Only the build's bottom edge moved: its first card is where it was.
    assert canvas.cards[0].mapTo(win, canvas.cards[0].rect().topLeft()).y() == first_card_y
    needed = canvas.needed_height()
    assert canvas.height() >= needed or bottom.height() <= window_layout.BOTTOM_FLOOR


def test_default_layout_at_1366_by_768_fits_and_cuts_nothing(qtbot, store) -> None:
    win = _window(qtbot, store, size=(1366, 740))  # 768 less a task bar
    assert win.minimumSizeHint().height() <= 740 and win.minimumSizeHint().width() <= 1366
    assert win.height() <= 740
    for dock in (win.catalog_dock, win.panel_docks["headroom"], win.panel_docks["workloads"]):
        assert dock.isVisible() and dock.width() > 300 and dock.height() > 150, dock.objectName()
    assert win.canvas.isVisible() and win.canvas.width() > 400 and win.canvas.height() > 250
    panel = win.catalog_panel
    header = panel.view.horizontalHeader()
    # Every shown column, the architecture's title included, inside the dock: no sideways scroll.
    assert header.length() <= panel.view.viewport().width()
    assert not panel.view.horizontalScrollBar().isVisible()
    assert not panel.view.isColumnHidden(ARCHITECTURE)
    arch_right = header.sectionViewportPosition(ARCHITECTURE) + header.sectionSize(ARCHITECTURE)
    assert arch_right <= panel.view.viewport().width()
    title = panel.model.headerData(ARCHITECTURE, header.orientation())
    assert header.sectionSize(ARCHITECTURE) >= header.fontMetrics().horizontalAdvance(title)


@pytest.mark.parametrize("size", [(1366, 740), (1920, 1040)])
def test_every_suggestion_wraps_inside_the_headroom_panel(qtbot, store, size) -> None:
    win = _window(qtbot, store, size=size)
    path = EXAMPLES / "workstation-4x4090.gpubuild"
    assert win.files.open_path(path, ask=False)
    panel = panel_of(win.panel_docks["headroom"])
    qtbot.waitUntil(lambda: bool(panel.suggestion_buttons))
    QApplication.processEvents()
    viewport = panel.suggestions_box.viewport()
    for button in panel.suggestion_buttons:
        right = button.mapTo(viewport, button.rect().topRight()).x()
        assert right <= viewport.width(), button.text()
        label = button.label
        assert label.height() >= label.heightForWidth(label.width()), button.text()


def _areas(win: MainWindow) -> dict[str, Qt.DockWidgetArea]:
    docks = {"catalog": win.catalog_dock, **win.panel_docks}
    return {key: win.dockWidgetArea(dock) for key, dock in docks.items()}


DEFAULT_AREAS = {"catalog": Qt.DockWidgetArea.LeftDockWidgetArea,
                 "headroom": Qt.DockWidgetArea.RightDockWidgetArea,
                 **{k: Qt.DockWidgetArea.BottomDockWidgetArea
                    for k in ("workloads", "energy", "comparison", "variants", "runs",
                              "serving")}}


def test_the_next_start_places_the_docks_where_the_user_left_them(qtbot, store) -> None:
    """The saved layout alone places the docks (they are never added first, see panel_frames)."""
    first = _window(qtbot, store)
    assert _areas(first) == DEFAULT_AREAS
    first.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, first.panel_docks["headroom"])
    first.panel_docks["runs"].close()
    first.close()  # saves the layout

    win = _window(qtbot, store, panels=False)
    assert _areas(win)["headroom"] == Qt.DockWidgetArea.LeftDockWidgetArea
    assert win.corner(Qt.Corner.BottomLeftCorner) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert not win.panel_docks["runs"].isVisible()  # closed stays closed
    assert set(win.tabifiedDockWidgets(win.panel_docks["workloads"])) == {
        win.panel_docks[k] for k in ("energy", "comparison", "variants", "serving")}


def test_a_saved_layout_that_lacks_a_dock_is_not_applied(qtbot, store) -> None:
    """A dock the layout does not know would be left nowhere: the default layout instead."""
    first = _window(qtbot, store)
    first.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, first.panel_docks["headroom"])
    first.panel_docks["energy"].setObjectName("dock-something-else")
    state = first.saveState(cfg.STATE_VERSION)
    first.panel_docks["energy"].setObjectName("dock-energy")
    first.close()
    settings = cfg.open_settings()
    cfg.write(settings, cfg.STATE, state)
    settings.sync()

    win = _window(qtbot, store, panels=False)
    assert _areas(win) == DEFAULT_AREAS
    assert all(d.isVisible() for d in win.panel_docks.values())


def test_reset_layout_brings_back_closed_floating_and_moved_docks(qtbot, store) -> None:
    win = _window(qtbot, store)
    toolbar = win.findChild(QToolBar, "toolbar-main")
    win.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, win.catalog_dock)
    win.panel_docks["headroom"].close()
    win.panel_docks["energy"].setFloating(True)
    toolbar.hide()
    win.reset_layout()
    QApplication.processEvents()
    assert _areas(win) == DEFAULT_AREAS
    docks = [win.catalog_dock, *win.panel_docks.values()]
    assert all(d.isVisible() and not d.isFloating() for d in docks)
    assert toolbar.isVisible() and win.toolBarArea(toolbar) == Qt.ToolBarArea.TopToolBarArea
    workloads = win.panel_docks["workloads"]
    assert set(win.tabifiedDockWidgets(workloads)) == {
        win.panel_docks[k] for k in ("energy", "comparison", "variants", "runs", "serving")}
    assert not workloads.visibleRegion().isEmpty()  # in front, as at the first start
    # Sized for the window as it is: 28 % of 1366 px is 382.5 px, inside the 360–480 px bounds.
    assert win.catalog_dock.width() == pytest.approx(382, abs=2)


def test_the_tool_bar_shows_each_buttons_text_beside_its_icon(qtbot, store) -> None:
    """Its style is set by number (see main_window): this is the number's meaning."""
    win = _window(qtbot, store, panels=False)
    toolbar = win.findChild(QToolBar, "toolbar-main")
    assert toolbar.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextBesideIcon
