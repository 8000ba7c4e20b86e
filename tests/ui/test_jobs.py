"""Slow work off the GUI thread: results and failures come back on the GUI thread, once."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer

from planner.ui.jobs import run_and_wait, run_job

ROOT = Path(__file__).resolve().parents[2]


def test_run_and_wait_works_off_the_gui_thread_while_timers_fire(qapp):
    gui = threading.get_ident()
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start(10)

    def slow() -> int:
        time.sleep(0.3)
        return threading.get_ident()

    worker = run_and_wait(slow)
    timer.stop()
    assert worker != gui
    assert len(ticks) >= 10  # the event loop ran its timer all through the 0.3 s of work


def test_run_and_wait_raises_the_jobs_exception(qapp):
    def refuse() -> None:
        raise ValueError("The disk is full; nothing was written.")

    with pytest.raises(ValueError, match="disk is full"):
        run_and_wait(refuse)


def test_run_job_reports_on_the_gui_thread(qtbot):
    gui = threading.get_ident()
    got: list[tuple[object, bool]] = []
    run_job(None, lambda x: x * 2, 21,
            on_done=lambda r: got.append((r, threading.get_ident() == gui)),
            on_error=lambda e: got.append((e, False)))
    qtbot.waitUntil(lambda: bool(got), timeout=5000)
    assert got == [(42, True)]


def test_a_cancelled_export_writes_nothing(qtbot, tmp_path, real_catalog):
    from planner.catalog.rates import load_rates
    from planner.documents import load_document
    from planner.report import write_pdf

    doc = load_document(ROOT / "examples" / "three-variants.gpubuild")
    out = tmp_path / "sheet.pdf"
    calls = []
    job = run_job(None, lambda cancelled: write_pdf(doc, out, real_catalog, load_rates(),
                                                    cancelled=cancelled),
                  on_done=calls.append, on_error=calls.append, cancellable=True)
    job.cancel()
    qtbot.waitUntil(lambda: job.finished, timeout=30000)
    assert calls == []  # a cancelled job reports nothing
    assert not out.exists() and list(tmp_path.iterdir()) == []  # and leaves no temporary file


def test_the_sheet_is_written_off_the_gui_thread(qtbot, tmp_path, real_catalog):
    """The PDF sheet is laid out and painted on a pool thread (fonts included), read back."""
    from planner.catalog.rates import load_rates
    from planner.documents import load_document
    from planner.report import write_pdf

    doc = load_document(ROOT / "examples" / "chinese-notes.gpubuild")
    out = tmp_path / "zh.pdf"
    pages = run_and_wait(lambda: write_pdf(doc, out, real_catalog, load_rates()))
    assert pages == 2 and out.read_bytes().startswith(b"%PDF")
