"""Replace a file all at once and durably: a crash, a full disk or a power cut never costs a build.

The bytes go to a temporary file in the same folder (a rename is only atomic within one file
system), are written and fsync'ed, and then the temporary file is renamed over the document. Until
that rename the old file is untouched; after any failure the temporary file is removed. After the
rename the folder itself is fsync'ed (POSIX) or the rename is written through (Windows,
``MOVEFILE_WRITE_THROUGH``): without that, a power cut soon after a save could lose the rename on
file systems that do not order it, leaving the old version although the save had reported success.

A process killed mid-save cannot remove its temporary file, so each save (and each open, see
:func:`planner.documents.files.load_document`) removes *our own* stale temporary files beside the
document: named exactly as :func:`atomic_write` names them, for this document, regular files owned
by this user, empty or starting as our JSON does, and older than :data:`STALE_TEMP_SECONDS` (a
younger one may belong to a save still running in another window). Pure Python; no Qt.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
import sys
import time
from collections.abc import Callable
from pathlib import Path

from planner.documents.errors import DocumentError

TEMP_SUFFIX = ".tmp"
TEMP_NAME_CHARS = 80
"""The document's name is cut to this length inside the temporary name (file names are short)."""
TOKEN_HEX_DIGITS = 12
STALE_TEMP_SECONDS = 60.0
"""A temporary file older than this is a crashed save's leftover, not a save in progress."""
_HEX = frozenset("0123456789abcdef")

# Folders on some network file systems cannot be fsync'ed; the rename is then as durable as the
# server makes it, which is all anyone can do there.
_SYNC_UNSUPPORTED = frozenset({errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EBADF,
                               errno.EACCES, errno.EPERM, errno.EROFS})

#: Why a save failed, by errno: the code the app translates, and the English the CLI prints.
_REASONS: dict[int, str] = {
    errno.ENOSPC: "the disk is full; free some space and save again",
    errno.EDQUOT: "your disk quota is used up; free some space and save again",
    errno.EACCES: "you do not have permission to write there; choose another folder",
    errno.EPERM: "you do not have permission to write there; choose another folder",
    errno.EROFS: "that disk is read-only; choose another folder",
    errno.ENOENT: "its folder does not exist; choose another folder",
    errno.ENOTDIR: "its folder does not exist; choose another folder",
    errno.EISDIR: "a folder has that name; choose another name",
    errno.ENAMETOOLONG: "the name is too long; choose a shorter name",
}


def save_error(path: Path, exc: OSError) -> DocumentError:
    """One sentence for an operating-system error while saving ``path``.

    Its code is ``save:`` and the errno's name (``save:ENOSPC``); ``detail`` is the system's own
    words for an errno we have no sentence for.
    """
    number = exc.errno or 0
    reason = _REASONS.get(number)
    detail = (exc.strerror or type(exc).__name__).rstrip(".").lower()
    if reason is None:
        reason = f"{detail}; try again or choose another folder"
    return DocumentError(f"Could not save '{path.name}': {reason}.",
                         code=f"save:{errno.errorcode.get(number, 'other')}",
                         params={"file": path.name, "detail": detail})


def temp_prefix(path: Path) -> str:
    """How this document's temporary files start: a dot (hidden on POSIX) and its name."""
    return f".{path.name[:TEMP_NAME_CHARS]}."


def is_our_temp_name(name: str, document: Path | None = None) -> bool:
    """True if ``name`` is shaped as :func:`atomic_write` names temporary files.

    With ``document``, only that document's temporary files match; without, any document's
    (used in the app's own autosave folder, where every file is ours).
    """
    if not (name.startswith(".") and name.endswith(TEMP_SUFFIX)):
        return False
    stem = name[:-len(TEMP_SUFFIX)]
    base, dot, token = stem.rpartition(".")
    if not dot or len(token) != TOKEN_HEX_DIGITS or not set(token) <= _HEX:
        return False
    if document is None:
        return len(base) > 1
    return base + "." == temp_prefix(document)


