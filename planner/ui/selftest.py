"""``gpu-planner --self-test``: does this installation work? One line of answer, exit 0 or 1.

Written for the frozen bundle, where a file or Qt plugin left out shows only at run time (a panel
vanishes, the catalog is empty, printing does nothing): it opens an example build offscreen, draws
every analysis panel, writes the comparison sheet as a PDF through both QPdfWriter (Export PDF)
and QPrinter (the print path), opens the print dialog, imports the team catalog's PostgreSQL
driver and loads its libpq, opens a fresh catalog database (Alembic migrations, the bundled
``data/``), loads the Chinese translation of ours and of Qt, and checks that the Qt plugins the
app relies on are there. Everything is written to a temporary folder; the user's own catalog,
settings and autosaves are never touched. The release workflow runs it on every frozen app.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

EXAMPLE = "workstation-4x4090.gpubuild"
"""The example build opened: several GPUs, training and inference workloads, a price."""

SHEET_NOTE = "自检：这段中文说明必须能从 PDF 中复制出来"
"""A Chinese note put on the build for the sheet the self-test writes (never saved anywhere):
without a Chinese font Qt draws it as boxes, and then it does not copy out of the PDF."""

# Qt plugins the app needs, by platform: (plugin folder, part of the file name). The print
# support plugin (CUPS) is a separate plugin only on Linux; Windows and macOS print through code
# inside QtPrintSupport and the platform plugin.
REQUIRED_PLUGINS: dict[str, tuple[tuple[str, str], ...]] = {
    "linux": (("platforms", "qxcb"), ("platforms", "qwayland"), ("platforms", "qoffscreen"),
              ("platformthemes", "gtk3"), ("platformthemes", "xdgdesktopportal"),
              ("printsupport", "cups"), ("imageformats", "qsvg"), ("iconengines", "qsvgicon"),
              ("xcbglintegrations", "xcb")),
    "win32": (("platforms", "qwindows"), ("platforms", "qoffscreen"), ("imageformats", "qsvg"),
              ("iconengines", "qsvgicon"), ("styles", "modernwindowsstyle")),
    "darwin": (("platforms", "qcocoa"), ("platforms", "qoffscreen"), ("imageformats", "qsvg"),
               ("iconengines", "qsvgicon"), ("styles", "macstyle")),
}


class SelfTestError(Exception):
    """One check failed; the message says which and what was found."""


class _ErrorLog(logging.Handler):
    """Collects error records (a panel that failed to start logs one and is skipped)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(f"{record.name}: {record.getMessage()}")


@contextmanager
def _isolated() -> Iterator[Path]:
    """A temporary user data folder (catalog, settings, autosaves) and offscreen Qt."""
    from planner.paths import DATA_DIR_ENV

    saved = {k: os.environ.get(k) for k in (DATA_DIR_ENV, "QT_QPA_PLATFORM")}
    with tempfile.TemporaryDirectory(prefix="gpu-planner-self-test-") as folder:
        os.environ[DATA_DIR_ENV] = str(Path(folder) / "user")
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        try:
            yield Path(folder)
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise SelfTestError(message)


def _plugins() -> str:
    """Every required Qt plugin is in one of Qt's plugin folders."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtGui import QImageReader

    platform = "linux" if sys.platform.startswith("linux") else sys.platform
    folders = [Path(p) for p in QCoreApplication.libraryPaths()]
    missing = []
    for kind, part in REQUIRED_PLUGINS.get(platform, ()):
        found = [f for d in folders if (d / kind).is_dir() for f in (d / kind).iterdir()
                 if part in f.name]
        if not found:
            missing.append(f"{kind}/{part}")
    _check(not missing, f"Qt plugins missing: {', '.join(missing)} "
                        f"(looked in {', '.join(map(str, folders)) or 'no plugin folder'})")
    formats = {bytes(f.data()).decode() for f in QImageReader.supportedImageFormats()}
    _check("svg" in formats, f"Qt cannot read SVG images (formats: {sorted(formats)})")
    return "plugins ok"


def _translations() -> str:
    """Our Chinese translation and Qt's own load and translate."""
    from PySide6.QtCore import QLibraryInfo, QTranslator

    from planner.translations import i18n_dir

    ours = QTranslator()
    _check(ours.load("planner_zh_CN", i18n_dir()), f"planner_zh_CN.qm not found in {i18n_dir()}")
    chinese = ours.translate("PanelDocks", "Workloads")
    _check(bool(chinese) and chinese != "Workloads",
           "planner_zh_CN.qm does not translate the panel titles")
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    qt = QTranslator()
    _check(qt.load("qtbase_zh_CN", qt_dir), f"Qt's qtbase_zh_CN.qm not found in {qt_dir}")
    return "translations en+zh_CN"


