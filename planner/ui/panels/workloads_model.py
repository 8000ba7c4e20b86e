"""The workloads table as Qt model/view: a table model, a delegate and the view they run in.

The table used to hold a dozen live editor widgets per row; every edit made the header re-measure
them all and the whole table re-lay out and repaint, which alone broke the 16 ms edit-to-repaint
budget. Here the cells are plain text that Qt paints from the model, and an editor exists only
while a cell is being edited.

The model is a read-only mirror of ``document.build.workloads``: it never changes its own rows.
An edit (``setData``, ``removeRows``) goes to the panel, which makes one undoable document edit;
the document then says it changed, the panel refreshes, and :meth:`WorkloadsModel.update` compares
the new rows with the shown ones and signals only the cells that differ. Figures come from
:func:`planner.core.views_headroom.headroom_rows` (handed in by the panel); nothing here computes
one, it only formats them.

Texts are translated under the "WorkloadsPanel" context, where they lived when the panel built
its own editors, so existing translations keep matching (the one plural message is still the
panel's own ``tr`` call, see :class:`WorkloadEditing`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import QBrush, QKeyEvent, QMouseEvent, QPainter, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QHeaderView,
    QSpinBox,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from planner.core.build import TASKS, TrackedWorkload
from planner.core.headroom import DOES_NOT_FIT, FITS, TIGHT
from planner.core.precision import (
    OPTIMIZER_LABELS,
    QUANTIZATION_BYTES,
    STRATEGIES,
    TRAINING_PRECISIONS,
)
from planner.core.views_headroom import ERROR, NO_GPU, HeadroomRow
from planner.ui.panels.common import GIB, gib, verdict_color, verdict_text

INFERENCE_PRECISIONS = tuple(k for k in QUANTIZATION_BYTES if k != "nf4")
INFERENCE_STRATEGIES = ("tp", "pp")
ADAPTERS = ("full", "lora", "qlora")
DEFAULT_RANK = 16

(NAME, ESTIMATE, TASK, PRECISION, BATCH, SEQ, OPTIMIZER, CHECKPOINTING, ACCUMULATION, ATTENTION,
 STRATEGY, ADAPTER, RANK, REMOVE) = range(14)
COLUMN_COUNT = 14
#: Width of the model-name column, as the panel always had it (names are long; the user can widen).
NAME_WIDTH = 150
#: Short names for the narrow parallelism column; the full label is the item's tooltip.
STRATEGY_SHORT = {"ddp": "DDP", "zero1": "ZeRO-1", "zero2": "ZeRO-2", "zero3": "ZeRO-3",
                  "fsdp": "FSDP", "tp": "TP", "pp": "PP"}
#: The ``WorkloadsPanel.edit_field`` name each editable column changes.
FIELDS: dict[int, str] = {
    TASK: "task", PRECISION: "precision", BATCH: "batch", SEQ: "seq", OPTIMIZER: "optimizer",
    CHECKPOINTING: "checkpointing", ACCUMULATION: "accumulation", ATTENTION: "attention",
    STRATEGY: "strategy", ADAPTER: "adapter", RANK: "lora_rank",
}
#: Columns edited with a spin box, and its range (seq 0 means the workload's default).
SPIN_RANGES: dict[int, tuple[int, int]] = {
    BATCH: (1, 65536), SEQ: (0, 1_048_576), ACCUMULATION: (1, 4096), RANK: (1, 4096),
}
#: Columns edited with a combo box of :data:`OPTIONS_ROLE` items.
COMBO_COLUMNS = (TASK, PRECISION, OPTIMIZER, ATTENTION, STRATEGY, ADAPTER)
OPTIONS_ROLE = Qt.ItemDataRole.UserRole + 1
"""A combo cell's choices for its row, as (label, key, tooltip) tuples (they depend on the task)."""
#: Largest estimate the column is sized for ("9,999.9 GiB"): wider than any card holds.
WIDEST_ESTIMATE_BYTES = 9999.9 * GIB

Option = tuple[str, str, str]
_Index = QModelIndex | QPersistentModelIndex
_Figure = tuple[str, int, int, str | None] | None
"""What a cell shows of a headroom row: verdict, bytes needed, GPU count, error sentence."""

