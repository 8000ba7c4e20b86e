"""Start-up: time until the main window is first painted, against a bare PySide6 QMainWindow.

Each run is a fresh process (the interpreter, imports and Qt all start cold, as for a user) and is
timed from the parent: from spawning it to reading the line it prints from its first paint. The
app also reports when its catalog is listed ("catalog"), when the analysis panels on screen are
in too ("ready": the whole window usable; a panel behind another tab is made when first raised)
and when its catalog store is open ("store": editing the catalog works; it opens after the
panels, so it is reported, not a target).

Beside the bare window it times the same window with the ``Qt`` namespace used before the paint,
and the app's frame (docks, menus, tool bar, status bar at the app's size) built in plain PySide6
with nothing of the app's own: the floor under the app's first paint. Warm runs share a profile
whose first start ended by closing the window, as a user's does, so they start with a saved
layout; first starts (a new profile each) place the docks themselves, which costs the ``Qt``
namespace (see planner/ui/panel_frames.py), and their ratio is printed too.

Targets (issue 24; medians of fresh processes, the bare window and the app interleaved in the same
run): first paint ≤ 1.3× the bare window's; all panels ready ≤ 0.8 s after the bare window's
paint; a first start with a new profile (an empty data folder) ≤ 1 s to the whole window.

Usage: python bench/bench_startup.py [--runs 10] [--cold-runs 5]
       (uses $DISPLAY with xcb, else offscreen)

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
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
APP_MARKS = ("painted", "catalog", "ready")
OPTIONAL_MARKS = ("store",)  # the app before issue 24 did not print it
PAINT_RATIO, READY_AFTER_BARE_S, COLD_FULL_WINDOW_S = 1.3, 0.8, 1.0

BARE = r"""
import time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

def painted():
    print(f"painted - cpu {time.process_time():.4f}", flush=True)
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
window.resize(1200, 800)
f = FirstPaint()
window.installEventFilter(f)
window.show()
app.exec()
"""


# The app's frame as plain PySide6 code would build it, and nothing of the app's own: a window of
# the app's size (92 % of the screen, at most 1680×1050) with its seven docks (five tabbed along
# the bottom), five menus of 20 actions, a tool bar of seven SVG icons with their text beside
# them, a status bar and the window icon. What any PySide6 window of this frame costs: the floor
# under the app's first paint.
FRAME = BARE.replace("window.resize(1200, 800)\n", f"""
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QIcon
from PySide6.QtWidgets import QDockWidget, QLabel, QWidget
icons = {str(ROOT / "resources" / "icons")!r}
app.setWindowIcon(QIcon(icons + "/app.svg"))
window.setCentralWidget(QWidget())
area = Qt.DockWidgetArea
docks = [QDockWidget(f"Dock {{i}}", window) for i in range(7)]
for dock, where in zip(docks, [area.LeftDockWidgetArea, area.RightDockWidgetArea]
                       + [area.BottomDockWidgetArea] * 5):
    dock.setWidget(QWidget())
    window.addDockWidget(where, dock)
for first, second in zip(docks[2:], docks[3:]):
    window.tabifyDockWidget(first, second)
tools = window.addToolBar("Main")
tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
names = ("document-new", "document-open", "document-save", "edit-undo", "edit-redo",
         "document-print", "recommend")
menus = [window.menuBar().addMenu(t) for t in ("File", "Edit", "View", "Tools", "Help")]
for i in range(20):
    action = QAction(f"Action {{i}}", window)
    if i < len(names):
        action.setIcon(QIcon(f"{{icons}}/{{names[i]}}.svg"))
        tools.addAction(action)
    menus[i % 5].addAction(action)
