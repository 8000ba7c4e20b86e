"""Autosave and crash recovery for the UI, without Qt.

While the app runs it holds a *session*: a lock file naming its process. The UI autosaves each open
document every so often (:func:`write_autosave`); a clean exit ends the session, which deletes the
autosaves and the lock. Autosaves whose session's process is gone were left by a crash or a kill, so
the next start offers them (:func:`pending_recoveries`). A second instance running at the same time
never sees the first one's autosaves as pending, because that process is still alive.

Each document keeps a short *history* rather than one autosave: the last :data:`HISTORY_COUNT`
autosaves (and no more than :data:`HISTORY_BYTES` together, the newest always kept), so the build as
it was before a bad edit is still there after a crash. Files are named
``<session>-<document>-<sequence>.autosave``.

The original path stored with an autosave is only shown to the user ("recovered from
~/builds/lab.gpubuild"); nothing here ever opens or writes it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from planner.core.plan.build import Build
from planner.core.plan.study import Study
from planner.documents.atomic import atomic_write, remove_stale_temps
from planner.documents.errors import DocumentError
from planner.documents.files import checked_object, read_object
from planner.documents.parsing import parse_json
from planner.documents.writer import encode, utc_now
from planner.paths import user_data_dir
from planner.schema import limits as lim

log = logging.getLogger(__name__)

AUTOSAVE_FOLDER = "autosave"
AUTOSAVE_FORMAT = "gpubuild-autosave"
AUTOSAVE_VERSION = 1
AUTOSAVE_SUFFIX = ".autosave"
LOCK_SUFFIX = ".lock"
MAX_LOCK_BYTES = 4096
HISTORY_COUNT = 5
"""Autosaves kept per document of a session (the newest ones)."""
HISTORY_BYTES = 8 * 1024 * 1024
"""Bytes the autosaves of one document may take together (the newest is kept whatever its size)."""


@dataclass(frozen=True, slots=True)
class SessionToken:
    """A running session: its id (file name prefix), process id and lock file."""

    id: str
    pid: int
    lock_path: Path


@dataclass(frozen=True, slots=True)
class Recovery:
    """An autosave a crashed session left behind.

    ``original_path`` is where the document was last saved (``None``: never saved); show it, but
    let the user choose where to save the recovered build.
    """

    build: Build
    """The autosaved document's active variant, as the recovery list describes it."""
    original_path: Path | None
    saved: str
    path: Path
    session_id: str
    document_key: str = "main"
    study: Study | None = None
    """Every variant of the autosaved document (``None``: just ``build``)."""


_current: SessionToken | None = None


def autosave_dir() -> Path:
    """The folder of autosaves and session locks, created when missing."""
    folder = user_data_dir() / AUTOSAVE_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _start_ticks(pid: int) -> str | None:
    """When a process started (Linux clock ticks since boot), to tell a reused pid apart."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            text = handle.read(4096).decode("ascii", "replace")
    except OSError:
        return None
    fields = text.rpartition(")")[2].split()
    return fields[19] if len(fields) > 19 else None


def _windows_pid_running(pid: int) -> bool:
    """Best effort on Windows, where ``os.kill(pid, 0)`` would terminate the process."""
    if sys.platform != "win32":
        return True
    import ctypes

    kernel32 = ctypes.windll.kernel32
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return bool(kernel32.GetLastError() == 5)  # access denied: it exists
    try:
        code = ctypes.c_ulong()
        ok = kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        return bool(ok) and code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


def process_running(pid: int, start: str | None = None) -> bool:
    """True if ``pid`` is alive (and, where known, is the same process that started at ``start``).

    Errs on the side of "running": a recovery offered while its session still runs would let two
    windows edit one document.
    """
    if pid == os.getpid():
        return True
    if pid <= 0:
        return False
    if os.name != "posix":
        return _windows_pid_running(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # it exists but belongs to someone else
    except OSError:
        return False
    now = _start_ticks(pid)
    return not (start and now and now != start)


def begin_session() -> SessionToken:
    """Start this process's session: write its lock file; call :func:`end_session` on exit."""
    global _current
    folder = autosave_dir()
    session_id = secrets.token_hex(8)
    token = SessionToken(session_id, os.getpid(), folder / f"{session_id}{LOCK_SUFFIX}")
    lock = {"pid": token.pid, "start": _start_ticks(token.pid), "started": utc_now()}
    atomic_write(token.lock_path, encode(lock))
    _current = token
    return token


def _session_files(folder: Path, session_id: str) -> list[Path]:
    return sorted(folder.glob(f"{session_id}-*{AUTOSAVE_SUFFIX}"))


def end_session(token: SessionToken) -> None:
    """A clean exit: delete the session's autosaves and then its lock."""
    global _current
    for path in _session_files(token.lock_path.parent, token.id):
        with contextlib.suppress(OSError):
            path.unlink()
    with contextlib.suppress(OSError):
        token.lock_path.unlink()
    if _current == token:
        _current = None


def _document_key(document_id: str) -> str:
    key = "".join(c for c in document_id if c.isascii() and c.isalnum())[:32]
    return key or "main"


def _name_parts(path: Path) -> tuple[str, str, int]:
    """Session id, document key and sequence number from an autosave's file name.

    Autosaves written before histories existed have no sequence number (read as 0).
    """
    parts = path.name.removesuffix(AUTOSAVE_SUFFIX).split("-")
    session = parts[0]
    key = parts[1] if len(parts) > 1 else "main"
    seq = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 0
    return session, key, seq


