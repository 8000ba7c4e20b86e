"""Autosave and crash recovery: clean exits leave nothing, killed sessions are offered back."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpubuild_samples import sample_build

from planner.documents import DocumentError, recovery
from planner.documents.recovery import (
    autosave_dir,
    begin_session,
    discard,
    end_session,
    pending_recoveries,
    process_running,
    write_autosave,
)
from planner.paths import DATA_DIR_ENV

TESTS = Path(__file__).resolve().parent


@pytest.fixture(autouse=True)
def _no_session_left(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(recovery, "_current", None)
    yield


def _dead_pid() -> int:
    """The pid of a process that has exited and been reaped."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _fake_crashed_session(pid: int, start: str | None = None) -> str:
    """A lock as a crashed session would leave it, with an autosave of the sample."""
    folder = autosave_dir()
    (folder / "deadbeefdeadbeef.lock").write_text(json.dumps({"pid": pid, "start": start}))
    token = recovery.SessionToken("deadbeefdeadbeef", pid, folder / "deadbeefdeadbeef.lock")
    write_autosave(sample_build(), Path("/home/someone/lab.gpubuild"), session=token)
    return token.id


def test_autosaves_live_in_the_user_data_folder(_isolated_user_folders: Path) -> None:
    assert autosave_dir() == _isolated_user_folders / "autosave"


def test_clean_exit_leaves_nothing() -> None:
    token = begin_session()
    assert token.lock_path.exists() and token.pid == os.getpid()
    path = write_autosave(sample_build(), Path("lab.gpubuild"))
    second = write_autosave(sample_build(name="Other"), None, document_id="window-2")
    assert path.exists() and second.exists() and path != second
    assert pending_recoveries() == []  # our own session is alive
    end_session(token)
    assert list(autosave_dir().iterdir()) == []


def test_each_autosave_is_kept_up_to_the_history_count() -> None:
    token = begin_session()
    paths = [write_autosave(sample_build(name=f"Edit {i}"), None) for i in range(8)]
    assert len(set(paths)) == 8
    kept = sorted(p.name for p in autosave_dir().glob("*.autosave"))
    assert kept == sorted(p.name for p in paths[-recovery.HISTORY_COUNT:])  # the newest five
    other = write_autosave(sample_build(name="Window 2"), None, document_id="window-2")
    assert other.exists() and all(p.exists() for p in paths[-recovery.HISTORY_COUNT:])
    end_session(token)
    assert list(autosave_dir().iterdir()) == []


def test_the_history_is_bounded_in_bytes_but_keeps_the_newest(
        monkeypatch: pytest.MonkeyPatch) -> None:
    token = begin_session()
    first = write_autosave(sample_build(), None)
    size = first.stat().st_size
    monkeypatch.setattr(recovery, "HISTORY_BYTES", int(size * 2.5))
    paths = [first] + [write_autosave(sample_build(), None) for _ in range(3)]
    assert [p.exists() for p in paths] == [False, False, True, True]
    monkeypatch.setattr(recovery, "HISTORY_BYTES", 10)  # smaller than one autosave
    newest = write_autosave(sample_build(name="Newest"), None)
    assert [p.name for p in autosave_dir().glob("*.autosave")] == [newest.name]
    end_session(token)


def test_after_a_crash_every_kept_autosave_is_offered_newest_first() -> None:
    pid = _dead_pid()
    folder = autosave_dir()
    token = recovery.SessionToken("deadbeefdeadbeef", pid, folder / "deadbeefdeadbeef.lock")
    token.lock_path.write_text(json.dumps({"pid": pid}))
    for name in ("Before the bad edit", "After the bad edit"):
        write_autosave(sample_build(name=name), Path("/home/someone/lab.gpubuild"),
                       session=token)
    write_autosave(sample_build(name="Second window"), None, session=token, document_id="w2")
    found = pending_recoveries()
    assert sorted(r.build.name for r in found) == ["After the bad edit", "Before the bad edit",
                                                   "Second window"]
    names = [r.build.name for r in found if r.document_key == "main"]
    assert names == ["After the bad edit", "Before the bad edit"]  # same second: by sequence
    assert {r.document_key for r in found} == {"main", "w2"}


