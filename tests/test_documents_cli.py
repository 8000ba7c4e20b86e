"""``gpu-planner check FILE``: exit 0 and a one-line summary, or exit 2 and one sentence."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from gpubuild_samples import is_one_sentence, sample_bytes

from planner.paths import DATA_DIR_ENV

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.gpubuild"))


def check(path: Path, data_dir: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, DATA_DIR_ENV: str(data_dir), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "planner", "check", str(path)], env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=120,
                          cwd=data_dir)


# What each example file holds, read off the files by eye: the build's name, its cards with
# counts, and how many workloads it tracks.
SUMMARIES = {
    "chinese-notes": "实验室深度学习工作站: 2× GeForce RTX 4090, 2 workloads",
    "custom-gpu": "Custom 48 GB cards: 2× RTX 4090 48GB (modified), 2 workloads",
    "entry-level": "Entry-level learning rig: 1× GeForce RTX 3060 12GB, 2 workloads",
    "server-8xh100": "8× H100 SXM training server: 8× H100 SXM5 80GB, 2 workloads",
    "three-variants": "Lab GPU purchase 2027: 4× GeForce RTX 4090, 3 workloads; variant 4× RTX "
                      "4090 workstation shown, 2 others",
    "workstation-4x4090": "Lab workstation: 4× GeForce RTX 4090, 3 workloads",
}


def _summary_from_json(path: Path) -> str:
    """The same line built from the raw JSON, without the planner reading the file.

    Format 4 keeps the cards in variants: the summary names the active one's cards.
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    variants = data.get("variants") or [{"gpus": data.get("gpus", [])}]
    shown = variants[data.get("active_variant", 0)]
    gpus = " + ".join(f"{s['count']}× {s['spec']['name']}" for s in shown["gpus"])
    n = len(data["workloads"])
    line = f"{data['name']}: {gpus}, {n} workload{'' if n == 1 else 's'}"
    if len(variants) > 1:
        others = len(variants) - 1
        line += f"; variant {shown['name']} shown, {others} other{'' if others == 1 else 's'}"
    return line


def test_every_example_has_a_written_summary() -> None:
    assert sorted(p.stem for p in EXAMPLES) == sorted(SUMMARIES)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_check_accepts_each_example(path: Path, tmp_path: Path) -> None:
    result = check(path, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == SUMMARIES[path.stem] + "\n"
    assert SUMMARIES[path.stem] == _summary_from_json(path)
    assert "Traceback" not in result.stderr


def _broken(tmp_path: Path) -> dict[str, Path]:
    files = {
        "not-json": b'{"format": "gpubuild",\n"version": 2,\n',
        "newer": sample_bytes().replace(b'"version": 6', b'"version": 7'),
        "bad-count": sample_bytes().replace(b'"count": 4', b'"count": -2'),
        "binary": bytes(range(256)),
        "deep": b"[" * 100_000 + b"]" * 100_000,
    }
    paths = {}
    for name, data in files.items():
        paths[name] = tmp_path / f"{name}.gpubuild"
        paths[name].write_bytes(data)
    paths["missing"] = tmp_path / "missing.gpubuild"
    paths["folder"] = tmp_path
    return paths


@pytest.mark.parametrize(("name", "expected"), [
    ("not-json", "This is not a GPU build file: it is not valid JSON (line 3)."),
    ("newer", "This file was made by a newer GPU Build Planner (format version 7); please "
              "update to open it."),
    ("bad-count", "GPU count must be a whole number from 1 to 64 (found -2 for GeForce RTX "
                  "4090)."),
    ("binary", "This is not a GPU build file: it is not UTF-8 text (byte 129 cannot be read)."),
    ("deep", "This is not a GPU build file: its data is nested more than 32 levels deep."),
    ("missing", "Cannot open '{tmp}/missing.gpubuild': there is no such file."),
    ("folder", None),
])
def test_check_refuses_broken_files(tmp_path: Path, name: str, expected: str | None) -> None:
    result = check(_broken(tmp_path)[name], tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    message = result.stderr.rstrip("\n")
    assert is_one_sentence(message), result.stderr
    assert "Traceback" not in result.stderr
    if expected is not None:
        assert message == expected.replace("{tmp}", str(tmp_path))
