"""A polyline with a marker at each point, for charts of a handful of points edited live.

pyqtgraph's PlotDataItem suits large data: it keeps a ScatterPlotItem for the markers whose
``setData`` alone cost ~0.6 ms, and re-derives bounds, masks and pixel padding on each paint. The
cost chart has at most 16 points per curve and changes on most edits, so this item keeps the
points, maps them to device pixels when painted and draws the line and the markers itself. It
carries the ``opts`` keys pyqtgraph's legend reads to draw its sample.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import pyqtgraph as pg
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

MARKER_PX = 6.0


class CurveItem(pg.GraphicsObject):  # type: ignore[misc]
    """Points joined by a line; ``symbol`` is ``"o"`` (circle) or ``"s"`` (square)."""

    def __init__(self, color: str, symbol: str = "o", dashed: bool = False,
                 width: float = 2.0) -> None:
        super().__init__()
        pen = QPen(QColor(color))
        pen.setWidthF(width)
        pen.setCosmetic(True)
        if dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        self._pen = pen
        self._marker_pen = QPen(QColor(color))
        self._marker_pen.setCosmetic(True)
        self._brush = QBrush(QColor(color))
        self._symbol = symbol
        self._xs: tuple[float, ...] = ()
        self._ys: tuple[float, ...] = ()
        self._bounds = QRectF()
        # What LegendItem's ItemSample reads to draw this curve's sample.
        self.opts = {"pen": self._pen, "symbol": symbol, "size": MARKER_PX,
                     "brush": self._brush, "antialias": True}

    def setData(self, xs: Sequence[float], ys: Sequence[float]) -> None:
        """New points (equal lengths); nothing happens when they are the ones shown."""
        xs, ys = tuple(float(x) for x in xs), tuple(float(y) for y in ys)
        if xs == self._xs and ys == self._ys:
            return
        bounds = QRectF()
        if xs:
            left, right, low, high = min(xs), max(xs), min(ys), max(ys)
            # Room for the markers and the line's width, which are in pixels, not data.
            pad_x, pad_y = (right - left) * 0.05 or 1.0, (high - low) * 0.05 or 1.0
            bounds = QRectF(left - pad_x, low - pad_y, right - left + 2 * pad_x,
                            high - low + 2 * pad_y)
        if bounds != self._bounds:
            self.prepareGeometryChange()
            self._bounds = bounds
        self._xs, self._ys = xs, ys
        self.update()

    def getData(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The points shown (pyqtgraph's name, so tests read it like a PlotDataItem)."""
        return self._xs, self._ys

    def boundingRect(self) -> QRectF:
        """The points' extent, padded for markers."""
        return QRectF(self._bounds)

    def paint(self, painter: QPainter, _option: QStyleOptionGraphicsItem,
              _widget: QWidget | None = None) -> None:
        """The line, then a marker on each point, in device pixels."""
        if not self._xs:
            return
        transform = painter.transform()
        points = [transform.map(QPointF(x, y)) for x, y in zip(self._xs, self._ys, strict=True)]
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(self._pen)
        # As separate segments: Qt strokes a 2-px antialiased polyline as one path, 0.3 ms for a
        # near-flat line across the chart (0.8 ms dashed), and draws the same segments with its
        # cosmetic line stroker in 0.01 ms (as pyqtgraph's segmented line mode does); at 2 px
        # the joins look the same.
        painter.drawLines([QLineF(a, b) for a, b in pairwise(points)])
        painter.setPen(self._marker_pen)
        painter.setBrush(self._brush)
        half = MARKER_PX / 2
        for p in points:
            box = QRectF(p.x() - half, p.y() - half, MARKER_PX, MARKER_PX)
            if self._symbol == "s":
                painter.drawRect(box)
            else:
                painter.drawEllipse(box)
        painter.restore()
