"""The main window's menus and tool bar, laid out from the actions the window made.

Apart from :mod:`planner.ui.main_window` so the window stays a frame; the words keep the
window's translation context ("MainWindow"), so their translations are the ones it always had.
A new command gets its action in the window and its place here.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMenu


def make_menus(window: Any) -> None:
    """The menu bar (File, Edit, View, Tools, Help) and the main tool bar.

    ``window`` is the :class:`~planner.ui.main_window.MainWindow` (typed loosely: the window
    imports this module, and this module must not import it back).
    """
    bar = window.menuBar()
    file_menu = bar.addMenu(QCoreApplication.translate("MainWindow", "&File"))
    file_menu.addActions([window.new_action, window.open_action])
    window.recent_menu = QMenu(QCoreApplication.translate("MainWindow", "Open &Recent"), window)
    file_menu.addMenu(window.recent_menu)
    file_menu.addSeparator()
    file_menu.addActions([window.save_action, window.save_as_action])
    file_menu.addSeparator()
    file_menu.addActions([window.export_action, window.print_action])
    file_menu.addSeparator()
    file_menu.addAction(window.import_runs_action)
    file_menu.addSeparator()
    file_menu.addActions([window.team_builds_action, window.publish_action])
    file_menu.addSeparator()
    file_menu.addAction(window.quit_action)
    edit_menu = bar.addMenu(QCoreApplication.translate("MainWindow", "&Edit"))
    edit_menu.addActions([window.undo_action, window.redo_action])
    edit_menu.addSeparator()
    edit_menu.addActions([window.find_action, window.custom_gpu_action])
    edit_menu.addSeparator()
    edit_menu.addAction(window.preferences_action)
    window.view_menu = bar.addMenu(QCoreApplication.translate("MainWindow", "&View"))
    window.view_menu.addAction(window.catalog_dock.toggleViewAction())
    window.view_menu.addActions([d.toggleViewAction() for d in window.panel_docks.values()])
    window.view_separator = window.view_menu.addSeparator()
    window.view_menu.addAction(window.reset_layout_action)
    tools_menu = bar.addMenu(QCoreApplication.translate("MainWindow", "&Tools"))
    tools_menu.addAction(window.recommend_action)
    help_menu = bar.addMenu(QCoreApplication.translate("MainWindow", "&Help"))
    help_menu.addActions([window.about_action, window.about_qt_action])
    toolbar = window.addToolBar(QCoreApplication.translate("MainWindow", "Main"))
    toolbar.setObjectName("toolbar-main")
    # Qt.ToolButtonStyle.ToolButtonTextBesideIcon, set by number: the Qt namespace's first
    # use costs ~12 ms, which a start with a saved layout otherwise never pays before the
    # first paint (see panel_frames).
    toolbar.setProperty("toolButtonStyle", 2)
    toolbar.addActions([window.new_action, window.open_action, window.save_action])
    toolbar.addSeparator()
    toolbar.addActions([window.undo_action, window.redo_action])
    toolbar.addSeparator()
    toolbar.addAction(window.recommend_action)
    window.view_menu.insertAction(window.view_separator, toolbar.toggleViewAction())
