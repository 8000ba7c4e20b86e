"""Pseudo-localisation: every word a person reads went through a translation call.

A translator that wraps each translated message in ⟦…⟧ is installed; the main window (every dock
raised in turn), every dialog and both pages of the sheet are rendered, and each visible string
is checked: English that is neither wrapped nor data (a GPU's, a model's, a cloud offer's or the
build's own name, a source, a unit) is a leftover the Chinese user would read in English.
When it was written it caught 26 such strings: the 13 bundled tariff names, the 10 grid-carbon
regions and Recommend's 3 presets, all English in the Chinese UI (now in planner/words/names.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QModelIndex, Qt, QTranslator
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QTabBar,
    QWidget,
)

from planner.catalog.datafiles import load_catalog
from planner.catalog.rates import load_rates
from planner.core.records.specs import Catalog

ROOT = Path(__file__).resolve().parents[2]
OPEN, CLOSE = "⟦", "⟧"
#: Words that read the same in Chinese: units, standards and the names of the things themselves.
UNIVERSAL = re.compile(
    r"https?://\S+|[\w.-]+\.(gpubuild|json|pdf)\b|\b(GiB|MiB|GB|MB|TB|kWh|kW|TFLOPS|BTU/h|"
    r"CUDA|ROCm|PCIe|NVLink|NVSwitch|SXM\d?|OAM|HBM\w*|GDDR\w*|LoRA|QLoRA|ZeRO-?\d?|FSDP|DDP|"
    r"AdamW?|SGD|AMP|BF16|FP\d+|INT\d+|TF32|NF4|MoE|KV|GPU|GPUs|CPU|PSU|PUE|CO₂|USD|CNY|EUR|W|h|"
    r"LPDDR\w*|English)\b")  # a language is named in its own words: English, 简体中文


class PseudoTranslator(QTranslator):
    """Every message comes back wrapped, its placeholders kept (so %1 still fills)."""

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str:
        if not source:
            return source
        return OPEN + (source.replace("(s)", "s") if n >= 0 else source) + CLOSE

    def isEmpty(self) -> bool:
        return False


@pytest.fixture
def pseudo(qapp: QApplication) -> Iterator[PseudoTranslator]:
    translator = PseudoTranslator()
    qapp.installTranslator(translator)
    yield translator
    qapp.removeTranslator(translator)


def catalog_words(catalog: Catalog) -> set[str]:
    """Names, figures' wording and sources the catalog carries: data, as its sources give them.

    Tariff names are not here: they are the app's own words for a tariff and must be translated.
    """
    from planner.report.sheet import short_title

    words: set[str] = set()
    sources: set[str] = set()
    for g in catalog.gpus:
        words |= {g.name, g.vendor, g.interconnect or "", g.memory_type or "", g.notes or ""}
        sources |= set(g.sources) | {p.source for p in g.prices}
    for a in catalog.architectures:
        words |= {a.name, a.name.split(" (")[0], a.process_node or "", a.notes or "",
                  a.interconnect or "", *a.features}
        sources |= set(a.sources)
    for w in catalog.workloads:
        words |= {w.name, w.id, getattr(w, "notes", "") or ""}
        sources |= set(w.sources)
    for c in catalog.cloud:
        words |= {c.name, c.provider}
        sources |= set(c.sources)
    for t in catalog.tariffs:
        sources |= set(t.sources)
    words |= sources | {short_title(s) for s in sources}
    return {w for w in words if w}


@pytest.fixture(scope="module")
def data_words() -> set[str]:
    return catalog_words(load_catalog())


def _leftovers(texts: list[str], data: set[str]) -> list[str]:
    found = []
    for text in texts:
        for line in text.splitlines():
            if OPEN in line or CLOSE in line:  # a wrapped message, or a line of one
                continue
            rest = line
            for word in sorted(data, key=len, reverse=True):
                if len(word) > 2 and word in rest:
                    rest = rest.replace(word, " ")
            rest = UNIVERSAL.sub(" ", rest)
            if re.search(r"[A-Za-z]{3,}", rest):
                found.append(line.strip())
    return sorted(set(found))


def _model_texts(view: QAbstractItemView) -> list[str]:
    """What a table or list shows: cells (40 rows at most), their tooltips and the header."""
    model, out = view.model(), []
    try:
        columns = model.columnCount(QModelIndex())
    except TypeError:  # a list model's columnCount is private in PySide: one column
        columns = 1
    for r in range(min(model.rowCount(QModelIndex()), 40)):
        for c in range(columns):
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.index(r, c).data(role)
                if isinstance(value, str):
                    out.append(value)
    for c in range(columns):
        value = model.headerData(c, Qt.Orientation.Horizontal)
        if isinstance(value, str):
            out.append(value)
    return out


def _visible_texts(root: QWidget) -> list[str]:
    out: list[str] = []
    widgets = [root, *root.findChildren(QWidget)]
    for w in widgets:
        if w is not root and not w.isVisibleTo(root):
            continue
        for attr in ("text", "windowTitle", "placeholderText", "title", "toolTip"):
            getter = getattr(w, attr, None)
            if callable(getter):
                try:
                    value = getter()
                except TypeError:
                    continue
                if isinstance(value, str) and value:
                    out.append(value)
        if isinstance(w, QComboBox):
            out += [w.itemText(i) for i in range(w.count())]
        if isinstance(w, QTabBar):
            out += [w.tabText(i) for i in range(w.count())]
        if isinstance(w, QAbstractItemView) and w.model() is not None:
            out += _model_texts(w)
    for action in root.findChildren(type(root.actions()[0])) if root.actions() else []:
        out += [action.text(), action.toolTip()]
    return [t for t in out if t]


@pytest.fixture
def real_store(qapp, tmp_path):  # type: ignore[no-untyped-def]
    """The shipped catalog in a real database: its tariff names are the ones users read."""
    from planner.catalog.store import open_store

    store = open_store(tmp_path / "catalog.sqlite")
    yield store
    store.close()


def _window(qtbot, store):  # type: ignore[no-untyped-def]
    from planner.ui.main_window import MainWindow

    win = MainWindow()

    def quiet(_w: object) -> None:
        win.document.undo_stack.setClean()

    qtbot.addWidget(win, before_close_func=quiet)
    win.set_store(store)
    win.load_panels()
    win.resize(1500, 950)
    win.show()
    qtbot.waitExposed(win)
    assert win.files.open_path(ROOT / "examples" / "three-variants.gpubuild", ask=False)
    qtbot.wait(50)
    return win


def test_the_main_window_speaks_only_through_translations(qtbot, pseudo, real_store,
                                                          data_words):
    win = _window(qtbot, real_store)
    data = (data_words | catalog_words(win.document.catalog)
            | {v.name for v in win.document.study.variants} | {win.document.study.name})
    texts = _visible_texts(win)
    assert len(win.panel_docks) == 7 and len(texts) > 500  # the panels are there and were read
    for dock in win.panel_docks.values():  # the bottom docks are tabs: raise each in turn
        dock.raise_()
        qtbot.wait(10)
        texts += _visible_texts(dock)
    for menu_action in win.menuBar().actions():
        texts.append(menu_action.text())
        if menu_action.menu() is not None:
            texts += [a.text() for a in menu_action.menu().actions()]
    assert QCoreApplication.translate("Probe", "x") == "⟦x⟧"
    assert _leftovers(texts, data) == []


def _dialogs(win) -> list[QDialog]:  # type: ignore[no-untyped-def]
    from planner.ui.custom_gpu_dialog import CustomGpuDialog
    from planner.ui.file_changed_dialog import FileChangedDialog
    from planner.ui.panels.recommend import RecommendDialog
    from planner.ui.panels.workload_recipe import RecipeDialog
    from planner.ui.panels.workloads_columns import WorkloadLabels
    from planner.ui.preferences import PreferencesDialog

    doc = win.document
    return [
        PreferencesDialog(doc.catalog, doc.build, win),
        RecommendDialog(doc, win),
        CustomGpuDialog(doc.catalog, lambda _g: None, None, win),
        RecipeDialog(doc, 0, WorkloadLabels(), win),
        FileChangedDialog("lab.gpubuild", True, win),
    ]


def test_every_dialog_speaks_only_through_translations(qtbot, pseudo, real_store, data_words):
    win = _window(qtbot, real_store)
    data = (data_words | catalog_words(win.document.catalog)
            | {v.name for v in win.document.study.variants})
    caught: dict[str, list[str]] = {}
    for dialog in _dialogs(win):
        dialog.show()
        qtbot.waitExposed(dialog)
        if hasattr(dialog, "searching"):  # Recommend: its results arrive from a job
            qtbot.waitUntil(lambda d=dialog: not d.searching, timeout=30_000)
        texts = _visible_texts(dialog)
        for box in dialog.findChildren(QDialogButtonBox):
            texts += [b.text() for b in box.buttons()]
        left = _leftovers(texts, data)
        if left:
            caught[type(dialog).__name__] = left
        dialog.done(0)
    assert caught == {}


def test_both_sheet_pages_speak_only_through_translations(qapp, pseudo, data_words):
    from planner.documents import load_document
    from planner.report import text_document
    from planner.report.layout import Table, Text

    doc = load_document(ROOT / "examples" / "three-variants.gpubuild")
    catalog = load_catalog()
    sheet = text_document(doc, catalog, load_rates(), runs=None)
    texts: list[str] = []
    for section in sheet.sections:
        texts.append(section.footer)
        for block in section.blocks:
            if isinstance(block, Text):
                texts.append(block.text)
            elif isinstance(block, Table):
                texts += [c.text for c in block.header]
                texts += [c.text for row in block.rows for c in row]
    data = data_words | {v.name for v in doc.study.variants} | {doc.study.name, doc.study.notes}
    assert len(sheet.sections) == 2
    assert _leftovers(texts, data) == []
