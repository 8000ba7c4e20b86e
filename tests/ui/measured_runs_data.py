"""Measured-run records a test imports: two QLoRA runs on an RTX 4090 with a known bias.

Shared by the Measured Runs window tests and the one-answer test for memory: both need runs
whose calibration moves an estimate by a known amount (1 GiB + 5 % over the formulas).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from planner import measure
from planner.core.estimator.setups import TrainingSetup
from planner.core.plan.build import TrackedWorkload, estimate_for

GIB = 1024**3


def tracked(catalog: Any, **setup: Any) -> TrackedWorkload:
    return TrackedWorkload(catalog.workload("llama-3.1-8b"), "train", training=TrainingSetup(
        precision="bf16", seq=512, qlora=True, **setup))


def write_runs(folder: Path, catalog: Any) -> list[Path]:
    """Two runs whose peaks are estimate + 1 GiB + 5 %, and one in MiB by mistake."""
    paths = []
    for name, batch, rank in (("a.json", 1, 8), ("b.json", 2, 64)):
        t = tracked(catalog, batch=batch, lora_rank=rank)
        total = estimate_for(t, 1).total_bytes
        work = measure.workload(model_id="llama-3.1-8b", precision="bf16", seq=512, qlora=True,
                                batch=batch, lora_rank=rank)
        run = measure.record(workload=work, gpu_name="NVIDIA GeForce RTX 4090", gpu_count=1,
                             peak_bytes=round(total + GIB + 0.05 * total), metric="nvidia-smi",
                             stack={"torch": "2.5.1", "cuda": "12.4", "driver": "550.54.15",
                                    "framework": "peft 0.13.2"},
                             when=f"2026-11-0{batch}T10:00:00Z", note="box under the desk")
        paths.append(folder / name)
        paths[-1].write_text(json.dumps(run), encoding="utf-8")
    bad = json.loads(paths[0].read_text(encoding="utf-8"))
    bad["measured"]["peak_bytes"] = 9_000
    paths.append(folder / "mib.json")
    paths[-1].write_text(json.dumps(bad), encoding="utf-8")
    return paths
