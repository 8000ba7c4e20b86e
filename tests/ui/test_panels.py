"""The analysis panels show core's figures, and their controls make undoable document edits."""

from __future__ import annotations

import json
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractItemModel, QCoreApplication, QLocale, QPointF, Qt, QTranslator
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QAbstractItemView, QComboBox, QLineEdit, QSpinBox, QWidget

from planner.catalog.datafiles import load_catalog
from planner.core.costs.energy import Usage
from planner.core.costs.formatting import GIB, Formatter
from planner.core.costs.money import Rates
from planner.core.estimator.memory import InferenceSetup, TrainingSetup
from planner.core.plan.build import Build, BuildSlot, CostSettings, TrackedWorkload
from planner.core.records.precision import TRAINING_PRECISIONS
from planner.core.records.specs import Catalog
from planner.core.views.compare import comparison_table
from planner.core.views.energy import energy_view
from planner.core.views.headroom import headroom_rows
from planner.translations import i18n_dir
from planner.ui import edits
from planner.ui.document import BuildDocument
from planner.ui.panels.common import verdict_color
from planner.ui.panels.comparison import ComparisonPanel
from planner.ui.panels.energy import COST, KWH, EnergyPanel
from planner.ui.panels.headroom import HeadroomPanel
from planner.ui.panels.recommend import RecommendDialog
from planner.ui.panels.workloads import WorkloadsPanel
from planner.ui.panels.workloads_columns import (
    ACCUMULATION,
    ADAPTER,
    ATTENTION,
    BATCH,
    CHECKPOINTING,
    ESTIMATE,
    NAME,
    OPTIMIZER,
    PRECISION,
    RANK,
    REMOVE,
    SEQ,
    STRATEGY,
    TASK,
)
from planner.words.wording import verdict_text

RATES = Rates(cny_per_usd=7.1, cny_per_eur=7.8)
gib = Formatter().memory
number = Formatter().number


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()  # the shipped data must load: no quiet fallback to a fixture


def _build(catalog: Catalog) -> Build:
    llama = catalog.workload("llama-3.1-8b")
    vit = catalog.workload("vit-b-16")
    assert llama and vit
    return Build(
        slots=(BuildSlot(catalog.gpu("nvidia-rtx-4090"), 2),  # type: ignore[arg-type]
               BuildSlot(catalog.gpu("nvidia-rtx-3090"), 1)),  # type: ignore[arg-type]
        workloads=(
            TrackedWorkload(llama, "train", training=TrainingSetup(
                seq=2048, batch=2, qlora=True, lora_rank=16)),
            # Pipeline-parallel: 32 heads do not split over 3 GPUs by tensor parallelism.
            TrackedWorkload(llama, "inference", inference=InferenceSetup(seq=4096, batch=2,
                                                                         strategy="pp")),
            TrackedWorkload(vit, "train", training=TrainingSetup(batch=32)),
        ),
        usage=Usage(hours_per_day=8, utilization=0.8),
        cost=CostSettings(years=4, carbon_id=catalog.carbon[0].id),
    )


@pytest.fixture
def document(catalog: Catalog) -> BuildDocument:
    return BuildDocument(catalog, _build(catalog))


def _show(qtbot, widget):  # type: ignore[no-untyped-def]
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


# --- headroom -----------------------------------------------------------------------------------

