"""Fit each serving engine's step costs on the calibration rows of published_serving.json.

A decode step at one user is ``overhead + layers x per_layer + bytes / (bandwidth x efficiency)``
plus its link time. This searches a grid of physically possible values (efficiency 0.50-0.95,
overhead 0-30 ms, 0-2 ms a layer) for the one with the smallest mean |log(predicted/measured)|
over the engine's calibration rows only (validation rows are never read here): a robust fit,
so one odd row (a kernel that fell back to a slow path) does not drag every other. It prints
the three numbers to copy into planner/core/estimator/serving_engines.py.

    python tools/fit_serving.py
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

from planner.catalog.datafiles import load_catalog
from planner.core.estimator.links import gpu_link
from planner.core.estimator.serving import ServingSetup, decode_step, serving_memory
from planner.core.estimator.serving_engines import ENGINES

TABLE = Path(__file__).resolve().parents[1] / "tests" / "data" / "published_serving.json"


def setup_of(row: dict) -> ServingSetup:
    """The serving setup a published row states."""
    return ServingSetup(weights=row["weights"], kv=row["kv"], engine=row["engine"],
                        prompt=row.get("prompt", row.get("context", 1)),
                        output=row.get("output", 1), users=row.get("users"),
                        gpus=row["count"], split=row["split"],
                        fraction=row.get("gpu_memory_utilization"),
                        batched_tokens=row.get("profile_tokens"))


def best_fit(pts: list[tuple[float, float, int, float]]) -> tuple[float, float, float, float]:
    """The grid point with the smallest mean |log(predicted/measured)| step time.

    With fewer than three rows the per-layer term stays 0 (two rows fix two numbers at most).
    """
    best = (0.0, 0.0, 0.0, math.inf)
    for e in range(50, 96):
        eff = e / 100
        for o in range(0, 61):
            over = o * 0.0005
            for c in range(0, 41 if len(pts) >= 3 else 1):
                per_layer = c * 0.00005
                score = sum(abs(math.log((m / eff + link + over + per_layer * layers) / t))
                            for m, link, layers, t in pts) / len(pts)
                if score < best[3]:
                    best = (eff, over, per_layer, score)
    return best


def main() -> None:
    catalog = load_catalog()
    rows = json.loads(TABLE.read_text())["rows"]
    for eid, eng in ENGINES.items():
        cal = [r for r in rows if r["kind"] == "decode" and r["engine"] == eid
               and r["set"] == "calibration"]
        if len(cal) < 2:
            continue
        unit = replace(eng, bandwidth_efficiency=1.0, step_overhead_s=0.0, layer_overhead_s=0.0)
        pts = []
        for r in cal:
            w, gpu = catalog.workload(r["model"]), catalog.gpu(r["gpu"])
            s = setup_of(r)
            mem = serving_memory(w, replace(s, prompt=max(1, s.prompt)), gpu, r["count"])
            link = gpu_link(gpu, r["count"])
            st = decode_step(w, s, mem, gpu, r["count"], link, 1, unit)
            layers = w.decoder_layers or w.layers or 1
            pts.append((st.memory_s, st.link_s, layers, 1.0 / r["measured"]))
        eff, over, per_layer, score = best_fit(pts)
        print(f"{eid}: {len(cal)} calibration rows -> bandwidth_efficiency={eff:.2f}, "
              f"step_overhead_s={over:.4f}, layer_overhead_s={per_layer:.5f} "
              f"(mean |log error| {score:.3f})")
        print("   rows:", ", ".join(r["id"] for r in cal))


if __name__ == "__main__":
    main()
