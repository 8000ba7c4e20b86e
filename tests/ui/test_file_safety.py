"""The window never loses a build: others' changes on disk, faults while saving, crash recovery."""

from __future__ import annotations

import builtins
import errno
import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from planner.documents import load_document, save_document
from planner.ui import edits
from planner.ui.file_changed_dialog import COPY, LATER, FileChangedDialog
from planner.ui.main_window import MainWindow

SETTLE_MS = 60


def _quiet(win: MainWindow) -> None:
    win.document.undo_stack.setClean()
    win.document.undo_stack.cleanChanged.disconnect()
    for dialog in (win.files.changed_dialog, win.files.recovery_dialog):
        if dialog is not None:
            dialog.close()


@pytest.fixture
def window(qtbot, store):
    win = MainWindow()
    qtbot.addWidget(win, before_close_func=_quiet)
    win.set_store(store)
    win.files.watch.timer.setInterval(SETTLE_MS)
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    """A folder of the user's documents (tmp_path also holds the catalog database)."""
    folder = tmp_path / "docs"
    folder.mkdir()
    return folder


def _add(win: MainWindow, gpu_id: str = "nvidia-rtx-4090") -> None:
    edits.add_gpu_ids(win.document, [gpu_id])


def _saved(win: MainWindow, monkeypatch, path: Path) -> Path:
    """The window's build saved as ``path``, then edited again (so it is modified)."""
    _add(win)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    assert win.files.save_as()
    _add(win, "nvidia-rtx-3090")
    assert win.isWindowModified()
    return path


def _colleague_saves(path: Path, name: str = "Colleague's build") -> None:
    """Another program replaces the file (as a synced folder does: write aside, rename over)."""
    theirs = replace(load_document(path).build, name=name)
    save_document(theirs, path)


def _no_prompt_for(qtbot, win: MainWindow, ms: int = 4 * SETTLE_MS) -> None:
    qtbot.wait(ms)
    assert win.files.changed_dialog is None


# -- no lost update ---------------------------------------------------------------------------


def test_a_change_on_disk_is_noticed_and_reload_is_undoable(qtbot, window, monkeypatch,
                                                             docs):
    path = _saved(window, monkeypatch, docs / "lab.gpubuild")
    mine = window.document.build
    _colleague_saves(path)
    qtbot.waitUntil(lambda: window.files.changed_dialog is not None, timeout=5000)
    dialog = window.files.changed_dialog
    assert dialog.isVisible()
    assert dialog.windowModality() != Qt.WindowModality.ApplicationModal  # other windows go on
    assert "lab.gpubuild" in dialog.text.text() and "unsaved changes" in dialog.info.text()
    dialog.reload_button.click()
    assert window.document.build.name == "Colleague's build"
    assert not window.isWindowModified()
    window.document.undo_stack.undo()
    assert window.document.build == mine and window.isWindowModified()
    _no_prompt_for(qtbot, window)


