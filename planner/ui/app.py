"""Start the desktop app: one QApplication, one window, shown before anything heavy loads.

Order matters for start-up time: Qt, the translators and the window's frame come first; once the
window has painted, its contents (document, canvas, catalog list: the core estimators) are built
and the catalog is read straight from the database when it is current
(:mod:`planner.catalog.quick`: the standard library's sqlite3, no SQLAlchemy), so the list is
there at once. Meanwhile a worker thread imports what the rest needs (SQLAlchemy for the full
store, pydantic for the rates and files, pyqtgraph and numpy for the panels) and hands over to the
GUI thread through a queued signal; then the store opens (migrating, re-seeding or repairing if
need be), the analysis panels are built, the files asked for are opened and a crashed session's
autosaves are offered (in a dialog that does not block the window or the file just opened), each
step in its own event-loop turn. Only imports run on the worker: every Qt object is made on the
GUI thread.

Files can arrive three ways: on the command line, as macOS ``FileOpen`` events (even before the
window exists) and from a second launch through the single-instance socket; all of them queue
until the window is ready.
"""

from __future__ import annotations

import importlib
import logging
import os
import sys
import threading
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QFileOpenEvent, QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication

from planner.paths import icons_dir
from planner.translations import install_translators
from planner.ui import probe, single_instance, theme
from planner.ui import settings as cfg

CATALOG_DATA_ENV = "GPU_PLANNER_CATALOG_DATA"
"""Test hook: seed the catalog from this folder instead of the bundled ``data/``."""


class PlannerApplication(QApplication):
    """The QApplication, catching macOS's "open this file" events and queuing them."""

    file_open_requested = Signal(str)
    """The OS asked to open a file (double-click in Finder, drop on the Dock icon)."""

    def __init__(self, argv: list[str]) -> None:
        super().__init__(argv)
        self.pending_files: list[str] = []
        self.ready = False

    def event(self, e: QEvent) -> bool:
        """Queue FileOpen paths until the window is ready, then pass them on."""
        if e.type() == QEvent.Type.FileOpen and isinstance(e, QFileOpenEvent):
            path = e.file() or e.url().toLocalFile()
            if path:
                if self.ready:
                    self.file_open_requested.emit(path)
                else:
                    self.pending_files.append(path)
            return True
        return super().event(e)


def _configure(app: QApplication) -> None:
    app.setOrganizationName(cfg.ORGANIZATION)
    app.setOrganizationDomain(cfg.DOMAIN)
    app.setApplicationName(cfg.APPLICATION)
    app.setApplicationDisplayName(cfg.APPLICATION)
    from planner import __version__

    app.setApplicationVersion(__version__)
    app.setDesktopFileName("gpu-build-planner")
    app.setWindowIcon(QIcon(str(icons_dir() / "app.svg")))
    theme.choose_style(app)
    preference = str(cfg.read(cfg.open_settings(), cfg.COLOR_SCHEME))
    theme.apply_scheme(app, preference)
    theme.follow_system(app, lambda: str(cfg.read(cfg.open_settings(), cfg.COLOR_SCHEME)))


# Imported on the worker thread after the catalog is shown: what the store, the rates, the files
# and the panels need (each costs a tenth to half a second on a slow machine).
BACKGROUND_IMPORTS = ("planner.catalog.rates", "planner.catalog.store", "planner.documents",
                      "planner.ui.panel_docks", "planner.ui.report_actions")


class BackgroundImports(QObject):
    """Imports :data:`BACKGROUND_IMPORTS` on a worker thread; ``done`` arrives on the GUI thread.

    Python imports are thread-safe (the import lock); the modules only define classes and
    constants, so no Qt object is made on the worker. The signal is emitted from the worker and
    delivered, queued, to receivers on the GUI thread.
    """

    done = Signal()

    def start(self) -> None:
        """Begin importing; ``done`` follows (also if an import failed: the GUI retries it)."""
        threading.Thread(target=self._run, name="background-imports", daemon=True).start()

    def _run(self) -> None:
        try:
            for name in BACKGROUND_IMPORTS:
                importlib.import_module(name)
            from planner.catalog.rates import bundled_rates

            bundled_rates()  # read once now, not on the first priced repaint
        except Exception:  # the GUI thread imports again and reports it where it belongs
            logging.getLogger(__name__).exception("background import failed")
        self.done.emit()


