"""A read-only table model of formatted figures that tells its view only what changed.

The panels' tables show a handful of figures that an edit mostly leaves alone. A QTableWidget
reports every ``setText`` as its own change (each costing a column re-measure and a repaint
request, ~0.1 ms apiece); this model takes the whole new grid at once, compares it with the
shown one and emits one ``dataChanged`` spanning just the rows that differ, or nothing at all.
Its views size columns themselves, and only when a column's text got wider: a header left in
ResizeToContents mode would ask for every cell's size hint (five roles each) on every change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QFont

Index = QModelIndex | QPersistentModelIndex

LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
CENTER = Qt.AlignmentFlag.AlignCenter


@dataclass(frozen=True)
class Cell:
    """One shown figure: its text and how it is dressed."""

    text: str
    tooltip: str = ""
    align: Qt.AlignmentFlag = LEFT
    bold: bool = False
    foreground: QColor | None = None
    background: QColor | None = None
    marked: bool = False
    """Data for tests and accessibility: e.g. "best in its row"."""


class FigureModel(QAbstractTableModel):
    """Rows of :class:`Cell`; headers are set apart from the rows (they change less often)."""

    MARKED_ROLE = Qt.ItemDataRole.UserRole

    def __init__(self, parent: object = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._rows: tuple[tuple[Cell, ...], ...] = ()
        # Each cell's answer per role, built when rows are set: a view asks ~5 roles of every
        # visible cell on each repaint, so ``data`` is a dictionary lookup and nothing more.
        self._roles: list[list[dict[int, object]]] = []
        self._columns: tuple[str, ...] = ()
        self._row_headers: tuple[str, ...] = ()
        self._column_tips: tuple[str, ...] = ()
        self._bold = QFont()
        self._bold.setBold(True)
        self._widest: list[int] = []

    # --- feeding ------------------------------------------------------------------------------

    def set_headers(self, columns: Sequence[str], rows: Sequence[str] = (),
                    column_tips: Sequence[str] = ()) -> None:
        """Column (and optional row) header texts; signalled only when they differ."""
        columns, rows, tips = tuple(columns), tuple(rows), tuple(column_tips)
        if len(columns) != len(self._columns) or len(rows) != len(self._row_headers):
            self.beginResetModel()
            self._columns, self._row_headers, self._column_tips = columns, rows, tips
            self._rows = tuple(r[: len(columns)] for r in self._rows)
            self.endResetModel()
            return
        if columns != self._columns or tips != self._column_tips:
            self._columns, self._column_tips = columns, tips
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(columns) - 1)
        if rows != self._row_headers:
            self._row_headers = rows
            if rows:
                self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, len(rows) - 1)

    def set_rows(self, rows: Sequence[Sequence[Cell]]) -> bool:
        """Show ``rows``; returns whether the view should re-fit its columns.

        That is when the shape changed or some column now holds longer text than it ever did
        (counted in characters: a cheap proxy that never misses a wider figure of the same font).
        """
        new = tuple(tuple(r) for r in rows)
        widest = [max((len(r[c].text) for r in new if c < len(r)), default=0)
                  for c in range(len(self._columns))]
        wider = len(widest) != len(self._widest) or any(
            w > old for w, old in zip(widest, self._widest, strict=True))
        if wider:
            self._widest = widest
        if len(new) != len(self._rows):
            self.beginResetModel()
            self._rows = new
            self._roles = [[self._answers(cell) for cell in row] for row in new]
            self.endResetModel()
            return True
        changed = [i for i, (a, b) in enumerate(zip(self._rows, new, strict=True)) if a != b]
        self._rows = new
        for i in changed:
            self._roles[i] = [self._answers(cell) for cell in new[i]]
        if changed:
            self.dataChanged.emit(self.index(changed[0], 0),
                                  self.index(changed[-1], max(0, len(self._columns) - 1)))
        return wider

    def cell(self, row: int, column: int) -> Cell:
        """The shown cell (for tests and the sheet)."""
        return self._rows[row][column]

    # --- Qt's model interface -----------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Rows of figures (none under a parent: this is a flat table)."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Columns as set by :meth:`set_headers`."""
        return 0 if parent.isValid() else len(self._columns)

    def _answers(self, cell: Cell) -> dict[int, object]:
        roles = Qt.ItemDataRole
        answers: dict[int, object] = {roles.DisplayRole.value: cell.text,
                                      roles.TextAlignmentRole.value: cell.align,
                                      self.MARKED_ROLE.value: cell.marked}
        if cell.tooltip:
            answers[roles.ToolTipRole.value] = cell.tooltip
        if cell.bold:
            answers[roles.FontRole.value] = self._bold
        if cell.foreground is not None:
            answers[roles.ForegroundRole.value] = cell.foreground
        if cell.background is not None:
            answers[roles.BackgroundRole.value] = cell.background
        return answers

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Text, tooltip, alignment, font and colours of a cell."""
        if not index.isValid():
            return None
        try:
            answers = self._roles[index.row()][index.column()]
        except IndexError:
            return None
        return answers.get(role if isinstance(role, int) else role.value)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Column names (and their tooltips), and row names when there are any."""
        if orientation == Qt.Orientation.Horizontal:
            if role == Qt.ItemDataRole.DisplayRole and section < len(self._columns):
                return self._columns[section]
            if role == Qt.ItemDataRole.ToolTipRole and section < len(self._column_tips):
                return self._column_tips[section] or None
            return None
        if role == Qt.ItemDataRole.DisplayRole and section < len(self._row_headers):
            return self._row_headers[section]
        return None
