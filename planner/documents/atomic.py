"""Replace a file all at once, so a crash or a full disk never leaves half a document.

The bytes go to a temporary file in the same folder (a rename is only atomic within one file
system), are flushed and fsync'ed, and then ``os.replace`` swaps it in. Until that rename the old
file is untouched; after any failure the temporary file is removed. Pure Python; no Qt.

The folder is not fsync'ed after the rename (as Qt's QSaveFile does not): after a power cut the
file may be the old version rather than the new one, but it is always one complete version, and
the extra fsync costs 2–5 ms of the 20 ms a save may take on a slow disk.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from pathlib import Path

from planner.documents.errors import DocumentError

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
    """One sentence for an operating-system error while saving ``path``."""
    reason = _REASONS.get(exc.errno or 0)
    if reason is None:
        detail = (exc.strerror or type(exc).__name__).rstrip(".").lower()
        reason = f"{detail}; try again or choose another folder"
    return DocumentError(f"Could not save '{path.name}': {reason}.")


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically; raise :class:`DocumentError` on any OS failure."""
    folder = path.parent
    temp = folder / f".{path.name[:80]}.{secrets.token_hex(6)}.tmp"
    try:
        try:
            mode = stat.S_IMODE(os.stat(path).st_mode)
        except FileNotFoundError:
            mode = 0o666  # the process umask applies, as for any new file
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                     mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise save_error(path, exc) from None
        raise
