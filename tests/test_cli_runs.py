"""``gpu-planner runs …`` and ``estimate --calibrated``, run as a user runs them.

Calibration is checked on runs made up so the answer is known by hand: three LoRA runs, each
measured 10 % above its estimate, so the shrunk share (worked out in the test) must be added to
a fourth LoRA configuration and to no full fine-tune.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from planner import measure

GIB = 1024**3
BASE = ["estimate", "--model", "llama-3.2-1b", "--task", "train", "--precision", "bf16",
        "--seq", "512", "--gpu", "RTX 4090"]


def cli(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GPU_PLANNER_DATA_DIR": str(home)}
    return subprocess.run([sys.executable, "-m", "planner", *args], capture_output=True,
                          text=True, env=env, cwd=home, check=False)


def estimate(home: Path, *extra: str) -> dict[str, Any]:
    done = cli(home, *BASE, *extra, "--json")
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def as_run(result: dict[str, Any], peak: int, note: str = "") -> dict[str, Any]:
    """An estimate turned into a record, as docs/measured-run.md says any estimate can be."""
    return measure.record(workload=result["workload"], gpu_name="NVIDIA GeForce RTX 4090",
                          gpu_count=1, peak_bytes=peak, metric="nvidia-smi",
                          stack={"torch": "2.5.1", "cuda": "12.4", "driver": "550.54.15",
                                 "framework": "torchtune 0.4.0"},
                          when="2026-11-30T10:00:00Z", note=note)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("runs-home")


def test_estimate_json_carries_the_workload(home: Path) -> None:
    result = estimate(home, "--batch", "2", "--lora", "8")
    work = result["workload"]
    assert work["model"] == "llama-3.2-1b" and work["hf_config"] is None
    assert work["task"] == "train" and work["head"] == result["head"]
    assert work["training"]["batch"] == 2 and work["training"]["lora_rank"] == 8
    assert work["training"]["precision"] == "bf16" and work["training"]["seq"] == 512


def test_no_runs_change_nothing(home: Path) -> None:
    result = estimate(home, "--calibrated")
    assert result["calibration"] is None
    assert result["calibrated_total_bytes"] == result["total_bytes"]


def test_runs_import_list_calibrate_and_export(home: Path) -> None:
    runs = [estimate(home, "--batch", str(b), "--lora", "8") for b in (1, 2, 4)]
    full = estimate(home, "--batch", "4")
    assert runs[2]["total_bytes"] > 1.2 * runs[0]["total_bytes"]
    names = []
    for b, r in zip((1, 2, 4), runs, strict=True):
        names.append(f"lora{b}.json")
        (home / names[-1]).write_text(json.dumps(as_run(r, round(1.1 * r["total_bytes"]),
                                                        note="lab-7, /home/alice")),
                                      encoding="utf-8")
    (home / "mib.json").write_text(json.dumps(as_run(runs[0], 6000)), encoding="utf-8")
    done = cli(home, "runs", "import", *names, "mib.json")
    assert done.returncode == 2
    assert done.stdout.strip() == "Imported 3 runs; refused 1."
    assert done.stderr.strip() == ("mib.json: measured.peak_bytes is 6,000, which looks like "
                                   "MiB where bytes are expected (multiply by 1,048,576).")

    listed = json.loads(cli(home, "runs", "list", "--json").stdout)
    assert len(listed) == 3
    # each run's estimate is the estimate it was made from (nvidia-smi sees the whole total)
    assert sorted(r["estimated_bytes"] for r in listed) == sorted(
        r["total_bytes"] for r in runs)
    assert all(r["total_bytes"] == r["estimated_bytes"] for r in listed)
    assert all(r["calibration_applied"] and r["group_runs"] == 3 and r["family"] == "lora"
               for r in listed)
    # three runs 10 % above their estimates, no scatter: s² = 2 × 0.01 / 4 = 0.005, weight
    # 0.01 / (0.01 + 0.005 / 3) = 6/7, share 0.1 × 6/7; each run now at (1 + share) / 1.1
    share = 0.1 * 6 / 7
    assert all(r["calibrated_error"] == pytest.approx((1 + share) / 1.1 - 1, abs=1e-4)
               for r in listed)

    middle = estimate(home, "--batch", "3", "--lora", "8", "--calibrated")
    expected = middle["total_bytes"] * (1 + share)
    assert middle["calibrated_total_bytes"] == pytest.approx(expected, abs=2)
    cal = middle["calibration"]
    assert cal["runs"] == 3 and cal["gpu"] == "nvidia-rtx-4090" and cal["family"] == "lora"
    assert cal["stack"] == "torch 2.5.1 · CUDA 12.4 · driver 550.54.15 · torchtune 0.4.0"
    assert cal["share"] == pytest.approx(share, abs=1e-4) and cal["observed"] == 0.1
    assert cal["added_bytes"] == middle["calibrated_total_bytes"] - middle["total_bytes"]
    assert cal["unseen_bytes"] == 0 and cal["metric"] == "nvidia-smi"
    assert len(cal["from_runs"]) == 3
    assert middle["headroom_bytes"] == middle["usable_bytes"] - middle["calibrated_total_bytes"]
    text = cli(home, *BASE, "--batch", "3", "--lora", "8", "--calibrated").stdout
    assert "calibrated from 3 of your lora runs on nvidia-rtx-4090" in text
    # a full fine-tune has no runs of its kind: the LoRA runs do not move it
    plain = estimate(home, "--batch", "4", "--calibrated")
    assert plain["calibration"] is None
    assert plain["calibrated_total_bytes"] == plain["total_bytes"] == full["total_bytes"]

    assert cli(home, "runs", "export", "shared.json").returncode == 0
    shared = json.loads((home / "shared.json").read_text(encoding="utf-8"))
    assert len(shared) == 3 and all(r["note"] == "" for r in shared)
    assert cli(home, "runs", "export", "mine.json", "--keep-notes").returncode == 0
    mine = json.loads((home / "mine.json").read_text(encoding="utf-8"))
    assert {r["note"] for r in mine} == {"lab-7, /home/alice"}
    again = cli(home, "runs", "import", "shared.json")  # shared records read back
    assert again.returncode == 0 and again.stdout.strip() == "Imported 3 runs."


def test_calibrated_needs_a_gpu(home: Path) -> None:
    done = cli(home, "estimate", "--model", "llama-3.2-1b", "--task", "train", "--calibrated")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == ("--calibrated needs --gpu: calibration is per GPU model, "
                                   "from your runs measured on it.")
