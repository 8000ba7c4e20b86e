"""Saving is atomic: a failure at any step leaves the old file byte-identical and no temp file."""

from __future__ import annotations

import errno
import os
import stat
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from gpubuild_samples import is_one_sentence, sample_build

from planner.documents import DocumentError, atomic, load_document, save_document


@pytest.fixture
def saved(tmp_path: Path) -> tuple[Path, bytes]:
    """A folder holding one saved document, and its bytes."""
    path = tmp_path / "lab.gpubuild"
    save_document(sample_build(), path, created="2026-01-15T09:00:00Z")
    return path, path.read_bytes()


def _edited() -> Any:
    build = sample_build()
    return replace(build, name="Edited", notes="x" * 10_000)


def _only(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir())


def test_save_then_load(tmp_path: Path) -> None:
    path = tmp_path / "new.gpubuild"
    save_document(sample_build(), path, catalog_version="2026.12.02-2")
    doc = load_document(path)
    assert doc.build == sample_build() and doc.catalog_version == "2026.12.02-2"
    assert doc.created == doc.modified
    assert _only(path) == ["new.gpubuild"]


def test_created_is_kept_and_modified_moves(saved: tuple[Path, bytes]) -> None:
    path, _ = saved
    save_document(_edited(), path, created=load_document(path).created)
    doc = load_document(path)
    assert doc.created == "2026-01-15T09:00:00Z" and doc.modified != doc.created


