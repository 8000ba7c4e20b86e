"""Saving is atomic: a failure at any step leaves the old file byte-identical and no temp file."""

from __future__ import annotations

import errno
import os
import stat
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from gpubuild_samples import is_one_sentence, sample_build

from planner.documents import DocumentError, load_document, save_document


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

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(DocumentError) as info:
        save_document(_edited(), path)
    assert path.read_bytes() == before
    assert _only(path) == ["lab.gpubuild"]
    assert seen and seen[0].parent == path.parent  # the temp was in the same folder
    assert is_one_sentence(str(info.value))
    assert "Could not save 'lab.gpubuild': input/output error" in str(info.value)


def test_full_disk_gives_a_sentence(saved: tuple[Path, bytes],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path, before = saved

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(DocumentError) as info:
        save_document(_edited(), path)
    assert str(info.value) == ("Could not save 'lab.gpubuild': the disk is full; free some "
                               "space and save again.")
    assert path.read_bytes() == before
    assert _only(path) == ["lab.gpubuild"]


def test_interrupt_mid_save_removes_the_temp(saved: tuple[Path, bytes],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path, before = saved

    def interrupted(src: Any, dst: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
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


def test_unchanged_resave_is_byte_identical(saved: tuple[Path, bytes],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from planner.documents import dumps_document

    path, before = saved
    doc = load_document(path)
    again = dumps_document(doc.build, created=doc.created, modified=doc.modified,
                           catalog_version=doc.catalog_version, app_version=doc.app_version)
    assert again == before


def test_permission_denied_gives_a_sentence(saved: tuple[Path, bytes],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    path, before = saved

    def denied(*args: Any, **kwargs: Any) -> int:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "open", denied)
    with pytest.raises(DocumentError) as info:
        save_document(_edited(), path)
    assert str(info.value) == ("Could not save 'lab.gpubuild': you do not have permission to "
                               "write there; choose another folder.")
    assert path.read_bytes() == before