_ENABLED = (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemNeverHasChildren)
_EDITABLE = _ENABLED | Qt.ItemFlag.ItemIsEditable
_CHECKABLE = _ENABLED | Qt.ItemFlag.ItemIsUserCheckable
#: A setting that does not apply to the row: no ItemIsEnabled, so the view greys it out.
_OFF = Qt.ItemFlag.ItemNeverHasChildren
_CENTER = int(Qt.AlignmentFlag.AlignCenter)
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


class _Labels:
    """Every text of the table in the current language, built once per language.

    Cells are rebuilt on every edit of their row; a dozen ``translate`` calls per cell would cost
    more than the rest of the row.
    """

    def __init__(self, per_gpu: Callable[[int], str]) -> None:
        self._plural_per_gpu = per_gpu
        # Spelled out in full each time: lupdate only sees QCoreApplication.translate calls.
        self.headers: tuple[tuple[str, str], ...] = (
            (QCoreApplication.translate("WorkloadsPanel", "Model"), ""),
            (QCoreApplication.translate("WorkloadsPanel", "Per GPU"),
             QCoreApplication.translate("WorkloadsPanel", "Memory per GPU and whether it fits")),
            (QCoreApplication.translate("WorkloadsPanel", "Task"), ""),
            (QCoreApplication.translate("WorkloadsPanel", "Precision"), ""),
            (QCoreApplication.translate("WorkloadsPanel", "Batch"),
             QCoreApplication.translate("WorkloadsPanel", "Micro-batch per GPU")),
            (QCoreApplication.translate("WorkloadsPanel", "Seq / px"),
             QCoreApplication.translate("WorkloadsPanel",
                                        "Sequence length in tokens, or image side in pixels")),
            (QCoreApplication.translate("WorkloadsPanel", "Optimizer"), ""),
            (QCoreApplication.translate("WorkloadsPanel", "Ckpt"),
             QCoreApplication.translate("WorkloadsPanel", "Gradient checkpointing")),
            (QCoreApplication.translate("WorkloadsPanel", "Accum."),
             QCoreApplication.translate("WorkloadsPanel", "Gradient accumulation steps")),
            (QCoreApplication.translate("WorkloadsPanel", "Attention"), ""),
            (QCoreApplication.translate("WorkloadsPanel", "Parallel"),
             QCoreApplication.translate("WorkloadsPanel",
                                        "How the workload is split over the GPUs")),
            (QCoreApplication.translate("WorkloadsPanel", "Adapter"),
             QCoreApplication.translate("WorkloadsPanel", "Full fine-tuning, LoRA or QLoRA")),
            (QCoreApplication.translate("WorkloadsPanel", "Rank"),
             QCoreApplication.translate("WorkloadsPanel", "LoRA rank")),
            ("", ""),
        )
        self.default = QCoreApplication.translate("WorkloadsPanel", "default")
        self.remove_tip = QCoreApplication.translate("WorkloadsPanel",
                                                     "Stop tracking this workload")
        self.estimate = QCoreApplication.translate("WorkloadsPanel", "%1 · %2")
        self._per_gpu: dict[int, str] = {}
        training = QCoreApplication.translate("WorkloadsPanel", "Training")
        inference = QCoreApplication.translate("WorkloadsPanel", "Inference")
        tasks = tuple((training if task == "train" else inference, task, "") for task in TASKS)
        optimizers = tuple((label, key, "") for key, label in OPTIMIZER_LABELS.items())
        attention = ((QCoreApplication.translate("WorkloadsPanel", "Flash / SDPA"), "flash", ""),
                     (QCoreApplication.translate("WorkloadsPanel", "Eager"), "eager", ""))
        adapters = ((QCoreApplication.translate("WorkloadsPanel", "Full"), "full", ""),
                    (QCoreApplication.translate("WorkloadsPanel", "LoRA"), "lora", ""),
                    (QCoreApplication.translate("WorkloadsPanel", "QLoRA"), "qlora", ""))
        # keyed by (column, training?): precision and strategy lists differ by task
        self.options: dict[tuple[int, bool], tuple[Option, ...]] = {}
        for is_training in (True, False):
            self.options[TASK, is_training] = tasks
            self.options[OPTIMIZER, is_training] = optimizers
            self.options[ATTENTION, is_training] = attention
            self.options[ADAPTER, is_training] = adapters
        self.options[PRECISION, True] = tuple((p.label, p.name, "")
                                              for p in TRAINING_PRECISIONS.values())
        self.options[PRECISION, False] = tuple((p.upper(), p, "") for p in INFERENCE_PRECISIONS)
        tips = {
            "ddp": QCoreApplication.translate(
                "WorkloadsPanel", "Data parallel (DDP): a full copy on every GPU"),
            "zero1": QCoreApplication.translate(
                "WorkloadsPanel", "ZeRO-1: optimizer state sharded over the GPUs"),
            "zero2": QCoreApplication.translate(
                "WorkloadsPanel", "ZeRO-2: optimizer state and gradients sharded"),
            "zero3": QCoreApplication.translate(
                "WorkloadsPanel", "ZeRO-3: weights, gradients and optimizer state sharded"),
            "fsdp": QCoreApplication.translate(
                "WorkloadsPanel", "FSDP (full shard): weights, gradients and optimizer state "
                "sharded"),
            "tp": QCoreApplication.translate(
                "WorkloadsPanel", "Tensor parallel: each layer split over the GPUs"),
            "pp": QCoreApplication.translate(
                "WorkloadsPanel", "Pipeline parallel: consecutive layers on each GPU"),
        }
        self.options[STRATEGY, True] = tuple((STRATEGY_SHORT[k], k, tips.get(k, "")) for k in
                                             STRATEGIES)
        # Serving replicas: every GPU holds the whole model and answers its own requests (core
        # counts any strategy but tp/pp/zero3/fsdp that way); files store it as "ddp".
        replicas = (QCoreApplication.translate("WorkloadsPanel", "Replicas"), "ddp",
                    QCoreApplication.translate("WorkloadsPanel", "A full copy of the model on "
                                               "every GPU, each serving its own requests"))
        self.options[STRATEGY, False] = (replicas, *((STRATEGY_SHORT[k], k, tips[k])
                                                     for k in INFERENCE_STRATEGIES))
        self._by_key = {column_task: {o[1]: o for o in options}
                        for column_task, options in self.options.items()}

    def option(self, column: int, training: bool, key: str) -> Option:
        """The (label, key, tooltip) of a stored key; an unknown key shows as itself."""
        return self._by_key[column, training].get(key, (key, key, ""))

    def per_gpu(self, n: int) -> str:
        """The estimate's tooltip for a build of ``n`` GPUs (plural forms differ by language)."""
        text = self._per_gpu.get(n)
        if text is None:
            text = self._per_gpu[n] = self._plural_per_gpu(n)
        return text

    def estimate_text(self, needed_bytes: float, verdict: str) -> str:
        """"12.3 GiB · fits": the figure and the verdict in words (colour is never the only cue)."""
        return self.estimate.replace("%1", gib(needed_bytes)).replace("%2", verdict_text(verdict))

    def widest(self, column: int) -> tuple[str, ...]:
        """The texts a column can show, for sizing it once instead of measuring every row."""
        if column == ESTIMATE:
            return (*(self.estimate_text(WIDEST_ESTIMATE_BYTES, v)
                      for v in (FITS, TIGHT, DOES_NOT_FIT, NO_GPU)), verdict_text(ERROR))
        if column in COMBO_COLUMNS:
            return tuple(o[0] for t in (True, False) for o in self.options[column, t])
        if column in SPIN_RANGES:
            return (str(SPIN_RANGES[column][1]), *((self.default,) if column == SEQ else ()))
        if column == REMOVE:
            return ("✕",)
        return ()


