"""The main window: assembles the catalog, the build canvas and the panel docks, and wires them.

It computes nothing and holds no build of its own: the `BuildDocument` is the single source of
truth; file commands live in `document_files`, autosave in `autosave`, panel creation in
`panel_docks`, dock sizes and the saved layout in `window_layout`. What is here is the frame,
actions, the title, notices and the window's lifetime.

The central area is the notices (:mod:`planner.ui.notice_bar`: things to know that do not block
the window) above the build canvas, whose own ``header`` layout is the place for what belongs
above the build's totals and cards (a switcher between variants of the build).

Built in two steps so the window appears fast: the frame (menus, toolbar, docks, status bar) needs
only Qt; the contents (document, canvas, catalog) import the core estimators and are built by
`build_contents()`, which the app calls after the first paint (``MainWindow()`` without
``defer`` does both at once, as tests want).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6 import QtCore
from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from planner.paths import icons_dir
from planner.ui import panel_frames, user_gpus, window_layout, window_menus
from planner.ui import settings as cfg
from planner.ui.i18n import button_text
from planner.ui.skeleton import Skeleton

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent

    from planner.core.records.specs import GpuSpec
    from planner.ui.document import BuildDocument

TI = QIcon.ThemeIcon


class MainWindow(QMainWindow):
    """One window, one document."""

    contents_built = Signal()
    """The document, canvas and catalog exist; file commands work from now on."""

    panels_loaded = Signal()
    """The analysis panels were created (or found missing) and the saved layout applied."""

    startup_finished = Signal()
    """Start-up is over: catalog, panels and store in, and the files asked for opened."""

    # Made by planner.ui.window_menus.make_menus.
    recent_menu: QMenu
    view_menu: QMenu
    view_separator: QAction

    def __init__(self, document: BuildDocument | None = None, defer: bool = False) -> None:
        super().__init__()
        self.setObjectName("main-window")
        self.setWindowTitle(self.tr("GPU Build Planner"))
        self._document_arg = document
        self.store: Any = None
        self.panel_docks: dict[str, QDockWidget] = {}
        self._pending_notices: list[tuple[str, str, str, Any, str]] = []
        self.notices: Any = None  # the NoticeArea, made with the contents
        # The whole window from the first paint: every dock in its place and size, each with a
        # stand-in of its panel until the panel comes (see skeleton.py, panel_frames.py).
        # The central widget stays for good: replacing it would make the main window share its
        # room out again from size hints, moving every dock's edge.
        self._body = QVBoxLayout(central := QWidget())
        self._body.setContentsMargins(0, 0, 0, 0)
        self._body.setSpacing(0)
        self._build_stand_in = Skeleton("build", QSize(600, 400))
        self._body.addWidget(self._build_stand_in)
        self.setCentralWidget(central)
        self.catalog_dock = QDockWidget(self.tr("Catalog"), self)
        self.catalog_dock.setObjectName("dock-catalog")
        self.catalog_dock.setWidget(Skeleton("catalog", QSize(400, 600)))
        self.panel_docks = panel_frames.make_docks(self)  # placed below
        self._make_actions()
        window_menus.make_menus(self)
        from planner.ui.team import TeamController

        self.team = TeamController(self)
        self.team.actions = [self.team_builds_action, self.publish_action]
        self.team.catalog_changed.connect(self._team_changed)
        self.statusBar().addPermanentWidget(self.team.label)
        self.catalog_info = QLabel()
        self.statusBar().addPermanentWidget(self.catalog_info)
        settings = cfg.open_settings()
        geometry = cfg.read(settings, cfg.GEOMETRY)
        if not geometry or not self.restoreGeometry(geometry):
            available = self.screen().availableGeometry()
            if available.width() < 1600 or available.height() < 900:
                # A laptop screen: every pixel counts, as the user would maximize anyway.
                self.resize(available.size())
                self.setWindowState(QtCore.Qt.WindowState.WindowMaximized)
            else:
                self.resize(min(1680, round(available.width() * 0.92)),
                            min(1050, round(available.height() * 0.92)))
        if not window_layout.restore_saved_state(self):  # a saved layout places every dock itself
            self._place_docks()
        if not defer:
            self.build_contents()

    # -- actions and menus (the frame: Qt only) ----------------------------------------------

    def _icon(self, theme: QIcon.ThemeIcon, fallback: str) -> QIcon:
        """The platform's own icon where it has one, else ours from ``resources/icons``.

        The platform has one on Windows, macOS and a Linux desktop with an icon theme. The style's
        stock pixmaps, the other fallback, look dated, and asking for them creates PySide's QStyle
        type (~7 ms) before the window paints.
        """
        # Without a desktop icon theme (plain X11, a minimal desktop: none, or only "hicolor",
        # which holds application icons, not actions) the lookup searches in vain, about a
        # millisecond an icon before the first paint.
        themed = QIcon.themeName() not in ("", "hicolor")
        icon = QIcon.fromTheme(theme) if themed else QIcon()
        return icon if not icon.isNull() else QIcon(str(icons_dir() / f"{fallback}.svg"))

    def _action(self, text: str, slot: Any, shortcut: Any = None, icon: QIcon | None = None,
                tip: str = "") -> QAction:
        action = QAction(text, self)
        action.setIconText(button_text(text))
        # setShortcuts, not setShortcut: the latter's overloads make PySide build the Qt
        # namespace (~12 ms before the first paint, see panel_frames); a standard key also gets
        # every binding the platform has for it (Redo: Ctrl+Shift+Z and Ctrl+Y).
        if isinstance(shortcut, QKeySequence):
            action.setShortcuts([shortcut])
        elif shortcut is not None:
            action.setShortcuts(shortcut)
        if icon is not None:
            action.setIcon(icon)
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        action.setEnabled(False)  # until build_contents() or load_panels() says otherwise
        return action

    def _make_actions(self) -> None:
        k = QKeySequence.StandardKey
        self.new_action = self._action(self.tr("&New"), lambda: self.files.new(), k.New,
                                       self._icon(TI.DocumentNew, "document-new"))
        self.open_action = self._action(self.tr("&Open…"), lambda: self.files.open_dialog(),
                                        k.Open, self._icon(TI.DocumentOpen, "document-open"))
        self.save_action = self._action(self.tr("&Save"), lambda: self.files.save(), k.Save,
                                        self._icon(TI.DocumentSave, "document-save"))
        self.save_as_action = self._action(self.tr("Save &As…"), lambda: self.files.save_as(),
                                           k.SaveAs)
        self.export_action = self._action(self.tr("&Export PDF…"), self._export_pdf,
                                          QKeySequence(self.tr("Ctrl+E")))
        self.print_action = self._action(self.tr("&Print…"), self._print, k.Print,
                                         self._icon(TI.DocumentPrint, "document-print"))
        self.team_builds_action = self._action(self.tr("&Team Builds…"),
                                               lambda: self.team.open_builds())
        self.publish_action = self._action(self.tr("P&ublish to Team"),
                                           lambda: self.team.publish_open_build())
        self.import_runs_action = self._action(self.tr("Import &Measured Runs…"),
                                               lambda: self.runs.import_dialog())
        self.quit_action = self._action(self.tr("&Quit"), self.close, k.Quit)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.quit_action.setEnabled(True)
        # Stand-ins until the document's undo stack exists (build_contents swaps in its own).
        self.undo_action = self._action(self.tr("&Undo"), lambda: None, k.Undo,
                                        self._icon(TI.EditUndo, "edit-undo"))
        self.redo_action = self._action(self.tr("&Redo"), lambda: None, k.Redo,
                                        self._icon(TI.EditRedo, "edit-redo"))
        self.find_action = self._action(self.tr("&Find GPU"), self._focus_search, k.Find)
        self.custom_gpu_action = self._action(self.tr("Add &Custom GPU…"), self.add_custom_gpu)
        self.recommend_action = self._action(
            self.tr("&Recommend…"), self.recommend, QKeySequence(self.tr("Ctrl+R")),
            self._icon(TI.SystemSearch, "recommend"),
            self.tr("Find the cheapest builds that fit the tracked workloads"))
        self.reset_layout_action = self._action(self.tr("&Reset Layout"), self.reset_layout)
        self.preferences_action = self._action(self.tr("&Preferences…"), self.preferences,
                                               k.Preferences)
        self.preferences_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.about_action = self._action(self.tr("&About GPU Build Planner"), self.about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_qt_action = self._action(self.tr("About &Qt"), self.about_qt)
        self.about_qt_action.setMenuRole(QAction.MenuRole.AboutQtRole)
        for action in (self.about_action, self.about_qt_action):
            action.setEnabled(True)

    # -- contents (after the first paint) --------------------------------------------------

    def build_contents(self) -> None:
        """Create the document, canvas and catalog panel and wire the actions to them."""
        from planner.core.records.specs import Catalog
        from planner.ui.autosave import Autosaver
        from planner.ui.build_canvas import BuildCanvas
        from planner.ui.catalog_panel import CatalogPanel
        from planner.ui.document import BuildDocument
        from planner.ui.document_files import DocumentFiles
        from planner.ui.notice_bar import NoticeArea

        self.notices = NoticeArea()
        for pending in self._pending_notices:
            self.notices.show_notice(*pending)
        self._pending_notices = []
        self.document = self._document_arg or BuildDocument(Catalog(), parent=self)
        self.files = DocumentFiles(self.document, self)
        from planner.ui.measured_runs import RunsController

        self.runs = RunsController(self, self.document)
        self.setAcceptDrops(True)  # measured-run records dropped on the window are imported
        self.files.unknown_gpus_found.connect(self._offer_unknown_gpus)
        idle_ms = cfg.read(cfg.open_settings(), cfg.AUTOSAVE_IDLE_MS)
        self.autosaver = Autosaver(self.document, idle_ms, self)
        self.canvas = BuildCanvas(self.document)
        self.canvas.wants_height.connect(lambda h: window_layout.grow_build(self, h))
        self._body.removeWidget(self._build_stand_in)
        self._build_stand_in.deleteLater()
        self._body.addWidget(self.notices)
        self._body.addWidget(self.canvas, 1)
        self.files.figures_differ.connect(self._figures_differ)
        self.catalog_panel = CatalogPanel(self.document)
        if self.document.catalog.gpus:
            self._place_catalog_panel()
        else:  # the stand-in stays until there is a catalog to list
            self.document.catalog_changed.connect(self._place_catalog_panel)
        stack = self.document.undo_stack
        self.undo_action = self._swap_action(
            self.undo_action, stack.createUndoAction(self, self.tr("&Undo")))
        self.redo_action = self._swap_action(
            self.redo_action, stack.createRedoAction(self, self.tr("&Redo")))
        for action in (self.new_action, self.open_action, self.save_action,
                       self.save_as_action, self.find_action, self.reset_layout_action,
                       self.preferences_action):
            action.setEnabled(True)
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self.files.fill_recent_menu(self.recent_menu)
        self.document.path_changed.connect(self._update_title)
        self.document.changed.connect(self._update_title)
        self.files.status_message.connect(self._status)
        self.catalog_panel.add_custom_requested.connect(self.add_custom_gpu)
        self.catalog_panel.edit_requested.connect(self.edit_gpu)
        self.catalog_panel.reset_requested.connect(self.team.reset)
        self._update_title()
        self.contents_built.emit()

    def _place_catalog_panel(self) -> None:
        """Show the catalog panel in place of its stand-in, once there is a catalog."""
        if self.catalog_dock.widget() is not self.catalog_panel:
            self.catalog_dock.setWidget(self.catalog_panel)

    def _status(self, text: str) -> None:
        self.statusBar().showMessage(text, 10000)

    def _fill_recent(self) -> None:
        self.files.fill_recent_menu(self.recent_menu)

    @staticmethod
    def _swap_action(stand_in: QAction, action: QAction) -> QAction:
        """Put the stack's own undo or redo action where the stand-in was (menu and tool bar).

        QUndoStack keeps it enabled and named ("&Undo Add RTX 4090") as the stack changes.
        """
        action.setShortcut(stand_in.shortcut())
        action.setIcon(stand_in.icon())
        action.setIconText(stand_in.iconText())
        for widget in stand_in.associatedObjects():
            if isinstance(widget, QMenu | QToolBar):  # not the tool bar's button for it
                widget.insertAction(stand_in, action)
                widget.removeAction(stand_in)
        stand_in.deleteLater()
        return action

    def show_catalog(self, catalog: Any) -> None:
        """List a catalog and use it for the document (before the store opens, or from it)."""
        if catalog != self.document.catalog:
            self.document.set_catalog(catalog)
        self._place_catalog_panel()
        if self._document_arg is None:
            self.files.start_blank_if_untouched()
        self.catalog_info.setText(self.tr("%n GPU(s)", "", len(catalog.gpus)) + "  ·  "
                                  + self.tr("catalog %1").replace("%1", catalog.version or "—"))

    def set_store(self, store: Any) -> None:
        """Use an opened catalog store: its catalog becomes the document's."""
        self.store = store
        self.show_catalog(store.catalog())
        self.custom_gpu_action.setEnabled(True)
        self.team.start(store)
        self.team.refresh_layers()
        self.import_runs_action.setEnabled(True)
        self.runs.reload()
        if store.notice:  # in the window, not a box: start-up goes on, nothing waits
            self.statusBar().showMessage(store.notice, 30000)
            self.notify("catalog", store.notice, level="warning")

    def load_panels(self) -> None:
        """Put the analysis panels (heavy imports) into their docks, in place of the stand-ins."""
        from planner.ui import report_actions
        from planner.ui.panel_docks import add_panel_docks

        docks = add_panel_docks(self, self.document, self.panel_docks)
        for key, dock in self.panel_docks.items():
            if key not in docks:  # its panel could not start: the dock went
                self.view_menu.removeAction(dock.toggleViewAction())
        for key, dock in docks.items():
            if key not in self.panel_docks:
                self.view_menu.insertAction(self.view_separator, dock.toggleViewAction())
        self.panel_docks = docks
        self.runs.attach(self.panel_docks.get("runs"))
        import importlib.util  # load_panels runs after the first paint: import it here

        has_recommend = importlib.util.find_spec("planner.ui.panels.recommend") is not None
        self.recommend_action.setEnabled(has_recommend)
        if not has_recommend:
            self.recommend_action.setToolTip(self.tr("Not available in this version"))
        has_report = report_actions.report_functions() is not None
        for action in (self.export_action, self.print_action):
            action.setEnabled(has_report)
            if not has_report:
                action.setToolTip(self.tr("The report module is not available in this version"))
        self.panels_loaded.emit()

    # -- commands --------------------------------------------------------------------------

    def _focus_search(self) -> None:
        self.catalog_dock.show()
        self.catalog_dock.raise_()
        self.catalog_panel.search.setFocus()
        self.catalog_panel.search.selectAll()

    def _export_pdf(self) -> None:
        from planner.ui import report_actions

        report_actions.export_pdf(self, self.document)

    def _print(self) -> None:
        from planner.ui import report_actions

        report_actions.print_report(self, self.document)

    def notify(self, key: str, text: str, details: str = "", actions: Any = (),
               level: str = "info") -> None:
        """Show a notice above the build (kept until the contents exist, if need be)."""
        if self.notices is None:
            self._pending_notices.append((key, text, details, actions, level))
            return
        self.notices.show_notice(key, text, details, actions, level)

    def _figures_differ(self, name: str, differences: tuple[str, ...]) -> None:
        self.notify("differences", self.tr("Some figures in “%1” differ from your catalog. The "
                                           "build keeps the file's figures.").replace("%1", name),
                    "\n".join(differences))

    def _offer_unknown_gpus(self, gpus: tuple[GpuSpec, ...]) -> None:
        user_gpus.offer_unknown_gpus(self, gpus)

    def add_unknown_gpus(self, gpus: tuple[GpuSpec, ...]) -> None:
        """Keep a file's GPUs as the user's own in the catalog."""
        user_gpus.add_unknown_gpus(self, gpus)

    def _edit_catalog(self, gpu: GpuSpec | None) -> None:
        user_gpus.edit_catalog(self, gpu)

    def _team_changed(self) -> None:
        """A sync, a reset or a conflict's answer changed catalog rows: show them."""
        if self.store is not None:
            self.document.set_catalog(self.store.reload())
            self.team.refresh_layers()

    def add_custom_gpu(self) -> None:
        """Describe a GPU of the user's own and add it to the catalog."""
        self._edit_catalog(None)

    def edit_gpu(self, gpu: GpuSpec) -> None:
        """Correct a catalog GPU's figures (kept apart from the bundled ones)."""
        self._edit_catalog(gpu)

    def recommend(self) -> None:
        """Open the recommendation dialog (written with the panels)."""
        try:
            from planner.ui.panels.recommend import RecommendDialog
        except ImportError:
            return
        dialog = RecommendDialog(self.document, self)
        dialog.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def preferences(self) -> None:
        """Defaults for new builds, colours and language."""
        from planner.ui.preferences import PreferencesDialog

        dialog = PreferencesDialog(self.document.catalog, self.document.build, self)
        dialog.accepted.connect(self.team.restart)
        dialog.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def _place_docks(self) -> None:
        """The default layout: every dock in its place, sized for the window as it is."""
        panel_frames.place_docks(self, self.catalog_dock, self.panel_docks)
        window_layout.apply_default_sizes(self)

    def reset_layout(self) -> None:
        """Put the docks and toolbar back where they start, sized for the window as it is."""
        self._place_docks()
        for toolbar in self.findChildren(QToolBar):
            self.addToolBar(toolbar)  # back to the top, in the order they were made
            toolbar.show()

    def about(self) -> None:
        """Name, version and what the figures rest on."""
        from PySide6.QtWidgets import QMessageBox  # its type (and enums) only when asked for

        from planner import __version__

        QMessageBox.about(self, self.tr("About GPU Build Planner"), self.tr(
            "<h3>GPU Build Planner %1</h3><p>Plan GPU builds for machine learning: VRAM fit, "
            "energy, cost and side-by-side comparison.</p><p>Every figure in the catalog names "
            "its source; hover over it to see which.</p>").replace("%1", __version__))

    def about_qt(self) -> None:
        """Qt's own About box."""
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.aboutQt(self)

    # -- title and lifetime ----------------------------------------------------------------

    def _update_title(self) -> None:
        self.setWindowTitle(self.tr("%1[*] — GPU Build Planner").replace(
            "%1", self.files.display_name()))
        self.setWindowModified(self.document.is_modified())

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Accept measured-run records (``.json`` files) once the catalog is open."""
        from planner.ui.measured_runs import dropped_run_files

        if self.store is not None and dropped_run_files(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        """Import the dropped records as measured runs."""
        from planner.ui.measured_runs import dropped_run_files

        paths = dropped_run_files(event.mimeData())
        if paths:
            event.acceptProposedAction()
            self.runs.import_files(paths)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask to save; then remember the layout and end the autosave session."""
        files = getattr(self, "files", None)
        if files is not None and not files.maybe_save():
            event.ignore()
            return
        settings = cfg.open_settings()
        cfg.write(settings, cfg.GEOMETRY, self.saveGeometry())
        cfg.write(settings, cfg.STATE, self.saveState(cfg.STATE_VERSION))
        settings.sync()
        if files is not None:
            self.autosaver.end()
        event.accept()
