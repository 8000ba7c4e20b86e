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


OFF_SCALE_RATIO = 3.0
"""A line whose highest point is more than this many times the next line's leaves the scale."""


def axis_top(series: Sequence[Sequence[float]]) -> tuple[float, frozenset[int]]:
    """The value the axis must reach, and the series drawn off that scale.

    Renting eight A100s for three years costs ten times any of the workstations it is compared
    with; on one scale the owned builds, the decision the chart is for, flatten into the axis.
    So lines far above the rest (a gap of more than :data:`OFF_SCALE_RATIO` between one line's
    peak and the next one's) leave the scale and are named with their figure instead. At least
    one line always stays on the scale.
    """
    peaks = [max(values) if values else 0.0 for values in series]
    order = sorted(range(len(peaks)), key=lambda i: peaks[i], reverse=True)
    off: frozenset[int] = frozenset()
    for k in range(len(order) - 1):
        below = peaks[order[k + 1]]
        if below > 0 and peaks[order[k]] > OFF_SCALE_RATIO * below:
            off = frozenset(order[:k + 1])
            break
    top = max((p for i, p in enumerate(peaks) if i not in off), default=1.0)
    return (top or 1.0), off


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
                     axis_title: str, year_title: str, mm: float,
                     off_scale: Callable[[str, float], str] | None = None) -> None:
    """Lines of cumulative cost over the years, named at their ends.

    ``money`` formats an axis value; ``mm`` is one millimetre in device pixels. A line far
    above the others (:func:`axis_top`) is cut at the top edge and named by ``off_scale(name,
    final value)`` instead of by its name alone.
    """
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setFont(font)
    metrics = QFontMetricsF(font, painter.device())
    top, off = axis_top([values for _n, values in series])
    if off_scale is None:
        top, off = max((max(v) for _n, v in series if v), default=1.0) or 1.0, frozenset()
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
    painter.save()
    painter.setClipRect(plot.adjusted(-2 * mm, -2 * mm, 2 * mm, 2 * mm))
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
        if i in off and off_scale is not None:
            ends.append((plot.top(), f"{off_scale(name, values[-1])}\n{name}", i))
        else:
            ends.append((point(years[len(values) - 1], values[-1]).y(), name, i))
    painter.restore()
    # Names at the line ends (an off-scale line's on two lines: its figure, then its name),
    # pushed apart so they never overlap.
    ends.sort()
    gap = metrics.height()
    placed: list[float] = []
    below = 0.0  # how far the previous label reaches under its anchor
    for y, text, _i in ends:
        lines = text.count("\n") + 1
        placed.append(max(y, placed[-1] + below + gap) if placed else y)
        below = gap * (lines - 1)
    overflow = (placed[-1] + below + gap / 2 - plot.bottom()) if placed else 0
    if overflow > 0:
        placed = [p - overflow for p in placed]
    painter.setBrush(Qt.BrushStyle.NoBrush)
    width = right - 4 * mm
    for (_y, text, i), y in zip(ends, placed, strict=True):
        painter.setPen(QPen(QColor(COLORS[i % len(COLORS)]).darker(130)))
        x = plot.right() + 2 * mm
        _marker(painter, MARKERS[i % len(MARKERS)], QPointF(x, y), 1.6 * mm)
        painter.setPen(QPen(QColor("#1b1b1b")))
        for k, line in enumerate(text.split("\n")):
            painter.drawText(QRectF(x + 2 * mm, y - gap / 2 + k * gap, width, gap),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                             metrics.elidedText(line, Qt.TextElideMode.ElideRight, width))
