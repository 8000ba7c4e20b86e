"""End to end with a real X server and a real mouse: drag a GPU from the catalog onto the build.

Runs the app as the user would (``python -m planner FILE``) under Xvfb, moves the pointer with
xdotool, and watches the app from outside through the files its test hooks write
(``planner/ui/probe.py``). Skipped, before anything runs, unless ``Xvfb``, ``xdotool`` and
ImageMagick's ``import`` are installed; once it runs, every check is an assertion (a skip can
never stand in for a check that did not happen).
"""

from __future__ import annotations

import time
from pathlib import Path

from xvfb_app import grab, needs_xvfb, read_json, running_app, save_build, wait_for, xdotool, xvfb

pytestmark = needs_xvfb
DRAGGED = "nvidia-rtx-3090"


def test_drag_gpu_from_catalog_to_build(tmp_path: Path) -> None:
    document = tmp_path / "e2e.gpubuild"
    save_build(document)
    with xvfb() as display, running_app(display, tmp_path, document) as app:
        geometry = app.geometry()
        wait_for("the document to open", lambda: (app.state() or {}).get("changes", 0) >= 1)
        state = app.state()
        assert state is not None and state["slots"] == []
        row = next(r for r in geometry["catalog_rows"] if r["id"] == DRAGGED)
        canvas = geometry["canvas"]
        target = (canvas["x"] + canvas["w"] // 2, canvas["y"] + canvas["h"] // 2)
        headroom = geometry["docks"].get("headroom")
        assert headroom, "the headroom panel is docked by default"
        before = grab(display, headroom)

        xdotool(display, "mousemove", str(row["x"]), str(row["y"]))
        xdotool(display, "mousedown", "1")
        steps = 20
        for i in range(1, steps + 1):  # a real drag: many small moves, not a jump
            x = row["x"] + (target[0] - row["x"]) * i // steps
            y = row["y"] + (target[1] - row["y"]) * i // steps
            xdotool(display, "mousemove", str(x), str(y))
            time.sleep(0.02)
        xdotool(display, "mouseup", "1")

        state = wait_for("the dropped GPU in the build",
                         lambda: (s := app.state()) and s["slots"] and s)
        assert state["slots"] == [{"id": DRAGGED, "count": 1}]
        assert state["modified"] is True
        wait_for("the headroom panel to repaint", lambda: read_json(app.state_file)["panels"]
                 ["headroom"]["paints_since_change"] > 0)
        wait_for("the headroom chart to change on screen",
                 lambda: grab(display, headroom) != before, timeout=10)