def test_our_own_saves_never_prompt_and_the_watch_survives_them(qtbot, window, monkeypatch,
                                                                  docs):
    path = _saved(window, monkeypatch, docs / "lab.gpubuild")
    for gpu in ("nvidia-rtx-4090", "nvidia-rtx-3090", "nvidia-rtx-4090"):
        _add(window, gpu)
        assert window.files.save()
        qtbot.wait(SETTLE_MS // 2)
    _no_prompt_for(qtbot, window)
    _colleague_saves(path)  # the watch was put back after each of our replaces
    qtbot.waitUntil(lambda: window.files.changed_dialog is not None, timeout=5000)


def test_each_replace_by_another_program_is_noticed(qtbot, window, monkeypatch, docs):
    path = _saved(window, monkeypatch, docs / "lab.gpubuild")
    for n in range(2):
        _colleague_saves(path, f"Version {n}")
        qtbot.waitUntil(lambda: window.files.changed_dialog is not None, timeout=5000)
        window.files.changed_dialog.later_button.click()
        assert window.files.changed_dialog is None
        assert window.isWindowModified() and window.document.build.name != f"Version {n}"


def test_a_touch_without_new_bytes_does_not_prompt(qtbot, window, monkeypatch, docs):
    path = _saved(window, monkeypatch, docs / "lab.gpubuild")
    os.utime(path, (1e9, 1e9))
    data = path.read_bytes()
    path.write_bytes(data)
    _no_prompt_for(qtbot, window)


def _choose(monkeypatch, choice: str, seen: list) -> None:
    def exec_(dialog: FileChangedDialog) -> int:
        seen.append(dialog)
        dialog.choice = choice
        return 1

    monkeypatch.setattr(FileChangedDialog, "exec", exec_)


def test_save_after_a_change_keeps_both_when_asked(qtbot, window, monkeypatch, docs):
    path = _saved(window, monkeypatch, docs / "lab.gpubuild")
    mine = window.document.build
    window.files.watch.watch(None)  # as if the change arrived just before Save was pressed
    _colleague_saves(path)
    theirs = path.read_bytes()
    seen: list = []
    _choose(monkeypatch, COPY, seen)
    assert window.files.save()
    assert len(seen) == 1
    assert path.read_bytes() == theirs
    copy = docs / "lab (my copy).gpubuild"
    assert load_document(copy).build == mine
    assert window.document.path == copy.resolve() and not window.isWindowModified()
    assert sorted(p.name for p in docs.iterdir() if p.suffix == ".gpubuild") == [
        "lab (my copy).gpubuild", "lab.gpubuild"]
    # A second conflict on the original picks the next free name.
    assert window.files.copy_path(path).name == "lab (my copy 2).gpubuild"


def test_save_after_a_change_writes_nothing_until_the_user_chooses(qtbot, window, monkeypatch,
                                                                   docs):
    path = _saved(window, monkeypatch, docs / "lab.gpubuild")
    window.files.watch.watch(None)
    _colleague_saves(path)
    theirs = path.read_bytes()
    seen: list = []
    _choose(monkeypatch, LATER, seen)
    assert not window.files.save()
    assert seen and path.read_bytes() == theirs
    assert window.isWindowModified()
    assert sorted(p.name for p in docs.iterdir()) == ["lab.gpubuild"]


def test_compare_lists_what_differs(qtbot, window, monkeypatch, docs):
    path = _saved(window, monkeypatch, docs / "lab.gpubuild")
    _colleague_saves(path)
    qtbot.waitUntil(lambda: window.files.changed_dialog is not None, timeout=5000)
    dialog = window.files.changed_dialog
    assert not dialog.details.isVisible()
    dialog.compare_button.click()
    assert dialog.isVisible() and dialog.details.isVisible()
    lines = dialog.details.toPlainText().splitlines()
    assert "• Name: no name in yours, 'Colleague's build' in theirs." in lines
    assert "• 1× GeForce RTX 3090: only in yours." in lines
    dialog.later_button.click()


# -- faults while saving or opening: one sentence, old file intact, build still modified ------


def _write_fails(monkeypatch, path):
    real = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: (_ for _ in ()).throw(
        OSError(errno.ENOSPC, "No space left on device")) if len(data) > 100 else real(fd, data))


def _read_only(monkeypatch, path):
    real = os.open

    def open_(file, flags, *args, **kwargs):
        if flags & os.O_CREAT:
            raise OSError(errno.EROFS, "Read-only file system")
        return real(file, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_)


def _vanishes(monkeypatch, path):
    real = os.fsync

    def fsync(fd):
        real(fd)
        if path.parent.exists():
            path.parent.rename(path.parent.with_name("moved"))

    monkeypatch.setattr(os, "fsync", fsync)


def _unreadable(monkeypatch, path):
    real = builtins.open

    def open_(file, *args, **kwargs):
        if isinstance(file, str | os.PathLike) and Path(file).name == path.name:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", open_)


FAULTS = {
    "disk full": (_write_fails, "Could not save 'lab.gpubuild': the disk is full; free some "
                                "space and save again."),
    "read-only": (_read_only, "Could not save 'lab.gpubuild': that disk is read-only; choose "
                              "another folder."),
    "vanished": (_vanishes, "Could not save 'lab.gpubuild': its folder does not exist; choose "
                            "another folder."),
    "unreadable": (_unreadable, "Could not save 'lab.gpubuild': it can no longer be read "
                                "(permission denied), so changes made by others cannot be ruled "
                                "out; use Save As to save your build elsewhere."),
}


@pytest.mark.parametrize("fault", FAULTS)
def test_a_fault_while_saving_loses_nothing(qtbot, window, monkeypatch, tmp_path, fault):
    folder = tmp_path / "shared"
    folder.mkdir()
    path = _saved(window, monkeypatch, folder / "lab.gpubuild")
    before = path.read_bytes()
    mine = window.document.build
    shown: list = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: shown.append(a[1:3]))
    inject, message = FAULTS[fault]
    inject(monkeypatch, path)
    assert not window.files.save()
    monkeypatch.undo()
    assert shown == [("Cannot Save Build", message)]
    where = path if path.exists() else tmp_path / "moved" / "lab.gpubuild"
    assert where.read_bytes() == before
    assert sorted(p.name for p in where.parent.iterdir()) == ["lab.gpubuild"]
    assert window.document.build == mine and window.isWindowModified()
    assert window.document.path == path.resolve()


