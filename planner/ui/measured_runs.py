"""The user's measured runs in the app: import (menu or drop), export, the calibration switch.

Runs live in the catalog store (``planner.catalog.runs``); this controller reads them into the
document's :class:`~planner.core.plan.runs.RunBook`, which the headroom chart and the Measured
Runs panel show. An import keeps every valid record and names each refused one in a notice (one
sentence per record, naming the file and the field); nothing stored is touched by a bad file.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QMimeData, QObject, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget, QFileDialog, QWidget

from planner.ui import settings as cfg

if TYPE_CHECKING:
    from planner.ui.document import BuildDocument

#: Files a drop on the window is taken as run records by (a build file opens as a build).
RUN_SUFFIXES = (".json",)


def dropped_run_files(data: QMimeData) -> list[Path]:
    """Local ``.json`` files in a drop (empty when there are none)."""
    if not data.hasUrls():
        return []
    return [Path(u.toLocalFile()) for u in data.urls()
            if u.isLocalFile() and u.toLocalFile().lower().endswith(RUN_SUFFIXES)]


class RunsController(QObject):
    """Loads, imports and exports the runs of one window's store into its document."""

    def __init__(self, window: Any, document: BuildDocument) -> None:
        super().__init__(window)
        self.window = window
        self.document = document
        self.problems: tuple[str, ...] = ()
        """Stored runs today's catalog cannot read (kept stored, left out of calibration)."""
        self._stamp: tuple[int, str] | None = None
        # Runs imported elsewhere (``gpu-planner runs import`` in a terminal) while the window
        # is open: looked for when the app comes back to the front. A signal, not an event
        # filter on the window, which would run Python for every event the window gets.
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.applicationStateChanged.connect(self.came_back)

    def came_back(self, state: Qt.ApplicationState) -> None:
        """Re-read the runs when the app is active again and the store's runs changed."""
        if state == Qt.ApplicationState.ApplicationActive and self.store is not None \
                and self.store.runs_stamp() != self._stamp:
            self.reload()

    def attach(self, dock: QDockWidget | None) -> None:
        """Wire the Measured Runs panel's buttons and switch (if the panel started)."""
        from planner.ui.panel_docks import panel_of
        from planner.ui.panels.measured_runs import MeasuredRunsPanel

        panel = panel_of(dock) if dock is not None else None
        if not isinstance(panel, MeasuredRunsPanel):
            return
        panel.import_requested.connect(lambda: self.import_dialog(panel))
        panel.export_requested.connect(lambda ids, keep: self.export(ids, keep, panel))
        panel.calibration_toggled.connect(self.set_enabled)

    @property
    def store(self) -> Any:
        """The window's catalog store (``None`` until it opens)."""
        return self.window.store

    def reload(self) -> None:
        """Read the stored runs into the document, with the switch the store keeps for them."""
        if self.store is None:
            return
        self._adopt_legacy_switch()
        self._stamp = self.store.runs_stamp()
        book, self.problems = self.store.run_book()
        self.document.set_runs(book)

    def _adopt_legacy_switch(self) -> None:
        """Move a switch an earlier version kept in the app's settings into the store, once.

        The switch now lives beside the runs so ``gpu-planner show`` and the sheet printed from
        the command line read the same one the app does.
        """
        settings = cfg.open_settings()
        if settings.contains(cfg.CALIBRATE_FROM_RUNS.key):
            self.store.set_calibrating(bool(cfg.read(settings, cfg.CALIBRATE_FROM_RUNS)))
            settings.remove(cfg.CALIBRATE_FROM_RUNS.key)

    def set_enabled(self, enabled: bool) -> None:
        """Calibration on or off, for the app and the commands (kept in the catalog store)."""
        if self.store is not None:
            self.store.set_calibrating(enabled)
        book = self.document.runs
        if book is not None and book.enabled != enabled:
            self.document.set_runs(book.switched(enabled))

    def import_dialog(self, parent: QWidget | None = None) -> None:
        """File ▸ Import measured runs…: pick record files and import them."""
        names, _ = QFileDialog.getOpenFileNames(
            parent or self.window, self.tr("Import measured runs"), "",
            self.tr("Measured runs (*.json);;All files (*)"))
        if names:
            self.import_files([Path(n) for n in names])

    def import_files(self, paths: list[Path]) -> tuple[int, tuple[str, ...]]:
        """Import record files; returns how many runs were new and the refusals."""
        if self.store is None or not paths:
            return 0, ()
        from planner.catalog.runs import read_files

        read = read_files(paths, self.store.catalog())
        added = self.store.add_runs(read.runs)
        self.reload()
        text = self.tr("Imported %n measured run(s).", "", added)
        known = len(read.runs) - added
        if known:  # "Imported 0" alone read as a failure when the runs were simply there
            text += " " + self.tr("%n were already stored.", "", known)
        if read.problems:
            text += " " + self.tr("%n record(s) could not be imported.", "", len(read.problems))
        from planner.words.runs import problem_text  # the refusals in the user's language

        self.window.notify("runs", text, "\n".join(problem_text(p) for p in read.reasons),
                           level="warning" if read.problems else "info")
        self.window.statusBar().showMessage(text, 10000)
        return added, read.problems

    def export(self, ids: list[str], keep_private: bool, parent: QWidget | None = None) -> None:
        """Write some runs (all when ``ids`` is empty) to a file the user picks."""
        if self.store is None:
            return
        from planner.catalog.runs import run_id

        records = [r for r in self.store.run_records() if not ids or run_id(r) in ids]
        if not records:
            return
        name, _ = QFileDialog.getSaveFileName(
            parent or self.window, self.tr("Export measured runs"), "runs.json",
            self.tr("Measured runs (*.json)"))
        if name:
            self.write_export(Path(name), records, keep_private)

    def write_export(self, path: Path, records: list[dict[str, Any]],
                     keep_private: bool) -> bool:
        """Write the records; a failure is one sentence in a notice."""
        from planner.catalog.runs import export_text
        from planner.documents import DocumentError
        from planner.documents.atomic import atomic_write

        try:
            atomic_write(path, export_text(records, keep_private).encode("utf-8"))
        except DocumentError as exc:  # a full disk or a read-only folder: in the user's language
            from planner.words.file_errors import document_error_text

            self.window.notify("runs", document_error_text(exc), level="warning")
            return False
        self.window.statusBar().showMessage(
            self.tr("Exported %n measured run(s).", "", len(records)), 10000)
        return True
