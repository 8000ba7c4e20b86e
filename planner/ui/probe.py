"""Test and benchmark hooks, switched on by environment variables and otherwise inert.

- ``GPU_PLANNER_E2E_GEOMETRY=<file>``: once start-up is over (the catalog, panels and store in,
  the files asked for opened), write the screen positions a real-mouse test needs (catalog
  rows, the canvas) as JSON.
- ``GPU_PLANNER_E2E_STATE=<file>``: after every document change write the build (GPU ids and
  counts) and how often each panel dock repainted since, as JSON.
- ``GPU_PLANNER_STARTUP_PROBE=1``: print ``painted <seconds since process start>`` on the
  window's first paint; ``=quit`` also quits right after; ``=ready`` goes on, prints
  ``catalog <seconds>`` once the catalog is listed, ``ready <seconds>`` once the panels on
  screen are in too (a panel behind another tab is made when its tab is first raised) and
  ``store <seconds>`` once the catalog store is open, then closes the window (saving its
  layout, as a user's closing does) when start-up is over (start-up benchmark). Each line
  also says ``cpu <seconds>``: the CPU time the process has used (all threads), which a busy
  machine stretches far less than the time since it started.

The app never reads these files; they let tests watch a real process from outside.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QPoint, QTimer

if TYPE_CHECKING:
    from planner.ui.main_window import MainWindow

GEOMETRY_ENV = "GPU_PLANNER_E2E_GEOMETRY"
STATE_ENV = "GPU_PLANNER_E2E_STATE"
STARTUP_ENV = "GPU_PLANNER_STARTUP_PROBE"


def _process_age_s() -> float:
    """Seconds since this process started (Linux: from /proc; elsewhere since import)."""
    try:
        with open("/proc/self/stat", "rb") as fh:
            start_ticks = int(fh.read().rpartition(b")")[2].split()[19])
        with open("/proc/uptime", "rb") as fh:
            uptime = float(fh.read().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return time.perf_counter()


def _write_json(path: str, payload: dict[str, Any]) -> None:
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    import json  # only under test: start-up does not pay for it

    tmp.write_text(json.dumps(payload, indent=1), encoding="utf-8")
    tmp.replace(target)


class FirstPaint(QObject):
    """Calls ``callback`` once, right after the watched widget's first paint event."""

    def __init__(self, widget: QObject, callback: Any) -> None:
        super().__init__(widget)
        self._callback = callback
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Wait for the paint, then get out of the way."""
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._callback)
        return False


class PaintCounter(QObject):
    """Counts paint events of a widget and its children (did a panel redraw?)."""

    def __init__(self, widget: QObject) -> None:
        super().__init__(widget)
        self.count = 0
        self._watch(widget)

    def _watch(self, obj: QObject) -> None:
        obj.installEventFilter(self)
        for child in obj.children():
            if child.isWidgetType():
                self._watch(child)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Count, never consume."""
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def startup_painted() -> bool:
    """Report the first paint for the start-up benchmark; True when the app is quitting."""
    mode = os.environ.get(STARTUP_ENV, "").strip()
    if not mode:
        return False
    print(f"painted {_process_age_s():.4f} cpu {time.process_time():.4f}", flush=True)
    if mode != "quit":
        return False
    from PySide6.QtWidgets import QApplication

    QApplication.exit(0)
    return True


_catalog_reported = False


def startup_catalog() -> None:
    """Report (once) that the catalog is listed and the build can be edited (``=ready``)."""
    global _catalog_reported
    if _catalog_reported or os.environ.get(STARTUP_ENV, "").strip() != "ready":
        return
    _catalog_reported = True
    print(f"catalog {_process_age_s():.4f} cpu {time.process_time():.4f}", flush=True)


def _report(mark: str) -> None:
    if os.environ.get(STARTUP_ENV, "").strip() == "ready":
        print(f"{mark} {_process_age_s():.4f} cpu {time.process_time():.4f}", flush=True)


def startup_ready() -> None:
    """Report that the catalog and panels are in: the whole window is usable (``=ready``)."""
    _report("ready")


def startup_store() -> None:
    """Report that the catalog store is open: the catalog can be edited (``=ready``)."""
    _report("store")