def test_an_autosave_from_before_histories_is_still_offered() -> None:
    pid = _dead_pid()
    folder = autosave_dir()
    token = recovery.SessionToken("0123456789abcdef", pid, folder / "0123456789abcdef.lock")
    path = write_autosave(sample_build(), None, session=token)
    path.rename(folder / "0123456789abcdef-main.autosave")  # the old naming
    [found] = pending_recoveries()
    assert found.build == sample_build() and found.document_key == "main"


def test_stale_temps_in_the_autosave_folder_are_tidied() -> None:
    folder = autosave_dir()
    temp = folder / ".0123456789abcdef-main-000003.autosave.a1b2c3d4e5f6.tmp"
    temp.write_bytes(b'{"format": "gpubuild-au')
    young = folder / ".0123456789abcdef-main-000004.autosave.a1b2c3d4e5f7.tmp"
    young.write_bytes(b"")
    os.utime(temp, (0, 0))
    assert pending_recoveries() == []
    assert not temp.exists() and young.exists()


def test_autosave_needs_a_session() -> None:
    with pytest.raises(RuntimeError):
        write_autosave(sample_build(), None)


def test_an_impossible_build_is_not_autosaved() -> None:
    from dataclasses import replace

    token = begin_session()
    build = sample_build()
    bad = replace(build, usage=replace(build.usage, pue=0.5))
    with pytest.raises(DocumentError):
        write_autosave(bad, None)
    end_session(token)


def test_a_dead_sessions_autosave_is_pending_then_discarded() -> None:
    session = _fake_crashed_session(_dead_pid())
    [found] = pending_recoveries()
    assert found.build == sample_build()
    assert found.original_path == Path("/home/someone/lab.gpubuild")
    assert found.session_id == session and found.saved.endswith("Z")
    assert not found.original_path.exists()  # only shown, never touched
    discard(found)
    assert pending_recoveries() == []
    assert list(autosave_dir().iterdir()) == []  # the stale lock went with its last autosave


def test_a_session_without_lock_is_pending() -> None:
    _fake_crashed_session(_dead_pid())
    (autosave_dir() / "deadbeefdeadbeef.lock").unlink()
    assert len(pending_recoveries()) == 1


def test_a_live_other_process_keeps_its_autosaves() -> None:
    parent = os.getppid()
    _fake_crashed_session(parent, recovery._start_ticks(parent))
    assert pending_recoveries() == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses /proc start times")
def test_a_reused_pid_does_not_hide_a_crash() -> None:
    _fake_crashed_session(os.getppid(), start="1")  # same pid, different process start
    assert len(pending_recoveries()) == 1


def test_unreadable_autosaves_are_skipped_and_kept() -> None:
    junk = autosave_dir() / "0123456789abcdef-main.autosave"
    junk.write_bytes(b"\x00not json")
    assert pending_recoveries() == []
    assert junk.exists()


def test_stale_locks_without_autosaves_are_tidied() -> None:
    lock = autosave_dir() / "0123456789abcdef.lock"
    lock.write_text(json.dumps({"pid": _dead_pid()}))
    broken = autosave_dir() / "fedcba9876543210.lock"
    broken.write_text("{")
    assert pending_recoveries() == []
    assert not lock.exists() and not broken.exists()


def test_process_running() -> None:
    assert process_running(os.getpid())
    assert not process_running(_dead_pid())
    assert not process_running(0)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_killed_process_leaves_a_recovery(_isolated_user_folders: Path) -> None:
    script = textwrap.dedent(f"""
        import os, signal, sys
        from pathlib import Path
        sys.path.insert(0, {str(TESTS)!r})
        from gpubuild_samples import sample_build
        from planner.documents.recovery import begin_session, write_autosave
        begin_session()
        write_autosave(sample_build(name="Unsaved work"), Path("/projects/lab.gpubuild"))
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    env = {**os.environ, DATA_DIR_ENV: str(_isolated_user_folders)}
    result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                            timeout=60)
    assert result.returncode == -signal.SIGKILL, result.stderr.decode()
    [found] = pending_recoveries()
    assert found.build == sample_build(name="Unsaved work")
    assert found.original_path == Path("/projects/lab.gpubuild")
    discard(found)
    assert pending_recoveries() == []
