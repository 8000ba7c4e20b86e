from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

from planner.core.plan.physics import BuildWarning
from planner.translations import i18n_dir
from planner.ui.catalog_panel import CatalogPanel
from planner.words.warnings import warning_text


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


def test_suggestions_speak_chinese_including_stacked_ones(chinese, real_catalog):
    from planner.core.estimator.memory import TrainingSetup
    from planner.core.plan.build import TrackedWorkload
    from planner.core.plan.suggest import suggestions
    from planner.words.suggestions import suggestion_cost, suggestion_title

    gpu = real_catalog.gpu("nvidia-rtx-4090")
    bert = TrackedWorkload(real_catalog.workload("bert-large"), "train",
                           training=TrainingSetup(batch=32, seq=512))
    found = {s.code: s for s in suggestions(bert, gpu.memory_bytes, 4)}
    assert suggestion_title(found["checkpointing"]) == "开启梯度检查点"
    acc = found["accumulate"]
    assert suggestion_title(acc).startswith("微批次 16，梯度累积 2 步")
    assert "有效批次仍为 128" in suggestion_title(acc)
    assert "33%" in suggestion_cost(found["checkpointing"])
    llama = TrackedWorkload(real_catalog.workload("llama-3-8b"), "train",
                            training=TrainingSetup(batch=4, seq=2048))
    stacked = suggestions(llama, gpu.memory_bytes, 1)
    assert stacked[0].code == "combined" and " + " in suggestion_title(stacked[0])
    assert "QLoRA（4 位基座" in suggestion_title(stacked[0])


def test_suggestion_text_falls_back_to_core_in_english(real_catalog):
    from planner.core.plan.suggest import Suggestion

    s = Suggestion("new-code", "Core sentence", "Core cost", None, 0, "fits",  # type: ignore[arg-type]
                   (("new-code", {}),))
    from planner.words.suggestions import suggestion_cost, suggestion_title

    assert suggestion_title(s) == "Core sentence" and suggestion_cost(s) == "Core cost"


@pytest.mark.parametrize(("menu", "button"), [
    ("&New", "New"), ("&Open…", "Open"), ("新建(&N)", "新建"), ("打开(&O)…", "打开"),
    ("推荐配置（&R）", "推荐配置"), ("Save &As...", "Save As"), ("R&&D", "R&D")])
def test_toolbar_buttons_drop_menu_mnemonics(menu: str, button: str) -> None:
    from planner.ui.i18n import button_text

    assert button_text(menu) == button


def test_chinese_toolbar_has_no_mnemonics(qtbot, chinese):
    from planner.ui.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    texts = [a.iconText() for a in (window.new_action, window.open_action, window.save_action,
                                    window.recommend_action)]
    assert texts[0] == "新建"
    assert all("(" not in t and "&" not in t for t in texts), texts


def test_english_plurals_from_translate_with_a_count(qapp):
    """English reads "1 GPU" and "3 GPUs" from the plural forms in planner_en.ts."""
    translator = QTranslator()
    assert translator.load(QLocale("en"), "planner", "_", i18n_dir())
    QCoreApplication.installTranslator(translator)
    try:
        assert QCoreApplication.translate("Edits", "Add %n GPU(s)", "", 3) == "Add 3 GPUs"
        assert QCoreApplication.translate("Edits", "Add %n GPU(s)", "", 1) == "Add 1 GPU"
    finally:
        QCoreApplication.removeTranslator(translator)


#: How resources/i18n/README.md says to run lupdate for each file (English keeps plurals only).
LUPDATE_OPTIONS = {"planner_zh_CN": [], "planner_en": ["-pluralonly"]}


def _lupdate_into_copy(tmp_path: Path, name: str) -> Path:
    """Run lupdate over the sources into a copy of the shipped .ts, as a developer would."""
    import shutil
    import subprocess
    import sys

    lupdate = Path(sys.executable).with_name("pyside6-lupdate")
    if not lupdate.exists():
        pytest.skip("pyside6-lupdate is not installed beside this Python")
    root_dir = Path(__file__).resolve().parents[2]
    copy = tmp_path / f"{name}.ts"
    shutil.copy(Path(i18n_dir()) / f"{name}.ts", copy)
    sources = sorted(str(p) for p in (root_dir / "planner").rglob("*.py"))
    subprocess.run([str(lupdate), *sources, *LUPDATE_OPTIONS[name], "-locations", "none",
                    "-ts", str(copy)], check=True, capture_output=True)
    return copy


def _messages(ts: Path) -> dict[tuple[str, str], tuple[str, list[str]]]:
    """(context, source) → (translation type, translated forms) of every message in a .ts."""
    import xml.etree.ElementTree as ET

    out = {}
    for context in ET.parse(ts).getroot().iter("context"):
        for message in context.iter("message"):
            translation = message.find("translation")
            assert translation is not None
            forms = [f.text or "" for f in translation.findall("numerusform")] \
                or [translation.text or ""]
            key = (context.findtext("name", ""), message.findtext("source", ""))
            out[key] = (translation.get("type", "finished"), forms)
    return out


@pytest.mark.parametrize("name", ["planner_zh_CN", "planner_en"])
def test_lupdate_finds_no_unfinished_or_vanished_message(tmp_path, name):
    """Every string in the code is in the .ts with its translation; none is left behind.

    A new string without a translation shows in English to Chinese users (unfinished); a
    string whose call site lupdate cannot read (an alias of tr, a variable) vanishes.
    """
    messages = _messages(_lupdate_into_copy(tmp_path, name))
    unfinished = sorted(k for k, (kind, _f) in messages.items() if kind == "unfinished")
    vanished = sorted(k for k, (kind, _f) in messages.items() if kind in ("vanished", "obsolete"))
    assert not unfinished, f"translate these in resources/i18n/{name}.ts: {unfinished}"
    assert not vanished, f"lupdate no longer finds these in the code: {vanished}"
    shipped = _messages(Path(i18n_dir()) / f"{name}.ts")
    assert set(shipped) == set(messages), "run lupdate as resources/i18n/README.md says"