def _catalog() -> Any:
    """A fresh catalog database: migrations run, the bundled data seeds it."""
    from planner.catalog.store import open_store
    from planner.catalog.version import read_version
    from planner.paths import bundled_data_dir, catalog_db_path

    store = open_store()
    _check(store.notice is None or not store.notice, f"catalog: {store.notice}")
    catalog = store.catalog()
    _check(len(catalog.gpus) > 0, f"the catalog has no GPUs (data folder {bundled_data_dir()})")
    _check(catalog.version == read_version(bundled_data_dir()),
           f"catalog version {catalog.version!r} is not the bundled data's")
    _check(catalog_db_path().is_file(), "the catalog database file was not written")
    return store


def _panels(store: Any, example: Path, out: Path) -> list[str]:
    """Open the example in a real main window, draw every panel, export and print the sheet."""
    from PySide6.QtWidgets import QApplication

    from planner.catalog.rates import load_rates
    from planner.documents import load_document
    from planner.ui.main_window import MainWindow
    from planner.ui.panel_docks import PANELS
    from planner.ui.report_actions import report_functions

    window = MainWindow(defer=True)
    window.resize(1400, 880)
    window.show()
    window.build_contents()
    window.set_store(store)
    loaded = load_document(example, store.catalog())
    window.document.reset(loaded.build, example)
    window.load_panels()
    QApplication.processEvents()
    expected = {spec.key for spec in PANELS}
    _check(set(window.panel_docks) == expected,
           f"panels missing: {sorted(expected - set(window.panel_docks))}")
    for key, dock in window.panel_docks.items():
        dock.show()
        dock.raise_()
        QApplication.processEvents()
        image = dock.widget().grab().toImage()
        _check(not image.isNull() and image.width() > 50 and image.height() > 50,
               f"the {key} panel did not draw")
        colours = {image.pixel(x, y) for x in range(0, image.width(), 7)
                   for y in range(0, image.height(), 7)}
        _check(len(colours) > 2, f"the {key} panel drew nothing but background")

    functions = report_functions()
    _check(functions is not None, "the report module is missing")
    assert functions is not None
    study = dataclasses.replace(loaded.study, notes=SHEET_NOTE)
    sheet = out / "sheet.pdf"
    functions[0](study, sheet, window.document.catalog, load_rates())
    _check(sheet.read_bytes()[:5] == b"%PDF-", "Export PDF did not write a PDF")
    _check_readable(sheet, study.name, "the exported sheet")
    printed = _print_to_pdf(study, window.document.catalog, out / "printed.pdf")
    _check_readable(printed, study.name, "the printed sheet")
    dialog = _print_dialog(window)
    window.document.undo_stack.setClean()  # nothing to save: close without asking
    window.close()
    from planner.report.fonts import sheet_font_source

    return [f"{len(expected)} panels", f"PDF {sheet.stat().st_size // 1024} KB",
            f"printed {printed.stat().st_size // 1024} KB", _print_support(dialog),
            f"sheet font {sheet_font_source()}"]


def _check_readable(path: Path, name: str, what: str) -> None:
    """The PDF embeds its fonts, and the build's name and the Chinese note copy out of it.

    A PDF can be written without a usable font: on Windows or macOS without the platform's
    Chinese font, Qt's offscreen platform draws empty boxes. The text a reader would copy is
    what tells (glyph 0 maps to no character).
    """
    from planner.report.fonts import sheet_font_source
    from planner.report.pdf_check import PdfCheckError, read_sheet

    try:
        text = read_sheet(path.read_bytes())
    except PdfCheckError as exc:
        raise SelfTestError(f"{what}: {exc}") from exc
    _check(bool(text.embedded_fonts), f"{what} embeds no font")
    _check(not text.unembedded_fonts,
           f"{what} uses fonts it does not embed: {', '.join(text.unembedded_fonts)}")
    _check(text.contains(name), f"the build's name does not copy out of {what}")
    _check(text.contains(SHEET_NOTE),
           f"Chinese text does not copy out of {what}: its glyphs are boxes "
           f"(sheet font: {sheet_font_source()})")


def _print_to_pdf(study: Any, catalog: Any, path: Path) -> Path:
    """Print the sheet through QPrinter (the File > Print path) into a PDF file."""
    from PySide6.QtPrintSupport import QPrinter

    from planner.catalog.rates import load_rates
    from planner.report import render, text_document

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    render(text_document(study, catalog, load_rates(), runs=None), printer)
    del printer  # flushes the file
    _check(path.is_file() and path.read_bytes()[:5] == b"%PDF-", "printing wrote no PDF")
    return path


