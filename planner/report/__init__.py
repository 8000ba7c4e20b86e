"""Print and export the comparison sheet (QTextDocument → QPdfWriter / QPrinter).

Headless use (``gpu-planner report``) needs no display: a QGuiApplication on the offscreen
platform lays the text out and QPdfWriter writes the PDF. The PDF is written to a temporary file
and moved into place, so an interrupted export never leaves half a file where the user looks.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from planner.core.build import Build
from planner.core.specs import Catalog

if TYPE_CHECKING:
    from PySide6.QtGui import QPagedPaintDevice, QTextDocument

    from planner.core.formatting import NumberStyle
    from planner.core.money import Rates
    from planner.documents import LoadedDocument


def _ensure_gui_app() -> None:
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        QGuiApplication([])


def _catalog_and_rates() -> tuple[Catalog, Rates]:
    from planner.catalog.rates import bundled_rates
    from planner.catalog.store import open_store

    store = open_store()
    try:
        return store.catalog(), bundled_rates()
    finally:
        store.close()


def text_document(build: Build, catalog: Catalog, rates: Rates, catalog_version: str = "",
                  style: NumberStyle | None = None) -> QTextDocument:
    """Lay the sheet out as a QTextDocument (shared by print, PDF and print preview).

    ``style``: the separators numbers are written with (the UI passes the user's locale's; the
    CLI keeps the default).
    """
    from PySide6.QtGui import QTextDocument

    from planner.report.sheet import sheet_html

    doc = QTextDocument()
    doc.setHtml(sheet_html(build, catalog, rates, catalog_version or catalog.version, style))
    return doc


def render(doc: QTextDocument, device: QPagedPaintDevice) -> None:
    """Paginate onto a printer or PDF writer."""
    from PySide6.QtCore import QMarginsF
    from PySide6.QtGui import QPageLayout, QPageSize

    device.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    device.setPageMargins(QMarginsF(14, 14, 14, 14), QPageLayout.Unit.Millimeter)
    doc.print_(device)


def write_pdf(document: LoadedDocument | Build, out: Path,
              catalog: Catalog | None = None, rates: Rates | None = None,
              style: NumberStyle | None = None) -> None:
    """Write the sheet of a loaded document (or a bare build) to ``out`` as PDF, atomically."""
    from PySide6.QtGui import QPdfWriter

    _ensure_gui_app()
    build = document if isinstance(document, Build) else document.build
    if catalog is None or rates is None:
        catalog, rates = _catalog_and_rates()
    doc = text_document(build, catalog, rates, style=style)
    out = Path(out)
    fd, tmp = tempfile.mkstemp(prefix=".sheet-", suffix=".pdf", dir=out.parent or Path("."))
    os.close(fd)
    try:
        writer = QPdfWriter(tmp)
        writer.setTitle(build.name)
        writer.setCreator("GPU Build Planner")
        writer.setResolution(300)
        render(doc, writer)
        del writer  # flushes and closes the file
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def print_document(document: LoadedDocument | Build, parent: object | None = None,
                   catalog: Catalog | None = None, rates: Rates | None = None,
                   style: NumberStyle | None = None) -> bool:
    """Show the system print dialog and print the sheet; False when the user cancels."""
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter
    from PySide6.QtWidgets import QDialog, QWidget

    build = document if isinstance(document, Build) else document.build
    if catalog is None or rates is None:
        catalog, rates = _catalog_and_rates()
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setDocName(build.name)
    dialog = QPrintDialog(printer, parent if isinstance(parent, QWidget) else None)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    render(text_document(build, catalog, rates, style=style), printer)
    return True
