"""The workloads editor offers every recipe choice the CLI has; each reaches the estimate, undoes.

Expected figures are worked by hand from the model's shape (Llama 3 8B: hidden 4,096, 32 layers,
32 query and 8 KV heads of 128, MLP 14,336, vocabulary 128,256, untied head, 8,030,261,248
parameters) and the rules written in docs/estimation.md, never read back from the estimator.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from planner.catalog.datafiles import load_catalog
from planner.core.estimator.memory import MemoryEstimate, TrainingSetup
from planner.core.plan.build import Build, BuildSlot, TrackedWorkload, estimate_for
from planner.core.records.specs import Catalog
from planner.ui.document import BuildDocument
from planner.ui.panels.workload_recipe import RecipeDialog
from planner.ui.panels.workloads import WorkloadsPanel
from planner.ui.panels.workloads_columns import OPTIMIZER, RECIPE, TASK

VOCAB, HIDDEN, LAYERS, FFN, KV = 128_256, 4096, 32, 14_336, 8 * 128
PARAMETERS = 8_030_261_248
RANK = 16
#: LoRA r16 on q, k, v, o: r × (in + out) per module, 32 layers.
ATTENTION_LORA = LAYERS * RANK * (2 * (HIDDEN + HIDDEN) + 2 * (HIDDEN + KV))
#: ... plus gate, up and down projections.
ALL_LINEAR_LORA = ATTENTION_LORA + LAYERS * RANK * 3 * (HIDDEN + FFN)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _document(catalog: Catalog, setup: TrainingSetup, model: str = "llama-3-8b") -> BuildDocument:
    w = catalog.workload(model)
    gpu = catalog.gpu("nvidia-rtx-4090")
    assert w is not None and gpu is not None
    return BuildDocument(catalog, Build(slots=(BuildSlot(gpu, 1),),
                                       workloads=(TrackedWorkload(w, "train", training=setup),)))


@pytest.fixture
def recipe(qtbot, catalog: Catalog) -> Iterator[Callable[..., tuple[BuildDocument, RecipeDialog]]]:  # type: ignore[no-untyped-def]
    """Open the recipe editor of a one-workload build, as a click on its recipe cell would."""
    # qtbot holds widgets weakly: without this list the panel (parentless, so owned by Python)
    # and its recipe dialog were deleted when open_recipe returned, and a test's later edit
    # reached a dialog that no longer existed (a crash once nothing else kept the panel alive).
    panels: list[WorkloadsPanel] = []

    def open_recipe(setup: TrainingSetup, model: str = "llama-3-8b") -> tuple[BuildDocument,
                                                                              RecipeDialog]:
        document = _document(catalog, setup, model)
        panel = WorkloadsPanel(document)
        panels.append(panel)
        qtbot.addWidget(panel)
        panel.resize(1400, 300)
        panel.show()
        qtbot.waitExposed(panel)
        index = panel.model.index(0, RECIPE)
        panel.table.scrollTo(index)
        qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton,
                         pos=panel.table.visualRect(index).center())
        qtbot.waitUntil(lambda: panel.recipe is not None and panel.recipe.isVisible())
        assert panel.recipe is not None
        return document, panel.recipe
    yield open_recipe


def _estimate(document: BuildDocument) -> MemoryEstimate:
    return estimate_for(document.build.workloads[0], document.build.gpu_count)


def _pick(combo: QComboBox, key: str) -> None:
    """Pick a choice as the user does (the list's activated signal)."""
    i = combo.findData(key)
    assert i >= 0, (key, [combo.itemData(n) for n in range(combo.count())])
    combo.setCurrentIndex(i)
    combo.activated.emit(i)


def _undo_restores(document: BuildDocument, read: Callable[[], object], before: object,
                   after: object) -> None:
    assert read() == after
    document.undo_stack.undo()
    assert read() == before
    document.undo_stack.redo()
    assert read() == after


def test_chunked_loss_lowers_the_logits_part_for_llama3_8b_at_8192(recipe) -> None:  # type: ignore[no-untyped-def]
    document, dialog = recipe(TrainingSetup(seq=8192, lora_rank=RANK))
    tokens = 8192
    # Full cross-entropy under AMP BF16 (docs/estimation.md): bf16 logits (2 B) and the loss's
    # fp32 log-softmax (4 B) stay; backward adds the fp32 gradient (4 B) and its bf16 cast (2 B)
    # while they are alive: 12 bytes per vocabulary entry per token.
    assert _estimate(document).logits == 12 * VOCAB * tokens
    assert [dialog.loss.itemData(i) for i in range(dialog.loss.count())] == [
        "full", "chunked", "shifted", "fp32-logits"]
    _pick(dialog.loss, "chunked")
    # Chunked (8 chunks): the bf16 logits stay, the fp32 work is an eighth:
    # 2 + 4/8 saved + (4 + 2)/8 transient = 3.25 bytes per entry per token.
    chunked = _estimate(document).logits
    assert chunked == 3.25 * VOCAB * tokens == 3_414_687_744
    _undo_restores(document, lambda: document.build.workloads[0].training.loss, "full",
                   "chunked")


def test_head_choice_moves_parameters_and_auto_restores(recipe) -> None:  # type: ignore[no-untyped-def]
    document, dialog = recipe(TrainingSetup(seq=1024, lora_rank=RANK))
    heads = [dialog.head.itemData(i) for i in range(dialog.head.count())]
    assert heads == ["auto", "seq-cls", "token-cls", "qa", "base"]
    assert dialog.head.itemText(0) == "Auto (Causal LM)"
    depth = document.undo_stack.count()
    _pick(dialog.head, "seq-cls")
    w = document.build.workloads[0].workload
    # The untied LM head (vocab × hidden) goes, a 2-label score (hidden × 2, no bias) comes.
    assert w.parameters == PARAMETERS - VOCAB * HIDDEN + HIDDEN * 2
    assert _estimate(document).logits == 0  # no full-vocabulary logits under a classifier
    assert not dialog.loss.isEnabled()  # a chunked loss means nothing without an LM head
    _pick(dialog.head, "auto")
    assert document.build.workloads[0].workload.parameters == PARAMETERS
    assert dialog.head.currentData() == "auto"
    assert document.undo_stack.count() == depth  # picked back to where it was: no step left
    _pick(dialog.head, "qa")
    assert document.undo_stack.count() == depth + 1
    document.undo_stack.undo()
    assert document.build.workloads[0].workload.parameters == PARAMETERS
    assert dialog.head.currentData() == "auto"  # the window follows undo
    document.undo_stack.redo()
    assert document.build.workloads[0].workload.head == "qa"
    assert dialog.head.currentData() == "qa"


def test_lora_targets_named_sets_and_chosen_layers(recipe, qtbot) -> None:  # type: ignore[no-untyped-def]
    document, dialog = recipe(TrainingSetup(seq=1024, lora_rank=RANK))
    assert _estimate(document).trainable_parameters == ATTENTION_LORA == 13_631_488
    assert not dialog.modules.isVisible()
    _pick(dialog.targets, "all-linear")
    assert _estimate(document).trainable_parameters == ALL_LINEAR_LORA == 41_943_040
    _undo_restores(document, lambda: document.build.workloads[0].training.lora_targets,
                   "attention", "all-linear")
    _pick(dialog.targets, "list")  # starts from the layers all-linear adapts
    assert dialog.modules.isVisible() and dialog.modules.isEnabled()
    names = [dialog.modules.item(i).text() for i in range(dialog.modules.count())]
    assert names == ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]
    for i, name in enumerate(names):
        if name not in ("q_proj", "v_proj"):
            dialog.modules.item(i).setCheckState(Qt.CheckState.Unchecked)
    assert document.build.workloads[0].training.lora_targets == "q_proj,v_proj"
    # q: 4096 → 4096, v: 4096 → 1024, rank 16, 32 layers.
    assert _estimate(document).trainable_parameters == LAYERS * RANK * (8192 + 5120) == 6_815_744
    dialog.modules.item(0).setCheckState(Qt.CheckState.Unchecked)
    dialog.modules.item(2).setCheckState(Qt.CheckState.Unchecked)  # the last: stays ticked
    assert document.build.workloads[0].training.lora_targets == "v_proj"
    assert dialog.modules.item(2).checkState() == Qt.CheckState.Checked


