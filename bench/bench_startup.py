"""Start-up: time until the main window is first painted, against a bare PySide6 QMainWindow.

Each run is a fresh process (the interpreter, imports and Qt all start cold, as for a user) and is
timed from the parent: from spawning it to reading the line it prints from its first paint. The
app also reports when its catalog is listed ("catalog") and when the analysis panels are in too
("ready"). Targets: first paint ≤ 1.5× bare (medians, same run); catalog ≤ 0.6 s after the first
paint (median of each run's difference).

Usage: python bench/bench_startup.py [--runs 10]   (uses $DISPLAY with xcb, else offscreen)

Frozen variant: ``--frozen dist/gpu-planner/gpu-planner --frozen-bare HELLO`` times the frozen app
against a frozen bare window (bench/bench_bundle.py builds both with the same PyInstaller).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
APP_MARKS = ("painted", "catalog", "ready")

BARE = r"""
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

def painted():
    print("painted", flush=True)
    app.quit()

class FirstPaint(QObject):
    # Reported as the app reports it (planner.ui.probe.FirstPaint): from the next event-loop
    # turn after the first paint event, once the window's painting is done.
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            obj.removeEventFilter(self)
            QTimer.singleShot(0, painted)
        return False

app = QApplication([])
window = QMainWindow()
window.setWindowTitle("bare")
window.resize(1400, 880)
f = FirstPaint()
window.installEventFilter(f)
window.show()
app.exec()
"""


def _run(cmd: list[str], env: dict[str, str], marks: tuple[str, ...]) -> dict[str, float]:
    """Spawn, and time each marker line from spawn; kill if it hangs."""
    times: dict[str, float] = {}
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, cwd=ROOT)
    assert proc.stdout is not None
    for line in proc.stdout:
        word = line.split(" ", 1)[0].strip()
        if word in marks and word not in times:
            times[word] = time.perf_counter() - t0
        if len(times) == len(marks):
            break
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
    if len(times) != len(marks):
        raise RuntimeError(f"{cmd} did not print {marks}")
    return times


def _stats(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(values) * 1000:7.1f} ms   p95 {p95 * 1000:7.1f} ms"


def frozen_times(app: Path, bare: Path, runs: int, env: dict[str, str]) -> dict[str, Any]:
    """Time a frozen app against a frozen bare window: first paint, and the app's ready."""
    with tempfile.TemporaryDirectory() as data:
        app_env = {**env, "GPU_PLANNER_DATA_DIR": data, "GPU_PLANNER_STARTUP_PROBE": "ready"}
        cold = _run([str(app)], app_env, APP_MARKS)  # first start seeds the database
        _run([str(bare)], env, ("painted",))
        times: dict[str, Any] = {"bare": [], "painted": [], "catalog": [], "ready": [],
                                 "cold": cold}
        for _ in range(runs):  # interleaved, so machine noise hits both sides alike
            times["bare"].append(_run([str(bare)], env, ("painted",))["painted"])
            t = _run([str(app)], app_env, APP_MARKS)
            for mark in APP_MARKS:
                times[mark].append(t[mark])
    return times


def _after(times: dict[str, Any], mark: str) -> list[float]:
    return [m - p for m, p in zip(times[mark], times["painted"], strict=True)]


def _print_after_paint(times: dict[str, Any]) -> float:
    """Print when the catalog and the panels arrived, from each run's first paint."""
    print(f"  catalog listed            {_stats(times['catalog'])}")
    print(f"  panels in (ready)         {_stats(times['ready'])}")
    catalog = _after(times, "catalog")
    print(f"  catalog after first paint {_stats(catalog)}   (target median ≤ 600 ms)")
    print(f"  ready after first paint   {_stats(_after(times, 'ready'))}")
    return statistics.median(catalog)