def test_headroom_bars_equal_core(qtbot, document: BuildDocument) -> None:
    panel = _show(qtbot, HeadroomPanel(document))
    rows = headroom_rows(document.build, None)
    bars = panel.bars.bars
    assert [b.used for b in bars] == pytest.approx([r.needed_bytes / GIB for r in rows])
    assert [b.usable for b in bars] == pytest.approx([r.usable_bytes / GIB for r in rows])
    assert [b.low for b in bars] == pytest.approx([r.low_bytes / GIB for r in rows])
    assert [b.high for b in bars] == pytest.approx([r.high_bytes / GIB for r in rows])
    for bar, row in zip(bars, rows, strict=True):
        assert verdict_text(row.verdict) in bar.label
        assert gib(row.needed_bytes) in bar.label
        assert bar.color == verdict_color(row.verdict)
    # every label fits inside the x range the chart shows (labels are in pixels, bars in GiB)
    view = panel.plot.getPlotItem().getViewBox()
    x_max = view.viewRange()[0][1]
    metrics = QFontMetricsF(panel.font())
    for bar in bars:
        end_px = view.mapViewToDevice(QPointF(max(bar.high, bar.usable), 0)).x()
        right_px = view.mapViewToDevice(QPointF(x_max, 0)).x()
        assert end_px + metrics.horizontalAdvance(bar.label) <= right_px
    # the grid lines the bars item draws are the axis' ticks: round GiB steps across the range
    ticks = [value for value, _text in panel.plot.getAxis("bottom")._tickLevels[0]]
    assert list(panel.bars.grid) == ticks and ticks[0] == 0 and ticks[-1] <= x_max
    steps = {round(b - a, 9) for a, b in pairwise(ticks)}
    assert len(steps) == 1 and 2 <= len(ticks) <= 9
    tip = panel.tooltip_for(0)
    assert gib(rows[0].breakdown["activations"], 2) in tip and "±15" in tip
    assert panel.row_at(0.1) == 0 and panel.row_at(0.5) is None


def test_headroom_tooltip_names_the_link_training_waits_on(qtbot, catalog: Catalog) -> None:
    # Two RTX 4090s on a desktop board: x8/x8, no peer-to-peer, so NCCL goes through host memory.
    llama = catalog.workload("gpt2-medium")
    build = Build(slots=(BuildSlot(catalog.gpu("nvidia-rtx-4090"), 2),),  # type: ignore[arg-type]
                  workloads=(TrackedWorkload(llama, "train", training=TrainingSetup(
                      batch=8, seq=1024)),))
    panel = _show(qtbot, HeadroomPanel(BuildDocument(catalog, build)))
    row = headroom_rows(build, None)[0]
    assert row.link is not None and row.link.kind == "pcie-host" and row.link.lanes_split
    tip = panel.tooltip_for(0)
    assert "PCIe 4.0 x8 via host memory (x8/x8)" in tip
    assert Formatter().percent(row.link.waiting_share) in tip
    # One card sends nothing: no link line.
    single = replace(build, slots=(BuildSlot(catalog.gpu("nvidia-rtx-4090"), 1),))  # type: ignore[arg-type]
    assert headroom_rows(single, None)[0].link is None


def test_suggestion_button_applies_and_undo_reverts(qtbot, document: BuildDocument) -> None:
    panel = _show(qtbot, HeadroomPanel(document))
    before = document.build
    assert headroom_rows(before, None)[0].verdict == "does-not-fit"
    assert panel.suggestion_buttons
    with qtbot.waitSignal(document.changed):
        qtbot.mouseClick(panel.suggestion_buttons[0], Qt.MouseButton.LeftButton)
    after = headroom_rows(document.build, None)[0]
    assert after.verdict != "does-not-fit"
    assert panel.bars.bars[0].used == pytest.approx(after.needed_bytes / GIB)
    document.undo_stack.undo()
    assert document.build == before
    needed = headroom_rows(before, None)[0].needed_bytes
    assert panel.bars.bars[0].used == pytest.approx(needed / GIB)


# --- energy -------------------------------------------------------------------------------------