window.statusBar().addPermanentWidget(QLabel("status"))
screen = window.screen().availableGeometry()
window.resize(min(1680, round(screen.width() * 0.92)), min(1050, round(screen.height() * 0.92)))
""")


def _run(cmd: list[str], env: dict[str, str], marks: tuple[str, ...],
         optional: tuple[str, ...] = ()) -> dict[str, float]:
    """Spawn, and time each marker line from spawn; kill if it hangs."""
    times: dict[str, float] = {}
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, cwd=ROOT)
    assert proc.stdout is not None
    for line in proc.stdout:
        fields = line.split()
        word = fields[0] if fields else ""
        if word in marks + optional and word not in times:
            times[word] = time.perf_counter() - t0
            if "cpu" in fields[:-1]:  # the CPU time the process had used by then
                times[f"{word}_cpu"] = float(fields[fields.index("cpu") + 1])
        if all(m in times for m in marks + optional):
            break
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
    if any(m not in times for m in marks):
        raise RuntimeError(f"{cmd} did not print {marks}")
    return times


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _stats(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(values) * 1000:7.1f} ms   p95 {p95 * 1000:7.1f} ms"


def _load() -> str:
    load = os.getloadavg()
    return f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores"


def measure(app_cmd: list[str], bare_cmd: list[str], runs: int, cold_runs: int,
            env: dict[str, str], extras: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """Interleaved runs: bare window, extras, the app warm; then first starts with new profiles.

    Warm: one profile folder, created by a first start before timing. Cold: each run a new empty
    profile folder (no database, no settings), interleaved with bare runs as well.
    """
    extras = extras or {}
    times: dict[str, Any] = {"bare": [], **{k: [] for k in extras},
                             **{m: [] for m in APP_MARKS + OPTIONAL_MARKS},
                             **{f"cold_{m}": [] for m in APP_MARKS + OPTIONAL_MARKS},
                             "cold_bare": []}

    def app_env(folder: str) -> dict[str, str]:
        return {**env, "GPU_PLANNER_DATA_DIR": folder, "GPU_PLANNER_STARTUP_PROBE": "ready"}

    def keep(prefix: str, t: dict[str, float]) -> None:
        for mark, value in t.items():
            times.setdefault(prefix + mark, []).append(value)

    with tempfile.TemporaryDirectory() as data:
        _run(app_cmd, app_env(data), APP_MARKS, OPTIONAL_MARKS)  # the profile's first start
        _run(bare_cmd, env, ("painted",))  # warm the OS file cache for both alike
        for _ in range(runs):  # interleaved, so machine noise hits both sides alike
            bare = _run(bare_cmd, env, ("painted",))
            times["bare"].append(bare["painted"])
            if "painted_cpu" in bare:
                times.setdefault("bare_cpu", []).append(bare["painted_cpu"])
            for name, cmd in extras.items():
                times[name].append(_run(cmd, env, ("painted",))["painted"])
            keep("", _run(app_cmd, app_env(data), APP_MARKS, OPTIONAL_MARKS))
    for _ in range(cold_runs):
        times["cold_bare"].append(_run(bare_cmd, env, ("painted",))["painted"])
        with tempfile.TemporaryDirectory() as fresh:
            keep("cold_", _run(app_cmd, app_env(fresh), APP_MARKS, OPTIONAL_MARKS))
    return times


def frozen_times(app: Path, bare: Path, runs: int, env: dict[str, str],
                 cold_runs: int = 5) -> dict[str, Any]:
    """Time a frozen app against a frozen bare window: first paint, and the app's ready."""
    return measure([str(app)], [str(bare)], runs, cold_runs, env)


def _after(times: dict[str, Any], mark: str, base: str = "painted") -> list[float]:
    return [m - p for m, p in zip(times[mark], times[base], strict=True)]


