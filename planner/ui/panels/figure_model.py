"""Table models of prepared cells that tell their view only what changed.

The panels' tables show a handful of figures that an edit mostly leaves alone. A QTableWidget
reports every ``setText`` as its own change (each costing a column re-measure and a repaint
request, ~0.1 ms apiece); these models take the whole new grid at once, compare it with the
shown one and signal just the cells that differ, or nothing at all.

:class:`CellModel` is the shared base: rows of :class:`Cell` (one class for every table: a
figure, an editable setting, a check box), each cell's answer per item-data role prepared when it
is made, and the diff that turns a new grid into insert/remove/dataChanged signals.
:class:`FigureModel` is its read-only form for figure tables; the workloads table
(:mod:`planner.ui.panels.workloads_model`) is its editable form.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

Index = QModelIndex | QPersistentModelIndex

LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
CENTER = Qt.AlignmentFlag.AlignCenter

#: A plain cell: enabled and selectable, never a tree node.
ENABLED = (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
           | Qt.ItemFlag.ItemNeverHasChildren)
EDITABLE = ENABLED | Qt.ItemFlag.ItemIsEditable
CHECKABLE = ENABLED | Qt.ItemFlag.ItemIsUserCheckable
#: A setting that does not apply: not enabled, so the view greys it out.
OFF = Qt.ItemFlag.ItemNeverHasChildren

#: The role a combo cell's choices are answered under, as (label, key, tooltip) tuples.
OPTIONS_ROLE = int(Qt.ItemDataRole.UserRole) + 1
#: The role answering whether a cell is marked (e.g. "best in its row"): for tests and access.
MARKED_ROLE = int(Qt.ItemDataRole.UserRole)

Option = tuple[str, str, str]

_R = Qt.ItemDataRole
_bold_font: list[QFont] = []


def _bold() -> QFont:
    """One bold font shared by every cell (made on first use: it needs the application)."""
    if not _bold_font:
        font = QFont()
        font.setBold(True)
        _bold_font.append(font)
    return _bold_font[0]


@dataclass(frozen=True, slots=True)
class Cell:
    """What one cell shows and how it is dressed; rows are compared cell by cell.

    ``roles`` is the same content keyed by item-data role, built once: a view asks ~5–7 roles of
    every visible cell on each repaint, so ``data`` must be one dictionary look-up.
    """

    text: str
    tooltip: str = ""
    align: Qt.AlignmentFlag | None = LEFT
    bold: bool = False
    foreground: QColor | QBrush | None = None
    background: QColor | QBrush | None = None
    marked: bool = False
    """Data for tests and accessibility: e.g. "best in its row"."""
    value: object = None
    """The editor's starting value (a key, a number, the check box's bool)."""
    flags: Qt.ItemFlag = ENABLED
    checkable: bool = False
    options: tuple[Option, ...] | None = None
    """A combo cell's choices."""
    roles: dict[int, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        roles: dict[int, Any] = {int(_R.DisplayRole): self.text, MARKED_ROLE: self.marked}
        if self.value is not None:
            roles[int(_R.EditRole)] = self.value
        if self.align is not None:
            roles[int(_R.TextAlignmentRole)] = self.align
        if self.tooltip:
            roles[int(_R.ToolTipRole)] = self.tooltip
        if self.bold:
            roles[int(_R.FontRole)] = _bold()
        if self.foreground is not None:
            roles[int(_R.ForegroundRole)] = self.foreground
        if self.background is not None:
            roles[int(_R.BackgroundRole)] = self.background
        if self.checkable:
            roles[int(_R.CheckStateRole)] = (Qt.CheckState.Checked if self.value
                                             else Qt.CheckState.Unchecked)
        if self.options is not None:
            roles[OPTIONS_ROLE] = self.options
        object.__setattr__(self, "roles", roles)


Cells = tuple[Cell, ...]


class CellModel(QAbstractTableModel):
    """Rows of cells behind column headers; new rows are diffed against the shown ones."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Cells] = []
        self._keys: list[Hashable] = []
        self._ids: list[Hashable] = []
        self._columns: tuple[str, ...] = ()
        self._row_headers: tuple[str, ...] = ()
        self._column_tips: tuple[str, ...] = ()

    # --- feeding ------------------------------------------------------------------------------

    def set_headers(self, columns: Sequence[str], rows: Sequence[str] = (),
                    column_tips: Sequence[str] = ()) -> None:
        """Column (and optional row) header texts; signalled only when they differ."""
        columns, rows, tips = tuple(columns), tuple(rows), tuple(column_tips)
        if len(columns) != len(self._columns) or len(rows) != len(self._row_headers):
            self.beginResetModel()
            self._columns, self._row_headers, self._column_tips = columns, rows, tips
            self._rows = [r[: len(columns)] for r in self._rows]
            self.endResetModel()
            return
        if columns != self._columns or tips != self._column_tips:
            self._columns, self._column_tips = columns, tips
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(columns) - 1)
        if rows != self._row_headers:
            self._row_headers = rows
            if rows:
                self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, len(rows) - 1)

    def update_rows(self, keys: Sequence[Hashable], make: Callable[[int, Cells | None], Cells],
                    identities: Sequence[Hashable] | None = None) -> None:
        """Show one row per key, rebuilding (``make``) only rows whose key changed.

        ``key`` is everything a row's cells are made from: an equal key means equal cells.
        ``make(i, old)`` builds row ``i``'s cells (``old``: the cells shown there before, to reuse,
        or None). ``identities`` say which rows are the same item when the row count changes:
        then the change becomes one insert or remove at the first row that differs, so the
        current cell and any open editor stay on their item; without them, or with nothing in
        common, the model resets. Each changed row is signalled over the span of its cells that
        differ, adjacent rows with the same span in one signal.
        """
        keys = list(keys)
        ids = list(identities) if identities is not None else keys
        n_old, n_new = len(self._rows), len(keys)
        if n_old != n_new and not self._insert_or_remove(keys, make, identities):
            self.beginResetModel()
            self._keys = keys
            self._rows = [make(i, None) for i in range(n_new)]
            self._ids = ids
            self.endResetModel()
            return
        self._ids = ids
        run: tuple[int, int, int, int] | None = None  # first row, last row, first/last column
        for i, key in enumerate(keys):
            if self._keys[i] == key:
                continue  # an unchanged row is not touched at all
            before = self._rows[i]
            after = make(i, before)
            self._rows[i], self._keys[i] = after, key
            changed = [c for c in range(len(after))
                       if c >= len(before) or before[c] != after[c]]
            if not changed:
                continue
            if run is not None and run[1] == i - 1 and run[2:] == (changed[0], changed[-1]):
                run = (run[0], i, run[2], run[3])
                continue
            if run is not None:
                self._signal(*run)
            run = (i, i, changed[0], changed[-1])
        if run is not None:
            self._signal(*run)

    def _insert_or_remove(self, keys: list[Hashable], make: Callable[[int, Cells | None], Cells],
                          identities: Sequence[Hashable] | None) -> bool:
        """Turn a changed row count into one insert or remove; False when a reset is better."""
        if identities is None:
            return False
        old = self._ids
        n_old, n_new = len(old), len(identities)
        shortest = min(n_old, n_new)
        prefix = 0
        while prefix < shortest and old[prefix] == identities[prefix]:
            prefix += 1
        suffix = 0
        while (prefix + suffix < shortest
               and old[n_old - 1 - suffix] == identities[n_new - 1 - suffix]):
            suffix += 1
        if shortest and not prefix and not suffix:
            return False
        if n_new < n_old:
            self.beginRemoveRows(QModelIndex(), prefix, prefix + n_old - n_new - 1)
            del self._rows[prefix:prefix + n_old - n_new]
            del self._keys[prefix:prefix + n_old - n_new]
            self.endRemoveRows()
        else:
            added = range(prefix, prefix + n_new - n_old)
            self.beginInsertRows(QModelIndex(), prefix, prefix + n_new - n_old - 1)
            self._rows[prefix:prefix] = [make(i, None) for i in added]
            self._keys[prefix:prefix] = [keys[i] for i in added]
            self.endInsertRows()
        return True

    def _signal(self, first_row: int, last_row: int, first: int, last: int) -> None:
        self.dataChanged.emit(self.index(first_row, first), self.index(last_row, last))

    def cell(self, row: int, column: int) -> Cell:
        """The shown cell (for tests)."""
        return self._rows[row][column]

    # --- Qt's model interface -----------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Rows (none under a parent: this is a flat table)."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Columns as set by :meth:`set_headers`."""
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """A cell's answer for ``role``, prepared when the cell was made."""
        rows = self._rows
        row = index.row()
        if 0 <= row < len(rows):  # an invalid index has row -1
            cells = rows[row]
            column = index.column()
            if 0 <= column < len(cells):
                return cells[column].roles.get(int(role))
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """The cell's own flags (a setting that does not apply is not enabled)."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return Qt.ItemFlag.NoItemFlags
        cells = self._rows[index.row()]
        return cells[index.column()].flags if index.column() < len(cells) \
            else Qt.ItemFlag.NoItemFlags

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
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


class FigureModel(CellModel):
    """A read-only table of figures; its view re-fits columns only when text got wider.

    A header left in ResizeToContents mode would ask for every cell's size hint (five roles
    each) on every change, so the view sizes columns itself when :meth:`set_rows` says so.
    """

    MARKED_ROLE = Qt.ItemDataRole.UserRole

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._widest: list[int] = []

    def set_rows(self, rows: Sequence[Sequence[Cell]]) -> bool:
        """Show ``rows``; returns whether the view should re-fit its columns.

        That is when the shape changed or some column now holds longer text than it ever did
        (counted in characters: a cheap proxy that never misses a wider figure of the same font).
        """
        new = [tuple(r) for r in rows]
        widest = [max((len(r[c].text) for r in new if c < len(r)), default=0)
                  for c in range(len(self._columns))]
        wider = len(widest) != len(self._widest) or any(
            w > old for w, old in zip(widest, self._widest, strict=True))
        if wider:
            self._widest = widest
        reshaped = len(new) != len(self._rows)
        self.update_rows(new, lambda i, _old: new[i])
        return wider or reshaped