def test_energy_figures_equal_core(qtbot, document: BuildDocument) -> None:
    panel = _show(qtbot, EnergyPanel(document, rates=RATES))
    view = energy_view(document.build, document.catalog, RATES)
    assert view.total is not None
    model = panel.table.model()
    total_row = model.rowCount() - 1
    assert total_row == len(view.lines)
    idle_note = " (idle not counted)"
    assert model.index(total_row, KWH).data() == number(view.total.kwh_per_year) + (
        "" if view.total.idle_counted else idle_note)
    assert model.index(total_row, COST).data() == Formatter(currency=view.currency).money(
        view.total.cost_per_year)
    assert model.index(total_row, KWH).data(Qt.ItemDataRole.FontRole).bold()
    for r, line in enumerate(view.lines):
        assert model.index(r, KWH).data() == number(line.kwh_per_year) + (
            "" if line.idle_counted else idle_note)
        assert number(line.kwh_idle_per_year) in model.index(r, KWH).data(
            Qt.ItemDataRole.ToolTipRole)
        gpu = document.catalog.gpu(line.gpu_id)
        assert gpu.sources[0] in model.index(r, 0).data(Qt.ItemDataRole.ToolTipRole)
    xs, ys = panel.own_curve.getData()
    assert list(xs) == list(view.years)
    assert list(ys) == pytest.approx(list(view.own_cumulative))


def test_energy_inputs_edit_the_document(qtbot, document: BuildDocument) -> None:
    panel = _show(qtbot, EnergyPanel(document, rates=RATES))
    panel.inputs.hours.setValue(12)
    assert document.build.usage.hours_per_day == 12
    panel.inputs.hours.setValue(13)  # merges with the previous keystroke
    assert document.undo_stack.count() == 1
    panel.inputs.utilization.setValue(50)
    assert document.build.usage.utilization == pytest.approx(0.5)
    panel.inputs.currency.setCurrentIndex(panel.inputs.currency.findData("EUR"))
    assert document.build.cost.currency == "EUR"
    tariff = document.catalog.tariffs[0]
    panel.inputs.tariff.setCurrentIndex(panel.inputs.tariff.findData(tariff.id))
    assert document.build.cost.tariff_id == tariff.id
    assert not panel.inputs.price.isEnabled()
    panel.inputs.years.setValue(7)
    assert document.build.cost.years == 7
    assert len(panel.own_curve.getData()[0]) == 8
    panel.inputs.pue.setValue(1.5)
    assert document.build.usage.pue == pytest.approx(1.5)
    view = energy_view(document.build, document.catalog, RATES)
    model = panel.table.model()
    assert model.index(model.rowCount() - 1, COST).data() == Formatter(currency="EUR").money(
        view.total.cost_per_year)  # type: ignore[union-attr]
    document.undo_stack.undo()
    assert document.build.usage.pue == 1.0
    assert panel.inputs.pue.value() == pytest.approx(1.0)
    # the user picks a machine of another GPU (the fixture rents only 8× H100): renting is
    # like for like on every surface, so it is set aside and nothing rents the build's cards
    instance = document.catalog.cloud[-1]
    assert {s.gpu.id for s in document.build.slots} != {instance.gpu_id}
    cloud = panel.inputs.cloud
    cloud.setCurrentIndex(cloud.findData(instance.id))
    assert document.build.cost.cloud_instance_id == instance.id
    view = energy_view(document.build, document.catalog, RATES)
    assert view.cloud is None
    assert "No like-for-like rental on record" in panel.summary.text()
    assert not [label for sample, label in panel.legend.items
                if sample.item is panel.rent_curve]
    assert "cloud instance" in document.undo_stack.undoText()


# --- comparison ---------------------------------------------------------------------------------

def test_comparison_highlights_the_better_value(qtbot, document: BuildDocument) -> None:
    panel = _show(qtbot, ComparisonPanel(document, rates=RATES))
    panel.add_gpu("nvidia-a100-sxm4-80gb")
    gpus = panel.compared_gpus()
    assert [g.id for g in gpus] == ["nvidia-rtx-4090", "nvidia-rtx-3090",
                                    "nvidia-a100-sxm4-80gb"]
    table = comparison_table(gpus, document.build, document.catalog, RATES)
    keys = [r.key for r in table.rows]
    memory = keys.index("memory")
    w = panel.gpus_tab.table
    assert w.item(memory, 2).text() == number(80.0)
    assert w.item(memory, 2).font().bold() and w.item(memory, 2).data(Qt.ItemDataRole.UserRole)
    assert not w.item(memory, 0).font().bold()
    tdp = keys.index("tdp")
    best = table.rows[tdp].best
    for c in range(3):
        assert w.item(tdp, c).font().bold() == (c in best)
    assert "Source:" in w.item(memory, 0).toolTip()
    panel.remove_gpu("nvidia-rtx-3090")
    assert w.columnCount() == 2
    assert panel.arch_tab.table.columnCount() >= 2


