"""Start the desktop app: one QApplication, one whole window, shown before anything heavy loads.

Order matters for start-up time, and each step waits only for what it needs:

1. Qt, the translators and the window, every dock in its final place and size with a stand-in of
   its panel (:mod:`planner.ui.skeleton`): the first paint is the whole window. Nothing before
   it uses the ``Qt`` namespace when the saved layout places the docks (every start after the
   first; see :mod:`planner.ui.panel_frames`), and a "system" colour scheme is checked just
   after it (:func:`planner.ui.theme.after_first_paint`): the namespace's first use alone costs
   a tenth of a bare window's start.
2. After the first paint, the contents (document, canvas, catalog panel: the core estimators)
   and the catalog, read straight from the database with the standard library's sqlite3
   (:mod:`planner.catalog.quick`). A new profile has no database yet: the one built with the
   program is copied in first (:mod:`planner.catalog.prebuilt`), so even the first start lists
   the catalog at once, with nothing seeded.
3. Meanwhile a worker thread imports what the panels need (pyqtgraph, numpy, the views; the
   exchange rates come from the file built with the database, without pydantic); the panels
   then take their docks' places: the window is ready.
4. Only then the worker imports SQLAlchemy for the catalog store, which opens (migrating,
   re-seeding or repairing if need be; custom GPUs work from here), the files asked for are
   opened and a crashed session's autosaves are offered (in a dialog that does not block).

Each GUI step runs in its own event-loop turn, and imports on the worker hand over through a
queued signal; only imports run there: every Qt object is made on the GUI thread. When the
database cannot be read as it is (an update to re-seed, a repair), the store opens before the
panels instead, as it must to list the catalog.

Files can arrive three ways: on the command line, as macOS ``FileOpen`` events (even before the
window exists) and from a second launch through the single-instance socket; all of them queue
until the store is open.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtGui import QFileOpenEvent, QIcon
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
    theme.before_first_paint(app, _scheme_preference())
    theme.follow_system(app, _scheme_preference)


def _scheme_preference() -> str:
    return str(cfg.read(cfg.open_settings(), cfg.COLOR_SCHEME))


# Imported on the worker thread after the catalog is shown: what the panels need (pyqtgraph,
# numpy, the views, the rates they convert with), then, once the panels are in, what the store,
# the files and the sheet need (SQLAlchemy, pydantic, the document reader, the report).
PANEL_IMPORTS = ("planner.catalog.rates", "planner.ui.panel_docks")
STORE_IMPORTS = ("planner.catalog.store", "planner.documents", "planner.ui.report_actions")
BACKGROUND_IMPORTS = PANEL_IMPORTS + STORE_IMPORTS


def _read_rates() -> None:
    from planner.catalog.rates import bundled_rates

    bundled_rates()  # read once now, not on the first priced repaint


def _import_all(modules: tuple[str, ...], then: Any = None) -> None:
    """Import ``modules`` (on a pool thread), then call ``then``.

    Python imports are thread-safe (the import lock); the modules only define classes and
    constants, so no Qt object is made off the GUI thread.
    """
    for name in modules:
        importlib.import_module(name)
    if then is not None:
        then()


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
        theme.after_first_paint(self._app, _scheme_preference())
        if self._listen:
            self._start_server()
        self._window.build_contents()
        if self._files:
            self._window.canvas.show_opening([Path(f).name for f in self._files])
        QTimer.singleShot(0, self._quick_catalog)

    def _quick_catalog(self) -> None:
        """List a current database's catalog at once; the worker imports the panels meanwhile."""
        from planner.catalog.prebuilt import install
        from planner.catalog.quick import read_current
        from planner.paths import bundled_data_dir, catalog_db_path

        data, db = catalog_data_dir() or bundled_data_dir(), catalog_db_path()
        install(db, data)  # a new profile: the database built with the program, copied
        catalog = read_current(db, data)
        if catalog is None:  # an update to re-seed, or a repair: the store opens it first
            QTimer.singleShot(0, self._store_first)
            return
        self._window.show_catalog(catalog)
        probe.startup_catalog()
        self._import(PANEL_IMPORTS, self._panels, then=_read_rates)

    def _import(self, modules: tuple[str, ...], slot: Any, then: Any = None) -> None:
        """Import ``modules`` off the GUI thread, the app's one way (planner.ui.jobs).

        ``slot`` follows on the GUI thread, also after a failed import (the GUI thread then
        imports again and reports it where it belongs).
        """
        from planner.ui.jobs import Job

        def failed(exc: BaseException) -> None:
            import logging

            logging.getLogger(__name__).error("background import failed: %s", exc)
            slot()

        job = Job(_import_all, modules, then)
        job.setParent(self)  # kept alive until it ends
        job.done.connect(lambda _result: slot())
        job.failed.connect(failed)
        job.done.connect(job.deleteLater)
        job.failed.connect(job.deleteLater)
        job.start()

    def _store_first(self) -> None:
        self._open_store()
        QTimer.singleShot(0, self._panels)

    def _open_store(self) -> None:
        from planner.catalog.store import open_store

        self._window.set_store(open_store(data_dir=catalog_data_dir()))
        probe.startup_catalog()  # (a second report is ignored)
        probe.startup_store()
        self._window.autosaver.begin()

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

    def _panels(self) -> None:
        """The panels take their docks; then the store, if it is not open yet."""
        self._window.load_panels()
        probe.startup_ready()
        if self._window.store is None:
            self._import(STORE_IMPORTS, self._store_then_files)
        else:
            QTimer.singleShot(0, self._files_then_recovery)

    def _store_then_files(self) -> None:
        self._open_store()
        QTimer.singleShot(0, self._files_then_recovery)

    def _files_then_recovery(self) -> None:
        """Open the files asked for first; only then offer autosaves, without blocking them."""
        self._app.ready = True
        queued = self._files + self._app.pending_files
        self._app.pending_files = []
        self.open_files(queued)
        self._window.canvas.done_opening()
        self._window.startup_finished.emit()
        if probe.startup_done():
            return  # start-up benchmark: quitting
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
