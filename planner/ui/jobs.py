"""Slow work off the GUI thread: one small helper for saves, the PDF sheet, printing and Recommend.

The idea of napari's ``thread_worker`` and Vorta's jobs manager, at the size this app needs: a
function runs on Qt's global thread pool, and its result or its exception comes back to the GUI
thread by a queued signal. The window keeps painting while a save flushes to a slow disk or the
sheet lays out its fonts. A job that takes longer than half a second shows a progress dialog; one
that can be cancelled gets a Cancel button (the function is handed a ``cancelled()`` callable and
stops when it returns True). ``bench/bench_event_loop.py`` measures the longest stall.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QEventLoop,
    QObject,
    QRunnable,
    Qt,
    QThreadPool,
    Signal,
)
from PySide6.QtWidgets import QProgressDialog, QWidget

#: A job's dialog appears only after this long (ms): shorter work passes unseen.
PROGRESS_AFTER_MS = 500


class Job(QObject):
    """One function on the thread pool; ``done(result)`` or ``failed(exception)`` on the GUI thread.

    Exactly one of the two is emitted, once. ``cancel()`` asks a cancellable function to stop; it
    then raises or returns as it likes, and the caller ignores a result that arrives cancelled.
    """

    done = Signal(object)
    failed = Signal(object)
    _ended = Signal(bool, object)  # emitted on the pool thread, delivered queued to this object

    def __init__(self, fn: Callable[..., Any], *args: Any, cancellable: bool = False) -> None:
        super().__init__()
        self._fn, self._args = fn, args
        self.cancellable = cancellable
        self.cancelled = False
        self.finished = False
        self._runnable: QRunnable | None = None
        self._ended.connect(self._deliver, Qt.ConnectionType.QueuedConnection)

    def cancel(self) -> None:
        """Ask the function to stop at its next check (it is handed ``cancelled``)."""
        self.cancelled = True

    def _deliver(self, ok: bool, value: object) -> None:
        """On the GUI thread (the job's own): say how the function ended."""
        self.finished = True
        (self.done if ok else self.failed).emit(value)

    def _run(self) -> None:
        """On a pool thread: call the function; signals cross back to the GUI thread queued."""
        try:
            if self.cancellable:
                result = self._fn(*self._args, cancelled=lambda: self.cancelled)
            else:
                result = self._fn(*self._args)
        except BaseException as exc:  # every failure goes back to the GUI thread
            self._ended.emit(False, exc)
        else:
            self._ended.emit(True, result)

    def start(self) -> Job:
        """Queue the job on Qt's global thread pool (it holds at least one thread per core)."""
        self._runnable = QRunnable.create(self._run)
        self._runnable.setAutoDelete(False)  # kept by this Job until it is collected
        QThreadPool.globalInstance().start(self._runnable)
        return self


def run_job(parent: QWidget | None, fn: Callable[..., Any], *args: Any,
            on_done: Callable[[Any], None], on_error: Callable[[BaseException], None],
            label: str = "", cancellable: bool = False) -> Job:
    """Start ``fn(*args)`` off the GUI thread and return at once.

    ``on_done``/``on_error`` run on the GUI thread. With ``label``, a progress dialog shows after
    half a second of work (with Cancel when ``cancellable``) and closes when the job ends; a
    cancelled job calls neither callback.
    """
    job = Job(fn, *args, cancellable=cancellable)
    dialog = _progress(parent, job, label) if label else None

    def finish(callback: Callable[[Any], None], value: Any) -> None:
        if dialog is not None:
            dialog.reset()
            dialog.deleteLater()
        if not job.cancelled:
            callback(value)

    job.done.connect(lambda result: finish(on_done, result))
    job.failed.connect(lambda exc: finish(on_error, exc))
    if parent is not None:  # kept alive with its window, not by the caller's reference
        job.setParent(parent)
    return job.start()


def run_and_wait(fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)`` off the GUI thread while the window keeps painting; return or raise its end.

    For work the caller's next step depends on (a save before closing): the event loop runs, but
    user input waits until the job ends, so nothing can edit the build while it is written.
    """
    job = Job(fn, *args)
    loop = QEventLoop()
    outcome: list[tuple[bool, Any]] = []
    def end(ok: bool, value: Any) -> None:
        outcome.append((ok, value))
        loop.quit()

    job.done.connect(lambda result: end(True, result))
    job.failed.connect(lambda exc: end(False, exc))
    job.start()
    if not outcome:  # a very quick job may have ended before the loop began
        loop.exec(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
    ok, value = outcome[0]
    if not ok:
        raise value
    return value


def _progress(parent: QWidget | None, job: Job, label: str) -> QProgressDialog:
    """A busy dialog shown after PROGRESS_AFTER_MS, with Cancel only for a cancellable job."""
    dialog = QProgressDialog(label, "", 0, 0, parent)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(PROGRESS_AFTER_MS)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    if job.cancellable:
        dialog.setCancelButtonText(QCoreApplication.translate("Jobs", "Cancel"))
        dialog.canceled.connect(job.cancel)
    else:
        dialog.setCancelButton(None)
    dialog.setValue(0)  # starts the dialog's own minimum-duration timer
    return dialog