def report(times: dict[str, Any], heading: str, say: Callable[[str], None] = print) -> bool:
    """Print the comparison; True when every target is met."""
    say(heading)
    bare = _median(times["bare"])
    say(f"bare QMainWindow painted    {_stats(times['bare'])}")
    for name in times:
        if name.startswith("bare +"):
            say(f"{name:<27} {_stats(times[name])}")
    say(f"GPU Build Planner painted   {_stats(times['painted'])}")
    say(f"  catalog listed            {_stats(times['catalog'])}")
    say(f"  panels in (ready)         {_stats(times['ready'])}")
    if times["store"]:
        say(f"  catalog store open        {_stats(times['store'])}")
    say(f"  catalog after first paint {_stats(_after(times, 'catalog'))}")
    say(f"  ready after first paint   {_stats(_after(times, 'ready'))}")
    ratio = _median(times["painted"]) / bare
    ready_after_bare = _median(times["ready"]) - bare
    cold_bare = _median(times["cold_bare"])
    cold_ratio = _median(times["cold_painted"]) / cold_bare
    cold_ready = _median(times["cold_ready"])
    say(f"first start, new profile ({len(times['cold_ready'])} runs, bare median "
        f"{cold_bare * 1000:.0f} ms in the same runs):")
    for mark in APP_MARKS + OPTIONAL_MARKS:
        if times[f"cold_{mark}"]:
            say(f"  {mark:<24}  {_stats(times[f'cold_{mark}'])}")
    if times.get("bare_cpu") and times.get("painted_cpu"):
        # CPU time used by then (all threads): a machine busy with other work stretches it far
        # less than the wall-clock times above, so it shows what the process itself spent.
        cpu_bare = _median(times["bare_cpu"])
        cpu = {m: _median(times.get(f"{m}_cpu", [])) for m in APP_MARKS + OPTIONAL_MARKS}
        say(f"CPU time used: bare window at its paint {cpu_bare * 1000:.0f} ms; app at paint "
            f"{cpu['painted'] * 1000:.0f} ms ({cpu['painted'] / cpu_bare:.2f}x), catalog "
            f"{cpu['catalog'] * 1000:.0f} ms, ready {cpu['ready'] * 1000:.0f} ms (bare + "
            f"{(cpu['ready'] - cpu_bare) * 1000:.0f} ms), store {cpu['store'] * 1000:.0f} ms")
    say(f"ratio painted/bare (median)        {ratio:.2f}   (target ≤ {PAINT_RATIO}; a first "
        f"start: {cold_ratio:.2f})")
    say(f"ready after the bare window's paint {ready_after_bare * 1000:.0f} ms   "
        f"(target ≤ {READY_AFTER_BARE_S * 1000:.0f} ms)")
    say(f"first start: whole window at        {cold_ready * 1000:.0f} ms   "
        f"(target ≤ {COLD_FULL_WINDOW_S * 1000:.0f} ms)")
    say(_load())
    return (ratio <= PAINT_RATIO and ready_after_bare <= READY_AFTER_BARE_S
            and cold_ready <= COLD_FULL_WINDOW_S)


def report_frozen(times: dict[str, Any], runs: int, platform: str) -> bool:
    """Print the frozen comparison; True when every target is met."""
    return report(times, f"frozen, platform {platform}, {runs} runs each, fresh process per run")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--cold-runs", type=int, default=5,
                        help="first starts, each with a new empty profile folder")
    parser.add_argument("--frozen", type=Path, help="a frozen app to time instead of the source")
    parser.add_argument("--frozen-bare", type=Path, help="the frozen bare window to compare with")
    args = parser.parse_args()
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "xcb" if env.get("DISPLAY") else "offscreen")
    print(_load(), "at the start")
    if args.frozen or args.frozen_bare:
        if not (args.frozen and args.frozen_bare):
            parser.error("--frozen and --frozen-bare go together")
        times = frozen_times(args.frozen, args.frozen_bare, args.runs, env, args.cold_runs)
        return 0 if report_frozen(times, args.runs, env["QT_QPA_PLATFORM"]) else 1
    # Measure the app as it ships: pip and PyInstaller install compiled bytecode. A checkout run
    # with PYTHONDONTWRITEBYTECODE=1 (as on our CI machines) would otherwise compile every module
    # of ours on every start, a cost no user pays (and the bare window has no modules to compile).
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "planner")], check=True)
    extras = {
        # What the package costs before any shell code runs (planner/__init__, the CLI module).
        "bare + import planner.cli.main": [sys.executable, "-c",
                                           "import planner.cli.main\n" + BARE],
        # What a PySide6 app pays when it uses the ``Qt`` namespace before its first paint: its
        # first use builds all of its enums (~1,200 members) as Python enums.
        "bare + Qt namespace enums": [sys.executable, "-c",
                                      "from PySide6.QtCore import Qt\n" + BARE],
        "bare + the app's frame, plain": [sys.executable, "-c", FRAME],
    }
    times = measure([sys.executable, "-m", "planner"], [sys.executable, "-c", BARE], args.runs,
                    args.cold_runs, env, extras)
    ok = report(times, f"platform {env['QT_QPA_PLATFORM']}, {args.runs} runs each, fresh "
                       "process per run")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
