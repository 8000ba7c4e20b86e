"""Workloads panel: the tracked workloads and every setting of each, edited in place.

Workloads come from the catalog (a searchable combo) or from a Hugging Face ``config.json``
(file dialog or drop). Every edit builds a new tracked workload and goes through
``document.apply`` (keystrokes in one spin box merge into one undo step). The row widgets are
created once per row and only get new values on later changes: re-creating a dozen editors per
row on every edit would cost more than the whole estimate. The per-GPU figure in the last column
comes from :func:`planner.core.views_headroom.headroom_rows`, like the headroom chart's.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from planner.core.build import TASKS, TrackedWorkload
from planner.core.hfconfig import workload_from_hf_config
from planner.core.memory import TrainingSetup
from planner.core.precision import (
    OPTIMIZER_LABELS,
    QUANTIZATION_BYTES,
    STRATEGIES,
    STRATEGY_LABELS,
    TRAINING_PRECISIONS,
    EstimateError,
)
from planner.core.specs import Workload
from planner.core.views_headroom import ERROR, HeadroomRow, headroom_rows
from planner.ui.document import BuildDocument
from planner.ui.panels.common import Panel, gib, searchable_combo, verdict_color, verdict_text

#: config.json files are a few kilobytes; anything far larger is not one.
MAX_CONFIG_BYTES = 1_000_000
INFERENCE_PRECISIONS = tuple(k for k in QUANTIZATION_BYTES if k != "nf4")
INFERENCE_STRATEGIES = ("tp", "pp")
ADAPTERS = ("full", "lora", "qlora")
DEFAULT_RANK = 16

(NAME, ESTIMATE, TASK, PRECISION, BATCH, SEQ, OPTIMIZER, CHECKPOINTING, ACCUMULATION, ATTENTION,
 STRATEGY, ADAPTER, RANK, REMOVE) = range(14)
#: Short names for the narrow parallelism column; the full label is the item's tooltip.
STRATEGY_SHORT = {"ddp": "DDP", "zero1": "ZeRO-1", "zero2": "ZeRO-2", "zero3": "ZeRO-3",
                  "fsdp": "FSDP", "tp": "TP", "pp": "PP"}


def _spin(low: int, high: int, special: str = "") -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setKeyboardTracking(False)
    if special:
        spin.setSpecialValueText(special)
    return spin


def _set_combo(combo: QComboBox, items: list[tuple[str, str]], value: str,
               tips: dict[str, str] | None = None) -> None:
    """Refill a combo only when its items differ, then select ``value``."""
    current = [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]
    if current != items:
        combo.clear()
        for text, data in items:
            combo.addItem(text, data)
            if tips and data in tips:
                combo.setItemData(combo.count() - 1, tips[data], Qt.ItemDataRole.ToolTipRole)
    combo.setCurrentIndex(max(0, combo.findData(value)))


class _RowEditors:
    """The editors of one table row; ``index`` is the tracked workload they edit."""

    def __init__(self, panel: WorkloadsPanel, index: int) -> None:
        self.index = index
        tr = panel.tr
        self.name = QTableWidgetItem()
        self.task = QComboBox()
        for task in TASKS:
            self.task.addItem(tr("Training") if task == "train" else tr("Inference"), task)
        self.precision = QComboBox()
        self.batch = _spin(1, 65536)
        self.seq = _spin(0, 1_048_576, tr("default"))
        self.optimizer = QComboBox()
        for key, label in OPTIMIZER_LABELS.items():
            self.optimizer.addItem(label, key)
        self.checkpointing = QCheckBox()
        self.accumulation = _spin(1, 4096)
        self.attention = QComboBox()
        self.attention.addItem(tr("Flash / SDPA"), "flash")
        self.attention.addItem(tr("Eager"), "eager")
        self.strategy = QComboBox()
        self.adapter = QComboBox()
        self.adapter.addItem(tr("Full"), "full")
        self.adapter.addItem(tr("LoRA"), "lora")
        self.adapter.addItem(tr("QLoRA"), "qlora")
        self.rank = _spin(1, 4096)
        self.estimate = QTableWidgetItem()
        self.shown: tuple[TrackedWorkload, HeadroomRow | None] | None = None
        self.remove = QToolButton()
        self.remove.setText("✕")
        self.remove.setToolTip(tr("Stop tracking this workload"))

        edit = panel.edit_field
        self.task.activated.connect(lambda _i: edit(self.index, "task", self.task.currentData()))
        self.precision.activated.connect(
            lambda _i: edit(self.index, "precision", self.precision.currentData()))
        self.batch.valueChanged.connect(lambda v: edit(self.index, "batch", int(v)))
        self.seq.valueChanged.connect(lambda v: edit(self.index, "seq", int(v) or None))
        self.optimizer.activated.connect(
            lambda _i: edit(self.index, "optimizer", self.optimizer.currentData()))
        self.checkpointing.toggled.connect(lambda v: edit(self.index, "checkpointing", bool(v)))
        self.accumulation.valueChanged.connect(lambda v: edit(self.index, "accumulation", int(v)))
        self.attention.activated.connect(
            lambda _i: edit(self.index, "attention", self.attention.currentData()))
        self.strategy.activated.connect(
            lambda _i: edit(self.index, "strategy", self.strategy.currentData()))
        self.adapter.activated.connect(
            lambda _i: edit(self.index, "adapter", self.adapter.currentData()))
        self.rank.valueChanged.connect(lambda v: edit(self.index, "lora_rank", int(v)))
        self.remove.clicked.connect(lambda _c=False: panel.remove_workload(self.index))

    def widgets(self) -> dict[int, QWidget]:
        """The cell widgets by column."""
        return {TASK: self.task, PRECISION: self.precision, BATCH: self.batch, SEQ: self.seq,
                OPTIMIZER: self.optimizer, CHECKPOINTING: self.checkpointing,
                ACCUMULATION: self.accumulation, ATTENTION: self.attention,
                STRATEGY: self.strategy, ADAPTER: self.adapter, RANK: self.rank,
                REMOVE: self.remove}

    def show(self, panel: WorkloadsPanel, t: TrackedWorkload, row: HeadroomRow | None) -> None:
        """Put the tracked workload's settings into the editors without emitting edits."""
        if (t, row) == self.shown:
            return  # this row did not change: leave its dozen editors alone
        if self.shown is not None and self.shown[0] == t:
            self.shown = (t, row)
            self._show_estimate(panel, row)  # only the figure changed (e.g. the GPU count)
            return
        self.shown = (t, row)
        editors = list(self.widgets().values())
        for w in editors:
            w.blockSignals(True)
        try:
            self._show(panel, t, row)
        finally:
            for w in editors:
                w.blockSignals(False)

    def _show(self, panel: WorkloadsPanel, t: TrackedWorkload, row: HeadroomRow | None) -> None:
        w = t.workload
        self.name.setText(w.name)
        self.name.setToolTip(f"{w.id}\n{w.parameters:,} parameters\n{'; '.join(w.sources)}")
        self.task.setCurrentIndex(max(0, self.task.findData(t.task)))
        training = t.task == "train"
        if training:
            s = t.training
            _set_combo(self.precision, [(p.label, p.name) for p in TRAINING_PRECISIONS.values()],
                       s.precision)
            _set_combo(self.strategy, [(STRATEGY_SHORT[k], k) for k in STRATEGIES], s.strategy,
                       STRATEGY_LABELS)
            self.batch.setValue(s.batch)
            self.seq.setValue(s.seq or 0)
            adapter = "qlora" if s.qlora else ("lora" if s.lora_rank is not None else "full")
        else:
            i = t.inference
            _set_combo(self.precision, [(p.upper(), p) for p in INFERENCE_PRECISIONS],
                       i.precision)
            _set_combo(self.strategy, [(STRATEGY_SHORT[k], k) for k in INFERENCE_STRATEGIES],
                       i.strategy, STRATEGY_LABELS)
            self.batch.setValue(i.batch)
            self.seq.setValue(i.seq or 0)
            adapter = "full"
        s = t.training
        self.optimizer.setCurrentIndex(max(0, self.optimizer.findData(s.optimizer)))
        self.checkpointing.setChecked(s.checkpointing)
        self.accumulation.setValue(s.accumulation)
        self.attention.setCurrentIndex(max(0, self.attention.findData(s.attention)))
        self.adapter.setCurrentIndex(max(0, self.adapter.findData(adapter)))
        self.rank.setValue(s.lora_rank or DEFAULT_RANK)
        transformer = w.is_transformer
        for editor in (self.optimizer, self.checkpointing, self.accumulation):
            editor.setEnabled(training)
        self.attention.setEnabled(training and transformer)
        self.adapter.setEnabled(training and bool(w.hidden))
        self.rank.setEnabled(training and adapter != "full")
        self._show_estimate(panel, row)

    def _show_estimate(self, panel: WorkloadsPanel, row: HeadroomRow | None) -> None:
        if row is None:
            self.estimate.setText("")
            return
        if row.verdict == ERROR:
            self.estimate.setText(verdict_text(ERROR))
            self.estimate.setToolTip(row.error or "")
        else:
            self.estimate.setText(panel.tr("%1 · %2").replace("%1", gib(row.needed_bytes))
                                  .replace("%2", verdict_text(row.verdict)))
            self.estimate.setToolTip(panel.tr("Per GPU over the build's %n GPU(s)", "",
                                              max(1, row.gpu_count)))
        self.estimate.setForeground(QBrush(verdict_color(row.verdict)))


