"""New, Open, Save, Save As, Open Recent and crash recovery for the window's one document.

Every error from reading or writing a file is the documents layer's one sentence, shown as is in
a dialog; a failed open or save leaves the current build untouched (and still modified). The
dialogs are Qt's static functions (QMessageBox.warning/critical, QFileDialog.get*), which tests
replace with monkeypatch, and two of our own (file changed on disk, recovery), never modal at
start-up.

No lost update: the stamp of the bytes last loaded or saved is kept; the file is watched while it
is open, and Save passes the stamp down so a file someone else changed meanwhile is never
overwritten without the user choosing (reload theirs, save mine as a copy, or compare). Our own
saves update the stamp first, so they never prompt.
"""

from __future__ import annotations

import logging
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QDateTime, QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QWidget

from planner.core.plan.build import Build
from planner.core.plan.study import Study, study_title
from planner.ui import settings as cfg
from planner.ui.document import BuildDocument
from planner.ui.file_watch import DiskWatch
from planner.ui.jobs import run_and_wait
from planner.words.file_errors import document_error_text

if TYPE_CHECKING:
    from planner.documents import LoadedDocument
    from planner.documents.stamps import FileStamp

log = logging.getLogger(__name__)
SUFFIX = ".gpubuild"


class DocumentFiles(QObject):
    """File commands for one window; the window's actions call these."""

    status_message = Signal(str)
    """Something to tell the user in the status bar (already translated)."""

    recent_changed = Signal()
    """The Open Recent list changed."""

    unknown_gpus_found = Signal(object)
    """An opened file has GPUs this catalog lacks (a tuple of GpuSpec snapshots)."""

    figures_differ = Signal(str, object)
    """An opened file's figures differ from the catalog: (file name, the differences)."""

    def __init__(self, document: BuildDocument, window: QWidget) -> None:
        super().__init__(window)
        self._document = document
        self._window = window
        self._created: str | None = None
        self.stamp: FileStamp | None = None
        """What the document's file held when last loaded or saved (None: no file)."""
        self.watch = DiskWatch(self)
        self.watch.may_have_changed.connect(self.check_disk)
        self.changed_dialog: Any = None
        self.recovery_dialog: Any = None

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
        return path.name if path is not None else (
            study_title(self._document.study) or self.tr("Untitled build"))

    def _error(self, title: str, sentence: str) -> None:
        QMessageBox.critical(self._window, title, sentence)

    # -- commands --------------------------------------------------------------------------

    def new(self) -> bool:
        """Start an empty build (after asking to save the current one)."""
        if not self.maybe_save():
            return False
        self._created = None
        self._set_file(None, None)
        self._document.reset(self.blank_build())
        return True

    def blank_build(self) -> Build:
        """An empty build with the assumptions chosen in Preferences."""
        from planner.ui.preferences import new_build

        return new_build("", self._document.catalog)  # unnamed: called after its cards

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
        path = Path(path).absolute()  # messages name the file with its folder
        loaded = self._load(path)
        if loaded is None:
            return False
        path = Path(path).resolve()
        self._created = loaded.created or None
        self._set_file(path, loaded.stamp)
        self._document.reset(loaded.study, path)
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
        if loaded.differences:  # the window shows a notice: nothing waits for an answer
            self.figures_differ.emit(path.name, loaded.differences)
        return True

    def save(self) -> bool:
        """Save to the current file, or ask for one.

        If another program changed the file since it was loaded or saved, nothing is written
        until the user chooses what to do.
        """
        path = self._document.path
        if path is None:
            return self.save_as()
        from planner.documents import FileChangedError

        try:
            return self._write(path, expect=self.stamp)
        except FileChangedError:
            return self._ask_about_change(modal=True)

    def save_as(self) -> bool:
        """Ask for a file name and save there."""
        suggested = self._document.path or Path(self._start_folder()) / (
            _safe_name(study_title(self._document.study) or self.tr("Untitled build")) + SUFFIX)
        name, _filter = QFileDialog.getSaveFileName(
            self._window, self.tr("Save Build As"), str(suggested),
            self.tr("GPU builds (*.gpubuild)"))
        if not name:
            return False
        path = Path(name)
        if path.suffix.lower() != SUFFIX:
            path = path.with_name(path.name + SUFFIX)
        return self._write(path)

    def _write(self, path: Path, expect: FileStamp | None = None) -> bool:
        """Save to ``path``; a FileChangedError (only with ``expect``) is the caller's to ask."""
        from planner.documents import DocumentError, FileChangedError, save_document

        created = self._created or QDateTime.currentDateTimeUtc().toString(Qt.DateFormat.ISODate)
        try:
            # Written off the GUI thread: a slow disk's flush never freezes the window.
            stamp = run_and_wait(partial(
                save_document, self._document.study, path, created=created,
                catalog_version=self._document.catalog.version, expect=expect))
        except FileChangedError:
            raise  # a DocumentError too, but one the user answers with a choice, not an error box
        except DocumentError as exc:
            self._error(self.tr("Cannot Save Build"), document_error_text(exc))
            return False
        self._created = created
        path = path.resolve()
        self._set_file(path, stamp)
        self._document.mark_saved(path)
        self.add_recent(path)
        self._remember_folder(path)
        self.status_message.emit(self.tr("Saved %1.").replace("%1", path.name))
        return True

    # -- the file on disk -----------------------------------------------------------------

    def _set_file(self, path: Path | None, stamp: FileStamp | None) -> None:
        """Remember what the document's file now holds, and watch it.

        Watched afresh even when the path is the same: a save replaced the file.
        """
        self.stamp = stamp
        self.watch.watch(path)

    def check_disk(self) -> None:
        """The watcher saw activity: if the file's bytes changed, ask what to do (not modal)."""
        from planner.documents import DocumentError
        from planner.documents.stamps import current_stamp

        path, stamp = self._document.path, self.stamp
        if path is None or stamp is None or self.changed_dialog is not None:
            return
        try:
            now = current_stamp(path)
        except DocumentError:
            return  # unreadable for now (a sync in progress?); Save checks again
        if now is None:
            self.status_message.emit(self.tr("“%1” was moved or deleted by another program; "
                                             "Save writes it again.").replace("%1", path.name))
        elif not stamp.same_content(now):
            self._ask_about_change(modal=False)

    def _their_differences(self) -> list[str]:
        """What differs between the user's build and the file's, for Compare."""
        from planner.documents import DocumentError, load_document
        from planner.documents.build_diff import build_differences

        path = self._document.path
        if path is None:
            return []
        try:
            theirs = load_document(path)
        except DocumentError as exc:
            return [str(exc)]
        return build_differences(self._document.build, theirs.build)

    def _ask_about_change(self, modal: bool) -> bool:
        """Reload theirs, save mine as a copy, or compare; True if the user's build was saved.

        ``modal``: Save waits for the answer; the watcher does not (the window stays usable).
        """
        from planner.ui.file_changed_dialog import FileChangedDialog

        path = self._document.path
        if path is None:
            return False
        if self.changed_dialog is not None:
            self.changed_dialog.close()
        dialog = FileChangedDialog(path.name, self._document.is_modified(),
                                   self._their_differences, self._window)
        self.changed_dialog = dialog
        if not modal:
            dialog.finished.connect(lambda _result: self._changed_answered(dialog))
            dialog.open()
            return False
        dialog.exec()
        return self._changed_answered(dialog)

    def _changed_answered(self, dialog: Any) -> bool:
        from planner.ui.file_changed_dialog import COPY, RELOAD

        if self.changed_dialog is dialog:
            self.changed_dialog = None
        dialog.deleteLater()
        if dialog.choice == RELOAD:
            self.reload_theirs()
            return False
        if dialog.choice == COPY:
            return self.save_mine_as_copy()
        return False

    def _load(self, path: Path) -> LoadedDocument | None:
        """Read a build file, or say in one dialog why not (naming the file) and return None."""
        from planner.documents import DocumentError, load_document

        try:
            return load_document(path, self._document.catalog)
        except DocumentError as exc:
            reason = document_error_text(exc)
            if str(path) not in reason:  # "This is not a GPU build file: …" names no file
                reason = self.tr("Cannot open “%1”.").replace("%1", str(path)) + "\n\n" + reason
            self._error(self.tr("Cannot Open Build"), reason)
        except OSError as exc:  # the loader words its own errors; this is a safety net
            self._error(self.tr("Cannot Open Build"),
                        self.tr("“%1” could not be read: %2.").replace("%1", str(path))
                        .replace("%2", exc.strerror or str(exc)))
        return None

    def reload_theirs(self) -> bool:
        """Replace the build with the file's, as an undoable edit (Undo brings the user's back)."""
        path = self._document.path
        if path is None:
            return False
        path = Path(path).absolute()  # messages name the file with its folder
        loaded = self._load(path)
        if loaded is None:
            return False
        self._document.apply_study(loaded.study,
                                   self.tr("Reload “%1”").replace("%1", path.name))
        self._created = loaded.created or None
        self._set_file(path, loaded.stamp)
        self._document.mark_saved(path)
        self.status_message.emit(self.tr("Reloaded %1; Undo brings your version back.")
                                 .replace("%1", path.name))
        return True

    def copy_path(self, path: Path) -> Path:
        """A free name beside ``path`` for the user's copy: “lab (my copy).gpubuild”, then 2, 3…."""
        stem = path.stem
        for n in range(1, 1000):
            name = (self.tr("%1 (my copy)").replace("%1", stem) if n == 1 else
                    self.tr("%1 (my copy %2)").replace("%1", stem).replace("%2", str(n)))
            candidate = path.with_name(name + path.suffix)
            if not candidate.exists():
                return candidate
        return path.with_name(f"{stem} ({QDateTime.currentMSecsSinceEpoch()}){path.suffix}")

    def save_mine_as_copy(self) -> bool:
        """Keep both: the user's build goes to a new file beside theirs, which stays as it is."""
        path = self._document.path
        if path is None:
            return self.save_as()
        theirs = path.name
        copy = self.copy_path(path)
        if not self._write(copy):
            return False
        self.status_message.emit(self.tr("Saved your version as %1; theirs stays in %2.")
                                 .replace("%1", copy.name).replace("%2", theirs))
        return True

    # -- recovery --------------------------------------------------------------------------

    def offer_recovery(self) -> Any:
        """After a crash: list the autosaves in a dialog that does not block the window.

        Returns the dialog (None when there is nothing to recover).
        """
        try:
            from planner.documents.recovery import pending_recoveries

            found = pending_recoveries()
        except (ImportError, OSError) as exc:
            log.warning("could not look for autosaves: %s", exc)
            return None
        if not found:
            return None
        from planner.ui.recovery_dialog import RecoveryDialog

        dialog = RecoveryDialog(found, self._window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.recover_requested.connect(lambda chosen: self.recover(chosen, found))
        dialog.discard_requested.connect(lambda: self._discard(found))
        dialog.destroyed.connect(lambda: setattr(self, "recovery_dialog", None))
        self.recovery_dialog = dialog
        dialog.show()
        return dialog

    def recover(self, chosen: Any, found: list[Any]) -> bool:
        """Make an autosave the window's build; its document's other autosaves go with it.

        Recovered as an unsaved edit on an empty document: the title shows it as modified, undo
        takes it back, and Save asks where to put it.
        """
        if not self.maybe_save():
            return False
        build = chosen.build
        self._created = None
        self._set_file(None, None)
        self._document.reset(Build(name=build.name))
        self._document.apply_study(getattr(chosen, "study", None) or Study.of(build),
                                   self.tr("Recover Autosaved Build"))
        self._discard([r for r in found if (r.session_id, r.document_key)
                       == (chosen.session_id, chosen.document_key)])
        self.status_message.emit(self.tr("Recovered “%1”. Save it to keep it.")
                                 .replace("%1", build.name or self.tr("Untitled build")))
        return True

    @staticmethod
    def _discard(recoveries: list[Any]) -> None:
        from planner.documents.recovery import discard

        for recovery in recoveries:
            discard(recovery)

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
