"""New, Open, Save, Save As, Open Recent and crash recovery for the window's one document.

Every error from reading or writing a file is the documents layer's one sentence, shown as is in
a dialog; a failed open leaves the current build untouched. The dialogs are Qt's static
functions (QMessageBox.warning/critical, QFileDialog.get*), which tests replace with monkeypatch.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QDateTime, QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QWidget

from planner.core.build import Build
from planner.ui import settings as cfg
from planner.ui.document import BuildDocument

log = logging.getLogger(__name__)
SUFFIX = ".gpubuild"


class DocumentFiles(QObject):
    """File commands for one window; the window's actions call these."""

    status_message = Signal(str)
    """Something to tell the user in the status bar (already translated)."""

    recent_changed = Signal()

    unknown_gpus_found = Signal(object)
    """An opened file has GPUs this catalog lacks (a tuple of GpuSpec snapshots)."""
    """The Open Recent list changed."""

    def __init__(self, document: BuildDocument, window: QWidget) -> None:
        super().__init__(window)
        self._document = document
        self._window = window
        self._created: str | None = None

    # -- asking ----------------------------------------------------------------------------

    def maybe_save(self) -> bool:
        """Before the document is replaced or closed: True to go on, False to stay."""
        if not self._document.is_modified():
            return True
        answer = QMessageBox.warning(
            self._window, self.tr("Unsaved Changes"),
            self.tr("Save the changes to “%1” before closing it?").replace(
                "%1", self.display_name()),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def display_name(self) -> str:
        """The name the title bar and prompts use: the file's name, else the build's."""
        path = self._document.path
        return path.name if path is not None else self._document.build.name

    def _error(self, title: str, sentence: str) -> None:
        QMessageBox.critical(self._window, title, sentence)

    # -- commands --------------------------------------------------------------------------

    def new(self) -> bool:
        """Start an empty build (after asking to save the current one)."""
        if not self.maybe_save():
            return False
        self._created = None
        self._document.reset(self.blank_build())
        return True

    def blank_build(self) -> Build:
        """An empty build with the assumptions chosen in Preferences."""
        from planner.ui.preferences import new_build

        return new_build(self.tr("Untitled build"), self._document.catalog)

    def start_blank_if_untouched(self) -> None:
        """Once the catalog is in, give the start-up build the user's default assumptions.

        The window starts before the catalog (its tariffs and regions) has loaded; if nothing
        was opened or edited since, the empty build is replaced without an undo step.
        """
        doc = self._document
        if (doc.path is None and doc.undo_stack.count() == 0 and not doc.build.slots
                and not doc.build.workloads):
            doc.reset(self.blank_build())

    def open_dialog(self) -> bool:
        """Ask for a file and open it."""
        if not self.maybe_save():
            return False
        path, _filter = QFileDialog.getOpenFileName(
            self._window, self.tr("Open Build"), self._start_folder(),
            self.tr("GPU builds (*.gpubuild);;All files (*)"))
        return bool(path) and self.open_path(Path(path), ask=False)

    def open_path(self, path: Path, ask: bool = True) -> bool:
        """Open a file (from the command line, Open Recent, a drop or another launch)."""
        if ask and not self.maybe_save():
            return False
        from planner.documents import DocumentError, load_document

        try:
            loaded = load_document(path, self._document.catalog)
        except DocumentError as exc:
            self._error(self.tr("Cannot Open Build"), str(exc))
            return False
        except OSError as exc:  # the loader words its own errors; this is a safety net
            self._error(self.tr("Cannot Open Build"),
                        self.tr("“%1” could not be read: %2.").replace("%1", str(path))
                        .replace("%2", exc.strerror or str(exc)))
            return False
        path = Path(path).resolve()
        self._created = loaded.created or None
        self._document.reset(loaded.build, path)
        self.add_recent(path)
        self._remember_folder(path)
        message = self.tr("Opened %1.").replace("%1", path.name)
        if loaded.unknown_gpus:
            message += " " + self.tr(
                "%n GPU(s) in the file are not in your catalog; their figures come from the "
                "file.", "", len(loaded.unknown_gpus))
        self.status_message.emit(message)
        if loaded.unknown_gpus:
            self.unknown_gpus_found.emit(loaded.unknown_gpus)
        if loaded.differences:
            self._show_differences(path, loaded.differences)
        return True

    def _show_differences(self, path: Path, differences: tuple[str, ...]) -> None:
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Figures Differ"),
                          self.tr("Some figures in “%1” differ from your catalog. The build "
                                  "keeps the file's figures.").replace("%1", path.name),
                          QMessageBox.StandardButton.Ok, self._window)
        box.setDetailedText("\n".join(differences))
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def save(self) -> bool:
        """Save to the current file, or ask for one."""
        path = self._document.path
        if path is None:
            return self.save_as()
        return self._write(path)

    def save_as(self) -> bool:
        """Ask for a file name and save there."""
        suggested = self._document.path or Path(self._start_folder()) / (
            _safe_name(self._document.build.name) + SUFFIX)
        name, _filter = QFileDialog.getSaveFileName(
            self._window, self.tr("Save Build As"), str(suggested),
            self.tr("GPU builds (*.gpubuild)"))
        if not name:
            return False
        path = Path(name)
        if path.suffix.lower() != SUFFIX:
            path = path.with_name(path.name + SUFFIX)
        return self._write(path)

    def _write(self, path: Path) -> bool:
        from planner.documents import DocumentError, save_document

        created = self._created or QDateTime.currentDateTimeUtc().toString(Qt.DateFormat.ISODate)
        try:
            save_document(self._document.build, path, created=created,
                          catalog_version=self._document.catalog.version)
        except DocumentError as exc:
            self._error(self.tr("Cannot Save Build"), str(exc))
            return False
        self._created = created
        path = path.resolve()
        self._document.mark_saved(path)
        self.add_recent(path)
        self._remember_folder(path)
        self.status_message.emit(self.tr("Saved %1.").replace("%1", path.name))
        return True

    # -- recovery --------------------------------------------------------------------------

    def offer_recovery(self) -> bool:
        """After a crash: offer the newest autosaved build; True when one was recovered."""
        try:
            from planner.documents.recovery import discard, pending_recoveries

            found = pending_recoveries()
        except (ImportError, OSError) as exc:
            log.warning("could not look for autosaves: %s", exc)
            return False
        if not found:
            return False
        newest = found[0]
        when = QDateTime.fromString(newest.saved, Qt.DateFormat.ISODate).toLocalTime()
        where = (self.tr("last saved as %1").replace("%1", str(newest.original_path))
                 if newest.original_path else self.tr("never saved"))
        text = self.tr("GPU Build Planner did not close properly. Recover the build “%1” "
                       "(%2), autosaved %3?").replace("%1", newest.build.name) \
            .replace("%2", where).replace("%3", when.toString(Qt.DateFormat.TextDate))
        answer = QMessageBox.question(
            self._window, self.tr("Recover Unsaved Build"), text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Ignore, QMessageBox.StandardButton.Yes)
        if answer == QMessageBox.StandardButton.Ignore:
            return False
        if answer == QMessageBox.StandardButton.Discard:
            for recovery in found:
                discard(recovery)
            return False
        # Recovered as an unsaved edit on an empty document: the title shows it as modified,
        # undo takes it back, and Save asks where to put it.
        self._document.reset(Build(name=newest.build.name))
        self._document.apply(newest.build, self.tr("Recover Autosaved Build"))
        discard(newest)
        self.status_message.emit(self.tr("Recovered “%1”. Save it to keep it.")
                                 .replace("%1", newest.build.name))
        return True

    # -- recent files and folders ----------------------------------------------------------

    def recent_files(self) -> list[str]:
        """Recently opened or saved files, newest first."""
        return list(cfg.read(cfg.open_settings(), cfg.RECENT_FILES))

    def add_recent(self, path: Path) -> None:
        """Put a file at the top of Open Recent."""
        files = [str(path)] + [f for f in self.recent_files() if f != str(path)]
        cfg.write(cfg.open_settings(), cfg.RECENT_FILES, files[:cfg.MAX_RECENT])
        self.recent_changed.emit()

    def clear_recent(self) -> None:
        """Empty Open Recent."""
        cfg.write(cfg.open_settings(), cfg.RECENT_FILES, [])
        self.recent_changed.emit()

    def fill_recent_menu(self, menu: QMenu) -> None:
        """Rebuild the Open Recent submenu from the settings."""
        menu.clear()
        files = self.recent_files()
        for i, name in enumerate(files, start=1):
            label = f"&{i} {Path(name).name}" if i < 10 else Path(name).name
            action = QAction(label, menu)
            action.setToolTip(name)
            action.setStatusTip(name)
            action.triggered.connect(lambda _checked=False, p=name: self.open_path(Path(p)))
            menu.addAction(action)
        if files:
            menu.addSeparator()
        clear = menu.addAction(self.tr("Clear Menu"))
        clear.setEnabled(bool(files))
        clear.triggered.connect(self.clear_recent)

    def _start_folder(self) -> str:
        if self._document.path is not None:
            return str(self._document.path.parent)
        return str(cfg.read(cfg.open_settings(), cfg.LAST_DIRECTORY) or Path.home())

    def _remember_folder(self, path: Path) -> None:
        cfg.write(cfg.open_settings(), cfg.LAST_DIRECTORY, str(path.parent))


def _safe_name(name: str) -> str:
    """A build name usable as a file name on every platform."""
    cleaned = "".join(c if c.isalnum() or c in " -_." else "_" for c in name).strip(" .")
    return cleaned[:80] or "build"
