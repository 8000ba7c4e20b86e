"""The one edit path: every change is one undo step, worded in the user's language."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, Qt, QTranslator

from planner.core.estimator.memory import TrainingSetup
from planner.core.plan.build import Build, BuildSlot, CostSettings, TrackedWorkload
from planner.translations import i18n_dir
from planner.ui import edits
from planner.ui.build_canvas import BuildCanvas
from planner.ui.document import BuildDocument
from planner.ui.main_window import MainWindow
from planner.ui.panels.headroom import HeadroomPanel
from planner.ui.panels.workloads import WorkloadsPanel
from planner.ui.panels.workloads_columns import ADAPTER, RANK

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def translator(qapp):  # type: ignore[no-untyped-def]
    """Install the shipped translation of a locale for the test's duration."""
    installed: list[QTranslator] = []

    def install(locale: str) -> None:
        t = QTranslator()
        assert t.load(QLocale(locale), "planner", "_", i18n_dir())
        QCoreApplication.installTranslator(t)
        installed.append(t)

    yield install
    for t in installed:
        QCoreApplication.removeTranslator(t)


def _three_slots(catalog) -> Build:  # type: ignore[no-untyped-def]
    ids = ("nvidia-rtx-4090", "nvidia-rtx-3090", "nvidia-a100-sxm4-80gb")
    return Build(slots=tuple(BuildSlot(catalog.gpu(i), 1) for i in ids))


def _order(document: BuildDocument) -> list[str]:
    return [s.gpu.id.split("-", 1)[1] for s in document.build.slots]


@pytest.mark.parametrize(("src", "before", "expected"), [
    # "before" is the slot the moved one lands in front of, counted before the move.
    (0, 2, ["rtx-3090", "rtx-4090", "a100-sxm4-80gb"]),  # in front of the A100: second place
    (0, 3, ["rtx-3090", "a100-sxm4-80gb", "rtx-4090"]),  # past the end: last
    (2, 0, ["a100-sxm4-80gb", "rtx-4090", "rtx-3090"]),  # to the front
    (2, 1, ["rtx-4090", "a100-sxm4-80gb", "rtx-3090"]),  # in front of the 3090
    (1, 3, ["rtx-4090", "a100-sxm4-80gb", "rtx-3090"]),
])
def test_move_slot_lands_in_front_of_the_named_slot(document, src, before, expected):
    document.reset(_three_slots(document.catalog))
    edits.move_slot(document, src, before)
    assert _order(document) == expected
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert _order(document) == ["rtx-4090", "rtx-3090", "a100-sxm4-80gb"]


@pytest.mark.parametrize(("src", "before"), [(1, 1), (1, 2), (0, 0), (2, 3), (5, 0), (0, 9)])
def test_moving_a_slot_onto_itself_or_out_of_range_is_no_step(document, src, before):
    document.reset(_three_slots(document.catalog))
    edits.move_slot(document, src, before)
    assert _order(document) == ["rtx-4090", "rtx-3090", "a100-sxm4-80gb"]
    assert document.undo_stack.count() == 0


def test_typing_a_count_back_leaves_no_undo_step(qtbot, document):
    """Issue 12: 1 → 3 → 1 in the spin box was an undo step that did nothing, and "modified"."""
    canvas = BuildCanvas(document)
    qtbot.addWidget(canvas)
    edits.add_gpu_ids(document, ["nvidia-rtx-4090"])
    document.undo_stack.setClean()  # as after a save
    spin = canvas.cards[0].count
    spin.setValue(3)
    assert document.is_modified() and document.undo_stack.count() == 2
    spin.setValue(1)
    assert document.build.slots[0].count == 1
    assert document.undo_stack.count() == 1  # only "Add GeForce RTX 4090" is left
    assert not document.is_modified()
    spin.setValue(2)  # a new edit after that is a step of its own again
    assert document.undo_stack.count() == 2 and document.is_modified()


def _window(qtbot, store) -> MainWindow:  # type: ignore[no-untyped-def]
    window = MainWindow()

    def quiet(win: MainWindow) -> None:  # closing asks nothing, whatever a test left modified
        win.document.undo_stack.setClean()
        win.document.undo_stack.cleanChanged.disconnect()

    qtbot.addWidget(window, before_close_func=quiet)
    window.set_store(store)
    return window


def test_window_title_is_not_modified_after_typing_back(qtbot, store):
    window = _window(qtbot, store)
    edits.add_gpu_ids(window.document, ["nvidia-rtx-4090"])
    window.document.undo_stack.setClean()
    edits.set_count(window.document, 0, 5)
    assert window.isWindowModified()
    edits.set_count(window.document, 0, 1)
    assert not window.isWindowModified()
    assert not window.undo_action.text().startswith("&Undo Change count")


def test_undo_action_names_the_step_and_undoes_it(qtbot, store):
    window = _window(qtbot, store)
    assert not window.undo_action.isEnabled() and not window.redo_action.isEnabled()
    edits.add_gpu_ids(window.document, ["nvidia-rtx-3090"])
    assert window.undo_action.text() == "&Undo Add GeForce RTX 3090"
    assert window.undo_action in window.menuBar().actions()[1].menu().actions()
    window.undo_action.trigger()
    assert window.document.build.slots == ()
    assert window.redo_action.text() == "&Redo Add GeForce RTX 3090"