@pytest.mark.parametrize(("name", "forms"), [("planner_zh_CN", 1), ("planner_en", 2)])
def test_translations_keep_placeholders_and_plural_forms(name, forms):
    """%1, %n … survive translation, and each plural has its language's number of forms."""
    import re

    messages = _messages(Path(i18n_dir()) / f"{name}.ts")
    assert messages
    plurals = 0
    for (context, source), (_kind, translated) in messages.items():
        wanted = sorted(set(re.findall(r"%(?:n|\d|[a-z]+)", source)))
        if "%n" in source:
            plurals += 1
            assert len(translated) == forms, (context, source, translated)
        for text in translated:
            found = sorted(set(re.findall(r"%(?:n|\d|[a-z]+)", text)))
            assert found == wanted, (context, source, text)
    assert plurals >= 8  # the counts the UI words: GPUs, builds, unpriced cards …


@pytest.mark.parametrize("name", ["planner_zh_CN", "planner_en"])
def test_compiled_translations_match_their_sources(tmp_path, name):
    """The .qm the app loads is the compiled form of the reviewed .ts, not an older build."""
    import subprocess
    import sys

    lrelease = Path(sys.executable).with_name("pyside6-lrelease")
    if not lrelease.exists():
        pytest.skip("pyside6-lrelease is not installed beside this Python")
    folder = Path(i18n_dir())
    out = tmp_path / f"{name}.qm"
    subprocess.run([str(lrelease), str(folder / f"{name}.ts"), "-qm", str(out)], check=True,
                   capture_output=True)
    assert out.read_bytes() == (folder / f"{name}.qm").read_bytes()


@pytest.mark.parametrize("locale_name", ["C", "de_DE", "en_GB"])
def test_untranslated_locales_read_english_with_plurals(qapp, monkeypatch, locale_name):
    from planner.translations import LOCALE_ENV, install_translators

    monkeypatch.setenv(LOCALE_ENV, locale_name)
    installed = install_translators(qapp)
    try:
        assert QCoreApplication.translate("Edits", "Add %n GPU(s)", "", 3) == "Add 3 GPUs"
    finally:
        for translator in installed:
            QCoreApplication.removeTranslator(translator)
        QLocale.setDefault(QLocale.system())


def test_chinese_locale_still_gets_chinese(qapp, monkeypatch):
    from planner.translations import LOCALE_ENV, install_translators

    monkeypatch.setenv(LOCALE_ENV, "zh_CN")
    installed = install_translators(qapp)
    try:
        assert QCoreApplication.translate("Edits", "Add %n GPU(s)", "", 3) == "添加 3 个 GPU"
    finally:
        for translator in installed:
            QCoreApplication.removeTranslator(translator)
        QLocale.setDefault(QLocale.system())


def test_qt_s_own_file_dialog_reads_chinese(qapp):
    """Every label of Qt's own file dialog is Chinese (Qt 6.11's "&Look in:" and "Files of
    &type:" are missing from Qt's catalogue; ours carries them, issue 30)."""
    import re

    from PySide6.QtWidgets import QFileDialog

    from planner.translations import install_translators

    installed = install_translators(qapp, flag="zh_CN")
    try:
        dialog = QFileDialog()
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        labels = [dialog.labelText(label) for label in QFileDialog.DialogLabel]
        english = [t for t in labels if re.search(r"[A-Za-z]{2}", t.replace("&", ""))]
        assert not english, english
    finally:
        for translator in installed:
            QCoreApplication.removeTranslator(translator)
        QLocale.setDefault(QLocale.system())


@pytest.mark.parametrize(("flag", "env", "preference", "expected"), [
    ("zh_CN", "en", "en", "添加 3 个 GPU"),  # --lang wins over everything
    ("en", "zh_CN", "zh_CN", "Add 3 GPUs"),
    (None, "zh_CN", "en", "添加 3 个 GPU"),  # then GPU_PLANNER_LOCALE
    (None, None, "zh_CN", "添加 3 个 GPU"),  # then Preferences
    (None, None, "en", "Add 3 GPUs"),
])
def test_language_is_chosen_flag_then_environment_then_preferences(
        qapp, monkeypatch, flag, env, preference, expected):
    from planner.translations import LOCALE_ENV, install_translators

    if env is None:
        monkeypatch.delenv(LOCALE_ENV, raising=False)
    else:
        monkeypatch.setenv(LOCALE_ENV, env)
    installed = install_translators(qapp, preference, flag)
    try:
        assert QCoreApplication.translate("Edits", "Add %n GPU(s)", "", 3) == expected
    finally:
        for translator in installed:
            QCoreApplication.removeTranslator(translator)
        QLocale.setDefault(QLocale.system())


def test_one_chinese_word_per_meaning():
    """余量 is headroom (free memory); calibration's slack has its own word (issue 30)."""
    import xml.etree.ElementTree as ET

    root = ET.parse(Path(i18n_dir()) / "planner_zh_CN.ts").getroot()
    pairs = [(m.findtext("source") or "", m.findtext("translation") or "")
             for m in root.iter("message")]
    slack = [t for s, t in pairs if "slack" in s.lower()]
    headroom = [t for s, t in pairs if "headroom" in s.lower()]
    assert slack and headroom
    assert not any("余量" in t for t in slack), slack
    assert all("松弛量" in t for t in slack), slack
