"""No lost update: a save never overwrites a version another program put there since we read it."""

from __future__ import annotations

import builtins
import errno
import hashlib
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from gpubuild_samples import is_one_sentence, sample_build

from planner.documents import (
    DocumentError,
    FileChangedError,
    load_document,
    loads_document,
    save_document,
)
from planner.documents.stamps import current_stamp


def _theirs() -> Any:
    return replace(sample_build(), name="Colleague's version")


def _mine() -> Any:
    return replace(sample_build(), name="My version")


@pytest.fixture
def opened(tmp_path: Path) -> tuple[Path, Any]:
    path = tmp_path / "lab.gpubuild"
    save_document(sample_build(), path)
    return path, load_document(path).stamp


def test_the_stamp_describes_the_bytes_read(opened: tuple[Path, Any]) -> None:
    path, stamp = opened
    data = path.read_bytes()
    assert stamp.size == len(data) == path.stat().st_size
    assert stamp.sha256 == hashlib.sha256(data).hexdigest()
    assert stamp.mtime_ns == path.stat().st_mtime_ns
    assert loads_document(data).stamp is None  # bytes from nowhere have no file to stamp


def test_save_returns_the_stamp_an_open_would_give(tmp_path: Path) -> None:
    path = tmp_path / "lab.gpubuild"
    stamp = save_document(sample_build(), path)
    assert stamp == load_document(path).stamp


def test_saving_over_our_own_last_save_needs_no_question(opened: tuple[Path, Any]) -> None:
    path, stamp = opened
    again = save_document(_mine(), path, expect=stamp)
    save_document(sample_build(), path, expect=again)
    assert load_document(path).build == sample_build()


def test_a_colleagues_version_is_not_overwritten(opened: tuple[Path, Any]) -> None:
    path, stamp = opened
    save_document(_theirs(), path)  # another program, e.g. a synced folder
    theirs = path.read_bytes()
    with pytest.raises(FileChangedError) as info:
        save_document(_mine(), path, expect=stamp)
    assert str(info.value) == ("Did not save 'lab.gpubuild': another program changed it after "
                               "you opened it; reload it or save your version under another "
                               "name.")
    assert is_one_sentence(str(info.value))
    assert info.value.current == load_document(path).stamp
    assert path.read_bytes() == theirs and sorted(os.listdir(path.parent)) == ["lab.gpubuild"]
    # Having asked the user, the caller may overwrite: pass the stamp the conflict reported.
    save_document(_mine(), path, expect=info.value.current)
    assert load_document(path).build == _mine()


def test_same_size_and_time_but_other_bytes_is_a_change(opened: tuple[Path, Any]) -> None:
    """Shares with coarse times (FAT, SMB) can keep the time; the hash still tells."""
    path, stamp = opened
    data = bytearray(path.read_bytes())
    at = data.index(b"Lab workstation")
    data[at:at + 3] = b"LAB"
    path.write_bytes(bytes(data))
    os.utime(path, ns=(stamp.mtime_ns, stamp.mtime_ns))
    assert path.stat().st_size == stamp.size
    with pytest.raises(FileChangedError):
        save_document(_mine(), path, expect=stamp)


def test_a_touch_or_an_identical_resync_is_not_a_change(opened: tuple[Path, Any]) -> None:
    path, stamp = opened
    data = path.read_bytes()
    path.unlink()
    path.write_bytes(data)  # a sync tool writing the same bytes again, with a new time
    os.utime(path, ns=(stamp.mtime_ns + 5_000_000_000,) * 2)
    save_document(_mine(), path, expect=stamp)
    assert load_document(path).build == _mine()


def test_a_deleted_file_is_written_again(opened: tuple[Path, Any]) -> None:
    path, stamp = opened
    path.unlink()
    save_document(_mine(), path, expect=stamp)
    assert load_document(path).build == _mine()


def test_a_change_during_the_save_is_caught(opened: tuple[Path, Any],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Checked after our bytes are on disk and just before the rename, not only at the start."""
    path, stamp = opened
    real_fsync = os.fsync
    theirs = sample_build(name="Arrived mid-save")

    def fsync(fd: int) -> None:
        real_fsync(fd)
        monkeypatch.setattr(os, "fsync", real_fsync)
        save_document(theirs, path)

    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(FileChangedError):
        save_document(_mine(), path, expect=stamp)
    assert load_document(path).build == theirs
    assert sorted(os.listdir(path.parent)) == ["lab.gpubuild"]


def test_an_unreadable_file_is_not_overwritten_blindly(opened: tuple[Path, Any],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path, stamp = opened
    before = path.read_bytes()
    real_open = builtins.open

    def open_(file: Any, *args: Any, **kwargs: Any) -> Any:
        if Path(file) == path:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", open_)
    with pytest.raises(DocumentError) as info:
        save_document(_mine(), path, expect=stamp)
    assert str(info.value) == (
        "Could not save 'lab.gpubuild': it can no longer be read (permission denied), so "
        "changes made by others cannot be ruled out; use Save As to save your build elsewhere.")
    monkeypatch.setattr(builtins, "open", real_open)
    assert path.read_bytes() == before and sorted(os.listdir(path.parent)) == ["lab.gpubuild"]


def test_a_folder_in_its_place(opened: tuple[Path, Any]) -> None:
    path, stamp = opened
    path.unlink()
    path.mkdir()
    with pytest.raises(DocumentError) as info:
        save_document(_mine(), path, expect=stamp)
    assert str(info.value) == ("'lab.gpubuild' is now a folder; use Save As to save your build "
                               "elsewhere.")


def test_current_stamp_of_nothing(tmp_path: Path) -> None:
    assert current_stamp(tmp_path / "none.gpubuild") is None
    assert current_stamp(tmp_path / "no-folder" / "none.gpubuild") is None
