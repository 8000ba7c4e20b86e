"""Measured runs in the window: import (menu, drop), the panel, the headroom chart, export."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from measured_runs_data import tracked, write_runs
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QFileDialog

from planner import measure
from planner.core.plan.build import estimate_for
from planner.core.views.headroom import headroom_rows
from planner.ui import edits
from planner.ui.main_window import MainWindow
from planner.ui.panel_docks import panel_of
from planner.ui.panels.headroom import HeadroomPanel
from planner.ui.panels.measured_runs import MeasuredRunsPanel

GIB = 1024**3


def _quiet(win: MainWindow) -> None:
    win.document.undo_stack.setClean()
    win.document.undo_stack.cleanChanged.disconnect()


@pytest.fixture
def window(qtbot: Any, store: Any) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win, before_close_func=_quiet)
    win.set_store(store)
    win.show()
    qtbot.waitExposed(win)
    with qtbot.waitSignal(win.panels_loaded):
        win.load_panels()
    return win


def cell(panel: MeasuredRunsPanel, row: int, column: int) -> str:
    item = panel.calibrations_table.item(row, column)
    return "" if item is None else item.text()


def runs_panel(win: MainWindow) -> MeasuredRunsPanel:
    panel = panel_of(win.panel_docks["runs"])
    assert isinstance(panel, MeasuredRunsPanel)
    return panel


def test_import_keeps_the_good_and_names_the_bad(qtbot: Any, window: MainWindow,
                                                 tmp_path: Path, monkeypatch: Any) -> None:
    paths = write_runs(tmp_path, window.document.catalog)
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        lambda *a, **k: ([str(p) for p in paths], ""))
    window.import_runs_action.trigger()
    book = window.document.runs
    assert book is not None and len(book.runs) == 2
    notice = window.notices.notices["runs"]
    # (tests run without the English plural catalogue: "run(s)" as the source writes it)
    assert notice.text.text().startswith("Imported 2 measured run")
    assert notice.text.text().endswith("could not be imported.")
    details = notice.details.toPlainText()
    assert "mib.json: measured.peak_bytes is 9,000, which looks like MiB" in details
    panel = runs_panel(window)
    window.panel_docks["runs"].show()
    window.panel_docks["runs"].raise_()
    qtbot.waitUntil(lambda: panel.view is not None and len(panel.view.runs) == 2)
    assert panel.runs_table.rowCount() == 2 and panel.calibrations_table.rowCount() == 1
    assert cell(panel, 0, 7) == "In use"
    assert cell(panel, 0, 2) == "QLoRA"
    assert "Estimates on GeForce RTX 4090 are calibrated" in panel.summary.text()
    # calibration off: the headroom rows are the formulas' again
    edits.add_gpu_ids(window.document, ["nvidia-rtx-4090"])
    with qtbot.waitSignal(window.document.runs_changed):
        panel.calibrate.setChecked(False)
    assert window.document.runs is not None and not window.document.runs.enabled
    assert cell(panel, 0, 7) == "Off"


def test_dropped_records_are_imported(qtbot: Any, window: MainWindow, tmp_path: Path) -> None:
    paths = write_runs(tmp_path, window.document.catalog)[:1]
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, data,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)
    assert window.document.runs is not None and len(window.document.runs.runs) == 1


def test_the_chart_shows_measured_beside_calibrated(qtbot: Any, window: MainWindow,
                                                    tmp_path: Path) -> None:
    catalog = window.document.catalog
    window.runs.import_files(write_runs(tmp_path, catalog)[:2])
    edits.add_gpu_ids(window.document, ["nvidia-rtx-4090"])
    measured_one = tracked(catalog, batch=1, lora_rank=8)
    other = tracked(catalog, batch=2, lora_rank=16)
    window.document.apply(window.document.build.with_workload_added(measured_one)
                          .with_workload_added(other), "workloads")
    panel = HeadroomPanel(window.document)
    qtbot.addWidget(panel)
    panel.resize(900, 500)
    panel.show()
    qtbot.waitExposed(panel)
    rows = headroom_rows(window.document.build, window.document.runs)
    bars = panel.bars.bars
    assert [b.used for b in bars] == pytest.approx([r.needed_bytes / GIB for r in rows])
    assert bars[0].measured == pytest.approx((rows[0].measured_bytes or 0) / GIB)
    assert bars[1].measured is None
    assert bars[1].label.endswith(" *")
    assert "* calibrated from your runs." in panel.summary.text()
    assert "◆" in panel.summary.text()
    tip = panel.tooltip_for(1)
    assert "Calibrated from 2 of your QLoRA runs on this GPU" in tip
    assert "on the nvidia-smi memory those runs measured" in tip
    assert "Measured in 1 of your runs of this configuration" in panel.tooltip_for(0)


def test_export_selected_leaves_notes_out(qtbot: Any, window: MainWindow, tmp_path: Path,
                                          monkeypatch: Any) -> None:
    window.runs.import_files(write_runs(tmp_path, window.document.catalog)[:2])
    panel = runs_panel(window)
    window.panel_docks["runs"].show()
    window.panel_docks["runs"].raise_()
    qtbot.waitUntil(lambda: panel.view is not None and len(panel.view.runs) == 2)
    panel.runs_table.selectRow(0)
    out = tmp_path / "shared.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    panel.export_selected_button.click()
    shared = json.loads(out.read_text(encoding="utf-8"))
    assert len(shared) == 1 and shared[0]["note"] == ""
    panel.keep_private.setChecked(True)
    panel.export_button.click()
    kept = json.loads(out.read_text(encoding="utf-8"))
    assert len(kept) == 2 and {r["note"] for r in kept} == {"box under the desk"}


def test_the_workloads_table_says_what_the_chart_says(qtbot: Any, window: MainWindow,
                                                      tmp_path: Path) -> None:
    """Calibrated from the user's runs, the Workloads table's estimate is the chart's figure.

    It once showed the formulas' figure beside the chart's calibrated one.
    """
    from planner.ui.panels.workloads import WorkloadsPanel

    catalog = window.document.catalog
    window.runs.import_files(write_runs(tmp_path, catalog)[:2])
    edits.add_gpu_ids(window.document, ["nvidia-rtx-4090"])
    other = tracked(catalog, batch=2, lora_rank=16)
    window.document.apply(window.document.build.with_workload_added(other), "workload")
    table = panel_of(window.panel_docks["workloads"])
    assert isinstance(table, WorkloadsPanel)
    window.panel_docks["workloads"].raise_()
    table.refresh()
    calibrated = headroom_rows(window.document.build, window.document.runs)[0]
    formulas = headroom_rows(window.document.build, None)[0]
    assert calibrated.needed_bytes != formulas.needed_bytes  # the runs do change this row
    assert table.model._figures[0][1] == calibrated.needed_bytes


def test_an_allocated_peak_is_drawn_on_the_bar_s_footing(qtbot: Any, window: MainWindow,
                                                         tmp_path: Path) -> None:
    # max_memory_allocated leaves out the CUDA context and the cached blocks the bar includes:
    # the diamond adds the formulas' figure for them, so the two can be compared by eye
    catalog = window.document.catalog
    t = tracked(catalog, batch=1, lora_rank=8)
    work = measure.workload(model_id="llama-3.1-8b", precision="bf16", seq=512, qlora=True,
                            batch=1, lora_rank=8)
    est = estimate_for(t, 1)
    peak = est.tensor_bytes + GIB
    record = measure.record(workload=work, gpu_name="NVIDIA GeForce RTX 4090", gpu_count=1,
                            peak_bytes=peak, metric="max_memory_allocated",
                            stack={"torch": "2.5.1", "cuda": None, "driver": None,
                                   "framework": None}, when="2026-11-05T10:00:00Z", note="")
    path = tmp_path / "allocated.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    window.runs.import_files([path])
    edits.add_gpu_ids(window.document, ["nvidia-rtx-4090"])
    window.document.apply(window.document.build.with_workload_added(t), "workloads")
    panel = HeadroomPanel(window.document)
    qtbot.addWidget(panel)
    panel.resize(900, 500)
    panel.show()
    qtbot.waitExposed(panel)
    (bar,) = panel.bars.bars
    # tensors + 1 GiB measured, plus the context and cached blocks the formulas size
    assert bar.measured == pytest.approx(
        (est.tensor_bytes + GIB + est.context_bytes + est.slack_bytes) / GIB)
    assert "comparable with this bar" in panel.tooltip_for(0)


def test_runs_imported_elsewhere_arrive_when_the_window_comes_back(
        qtbot: Any, window: MainWindow, tmp_path: Path) -> None:
    """A terminal's ``gpu-planner runs import`` while the app is open reaches the panel."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from planner.catalog.runs import read_files

    assert window.document.runs is not None and not window.document.runs.runs
    read = read_files(write_runs(tmp_path, window.document.catalog)[:2], window.store.catalog())
    assert window.store.add_runs(read.runs) == 2  # what the command line does, beside the app
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.applicationStateChanged.emit(Qt.ApplicationState.ApplicationActive)  # the user is back
    assert window.document.runs is not None and len(window.document.runs.runs) == 2


def test_reimporting_says_the_runs_were_already_stored(qtbot: Any, window: MainWindow,
                                                       tmp_path: Path) -> None:
    paths = write_runs(tmp_path, window.document.catalog)[:2]
    assert window.runs.import_files(paths)[0] == 2
    assert window.runs.import_files(paths)[0] == 0
    message = window.statusBar().currentMessage()  # untranslated here: "run(s)"
    assert message.startswith("Imported 0 measured run") and message.endswith(
        " 2 were already stored.")