_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_EDIT = int(Qt.ItemDataRole.EditRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
_CHECK = int(Qt.ItemDataRole.CheckStateRole)
_ALIGN = int(Qt.ItemDataRole.TextAlignmentRole)

_brushes: dict[str, QBrush] = {}


def _verdict_brush(verdict: str) -> QBrush:
    """One brush per verdict colour, shared by every paint."""
    brush = _brushes.get(verdict)
    if brush is None:
        brush = _brushes[verdict] = QBrush(verdict_color(verdict))
    return brush


@dataclass(frozen=True, slots=True)
class _Cell:
    """What one cell shows; rows are compared cell by cell to signal only what changed.

    ``roles`` is the same content keyed by item-data role, built once: Qt asks ``data`` for
    seven roles of every cell it paints, so that must be one dictionary look-up.
    """

    text: str
    value: object
    """The editor's starting value (a key or a number; the checkbox's bool)."""
    flags: Qt.ItemFlag
    tip: str = ""
    verdict: str | None = None
    """Colours the text (the estimate's verdict)."""
    checkable: bool = False
    options: tuple[Option, ...] | None = None
    """A combo cell's choices (they depend on the row's task)."""
    alignment: int | None = None
    roles: dict[int, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        roles: dict[int, Any] = {_DISPLAY: self.text, _EDIT: self.value}
        if self.tip:
            roles[_TOOLTIP] = self.tip
        if self.verdict:
            roles[_FOREGROUND] = _verdict_brush(self.verdict)
        if self.checkable:
            roles[_CHECK] = Qt.CheckState.Checked if self.value else Qt.CheckState.Unchecked
        if self.options is not None:
            roles[OPTIONS_ROLE] = self.options
        if self.alignment is not None:
            roles[_ALIGN] = self.alignment
        object.__setattr__(self, "roles", roles)


@dataclass(frozen=True, slots=True)
class _Row:
    """One tracked workload as shown; ``key`` is everything the cells were made from."""

    key: tuple[TrackedWorkload, _Figure]
    cells: tuple[_Cell, ...]


def _figure(row: HeadroomRow | None) -> _Figure:
    """The part of a headroom row the table shows (a change elsewhere repaints nothing)."""
    if row is None:
        return None
    return (row.verdict, row.needed_bytes, row.gpu_count, row.error)


def _estimate_cell(labels: _Labels, figure: _Figure) -> _Cell:
    """"12.3 GiB · fits" in the verdict's colour, or "error" with the reason as tooltip."""
    if figure is None:
        return _Cell("", None, _ENABLED)
    verdict, needed, gpu_count, error = figure
    if verdict == ERROR:
        return _Cell(verdict_text(ERROR), None, _ENABLED, error or "", verdict)
    return _Cell(labels.estimate_text(needed, verdict), None, _ENABLED,
                 labels.per_gpu(max(1, gpu_count)), verdict)


def _cells(labels: _Labels, t: TrackedWorkload, figure: _Figure) -> tuple[_Cell, ...]:
    """The 14 cells of a tracked workload's row (the enable rules of each setting live here)."""
    w = t.workload
    training = t.task == "train"
    s = t.training
    if training:
        precision, batch, seq, strategy = s.precision, s.batch, s.seq, s.strategy
        adapter = "qlora" if s.qlora else ("lora" if s.lora_rank is not None else "full")
    else:
        i = t.inference
        precision, batch, seq, strategy = i.precision, i.batch, i.seq, i.strategy
        adapter = "full"
    rank = s.lora_rank or DEFAULT_RANK

    def choice(column: int, key: str, applies: bool = True) -> _Cell:
        label, _key, tip = labels.option(column, training, key)
        return _Cell(label, key, _EDITABLE if applies else _OFF, tip,
                     options=labels.options[column, training])

    def count(value: int, applies: bool = True, special: str = "") -> _Cell:
        return _Cell(str(value) if value or not special else special, value,
                     _EDITABLE if applies else _OFF, alignment=_RIGHT)

    return (
        _Cell(w.name, None, _ENABLED,
              f"{w.id}\n{w.parameters:,} parameters\n{'; '.join(w.sources)}"),
        _estimate_cell(labels, figure),
        choice(TASK, t.task),
        choice(PRECISION, precision),
        count(batch),
        count(seq or 0, special=labels.default),
        choice(OPTIMIZER, s.optimizer, training),
        _Cell("", s.checkpointing, _CHECKABLE if training else _OFF, checkable=True),
        count(s.accumulation, training),
        choice(ATTENTION, s.attention, training and w.is_transformer),
        choice(STRATEGY, strategy),
        choice(ADAPTER, adapter, training and bool(w.hidden)),
        count(rank, training and adapter != "full"),
        _Cell("✕", None, _ENABLED, labels.remove_tip, alignment=_CENTER),
    )


class WorkloadEditing(Protocol):
    """What the model needs from its panel: the document edits, and one plural text.

    The plural stays a ``tr`` call of the panel because lupdate marks a message as plural only
    in a ``tr(text, disambiguation, n)`` call, not in ``QCoreApplication.translate``.
    """

    def edit_field(self, index: int, name: str, value: object) -> None:
        """Change one setting of the ``index``-th tracked workload (one undoable edit)."""

    def remove_workload(self, index: int) -> None:
        """Stop tracking the ``index``-th workload (one undoable edit)."""

    def per_gpu_text(self, n: int) -> str:
        """"Per GPU over the build's n GPUs", in the user's language."""


class WorkloadsModel(QAbstractTableModel):
    """One row per tracked workload of the build, in the build's order.

    Edits go to ``panel`` (``edit_field``, ``remove_workload``), which changes the document;
    the rows change only through :meth:`update`.
    """

    def __init__(self, panel: WorkloadEditing, parent: Any = None) -> None:
        super().__init__(parent)
        self._panel = panel
        self._labels = _Labels(panel.per_gpu_text)
        self._rows: list[_Row] = []

    @property
    def labels(self) -> _Labels:
        """The current language's texts (the view sizes its columns from them)."""
        return self._labels

    # -- following the document -------------------------------------------------------------

    def update(self, workloads: Sequence[TrackedWorkload],
               figures: Sequence[HeadroomRow]) -> None:
        """Show these workloads, signalling only the rows and cells that changed.

        A changed row count becomes one insert or remove at the first row that differs (so open
        editors, the current cell and the selection stay on their workloads); nothing in common
        at all becomes a reset. Then every row whose source differs is rebuilt and signalled over
        the span of its cells that differ (adjacent rows with the same span in one signal): a
        GPU-count change touches only the estimate column, and rebuilds nothing else.
        """
        keys = [(t, _figure(figures[i] if i < len(figures) else None))
                for i, t in enumerate(workloads)]
        old = self._rows
        n_old, n_new = len(old), len(keys)
        if n_old != n_new:
            shortest = min(n_old, n_new)
            prefix = 0
            while prefix < shortest and old[prefix].key[0] == keys[prefix][0]:
                prefix += 1
            suffix = 0
            while (prefix + suffix < shortest
                   and old[n_old - 1 - suffix].key[0] == keys[n_new - 1 - suffix][0]):
                suffix += 1
            if shortest and not prefix and not suffix:
                self.beginResetModel()
                self._rows = [self._make_row(key) for key in keys]
                self.endResetModel()
                return
            if n_new < n_old:
                self.beginRemoveRows(QModelIndex(), prefix, prefix + n_old - n_new - 1)
                del self._rows[prefix:prefix + n_old - n_new]
                self.endRemoveRows()
            else:
                self.beginInsertRows(QModelIndex(), prefix, prefix + n_new - n_old - 1)
                self._rows[prefix:prefix] = [self._make_row(keys[i])
                                             for i in range(prefix, prefix + n_new - n_old)]
                self.endInsertRows()
        rows = self._rows
        run: tuple[int, int, int, int] | None = None  # first row, last row, first/last column
        for i, key in enumerate(keys):
            before = rows[i]
            if before.key == key:
                continue  # an unchanged row is not touched at all
            if before.key[0] == key[0]:  # same settings, new figure (e.g. the GPU count)
                cells = before.cells
                after = _Row(key, (cells[NAME], _estimate_cell(self._labels, key[1]),
                                   *cells[ESTIMATE + 1:]))
            else:
                after = self._make_row(key)
            rows[i] = after
            changed = [c for c in range(COLUMN_COUNT) if before.cells[c] != after.cells[c]]
            if not changed:
                continue
            if run is not None and run[1] == i - 1 and run[2:] == (changed[0], changed[-1]):
                run = (run[0], i, run[2], run[3])  # adjacent rows, same cells: one signal
                continue
            if run is not None:
                self._signal(*run)
            run = (i, i, changed[0], changed[-1])
        if run is not None:
            self._signal(*run)

    def _signal(self, first_row: int, last_row: int, first: int, last: int) -> None:
        self.dataChanged.emit(self.index(first_row, first), self.index(last_row, last))

    def retranslate(self) -> None:
        """A new language: rebuild every text and repaint all of it (and the header)."""
        self._labels = _Labels(self._panel.per_gpu_text)
        self._rows = [self._make_row(row.key) for row in self._rows]
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, COLUMN_COUNT - 1)
        if self._rows:
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(len(self._rows) - 1, COLUMN_COUNT - 1))

    def _make_row(self, key: tuple[TrackedWorkload, _Figure]) -> _Row:
        return _Row(key, _cells(self._labels, *key))

    # -- QAbstractItemModel ------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """One row per tracked workload; a flat table has no children."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """The fixed columns (see the column constants)."""
        return 0 if parent.isValid() else COLUMN_COUNT

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column titles, and a tooltip where the short title needs explaining."""
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < COLUMN_COUNT:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._labels.headers[section][0]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._labels.headers[section][1] or None
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """A cell's text, editor value, tooltip, check state, verdict colour or choices.

        Called for every visible cell on every paint, so it only looks up what ``update`` built.
        """
        rows = self._rows
        row = index.row()
        if 0 <= row < len(rows):  # an invalid index has row -1
            return rows[row].cells[index.column()].roles.get(role)
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        """Editable only where the setting applies to the row; the rest greyed (not enabled)."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return Qt.ItemFlag.NoItemFlags
        return self._rows[index.row()].cells[index.column()].flags

    def setData(self, index: _Index, value: Any,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Hand an edited value to the panel as one undoable edit (the rows follow on refresh)."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return False
        column = index.column()
        flags = self.flags(index)
        if role == Qt.ItemDataRole.CheckStateRole:
            if column != CHECKPOINTING or not flags & Qt.ItemFlag.ItemIsUserCheckable:
                return False
            state = value.value if isinstance(value, Qt.CheckState) else int(value)
            checked = state == Qt.CheckState.Checked.value
            self._panel.edit_field(index.row(), FIELDS[column], checked)
            return True
        if role != Qt.ItemDataRole.EditRole or column not in FIELDS \
                or not flags & Qt.ItemFlag.ItemIsEditable:
            return False
        new: object = str(value)
        if column in SPIN_RANGES:
            new = int(value)
            if column == SEQ:
                new = new or None  # 0 shows "default": the workload's own length
        self._panel.edit_field(index.row(), FIELDS[column], new)
        return True

    def removeRows(self, row: int, count: int,
                   parent: _Index = QModelIndex()) -> bool:  # noqa: B008
        """Stop tracking workloads (one undoable edit each; the rows go on refresh)."""
        if parent.isValid() or count < 1 or row < 0 or row + count > len(self._rows):
            return False
        for r in reversed(range(row, row + count)):
            self._panel.remove_workload(r)
        return True


def _make_spin(column: int, parent: QWidget | None, special: str) -> QSpinBox:
    """A frameless spin box over the column's range; it reports a value only when it is final."""
    spin = QSpinBox(parent)
    spin.setFrame(False)
    spin.setAutoFillBackground(True)  # the cell's own text must not show through
    spin.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    low, high = SPIN_RANGES[column]
    spin.setRange(low, high)
    spin.setKeyboardTracking(False)
    if column == SEQ:
        spin.setSpecialValueText(special)
    return spin


def _fill_combo(combo: QComboBox, options: Sequence[Option]) -> None:
    """Give a combo these items, refilling only when they differ (its signals are blocked)."""
    if [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())] \
            == [(label, key) for label, key, _tip in options]:
        return
    combo.clear()
    for i, (label, key, tip) in enumerate(options):
        combo.addItem(label, key)
        if tip:
            combo.setItemData(i, tip, Qt.ItemDataRole.ToolTipRole)


