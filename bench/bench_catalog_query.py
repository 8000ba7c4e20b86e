"""Time CatalogStore.search_gpus over the full catalog, and opening the store.

Run: /work/venv/bin/python bench/bench_catalog_query.py [--calls 2000]
Target: <= 5 ms per query (p95). Uses a throw-away database folder, never the real one.
If the real data/ does not validate yet, the real GPU files are used with the test fixtures'
workloads so the GPU search still covers the full GPU catalog (the reason is printed).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from planner.catalog.datafiles import check_data_dir  # noqa: E402
from planner.catalog.store import open_store  # noqa: E402
from planner.core.records.specs import GpuSpec  # noqa: E402
from planner.paths import bundled_data_dir  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "data"

QUERIES: list[tuple[str, dict[str, object]]] = [
    ("no filter", {}),
    ("text 'rtx 4090'", {"text": "rtx 4090"}),
    ("text '80gb h100'", {"text": "80gb h100"}),
    ("vendor=NVIDIA", {"vendor": "NVIDIA"}),
    ("arch=ampere", {"architecture": "ampere"}),
    (">=24 GB", {"min_memory_gb": 24}),
    ("<=$2000", {"max_price_usd": 2000}),
    ("<=350 W", {"max_power_w": 350}),
    ("all filters", {"text": "geforce", "vendor": "nvidia", "min_memory_gb": 16,
                     "max_price_usd": 2500, "max_power_w": 450}),
]


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def data_dir(tmp: Path) -> Path:
    real = bundled_data_dir()
    problems = check_data_dir(real)
    if not problems:
        return real
    print(f"note: real data/ does not validate yet ({problems[0]}); using the real GPU files "
          "with the fixture workloads and profiles")
    target = tmp / "data"
    shutil.copytree(real, target)
    for name in ("workloads.toml", "activation_profiles.toml"):
        shutil.copy(FIXTURES / name, target / name)
    remaining = check_data_dir(target)
    if remaining:
        raise SystemExit(f"data still invalid: {remaining[0]}")
    return target


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=2000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        os.environ["GPU_PLANNER_DATA_DIR"] = str(tmp / "user")
        data = data_dir(tmp)
        db = tmp / "user" / "catalog.sqlite"

        start = time.perf_counter()
        store = open_store(db, data_dir=data)
        first_open = (time.perf_counter() - start) * 1000
        store.catalog()
        store.close()
        opens = []
        for _ in range(20):
            start = time.perf_counter()
            store = open_store(db, data_dir=data)
            store.catalog()
            opens.append((time.perf_counter() - start) * 1000)
            store.close()

        store = open_store(db, data_dir=data)
        catalog = store.catalog()
        print(f"catalog {catalog.version}: {len(catalog.gpus)} GPUs, "
              f"{len(catalog.workloads)} workloads")
        print(f"open_store, first start (create + migrate + seed): {first_open:8.1f} ms")
        print(f"open_store + catalog(), already seeded: p50 {statistics.median(opens):6.2f} ms"
              f"  p95 {percentile(opens, 0.95):6.2f} ms")
        print(f"{'query':<20} {'hits':>5} {'p50 ms':>9} {'p95 ms':>9}  ({args.calls} calls)")
        worst = 0.0
        for label, kwargs in QUERIES:
            samples = []
            hits = 0
            for _ in range(args.calls):
                start = time.perf_counter()
                hits = len(store.search_gpus(**kwargs))  # type: ignore[arg-type]
                samples.append((time.perf_counter() - start) * 1000)
            p95 = percentile(samples, 0.95)
            worst = max(worst, p95)
            print(f"{label:<20} {hits:>5} {statistics.median(samples):9.4f} {p95:9.4f}")

        # after a write the cache is rebuilt from the database on the next read
        spec = catalog.gpus[0]
        rebuilds = []
        for n in range(50):
            store.add_user_gpu(GpuSpec(**{**{f: getattr(spec, f) for f in spec.__slots__},
                                          "id": f"bench-{n}", "custom": False}))
            start = time.perf_counter()
            store.search_gpus("rtx")
            rebuilds.append((time.perf_counter() - start) * 1000)
        print(f"first search after a write (cache rebuild): p50 {statistics.median(rebuilds):.2f}"
              f" ms  p95 {percentile(rebuilds, 0.95):.2f} ms")
        store.close()
        print(f"worst query p95 {worst:.4f} ms: {'OK' if worst <= 5 else 'OVER'} (target 5 ms)")


if __name__ == "__main__":
    main()