def catalog_data_dir() -> Path | None:
    """The folder the catalog is seeded from: the test hook's, else None for the bundled one."""
    data = os.environ.get(CATALOG_DATA_ENV, "").strip()
    return Path(data) if data else None


class Startup(QObject):
    """The work done after the first paint, and the routing of files to open."""

    def __init__(self, app: PlannerApplication, window: object, files: list[str],
                 listen: bool = False) -> None:
        super().__init__(app)
        from planner.ui.main_window import MainWindow

        assert isinstance(window, MainWindow)
        self._app = app
        self._window = window
        self._files = files
        self._listen = listen
        self.server: single_instance.InstanceServer | None = None

    def after_first_paint(self) -> None:
        """Listen for later launches, then build the contents and go on step by step.

        The steps: open the catalog, load the panels, open the files, offer recovery.
        """
        if probe.startup_painted():
            return  # start-up benchmark: quitting
        if self._listen:
            self._start_server()
        self._window.build_contents()
        QTimer.singleShot(0, self._quick_catalog)

    def _quick_catalog(self) -> None:
        """Show a current database's catalog at once; the worker imports the rest meanwhile."""
        from planner.catalog.quick import read_current
        from planner.paths import bundled_data_dir, catalog_db_path

        catalog = read_current(catalog_db_path(), catalog_data_dir() or bundled_data_dir())
        if catalog is None:  # first start, an update or a repair: the store opens it now
            QTimer.singleShot(0, self._catalog)
            return
        self._window.show_catalog(catalog)
        probe.startup_catalog()
        imports = BackgroundImports(self)
        imports.done.connect(self._catalog)
        imports.start()

    def _start_server(self) -> None:
        """Take the single-instance name (no earlier launch answered when this one started)."""
        server = single_instance.InstanceServer(parent=self._app)
        if not server.listen():
            import logging  # rare: not worth its import time on every start

            logging.getLogger(__name__).warning(
                "single-instance server could not listen; continuing alone")
            return
        server.files_received.connect(self.open_files)
        self._app.aboutToQuit.connect(server.close)
        self.server = server

    def _catalog(self) -> None:
        from planner.catalog.store import open_store

        self._window.set_store(open_store(data_dir=catalog_data_dir()))
        probe.startup_catalog()  # (a second report is ignored)
        self._window.autosaver.begin()
        QTimer.singleShot(0, self._panels)

    def _panels(self) -> None:
        self._window.load_panels()
        QTimer.singleShot(0, self._files_then_recovery)

    def _files_then_recovery(self) -> None:
        """Open the files asked for first; only then offer autosaves, without blocking them."""
        self._app.ready = True
        queued = self._files + self._app.pending_files
        self._app.pending_files = []
        self.open_files(queued)
        probe.startup_ready()
        QTimer.singleShot(0, self._window.files.offer_recovery)

    def open_files(self, files: list[str]) -> None:
        """Open files handed over by the OS or another launch; none: just come to the front."""
        window = self._window
        if window.isMinimized():
            window.showNormal()
        window.raise_()
        window.activateWindow()
        if not self._app.ready:
            self._app.pending_files.extend(files)
            return
        for name in files:
            window.files.open_path(Path(name))


def run_app(args: list[str], lang: str | None = None) -> int:
    """Run the app with command-line ``args`` (file names); returns the exit status.

    ``lang`` is ``--lang``: the window's language for this start, over the saved preference.
    """
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
        Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)  # Qt 6's default, made explicit
    if QApplication.instance() is not None:
        raise RuntimeError("run_app() creates the QApplication; call it in a fresh process")
    app = PlannerApplication([sys.argv[0], *args])
    files = [a for a in args if not a.startswith("-")]
    single = single_instance.enabled()
    if single and single_instance.send_to_running(files):
        return 0
    _configure(app)
    # The translators are children of app, so they stay alive.
    install_translators(app, str(cfg.read(cfg.open_settings(), cfg.LANGUAGE)), lang)

    from planner.ui.main_window import MainWindow

    window = MainWindow(defer=True)
    startup = Startup(app, window, files, listen=single)
    app.file_open_requested.connect(lambda path: startup.open_files([path]))
    window.contents_built.connect(lambda: probe.install(window))
    probe.FirstPaint(window, startup.after_first_paint)
    window.show()
    return app.exec()
