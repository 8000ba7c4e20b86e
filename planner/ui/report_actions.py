"""File > Print and Export PDF, over `planner.report` when that package provides them.

The report (the comparison sheet) is written in `planner.report`; this module only finds it and
hands it the document in the same form the CLI's ``report`` command does: a `LoadedDocument`,
made by round-tripping the current build through the file format, so what prints is exactly what
would be saved.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

if TYPE_CHECKING:  # the document module pulls in core; keep it off start-up
    from planner.ui.document import BuildDocument


def report_functions() -> tuple[Callable[..., Any], Callable[..., Any]] | None:
    """``(write_pdf, print_document)`` from planner.report, or None when it has not got them."""
    try:
        from planner import report
    except ImportError:
        return None
    write_pdf = getattr(report, "write_pdf", None)
    print_document = getattr(report, "print_document", None)
    if not callable(write_pdf) or not callable(print_document):
        return None
    return write_pdf, print_document


def _loaded(document: BuildDocument) -> Any:
    return _round_trip(document.study, document.catalog)


def _round_trip(study: Any, catalog: Any) -> Any:
    """The study as a saved file would hold it (pure Python: safe on a pool thread)."""
    from planner.documents import dumps_document, loads_document

    return loads_document(dumps_document(study, catalog_version=catalog.version), catalog)


def _sheet_arguments(document: BuildDocument) -> tuple[Any, ...]:
    """Catalog, the one rates loader's rates, and the user's number style, as the panels use."""
    from planner.catalog.rates import bundled_rates
    from planner.words.formats import number_style

    return document.catalog, bundled_rates(), number_style()


def _run(parent: QWidget, failure_title: str, make: Callable[[], object]) -> bool:
    """Make the sheet; a refusal (a file that cannot be written) is one sentence in a box."""
    try:
        make()
    except (OSError, ValueError) as exc:
        QMessageBox.critical(parent, failure_title, str(exc))
        return False
    return True


def export_pdf(parent: QWidget, document: BuildDocument) -> bool:
    """Ask for a PDF file name and write the comparison sheet there, off the GUI thread.

    Returns whether writing started; the window keeps working meanwhile, a progress dialog with
    Cancel shows if it takes more than half a second, and the status bar says when it is done.
    """
    functions = report_functions()
    if functions is None:
        return False
    start = document.path.with_suffix(".pdf") if document.path else Path.home() / "build.pdf"
    name, _filter = QFileDialog.getSaveFileName(
        parent, QCoreApplication.translate("ReportActions", "Export PDF"), str(start),
        QCoreApplication.translate("ReportActions", "PDF files (*.pdf)"))
    if not name:
        return False
    path = Path(name) if name.lower().endswith(".pdf") else Path(name + ".pdf")
    from planner.ui.jobs import run_job

    study, catalog = document.study, document.catalog  # immutable snapshots, taken here
    arguments = _sheet_arguments(document)
    runs = document.runs  # the headroom panel's book: the sheet's memory figures are the panel's

    def write(cancelled: Callable[[], bool]) -> int:
        return int(functions[0](_round_trip(study, catalog), path, *arguments,
                                cancelled=cancelled, runs=runs))

    def written(_pages: int) -> None:
        bar = getattr(parent, "statusBar", None)
        if callable(bar):
            bar().showMessage(QCoreApplication.translate(
                "ReportActions", "Exported %1.").replace("%1", path.name), 5000)

    def refused(exc: BaseException) -> None:
        QMessageBox.critical(parent, QCoreApplication.translate(
            "ReportActions", "Cannot Export PDF"), _sentence(exc))

    run_job(parent, write, on_done=written, on_error=refused, cancellable=True,
            label=QCoreApplication.translate("ReportActions", "Writing the comparison sheet…"))
    return True


def _sentence(exc: BaseException) -> str:
    """One sentence for a failed export: the refusal's own words, or a plain one."""
    if isinstance(exc, (OSError, ValueError)):
        return str(exc)
    return QCoreApplication.translate(
        "ReportActions", "The sheet could not be written (%1); nothing was saved.").replace(
        "%1", type(exc).__name__)


def print_report(parent: QWidget, document: BuildDocument) -> bool:
    """Print the comparison sheet (the report shows the print dialog)."""
    functions = report_functions()
    if functions is None:
        return False
    return _run(parent, QCoreApplication.translate("ReportActions", "Cannot Print"),
                lambda: functions[1](_loaded(document), parent, *_sheet_arguments(document),
                                     runs=document.runs))
