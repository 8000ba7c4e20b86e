"""Running the real app under Xvfb and driving it with a real mouse (xdotool), for the E2E tests.

The app is started as a user starts it (``python -m planner FILE``); the tests watch it from outside
through the files its test hooks write (``planner/ui/probe.py``): where things are on screen and
what the build holds after each change.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURE_DATA = ROOT / "tests" / "fixtures" / "data"

needs_xvfb = [
    pytest.mark.xvfb,
    pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")
                            and shutil.which("import")),
                       reason="needs Xvfb, xdotool and ImageMagick's import"),
]


def wait_for(what: str, check: Callable[[], Any], timeout: float = 30.0) -> Any:
    """Poll another process's output until ``check`` gives a truthy value."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def read_json(path: Path) -> Any:
    """A probe file's contents, or None while it is not (fully) there."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


@contextmanager
def xvfb(size: str = "1600x1000") -> Iterator[str]:
    """A fresh Xvfb on a display number it picks itself (-displayfd): no clashes."""
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", f"{size}x24",
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


def xdotool(display: str, *args: str) -> str:
    """Run xdotool on ``display``; its output."""
    result = subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": display},
                            capture_output=True, text=True, timeout=30, check=True)
    return result.stdout.strip()


def grab(display: str, rect: dict[str, int]) -> bytes:
    """Raw pixels of a screen rectangle (ImageMagick's import)."""
    crop = f"{rect['w']}x{rect['h']}+{rect['x']}+{rect['y']}"
    result = subprocess.run(["import", "-window", "root", "-crop", crop, "rgb:-"],
                            env={**os.environ, "DISPLAY": display}, capture_output=True,
                            timeout=30, check=True)
    return result.stdout


def save_build(path: Path, gpus: tuple[tuple[str, int], ...] = (),
               workloads: int = 1) -> None:
    """A real .gpubuild over the fixture catalog: these GPUs (id, count) and workloads."""
    from planner.catalog.datafiles import load_catalog
    from planner.core.plan.build import Build, BuildSlot, TrackedWorkload
    from planner.documents import save_document

    catalog = load_catalog(FIXTURE_DATA)
    slots = tuple(BuildSlot(catalog.gpu(gpu_id), count)  # type: ignore[arg-type]
                  for gpu_id, count in gpus)
    tracked = tuple(TrackedWorkload(w) for w in catalog.workloads[:workloads])
    save_document(Build(name="E2E build", slots=slots, workloads=tracked), path)


@dataclass
class RunningApp:
    """The app process and the probe files it writes."""

    display: str
    process: subprocess.Popen[bytes]
    geometry_file: Path
    state_file: Path
    log_file: Path

    def geometry(self) -> dict[str, Any]:
        """Screen positions written once the catalog and panels are in."""
        return wait_for("the app's geometry", lambda: read_json(self.geometry_file))  # type: ignore[no-any-return]

    def state(self) -> dict[str, Any] | None:
        """The build and panel repaints after the latest change (None before any)."""
        return read_json(self.state_file)  # type: ignore[no-any-return]


@contextmanager
def running_app(display: str, tmp_path: Path, document: Path,
                extra_env: dict[str, str] | None = None) -> Iterator[RunningApp]:
    """Start the app on ``display`` opening ``document``; stop it afterwards."""
    geometry_file, state_file = tmp_path / "geometry.json", tmp_path / "state.json"
    env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb",
           "GPU_PLANNER_NO_SINGLE_INSTANCE": "1", "GPU_PLANNER_DATA_DIR": str(tmp_path / "data"),
           "GPU_PLANNER_CATALOG_DATA": str(FIXTURE_DATA),
           "GPU_PLANNER_E2E_GEOMETRY": str(geometry_file),
           "GPU_PLANNER_E2E_STATE": str(state_file), **(extra_env or {})}
    log_path = tmp_path / "app.log"
    log = log_path.open("w")
    app = subprocess.Popen([sys.executable, "-m", "planner", str(document)], env=env,
                           stdout=log, stderr=subprocess.STDOUT, cwd=tmp_path)
    try:
        window_id = xdotool(display, "search", "--sync", "--name", "GPU Build Planner")
        assert window_id
        yield RunningApp(display, app, geometry_file, state_file, log_path)
    finally:
        app.terminate()
        try:
            app.wait(timeout=10)
        except subprocess.TimeoutExpired:
            app.kill()
        log.close()
        if app.returncode not in (0, -15):
            print(log_path.read_text())
