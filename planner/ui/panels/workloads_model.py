"""The workloads table's model: one row of cells per tracked workload, on the shared cell base.

The table used to hold a dozen live editor widgets per row; every edit made the header re-measure
them all and the whole table re-lay out and repaint, which alone broke the 16 ms edit-to-repaint
budget. Here the cells are plain text that Qt paints from the model, and an editor exists only
while a cell is being edited (:mod:`planner.ui.panels.workloads_view`).

The model is a read-only mirror of ``document.build.workloads``: it never changes its own rows.
An edit (``setData``, ``removeRows``) becomes one undoable document edit through
:mod:`planner.ui.edits`; the document then says it changed, the panel refreshes, and
:meth:`WorkloadsModel.update` hands the new rows to the shared cell model
(:mod:`planner.ui.panels.figure_model`), which signals only the cells that differ. Which setting
applies to which workload is core's rule (:mod:`planner.core.plan.workload_settings`); figures come
from :func:`planner.core.views.headroom.headroom_rows` (handed in by the panel).

A setting the estimate refuses (a sequence past the model's context, tensor parallelism that
does not divide its heads, LoRA targets it lacks, QLoRA on a model that cannot be quantized) is
marked where it is edited: a warning sign, a tinted cell and core's sentence as its tooltip (the
recipe column for settings edited in the recipe editor).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, cast

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from planner.core.estimator.headroom import DOES_NOT_FIT
from planner.core.plan.build import TrackedWorkload
from planner.core.plan.workload_settings import (
    RECIPE_SETTINGS,
    applies,
    recipe_changes,
    shown_settings,
)
from planner.core.views.headroom import ERROR, HeadroomRow
from planner.ui import edits
from planner.ui.document import BuildDocument
from planner.ui.panels.common import verdict_color
from planner.ui.panels.figure_model import (
    CENTER,
    CHECKABLE,
    EDITABLE,
    OFF,
    RIGHT,
    Cell,
    CellModel,
    Cells,
)
from planner.ui.panels.workloads_columns import (
    ACCUMULATION,
    ADAPTER,
    ATTENTION,
    BATCH,
    CHECKPOINTING,
    ESTIMATE,
    FIELDS,
    NAME,
    OPTIMIZER,
    PRECISION,
    RANK,
    SEQ,
    SETTING_COLUMNS,
    SPIN_RANGES,
    STRATEGY,
    TASK,
    WorkloadLabels,
)
from planner.words.wording import verdict_text

_Index = QModelIndex | QPersistentModelIndex
Figure = tuple[str, int, int, str | None, str | None] | None
"""What a row shows of its headroom row: verdict, bytes needed, GPU count, error sentence and
the setting it is about."""
#: Marks a refused setting's text (colour is never the only cue).
WARNING_SIGN = "⚠"

_brushes: dict[str, QBrush] = {}


def _verdict_brush(verdict: str) -> QBrush:
    """One brush per verdict colour, shared by every paint."""
    brush = _brushes.get(verdict)
    if brush is None:
        brush = _brushes[verdict] = QBrush(verdict_color(verdict))
    return brush


def figure_of(row: HeadroomRow | None) -> Figure:
    """The part of a headroom row the table shows (a change elsewhere repaints nothing)."""
    if row is None:
        return None
    return (row.verdict, row.needed_bytes, row.gpu_count, row.error, row.error_setting)


def estimate_cell(labels: WorkloadLabels, figure: Figure) -> Cell:
    """"12.3 GiB · fits" in the verdict's colour, or "error" with the reason as tooltip."""
    if figure is None:
        return Cell("", align=None)
    verdict, needed, gpu_count, error, _setting = figure
    if verdict == ERROR:
        return Cell(verdict_text(ERROR), error or "", None, foreground=_verdict_brush(verdict))
    return Cell(labels.estimate_text(needed, verdict), labels.per_gpu(max(1, gpu_count)), None,
                foreground=_verdict_brush(verdict))


def _marked(cell: Cell, error: str) -> Cell:
    """A setting the estimate refused: a warning sign, a tint and the reason as its tooltip."""
    if not _brushes.get("marked"):
        tint = QColor(verdict_color(DOES_NOT_FIT))
        tint.setAlpha(40)
        _brushes["marked"] = QBrush(tint)
    return replace(cell, text=f"{WARNING_SIGN} {cell.text}".strip(), tooltip=error,
                   background=_brushes["marked"], marked=True)


def recipe_cell(labels: WorkloadLabels, t: TrackedWorkload) -> Cell:
    """The recipe column: what differs from a fresh workload; enabled where a setting applies."""
    summary = labels.recipe_summary(shown_settings(t), recipe_changes(t))
    editable = any(applies(t, name) for name in RECIPE_SETTINGS)
    return Cell(summary, f"{summary}\n{labels.recipe_tip}" if editable else summary,
                flags=EDITABLE if editable else OFF)


