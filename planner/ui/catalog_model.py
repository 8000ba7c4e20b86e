"""The GPU catalog as a Qt table model, and the proxy that searches and filters it.

Thin adapters over the core records (Vorta's pattern): named column constants, a sort role that
hands the view comparable numbers, a role that returns the `GpuSpec` itself. No figure is computed
here: the columns show datasheet values, and the price is
:func:`planner.core.costs.prices.card_price` in the open build's currency and price basis — the
price a card of that GPU shows once it is in the build.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QIcon

from planner.core.costs.formatting import Formatter
from planner.core.costs.money import Rates
from planner.core.costs.prices import DEFAULT_BASIS, PickedPrice, card_price
from planner.core.records.specs import Catalog, GpuSpec
from planner.ui.icons import vendor_icon
from planner.ui.mime import GPU_MIME, gpu_mime
from planner.words.formats import number_style
from planner.words.prices import price_text, price_tooltip

NAME, VENDOR, ARCHITECTURE, MEMORY, BANDWIDTH, TDP, FP16, PRICE = range(8)
COLUMN_COUNT = 8
NUMERIC_COLUMNS = (MEMORY, BANDWIDTH, TDP, FP16, PRICE)
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
"""Comparable value for sorting: numbers for figures, lower-cased text otherwise, None last."""
GPU_ROLE = Qt.ItemDataRole.UserRole + 2
"""The row's `GpuSpec`."""

_Index = QModelIndex | QPersistentModelIndex