def test_adapter_dtype_double_quant_and_8bit_base(recipe) -> None:  # type: ignore[no-untyped-def]
    document, dialog = recipe(TrainingSetup(seq=1024, lora_rank=RANK, qlora=True))
    assert dialog.double_quant.isEnabled() and not dialog.int8_base.isEnabled()
    # AdamW keeps two fp32 moments per adapter parameter; bf16 adapters keep them in bf16.
    assert _estimate(document).optimizer_state == ATTENTION_LORA * 2 * 4
    _pick(dialog.adapter_dtype, "bf16")
    assert _estimate(document).optimizer_state == ATTENTION_LORA * 2 * 2
    _undo_restores(document, lambda: document.build.workloads[0].training.adapter_dtype,
                   "fp32", "bf16")
    weights = _estimate(document).weights
    dialog.double_quant.click()
    # QLoRA paper: NF4 in blocks of 64 with an fp32 absmax is 4 + 32/64 = 4.5 bits per weight;
    # double quantization stores the absmax in 8 bits per block plus an fp32 per 256 blocks:
    # 4 + 8/64 + 32/(64·256). Embeddings and the untied head (2 × vocab × hidden) stay 16-bit.
    quantized = PARAMETERS - 2 * VOCAB * HIDDEN
    saved_bits = 4.5 - (4 + 8 / 64 + 32 / (64 * 256))
    assert _estimate(document).weights - weights == pytest.approx(quantized * saved_bits / 8,
                                                                  abs=2)
    _undo_restores(document, lambda: document.build.workloads[0].training.double_quant,
                   True, False)
    # An 8-bit base goes with LoRA: switch the adapter in the table, then tick it.
    document.undo_stack.undo()
    table = dialog.parent()
    assert isinstance(table, WorkloadsPanel)
    from planner.ui import edits
    edits.set_workload_setting(document, 0, "adapter", "lora")
    assert dialog.int8_base.isEnabled() and not dialog.double_quant.isEnabled()
    sixteen = _estimate(document).weights
    dialog.int8_base.click()
    # LLM.int8: one byte per weight plus an fp16 scale per row of 4,096 instead of two bytes.
    assert sixteen - _estimate(document).weights == pytest.approx(
        quantized * (2 - (1 + 2 / 4096)), abs=2)
    _undo_restores(document, lambda: document.build.workloads[0].training.int8_base,
                   False, True)
    edits.set_workload_setting(document, 0, "adapter", "qlora")  # QLoRA has its own base
    assert not document.build.workloads[0].training.int8_base