def test_workload_edits_are_worded_in_the_users_language(qtbot, document, translator):
    """Issue 13: "Change lora rank of …" reached Chinese users in English."""
    llama = document.catalog.workloads[0]
    edits.track_workload(document, llama)
    edits.set_workload_setting(document, 0, "adapter", "lora")
    translator("zh_CN")
    edits.set_workload_setting(document, 0, "lora_rank", 32)
    text = document.undo_stack.undoText()
    assert text == f"修改 {llama.name} 的 LoRA 秩", text
    assert document.build.workloads[0].training.lora_rank == 32


def test_typing_a_workload_setting_merges_into_one_step(document):
    edits.track_workload(document, document.catalog.workloads[0])
    for batch in (2, 23, 234):
        edits.set_workload_setting(document, 0, "batch", batch)
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert document.build.workloads[0].training.batch == max(
        1, document.catalog.workloads[0].default_batch)


def test_qlora_is_shown_as_qlora_not_lora(qtbot, document):
    llama = next(w for w in document.catalog.workloads if w.hidden)
    document.reset(Build(workloads=(
        TrackedWorkload(llama, "train", training=TrainingSetup(lora_rank=16, qlora=True)),
        TrackedWorkload(llama, "train", training=TrainingSetup(lora_rank=16)),
        TrackedWorkload(llama, "train"))))
    panel = WorkloadsPanel(document)
    qtbot.addWidget(panel)
    panel.refresh()
    shown = [panel.model.index(r, ADAPTER).data() for r in range(3)]
    assert shown == ["QLoRA", "LoRA", "Full"]
    assert panel.model.index(0, ADAPTER).data(Qt.ItemDataRole.EditRole) == "qlora"
    assert panel.model.index(0, RANK).data() == "16"


def test_cards_and_totals_show_money_in_the_builds_currency(qtbot, document):
    """Issue 12: in CNY the totals read ¥ while the cards still read $."""
    rates = tomllib.loads((ROOT / "data" / "currency.toml").read_text(encoding="utf-8"))
    # The price is converted at the reading in force on its date (2026-01-01): the newest
    # CFETS reading on or before that day, from the current one or its history.
    readings = [rates["rates"], *rates.get("history", [])]
    in_force = max((r for r in readings if r["as_of"] <= "2026-01-01"), key=lambda r: r["as_of"])
    cny_per_usd = in_force["cny_per_usd"]
    # Only the fixture's 2026-01-01 street price of $1,899, so the yuan figure is a conversion.
    street = next(p for p in document.catalog.gpu("nvidia-rtx-4090").prices
                  if p.kind == "street" and p.currency == "USD")
    gpu = replace(document.catalog.gpu("nvidia-rtx-4090"), prices=(street,))
    document.reset(Build(slots=(BuildSlot(gpu, 2),), cost=CostSettings(currency="CNY")))
    canvas = BuildCanvas(document)
    qtbot.addWidget(canvas)
    unit = round(1899 * cny_per_usd)  # e.g. 1,899 × 6.9858 = ¥13,266.03 a card
    assert f"¥{unit:,}" in canvas.cards[0].figures.text()
    assert "$" not in canvas.cards[0].figures.text()
    assert canvas.totals.values["price"].text() == f"¥{round(2 * 1899 * cny_per_usd):,}"
    assert in_force["as_of"] in canvas.totals.values["price"].toolTip()
    assert in_force["as_of"] in canvas.cards[0].figures.toolTip()
    document.reset(replace(document.build, cost=CostSettings(currency="USD")))
    assert "$1,899 (new, " in canvas.cards[0].figures.text()
    # The fixture's JD.com listing (¥12,999, 2025-11-11) is older than the $1,899 street price
    # (2026-01-01): of one basis the newest record wins, in every currency (issue 19).
    document.reset(Build(slots=(BuildSlot(document.catalog.gpu("nvidia-rtx-4090"), 2),),
                         cost=CostSettings(currency="CNY")))
    assert f"¥{unit:,} (new, " in canvas.cards[0].figures.text()
    assert canvas.totals.values["price"].text() == f"¥{round(2 * 1899 * cny_per_usd):,}"


@pytest.mark.parametrize(("count", "words"), [(1, "per GPU on 1 GPU,"), (5, "per GPU on 5 GPUs,")])
def test_headroom_summary_counts_gpus_in_good_english(qtbot, document, translator, count, words):
    """Issue 12: "per GPU on 5 GPU(s)"."""
    translator("en")
    gpu = document.catalog.gpu("nvidia-rtx-4090")
    document.reset(Build(slots=(BuildSlot(gpu, count),),
                         workloads=(TrackedWorkload(document.catalog.workloads[0]),)))
    panel = HeadroomPanel(document)
    qtbot.addWidget(panel)
    panel.refresh()
    assert words in panel.summary.text()
    assert "(s)" not in panel.summary.text()