class CatalogModel(QAbstractTableModel):
    """One row per catalog GPU, in catalog order."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._gpus: tuple[GpuSpec, ...] = ()
        self._arch_names: dict[str, str] = {}
        self._search_text: list[str] = []
        self._layers: dict[str, Any] = {}
        self._currency, self._basis = "USD", DEFAULT_BASIS
        self._rates: Callable[[], Rates | None] = lambda: None
        self._prices: dict[str, PickedPrice | None] = {}

    def set_layers(self, layers: dict[str, Any]) -> None:
        """Which layer each card comes from (``planner.catalog.layers``): marks edited cards."""
        self._layers = layers
        if self._gpus:
            self.dataChanged.emit(self.index(0, NAME), self.index(len(self._gpus) - 1, NAME))

    def layer_of(self, gpu_id: str) -> Any:
        """A card's :class:`~planner.catalog.layers.GpuLayer`, or None when not known."""
        return self._layers.get(gpu_id)

    def set_pricing(self, currency: str, basis: str, rates: Callable[[], Rates | None]) -> bool:
        """Price the GPUs as a build in ``currency`` on ``basis`` would (the open build's).

        ``rates`` gives the exchange rates when a price first needs them (not at start-up).
        Returns whether the prices changed (a sort or filter by price must then run again).
        """
        if (currency, basis) == (self._currency, self._basis) and self._prices:
            return False
        self._currency, self._basis, self._rates = currency, basis, rates
        self._prices = {}
        if self._gpus:
            self.dataChanged.emit(self.index(0, PRICE), self.index(len(self._gpus) - 1, PRICE))
        return True

    def price(self, gpu: GpuSpec) -> PickedPrice | None:
        """The GPU's price in the open build's currency and basis (what its card would show)."""
        if gpu.id not in self._prices:
            self._prices[gpu.id] = card_price(gpu, self._currency, self._rates(), self._basis)
        return self._prices[gpu.id]

    def set_catalog(self, catalog: Catalog) -> None:
        """Show another catalog (reload after the user adds or edits a GPU)."""
        self.beginResetModel()
        self._prices = {}
        self._gpus = catalog.gpus
        self._arch_names = {a.id: a.name for a in catalog.architectures}
        self._search_text = [
            " ".join((g.name, g.vendor, g.architecture, self._arch_names.get(g.architecture, ""),
                      g.id)).lower()
            for g in self._gpus]
        self.endResetModel()

    def gpu_at(self, row: int) -> GpuSpec:
        """The GPU shown in a row."""
        return self._gpus[row]

    def search_text(self, row: int) -> str:
        """Lower-cased words a search matches against (name, vendor, architecture, id)."""
        return self._search_text[row]

    def architecture_name(self, arch_id: str) -> str:
        """An architecture's display name, or its id when the catalog does not describe it."""
        return self._arch_names.get(arch_id, arch_id)

    def architecture_short(self, arch_id: str) -> str:
        """The name without its parenthesised chips: "Ampere", "CDNA 3", "Ada Lovelace".

        What fits a table column and a filter menu; the full name is their tooltip.
        """
        return self.architecture_name(arch_id).split(" (", 1)[0].strip() or arch_id

    def row_of(self, gpu_id: str) -> int:
        """The row of a GPU id, or -1."""
        return next((i for i, g in enumerate(self._gpus) if g.id == gpu_id), -1)

    # -- QAbstractItemModel ----------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """One row per GPU; a flat table has no children."""
        return 0 if parent.isValid() else len(self._gpus)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """The fixed columns (see the column constants)."""
        return 0 if parent.isValid() else COLUMN_COUNT

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column titles with their units, and a tooltip saying what each figure means."""
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < COLUMN_COUNT:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            # Short titles (the unit is in each value and the tooltip): a laptop's catalog dock
            # shows name, architecture, VRAM and price side by side.
            return (self.tr("Name"), self.tr("Vendor"), self.tr("Architecture"),
                    self.tr("VRAM"), self.tr("Bandwidth"), self.tr("Power"),
                    self.tr("FP16 TFLOPS"), self.tr("Price"))[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return (None, None, self.tr("The GPU's architecture (hover a value for its chips)"),
                    self.tr("Memory capacity in GB, as the vendor states it"),
                    self.tr("Memory bandwidth in GB/s (10⁹ bytes per second)"),
                    self.tr("Board power (total graphics power) in watts"),
                    self.tr("Dense FP16 tensor throughput with FP32 accumulate, no sparsity"),
                    self.tr("Price on the build's basis: the median of the card's recent "
                            "readings, or \"no current price\" when none is recent"))[section]
        if role == Qt.ItemDataRole.TextAlignmentRole and section in NUMERIC_COLUMNS:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Text, sort value, the spec itself, vendor badge or source tooltip of one cell."""
        if not index.isValid() or not 0 <= index.row() < len(self._gpus):
            return None
        gpu = self._gpus[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(gpu, column)
        if role == SORT_ROLE:
            return self._sort_value(gpu, column)
        if role == GPU_ROLE:
            return gpu
        if role == Qt.ItemDataRole.DecorationRole and column == NAME:
            return vendor_icon(gpu.vendor)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(gpu, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in NUMERIC_COLUMNS:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _figure(self, gpu: GpuSpec, column: int) -> float | None:
        if column == MEMORY:
            return gpu.memory_gb
        if column == BANDWIDTH:
            return gpu.memory_bandwidth_gbs
        if column == TDP:
            return gpu.tdp_w
        if column == FP16:
            return gpu.fp16_tensor_tflops
        if column == PRICE:  # a stale price is no current figure: it sorts and filters as unknown
            picked = self.price(gpu)
            return picked.amount if picked is not None and picked.current else None
        return None

    def _display(self, gpu: GpuSpec, column: int) -> str | None:
        if column == NAME:
            return gpu.name + (self.tr(" (custom)") if gpu.custom else self._marker(gpu.id))
        if column == VENDOR:
            return gpu.vendor
        if column == ARCHITECTURE:
            return self.architecture_short(gpu.architecture)
        if column == PRICE:
            return price_text(self.price(gpu), Formatter(number_style(), self._currency))
        value = self._figure(gpu, column)
        if value is None:
            return "—"
        text = f"{value:,.0f}" if value >= 100 or value == int(value) else f"{value:,.1f}"
        unit = {MEMORY: "GB", BANDWIDTH: "GB/s", TDP: "W"}.get(column)
        return f"{text} {unit}" if unit else text

    def _sort_value(self, gpu: GpuSpec, column: int) -> Any:
        if column == NAME:
            return gpu.name.lower()
        if column == VENDOR:
            return gpu.vendor.lower()
        if column == ARCHITECTURE:
            return self.architecture_name(gpu.architecture).lower()
        return self._figure(gpu, column)

    def _marker(self, gpu_id: str) -> str:
        layer = self._layers.get(gpu_id)
        if layer is None or not layer.marked:
            return ""
        if layer.pending:
            return self.tr(" ✎ (edited, waiting to sync)")
        return self.tr(" ✎ (team)") if layer.layer == "team" else self.tr(" ✎ (edited)")

    def layer_tooltip(self, gpu: GpuSpec) -> str | None:
        """Who changed an edited card and what differs from the bundled catalog, else None."""
        layer = self._layers.get(gpu.id)
        if layer is None or not layer.marked:
            return None
        from planner.words.differences import gpu_difference_lines

        if layer.layer == "team":
            head = self.tr("Changed in the team catalog by %1 (%2).").replace(
                "%1", layer.author or "—").replace("%2", layer.updated_at[:16].replace("T", " "))
        elif layer.pending:
            head = self.tr("Edited on this computer; waiting to be sent to the team catalog.")
        else:
            head = self.tr("Edited on this computer.")
        lines = [head]
        if layer.bundled is not None:
            lines += gpu_difference_lines(gpu, layer.bundled, (self.tr("here"),
                                                               self.tr("in the bundled catalog")))
        lines.append(self.tr("Right-click ▸ Reset to Catalog Figures puts the bundled figures "
                             "back."))
        return "\n".join(lines)

    def _tooltip(self, gpu: GpuSpec, column: int) -> str | None:
        if column == NAME:
            return self.layer_tooltip(gpu) or gpu.notes or gpu.name
        if column == ARCHITECTURE:
            return self.architecture_name(gpu.architecture)
        if column == PRICE:
            return price_tooltip(self.price(gpu))
        if column in NUMERIC_COLUMNS:
            if self._figure(gpu, column) is None:
                return self.tr("Not stated by any source, or the chip lacks it")
            if gpu.sources:
                return self.tr("Source: %1").replace("%1", gpu.sources[0])
            return self.tr("Entered by you")
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        """Rows can be dragged out to the build canvas."""
        base = super().flags(index)
        return base | Qt.ItemFlag.ItemIsDragEnabled if index.isValid() else base

    def mimeTypes(self) -> list[str]:
        """Only our own GPU format."""
        return [GPU_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        """The dragged rows' catalog ids."""
        rows = sorted({i.row() for i in indexes if i.isValid()})
        return gpu_mime([self._gpus[r].id for r in rows])

    def supportedDragActions(self) -> Qt.DropAction:
        """Dragging copies: the catalog keeps its GPU."""
        return Qt.DropAction.CopyAction


class CatalogFilterProxy(QSortFilterProxyModel):
    """Search as you type (every word, any order) and the panel's filters, over the records."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []
        self._vendor: str | None = None
        self._architecture: str | None = None
        self._min_memory_gb: float | None = None
        self._max_price: float | None = None
        self._max_power_w: float | None = None
        self.setSortRole(SORT_ROLE)
        self.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

    def _refilter(self, change: Any) -> None:
        self.beginFilterChange()
        change()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_search_text(self, text: str) -> None:
        """Keep rows matching every word of ``text`` ("4090 rtx" finds "GeForce RTX 4090")."""
        words = text.lower().split()
        if words != self._words:
            self._refilter(lambda: setattr(self, "_words", words))

    def set_vendor(self, vendor: str | None) -> None:
        """Only this vendor (None: all)."""
        self._refilter(lambda: setattr(self, "_vendor", vendor or None))

    def set_architecture(self, architecture: str | None) -> None:
        """Only this architecture id (None: all)."""
        self._refilter(lambda: setattr(self, "_architecture", architecture or None))

    def set_min_memory_gb(self, gb: float | None) -> None:
        """At least this much VRAM (None or 0: any)."""
        self._refilter(lambda: setattr(self, "_min_memory_gb", gb or None))

    def set_max_price(self, amount: float | None) -> None:
        """At most this price; unpriced GPUs drop out while this is set (None or 0: any)."""
        self._refilter(lambda: setattr(self, "_max_price", amount or None))

    def set_max_power_w(self, watts: float | None) -> None:
        """At most this board power (None or 0: any)."""
        self._refilter(lambda: setattr(self, "_max_power_w", watts or None))

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:
        """Apply the filters and the search words to one GPU's record."""
        model = self.sourceModel()
        if not isinstance(model, CatalogModel) or source_parent.isValid():
            return True
        gpu = model.gpu_at(source_row)
        if self._vendor and gpu.vendor != self._vendor:
            return False
        if self._architecture and gpu.architecture != self._architecture:
            return False
        if self._min_memory_gb is not None and gpu.memory_gb < self._min_memory_gb:
            return False
        if self._max_power_w is not None and gpu.tdp_w > self._max_power_w:
            return False
        if self._max_price is not None:
            picked = model.price(gpu)
            if picked is None or picked.stale or picked.amount > self._max_price:
                return False
        if self._words:
            text = model.search_text(source_row)
            squashed = "".join(ch for ch in text if ch.isalnum())
            return all(w in text or w in squashed for w in self._words)
        return True

    def lessThan(self, left: _Index, right: _Index) -> bool:
        """Compare sort-role values; a missing figure sorts after every known one."""
        a, b = left.data(SORT_ROLE), right.data(SORT_ROLE)
        if a is None or b is None:
            # Keep unknowns last whichever way the column is sorted.
            ascending = self.sortOrder() == Qt.SortOrder.AscendingOrder
            if a is None and b is None:
                return False
            return (a is not None) == ascending
        try:
            return bool(a < b)
        except TypeError:
            return str(a) < str(b)


def gpu_icon(gpu: GpuSpec) -> QIcon:
    """The badge shown beside a GPU anywhere in the app."""
    return vendor_icon(gpu.vendor)