def startup_done() -> bool:
    """Quit once start-up is over (``=ready``); True when the app is quitting.

    It quits as a user does, by closing the window, which saves the window's layout: the next
    start of the same profile is a user's every-day start, not another first one.
    """
    if os.environ.get(STARTUP_ENV, "").strip() != "ready":
        return False
    from PySide6.QtWidgets import QApplication

    QApplication.closeAllWindows()
    QApplication.exit(0)
    return True


def _global_rect(widget: Any) -> dict[str, int]:
    top_left = widget.mapToGlobal(QPoint(0, 0))
    return {"x": top_left.x(), "y": top_left.y(), "w": widget.width(), "h": widget.height()}


def _spin_up_centre(spin: Any) -> dict[str, int]:
    """Where a spin box's up arrow (▲) is on screen, as the style draws it."""
    from PySide6.QtWidgets import QStyle, QStyleOptionSpinBox

    option = QStyleOptionSpinBox()
    spin.initStyleOption(option)
    rect = spin.style().subControlRect(QStyle.ComplexControl.CC_SpinBox, option,
                                       QStyle.SubControl.SC_SpinBoxUp, spin)
    centre = spin.mapToGlobal(rect.center())
    return {"x": centre.x(), "y": centre.y()}


def _cards(window: MainWindow) -> list[dict[str, Any]]:
    """Each card's GPU, count and the screen position of its count's ▲ (None: not shown)."""
    return [{"id": card.gpu_id, "count": card.count.value(),
             "up": _spin_up_centre(card.count) if card.count.isVisible() else None}
            for card in window.canvas.cards]


def write_geometry(window: MainWindow) -> None:
    """Positions for the real-mouse test: window, canvas, each visible catalog row's centre."""
    path = os.environ.get(GEOMETRY_ENV, "").strip()
    if not path:
        return
    from planner.ui.catalog_model import GPU_ROLE

    view = window.catalog_panel.view
    rows = []
    for row in range(window.catalog_panel.proxy.rowCount()):
        index = window.catalog_panel.proxy.index(row, 0)
        rect = view.visualRect(index)
        if rect.isEmpty() or rect.bottom() > view.viewport().height():
            continue
        centre = view.viewport().mapToGlobal(rect.center())
        gpu = index.data(GPU_ROLE)
        rows.append({"id": gpu.id if gpu is not None else "", "x": centre.x(),
                     "y": centre.y()})
    _write_json(path, {
        "window": _global_rect(window), "canvas": _global_rect(window.canvas.list),
        "catalog_rows": rows,
        "docks": {k: _global_rect(d) for k, d in window.panel_docks.items() if d.isVisible()},
        "device_pixel_ratio": window.devicePixelRatio(),
    })


class StateWriter(QObject):
    """Writes the build and the panels' repaint counts after each change."""

    def __init__(self, window: MainWindow, path: str) -> None:
        super().__init__(window)
        self._window = window
        self._path = path
        self._counters: dict[str, PaintCounter] = {}
        self._baseline: dict[str, int] = {}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(300)
        self._timer.timeout.connect(self.write)
        window.document.changed.connect(self._changed)
        window.panels_loaded.connect(self._watch_panels)
        self._changes = 0

    def _watch_panels(self) -> None:
        for key, dock in self._window.panel_docks.items():
            self._counters[key] = PaintCounter(dock.widget())
        self.write()

    def _changed(self) -> None:
        self._changes += 1
        self._baseline = {k: c.count for k, c in self._counters.items()}
        QTimer.singleShot(0, self.write)  # after the undo stack has moved (modified flag)
        self._timer.start()  # again once the panels had time to repaint

    def write(self) -> None:
        """Dump the current build and the repaints since the last change."""
        build = self._window.document.build
        _write_json(self._path, {
            "changes": self._changes,
            "slots": [{"id": s.gpu.id, "count": s.count} for s in build.slots],
            "gpu_count": build.gpu_count,
            "cards": _cards(self._window),
            "modified": self._window.document.is_modified(),
            "panels": {k: {"paints_since_change": c.count - self._baseline.get(k, 0)}
                       for k, c in self._counters.items()},
        })


def install(window: MainWindow) -> None:
    """Switch on whichever hooks the environment asks for."""
    path = os.environ.get(STATE_ENV, "").strip()
    if path:
        StateWriter(window, path)
    if os.environ.get(GEOMETRY_ENV, "").strip():
        window.startup_finished.connect(
            lambda: QTimer.singleShot(200, lambda: write_geometry(window)))

