"""What a document's file looked like when the app last read or wrote it, to notice others' changes.

Builds are shared through synced folders and lab drives: a colleague's newer version can arrive
while the user edits. The app keeps a :class:`FileStamp` of the bytes it loaded or saved; before a
save replaces the file (and whenever the file system reports a change) it compares the file now
with that stamp. The content hash decides: size and modification time are kept for the messages
and are not trusted alone (FAT and SMB shares keep times to one or two seconds, and sync tools
rewrite identical bytes). Pure Python; no Qt.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from planner.documents.errors import DocumentError
from planner.schema import limits as lim


@dataclass(frozen=True, slots=True)
class FileStamp:
    """Size, modification time (ns) and SHA-256 of a file's bytes at one moment."""

    size: int
    mtime_ns: int
    sha256: str

    def same_content(self, other: FileStamp | None) -> bool:
        """True when ``other`` holds the same bytes (whatever its time says)."""
        return other is not None and other.size == self.size and other.sha256 == self.sha256


class FileChangedError(DocumentError):
    """A save found that another program changed the file since the app read it.

    ``current`` is the file's stamp now, so a caller that asks the user and then overwrites
    after all can pass it back as the expected stamp.
    """

    def __init__(self, path: Path, current: FileStamp) -> None:
        super().__init__(f"Did not save '{path.name}': another program changed it after you "
                         f"opened it; reload it or save your version under another name.")
        self.current = current


def stamp_of(data: bytes, info: os.stat_result) -> FileStamp:
    """The stamp of ``data`` as read from (or written to) a file with status ``info``."""
    return FileStamp(len(data), info.st_mtime_ns, hashlib.sha256(data).hexdigest())


def current_stamp(path: Path) -> FileStamp | None:
    """The file's stamp now; ``None`` when there is no file there.

    Raises :class:`DocumentError` when it exists but cannot be read.
    """
    try:
        with open(path, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise DocumentError(f"'{path.name}' is no longer a file; use Save As to save "
                                    f"your build elsewhere.")
            data = handle.read(lim.MAX_FILE_BYTES + 1)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except IsADirectoryError:
        raise DocumentError(f"'{path.name}' is now a folder; use Save As to save your build "
                            f"elsewhere.") from None
    except OSError as exc:
        detail = (exc.strerror or type(exc).__name__).rstrip(".").lower()
        raise DocumentError(f"Could not save '{path.name}': it can no longer be read ({detail}), "
                            f"so changes made by others cannot be ruled out; use Save As to save "
                            f"your build elsewhere.") from None
    return stamp_of(data, info)


def check_unchanged(path: Path, expected: FileStamp) -> None:
    """Raise :class:`FileChangedError` if the file's bytes differ from ``expected``.

    A file that is gone is not a conflict: nothing of anyone's would be overwritten.
    """
    now = current_stamp(path)
    if now is not None and not expected.same_content(now):
        raise FileChangedError(path, now)
