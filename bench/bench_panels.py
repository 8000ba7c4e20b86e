"""Edit-to-repaint latency of the build and the analysis panels (target: p95 <= 10 ms).

Builds a document of four variants (the first with 8 GPUs; the others with other counts of the
same cards) and 12 tracked workloads, shows the build canvas (variant tabs, totals, warnings
strip, cards) and the headroom, energy, comparison, workloads and compare-variants panels side by
side offscreen (``--panels compare``: the compare panel alone; ``--panels window``: the main
window as it opens, 1680×1050, its docks in their places and the bottom ones tabbed, so only
the panels a user sees are on screen), applies 200 edits (GPU count
changes and workload batch changes, alternating) and measures, for each edit, the time from
``document.apply`` to every panel repainted (the panels redraw on ``changed``; then pending
events are processed and each panel is repainted synchronously). Reported warm (the view
functions' memo caches as they are in use) and cold (caches cleared before every edit: every
estimate recomputed).

Run: QT_QPA_PLATFORM=offscreen python bench/bench_panels.py [--edits 200] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication, QGridLayout, QWidget

from planner.catalog.datafiles import DataFileError, load_catalog
from planner.core.costs.energy import Usage
from planner.core.costs.money import Rates
from planner.core.estimator.memory import InferenceSetup, TrainingSetup
from planner.core.plan.build import Build, BuildSlot, TrackedWorkload
from planner.core.plan.study import Study, Variant
from planner.core.records.specs import Catalog
from planner.core.views.headroom import clear_caches
from planner.ui.build_canvas import BuildCanvas
from planner.ui.document import BuildDocument
from planner.ui.panels.compare_variants import ComparePanel
from planner.ui.panels.comparison import ComparisonPanel
from planner.ui.panels.energy import EnergyPanel
from planner.ui.panels.headroom import HeadroomPanel
from planner.ui.panels.workloads import WorkloadsPanel

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "data"
RATES = Rates(cny_per_usd=7.1, cny_per_eur=7.8)


def load() -> tuple[Catalog, str]:
    """The shipped catalog, or the test fixture when the shipped one does not load."""
    try:
        return load_catalog(), "data/"
    except DataFileError as exc:
        return load_catalog(FIXTURES), f"tests/fixtures/data (data/ did not load: {exc})"


def make_build(catalog: Catalog) -> Build:
    """8 cards in 4 slots (a mixed build: every panel has the most to do) and 12 workloads."""
    nvidia = [g for g in catalog.gpus if g.vendor == "NVIDIA" and g.memory_gb >= 16]
    gpus = (nvidia or list(catalog.gpus))[:4]
    counts = [2] * len(gpus)
    counts[0] += 8 - sum(counts)
    slots = tuple(BuildSlot(g, c) for g, c in zip(gpus, counts, strict=True))
    transformers = [w for w in catalog.workloads if w.is_transformer and w.hidden]
    others = [w for w in catalog.workloads if not w.is_transformer]
    pool = (transformers[:3] + others[:1]) or list(catalog.workloads)[:4]
    tracked: list[TrackedWorkload] = []
    i = 0
    while len(tracked) < 12:
        w = pool[i % len(pool)]
        variant = i // len(pool)
        if variant == 1 and w.family in ("decoder", "encoder-decoder"):
            tracked.append(TrackedWorkload(w, "inference",
                                           inference=InferenceSetup(batch=4, seq=4096)))
        else:
            tracked.append(TrackedWorkload(w, "train", training=TrainingSetup(
                batch=2 + variant * 4, seq=1024 if w.is_transformer and w.family != "vit"
                else None, checkpointing=variant == 2)))
        i += 1
    return Build(name="bench", slots=slots, workloads=tuple(tracked),
                 usage=Usage(hours_per_day=10, utilization=0.8))


def make_study(build: Build) -> Study:
    """Four variants: the build, then one card of each slot, two of each, three of each."""
    others = tuple(Variant(f"{n} of each", tuple(replace(s, count=n) for s in build.slots))
                   for n in (1, 2, 3))
    return replace(Study.of(build, "bench"), variants=(Study.of(build, "bench").variant,
                                                       *others))


def edit(build: Build, k: int) -> Build:
    """The k-th edit: even k change slot 0's count, odd k change one workload's batch."""
    if k % 2 == 0:
        return build.with_count(0, 1 + (k // 2) % 3)  # 7..9 cards
    index = (k // 2) % len(build.workloads)
    t = build.workloads[index]
    batch = 1 + (k * 7) % 48
    if t.task == "inference":
        return build.with_workload(index, replace(t, inference=replace(t.inference, batch=batch)))
    return build.with_workload(index, replace(t, training=replace(t.training, batch=batch)))


def main_window(document: BuildDocument) -> QWidget:
    """The app's main window on ``document``, with its panels in their docks, as it opens.

    A profile of its own (a temporary folder) keeps the bench from reading or saving the user's
    window layout.
    """
    import tempfile

    os.environ["GPU_PLANNER_DATA_DIR"] = tempfile.mkdtemp(prefix="bench-panels-")
    from planner.ui.main_window import MainWindow

    window = MainWindow(document)
    window.load_panels()
    window.resize(1680, 1050)
    return window


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


def summary(ms: list[float]) -> dict[str, float]:
    """p50, p95 and max of a series of milliseconds."""
    return {"p50_ms": round(statistics.median(ms), 2), "p95_ms": round(percentile(ms, 95), 2),
            "max_ms": round(max(ms), 2), "edits": len(ms)}


def run(edits: int, cold: bool, app: QApplication, document: BuildDocument,
        panels: list[QWidget]) -> list[float]:
    """Milliseconds from apply to all panels repainted, per edit."""
    base = document.build
    out = []
    for k in range(edits):
        new = edit(document.build, k)
        if new == document.build:
            new = edit(base, k + 1)
        if cold:
            clear_caches()
        start = time.perf_counter()
        document.apply(new, f"edit {k}")  # panels recompute and schedule their repaints
        app.processEvents()  # layouts and the paint of every changed region happen here
        out.append((time.perf_counter() - start) * 1000)
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print p50/p95/max per mode."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--panels", choices=("all", "compare", "window"), default="all")
    args = parser.parse_args(argv)

    app = QApplication.instance() or QApplication(sys.argv)
    catalog, source = load()
    document = BuildDocument(catalog, make_study(make_build(catalog)))
    window: QWidget
    panels: list[QWidget] = []
    if args.panels == "window":
        window = main_window(document)
    else:
        window = QWidget()
        grid = QGridLayout(window)
        panels = [ComparePanel(document, rates=RATES)]
        if args.panels == "all":
            panels = [HeadroomPanel(document), EnergyPanel(document, rates=RATES),
                      ComparisonPanel(document, rates=RATES), WorkloadsPanel(document),
                      *panels, BuildCanvas(document)]
        for i, panel in enumerate(panels):
            grid.addWidget(panel, i // 2, i % 2)
        window.resize(1800, 1500)
    window.show()
    app.processEvents()
    run(10, False, app, document, panels)  # warm-up: first paints, font caches
    results = {}
    for mode in ("warm", "cold"):
        ms = run(args.edits, mode == "cold", app, document, panels)
        results[mode] = summary(ms)
        results[f"{mode}_count_edits"] = summary(ms[0::2])
        results[f"{mode}_batch_edits"] = summary(ms[1::2])
    report = {"catalog": source, "panels": args.panels,
              "variants": len(document.study.variants), "gpus": document.build.gpu_count,
              "slots": len(document.build.slots), "workloads": len(document.build.workloads),
              "catalog_gpus": len(catalog.gpus), "catalog_workloads": len(catalog.workloads),
              **results}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"catalog: {source}")
        print(f"build: {report['variants']} variants, the shown one {report['gpus']} GPUs in "
              f"{report['slots']} slots, {report['workloads']} workloads; panels: "
              f"{args.panels}")
        for mode in [m + s for m in ("warm", "cold") for s in ("", "_count_edits",
                                                              "_batch_edits")]:
            r = results[mode]
            print(f"{mode:>17}: p50 {r['p50_ms']:.2f} ms  p95 {r['p95_ms']:.2f} ms  "
                  f"max {r['max_ms']:.2f} ms  ({r['edits']} edits, apply -> all repainted)")
    document.undo_stack.setClean()  # the main window would ask whether to save the edits
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