def test_comparison_shows_speed_where_workloads_fit(qtbot, document: BuildDocument) -> None:
    panel = _show(qtbot, ComparisonPanel(document, rates=RATES))
    panel.add_gpu("nvidia-a100-sxm4-80gb")
    table = comparison_table(panel.compared_gpus(), document.build, document.catalog, RATES)
    keys = [r.key for r in table.rows]
    speed = table.row("speed:1")  # serving Llama: decode tokens/s on every card it fits
    r = keys.index("speed:1")
    w = panel.gpus_tab.table
    assert w.verticalHeaderItem(r).text().startswith("Speed: ")
    assert "tokens/s" in w.verticalHeaderItem(r).text()
    for c, value in enumerate(speed.values):
        assert w.item(r, c).text() == ("—" if value is None else number(value, 0))
    assert "40 %" in w.item(r, 0).toolTip()


# --- workloads ----------------------------------------------------------------------------------

def test_workload_edits_change_the_estimate(qtbot, document: BuildDocument) -> None:
    panel = _show(qtbot, WorkloadsPanel(document))
    view, model = panel.table, panel.model
    assert model.rowCount() == 3
    before = headroom_rows(document.build, None)[2]
    assert _text(model, 2, ESTIMATE).startswith(gib(before.needed_bytes))
    spin = _open_editor(view, 2, BATCH)
    assert isinstance(spin, QSpinBox)
    spin.setValue(64)
    assert document.build.workloads[2].training.batch == 64
    after = headroom_rows(document.build, None)[2]
    assert after.needed_bytes > before.needed_bytes
    assert _text(model, 2, ESTIMATE).startswith(gib(after.needed_bytes))
    _click_cell(qtbot, view, 2, CHECKPOINTING)
    assert document.build.workloads[2].training.checkpointing
    combo = _open_editor(view, 0, ADAPTER)
    assert isinstance(combo, QComboBox)
    combo.setCurrentIndex(combo.findData("full"))
    combo.activated.emit(combo.currentIndex())
    assert document.build.workloads[0].training.lora_rank is None
    assert not document.build.workloads[0].training.qlora
    document.undo_stack.undo()
    assert document.build.workloads[0].training.qlora
    _click_cell(qtbot, view, 1, REMOVE)
    assert len(document.build.workloads) == 2 and model.rowCount() == 2


def test_workloads_add_from_catalog_and_config(qtbot, document: BuildDocument,
                                               tmp_path: Path) -> None:
    panel = _show(qtbot, WorkloadsPanel(document))
    panel.picker.setCurrentIndex(panel.picker.findData("resnet-50"))
    panel.add_button.click()
    assert document.build.workloads[-1].workload.id == "resnet-50"
    assert _text(panel.table.model(), 3, NAME) == document.build.workloads[-1].workload.name
    folder = tmp_path / "Tiny-Llama"
    folder.mkdir()
    cfg = {"model_type": "llama", "num_hidden_layers": 2, "hidden_size": 256,
           "num_attention_heads": 4, "intermediate_size": 512, "vocab_size": 1000}
    (folder / "config.json").write_text(json.dumps(cfg))
    assert panel.add_config(folder / "config.json")
    assert document.build.workloads[-1].workload.name == "Tiny-Llama"
    assert panel.table.model().rowCount() == 5
    (folder / "bad.json").write_text("{not json")
    assert not panel.add_config(folder / "bad.json")
    assert panel.message.isVisible() and "JSON" in panel.message.text()
    (folder / "rwkv.json").write_text(json.dumps({"model_type": "rwkv"}))
    assert not panel.add_config(folder / "rwkv.json")
    assert panel.message.text().count(".") >= 1 and "rwkv" in panel.message.text()
    assert len(document.build.workloads) == 5


