"""The longest event-loop stall while saving a 16-slot build and printing a 4-variant sheet.

Issue 18: saves, exports and the PDF sheet ran on the GUI thread, so the window froze for as long
as they took. A 1 ms timer records the gaps between its ticks while the app's own Save and Export
PDF run (now off the GUI thread, planner/ui/jobs.py); the same work called directly on the GUI
thread is timed beside it for comparison. Target: no stall above 50 ms.

    QT_QPA_PLATFORM=offscreen python bench/bench_event_loop.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from bench_documents import big_build  # noqa: E402
from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QFileDialog  # noqa: E402

TARGET_MS = 50.0


class StallMeter:
    """Gaps between ticks of a 1 ms timer: the longest is how long the loop could not run."""

    def __init__(self) -> None:
        self.last = time.perf_counter()
        self.longest = 0.0
        self.timer = QTimer()
        self.timer.setInterval(1)
        self.timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        now = time.perf_counter()
        self.longest = max(self.longest, now - self.last)
        self.last = now

    def start(self) -> None:
        self.last, self.longest = time.perf_counter(), 0.0
        self.timer.start()

    def stop(self) -> float:
        self.timer.stop()
        return self.longest * 1000


def _wait(app: QApplication, done: object, timeout: float = 60.0) -> None:
    end = time.perf_counter() + timeout
    while not done() and time.perf_counter() < end:  # type: ignore[operator]
        app.processEvents()
        time.sleep(0.0005)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    app = QApplication([])
    from planner.catalog.datafiles import load_catalog
    from planner.catalog.rates import load_rates
    from planner.core.plan.study import Study, Variant
    from planner.documents import load_document, save_document
    from planner.report import write_pdf
    from planner.ui import report_actions
    from planner.ui.main_window import MainWindow

    catalog = load_catalog()
    build = big_build(catalog)
    base = Study.of(build)
    slots = build.slots
    study = replace(base, variants=tuple(Variant(f"Variant {i + 1}", slots[i * 4:(i + 1) * 4])
                                         for i in range(4)))
    with tempfile.TemporaryDirectory() as folder:
        os.environ["GPU_PLANNER_DATA_DIR"] = str(Path(folder) / "home")
        from planner.catalog.store import open_store

        store = open_store(Path(folder) / "catalog.sqlite")
        window = MainWindow()
        window.set_store(store)
        window.load_panels()
        window.resize(1400, 900)
        window.show()
        window.document.apply_study(study, "bench")
        path = Path(folder) / "bench.gpubuild"
        pdf = Path(folder) / "bench.pdf"
        QFileDialog.getSaveFileName = staticmethod(lambda *a, **k: (str(pdf), ""))  # type: ignore
        meter = StallMeter()
        results: dict[str, list[float]] = {"save (app)": [], "export PDF (app)": [],
                                           "save on GUI thread": [],
                                           "sheet on GUI thread": []}
        for run in range(args.runs + 1):  # run 0 warms imports and fonts, and is not counted
            meter.start()
            window.files._write(path)
            _wait(app, lambda: True)
            results["save (app)"].append(meter.stop())

            pdf.unlink(missing_ok=True)
            meter.start()
            report_actions.export_pdf(window, window.document)
            _wait(app, pdf.exists)
            _wait(app, lambda: False, timeout=0.05)  # the job's end arrives on the loop
            results["export PDF (app)"].append(meter.stop())

            meter.start()
            save_document(window.document.study, path)
            app.processEvents()
            results["save on GUI thread"].append(meter.stop())

            meter.start()
            write_pdf(load_document(path), pdf, catalog, load_rates())
            app.processEvents()
            results["sheet on GUI thread"].append(meter.stop())
            if run == 0:
                for stalls in results.values():
                    stalls.clear()
        window.document.undo_stack.setClean()
        window.close()
        store.close()
    print(f"longest event-loop stall, ms (16 slots, 4 variants, {args.runs} runs; "
          f"target ≤ {TARGET_MS:.0f})")
    for name, stalls in results.items():
        median = sorted(stalls)[len(stalls) // 2]
        print(f"  {name:24s} worst {max(stalls):7.1f}   median {median:7.1f}")
    worst = max(max(results["save (app)"]), max(results["export PDF (app)"]))
    return 0 if worst <= TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