#: Dynamic property holding the value ``setEditorData`` put into an editor.
_SHOWN = "plannerShownValue"


class WorkloadsDelegate(QStyledItemDelegate):
    """Creates an editor only while a cell is being edited; Qt paints the cells.

    Combo boxes commit as soon as the user picks an item and close; spin boxes commit on every
    final value (arrow clicks are live, typing counts on Enter or leaving the cell). ✕ removes
    its row and the checkpointing box toggles on a click anywhere in the cell.
    """

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: _Index) -> QWidget:
        """A spin box or a combo box of the row's choices, wired to commit at once."""
        column = index.column()
        model = index.model()
        if column in SPIN_RANGES:
            special = model.labels.default if isinstance(model, WorkloadsModel) else ""
            spin = _make_spin(column, parent, special)
            spin.valueChanged.connect(lambda _value, s=spin: self.commitData.emit(s))
            return spin
        if column in COMBO_COLUMNS:
            combo = QComboBox(parent)
            combo.setFrame(False)
            combo.setAutoFillBackground(True)
            combo.activated.connect(lambda _i, c=combo: self._commit_and_close(c))
            return combo
        return super().createEditor(parent, option, index)

    def _commit_and_close(self, editor: QWidget) -> None:
        self.commitData.emit(editor)
        self.closeEditor.emit(editor, QAbstractItemDelegate.EndEditHint.NoHint)

    def setEditorData(self, editor: QWidget, index: _Index) -> None:
        """Show the cell's value without the editor reporting it back as an edit.

        Qt calls this again whenever the cell changes, including after the editor's own commit;
        with signals blocked that cannot loop.
        """
        value = index.data(Qt.ItemDataRole.EditRole)
        blocked = editor.blockSignals(True)
        try:
            if isinstance(editor, QSpinBox):
                if editor.value() != value:
                    editor.setValue(int(value))
                editor.setProperty(_SHOWN, editor.value())
            elif isinstance(editor, QComboBox):
                _fill_combo(editor, index.data(OPTIONS_ROLE) or ())
                editor.setCurrentIndex(editor.findData(value))  # unknown key: nothing picked
                editor.setProperty(_SHOWN, editor.currentData())
            else:
                super().setEditorData(editor, index)
        finally:
            editor.blockSignals(blocked)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: _Index) -> None:
        """Write what the user picked; an editor still showing its starting value writes nothing.

        Leaving a cell commits too: without this a clamped out-of-range number or an unknown
        key would be silently replaced by what the editor could show.
        """
        if isinstance(editor, QSpinBox):
            value: object = editor.value()
        elif isinstance(editor, QComboBox):
            if editor.currentIndex() < 0:
                return
            value = editor.currentData()
        else:
            super().setModelData(editor, model, index)
            return
        if value != editor.property(_SHOWN):
            model.setData(index, value, Qt.ItemDataRole.EditRole)

    def editorEvent(self, event: QEvent, model: QAbstractItemModel,
                    option: QStyleOptionViewItem, index: _Index) -> bool:
        """A left click on ✕ removes the row; on the checkpointing cell it toggles the box.

        The release acts; the double-click is swallowed, so a double click toggles once and
        removes one workload, not the one that moved up under the pointer. Space on the
        checkpointing cell toggles it too (Qt's own handling of checkable cells).
        """
        column = index.column()
        if column in (REMOVE, CHECKPOINTING) and isinstance(event, QMouseEvent):
            if event.button() != Qt.MouseButton.LeftButton \
                    or not option.rect.contains(event.position().toPoint()):
                return False
            if event.type() == QEvent.Type.MouseButtonDblClick:
                return True
            if event.type() != QEvent.Type.MouseButtonRelease:
                return False
            if column == REMOVE:
                model.removeRow(index.row())
                return True
            flags = model.flags(index)
            if not flags & Qt.ItemFlag.ItemIsUserCheckable or not flags & Qt.ItemFlag.ItemIsEnabled:
                return False
            checked = index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
            model.setData(index, Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked,
                          Qt.ItemDataRole.CheckStateRole)
            return True
        return super().editorEvent(event, model, option, index)

    def editor_width(self, column: int, labels: _Labels) -> int:
        """How wide this column's editor wants to be to show its widest value uncut."""
        if column in SPIN_RANGES:
            probe: QWidget = _make_spin(column, None, labels.default)
        elif column in COMBO_COLUMNS:
            combo = QComboBox()
            combo.setFrame(False)
            combo.addItems(list(labels.widest(column)))
            probe = combo
        else:
            return 0
        return probe.sizeHint().width()


