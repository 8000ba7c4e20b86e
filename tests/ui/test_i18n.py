from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

from planner.core.physics import BuildWarning
from planner.ui.catalog_panel import CatalogPanel
from planner.ui.i18n import i18n_dir
from planner.ui.warnings_text import warning_text


@pytest.fixture
def chinese(qapp):
    translator = QTranslator()
    assert translator.load(QLocale("zh_CN"), "planner", "_", i18n_dir())
    QCoreApplication.installTranslator(translator)
    yield
    QCoreApplication.removeTranslator(translator)


def test_compiled_translations_ship():
    assert (Path(i18n_dir()) / "planner_zh_CN.qm").is_file()


def test_shell_speaks_chinese(qtbot, document, chinese):
    panel = CatalogPanel(document)
    qtbot.addWidget(panel)
    assert panel.search.placeholderText().startswith("搜索 GPU")
    assert panel.vendor.itemText(0) == "所有厂商"


def test_warnings_translated_from_code_and_params(chinese):
    w = BuildWarning("no-peer-link", "GeForce RTX 4090 has no NVLink …", {"gpu": "RTX 4090"})
    assert warning_text(w).startswith("RTX 4090 没有 NVLink")


def test_unknown_warning_code_falls_back_to_core_sentence():
    w = BuildWarning("brand-new-rule", "A sentence from core.", {})
    assert warning_text(w) == "A sentence from core."
    w = BuildWarning("psu", "Missing its parameter.", {})
    assert warning_text(w) == "Missing its parameter."