def _history(folder: Path, session_id: str, key: str) -> list[tuple[int, Path]]:
    """One document's autosaves in a session, oldest first."""
    found = [(_name_parts(p)[2], p) for p in folder.glob(f"{session_id}-{key}*{AUTOSAVE_SUFFIX}")
             if _name_parts(p)[:2] == (session_id, key)]
    return sorted(found)


def _prune(history: list[tuple[int, Path]]) -> None:
    """Delete the oldest autosaves beyond the count and byte bounds (never the newest)."""
    sizes: list[int] = []
    for _, path in history:
        try:
            sizes.append(path.stat().st_size)
        except OSError:
            sizes.append(0)
    keep = 0
    total = 0
    for size in reversed(sizes):
        if keep and (keep >= HISTORY_COUNT or total + size > HISTORY_BYTES):
            break
        keep += 1
        total += size
    for _, path in history[:len(history) - keep]:
        with contextlib.suppress(OSError):
            path.unlink()


def write_autosave(build: Study | Build, original_path: Path | None, *,
                   session: SessionToken | None = None, document_id: str = "main") -> Path:
    """Save ``build`` atomically as this session's newest autosave of one document; return its path.

    ``document_id`` tells apart the documents of one session (one per window); older autosaves
    of the document beyond the history's bounds are deleted. Raises :class:`DocumentError` if
    the build cannot be stored or the disk refuses.
    """
    token = session or _current
    if token is None:
        raise RuntimeError("write_autosave() needs begin_session() first")
    folder = token.lock_path.parent
    key = _document_key(document_id)
    history = _history(folder, token.id, key)
    seq = history[-1][0] + 1 if history else 1
    path = folder / f"{token.id}-{key}-{seq:06d}{AUTOSAVE_SUFFIX}"
    wrapper = {
        "format": AUTOSAVE_FORMAT,
        "version": AUTOSAVE_VERSION,
        "session": token.id,
        "saved": utc_now(),
        "original_path": None if original_path is None else str(original_path),
        "document": checked_object(build),
    }
    atomic_write(path, encode(wrapper))
    _prune([*history, (seq, path)])
    return path


def _read_json(path: Path) -> Any:
    with open(path, "rb") as handle:
        return parse_json(handle.read(lim.MAX_FILE_BYTES + 1))


def _live_sessions(folder: Path) -> tuple[set[str], list[Path]]:
    """Ids of sessions whose process still runs, and the lock files of dead ones."""
    live: set[str] = set()
    stale: list[Path] = []
    for lock in folder.glob(f"*{LOCK_SUFFIX}"):
        try:
            with open(lock, "rb") as handle:
                info = parse_json(handle.read(MAX_LOCK_BYTES))
            pid, start = info["pid"], info.get("start")
            alive = type(pid) is int and process_running(pid, start if isinstance(start, str)
                                                         else None)
        except (OSError, DocumentError, KeyError, TypeError):
            alive = False
        if alive:
            live.add(lock.name.removesuffix(LOCK_SUFFIX))
        else:
            stale.append(lock)
    return live, stale


def _recovery(path: Path) -> Recovery:
    wrapper = _read_json(path)
    if not (isinstance(wrapper, dict) and wrapper.get("format") == AUTOSAVE_FORMAT
            and wrapper.get("version") == AUTOSAVE_VERSION):
        raise DocumentError("This is not an autosave of GPU Build Planner.")
    original, saved = wrapper.get("original_path"), wrapper.get("saved")
    _, study, _ = read_object(wrapper.get("document"))
    session, key, _ = _name_parts(path)
    return Recovery(
        build=study.build(),
        study=study,
        original_path=Path(original) if isinstance(original, str) and original else None,
        saved=saved if isinstance(saved, str) else "",
        path=path,
        session_id=str(wrapper.get("session") or session),
        document_key=key,
    )


def pending_recoveries() -> list[Recovery]:
    """Autosaves of sessions that ended without a clean exit, newest first.

    Unreadable autosaves are skipped (and kept, for a bug report); lock files of dead sessions
    with nothing left to recover, and temporary files of autosaves killed mid-write, are tidied
    away.
    """
    folder = autosave_dir()
    remove_stale_temps(folder)
    live, stale = _live_sessions(folder)
    found: list[Recovery] = []
    for path in sorted(folder.glob(f"*{AUTOSAVE_SUFFIX}")):
        if path.name.split("-", 1)[0] in live:
            continue
        try:
            found.append(_recovery(path))
        except (OSError, DocumentError) as exc:
            log.warning("skipping unreadable autosave %s: %s", path.name, exc)
    for lock in stale:
        if not _session_files(folder, lock.name.removesuffix(LOCK_SUFFIX)):
            with contextlib.suppress(OSError):
                lock.unlink()
    found.sort(key=lambda r: (r.saved, _name_parts(r.path)[2]), reverse=True)
    return found


def discard(recovery: Recovery) -> None:
    """Delete a recovery the user declined (or has saved elsewhere)."""
    with contextlib.suppress(OSError):
        recovery.path.unlink()
    folder = recovery.path.parent
    if not _session_files(folder, recovery.session_id):
        live, _ = _live_sessions(folder)
        if recovery.session_id not in live:
            with contextlib.suppress(OSError):
                (folder / f"{recovery.session_id}{LOCK_SUFFIX}").unlink()
