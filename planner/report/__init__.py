"""Print and export the comparison sheet, painted page by page (QPainter on QPdfWriter/QPrinter).

Headless use (``gpu-planner report``) needs no display: a QGuiApplication on the offscreen
platform measures the text and QPdfWriter writes the PDF. The PDF is written to a temporary file
and moved into place, so an interrupted export never leaves half a file where the user looks.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

from planner.core.plan.build import Build
from planner.core.plan.study import Study
from planner.core.records.specs import Catalog
from planner.core.views.variants import MAX_COMPARED

if TYPE_CHECKING:
    from PySide6.QtGui import QGuiApplication, QPagedPaintDevice

    from planner.core.costs.formatting import NumberStyle
    from planner.core.costs.money import Rates
    from planner.core.plan.runs import RunBook
    from planner.documents import LoadedDocument
    from planner.report.layout import Section

PAPERS = ("A4", "Letter")


@dataclass(frozen=True)
class SheetDocument:
    """A laid-out sheet, ready to paint on any paged device (PDF writer or printer)."""

    title: str
    sections: list[Section]
    paper: str = "A4"


def ensure_gui_app() -> QGuiApplication:
    """The running application, or a new offscreen one when there is no screen (the CLI)."""
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance()
    if app is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QGuiApplication([])
    return cast("QGuiApplication", app)


def _inputs() -> tuple[Catalog, Rates, RunBook]:
    """The user's catalog, the bundled rates and the stored runs (with the user's switch)."""
    from planner.catalog.rates import bundled_rates
    from planner.catalog.store import open_store

    store = open_store()
    try:
        return store.catalog(), bundled_rates(), store.run_book()[0]
    finally:
        store.close()


def _study(content: LoadedDocument | Study | Build) -> Study:
    if isinstance(content, Study):
        return content
    if isinstance(content, Build):
        return Study.of(content)
    return content.study


def selection_of(study: Study, names: Sequence[str] | None) -> list[int] | None:
    """Variant indices for names (``None``: the defaults); a sentence for a name not there."""
    if not names:
        return None
    chosen: list[int] = []
    for name in names:
        index = study.index_of(name.strip())
        if index is None:
            raise ValueError(f"This build has no variant called '{name.strip()}'; its variants "
                             f"are {', '.join(study.names())}.")
        if index not in chosen:
            chosen.append(index)
    if len(chosen) > MAX_COMPARED:
        raise ValueError(f"The sheet compares at most {MAX_COMPARED} variants; name fewer.")
    return chosen


def text_document(content: LoadedDocument | Study | Build, catalog: Catalog, rates: Rates,
                  catalog_version: str = "", style: NumberStyle | None = None,
                  variants: Sequence[str] | None = None, paper: str = "A4", *,
                  runs: RunBook | None) -> SheetDocument:
    """Lay the sheet out (shared by print, PDF and the self-test).

    ``style``: the separators numbers are written with (the UI passes the user's locale's; the
    CLI keeps the default). ``variants``: the names of the variants to compare (default: the
    first four). ``runs``: the user's measured runs, as the panels take them.
    """
    from planner.report.sheet import ComparisonSheet

    study = _study(content)
    sheet = ComparisonSheet(study, catalog, rates, style, selection_of(study, variants),
                            catalog_version, runs=runs)
    return SheetDocument(sheet.title_text(), sheet.sections(), paper if paper in PAPERS else "A4")


def render(doc: SheetDocument, device: QPagedPaintDevice) -> int:
    """Paint the sheet's pages on a printer or PDF writer; returns the number of pages."""
    from planner.report.fonts import sheet_font
    from planner.report.layout import Composer

    composer = Composer(device, doc.paper)
    composer.set_footer_font(sheet_font(6.5))
    return composer.paint(doc.sections)


def write_pdf(document: LoadedDocument | Study | Build, out: Path,
              catalog: Catalog | None = None, rates: Rates | None = None,
              style: NumberStyle | None = None, variants: Sequence[str] | None = None,
              paper: str = "A4", cancelled: Callable[[], bool] | None = None,
              runs: RunBook | None = None) -> int:
    """Write the sheet to ``out`` as PDF, atomically; returns the number of pages.

    Without ``catalog`` and ``rates`` the user's store gives them and the stored runs (the
    command line); with them, ``runs`` is the caller's book (the app's document's; ``None``:
    none). ``cancelled`` (the app's export runs off the GUI thread and can be cancelled) is
    asked after the layout and after painting: when it says so, nothing is written and 0 is
    returned.
    """
    from PySide6.QtGui import QPdfWriter

    ensure_gui_app()
    if catalog is None or rates is None:
        catalog, rates, runs = _inputs()
    doc = text_document(document, catalog, rates, style=style, variants=variants, paper=paper,
                        runs=runs)
    out = Path(out)
    fd, tmp = tempfile.mkstemp(prefix=".sheet-", suffix=".pdf", dir=out.parent or Path("."))
    os.close(fd)
    try:
        writer = QPdfWriter(tmp)
        writer.setTitle(doc.title)
        writer.setCreator("GPU Build Planner")
        writer.setResolution(300)
        pages = 0 if cancelled and cancelled() else render(doc, writer)
        del writer  # flushes and closes the file
        if cancelled and cancelled():
            Path(tmp).unlink(missing_ok=True)
            return 0
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return pages


def print_document(document: LoadedDocument | Study | Build, parent: object | None = None,
                   catalog: Catalog | None = None, rates: Rates | None = None,
                   style: NumberStyle | None = None, runs: RunBook | None = None) -> bool:
    """Show the system print dialog and print the sheet; False when the user cancels.

    ``catalog``, ``rates`` and ``runs`` as :func:`write_pdf` takes them.
    """
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter
    from PySide6.QtWidgets import QDialog, QWidget

    if catalog is None or rates is None:
        catalog, rates, runs = _inputs()
    doc = text_document(document, catalog, rates, style=style, runs=runs)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setDocName(doc.title)
    dialog = QPrintDialog(printer, parent if isinstance(parent, QWidget) else None)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    paper = "Letter" if printer.pageLayout().pageSize().id() == \
        printer.pageLayout().pageSize().PageSizeId.Letter else "A4"
    render(SheetDocument(doc.title, doc.sections, paper), printer)
    return True