def test_failure_between_write_and_replace(saved: tuple[Path, bytes],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path, before = saved
    seen: list[Path] = []

    def broken_replace(src: Any, dst: Any) -> None:
        seen.append(Path(src))
        assert Path(src).read_bytes() != before  # the new bytes were fully written first
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(atomic, "_replace", broken_replace)
    with pytest.raises(DocumentError) as info:
        save_document(_edited(), path)
    assert path.read_bytes() == before
    assert _only(path) == ["lab.gpubuild"]
    assert seen and seen[0].parent == path.parent  # the temp was in the same folder
    assert is_one_sentence(str(info.value))
    assert "Could not save 'lab.gpubuild': input/output error" in str(info.value)


def _full(fd: int) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def _denied(*args: Any, **kwargs: Any) -> int:
    raise PermissionError(errno.EACCES, "Permission denied")


@pytest.mark.parametrize(("call", "fails", "expected"), [
    ("fsync", _full, "Could not save 'lab.gpubuild': the disk is full; free some space and save "
                     "again."),
    ("open", _denied, "Could not save 'lab.gpubuild': you do not have permission to write "
                      "there; choose another folder."),
])
def test_an_os_refusal_gives_a_sentence_and_keeps_the_file(
        saved: tuple[Path, bytes], monkeypatch: pytest.MonkeyPatch, call: str, fails: Any,
        expected: str) -> None:
    path, before = saved
    monkeypatch.setattr(os, call, fails)
    with pytest.raises(DocumentError) as info:
        save_document(_edited(), path)
    monkeypatch.undo()
    assert str(info.value) == expected
    assert path.read_bytes() == before
    assert _only(path) == ["lab.gpubuild"]


def test_interrupt_mid_save_removes_the_temp(saved: tuple[Path, bytes],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path, before = saved

    def interrupted(src: Any, dst: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(atomic, "_replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save_document(_edited(), path)
    assert path.read_bytes() == before and _only(path) == ["lab.gpubuild"]


def test_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(DocumentError, match="its folder does not exist; choose another folder"):
        save_document(sample_build(), tmp_path / "nowhere" / "lab.gpubuild")


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0,
                    reason="needs POSIX permissions that apply to this user")
def test_read_only_folder(saved: tuple[Path, bytes]) -> None:
    path, before = saved
    path.parent.chmod(0o500)
    try:
        with pytest.raises(DocumentError, match="you do not have permission to write there"):
            save_document(_edited(), path)
    finally:
        path.parent.chmod(0o700)
    assert path.read_bytes() == before and _only(path) == ["lab.gpubuild"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")
def test_an_existing_files_mode_is_kept(saved: tuple[Path, bytes]) -> None:
    path, _ = saved
    path.chmod(0o640)
    save_document(_edited(), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_saving_over_a_folder_fails_cleanly(tmp_path: Path) -> None:
    folder = tmp_path / "lab.gpubuild"
    folder.mkdir()
    with pytest.raises(DocumentError) as info:
        save_document(sample_build(), folder)
    assert is_one_sentence(str(info.value)) and str(info.value).startswith("Could not save")
    assert _only(folder) == ["lab.gpubuild"]


def test_unchanged_resave_is_byte_identical(saved: tuple[Path, bytes]) -> None:
    from planner.documents import dumps_document

    path, before = saved
    doc = load_document(path)
    again = dumps_document(doc.build, created=doc.created, modified=doc.modified,
                           catalog_version=doc.catalog_version, app_version=doc.app_version)
    assert again == before


# -- durability: the folder is flushed after the rename -------------------------------------


def _spy_syncs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record, in order, each rename and each fsync (of a file or of a folder)."""
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        events.append("fsync folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "fsync file")
        real_fsync(fd)

    def replace(src: Any, dst: Any) -> None:
        events.append("rename")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    return events


@pytest.mark.skipif(os.name != "posix", reason="POSIX folders are fsync'ed; Windows writes through")
def test_folder_is_flushed_after_the_rename(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    events = _spy_syncs(monkeypatch)
    save_document(sample_build(), tmp_path / "lab.gpubuild")
    assert events == ["fsync file", "rename", "fsync folder"]


def _folder_fsync_fails(monkeypatch: pytest.MonkeyPatch, error: OSError) -> None:
    """Make fsync of a folder raise ``error``; files still flush."""
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise error
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)


@pytest.mark.skipif(os.name != "posix", reason="POSIX folder fsync")
def test_a_folder_that_cannot_be_flushed_still_saves(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Some network file systems refuse fsync on a folder (EINVAL): the save still counts."""
    _folder_fsync_fails(monkeypatch, OSError(errno.EINVAL, "Invalid argument"))
    path = tmp_path / "lab.gpubuild"
    save_document(sample_build(), path)
    assert load_document(path).build == sample_build() and _only(path) == ["lab.gpubuild"]


@pytest.mark.skipif(os.name != "posix", reason="POSIX folder fsync")
def test_a_failed_folder_flush_is_reported(saved: tuple[Path, bytes],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """An I/O error flushing the folder means the save may not survive a power cut: say so."""
    path, _ = saved
    _folder_fsync_fails(monkeypatch, OSError(errno.EIO, "Input/output error"))
    with pytest.raises(DocumentError) as info:
        save_document(_edited(), path)
    assert str(info.value) == ("Could not save 'lab.gpubuild': input/output error; try again "
                               "or choose another folder.")
    assert _only(path) == ["lab.gpubuild"]


# -- faults: each one sentence naming the file, the old file byte-identical, no temp left ----


def test_disk_full_during_write(saved: tuple[Path, bytes],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    path, before = saved
    real_write = os.write
    calls: list[int] = []

    def write(fd: int, data: Any) -> int:
        calls.append(len(data))
        if len(calls) == 1:
            return real_write(fd, bytes(data[:4096]))  # a short write, as a filling disk gives
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", write)
    with pytest.raises(DocumentError) as info:
        save_document(_edited(), path)
    assert len(calls) == 2 and calls[1] == calls[0] - 4096  # the rest was retried, then refused
    assert str(info.value) == ("Could not save 'lab.gpubuild': the disk is full; free some "
                               "space and save again.")
    assert path.read_bytes() == before and _only(path) == ["lab.gpubuild"]


def test_read_only_disk(saved: tuple[Path, bytes], monkeypatch: pytest.MonkeyPatch) -> None:
    """Injected (CI runs as root, where chmod does not stop a write, and may not mount)."""
    path, before = saved
    real_open = os.open

    def open_(file: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & os.O_CREAT:
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(file, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_)
    with pytest.raises(DocumentError) as info:
        save_document(_edited(), path)
    assert str(info.value) == ("Could not save 'lab.gpubuild': that disk is read-only; choose "
                               "another folder.")
    assert path.read_bytes() == before and _only(path) == ["lab.gpubuild"]


def test_folder_vanishes_mid_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder is moved away (a sync tool, another window) between the write and the rename."""
    folder = tmp_path / "shared"
    folder.mkdir()
    path = folder / "lab.gpubuild"
    save_document(sample_build(), path)
    before = path.read_bytes()
    moved = tmp_path / "moved"
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        real_fsync(fd)
        if folder.exists():
            folder.rename(moved)

    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(DocumentError) as info:
        save_document(_edited(), path)
    assert str(info.value) == ("Could not save 'lab.gpubuild': its folder does not exist; "
                               "choose another folder.")
    assert not folder.exists()
    assert (moved / "lab.gpubuild").read_bytes() == before
    assert sorted(p.name for p in moved.iterdir()) == ["lab.gpubuild"]  # temp removed there too


# -- leftovers: our own stale temporary files go, nothing else does --------------------------


def _age(path: Path, seconds: float) -> None:
    """Make the file (or the link itself, not its target) look ``seconds`` old.

    Windows cannot set a link's own times (``follow_symlinks=False`` is NotImplemented there):
    a link is then left young, and the test still sees that it is kept.
    """
    old = time.time() - seconds
    if os.utime in os.supports_follow_symlinks:
        os.utime(path, (old, old), follow_symlinks=False)
    elif not path.is_symlink():
        os.utime(path, (old, old))


def _leftover(folder: Path, name: str = "lab.gpubuild", token: str = "0123456789ab",
              content: bytes = b'{\n  "format": "gpub', age: float = 120) -> Path:
    temp = folder / f".{name}.{token}.tmp"
    temp.write_bytes(content)
    _age(temp, age)
    return temp


def test_a_save_removes_its_own_stale_temps(saved: tuple[Path, bytes]) -> None:
    path, _ = saved
    _leftover(path.parent)
    _leftover(path.parent, token="ba9876543210", content=b"")  # killed before writing
    save_document(_edited(), path)
    assert _only(path) == ["lab.gpubuild"]


def test_an_open_removes_its_own_stale_temps(saved: tuple[Path, bytes]) -> None:
    path, before = saved
    _leftover(path.parent)
    load_document(path)
    assert _only(path) == ["lab.gpubuild"] and path.read_bytes() == before


def test_only_our_own_old_temps_are_removed(saved: tuple[Path, bytes]) -> None:
    path, _ = saved
    folder = path.parent
    young = _leftover(folder, token="111111111111", age=5)  # a save running in another window
    kept = [
        young,
        _leftover(folder, content=b"my notes, not a build"),  # our naming, not our bytes
        _leftover(folder, token="0123456789AB"),  # upper-case: not our token
        _leftover(folder, token="0123456789a"),  # 11 digits
        _leftover(folder, token="backup"),
        _leftover(folder, name="other.gpubuild"),  # another document's
        _leftover(folder, name="lab.gpubuild.old"),
    ]
    for name in ("lab.gpubuild.0123456789ab.tmp", ".lab.gpubuild.0123456789ab.tmp.keep",
                 ".lab.gpubuild.0123456789ab.temp", "lab.gpubuild.tmp"):
        kept.append(folder / name)
        kept[-1].write_bytes(b"{}")
        _age(kept[-1], 120)
    folder_named_like_ours = folder / ".lab.gpubuild.aaaaaaaaaaaa.tmp"
    folder_named_like_ours.mkdir()
    _age(folder_named_like_ours, 120)
    target = _leftover(folder, name="other.gpubuild", token="cccccccccccc")
    link = folder / ".lab.gpubuild.bbbbbbbbbbbb.tmp"
    try:
        link.symlink_to(target)
    except OSError:  # Windows without the right to make links: the rest of the test holds
        kept += [folder_named_like_ours, target]
    else:
        _age(link, 120)
        kept += [folder_named_like_ours, target, link]

    save_document(_edited(), path)
    load_document(path)
    for item in kept:
        assert item.exists() or item.is_symlink(), item.name
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        ["lab.gpubuild", *(p.name for p in kept)])


def test_a_long_names_temps_are_recognised(tmp_path: Path) -> None:
    path = tmp_path / (("x" * 120) + ".gpubuild")
    save_document(sample_build(), path)
    _leftover(tmp_path, name=path.name[:80])
    save_document(_edited(), path)
    assert _only(path) == [path.name]