def _text(model: QAbstractItemModel, row: int, column: int) -> str:
    return model.index(row, column).data()


def _open_editor(view: QAbstractItemView, row: int, column: int) -> QWidget:
    """Start editing a cell as a click would, and return the delegate's live editor."""
    index = view.model().index(row, column)
    view.scrollTo(index)
    view.setCurrentIndex(index)  # a click makes the cell current, which starts editing
    if view.indexWidget(index) is None:
        view.edit(index)
    editor = view.indexWidget(index)
    assert editor is not None
    return editor


def _click_cell(qtbot, view: QAbstractItemView, row: int, column: int) -> None:  # type: ignore[no-untyped-def]
    index = view.model().index(row, column)
    view.scrollTo(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.visualRect(index).center())


def test_workload_batch_editor_commits_and_survives_its_refresh(
        qtbot, document: BuildDocument) -> None:
    panel = _show(qtbot, WorkloadsPanel(document))
    view, model = panel.table, panel.model
    spin = _open_editor(view, 2, BATCH)
    assert isinstance(spin, QSpinBox) and spin.value() == 32
    depth = document.undo_stack.count()
    spin.setValue(48)
    spin.setValue(50)  # arrow clicks are live, and merge into one undo step
    assert document.build.workloads[2].training.batch == 50
    assert document.undo_stack.count() == depth + 1
    assert view.indexWidget(model.index(2, BATCH)) is spin and spin.value() == 50
    rows = headroom_rows(document.build, None)
    assert _text(model, 2, ESTIMATE) == (f"{gib(rows[2].needed_bytes)} · "
                                         f"{verdict_text(rows[2].verdict)}")
    assert _text(model, 2, BATCH) == "50"
    qtbot.keyClicks(spin.findChild(QLineEdit), "\b\b12")
    qtbot.keyClick(spin, Qt.Key.Key_Return)  # typed digits count on Enter
    assert document.build.workloads[2].training.batch == 12
    assert document.undo_stack.count() == depth + 1  # still the same field: one step
    document.undo_stack.undo()
    assert document.build.workloads[2].training.batch == 32


def test_workload_combo_pick_is_one_undoable_edit(qtbot, document: BuildDocument) -> None:
    panel = _show(qtbot, WorkloadsPanel(document))
    view, model = panel.table, panel.model
    combo = _open_editor(view, 0, PRECISION)
    assert isinstance(combo, QComboBox)
    assert [combo.itemData(i) for i in range(combo.count())] == list(TRAINING_PRECISIONS)
    assert combo.currentData() == "amp-bf16"
    depth = document.undo_stack.count()
    qtbot.keyClick(combo, Qt.Key.Key_Up)  # a pick, as from the list: commits and closes
    assert document.build.workloads[0].training.precision == "amp-fp16"
    assert document.undo_stack.count() == depth + 1
    assert _text(model, 0, PRECISION) == TRAINING_PRECISIONS["amp-fp16"].label
    qtbot.waitUntil(lambda: view.indexWidget(model.index(0, PRECISION)) is None)
    document.undo_stack.undo()
    assert document.build.workloads[0].training.precision == "amp-bf16"
    assert _text(model, 0, PRECISION) == TRAINING_PRECISIONS["amp-bf16"].label
    combo = _open_editor(view, 1, PRECISION)  # inference: the quantizations
    assert isinstance(combo, QComboBox) and "int4" in [combo.itemData(i)
                                                       for i in range(combo.count())]
    strategy = _open_editor(view, 1, STRATEGY)
    assert isinstance(strategy, QComboBox)
    # serving: replicas (stored as "ddp", which core counts as a full copy per GPU), TP or PP
    assert [strategy.itemText(i) for i in range(strategy.count())] == ["Replicas", "TP", "PP"]
    assert [strategy.itemData(i) for i in range(strategy.count())] == ["ddp", "tp", "pp"]
    assert strategy.itemData(1, Qt.ItemDataRole.ToolTipRole).startswith("Tensor parallel")


