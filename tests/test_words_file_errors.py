"""A failed save or open, worded in the user's language from its code (the CLI keeps English)."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from planner.documents import DocumentError, load_document
from planner.documents.atomic import save_error
from planner.words.file_errors import document_error_text


def test_english_reads_as_the_document_layer_words_it(qapp):
    exc = save_error(Path("/x/lab.gpubuild"), OSError(errno.ENOSPC, "No space left on device"))
    assert document_error_text(exc) == str(exc) == (
        "Could not save 'lab.gpubuild': the disk is full; free some space and save again.")


def test_a_full_disk_and_a_missing_file_in_chinese(chinese, tmp_path):
    full = save_error(tmp_path / "lab.gpubuild", OSError(errno.ENOSPC, "No space left on device"))
    assert document_error_text(full) == "无法保存“lab.gpubuild”：磁盘已满，请腾出空间后再保存。"
    missing = tmp_path / "gone.gpubuild"
    with pytest.raises(DocumentError) as caught:
        load_document(missing)
    assert document_error_text(caught.value) == f"无法打开“{missing}”：文件不存在。"


def test_an_unlisted_errno_keeps_the_systems_words_inside_a_translated_sentence(chinese):
    exc = save_error(Path("lab.gpubuild"), OSError(errno.EIO, "Input/output error"))
    assert document_error_text(exc) == (
        "无法保存“lab.gpubuild”：系统提示“input/output error”，请重试或选择其他文件夹。")


def test_a_refusal_without_a_code_reads_as_written(chinese):
    exc = DocumentError("This is not a GPU build file: it has no 'format' key.")
    assert document_error_text(exc) == "This is not a GPU build file: it has no 'format' key."
