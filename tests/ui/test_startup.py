"""Start-up order (issue 12): the catalog is listed before SQLAlchemy, pydantic or pyqtgraph load.

Timing belongs to bench/bench_startup.py; these check the order and what each step imports.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QObject

from planner.catalog.store import open_store
from planner.paths import catalog_db_path
from planner.ui.main_window import MainWindow

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "data"
HEAVY = ("sqlalchemy", "sqlmodel", "pydantic", "pyqtgraph", "numpy")


def test_building_the_windows_contents_imports_nothing_heavy(tmp_path: Path) -> None:
    code = ("import sys\nfrom PySide6.QtWidgets import QApplication\napp = QApplication([])\n"
            "from planner.ui.main_window import MainWindow\n"
            "w = MainWindow(defer=True)\nw.build_contents()\n"
            f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "GPU_PLANNER_DATA_DIR": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         timeout=120, check=True).stdout.strip().splitlines()[-1]
    assert out == "[]"


def test_a_current_catalog_is_listed_before_the_store_opens(qtbot, monkeypatch) -> None:
    from planner.ui import app as app_module

    monkeypatch.setenv(app_module.CATALOG_DATA_ENV, str(FIXTURES))
    open_store(catalog_db_path(), data_dir=FIXTURES).close()  # an earlier start seeded it
    window = MainWindow(defer=True)
    window.build_contents()
    qtbot.addWidget(window)
    host = QObject()
    host.ready, host.pending_files = False, []
    startup = app_module.Startup.__new__(app_module.Startup)
    QObject.__init__(startup, host)
    startup._app, startup._window, startup._files, startup._listen = host, window, [], False
    opened: list[bool] = []
    monkeypatch.setattr(startup, "_catalog", lambda: opened.append(True))
    startup._quick_catalog()
    assert window.store is None  # not open yet ...
    assert len(window.document.catalog.gpus) == 5  # ... and the catalog is listed already
    assert window.catalog_panel.model.rowCount() == 5
    qtbot.waitUntil(lambda: opened == [True], timeout=30000)  # handed over by the worker


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