def _print_dialog(parent: Any) -> str:
    """File > Print's dialog opens (it lists the printers through the print plugin) and closes.

    Only on Linux, where the dialog is Qt's own and the printers come through the CUPS plugin
    the bundle trims around. Windows' and macOS' dialogs are the system's: shown, they wait for
    a click (and refuse to open at all without a real printer), so they are not opened here.
    """
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter
    from PySide6.QtWidgets import QApplication

    if not sys.platform.startswith("linux"):
        return "system print dialog not opened"
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    dialog = QPrintDialog(printer, parent)
    dialog.show()
    QApplication.processEvents()
    _check(dialog.isVisible(), "the print dialog did not open")
    dialog.reject()
    dialog.deleteLater()
    QApplication.processEvents()
    return "print dialog ok"


def _loaded_libraries() -> list[str]:
    """Paths of the shared libraries this process has mapped (Linux), else nothing."""
    try:
        maps = Path("/proc/self/maps").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    return sorted({line.split(None, 5)[5] for line in maps.splitlines()
                   if len(line.split(None, 5)) == 6 and ".so" in line})


def _print_support(dialog: str) -> str:
    """Where printing to printers comes from, once the sheet has been printed (Linux: CUPS).

    The bundle leaves CUPS's client library to the system (packaging/bundle_config.py); a system
    without it prints to PDF only, which is not a failure.
    """
    from PySide6.QtPrintSupport import QPrinterInfo

    printers = len(QPrinterInfo.availablePrinterNames())
    if not sys.platform.startswith("linux"):
        return f"{dialog}, {printers} printers"
    found = [p for p in _loaded_libraries() if Path(p).name.startswith("libcups.so")]
    return (f"{dialog}, CUPS {found[0]} ({printers} printers)" if found
            else f"{dialog}, no CUPS (PDF only)")


def _team_driver() -> str:
    """The team catalog's PostgreSQL driver imports and its libpq loads (psycopg 3, binary).

    psycopg is the ``team`` extra: a source install may lack it (then this says so), but a
    bundle frozen with it must load its compiled driver and the libpq it carries (a libpq whose
    OpenSSL was left out fails here). A pure-Python psycopg found beside a system libpq would
    hide that, so the binary driver must be the one in use when it was bundled.
    """
    import importlib.util

    if importlib.util.find_spec("psycopg") is None:
        return "team driver not installed"
    try:
        import psycopg
    except ImportError as exc:
        raise SelfTestError(f"the team catalog's driver does not import: {exc}") from exc
    impl = psycopg.pq.__impl__
    if importlib.util.find_spec("psycopg_binary") is not None and impl != "binary":
        try:
            import psycopg_binary.pq  # noqa: F401  # the error says what is missing
        except ImportError as exc:
            raise SelfTestError(f"psycopg's binary driver does not load: {exc}") from exc
    version = psycopg.pq.version()
    return (f"team driver psycopg {psycopg.__version__} ({impl}, "
            f"libpq {version // 10000}.{version % 10000})")


def _quiet_offscreen_notes(kind: Any, context: Any, message: str) -> None:
    """Pass Qt's messages on, except the offscreen platform's note on every window it shows."""
    if "does not support propagateSizeHints" not in message:
        sys.stderr.write(message + "\n")


def _steps(example: Path, out: Path) -> list[str]:
    from PySide6.QtCore import qInstallMessageHandler

    from planner import __version__
    from planner.translations import install_translators
    from planner.ui.app import PlannerApplication, _configure

    qInstallMessageHandler(_quiet_offscreen_notes)
    app = PlannerApplication([sys.argv[0]])
    _configure(app)
    translators = install_translators(app)
    parts = [f"GPU Build Planner {__version__}"]
    store = _catalog()
    try:
        parts.append(f"{len(store.catalog().gpus)} GPUs")
        parts += _panels(store, example, out)
    finally:
        store.close()
    parts.append(_translations())
    parts.append(_plugins())
    parts.append(_team_driver())
    del translators
    return parts


def run_self_test(args: list[str], out: Callable[[str], None] = print) -> int:
    """Run every check; print one line (and a traceback on an unexpected error); return 0 or 1.

    ``args`` may name a ``.gpubuild`` to open instead of the bundled example.
    """
    from planner.paths import examples_dir

    example = Path(args[0]) if args else examples_dir() / EXAMPLE
    errors = _ErrorLog()
    logging.getLogger().addHandler(errors)
    try:
        with _isolated() as folder:
            _check(example.is_file(), f"the example build {example} is missing")
            parts = _steps(example, folder)
        _check(not errors.messages, "errors logged: " + "; ".join(errors.messages))
    except SelfTestError as exc:
        out(f"self-test FAILED: {exc}")
        return 1
    except Exception as exc:  # an unexpected failure is the finding: show all of it
        traceback.print_exc()
        out(f"self-test FAILED: {type(exc).__name__}: {exc}")
        return 1
    finally:
        logging.getLogger().removeHandler(errors)
    out("self-test passed: " + ", ".join(parts))
    return 0