def _looks_like_ours(path: Path, size: int) -> bool:
    """Empty (killed before writing) or starting as our JSON writer's output starts."""
    if size == 0:
        return True
    with open(path, "rb") as handle:
        return handle.read(1) == b"{"


def remove_stale_temps(folder: Path, document: Path | None = None, *,
                       older_than: float = STALE_TEMP_SECONDS) -> int:
    """Delete our own crashed saves' temporary files in ``folder``; return how many went.

    Best effort: anything unreadable, young, someone else's or not quite ours stays, and no error
    escapes (a tidy-up must never stop a save or an open).
    """
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not is_our_temp_name(entry.name, document):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < older_than:
                continue
            if sys.platform != "win32" and info.st_uid != os.geteuid():
                continue
            if _looks_like_ours(Path(entry.path), info.st_size):
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


def _open_folder(folder: Path) -> int | None:
    """A descriptor of the folder, to create the temporary file in and fsync (POSIX only)."""
    if os.name != "posix" or os.open not in os.supports_dir_fd:
        return None
    try:
        return os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EPERM):
            return None  # a write-only folder: fall back to paths
        raise


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _replace(source: Path, target: Path) -> None:
    """Rename ``source`` over ``target``; on Windows, return only once the rename is on disk."""
    if sys.platform == "win32":
        import ctypes
        from ctypes import wintypes

        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
        move = kernel32.MoveFileExW
        move.argtypes = (wintypes.LPCWSTR, wintypes.LPCWSTR, wintypes.DWORD)
        move.restype = wintypes.BOOL
        replace_existing, write_through = 0x1, 0x8
        if not move(str(source), str(target), replace_existing | write_through):
            raise ctypes.WinError(ctypes.get_last_error())
        return
    os.replace(source, target)


def _sync_folder(fd: int | None) -> None:
    if fd is None:
        return
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in _SYNC_UNSUPPORTED:
            raise


def atomic_write(path: Path, data: bytes, *,
                 before_replace: Callable[[], None] | None = None) -> os.stat_result:
    """Write ``data`` to ``path`` atomically and durably; return the written file's status.

    ``before_replace`` runs after the new bytes are safely in the temporary file and just before
    the rename; whatever it raises cancels the save (the old file stays as it was). Raises
    :class:`DocumentError` on any OS failure.
    """
    folder = path.parent
    remove_stale_temps(folder, path)
    name = f"{temp_prefix(path)}{secrets.token_hex(TOKEN_HEX_DIGITS // 2)}{TEMP_SUFFIX}"
    temp = folder / name
    folder_fd: int | None = None
    created = False
    try:
        try:
            mode = stat.S_IMODE(os.stat(path).st_mode)
        except FileNotFoundError:
            mode = 0o666  # the process umask applies, as for any new file
        folder_fd = _open_folder(folder)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
        if folder_fd is None:
            fd = os.open(temp, flags, mode)
        else:
            fd = os.open(name, flags, mode, dir_fd=folder_fd)
        created = True
        try:
            _write_all(fd, data)
            os.fsync(fd)
            written = os.fstat(fd)
        finally:
            os.close(fd)
        if before_replace is not None:
            before_replace()
        # By path, not through folder_fd: if the folder was moved away meanwhile, this fails
        # (ENOENT) rather than saving somewhere the user no longer looks.
        _replace(temp, path)
        created = False
        _sync_folder(folder_fd)
        return written
    except BaseException as exc:
        if created:
            with contextlib.suppress(OSError):
                if folder_fd is None:
                    os.unlink(temp)
                else:
                    os.unlink(name, dir_fd=folder_fd)
        if isinstance(exc, OSError):
            raise save_error(path, exc) from None
        raise
    finally:
        if folder_fd is not None:
            os.close(folder_fd)