def test_workload_checkpointing_toggles_on_click_and_space(qtbot,
                                                           document: BuildDocument) -> None:
    panel = _show(qtbot, WorkloadsPanel(document))
    view, model = panel.table, panel.model
    index = model.index(2, CHECKPOINTING)
    assert index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    _click_cell(qtbot, view, 2, CHECKPOINTING)
    assert document.build.workloads[2].training.checkpointing
    assert index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert view.indexWidget(index) is None  # no editor widget, just the box
    centre = view.visualRect(index).center()
    # a double click (press, release, press + double-click, release) toggles once, not twice
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    assert not document.build.workloads[2].training.checkpointing
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert document.build.workloads[2].training.checkpointing
    _click_cell(qtbot, view, 1, CHECKPOINTING)  # inference: does not apply
    assert not document.build.workloads[1].training.checkpointing


def test_workload_remove_by_click_and_delete_key(qtbot, document: BuildDocument) -> None:
    panel = _show(qtbot, WorkloadsPanel(document))
    view, model = panel.table, panel.model
    assert model.index(0, REMOVE).data() == "✕"
    assert model.index(0, REMOVE).data(Qt.ItemDataRole.ToolTipRole) == \
        "Stop tracking this workload"
    names = [t.workload.name for t in document.build.workloads]
    _click_cell(qtbot, view, 0, REMOVE)
    assert [t.task for t in document.build.workloads] == ["inference", "train"]
    assert model.rowCount() == 2 and _text(model, 0, NAME) == names[1]
    view.setCurrentIndex(model.index(1, NAME))
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert [t.task for t in document.build.workloads] == ["inference"]
    assert model.rowCount() == 1
    document.undo_stack.undo()
    assert model.rowCount() == 2 and _text(model, 1, NAME) == names[2]
    view.setCurrentIndex(model.index(0, ESTIMATE))
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert [t.task for t in document.build.workloads] == ["train"]
    assert not panel.empty.isVisible()
    _click_cell(qtbot, view, 0, REMOVE)
    assert model.rowCount() == 0 and panel.empty.isVisible() and not view.isVisible()


def test_workload_refresh_signals_only_what_changed(qtbot, document: BuildDocument) -> None:
    panel = _show(qtbot, WorkloadsPanel(document))
    model = panel.model
    changes: list[tuple[int, int, int, int]] = []
    structure: list[str] = []
    model.dataChanged.connect(lambda a, b, _roles=(): changes.append(
        (a.row(), b.row(), a.column(), b.column())))
    model.modelReset.connect(lambda: structure.append("reset"))
    model.rowsInserted.connect(lambda *_a: structure.append("insert"))
    model.rowsRemoved.connect(lambda *_a: structure.append("remove"))
    document.apply(document.build.with_count(0, 3), "x")  # 4 GPUs: every estimate changes
    assert structure == []
    assert changes and all(c[2] == c[3] == ESTIMATE for c in changes)
    assert sorted(r for c in changes for r in range(c[0], c[1] + 1)) == [0, 1, 2]
    rows = headroom_rows(document.build, None)
    for i, row in enumerate(rows):
        if row.verdict != "error":
            assert _text(model, i, ESTIMATE).startswith(gib(row.needed_bytes))
    changes.clear()
    edits.set_workload_setting(document, 1, "batch", 3)  # one row: its batch and its estimate
    assert structure == [] and changes == [(1, 1, ESTIMATE, BATCH)]
    changes.clear()
    panel.refresh()  # nothing changed: nothing signalled
    assert changes == [] and structure == []
    t = document.build.workloads[0]
    document.apply(document.build.with_workload_added(t), "x")
    assert structure == ["insert"] and changes == []
    edits.remove_workload(document, 1)
    assert structure == ["insert", "remove"] and changes == []


