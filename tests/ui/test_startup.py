"""Start-up order (issue 12): the catalog is listed before SQLAlchemy, pydantic or pyqtgraph load.

Timing belongs to bench/bench_startup.py; these check the order and what each step imports.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, Qt

from planner.catalog.store import open_store
from planner.paths import catalog_db_path
from planner.ui import window_layout
from planner.ui.main_window import MainWindow

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "data"
HEAVY = ("sqlalchemy", "sqlmodel", "pydantic", "pyqtgraph", "numpy")


def _last_line_of(steps: str, tmp_path: Path) -> str:
    """What a fresh offscreen process prints last after making the app and running ``steps``."""
    code = ("import sys\nfrom PySide6.QtWidgets import QApplication\napp = QApplication([])\n"
            "from planner.ui.main_window import MainWindow\n" + steps)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "GPU_PLANNER_DATA_DIR": str(tmp_path)}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          timeout=120, check=True).stdout.strip().splitlines()[-1]


def test_the_window_before_its_first_paint_imports_nothing_heavy(tmp_path: Path) -> None:
    """The frame with every dock and stand-in: Qt and our shell only (no core, no catalog)."""
    out = _last_line_of("w = MainWindow(defer=True)\n"
                        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
                        f"{HEAVY!r} or m.startswith(('planner.core', 'planner.catalog'))))",
                        tmp_path)
    assert out == "[]"


def test_building_the_windows_contents_imports_nothing_heavy(tmp_path: Path) -> None:
    out = _last_line_of("w = MainWindow(defer=True)\nw.build_contents()\n"
                        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))", tmp_path)
    assert out == "[]"


def test_a_start_with_a_saved_layout_paints_before_the_qt_namespace_is_built(
        tmp_path: Path) -> None:
    """The ``Qt`` namespace's first use builds all of its enums (~12 ms, see panel_frames):
    the window as users see it on every start after the first paints without it."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "GPU_PLANNER_DATA_DIR": str(tmp_path)}
    # A first start that ends as a user's does: the window closes, saving its layout.
    subprocess.run([sys.executable, "-m", "planner"], env={
        **env, "GPU_PLANNER_STARTUP_PROBE": "ready"}, capture_output=True, timeout=120,
        check=True)
    code = ("import PySide6.QtCore as C\nfrom planner.ui import probe\n"
            "def painted():\n"
            "    print('built' if 'Qt' in C.__dict__ else 'not built', flush=True)\n"
            "    C.QCoreApplication.exit(0)\n"
            "    return True\n"
            "probe.startup_painted = painted\n"
            "from planner.ui.app import run_app\nrun_app([])\n")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=120, check=True).stdout.split()
    assert out[-2:] == ["not", "built"]


def _startup(window: MainWindow):  # type: ignore[no-untyped-def]
    from planner.ui import app as app_module

    host = QObject()
    host.ready, host.pending_files = False, []
    startup = app_module.Startup.__new__(app_module.Startup)
    QObject.__init__(startup, host)
    startup._app, startup._window, startup._files, startup._listen = host, window, [], False
    return startup


def test_a_current_catalog_is_listed_before_the_store_opens(qtbot, monkeypatch) -> None:
    from planner.ui import app as app_module

    monkeypatch.setenv(app_module.CATALOG_DATA_ENV, str(FIXTURES))
    open_store(catalog_db_path(), data_dir=FIXTURES).close()  # an earlier start seeded it
    window = MainWindow(defer=True)
    window.build_contents()
    qtbot.addWidget(window)
    startup = _startup(window)
    panels: list[bool] = []
    monkeypatch.setattr(startup, "_panels", lambda: panels.append(True))
    startup._quick_catalog()
    assert window.store is None  # not open yet ...
    assert len(window.document.catalog.gpus) == 5  # ... and the catalog is listed already
    assert window.catalog_panel.model.rowCount() == 5
    assert window.catalog_dock.widget() is window.catalog_panel
    qtbot.waitUntil(lambda: panels == [True], timeout=30000)  # handed over by the worker
    assert window.store is None  # the panels come before the store


def test_a_new_profile_lists_the_catalog_without_seeding(qtbot, monkeypatch) -> None:
    """No database yet: the built one is copied in, and listed with sqlite3 alone."""
    from planner.ui import app as app_module

    monkeypatch.setenv(app_module.CATALOG_DATA_ENV, str(FIXTURES))
    assert not catalog_db_path().exists()
    window = MainWindow(defer=True)
    window.build_contents()
    qtbot.addWidget(window)
    startup = _startup(window)
    panels: list[bool] = []
    monkeypatch.setattr(startup, "_panels", lambda: panels.append(True))
    monkeypatch.setattr(startup, "_store_first", lambda: pytest.fail("seeded at start-up"))
    startup._quick_catalog()
    assert catalog_db_path().is_file()
    assert window.catalog_panel.model.rowCount() == 5
    qtbot.waitUntil(lambda: panels == [True], timeout=30000)


def test_the_first_paint_is_the_whole_window(qtbot) -> None:
    """Every dock is there from the first paint, at its final size, showing a stand-in."""
    from planner.catalog.datafiles import load_catalog
    from planner.ui.panel_docks import panel_of
    from planner.ui.skeleton import Skeleton

    window = MainWindow(defer=True)
    qtbot.addWidget(window)
    window.setWindowState(Qt.WindowState.WindowNoState)  # offscreen's screen is a small one
    window.resize(1600, 1000)
    window_layout.apply_default_sizes(window)
    window.show()
    qtbot.waitExposed(window)
    docks = {"catalog": window.catalog_dock, **window.panel_docks}
    assert set(docks) == {"catalog", "headroom", "workloads", "energy", "comparison",
                          "variants", "runs", "serving"}
    assert all(isinstance(d.widget(), Skeleton) for d in docks.values())
    shown = ("catalog", "headroom", "workloads")  # the other bottom tabs are behind workloads
    first = {k: docks[k].geometry() for k in shown}
    assert all(not docks[k].visibleRegion().isEmpty() for k in shown)
    window.build_contents()
    window.show_catalog(load_catalog(FIXTURES))
    window.load_panels()
    qtbot.wait(50)  # the layout settles
    # No stand-in in sight; the tabs behind keep theirs until raised, then show their panel.
    assert not [d for d in window.findChildren(Skeleton) if not d.visibleRegion().isEmpty()]
    assert {k: docks[k].geometry() for k in shown} == first
    for key in ("energy", "comparison", "variants", "runs", "serving"):
        docks[key].raise_()
        qtbot.waitUntil(lambda key=key: not isinstance(docks[key].widget(), Skeleton))
        qtbot.waitUntil(lambda key=key: not panel_of(docks[key]).visibleRegion().isEmpty())
    assert not [d for d in window.findChildren(Skeleton) if d.isVisible()]
    assert {k: docks[k].geometry() for k in ("catalog", "headroom")} == {
        k: first[k] for k in ("catalog", "headroom")}


def test_the_store_takes_over_without_resetting_the_build(qtbot) -> None:
    with open_store(catalog_db_path(), data_dir=FIXTURES) as store:
        window = MainWindow()
        qtbot.addWidget(window)
        window.show_catalog(store.catalog())
        window.document.undo_stack.cleanChanged.disconnect()
        from planner.ui import edits

        edits.add_gpu_ids(window.document, ["nvidia-rtx-4090"])
        window.set_store(store)  # the same catalog: the user's edit stays, undoable
        assert [s.gpu.id for s in window.document.build.slots] == ["nvidia-rtx-4090"]
        assert window.document.undo_stack.count() == 1
        window.document.undo_stack.setClean()
