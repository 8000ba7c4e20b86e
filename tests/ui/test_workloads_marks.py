"""Bad input is a marked cell with one sentence, never a crash; notes and recipes in words.

The workloads table marks the setting the estimate refused (a sequence past the context, tensor
parallelism that does not divide the heads, LoRA targets the model lacks, QLoRA on a model that
cannot be quantized); the headroom tooltip words core's memory notes in the user's language and
adds the host RAM offloaded state needs; the recommendation dialog says what each build was
sized for.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, Qt, QTranslator

from planner.catalog.datafiles import load_catalog
from planner.core.costs.formatting import Formatter
from planner.core.costs.money import Rates
from planner.core.estimator.memory import InferenceSetup, TrainingSetup
from planner.core.estimator.memory_notes import TEMPLATES, MemoryNote
from planner.core.plan.build import Build, BuildSlot, TrackedWorkload
from planner.core.records.specs import Catalog
from planner.core.views.headroom import headroom_rows
from planner.translations import i18n_dir
from planner.ui import edits
from planner.ui.document import BuildDocument
from planner.ui.panels.figure_model import MARKED_ROLE
from planner.ui.panels.headroom import HeadroomPanel
from planner.ui.panels.recommend import RecommendDialog
from planner.ui.panels.workloads import WorkloadsPanel
from planner.ui.panels.workloads_columns import ADAPTER, ESTIMATE, RECIPE, SEQ, STRATEGY
from planner.ui.panels.workloads_model import WARNING_SIGN
from planner.words.memory_notes import PARAMETERS, _template, note_text


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


@contextmanager
def chinese() -> Iterator[None]:
    translator = QTranslator()
    assert translator.load(QLocale("zh_CN"), "planner", "_", i18n_dir())
    QCoreApplication.installTranslator(translator)
    try:
        yield
    finally:
        QCoreApplication.removeTranslator(translator)


def _panel(qtbot, document: BuildDocument) -> WorkloadsPanel:  # type: ignore[no-untyped-def]
    panel = WorkloadsPanel(document)
    qtbot.addWidget(panel)
    panel.resize(1400, 300)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def _marked(panel: WorkloadsPanel, row: int) -> list[int]:
    model = panel.model
    return [c for c in range(model.columnCount()) if model.index(row, c).data(MARKED_ROLE)]


def test_each_bad_setting_marks_its_own_cell_with_one_sentence(qtbot, catalog: Catalog) -> None:
    llama, resnet = catalog.workload("llama-3-8b"), catalog.workload("resnet-50")
    gpu = catalog.gpu("nvidia-rtx-4090")
    assert llama and resnet and gpu
    build = Build(slots=(BuildSlot(gpu, 3),), workloads=(
        TrackedWorkload(llama, "inference", inference=InferenceSetup(seq=1_000_000,
                                                                     strategy="pp")),
        TrackedWorkload(llama, "inference", inference=InferenceSetup(seq=4096, strategy="tp")),
        TrackedWorkload(llama, "train", training=TrainingSetup(
            seq=1024, lora_rank=16, lora_targets="q_proj,mlp", strategy="zero2")),
        TrackedWorkload(resnet, "train", training=TrainingSetup(lora_rank=16, qlora=True)),
        TrackedWorkload(llama, "train", training=TrainingSetup(seq=1024, lora_rank=16,
                                                               strategy="zero2")),
    ))
    document = BuildDocument(catalog, build)
    panel = _panel(qtbot, document)
    model = panel.model
    expected = {0: SEQ, 1: STRATEGY, 2: RECIPE, 3: ADAPTER}
    rows = headroom_rows(document.build, None)
    for row, column in expected.items():
        assert _marked(panel, row) == [column]
        index = model.index(row, column)
        assert index.data().startswith(WARNING_SIGN)
        assert index.data(Qt.ItemDataRole.ToolTipRole) == rows[row].error
        assert model.index(row, ESTIMATE).data(Qt.ItemDataRole.ToolTipRole) == rows[row].error
    assert _marked(panel, 4) == []
    assert "longer than Llama 3 8B's context of 8,192 tokens" in rows[0].error  # type: ignore[operator]
    assert "Tensor parallelism over 3 GPUs cannot split Llama 3 8B's 32 attention heads and " \
           "8 KV heads evenly" in rows[1].error  # type: ignore[operator]
    assert "no layer called 'mlp'" in rows[2].error  # type: ignore[operator]
    for row in expected:  # the recipe editor opens on a refused row and says why
        dialog = panel.edit_recipe(row)
        assert dialog is not None and dialog.estimate.text().startswith(WARNING_SIGN)
        assert rows[row].error in dialog.estimate.text()  # type: ignore[operator]

    # Fixing the setting clears the mark; the GPU count alone can make TP legal or not.
    edits.set_workload_setting(document, 0, "seq", 8192)
    assert _marked(panel, 0) == []
    edits.set_count(document, 0, 2)  # 2 divides 32 heads and 8 KV heads
    assert _marked(panel, 1) == []
    edits.set_count(document, 0, 3)
    assert _marked(panel, 1) == [STRATEGY]
    edits.set_workload_setting(document, 2, "lora_targets", "q_proj,v_proj")
    assert _marked(panel, 2) == []
    edits.set_workload_setting(document, 3, "adapter", "full")
    assert _marked(panel, 3) == []
    document.undo_stack.undo()
    assert _marked(panel, 3) == [ADAPTER]


def test_every_memory_note_code_is_worded_in_the_ui() -> None:
    assert set(PARAMETERS) == set(TEMPLATES)
    for code, english in TEMPLATES.items():
        template = _template(code)
        assert template is not None, code
        names = re.findall(r"\{(\w+)\}", english)
        assert len(set(re.findall(r"%(\d)", template))) == len(dict.fromkeys(names)), code
        assert set(PARAMETERS[code]) == set(names), code


def test_notes_follow_the_language_and_offloaded_state_shows_as_host_ram(qtbot,
                                                                         catalog: Catalog) -> None:
    bert, gpu = catalog.workload("bert-base"), catalog.gpu("nvidia-rtx-4090")
    assert bert and gpu
    build = Build(slots=(BuildSlot(gpu, 1),), workloads=(
        TrackedWorkload(bert, "train", training=TrainingSetup(seq=128, offload="optimizer")),))
    document = BuildDocument(catalog, build)
    panel = HeadroomPanel(document)
    qtbot.addWidget(panel)
    panel.resize(900, 600)
    panel.show()
    panel.refresh()
    row = panel.rows[0]
    # ZeRO-Offload keeps the fp32 master weights (4 B), Adam's two moments (8 B) and the step's
    # temporary (4 B) in host RAM: 16 bytes per parameter.
    assert row.host_bytes == 16 * bert.parameters
    tip = panel.tooltip_for(0)
    host = Formatter().memory(row.host_bytes)
    assert f"plus {host} of host RAM for offloaded state" in tip
    offload = next(n for n in row.notes if n.code == "offload")
    assert "Offloaded to host RAM: master weights and optimizer state" in note_text(offload)
    assert offload.message == note_text(offload)  # the CLI's English and the UI's agree
    with chinese():
        tip = panel.tooltip_for(0)
        assert "主机内存" in tip and "卸载到主机内存：主权重和优化器状态" in tip
        for n in row.notes:
            assert n.message not in tip  # no English note left
    unknown = MemoryNote("a-code-from-a-newer-core", ())
    assert note_text(unknown) == unknown.message  # shown, in core's words, never hidden


def test_recommendation_states_the_recipe_each_build_was_sized_for(qtbot,
                                                                   catalog: Catalog) -> None:
    llama = catalog.workload("llama-3-8b")
    assert llama
    build = Build(workloads=(TrackedWorkload(llama, "train", training=TrainingSetup(
        seq=2048, lora_rank=16, qlora=True, loss="chunked", checkpointing=True,
        checkpoint_mode="selective")),))
    document = BuildDocument(catalog, build)
    dialog = RecommendDialog(document, rates=Rates(cny_per_usd=7.1, cny_per_eur=7.8))
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: not dialog.searching, timeout=30_000)  # it searches off the GUI thread
    assert dialog.results
    text = dialog.assumed.text()
    assert "Every build is sized for:" in text
    assert ("<b>Llama 3 8B</b>: training, AMP BF16, AdamW, QLoRA rank 16 on attention "
            "projections, batch 1 × 2048, checkpointing: Attention only (selective), chunked "
            "loss") in text
    first = dialog.results[0].candidate
    tip = dialog.table.item(0, 0).toolTip()
    assert tip.startswith(f"Llama 3 8B ({first.strategies[0].upper()}): training, AMP BF16")
    with chinese():
        dialog = RecommendDialog(document, rates=Rates(cny_per_usd=7.1, cny_per_eur=7.8))
        qtbot.addWidget(dialog)
        qtbot.waitUntil(lambda: not dialog.searching, timeout=30_000)
        text = dialog.assumed.text()
        assert "每个配置都按以下设置估算" in text and "分块损失" in text and "QLoRA 秩 16" in text
        assert "training" not in text and "chunked" not in text