def test_workload_settings_that_do_not_apply_are_not_editable(qtbot,
                                                              document: BuildDocument) -> None:
    panel = _show(qtbot, WorkloadsPanel(document))
    view, model = panel.table, panel.model
    editable = Qt.ItemFlag.ItemIsEditable
    for column in (OPTIMIZER, ACCUMULATION, ATTENTION, ADAPTER, RANK):  # inference row
        flags = model.flags(model.index(1, column))
        assert not flags & editable and not flags & Qt.ItemFlag.ItemIsEnabled
    assert not model.flags(model.index(1, CHECKPOINTING)) & Qt.ItemFlag.ItemIsUserCheckable
    for column in (TASK, PRECISION, BATCH, SEQ, STRATEGY):
        assert model.flags(model.index(1, column)) & editable
    assert not model.flags(model.index(2, RANK)) & editable  # full fine-tuning: no rank
    assert model.flags(model.index(0, RANK)) & editable  # QLoRA
    assert not model.flags(model.index(0, ESTIMATE)) & editable
    index = model.index(1, OPTIMIZER)
    view.setCurrentIndex(index)
    view.edit(index)  # Qt refuses ("edit: editing failed"): no editor opens
    assert view.indexWidget(index) is None
    assert not model.setData(index, "sgd")
    assert document.build.workloads[1].training.optimizer == "adamw"
    assert _text(model, 2, SEQ) == "default"


def test_workloads_follow_a_language_change(qtbot, document: BuildDocument) -> None:
    panel = _show(qtbot, WorkloadsPanel(document))
    model = panel.model
    header = Qt.Orientation.Horizontal
    translator = QTranslator()
    assert translator.load(QLocale("zh_CN"), "planner", "_", i18n_dir())
    QCoreApplication.installTranslator(translator)
    try:
        qtbot.waitUntil(lambda: model.headerData(TASK, header) == "任务")
        assert _text(model, 0, TASK) == "训练" and _text(model, 2, SEQ) == "默认"
        assert model.index(0, REMOVE).data(Qt.ItemDataRole.ToolTipRole) != \
            "Stop tracking this workload"
    finally:
        QCoreApplication.removeTranslator(translator)
    qtbot.waitUntil(lambda: model.headerData(TASK, header) == "Task")
    assert _text(model, 0, TASK) == "Training"


# --- recommend ----------------------------------------------------------------------------------

def _searched(qtbot, dialog: RecommendDialog) -> None:  # type: ignore[no-untyped-def]
    """Wait for the latest search (it runs off the GUI thread) to show its results."""
    qtbot.waitUntil(lambda: not dialog.searching, timeout=30_000)


def test_recommend_dialog_applies_a_candidate(qtbot, document: BuildDocument) -> None:
    dialog = RecommendDialog(document, rates=RATES)
    qtbot.addWidget(dialog)
    _searched(qtbot, dialog)
    assert dialog.results, dialog.message.text()
    choice = dialog.results[0].candidate
    dialog.table.selectRow(0)
    dialog.apply_button.click()
    assert document.build.slots == (BuildSlot(choice.gpu, choice.count),)
    assert all(r.verdict != "does-not-fit" for r in headroom_rows(document.build, None))
    document.undo_stack.undo()
    assert document.build == _build(document.catalog)


def test_recommend_dialog_budget_and_presets(qtbot, document: BuildDocument) -> None:
    dialog = RecommendDialog(document, rates=RATES)
    qtbot.addWidget(dialog)
    dialog.currency.setCurrentIndex(dialog.currency.findData("CNY"))
    dialog.budget_on.setChecked(True)
    dialog.budget.setValue(1)
    _searched(qtbot, dialog)
    assert dialog.results == [] and dialog.message.text()
    dialog.budget_on.setChecked(False)
    _searched(qtbot, dialog)
    assert dialog.results and all(r.currency == "CNY" for r in dialog.results)
    for i in range(dialog.workloads.count()):
        dialog.workloads.item(i).setCheckState(Qt.CheckState.Unchecked)
    _searched(qtbot, dialog)
    assert dialog.results == [] and "workload" in dialog.message.text()


