"""Refused measured-run records are listed in the user's language in the import notice (#30).

The catalog layer words each refusal in English for the CLI; the app words those with a code
(a file it cannot read, a record of another format or a newer version, a missing key) in Chinese.
"""

from __future__ import annotations

import json
from pathlib import Path

from planner.catalog.runs import RunError, read_files
from planner.words.runs import problem_text


def _files(folder: Path) -> list[Path]:
    (folder / "build.json").write_text(json.dumps({"format": "gpubuild", "version": 1}))
    (folder / "newer.json").write_text(json.dumps({"format": "gpu-planner-run", "version": 99}))
    (folder / "list.json").write_text(json.dumps([{"format": "gpu-planner-run"}, 7]))
    (folder / "text.json").write_bytes(b"not json at all")
    return [folder / "build.json", folder / "newer.json", folder / "list.json",
            folder / "text.json", folder / "gone.json"]


def test_english_reads_as_the_cli_prints(qapp, tmp_path, real_catalog) -> None:  # type: ignore[no-untyped-def]
    read = read_files(_files(tmp_path), real_catalog)
    assert len(read.reasons) == len(read.problems) == 6
    # Without a translator the app's sentences are the catalog layer's own, word for word.
    assert [problem_text(r) for r in read.reasons] == list(read.problems)


def test_chinese_reader(chinese, tmp_path, real_catalog) -> None:  # type: ignore[no-untyped-def]
    read = read_files(_files(tmp_path), real_catalog)
    texts = [problem_text(r) for r in read.reasons]
    build, newer, first, second, text, gone = texts
    assert build == (f"{tmp_path / 'build.json'}：格式为 'gpubuild'，而不是 'gpu-planner-run'："
                     "这不是实测运行记录。")
    assert newer.startswith(f"{tmp_path / 'newer.json'}：版本 99 比")
    assert first.startswith(f"{tmp_path / 'list.json'}（第 1 条记录）：缺少 ")
    assert second == f"{tmp_path / 'list.json'}（第 2 条记录）：运行记录必须是 JSON 对象。"
    assert text == f"{tmp_path / 'text.json'}：不是 JSON 运行记录（不是有效的 UTF-8 JSON）。"
    assert gone.startswith(f"{tmp_path / 'gone.json'}：无法读取（")
    # A refusal without a code (a field's value, a model the estimator does not know) stays as
    # the catalog layer wrote it rather than losing its detail.
    plain = RunError("run.json: Batch size must be a whole number from 1 to 4,096 (found 0).")
    assert problem_text(plain) == str(plain)
