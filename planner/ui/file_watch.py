"""Notice when the open document's file changes on disk, including when a sync tool replaces it.

QFileSystemWatcher stops watching a file once it is renamed or deleted, and synced folders
(Dropbox, OneDrive, a lab drive) and our own atomic saves both *replace* the file. So after every
report the watch is put back on the path; while the path is missing the folder is watched instead,
until the file is back. Reports come in bursts (a sync writes, renames, sets times), so they are
gathered for a moment and passed on as one ``may_have_changed``; whether the bytes really changed
is decided by the caller, against the stamp of what it loaded or saved.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

SETTLE_MS = 250


class DiskWatch(QObject):
    """Watches one path (the open document's) and reports possible changes, debounced."""

    may_have_changed = Signal()
    """The file may differ from what the app last read or wrote; compare before acting."""

    def __init__(self, parent: QObject | None = None, settle_ms: int = SETTLE_MS) -> None:
        super().__init__(parent)
        self._path: Path | None = None
        self._watcher: QFileSystemWatcher | None = None
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(settle_ms)
        self.timer.timeout.connect(self.may_have_changed)

    @property
    def path(self) -> Path | None:
        """The watched path (``None``: nothing watched)."""
        return self._path

    def watch(self, path: Path | None) -> None:
        """Watch ``path`` from now on (``None``: stop watching)."""
        self.timer.stop()
        if self._watcher is not None:
            paths = self._watcher.files() + self._watcher.directories()
            if paths:
                self._watcher.removePaths(paths)
        self._path = path
        if path is None:
            return
        if self._watcher is None:  # created on first use: nothing to watch at start-up
            self._watcher = QFileSystemWatcher(self)
            self._watcher.fileChanged.connect(self._reported)
            self._watcher.directoryChanged.connect(self._reported)
        self._rewatch()

    def _rewatch(self) -> None:
        """Watch the file if it exists, else its folder until it comes back."""
        watcher, path = self._watcher, self._path
        if watcher is None or path is None:
            return
        file, folder = str(path), str(path.parent)
        if path.exists():
            if file not in watcher.files():
                watcher.addPath(file)
            if folder in watcher.directories():
                watcher.removePath(folder)
        elif folder not in watcher.directories() and path.parent.is_dir():
            watcher.addPath(folder)

    def _reported(self, _changed: str) -> None:
        self._rewatch()
        if self._path is not None and (self._path.exists() or _changed == str(self._path)):
            self.timer.start()