# --- all together -------------------------------------------------------------------------------

def test_hidden_panel_catches_up_when_shown(qtbot, document: BuildDocument) -> None:
    panel = HeadroomPanel(document)
    qtbot.addWidget(panel)
    document.apply(replace(document.build, workloads=document.build.workloads[:1]), "x")
    panel.show()
    qtbot.waitExposed(panel)
    assert len(panel.bars.bars) == 1


def test_clicking_a_choice_drops_its_list_open_but_arrowing_does_not(qtbot,
                                                                     document: BuildDocument):
    panel = _show(qtbot, WorkloadsPanel(document))
    view = panel.table
    index = view.model().index(0, PRECISION)
    view.scrollTo(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.visualRect(index).center())
    combo = view.indexWidget(index)
    assert isinstance(combo, QComboBox)
    qtbot.waitUntil(lambda: combo.view().isVisible())
    combo.hidePopup()
    view.closePersistentEditor(index)
    view.setCurrentIndex(view.model().index(1, TASK))
    qtbot.keyClick(view, Qt.Key.Key_Right)  # keyboard: editor opens, list stays closed
    qtbot.wait(20)
    moved = view.indexWidget(view.model().index(1, PRECISION))
    assert isinstance(moved, QComboBox) and not moved.view().isVisible()


def test_headroom_says_why_there_is_nothing_to_fix(qtbot, catalog: Catalog) -> None:
    document = BuildDocument(catalog)
    panel = _show(qtbot, HeadroomPanel(document))
    assert "appear here" in panel.all_fit.text()  # nothing tracked yet
    vit = catalog.workload("vit-b-16")
    assert vit is not None
    tracked = TrackedWorkload(vit, "train", training=TrainingSetup(batch=8))
    document.apply(replace(document.build, workloads=(tracked,)), "track")
    assert "Add GPUs" in panel.all_fit.text()
    document.apply(document.build.with_gpu_added(catalog.gpu("nvidia-rtx-4090")), "add")
    assert headroom_rows(document.build, None)[0].verdict == "fits"
    assert panel.all_fit.isVisibleTo(panel) and "fits this build" in panel.all_fit.text()


def test_the_rental_is_on_demand_until_the_user_asks(qtbot, catalog: Catalog) -> None:
    # Issue 29: two RTX 3090s have only a marketplace host (RunPod Community, $0.22) and Vast.ai's
    # interruptible floor ($0.18) on record: no on-demand rental, and the panel says why.
    gpu = catalog.gpu("nvidia-rtx-3090")
    assert gpu is not None
    build = replace(_build(catalog), slots=(BuildSlot(gpu, 2),))
    document = BuildDocument(catalog, build)
    panel = _show(qtbot, EnergyPanel(document, rates=RATES))
    assert panel.view is not None and panel.view.cloud is None
    assert "interruptible, marketplace offers are left out" in panel.summary.text()
    panel.inputs.any_kind.setChecked(True)
    assert document.build.cost.rent_any_kind
    assert "kinds of rental" in document.undo_stack.undoText()
    cloud = panel.view.cloud
    # Asked for: Vast.ai's bid, 2 x $0.18 a GPU-hour, named as interruptible everywhere.
    assert cloud is not None and cloud.instance.id == "vast-rtx-3090"
    assert "interruptible" in panel.summary.text()
    assert any("2× Vast.ai" in label.text and "interruptible" in label.text
               for sample, label in panel.legend.items if sample.item is panel.rent_curve)
    document.undo_stack.undo()
    assert not panel.inputs.any_kind.isChecked() and panel.view.cloud is None