def test_optimizer_step_in_backward_and_new_optimizers(recipe) -> None:  # type: ignore[no-untyped-def]
    document, dialog = recipe(TrainingSetup(seq=128, batch=1), model="bert-base")
    params = _estimate(document).parameters
    est = _estimate(document)
    # AMP AdamW, full fine-tuning of a small model: the step is the peak, and foreach AdamW
    # materialises one fp32 parameter-sized temporary (sqrt of the second moment).
    assert est.peak_phase == "optimizer" and est.optimizer_temporaries == 4 * params
    options = [dialog.optimizer_impl.itemData(i) for i in range(dialog.optimizer_impl.count())]
    assert options == ["foreach", "fused", "per-tensor"]
    _pick(dialog.optimizer_impl, "fused")
    assert _estimate(document).optimizer_temporaries == 0
    _undo_restores(document, lambda: document.build.workloads[0].training.optimizer_impl,
                   "foreach", "fused")
    dialog.in_backward.click()
    est = _estimate(document)
    # Each gradient is applied and freed at once: only the largest (the 30,522 × 768 word
    # embeddings, fp32 under AMP) is ever held.
    assert est.gradients == 30_522 * 768 * 4 < 4 * params
    _undo_restores(document, lambda: document.build.workloads[0].training.optimizer_in_backward,
                   False, True)
    # The new optimizers are offered in the table's optimizer column.
    panel = dialog.parent()
    assert isinstance(panel, WorkloadsPanel)
    offered = [o[1] for o in panel.model.index(0, OPTIMIZER).data(Qt.ItemDataRole.UserRole + 1)]
    assert {"adamw-8bit", "paged-adamw", "paged-adamw-8bit"} <= set(offered)
    from planner.ui import edits
    edits.set_workload_setting(document, 0, "optimizer", "adamw-8bit")
    # bitsandbytes: one byte per moment plus an fp32 absmax per block of 2,048.
    assert _estimate(document).optimizer_state == pytest.approx(params * 2 * (1 + 4 / 2048), abs=1)
    assert not dialog.optimizer_impl.isEnabled()  # an 8-bit step is one fused kernel
    edits.set_workload_setting(document, 0, "optimizer", "paged-adamw-8bit")
    est = _estimate(document)
    assert est.optimizer_state == 0 and est.host_bytes == pytest.approx(params * 2 * (1 + 4 / 2048),
                                                                         abs=1)


