"""The headroom chart's bars, whiskers and labels, drawn by one pyqtgraph item.

pyqtgraph's stock items (a BarGraphItem per bar layer, an ErrorBarItem, a TextItem per label)
cost most of a frame together: each recomputes its pixel padding in ``boundingRect`` several times
per paint, and every TextItem re-derives its transform on each paint. This chart needs none of
their generality: the bars are axis-aligned rectangles in data coordinates and the labels sit at
a fixed pixel offset right of each bar. One item maps each rectangle to device pixels and draws
them, then the labels, in a single pass; its bounding rectangle is set with the data, not derived.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pyqtgraph as pg
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

#: Bar heights in rows: the usable-memory bar, the used-memory bar inside it, the whisker beams.
USABLE_HEIGHT = 0.6
USED_HEIGHT = 0.36
BEAM_HEIGHT = 0.15
LABEL_GAP_PX = 6.0


@dataclass(frozen=True)
class Bar:
    """One workload's bar in GiB: used of usable, the error band, its colour and label."""

    used: float
    usable: float
    low: float
    high: float
    color: QColor
    label: str
    #: The user's measured peak of this configuration (GiB), drawn as a diamond on the bar.
    measured: float | None = None


class HeadroomBars(pg.GraphicsObject):  # type: ignore[misc]
    """Row ``i`` is drawn centred on y = i (the view's y axis is inverted, row 0 on top)."""

    def __init__(self) -> None:
        super().__init__()
        self.bars: tuple[Bar, ...] = ()
        self.grid: tuple[float, ...] = ()
        self._bounds = QRectF()
        self._usable_color = QColor(127, 127, 127, 60)
        self._text_color = QColor(0, 0, 0)
        self._font = QFont()

    def set_bars(self, bars: Sequence[Bar], right: float) -> None:
        """New data; ``right`` is the x-axis end, so labels are inside the bounding rectangle."""
        bars = tuple(bars)
        bounds = QRectF(0.0, -0.5, max(right, 1e-9), max(len(bars), 1))
        if bars == self.bars and bounds == self._bounds:
            return
        if bounds != self._bounds:
            self.prepareGeometryChange()
            self._bounds = bounds
        self.bars = bars
        self.update()

    def set_grid(self, xs: Sequence[float]) -> None:
        """Vertical grid lines at these x values (the axis' ticks)."""
        grid = tuple(xs)
        if grid != self.grid:
            self.grid = grid
            self.update()

    def set_colors(self, usable: QColor, text: QColor, font: QFont) -> None:
        """Palette colours (light or dark) and the widget's font for the labels."""
        self._usable_color = QColor(usable)
        self._text_color = QColor(text)
        self._font = QFont(font)
        self.update()

    def boundingRect(self) -> QRectF:
        """The rows and the x range set with the data (labels stay within the x range)."""
        return QRectF(self._bounds)

    def paint(self, painter: QPainter, _option: QStyleOptionGraphicsItem,
              _widget: QWidget | None = None) -> None:
        """Rectangles and whiskers in device pixels, then each label right of its bar's end."""
        if not self.bars:
            return
        transform = painter.transform()
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)

        if self.grid:
            grid = QPen(self._usable_color)
            grid.setCosmetic(True)
            painter.setPen(grid)
            top = transform.map(QPointF(0.0, self._bounds.top())).y()
            bottom = transform.map(QPointF(0.0, self._bounds.bottom())).y()
            painter.drawLines([QLineF(transform.map(QPointF(x, 0.0)).x(), top,
                                      transform.map(QPointF(x, 0.0)).x(), bottom)
                               for x in self.grid if x > 0])

        def rect(x0: float, x1: float, y: float, height: float) -> QRectF:
            return transform.mapRect(QRectF(x0, y - height / 2, max(x1 - x0, 0.0), height))

        painter.setPen(Qt.PenStyle.NoPen)
        for i, bar in enumerate(self.bars):
            painter.fillRect(rect(0.0, bar.usable, i, USABLE_HEIGHT), self._usable_color)
        for i, bar in enumerate(self.bars):
            painter.fillRect(rect(0.0, bar.used, i, USED_HEIGHT), bar.color)

        pen = QPen(self._text_color)
        pen.setCosmetic(True)
        pen.setWidthF(1.0)
        painter.setPen(pen)
        lines: list[QLineF] = []
        for i, bar in enumerate(self.bars):
            if bar.high <= bar.low:
                continue
            left = transform.map(QPointF(bar.low, i))
            right = transform.map(QPointF(bar.high, i))
            beam = abs(transform.map(QPointF(0.0, BEAM_HEIGHT / 2)).y()
                       - transform.map(QPointF(0.0, 0.0)).y())
            lines.append(QLineF(left, right))
            lines.append(QLineF(left.x(), left.y() - beam, left.x(), left.y() + beam))
            lines.append(QLineF(right.x(), right.y() - beam, right.x(), right.y() + beam))
        if lines:
            painter.drawLines(lines)

        marks = [(i, bar.measured) for i, bar in enumerate(self.bars) if bar.measured]
        if marks:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.setBrush(self._text_color)
            half = abs(transform.map(QPointF(0.0, USED_HEIGHT / 2)).y()
                       - transform.map(QPointF(0.0, 0.0)).y())
            for i, x in marks:
                c = transform.map(QPointF(x, i))
                painter.drawPolygon(QPolygonF([QPointF(c.x(), c.y() - half),
                                               QPointF(c.x() + half * 0.6, c.y()),
                                               QPointF(c.x(), c.y() + half),
                                               QPointF(c.x() - half * 0.6, c.y())]))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)

        painter.setFont(self._font)
        painter.setPen(self._text_color)
        height = QFontMetricsF(self._font).height()
        for i, bar in enumerate(self.bars):
            end = transform.map(QPointF(max(bar.high, bar.usable, bar.measured or 0.0), i))
            painter.drawText(QRectF(end.x() + LABEL_GAP_PX, end.y() - height / 2, 10_000.0,
                                    height),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                             bar.label)
        painter.restore()
