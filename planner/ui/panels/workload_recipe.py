"""The recipe editor: the less-used settings of one tracked workload, in a window of their own.

The workloads table keeps a column per everyday setting; the head a model is loaded with, the
LoRA targets, adapter dtype, QLoRA's double quantization, an 8-bit base, the optimizer step's
implementation, the step in backward, the loss path, the checkpointing mode, CPU offload, the
software stack, activation offloading, an encoder-decoder's target length and PEFT's k-bit
preparation would be fourteen more columns, so they live here, opened from the row's recipe
cell. Every change is one undoable edit at once (:func:`planner.ui.edits.set_workload_setting`),
so the estimate at the top and every panel follow while the window is open; undo elsewhere shows
here too. Which setting applies and which choices it offers are core's rules
(:mod:`planner.core.plan.workload_settings`); the words are the table's
(:class:`~planner.ui.panels.workloads_columns.WorkloadLabels`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from planner.core.estimator.headroom import DOES_NOT_FIT
from planner.core.plan.build import TrackedWorkload
from planner.core.plan.workload_settings import (
    DEFAULT_EVERY,
    applies,
    attention_modules,
    auto_head,
    checkpoint_choice,
    checkpoint_choices,
    explicit_targets,
    head_choices,
    lora_modules,
    shown_settings,
    target_names,
)
from planner.core.views.headroom import ERROR, headroom_row
from planner.ui import edits
from planner.ui.document import BuildDocument
from planner.ui.fields import CheckedSpinBox, guard_wheel
from planner.ui.panels.common import verdict_color
from planner.ui.panels.figure_model import Option
from planner.ui.panels.workloads_columns import WorkloadLabels
from planner.ui.panels.workloads_model import WARNING_SIGN
from planner.words.wording import task_text, verdict_text

#: Widest the window grows (module names wrap in their list beyond it).
WIDTH = 470


def _fill(combo: QComboBox, options: Sequence[Option], current: str) -> None:
    """Give a combo these choices (only when they changed) and select ``current``."""
    with QSignalBlocker(combo):
        if [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())] \
                != [(key, label) for label, key, _tip in options]:
            combo.clear()
            for i, (label, key, tip) in enumerate(options):
                combo.addItem(label, key)
                if tip:
                    combo.setItemData(i, tip, Qt.ItemDataRole.ToolTipRole)
        combo.setCurrentIndex(combo.findData(current))


class RecipeDialog(QDialog):
    """The recipe of the workload at ``index`` of the document's build, edited live."""

    def __init__(self, document: BuildDocument, index: int, labels: WorkloadLabels,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.document = document
        self.index = index
        self.labels = labels
        self._workload_id = ""

        self.title = QLabel()
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title.setFont(font)
        self.subtitle = QLabel()
        self.subtitle.setEnabled(False)  # secondary text, in the palette's disabled colour
        self.estimate = QLabel()
        self.estimate.setWordWrap(True)

        self.head = QComboBox()
        self.head.setToolTip(self.tr("The head the model is loaded with; it decides the "
                                     "parameters on top and whether full-vocabulary logits are "
                                     "kept"))
        self.targets = QComboBox()
        self.modules = QListWidget()
        self.modules.setFlow(QListWidget.Flow.LeftToRight)
        self.modules.setWrapping(True)
        self.modules.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.modules.setSpacing(2)
        self.modules.setFixedHeight(3 * self.fontMetrics().lineSpacing() + 16)
        self.adapter_dtype = QComboBox()
        self.double_quant = QCheckBox(self.tr("Double quantization of the 4-bit base"))
        self.double_quant.setToolTip(self.tr("QLoRA quantizes the quantization constants too: "
                                             "about 0.37 bits less per weight"))
        self.int8_base = QCheckBox(self.tr("8-bit base (bitsandbytes LLM.int8)"))
        self.adapter_hint = QLabel(self.tr("Choose LoRA or QLoRA in the Adapter column to set "
                                           "these."))
        self.adapter_hint.setWordWrap(True)
        self.adapter_hint.setEnabled(False)
        self.optimizer_impl = QComboBox()
        self.in_backward = QCheckBox(self.tr("Step in backward"))
        self.in_backward.setToolTip(self.tr("Each parameter is stepped as soon as its gradient "
                                            "is ready, so only the largest gradient is held; "
                                            "needs gradient accumulation 1"))
        self.checkpoint = QComboBox()
        self.every = CheckedSpinBox()
        self.every.setPrefix(self.tr("N = "))
        self.every.setRange(1, 1024)
        self.every.setValue(DEFAULT_EVERY)
        self.every.setKeyboardTracking(False)
        self.loss = QComboBox()
        self.offload = QComboBox()
        self.activation_offloading = QCheckBox(self.tr("Activation offloading (torchtune)"))
        self.activation_offloading.setToolTip(self.tr(
            "enable_activation_offloading: saved activations wait in host RAM and come back a "
            "layer ahead of backward"))
        self.target_seq = CheckedSpinBox()
        self.target_seq.setRange(0, 1 << 20)
        self.target_seq.setSpecialValueText(self.tr("As long as the source"))
        self.target_seq.setKeyboardTracking(False)
        self.target_seq.setToolTip(self.tr("Decoder (target) tokens of an encoder-decoder model "
                                           "such as T5; the sequence length is the source"))
        self.stack = QComboBox()
        self.kbit_prep = QCheckBox(self.tr("prepare_model_for_kbit_training (PEFT)"))
        self.kbit_prep.setToolTip(self.tr("Casts the modules left unquantized (embeddings, "
                                          "norms, LM head) to fp32 before QLoRA"))

        # One label column for all four groups, as wide as the widest label, so the fields line up.
        captions: list[QLabel] = []

        def group(title: str, rows: Sequence[tuple[str, QWidget | QHBoxLayout]]) -> QGroupBox:
            box = QGroupBox(title)
            form = QFormLayout(box)
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
            for caption, field in rows:
                label = QLabel(caption)
                captions.append(label)
                form.addRow(label, field)
            return box

        every_row = QHBoxLayout()
        every_row.addWidget(self.checkpoint, 1)
        every_row.addWidget(self.every)
        model_box = group(self.tr("Model"), [(self.tr("Head"), self.head),
                                             (self.tr("Target length"), self.target_seq),
                                             (self.tr("Software stack"), self.stack)])
        self.adapters_box = group(self.tr("Adapters"), [
            (self.tr("Targets"), self.targets), ("", self.modules),
            (self.tr("Adapter dtype"), self.adapter_dtype), ("", self.double_quant),
            ("", self.kbit_prep), ("", self.int8_base)])
        adapter_form = self.adapters_box.layout()
        assert isinstance(adapter_form, QFormLayout)
        adapter_form.insertRow(0, self.adapter_hint)
        self._adapter_form = adapter_form
        optimizer_box = group(self.tr("Optimizer"), [(self.tr("Step"), self.optimizer_impl),
                                                     ("", self.in_backward)])
        memory_box = group(self.tr("Memory"), [(self.tr("Checkpointing"), every_row),
                                               ("", self.activation_offloading),
                                               (self.tr("Loss"), self.loss),
                                               (self.tr("CPU offload"), self.offload)])
        widest = max(label.sizeHint().width() for label in captions)
        for label in captions:
            label.setMinimumWidth(widest)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)

        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addWidget(self.estimate)
        for box in (model_box, self.adapters_box, optimizer_box, memory_box):
            layout.addWidget(box)
        layout.addStretch(1)
        layout.addWidget(buttons)
        self.setMinimumWidth(WIDTH)

        self._connect()
        document.changed.connect(self.refresh)
        self.refresh()
        guard_wheel(self)

    # --- edits ---------------------------------------------------------------------------------

    def _connect(self) -> None:
        def pick(combo: QComboBox, handler: Callable[[str], None]) -> None:
            combo.activated.connect(lambda _i: handler(str(combo.currentData())))

        pick(self.head, self._pick_head)
        pick(self.targets, self._pick_targets)
        pick(self.adapter_dtype, lambda v: self._set("adapter_dtype", v))
        pick(self.optimizer_impl, lambda v: self._set("optimizer_impl", v))
        pick(self.loss, lambda v: self._set("loss", v))
        pick(self.offload, lambda v: self._set("offload", v))
        pick(self.stack, lambda v: self._set("stack", v))
        self.target_seq.valueChanged.connect(lambda n: self._set("target_seq", n or None))
        pick(self.checkpoint, self._pick_checkpoint)
        self.every.valueChanged.connect(lambda n: self._set("checkpoint_mode", f"every:{n}"))
        for box, name in ((self.double_quant, "double_quant"), (self.int8_base, "int8_base"),
                          (self.in_backward, "optimizer_in_backward"),
                          (self.activation_offloading, "activation_offloading"),
                          (self.kbit_prep, "kbit_prep")):
            box.toggled.connect(lambda on, n=name: self._set(n, on))
        self.modules.itemChanged.connect(lambda _item: self._pick_modules())

    def tracked(self) -> TrackedWorkload | None:
        """The workload this window edits (None once it is gone from the build)."""
        workloads = self.document.build.workloads
        if 0 <= self.index < len(workloads):
            return workloads[self.index]
        return None

    def _set(self, name: str, value: object) -> None:
        edits.set_workload_setting(self.document, self.index, name, value)

    def _pick_head(self, key: str) -> None:
        t = self.tracked()
        if t is not None:
            loaded = self.document.catalog.workload(t.workload.id)
            self._set("head", auto_head(t.workload, loaded) if key == "auto" else key)

    def _pick_targets(self, key: str) -> None:
        t = self.tracked()
        if t is None:
            return
        if key == "list":  # start from the layers the current choice adapts
            w = t.workload
            key = explicit_targets(w, target_names(w, t.training.lora_targets)
                                   or attention_modules(w) or lora_modules(w)[:1])
        self._set("lora_targets", key)

    def _pick_modules(self) -> None:
        t = self.tracked()
        checked = [self.modules.item(i).text() for i in range(self.modules.count())
                   if self.modules.item(i).checkState() == Qt.CheckState.Checked]
        if t is None or not checked:  # at least one layer: the last box stays ticked
            self.refresh()
            return
        self._set("lora_targets", explicit_targets(t.workload, checked))

    def _pick_checkpoint(self, key: str) -> None:
        self._set("checkpoint_mode", f"every:{self.every.value()}" if key == "every" else key)

    # --- showing -------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the workload's current recipe (after any edit, undo included)."""
        t = self.tracked()
        if t is None or (self._workload_id and t.workload.id != self._workload_id):
            self.close()  # the workload was removed (or another moved into its place)
            return
        self._workload_id = t.workload.id
        w = t.workload
        labels = self.labels
        shown = shown_settings(t)
        self.setWindowTitle(self.tr("Recipe of %1").replace("%1", w.name))
        self.title.setText(f"{w.name} — {task_text(t.task)}")
        self.subtitle.setText(labels.parameters(w.parameters))
        self._show_estimate()

        loaded = self.document.catalog.workload(w.id)
        auto = auto_head(w, loaded)
        heads = [(labels.auto_head.replace("%1", labels.head_label(auto)), "auto", "")]
        heads += [(labels.head_label(h), h, "") for h in head_choices(w) if h != auto]
        _fill(self.head, heads, "auto" if shown.head == auto else shown.head)

        targets = shown.lora_targets
        attention = attention_modules(w)
        options = [o for o in labels.recipe_options["lora_targets"]
                   if o[1] != "attention" or attention]
        options = [(label, key, ", ".join(attention) if key == "attention" else tip)
                   for label, key, tip in options]
        _fill(self.targets, options, targets if targets in ("attention", "all-linear")
              else "list")
        self._show_modules(lora_modules(w), target_names(w, targets),
                           targets not in ("attention", "all-linear"))
        _fill(self.adapter_dtype, labels.recipe_options["adapter_dtype"], shown.adapter_dtype)
        _fill(self.optimizer_impl, labels.recipe_options["optimizer_impl"], shown.optimizer_impl)
        _fill(self.loss, labels.recipe_options["loss"], shown.loss)
        _fill(self.offload, labels.recipe_options["offload"], shown.offload)
        _fill(self.stack, labels.recipe_options["stack"], shown.stack)
        with QSignalBlocker(self.target_seq):
            self.target_seq.setValue(shown.target_seq or 0)
        modes = checkpoint_choices(w)
        choice, every = checkpoint_choice(shown.checkpoint_mode)
        _fill(self.checkpoint, [o for o in labels.recipe_options["checkpoint_mode"]
                                if o[1] in modes], choice)
        with QSignalBlocker(self.every):
            self.every.setMaximum(max(1, w.layers or 1))
            self.every.setValue(every)
        for box, on in ((self.double_quant, shown.double_quant), (self.int8_base, shown.int8_base),
                        (self.in_backward, shown.optimizer_in_backward),
                        (self.activation_offloading, shown.activation_offloading),
                        (self.kbit_prep, shown.kbit_prep)):
            with QSignalBlocker(box):
                box.setChecked(on)

        for widget, name in ((self.head, "head"), (self.targets, "lora_targets"),
                             (self.adapter_dtype, "adapter_dtype"),
                             (self.double_quant, "double_quant"), (self.int8_base, "int8_base"),
                             (self.optimizer_impl, "optimizer_impl"),
                             (self.in_backward, "optimizer_in_backward"), (self.loss, "loss"),
                             (self.checkpoint, "checkpoint_mode"), (self.offload, "offload"),
                             (self.activation_offloading, "activation_offloading"),
                             (self.target_seq, "target_seq"), (self.stack, "stack"),
                             (self.kbit_prep, "kbit_prep")):
            widget.setEnabled(applies(t, name))
        self.modules.setEnabled(applies(t, "lora_targets") and self.targets.currentData() == "list")
        self.every.setVisible(choice == "every")
        self.every.setEnabled(self.checkpoint.isEnabled())
        self._show_row(self.adapter_hint, t.task == "train" and shown.adapter == "full")

    def _show_row(self, widget: QWidget, visible: bool) -> None:
        """Show or hide a row of the adapters group; the window fits its new height."""
        if self._adapter_form.isRowVisible(widget) != visible:
            self._adapter_form.setRowVisible(widget, visible)
            self.adjustSize()

    def _show_modules(self, names: Sequence[str], chosen: Sequence[str], explicit: bool) -> None:
        """One check box per linear module of the model, ticked where adapted."""
        with QSignalBlocker(self.modules):
            if [self.modules.item(i).text() for i in range(self.modules.count())] != list(names):
                self.modules.clear()
                for name in names:
                    item = QListWidgetItem(name)
                    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                    self.modules.addItem(item)
            for i in range(self.modules.count()):
                item = self.modules.item(i)
                item.setCheckState(Qt.CheckState.Checked if item.text() in chosen
                                   else Qt.CheckState.Unchecked)
        self._show_row(self.modules, bool(names) and explicit)

    def _show_estimate(self) -> None:
        """The workload's figure on this build, as the table's estimate cell words it."""
        build = self.document.build
        row = headroom_row(build, self.index, self.document.runs)
        if row.verdict == ERROR:
            text = f"{WARNING_SIGN} {row.error or verdict_text(ERROR)}"
            colour = verdict_color(DOES_NOT_FIT)
        else:
            text = self.tr("Per GPU: %1").replace(
                "%1", self.labels.estimate_text(row.needed_bytes, row.verdict))
            colour = verdict_color(row.verdict)
        self.estimate.setText(text)
        palette = self.estimate.palette()
        palette.setColor(QPalette.ColorRole.WindowText, colour)
        self.estimate.setPalette(palette)
