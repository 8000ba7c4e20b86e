"""Open and save a 16-slot build with 12 workloads: p50/p95 over 200 runs (target ≤ 20 ms each).

Uses the real bundled catalog (16 distinct GPUs, 12 distinct models) so snapshot sizes are real.
"Open" is ``load_document`` with the catalog (read, parse, check, build records, compare with the
catalog); "save" is ``save_document`` (serialise, re-check, write, fsync, rename).

    python bench/bench_documents.py [--runs 200] [--data DIR]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from planner.catalog.datafiles import load_catalog
from planner.core.build import Build, BuildSlot, TrackedWorkload
from planner.core.energy import Usage
from planner.core.memory import InferenceSetup, TrainingSetup
from planner.core.specs import Catalog
from planner.documents import dumps_document, load_document, save_document

TARGET_MS = 20.0


def big_build(catalog: Catalog) -> Build:
    gpus = catalog.gpus[:16]
    models = catalog.workloads[:12]
    return Build(
        name="Benchmark build",
        notes="Sixteen GPU models, twelve workloads.\n" * 20,
        slots=tuple(BuildSlot(g, 1 + i % 8) for i, g in enumerate(gpus)),
        workloads=tuple(
            TrackedWorkload(w, "train" if i % 2 else "inference",
                            TrainingSetup(batch=8, seq=w.default_seq),
                            InferenceSetup(batch=4, seq=w.default_seq))
            for i, w in enumerate(models)),
        usage=Usage(hours_per_day=12.0, utilization=0.8),
    )


def measure(action: Callable[[], object], runs: int) -> tuple[float, float]:
    for _ in range(5):  # warm caches and imports
        action()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(0.95 * len(times)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--data", type=Path, help="catalog data folder (default: bundled)")
    parser.add_argument("--folder", type=Path, help="where to save (default: a temp folder)")
    args = parser.parse_args(argv)
    catalog = load_catalog(args.data)
    build = big_build(catalog)
    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        path = Path(folder) / "bench.gpubuild"
        save_document(build, path, catalog_version=catalog.version)
        size = path.stat().st_size
        assert load_document(path, catalog).build == build
        results = {
            "open": measure(lambda: load_document(path, catalog), args.runs),
            "save": measure(lambda: save_document(build, path), args.runs),
            # The part of a save that is ours rather than the disk's (two fsyncs and a rename).
            "serialise": measure(lambda: dumps_document(build), args.runs),
        }
    print(f"16 slots ({build.gpu_count} GPUs), {len(build.workloads)} workloads, "
          f"{size / 1024:.1f} KiB, {args.runs} runs")
    ok = True
    for name, (p50, p95) in results.items():
        verdict = "ok" if p95 <= TARGET_MS else "OVER TARGET"
        ok = ok and p95 <= TARGET_MS
        print(f"{name:<9} p50 {p50:6.2f} ms   p95 {p95:6.2f} ms   (target ≤ {TARGET_MS:.0f} ms: "
              f"{verdict})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