def row_cells(labels: WorkloadLabels, t: TrackedWorkload, figure: Figure) -> Cells:
    """The 15 cells of a tracked workload's row: its settings, greyed where they do not apply.

    A setting the estimate refused is marked (:func:`_marked`).
    """
    w = t.workload
    training = t.task == "train"
    shown = shown_settings(t)

    def choice(column: int, key: str) -> Cell:
        label, _key, tip = labels.option(column, training, key)
        return Cell(label, tip, None, value=key,
                    flags=EDITABLE if applies(t, FIELDS[column]) else OFF,
                    options=labels.options[column, training])

    def count(column: int, value: int, special: str = "") -> Cell:
        return Cell(str(value) if value or not special else special, align=RIGHT, value=value,
                    flags=EDITABLE if applies(t, FIELDS[column]) else OFF)

    cells = [
        Cell(w.name, f"{w.id}\n{labels.parameters(w.parameters)}\n{'; '.join(w.sources)}",
             None),
        estimate_cell(labels, figure),
        choice(TASK, shown.task),
        choice(PRECISION, shown.precision),
        count(BATCH, shown.batch),
        count(SEQ, shown.seq or 0, special=labels.default),
        choice(OPTIMIZER, shown.optimizer),
        Cell("", align=None, value=shown.checkpointing, checkable=True,
             flags=CHECKABLE if applies(t, "checkpointing") else OFF),
        count(ACCUMULATION, shown.accumulation),
        choice(ATTENTION, shown.attention),
        choice(STRATEGY, shown.strategy),
        choice(ADAPTER, shown.adapter),
        count(RANK, shown.lora_rank),
        recipe_cell(labels, t),
        Cell("✕", labels.remove_tip, CENTER),
    ]
    if figure is not None and figure[3] and figure[4] in SETTING_COLUMNS:
        column = SETTING_COLUMNS[figure[4]]
        cells[column] = _marked(cells[column], figure[3])
    return tuple(cells)


def _marks(figure: Figure) -> tuple[str | None, str | None]:
    """What a figure marks among the settings: the refused setting and the reason."""
    return (None, None) if figure is None else (figure[4], figure[3])


class WorkloadsModel(CellModel):
    """One row per tracked workload of the document's build, in the build's order."""

    def __init__(self, document: BuildDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._labels = WorkloadLabels()
        self._workloads: list[TrackedWorkload] = []
        self._figures: list[Figure] = []
        self._apply_headers()

    @property
    def labels(self) -> WorkloadLabels:
        """The current language's texts (the view sizes its columns from them)."""
        return self._labels

    def _apply_headers(self) -> None:
        self.set_headers([h for h, _tip in self._labels.headers],
                         column_tips=[tip for _h, tip in self._labels.headers])

    # -- following the document -------------------------------------------------------------

    def update(self, workloads: Sequence[TrackedWorkload],
               figures: Sequence[HeadroomRow]) -> None:
        """Show these workloads, signalling only the rows and cells that changed.

        A row whose settings are unchanged but whose figure changed (e.g. the GPU count) gets a
        new estimate cell and keeps every other cell.
        """
        self._workloads = list(workloads)
        self._figures = [figure_of(figures[i] if i < len(figures) else None)
                         for i in range(len(workloads))]
        keys = list(zip(self._workloads, self._figures, strict=True))
        self.update_rows(keys, self._make, identities=self._workloads)

    def _make(self, i: int, old: Cells | None) -> Cells:
        t, figure = self._workloads[i], self._figures[i]
        before = cast(tuple[TrackedWorkload, Figure] | None,
                      self._keys[i] if old is not None else None)
        if old is not None and before is not None and before[0] == t \
                and _marks(before[1]) == _marks(figure):
            return (old[NAME], estimate_cell(self._labels, figure), *old[ESTIMATE + 1:])
        return row_cells(self._labels, t, figure)

    def retranslate(self) -> None:
        """A new language: rebuild every text and repaint all of it (and the header)."""
        self._labels = WorkloadLabels()
        self._apply_headers()
        keys = list(zip(self._workloads, self._figures, strict=True))
        self._keys = [None] * len(self._keys)  # every row is rebuilt
        self.update_rows(keys, self._make, identities=self._workloads)

    # -- edits --------------------------------------------------------------------------------

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Make an edited value one undoable document edit (the rows follow on refresh)."""
        if not index.isValid() or not 0 <= index.row() < self.rowCount():
            return False
        column = index.column()
        flags = self.flags(index)
        if role == Qt.ItemDataRole.CheckStateRole:
            if column != CHECKPOINTING or not flags & Qt.ItemFlag.ItemIsUserCheckable:
                return False
            state = value.value if isinstance(value, Qt.CheckState) else int(value)
            checked = state == Qt.CheckState.Checked.value
            edits.set_workload_setting(self._document, index.row(), FIELDS[column], checked)
            return True
        if role != Qt.ItemDataRole.EditRole or column not in FIELDS \
                or not flags & Qt.ItemFlag.ItemIsEditable:
            return False
        new: object = str(value)
        if column in SPIN_RANGES:
            new = int(value)
            if column == SEQ:
                new = new or None  # 0 shows "default": the workload's own length
        edits.set_workload_setting(self._document, index.row(), FIELDS[column], new)
        return True

    def removeRows(self, row: int, count: int,
                   parent: _Index = QModelIndex()) -> bool:  # noqa: B008
        """Stop tracking workloads (one undoable edit each; the rows go on refresh)."""
        if parent.isValid() or count < 1 or row < 0 or row + count > self.rowCount():
            return False
        for r in reversed(range(row, row + count)):
            edits.remove_workload(self._document, r)
        return True