def test_an_unreadable_file_to_open_keeps_the_open_build(qtbot, window, monkeypatch, tmp_path):
    other = tmp_path / "other.gpubuild"
    save_document(load_document_build(), other)
    _add(window)
    mine = window.document.build
    shown: list = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: shown.append(a[1:3]))
    _unreadable(monkeypatch, other)
    assert not window.files.open_path(other, ask=False)
    monkeypatch.undo()
    assert shown == [("Cannot Open Build", f"Cannot open '{other}': you do not have "
                                           "permission to read it.")]
    assert window.document.build == mine and window.isWindowModified()


def load_document_build():
    from gpubuild_samples import sample_build

    return sample_build()


# -- recovery -----------------------------------------------------------------------------------


def _crashed_session(window) -> list[str]:
    """Autosaves a killed session left: two of one document, one of another window's."""
    from planner.documents import recovery

    folder = recovery.autosave_dir()
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    token = recovery.SessionToken("deadbeefdeadbeef", child.pid,
                                  folder / "deadbeefdeadbeef.lock")
    token.lock_path.write_text(json.dumps({"pid": child.pid}))
    catalog = window.document.catalog
    base = window.document.build
    one = base.with_gpu_added(catalog.gpu("nvidia-rtx-4090"))
    builds = [replace(one, name="Before the bad edit"),
              replace(one.with_gpu_added(catalog.gpu("nvidia-rtx-3090")),
                      name="After the bad edit")]
    for build in builds:
        recovery.write_autosave(build, Path("/projects/lab.gpubuild"), session=token)
    recovery.write_autosave(replace(one, name="Other window"), None, session=token,
                            document_id="w2")
    return [b.name for b in builds]


def test_recovery_lists_every_autosave_and_does_not_block(qtbot, window):
    from planner.documents.recovery import pending_recoveries

    _crashed_session(window)
    dialog = window.files.offer_recovery()
    assert dialog is not None and dialog.isVisible() and not dialog.isModal()
    assert QApplication.activeModalWidget() is None
    rows = [[dialog.list.topLevelItem(i).text(c) for c in range(4)]
            for i in range(dialog.list.topLevelItemCount())]
    assert sorted(r[0] for r in rows) == ["After the bad edit", "Before the bad edit",
                                          "Other window"]
    for row in rows:
        assert len(row[2]) == len("2026-01-02 03:04:05") and row[2][4] == "-"
    assert {r[3] for r in rows} == {"/projects/lab.gpubuild", "never saved"}
    contents = {r[0]: r[1] for r in rows}  # no translator loaded: the source's plural form
    assert contents["Before the bad edit"] == "1 GPU(s), 0 workload(s)"
    assert contents["After the bad edit"] == "2 GPU(s), 0 workload(s)"
    # Pick the older autosave of the document: the build before the bad edit.
    older = next(i for i, r in enumerate(rows) if r[0] == "Before the bad edit")
    dialog.list.setCurrentItem(dialog.list.topLevelItem(older))
    dialog.recover_button.click()
    assert window.document.build.name == "Before the bad edit"
    assert [s.gpu.id for s in window.document.build.slots] == ["nvidia-rtx-4090"]
    assert window.isWindowModified() and window.document.path is None
    # That document's autosaves are done with; the other window's is still offered.
    assert [r.build.name for r in pending_recoveries()] == ["Other window"]


def test_discard_all(qtbot, window):
    from planner.documents.recovery import pending_recoveries

    _crashed_session(window)
    dialog = window.files.offer_recovery()
    before = window.document.build
    dialog.discard_button.click()
    assert pending_recoveries() == [] and window.document.build == before


def test_later_keeps_them_for_next_time(qtbot, window):
    from planner.documents.recovery import pending_recoveries

    _crashed_session(window)
    window.files.offer_recovery().later_button.click()
    assert len(pending_recoveries()) == 3


def test_a_file_on_the_command_line_opens_before_recovery_is_offered(qtbot, window, tmp_path):
    """Issue 12: the recovery dialog blocked the file given on the command line."""
    from planner.ui.app import Startup

    _crashed_session(window)
    path = tmp_path / "asked-for.gpubuild"
    catalog = window.document.catalog  # the catalog's own figures: no "figures differ" box
    save_document(window.document.build.with_gpu_added(catalog.gpu("nvidia-rtx-4090")), path)

    app = QObject()  # stands in for PlannerApplication: only these two attributes are used
    app.ready = False
    app.pending_files = []
    startup = Startup.__new__(Startup)
    QObject.__init__(startup, app)
    startup._app, startup._window, startup._files, startup._listen = app, window, [str(path)], False
    startup._files_then_recovery()
    assert window.document.path == path.resolve()  # opened at once, nothing in the way
    qtbot.waitUntil(lambda: window.files.recovery_dialog is not None, timeout=3000)
    assert window.files.recovery_dialog.isVisible()
    assert QApplication.activeModalWidget() is None
    assert window.document.path == path.resolve() and not window.isWindowModified()
