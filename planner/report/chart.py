"""The cumulative-cost chart of the sheet, drawn as vectors with QPainter on the printer.

Legible in black and white: each line has its own dash pattern and marker shape as well as its
colour, and is named at its end (no legend to match colours against). Axis labels and names are
drawn as plain text.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF

#: Okabe–Ito colours (distinct for colour-blind readers), dark enough to print.
COLORS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#555555")
DASHES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine,
          Qt.PenStyle.DashDotLine, Qt.PenStyle.DashDotDotLine)
MARKERS = ("circle", "square", "triangle", "diamond", "cross")


def nice_step(span: float, ticks: int = 5) -> float:
    """A 1, 2 or 5 × 10^k step that cuts ``span`` into about ``ticks`` parts."""
    if span <= 0:
        return 1.0
    raw = span / ticks
    power = 10.0 ** math.floor(math.log10(raw))
    return float(next(m * power for m in (1, 2, 5, 10) if m * power >= raw))


def _marker(painter: QPainter, kind: str, at: QPointF, size: float) -> None:
    h = size / 2
    if kind == "circle":
        painter.drawEllipse(at, h, h)
    elif kind == "square":
        painter.drawRect(QRectF(at.x() - h, at.y() - h, size, size))
    elif kind == "triangle":
        painter.drawPolygon(QPolygonF([QPointF(at.x(), at.y() - h),
                                       QPointF(at.x() + h, at.y() + h),
                                       QPointF(at.x() - h, at.y() + h)]))
    elif kind == "diamond":
        painter.drawPolygon(QPolygonF([QPointF(at.x(), at.y() - h), QPointF(at.x() + h, at.y()),
                                       QPointF(at.x(), at.y() + h),
                                       QPointF(at.x() - h, at.y())]))
    else:
        painter.drawLine(QPointF(at.x() - h, at.y() - h), QPointF(at.x() + h, at.y() + h))
        painter.drawLine(QPointF(at.x() - h, at.y() + h), QPointF(at.x() + h, at.y() - h))


def paint_cost_chart(painter: QPainter, rect: QRectF, series: Sequence[tuple[str, Sequence[float]]],
                     years: Sequence[int], money: Callable[[float], str], font: QFont,
                     axis_title: str, year_title: str, mm: float) -> None:
    """Lines of cumulative cost over the years, named at their ends.

    ``money`` formats an axis value; ``mm`` is one millimetre in device pixels.
    """
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setFont(font)
    metrics = QFontMetricsF(font, painter.device())
    top = max((max(values) for _n, values in series if values), default=1.0) or 1.0
    step = nice_step(top)
    high = step * math.ceil(top / step)
    labels = [money(step * k) for k in range(round(high / step) + 1)]
    left = max(metrics.horizontalAdvance(t) for t in labels) + 2 * mm
    names = [n for n, _v in series]
    right = min(rect.width() * 0.34, max((metrics.horizontalAdvance(n) for n in names),
                                         default=0.0) + 6 * mm)
    plot = QRectF(rect.left() + left, rect.top() + metrics.height() + mm,
                  rect.width() - left - right, rect.height() - 2 * metrics.height() - 3 * mm)
    last_year = max(years[-1], 1) if years else 1

    def point(year: float, value: float) -> QPointF:
        return QPointF(plot.left() + plot.width() * year / last_year,
                       plot.bottom() - plot.height() * value / high)

    grid = QPen(QColor("#bdbdbd"))
    grid.setWidthF(0.2 * mm)
    ink = QPen(QColor("#1b1b1b"))
    ink.setWidthF(0.25 * mm)
    painter.setPen(QPen(QColor("#1b1b1b")))
    painter.drawText(QRectF(rect.left(), rect.top(), rect.width(), metrics.height()),
                     int(Qt.AlignmentFlag.AlignLeft), axis_title)
    for k, text in enumerate(labels):
        y = point(0, step * k).y()
        painter.setPen(grid)
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        painter.setPen(ink)
        painter.drawText(QRectF(rect.left(), y - metrics.height() / 2, left - mm,
                                metrics.height()),
                         int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), text)
    painter.setPen(ink)
    painter.drawLine(plot.bottomLeft(), plot.bottomRight())
    painter.drawLine(plot.bottomLeft(), plot.topLeft())
    for year in years:
        x = point(year, 0).x()
        painter.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + mm))
        painter.drawText(QRectF(x - 8 * mm, plot.bottom() + mm, 16 * mm, metrics.height()),
                         int(Qt.AlignmentFlag.AlignHCenter), str(year))
    painter.drawText(QRectF(plot.left(), rect.bottom() - metrics.height(), plot.width(),
                            metrics.height()), int(Qt.AlignmentFlag.AlignHCenter), year_title)

    ends: list[tuple[float, str, int]] = []
    for i, (name, values) in enumerate(series):
        if not values:
            continue
        pen = QPen(QColor(COLORS[i % len(COLORS)]))
        pen.setWidthF(0.55 * mm)
        pen.setStyle(DASHES[i % len(DASHES)])
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        path = QPainterPath(point(0, values[0]))
        for year, value in zip(years[1:], values[1:], strict=False):
            path.lineTo(point(year, value))
        painter.drawPath(path)
        solid = QPen(pen)
        solid.setStyle(Qt.PenStyle.SolidLine)
        solid.setWidthF(0.3 * mm)
        painter.setPen(solid)
        painter.setBrush(QColor("white"))
        for year, value in zip(years, values, strict=False):
            _marker(painter, MARKERS[i % len(MARKERS)], point(year, value), 1.8 * mm)
        ends.append((point(years[len(values) - 1], values[-1]).y(), name, i))
    # Names at the line ends, pushed apart so they never overlap.
    ends.sort()
    gap = metrics.height()
    placed: list[float] = []
    for y, _name, _i in ends:
        placed.append(max(y, placed[-1] + gap) if placed else y)
    overflow = (placed[-1] + gap / 2 - plot.bottom()) if placed else 0
    if overflow > 0:
        placed = [p - overflow for p in placed]
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for (_y, name, i), y in zip(ends, placed, strict=True):
        painter.setPen(QPen(QColor(COLORS[i % len(COLORS)]).darker(130)))
        x = plot.right() + 2 * mm
        _marker(painter, MARKERS[i % len(MARKERS)], QPointF(x, y), 1.6 * mm)
        painter.setPen(QPen(QColor("#1b1b1b")))
        painter.drawText(QRectF(x + 2 * mm, y - gap / 2, right - 4 * mm, gap),
                         int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                         metrics.elidedText(name, Qt.TextElideMode.ElideRight, right - 4 * mm))