class WorkloadsPanel(Panel):
    """The tracked workloads, each setting editable inline; add from catalog or config.json."""

    def __init__(self, document: BuildDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.editors: list[_RowEditors] = []
        self.setAcceptDrops(True)

        self.picker = searchable_combo(self.tr("Search models…"), 24)
        self.add_button = QPushButton(self.tr("Add"))
        self.add_button.clicked.connect(self._add_picked)
        self.picker.activated.connect(lambda _i: self._add_picked())
        self.hf_button = QPushButton(self.tr("From config.json…"))
        self.hf_button.setToolTip(self.tr("Size your own model from its Hugging Face "
                                          "config.json (or drop the file here)"))
        self.hf_button.clicked.connect(self._choose_config)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet(f"color: {verdict_color('does-not-fit').name()};")
        self.message.hide()

        self.table = QTableWidget(0, 14)
        headers = {
            NAME: (self.tr("Model"), ""),
            ESTIMATE: (self.tr("Per GPU"), self.tr("Memory per GPU and whether it fits")),
            TASK: (self.tr("Task"), ""),
            PRECISION: (self.tr("Precision"), ""),
            BATCH: (self.tr("Batch"), self.tr("Micro-batch per GPU")),
            SEQ: (self.tr("Seq / px"), self.tr("Sequence length in tokens, or image side in "
                                               "pixels")),
            OPTIMIZER: (self.tr("Optimizer"), ""),
            CHECKPOINTING: (self.tr("Ckpt"), self.tr("Gradient checkpointing")),
            ACCUMULATION: (self.tr("Accum."), self.tr("Gradient accumulation steps")),
            ATTENTION: (self.tr("Attention"), ""),
            STRATEGY: (self.tr("Parallel"), self.tr("How the workload is split over the GPUs")),
            ADAPTER: (self.tr("Adapter"), self.tr("Full fine-tuning, LoRA or QLoRA")),
            RANK: (self.tr("Rank"), self.tr("LoRA rank")),
            REMOVE: ("", ""),
        }
        for column, (text, tip) in headers.items():
            item = QTableWidgetItem(text)
            item.setToolTip(tip)
            self.table.setHorizontalHeaderItem(column, item)
        self.table.verticalHeader().hide()
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(NAME, 150)
        self.empty = QLabel(self.tr("No workloads yet: pick a model above, or drop a "
                                    "Hugging Face config.json here."))
        self.empty.setWordWrap(True)

        bar = QHBoxLayout()
        bar.addWidget(self.picker, 1)
        bar.addWidget(self.add_button)
        bar.addWidget(self.hf_button)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.message)
        layout.addWidget(self.empty)
        layout.addWidget(self.table, 1)
        self._fill_picker()
        document.catalog_changed.connect(self._fill_picker)

    # --- adding and removing ----------------------------------------------------------------

    def _fill_picker(self) -> None:
        self.picker.clear()
        for w in self.document.catalog.workloads:
            self.picker.addItem(f"{w.name} ({w.parameters / 1e9:.2g} B)"
                                if w.parameters >= 1e9 else w.name, w.id)
        self.picker.setCurrentIndex(-1)

    def _add_picked(self) -> None:
        index = self.picker.currentIndex()
        if index < 0:
            text = self.picker.currentText().strip().lower()
            index = next((i for i in range(self.picker.count())
                          if text and text in self.picker.itemText(i).lower()), -1)
        workload = self.document.catalog.workload(self.picker.itemData(index)) if index >= 0 \
            else None
        if workload is None:
            self.show_message(self.tr("Pick a model from the list."))
            return
        self.add_workload(workload)
        self.picker.setCurrentIndex(-1)

    def add_workload(self, workload: Workload) -> None:
        """Track a workload with its catalog defaults, as one undoable edit."""
        self.show_message("")
        tracked = TrackedWorkload(workload, "train",
                                  training=TrainingSetup(batch=max(1, workload.default_batch)))
        self.document.apply(self.document.build.with_workload_added(tracked),
                            self.tr("Track %1").replace("%1", workload.name))

    def remove_workload(self, index: int) -> None:
        """Stop tracking a workload (undoable)."""
        build = self.document.build
        if 0 <= index < len(build.workloads):
            name = build.workloads[index].workload.name
            self.document.apply(build.without_workload(index),
                                self.tr("Stop tracking %1").replace("%1", name))

    def _choose_config(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self, self.tr("Open a Hugging Face config.json"), "",
            self.tr("Model configuration (*.json)"))
        if path:
            self.add_config(Path(path))

    def add_config(self, path: Path) -> bool:
        """Track the model a ``config.json`` describes; a problem is shown as one sentence."""
        try:
            if path.stat().st_size > MAX_CONFIG_BYTES:
                raise EstimateError(f"{path.name} is too large to be a model's config.json.")
            cfg = json.loads(path.read_text(encoding="utf-8"))
            name = path.parent.name if path.name == "config.json" and path.parent.name \
                else path.stem
            if isinstance(cfg, dict) and isinstance(cfg.get("_name_or_path"), str) \
                    and cfg["_name_or_path"].strip():
                name = cfg["_name_or_path"].strip().rsplit("/", 1)[-1]
            workload = workload_from_hf_config(cfg, name=name)
        except EstimateError as exc:
            self.show_message(str(exc))
            return False
        except (OSError, UnicodeDecodeError) as exc:
            self.show_message(self.tr("%1 could not be read (%2).").replace("%1", path.name)
                              .replace("%2", exc.__class__.__name__))
            return False
        except json.JSONDecodeError as exc:
            self.show_message(self.tr("%1 is not valid JSON (line %2).").replace("%1", path.name)
                              .replace("%2", str(exc.lineno)))
            return False
        self.add_workload(workload)
        return True

    def show_message(self, text: str) -> None:
        """One sentence under the tool bar (empty hides it)."""
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Accept dragged .json files (a model's config.json)."""
        urls = event.mimeData().urls() if event.mimeData().hasUrls() else []
        if any(u.isLocalFile() and u.toLocalFile().lower().endswith(".json") for u in urls):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        """Track each dropped config.json."""
        for url in event.mimeData().urls():
            if url.isLocalFile() and url.toLocalFile().lower().endswith(".json"):
                self.add_config(Path(url.toLocalFile()))
        event.acceptProposedAction()

    # --- editing ----------------------------------------------------------------------------

    def edit_field(self, index: int, name: str, value: object) -> None:
        """Change one setting of one tracked workload, as one (merging) undoable edit."""
        build = self.document.build
        if not 0 <= index < len(build.workloads):
            return
        t = build.workloads[index]
        if name == "task":
            new = replace(t, task=str(value))
        elif name == "adapter":
            rank = t.training.lora_rank or DEFAULT_RANK
            setup = {"full": replace(t.training, lora_rank=None, qlora=False),
                     "lora": replace(t.training, lora_rank=rank, qlora=False),
                     "qlora": replace(t.training, lora_rank=rank, qlora=True)}[str(value)]
            new = replace(t, training=setup)
        elif t.task == "inference" and name in ("precision", "batch", "seq", "strategy"):
            new = replace(t, inference=replace(t.inference, **{name: value}))  # type: ignore[arg-type]
        else:
            new = replace(t, training=replace(t.training, **{name: value}))  # type: ignore[arg-type]
        self.document.apply(build.with_workload(index, new),
                            self.tr("Change %1 of %2").replace("%1", name.replace("_", " "))
                            .replace("%2", t.workload.name),
                            merge_key=f"workload/{index}/{name}")

    # --- drawing ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Make one row per tracked workload (creating editors only for new rows)."""
        build = self.document.build
        rows = headroom_rows(build)
        n = len(build.workloads)
        if len(self.editors) != n:
            self.table.setRowCount(n)
            while len(self.editors) < n:
                i = len(self.editors)
                editors = _RowEditors(self, i)
                self.table.setItem(i, NAME, editors.name)
                self.table.setItem(i, ESTIMATE, editors.estimate)
                for column, widget in editors.widgets().items():
                    self.table.setCellWidget(i, column, widget)
                self.editors.append(editors)
            del self.editors[n:]
        for i, (t, editors) in enumerate(zip(build.workloads, self.editors, strict=True)):
            editors.show(self, t, rows[i] if i < len(rows) else None)
        self.empty.setVisible(n == 0)
        self.table.setVisible(n > 0)