def test_checkpointing_modes_and_offload(recipe) -> None:  # type: ignore[no-untyped-def]
    document, dialog = recipe(TrainingSetup(seq=2048, lora_rank=RANK))
    modes = [dialog.checkpoint.itemData(i) for i in range(dialog.checkpoint.count())]
    assert modes == ["none", "full", "selective-op", "selective", "every"]
    acts = {"none": _estimate(document).activations}
    for mode in ("full", "selective", "every"):
        _pick(dialog.checkpoint, mode)
        acts[mode] = _estimate(document).activations
    assert document.build.workloads[0].training.checkpoint_mode == "every:2"
    assert dialog.every.isVisible() and dialog.every.value() == 2
    dialog.every.setValue(4)
    assert document.build.workloads[0].training.checkpoint_mode == "every:4"
    acts["every:4"] = _estimate(document).activations
    # Every layer keeps only its input; one layer in N keeps the rest whole; selective keeps the
    # MLP's activations of every layer.
    assert acts["full"] < acts["every"] < acts["every:4"] < acts["none"]
    assert acts["full"] < acts["selective"] < acts["none"]
    # Picks of one setting in a row are one undo step (as typing in a cell is): undo goes back
    # to where the run started.
    document.undo_stack.undo()
    assert not document.build.workloads[0].training.checkpointing
    assert dialog.checkpoint.currentData() == "none" and not dialog.every.isVisible()
    document.undo_stack.redo()
    assert document.build.workloads[0].training.checkpoint_mode == "every:4"
    assert dialog.checkpoint.currentData() == "every" and dialog.every.value() == 4

    document, dialog = recipe(TrainingSetup(seq=128), model="bert-base")
    before = _estimate(document)
    _pick(dialog.offload, "optimizer")
    est = _estimate(document)
    # ZeRO-Offload: fp32 master weights, both Adam moments and the step's temporaries live in
    # host RAM: 4 + 8 + 4 bytes per parameter.
    assert est.host_bytes == 16 * est.parameters
    assert est.optimizer_state == est.master_weights == 0 < before.optimizer_state
    _undo_restores(document, lambda: document.build.workloads[0].training.offload,
                   "none", "optimizer")


def test_recipe_cell_opens_on_click_not_on_arrowing(qtbot, catalog: Catalog) -> None:
    document = _document(catalog, TrainingSetup(lora_rank=RANK, loss="chunked"))
    panel = WorkloadsPanel(document)
    qtbot.addWidget(panel)
    panel.resize(1400, 300)
    panel.show()
    qtbot.waitExposed(panel)
    cell = panel.model.index(0, RECIPE)
    assert cell.data() == "chunked loss"
    assert panel.model.headerData(RECIPE, Qt.Orientation.Horizontal) == "Recipe"
    view = panel.table
    view.setCurrentIndex(panel.model.index(0, RECIPE - 1))
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Right)  # arrowed onto: nothing opens
    assert view.currentIndex().column() == RECIPE
    qtbot.wait(20)
    assert panel.recipe is None
    qtbot.keyClick(view, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: panel.recipe is not None)
    assert panel.recipe is not None and panel.recipe.index == 0
    dialog = panel.recipe
    _pick(dialog.loss, "full")
    assert cell.data() == "Defaults"
    dialog.close()
    qtbot.waitUntil(lambda: panel.recipe is None)
    # Inference: only the head applies, so the cell stays enabled; a CNN has nothing to edit.
    from planner.ui import edits
    edits.set_workload_setting(document, 0, "task", "inference")
    assert panel.model.index(0, RECIPE).flags() & Qt.ItemFlag.ItemIsEditable
    resnet = catalog.workload("resnet-50")
    assert resnet is not None
    document.apply(document.build.with_workload(0, TrackedWorkload(resnet, "inference")), "x")
    assert not panel.model.index(0, RECIPE).flags() & Qt.ItemFlag.ItemIsEnabled
    assert panel.model.index(0, TASK).flags() & Qt.ItemFlag.ItemIsEditable


def test_recipe_window_closes_when_its_workload_goes(recipe) -> None:  # type: ignore[no-untyped-def]
    document, dialog = recipe(TrainingSetup(lora_rank=RANK))
    closed: list[bool] = []
    dialog.finished.connect(lambda _r: closed.append(True))
    from planner.ui import edits
    edits.remove_workload(document, 0)
    assert closed or not dialog.isVisible()


def test_stack_offloading_target_length_and_kbit_prep(recipe) -> None:  # type: ignore[no-untyped-def]
    document, dialog = recipe(TrainingSetup(seq=2048, checkpointing=True, qlora=True,
                                            lora_rank=RANK))
    before = _estimate(document)
    _pick(dialog.stack, "torch1-cuda11")
    # The CUDA context of a V100 on CUDA 11.2 (1,343 MB) instead of today's 512 MiB.
    assert _estimate(document).context_bytes - before.context_bytes == (1343 - 512) * 1024**2
    dialog.activation_offloading.setChecked(True)
    assert document.build.workloads[0].training.activation_offloading
    assert _estimate(document).activations < before.activations
    assert dialog.kbit_prep.isEnabled()
    dialog.kbit_prep.setChecked(True)
    assert document.build.workloads[0].training.kbit_prep
    # Llama has no decoder of its own to size: the target length is T5's.
    assert not dialog.target_seq.isEnabled()
    t5_doc, t5 = recipe(TrainingSetup(precision="fp32", batch=8, seq=64, lora_rank=8), "t5-3b")
    assert t5.target_seq.isEnabled() and t5.target_seq.value() == 0
    as_long = _estimate(t5_doc).total_bytes
    t5.target_seq.setValue(4)
    assert t5_doc.build.workloads[0].training.target_seq == 4
    assert _estimate(t5_doc).total_bytes < as_long
