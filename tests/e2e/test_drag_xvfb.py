"""End to end with a real X server and a real mouse: drag a GPU from the catalog onto the build.

Runs the app as the user would (``python -m planner FILE``) under Xvfb, moves the pointer with
xdotool, and watches the app from outside through the files its test hooks write
(``planner/ui/probe.py``). Skipped, before anything runs, unless ``Xvfb``, ``xdotool`` and
ImageMagick's ``import`` are installed; once it runs, every check is an assertion (a skip can
never stand in for a check that did not happen).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = [
    pytest.mark.xvfb,
    pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")
                            and shutil.which("import")),
                       reason="needs Xvfb, xdotool and ImageMagick's import"),
]

ROOT = Path(__file__).resolve().parents[2]
FIXTURE_DATA = ROOT / "tests" / "fixtures" / "data"
DRAGGED = "nvidia-rtx-3090"


def _wait_for(what: str, check: Callable[[], Any], timeout: float = 30.0) -> Any:
    """Poll another process's output until ``check`` gives a truthy value."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


@pytest.fixture
def display() -> Iterator[str]:
    """A fresh Xvfb on a display number it picks itself (-displayfd): no clashes."""
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1600x1000x24",
                             "-nolisten", "tcp"], pass_fds=(write_fd,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    try:
        with os.fdopen(read_fd) as pipe:
            number = pipe.readline().strip()
        assert number, "Xvfb did not report a display"
        yield f":{number}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _document_with_a_workload(path: Path) -> None:
    from planner.catalog.datafiles import load_catalog
    from planner.core.build import Build, TrackedWorkload
    from planner.documents import save_document

    catalog = load_catalog(FIXTURE_DATA)
    workload = catalog.workloads[0]
    save_document(Build(name="E2E build", workloads=(TrackedWorkload(workload),)), path)


def _xdotool(display: str, *args: str) -> str:
    result = subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": display},
                            capture_output=True, text=True, timeout=30, check=True)
    return result.stdout.strip()


def _grab(display: str, rect: dict[str, int]) -> bytes:
    """Raw pixels of a screen rectangle (ImageMagick's import)."""
    crop = f"{rect['w']}x{rect['h']}+{rect['x']}+{rect['y']}"
    result = subprocess.run(["import", "-window", "root", "-crop", crop, "rgb:-"],
                            env={**os.environ, "DISPLAY": display}, capture_output=True,
                            timeout=30, check=True)
    return result.stdout


def test_drag_gpu_from_catalog_to_build(display: str, tmp_path: Path) -> None:
    document = tmp_path / "e2e.gpubuild"
    _document_with_a_workload(document)
    geometry_file, state_file = tmp_path / "geometry.json", tmp_path / "state.json"
    env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb",
           "GPU_PLANNER_NO_SINGLE_INSTANCE": "1", "GPU_PLANNER_DATA_DIR": str(tmp_path / "data"),
           "GPU_PLANNER_CATALOG_DATA": str(FIXTURE_DATA),
           "GPU_PLANNER_E2E_GEOMETRY": str(geometry_file),
           "GPU_PLANNER_E2E_STATE": str(state_file)}
    log = (tmp_path / "app.log").open("w")
    app = subprocess.Popen([sys.executable, "-m", "planner", str(document)], env=env,
                           stdout=log, stderr=subprocess.STDOUT, cwd=tmp_path)
    try:
        window_id = _xdotool(display, "search", "--sync", "--name", "GPU Build Planner")
        assert window_id
        geometry = _wait_for("the app's geometry", lambda: _read_json(geometry_file))
        _wait_for("the document to open",
                  lambda: (_read_json(state_file) or {}).get("changes", 0) >= 1)
        state = _read_json(state_file)
        assert state["slots"] == []
        row = next(r for r in geometry["catalog_rows"] if r["id"] == DRAGGED)
        canvas = geometry["canvas"]
        target = (canvas["x"] + canvas["w"] // 2, canvas["y"] + canvas["h"] // 2)
        headroom = geometry["docks"].get("headroom")
        assert headroom, "the headroom panel is docked by default"
        before = _grab(display, headroom)

        _xdotool(display, "mousemove", str(row["x"]), str(row["y"]))
        _xdotool(display, "mousedown", "1")
        steps = 20
        for i in range(1, steps + 1):  # a real drag: many small moves, not a jump
            x = row["x"] + (target[0] - row["x"]) * i // steps
            y = row["y"] + (target[1] - row["y"]) * i // steps
            _xdotool(display, "mousemove", str(x), str(y))
            time.sleep(0.02)
        _xdotool(display, "mouseup", "1")

        state = _wait_for("the dropped GPU in the build",
                          lambda: (s := _read_json(state_file)) and s["slots"] and s)
        assert state["slots"] == [{"id": DRAGGED, "count": 1}]
        assert state["modified"] is True
        _wait_for("the headroom panel to repaint", lambda: _read_json(state_file)["panels"]
                  ["headroom"]["paints_since_change"] > 0)
        _wait_for("the headroom chart to change on screen",
                  lambda: _grab(display, headroom) != before, timeout=10)
    finally:
        app.terminate()
        try:
            app.wait(timeout=10)
        except subprocess.TimeoutExpired:
            app.kill()
        log.close()
        if app.returncode not in (0, -15):
            print((tmp_path / "app.log").read_text())