class _CheckBoxDelegate(WorkloadsDelegate):
    """The checkpointing column's delegate: its box is drawn centred.

    A separate delegate so that only this column pays for a paint written in Python; the other
    cells are painted by Qt without calling back into Python.
    """

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        """Draw the box centred in the cell (Qt puts it at the left edge)."""
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        checked = opt.checkState == Qt.CheckState.Checked
        opt.features &= ~QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        box = QStyleOptionViewItem(opt)
        size = QSize(style.pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth, opt, widget),
                     style.pixelMetric(QStyle.PixelMetric.PM_IndicatorHeight, opt, widget))
        box.rect = QStyle.alignedRect(opt.direction, Qt.AlignmentFlag.AlignCenter, size,
                                      opt.rect)
        box.state = (box.state & ~(QStyle.StateFlag.State_On | QStyle.StateFlag.State_Off)) \
            | (QStyle.StateFlag.State_On if checked else QStyle.StateFlag.State_Off)
        style.drawPrimitive(QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck, box, painter,
                            widget)


class WorkloadsView(QTableView):
    """The table: a click on a setting starts editing it, Delete stops tracking the row.

    Columns are sized once from their header and the widest text they can show (never from the
    rows, so an edit never re-measures anything), and again only for a new language, font or
    style; the user can resize them.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.delegate = WorkloadsDelegate(self)
        self.setItemDelegate(self.delegate)
        self.check_delegate = _CheckBoxDelegate(self)
        self.setItemDelegateForColumn(CHECKPOINTING, self.check_delegate)
        self.verticalHeader().hide()
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        triggers = QAbstractItemView.EditTrigger
        self.setEditTriggers(triggers.CurrentChanged | triggers.SelectedClicked
                             | triggers.DoubleClicked | triggers.EditKeyPressed
                             | triggers.AnyKeyPressed)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.horizontalHeader().setHighlightSections(False)
        self._fitted = False
        self._pressing = False

    def edit(self, index: QModelIndex | QPersistentModelIndex,  # type: ignore[override]
             trigger: QAbstractItemView.EditTrigger | None = None,
             event: QEvent | None = None) -> bool:
        """Open the editor; a choice clicked with the mouse drops its list open at once.

        Only for a mouse click: arrowing through the row also opens editors, and a list that
        sprang open on every step would be in the way.
        """
        if trigger is None:  # the public slot edit(index): Qt calls back with a trigger
            super().edit(index)
            return self.indexWidget(index) is not None
        opened = super().edit(index, trigger, event)  # type: ignore[arg-type]
        by_mouse = self._pressing or (event is not None and event.type() in (
            QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease,
            QEvent.Type.MouseButtonDblClick))
        if opened and by_mouse:
            editor = self.indexWidget(index)
            if isinstance(editor, QComboBox):
                QTimer.singleShot(0, editor.showPopup)
        return opened

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """Remember the press while Qt handles it.

        The editor a click opens comes through "current changed", which carries no event to
        tell a click from an arrow key.
        """
        self._pressing = True
        try:
            super().mousePressEvent(event)
        finally:
            self._pressing = False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Delete on a current cell (no editor open) stops tracking that row's workload."""
        current = self.currentIndex()
        if event.key() == Qt.Key.Key_Delete and current.isValid() \
                and self.state() != QAbstractItemView.State.EditingState:
            model = self.model()
            if model is not None:
                model.removeRow(current.row())
            event.accept()
            return
        super().keyPressEvent(event)

    def fit_columns(self) -> None:
        """Size every column from its header and its widest possible text and editor."""
        model = self.model()
        if not isinstance(model, WorkloadsModel):
            return
        self._fitted = True
        header = self.horizontalHeader()
        metrics = self.fontMetrics()
        style = self.style()
        pad = 2 * (style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self) + 1) + 8
        labels = model.labels
        for column in range(COLUMN_COUNT):
            if column == NAME:
                header.resizeSection(column, NAME_WIDTH)
                continue
            texts = labels.widest(column)
            width = max((metrics.horizontalAdvance(t) for t in texts), default=0) + pad
            if column == CHECKPOINTING:
                width = style.pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth, None, self) + pad
            width = max(width, header.sectionSizeHint(column),
                        self.delegate.editor_width(column, labels))
            header.resizeSection(column, width)
        combo = QComboBox()
        combo.setFrame(False)
        rows = self.verticalHeader()
        rows.setDefaultSectionSize(max(rows.minimumSectionSize(), combo.sizeHint().height(),
                                       metrics.height() + 8))

    def showEvent(self, event: QShowEvent) -> None:
        """Size the columns on first show, when the final font and style are known."""
        if not self._fitted:
            self.fit_columns()
        super().showEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        """A new font or style changes every text's width: size the columns again."""
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fitted = False
            if self.isVisible():
                self.fit_columns()
        super().changeEvent(event)
