"""Take one screenshot of the app as a user starts it, on the X display in $DISPLAY.

The real start-up path runs (``planner.ui.app.run_app``: translators, theme, window, catalog,
panels, the file asked for); once the app reports it is ready, this waits for the panels to settle,
optionally brings a dock to the front or opens the warnings strip's list, grabs the whole screen
(so popups are in the picture) and quits. tools/screenshots.sh starts Xvfb at each screen size
and calls this once per picture.

Usage: python tools/screenshots.py OUT.png FILE.gpubuild [--lang zh_CN] [--scheme dark]
                                   [--dock energy] [--warnings]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETTLE_MS = 1500


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("file", type=Path)
    parser.add_argument("--lang", choices=("en", "zh_CN"), default="en")
    parser.add_argument("--scheme", choices=("light", "dark"), default="light")
    parser.add_argument("--dock", help="bring this panel's dock to the front (energy, …)")
    parser.add_argument("--warnings", action="store_true", help="open the warnings list")
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="planner-shot-")
    os.environ.update({"QT_QPA_PLATFORM": "xcb", "GPU_PLANNER_DATA_DIR": home,
                       "GPU_PLANNER_NO_SINGLE_INSTANCE": "1",
                       "GPU_PLANNER_COLOR_SCHEME": args.scheme})
    os.environ.pop("GPU_PLANNER_LOCALE", None)  # --lang decides

    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from planner.ui import app as app_module
    from planner.ui import probe
    from planner.ui.main_window import MainWindow

    def shoot() -> None:
        window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))
        if args.dock:  # in front, and tall enough to show the whole panel, chart and all
            dock = window.panel_docks[args.dock]
            dock.show()
            dock.raise_()
            window.resizeDocks([dock], [round(window.height() * 0.58)], Qt.Orientation.Vertical)
        if args.warnings:
            window.canvas.strip.toggle_popup()
        QTimer.singleShot(SETTLE_MS, lambda: grab(window))

    def grab(window: MainWindow) -> None:
        frame = window.frameGeometry()  # the window, popups over it included (the root's pixels)
        shot = window.screen().grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
        if not shot.save(str(args.out)):
            print(f"could not write {args.out}", file=sys.stderr)
        QApplication.exit(0)

    probe.startup_ready = lambda: QTimer.singleShot(SETTLE_MS, shoot)  # the app's ready hook
    return app_module.run_app([str(args.file)], lang=args.lang)


if __name__ == "__main__":
    sys.exit(main())
