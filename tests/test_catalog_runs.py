"""Measured runs in the local catalog: checked on import, kept through re-seeds, never lost."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from planner import measure, paths
from planner.catalog.runs import export_text, read_files, read_records, shareable
from planner.catalog.store import CatalogStore, open_store

GIB = 1024**3


@pytest.fixture
def store(tmp_path: Path, data: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[CatalogStore]:
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(tmp_path / "user"))
    opened = open_store(tmp_path / "user" / "catalog.sqlite", data_dir=data)
    yield opened
    opened.close()


def record(peak: int = 20 * GIB, gpu_name: str = "NVIDIA GeForce RTX 4090", **changes: Any
           ) -> dict[str, Any]:
    run = measure.record(
        workload=measure.workload(model_id="llama-3.1-8b", batch=1, seq=512, lora_rank=8,
                                  precision="bf16"),
        gpu_name=gpu_name, gpu_count=1, peak_bytes=GIB, metric="max_memory_allocated",
        stack={"torch": "2.5.1", "cuda": "12.4", "driver": "550.54", "framework": "peft 0.13"},
        when="2026-11-30T10:00:00Z", note="on host lab-7")
    run["measured"] = {"peak_bytes": peak, "metric": "max_memory_allocated", "per_gpu": [peak]}
    run.update(changes)
    return run


def write(folder: Path, name: str, content: Any) -> Path:
    path = folder / name
    path.write_text(json.dumps(content), encoding="utf-8")
    return path


def test_good_records_go_in_beside_refused_ones(store: CatalogStore, tmp_path: Path) -> None:
    files = [write(tmp_path, "good.json", record()),
             write(tmp_path, "list.json", [record(peak=21 * GIB), record(peak=0)]),
             write(tmp_path, "other.json", {"format": "gpu-planner-build", "version": 1}),
             write(tmp_path, "newer.json", record(version=2)),
             write(tmp_path, "mib.json", record(peak=20_480)),
             write(tmp_path, "big.json", record(peak=30 * GIB)),
             write(tmp_path, "gpu.json", record(gpu_name="Voodoo5 6000")),
             tmp_path / "missing.json"]
    read = read_files(files, store.catalog())
    assert store.add_runs(read.runs) == 2
    assert [p.split(":")[0] for p in read.problems] == [
        f"{tmp_path / 'list.json'} (record 2)", str(tmp_path / "other.json"),
        str(tmp_path / "newer.json"), str(tmp_path / "mib.json"), str(tmp_path / "big.json"),
        str(tmp_path / "gpu.json"), str(tmp_path / "missing.json")]
    problems = dict(zip(["zero", "other", "newer", "mib", "big", "gpu", "missing"],
                        read.problems, strict=True))
    assert "measured.peak_bytes must be more than 0" in problems["zero"]
    assert "not a measured-run record" in problems["other"]
    assert "version 2 is newer" in problems["newer"]
    assert "looks like MiB" in problems["mib"] and "measured.peak_bytes" in problems["mib"]
    assert "more than the GeForce RTX 4090's memory" in problems["big"]
    assert "gpu.name 'Voodoo5 6000' names no GPU" in problems["gpu"]
    assert "could not be read" in problems["missing"]
    assert all(p.count(". ") == 0 for p in read.problems)  # one sentence each
    # the same record again is stored once; a bad import touches nothing stored
    assert store.add_runs(read_files([files[0]], store.catalog()).runs) == 0
    assert store.add_runs(read_files([files[2]], store.catalog()).runs) == 0
    assert len(store.run_records()) == 2


@pytest.mark.parametrize(("change", "words"), [
    ({"workload": {"model": "no-such-model", "task": "train"}}, "workload.model: No model"),
    ({"workload": {"model": "llama-3.1-8b", "task": "train", "training": {"batch": 0}}},
     "Batch size (workload.training.batch) must be a whole number from 1"),
    ({"workload": {"model": "llama-3.1-8b", "task": "train", "training": {"seq": 10**6}}},
     "workload.training: A sequence of 1,000,000 tokens is longer"),
    ({"workload": {"model": "llama-3.1-8b", "task": "train", "training": {"speed": 1}}},
     "unknown key 'workload.training.speed'"),
    ({"workload": {"task": "train"}}, "names no model"),
    ({"measured": {"peak_bytes": 2 * GIB, "metric": "rss"}}, "Metric (measured.metric)"),
    ({"measured": {"peak_bytes": 2 * GIB, "metric": "nvidia-smi", "per_gpu": [2 * GIB, 0]}},
     "measured.per_gpu[2] must be more than 0"),
    ({"gpu": {"name": "RTX 4090", "count": 0}}, "GPU count (gpu.count)"),
])
def test_each_refusal_names_the_field(store: CatalogStore, change: dict[str, Any],
                                      words: str) -> None:
    result = read_records(json.dumps(record(**change)).encode(), store.catalog(), "run.json")
    assert not result.runs
    assert len(result.problems) == 1
    assert result.problems[0].startswith("run.json: ")
    assert words in result.problems[0], result.problems[0]


def test_runs_outlive_a_reseed_and_a_gpu_leaving_the_catalog(
        store: CatalogStore, tmp_path: Path, data: Path) -> None:
    read = read_files([write(tmp_path, "a.json", record()),
                       write(tmp_path, "b.json", record(gpu_name="RTX 3090", peak=19 * GIB))],
                      store.catalog())
    assert store.add_runs(read.runs) == 2
    store.close()
    (data / "VERSION").write_text("2026.02.01-1\n", encoding="utf-8")
    nvidia = data / "gpus" / "nvidia.toml"
    text = nvidia.read_text(encoding="utf-8")
    start = text.index('id = "nvidia-rtx-3090"')
    block_start = text.rfind("[[gpu]]", 0, start)
    block_end = text.find("[[gpu]]", start)
    nvidia.write_text(text[:block_start] + text[block_end:], encoding="utf-8")
    prices = data / "prices.toml"
    blocks = prices.read_text(encoding="utf-8").split("[[price]]")
    prices.write_text("[[price]]".join(b for b in blocks if "nvidia-rtx-3090" not in b),
                      encoding="utf-8")
    again = open_store(store.path, data_dir=data)
    try:
        assert again.catalog().gpu("nvidia-rtx-3090") is None
        assert len(again.run_records()) == 2  # both kept, the 3090's too
        current = again.measured_runs()
        assert [c.run.gpu_id for c in current.runs] == ["nvidia-rtx-4090"]
        assert len(current.problems) == 1 and "RTX 3090" in current.problems[0]
    finally:
        again.close()


def test_sharing_strips_notes_and_local_paths() -> None:
    run = record()
    run["workload"] = measure.workload(hf_config={"model_type": "llama",
                                                  "_name_or_path": "/home/alice/ckpt/llama-ft"})
    shared = shareable(run)
    assert shared["note"] == ""
    assert shared["workload"]["hf_config"]["_name_or_path"] == "llama-ft"
    assert run["note"] == "on host lab-7"  # the stored record is untouched
    hub = dict(run, workload=measure.workload(
        hf_config={"model_type": "llama", "_name_or_path": "meta-llama/Llama-3.1-8B"}))
    assert shareable(hub)["workload"]["hf_config"]["_name_or_path"] == "meta-llama/Llama-3.1-8B"
    kept = json.loads(export_text([run], keep_private=True))
    assert kept == [run]
