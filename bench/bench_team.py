"""The team catalog at a lab's scale: open over a warm cache, and sync 1,000 changed rows.

Scale (issue 23): 50 members, 10,000 shared builds, 100,000 price records (1,000 team cards
with 100 dated quotes each). Targets: opening the catalog with the team's rows from the warm
local file (store, catalog, layers, Team Builds list; and, measured apart, the catalog the app
lists before its store opens) ≤ 1 s; a sync that takes 1,000 changed
rows from the server ≤ 2 s, on localhost.

Usage: python bench/bench_team.py [--runs 3]
       (starts a throwaway PostgreSQL cluster as tests/team does; Debian's postgresql needed)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MEMBERS, BUILDS, CARDS, QUOTES = 50, 10_000, 1_000, 100


def _card(n: int, version: int) -> dict[str, object]:
    prices = [{"amount": 1000.0 + n + q + version, "currency": "USD",
               "as_of": f"2026-{1 + q % 12:02d}-{1 + q % 28:02d}", "kind": "street",
               "region": "US", "source": f"vendor quote {q} for card {n}", "note": "",
               "kept_because": ""} for q in range(QUOTES)]
    return {"id": f"lab-card-{n:04d}", "vendor": "NVIDIA", "name": f"Lab card {n}",
            "architecture": "ada", "segment": "workstation", "form_factor": "pcie",
            "memory_gb": 48.0, "memory_type": "GDDR6", "memory_bandwidth_gbs": 960.0,
            "tdp_w": 300.0, "sources": ["the lab's inventory"], "prices": prices}


def populate(url: str) -> None:
    """Fill the team database: team cards with quotes, shared builds with history."""
    from sqlalchemy import create_engine, insert

    from planner.catalog.models import metadata
    from planner.catalog.seeding import gpu_columns
    from planner.catalog.team.connection import sqlalchemy_url

    gpus, builds = metadata.tables["gpus"], metadata.tables["shared_builds"]
    history = metadata.tables["shared_build_history"]
    document = (ROOT / "examples" / "entry-level.gpubuild").read_text(encoding="utf-8")
    engine = create_engine(sqlalchemy_url(url))
    with engine.begin() as con:
        rows = []
        for n in range(CARDS):
            record = _card(n, 0)
            rows.append({"id": record["id"], "origin": "team", "user_edited": False,
                         "position": n, "record": json.dumps(record), "bundled_record": None,
                         "team_record": None, "version": 1, "author": f"member{n % MEMBERS}",
                         "updated_at": "2026-12-01T10:00:00+00:00", "deleted": False,
                         **gpu_columns(record)})
        con.execute(insert(gpus), rows)
        stamp = {"author": "member0", "updated_at": "2026-12-01T10:00:00+00:00"}
        con.execute(insert(builds), [
            {"name": f"Build {n:05d}", "document": document, "format_version": 4,
             "version": 1, "deleted": False, **stamp, "author": f"member{n % MEMBERS}"}
            for n in range(BUILDS)])
        con.execute(insert(history), [
            {"name": f"Build {n:05d}", "version": 1, "document": document, **stamp}
            for n in range(BUILDS)])
    engine.dispose()


def change_cards(url: str, version: int) -> None:
    """Another member changes every team card (1,000 rows) on the server."""
    from sqlalchemy import create_engine, text

    from planner.catalog.team.connection import sqlalchemy_url

    engine = create_engine(sqlalchemy_url(url))
    with engine.begin() as con:
        for n in range(CARDS):
            con.execute(text("UPDATE gpus SET record = :r, version = version + 1 WHERE id = :i"),
                        {"r": json.dumps(_card(n, version)), "i": f"lab-card-{n:04d}"})
    engine.dispose()


def open_warm(path: Path) -> tuple[float, float]:
    """What the app does at start with a team set up, over the synced file: (wall, CPU) s."""
    from planner.catalog.store import open_store
    from planner.catalog.team import builds, outbox

    cpu = time.process_time()
    start = time.perf_counter()
    store = open_store(path)
    catalog = store.catalog()
    layers = store.layers()
    listed = builds.listed(store.engine)
    outbox.pending(store.engine)
    elapsed = time.perf_counter() - start, time.process_time() - cpu
    assert len(catalog.gpus) >= CARDS and len(layers) == len(catalog.gpus)
    assert len(listed) == BUILDS
    store.close()
    return elapsed


def first_paint_warm(path: Path) -> tuple[float, float]:
    """The app's catalog before its store opens (sqlite3 only, quick.read_current): (wall, CPU)."""
    from planner.catalog.quick import read_current
    from planner.paths import bundled_data_dir

    cpu = time.process_time()
    start = time.perf_counter()
    catalog = read_current(path, bundled_data_dir())
    elapsed = time.perf_counter() - start, time.process_time() - cpu
    assert catalog is not None and len(catalog.gpus) >= CARDS
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    from tests.team.pg_cluster import SUPERUSER, remove_cluster, start_cluster

    folder = Path(tempfile.mkdtemp(prefix="bench-team-"))
    os.environ["GPU_PLANNER_DATA_DIR"] = str(folder / "userdata")
    cluster = start_cluster()
    os.environ["PGPASSFILE"] = str(cluster.pgpass)
    try:
        cluster.create_database("lab")
        url = cluster.url(SUPERUSER, "lab")
        from planner.catalog.store import open_store
        from planner.catalog.team.sync import TeamSync

        path = folder / "catalog.sqlite"
        store = open_store(path)
        team = TeamSync(store.engine, url)
        team.check()  # creates the schema
        t = time.perf_counter()
        populate(url)
        print(f"populated: {CARDS} cards x {QUOTES} quotes = {CARDS * QUOTES:,} price records, "
              f"{BUILDS:,} shared builds, {MEMBERS} members ({time.perf_counter() - t:.1f} s)")
        t = time.perf_counter()
        first = team.sync()
        print(f"first sync (cold cache): {first.pulled:,} rows in {time.perf_counter() - t:.2f} s")
        opens, paints, syncs = [], [], []
        for run in range(args.runs):
            paints.append(first_paint_warm(path))
            opens.append(open_warm(path))
            change_cards(url, run + 1)
            t, c = time.perf_counter(), time.process_time()
            result = team.sync()
            syncs.append((time.perf_counter() - t, time.process_time() - c))
            assert result.pulled == CARDS, result
        team.close()
        store.close()
        for what, times, target in (("first paint's catalog (sqlite3 only), warm cache", paints,
                                     1),
                                    ("open with the team catalog, warm cache", opens, 1),
                                    (f"sync of {CARDS:,} changed rows", syncs, 2)):
            wall = statistics.median(t for t, _ in times)
            cpu = statistics.median(c for _, c in times)
            print(f"{what}: median {wall:.3f} s wall, {cpu:.3f} s CPU in this process "
                  f"(runs {', '.join(f'{t:.3f}' for t, _ in times)}; target <= {target} s; "
                  f"load average {os.getloadavg()[0]:.1f})")
    finally:
        remove_cluster(cluster)


if __name__ == "__main__":
    main()