def report_frozen(times: dict[str, Any], runs: int, platform: str) -> float:
    """Print the frozen comparison; returns the painted/bare ratio of medians."""
    print(f"frozen, platform {platform}, {runs} runs each, fresh process per run")
    print(f"bare PySide6 bundle painted {_stats(times['bare'])}")
    print(f"GPU Build Planner painted   {_stats(times['painted'])}")
    _print_after_paint(times)
    cold = times["cold"]
    print(f"  first start (new database): painted {cold['painted'] * 1000:.0f} ms, "
          f"ready {cold['ready'] * 1000:.0f} ms")
    ratio = statistics.median(times["painted"]) / statistics.median(times["bare"])
    print(f"ratio painted/bare (median) {ratio:.2f}  (target ≤ 1.5)")
    return ratio


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--frozen", type=Path, help="a frozen app to time instead of the source")
    parser.add_argument("--frozen-bare", type=Path, help="the frozen bare window to compare with")
    args = parser.parse_args()
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "xcb" if env.get("DISPLAY") else "offscreen")
    if args.frozen or args.frozen_bare:
        if not (args.frozen and args.frozen_bare):
            parser.error("--frozen and --frozen-bare go together")
        times = frozen_times(args.frozen, args.frozen_bare, args.runs, env)
        return 0 if report_frozen(times, args.runs, env["QT_QPA_PLATFORM"]) <= 1.5 else 1
    # Measure the app as it ships: pip and PyInstaller install compiled bytecode. A checkout run
    # with PYTHONDONTWRITEBYTECODE=1 (as on our CI machines) would otherwise compile every module
    # of ours on every start, a cost no user pays (and the bare window has no modules to compile).
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "planner")], check=True)
    with tempfile.TemporaryDirectory() as data:
        app_env = {**env, "GPU_PLANNER_DATA_DIR": data, "GPU_PLANNER_STARTUP_PROBE": "ready"}
        app_cmd = [sys.executable, "-m", "planner"]
        bare_cmd = [sys.executable, "-c", BARE]
        cold = _run(app_cmd, app_env, APP_MARKS)  # first start seeds the database
        _run(bare_cmd, env, ("painted",))  # warm the OS file cache for both alike
        # What the package costs before any shell code runs (planner/__init__, the CLI module).
        package_cmd = [sys.executable, "-c", "import planner.cli\n" + BARE]
        # What any real PySide6 app pays and the bare window does not: the first use of the
        # ``Qt`` namespace builds all of its ~150 enums as Python enums (~40 ms here).
        enums_cmd = [sys.executable, "-c", "from PySide6.QtCore import Qt\n" + BARE]
        bare, package, enums = [], [], []
        times: dict[str, Any] = {mark: [] for mark in APP_MARKS}
        for _ in range(args.runs):  # interleaved, so machine noise hits both sides alike
            bare.append(_run(bare_cmd, env, ("painted",))["painted"])
            package.append(_run(package_cmd, env, ("painted",))["painted"])
            enums.append(_run(enums_cmd, env, ("painted",))["painted"])
            t = _run(app_cmd, app_env, APP_MARKS)
            for mark in APP_MARKS:
                times[mark].append(t[mark])
    print(f"platform {env['QT_QPA_PLATFORM']}, {args.runs} runs each, fresh process per run, "
          f"load average {os.getloadavg()[0]:.2f} at the end")
    print(f"bare QMainWindow painted    {_stats(bare)}")
    print(f"bare + import planner.cli   {_stats(package)}")
    print(f"bare + Qt namespace enums   {_stats(enums)}")
    print(f"GPU Build Planner painted   {_stats(times['painted'])}")
    catalog = _print_after_paint(times)
    print(f"  first start (new database): painted {cold['painted'] * 1000:.0f} ms, "
          f"catalog {cold['catalog'] * 1000:.0f} ms, ready {cold['ready'] * 1000:.0f} ms")
    ratio = statistics.median(times["painted"]) / statistics.median(bare)
    print(f"ratio painted/bare (median) {ratio:.2f}  (target ≤ 1.5)")
    return 0 if ratio <= 1.5 and catalog <= 0.6 else 1


if __name__ == "__main__":
    sys.exit(main())
