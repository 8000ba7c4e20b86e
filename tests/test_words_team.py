"""The team catalog's words in both languages: field-by-field differences and ``team`` output.

Expected lines are written out by hand, English and Simplified Chinese (the shipped .qm).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, QLocale

from planner.core.records.specs import GpuSpec
from planner.documents.compare import SKIPPED, _label
from planner.schema.fields import spec_of
from planner.schema.records import GpuSnapshot
from planner.translations import install_translators
from planner.words.differences import LABELS, gpu_difference_lines

CARD = GpuSpec(id="lab-card", vendor="NVIDIA", name="Lab card", architecture="ada",
               segment="workstation", form_factor="pcie-card", memory_gb=48, memory_type="GDDR6",
               memory_bandwidth_gbs=960, tdp_w=300, sources=("inventory",), ecc=True)
THEIRS = dataclasses.replace(CARD, memory_gb=24, tdp_w=350.5, ecc=None)


@pytest.fixture
def chinese(qapp: QCoreApplication) -> Iterator[None]:
    app = qapp  # the tests' QApplication (a command run alone makes a QCoreApplication)
    before = QLocale()
    installed = install_translators(app, flag="zh_CN")
    yield
    for translator in installed:
        app.removeTranslator(translator)
    QLocale.setDefault(before)


def test_every_compared_gpu_field_has_its_words() -> None:
    compared = {k: _label(k, spec_of(i).label) for k, i in GpuSnapshot.model_fields.items()
                if k not in SKIPPED}
    assert compared == LABELS  # English reads exactly as the documents layer's own lines


def test_differences_in_english() -> None:
    assert gpu_difference_lines(CARD, THEIRS, ("in yours", "in theirs")) == [
        "Lab card: GPU memory in yours 48 GB, in theirs 24 GB.",
        "Lab card: board power in yours 300 W, in theirs 350.5 W.",
        "Lab card: ECC in yours yes, in theirs not stated.",
    ]


def test_differences_in_chinese(chinese: None) -> None:
    assert gpu_difference_lines(CARD, THEIRS, ("你的版本中", "对方的版本中")) == [
        "Lab card：你的版本中的GPU 显存为 48 GB，对方的版本中为 24 GB。",
        "Lab card：你的版本中的板卡功耗为 300 W，对方的版本中为 350.5 W。",
        "Lab card：你的版本中的ECC为 是，对方的版本中为 未注明。",
    ]


OFFLINE = "postgresql://me@127.0.0.1:1/lab"


def test_team_status_and_sync_in_both_languages(qapp: QCoreApplication,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("psycopg")
    from planner.cli.commands import run

    monkeypatch.setenv("GPU_PLANNER_DATABASE_URL", OFFLINE)
    monkeypatch.delenv("GPU_PLANNER_LOCALE", raising=False)
    assert run(["team", "--lang", "zh_CN", "status"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "团队目录 me@127.0.0.1:1/lab：离线",
        "等待同步的编辑：0 项",
        "上次同步：从未",
        "无法连接团队服务器 me@127.0.0.1:1/lab，程序将使用本地副本工作。",
    ]
    assert run(["team", "--lang", "zh_CN", "sync"]) == 2
    assert capsys.readouterr().err == (
        "无法连接团队服务器 me@127.0.0.1:1/lab，程序将使用本地副本工作；仍有 0 项编辑等待同步。\n")
    assert run(["team", "--lang", "en", "sync"]) == 2  # the process's language is back too
    assert capsys.readouterr().err == (
        "The team server me@127.0.0.1:1/lab cannot be reached, so the app works from its local "
        "copy; 0 edits still waiting.\n")
    assert run(["team", "--lang", "en", "status"]) == 0
    assert capsys.readouterr().out.splitlines()[:3] == [
        "Team catalog me@127.0.0.1:1/lab: offline", "Edits waiting: 0", "Last sync: never"]
