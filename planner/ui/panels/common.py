"""What the analysis panels share: pyqtgraph set-up, verdict colours, the formatter and refreshing.

The package's ``__init__`` pins pyqtgraph to PySide6 before any panel imports it (pyqtgraph
prefers PyQt6 when both are installed).
Colours of text and backgrounds come from the widget's palette (light or dark); only the verdict
colours are fixed, from the Okabe–Ito palette, which stays distinguishable with the common kinds
of colour blindness — and every verdict is also written out, never shown by colour alone.
"""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QColor, QPalette, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QComboBox, QCompleter, QGraphicsItem, QLayout, QWidget

from planner.catalog.rates import bundled_rates
from planner.core.costs.formatting import Formatter
from planner.core.costs.money import Rates
from planner.core.estimator.headroom import DOES_NOT_FIT, FITS, TIGHT
from planner.ui.document import BuildDocument
from planner.words.formats import formatter

pg.setConfigOptions(antialias=True)

#: Okabe–Ito bluish green, orange and vermillion: "green / amber / red" that colour-blind readers
#: can still tell apart.
VERDICT_COLORS: dict[str, str] = {
    FITS: "#009E73",
    TIGHT: "#E69F00",
    DOES_NOT_FIT: "#D55E00",
}
NEUTRAL_COLOR = "#7F7F7F"


def verdict_color(verdict: str) -> QColor:
    """The fixed colour of a verdict (grey for errors and builds without GPUs)."""
    return QColor(VERDICT_COLORS.get(verdict, NEUTRAL_COLOR))


def nice_ceiling(value: float) -> float:
    """The next of 1, 2, 5 × 10^k at or above ``value``: an axis end that small edits keep."""
    if value <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(value))
    return next(m * power for m in (1.0, 2.0, 5.0, 10.0) if m * power >= value)


def chart_colors(widget: QWidget) -> tuple[QColor, QColor, QColor]:
    """Background, foreground and a muted grid colour for charts, from the widget's palette."""
    pal = widget.palette()
    bg = pal.color(QPalette.ColorRole.Base)
    fg = pal.color(QPalette.ColorRole.Text)
    mid = QColor(fg)
    mid.setAlpha(60)
    return bg, fg, mid


def style_plot(plot: pg.PlotWidget, widget: QWidget) -> None:
    """Apply the palette's colours to a plot's background, axes and labels.

    Axes are cached as device pixmaps: pyqtgraph repaints the whole plot when a bar changes,
    and replaying an axis's antialiased tick labels costs more than the bars themselves; a cached
    axis is re-rendered only when its range or ticks change.
    """
    bg, fg, _mid = chart_colors(widget)
    plot.setBackground(bg)
    for name in ("left", "bottom"):
        axis = plot.getAxis(name)
        axis.setPen(pg.mkPen(fg))
        axis.setTextPen(pg.mkPen(fg))
        axis.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        # Major and first minor ticks only: the finest level draws dozens of faint grid lines
        # across the whole plot, and replaying those dominated a chart's repaint.
        axis.setStyle(maxTickLevel=1)


def searchable_combo(placeholder: str, min_chars: int = 18) -> QComboBox:
    """An editable combo whose typed text filters its items anywhere in their names."""
    combo = QComboBox()
    combo.setEditable(True)
    combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    combo.setMinimumContentsLength(min_chars)
    line = combo.lineEdit()
    if line is not None:
        line.setPlaceholderText(placeholder)
    completer = QCompleter(combo.model(), combo)
    completer.setFilterMode(Qt.MatchFlag.MatchContains)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
    combo.setCompleter(completer)
    return combo


def clear_layout(layout: QLayout) -> None:
    """Remove and delete every widget of a layout (hidden at once, deleted by the event loop)."""
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.hide()
            widget.deleteLater()


class Panel(QWidget):
    """A panel that redraws from the document, and only while someone can see it.

    A panel out of sight just remembers it is stale and redraws when it comes into sight, so an
    edit pays only for what is on screen. Out of sight is hidden, or a tab behind another: Qt
    keeps the panels of a tabbed dock's other tabs "visible" (``isVisible()`` is True), only
    covered, so their visible region is what tells; their dock's ``visibilityChanged`` says when
    a tab comes to the front (:func:`planner.ui.panel_docks.add_panel_docks` connects it to
    :meth:`catch_up`).
    """

    def __init__(self, document: BuildDocument, parent: QWidget | None = None,
                 rates: Rates | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.rates = rates or bundled_rates()
        """The exchange rates money is converted at (the bundled dated ones unless given)."""
        self._stale = True
        document.changed.connect(self._on_document_changed)

    def on_screen(self) -> bool:
        """Shown and not covered (a tab behind another is covered, though Qt says visible)."""
        return self.isVisible() and not self.visibleRegion().isEmpty()

    def _on_document_changed(self) -> None:
        if self.on_screen():
            self._stale = False
            self.refresh()
        else:
            self._stale = True

    def catch_up(self, visible: bool = True) -> None:
        """Come into sight (a dock's tab raised): redraw if edits came while out of sight."""
        if visible and self._stale:
            self._stale = False
            self.refresh()

    def catch_up_if_on_screen(self) -> None:
        """After a resize: a dock dragged open from nothing shows the edits made meanwhile."""
        if self._stale and self.on_screen():
            self.catch_up()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Catch up when growing back into sight (see :meth:`catch_up_if_on_screen`)."""
        super().resizeEvent(event)
        self.catch_up_if_on_screen()

    def showEvent(self, event: QShowEvent) -> None:
        """Catch up with edits made while hidden."""
        if self._stale:
            self._stale = False
            self.refresh()
        super().showEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        """Recolour charts when the palette switches between light and dark."""
        if event.type() == QEvent.Type.PaletteChange:
            self.apply_palette()
        super().changeEvent(event)

    def formatter(self) -> Formatter:
        """Figures in the build's currency and the user's locale."""
        return formatter(self.document.build.cost.currency, self.rates)

    def apply_palette(self) -> None:
        """Re-read colours from the palette (charts override this)."""

    def refresh(self) -> None:
        """Ask the views for figures and redraw; subclasses implement it."""
        raise NotImplementedError
