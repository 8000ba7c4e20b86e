"""Stand-ins painted where the catalog, the build and the panels will be, from the first paint.

The window is shown before the estimators, the charts and the catalog store are imported (they
take most of a second). So the user does not meet a half-built window, every dock exists from the
first paint at its final size and shows one of these: the panel's outline in the palette's quiet
colours (a search field and rows for the catalog, a chart with bars for the headroom, a form, a
chart and a table for the energy panel, a table for the comparison and the workloads, the totals
for the build). The real panel later takes the dock's place without moving anything.

No text: nothing to translate, nothing to read before it is true. Only QtCore, QtGui and
QtWidgets' QWidget, and nothing that builds the ``Qt`` namespace (its first use builds all 93
of its enums, ~12 ms, before the first paint; see bench/bench_startup.py). That includes calls
with an overload taking one of its enums: ``QPainter.fillRect(rect, color)`` has one taking a
``Qt.GlobalColor``, and choosing between them builds the namespace. So the blocks are 1×1 images
of the colour, stretched over each rectangle by ``drawImage``, which has no such overload.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QImage, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QWidget

# Each kind's drawing as (x, y, w, h) blocks in a 1000×1000 frame of the widget (fractions ×1000)
# and rows repeated down the rest; see Skeleton.paintEvent.
KINDS = ("catalog", "build", "headroom", "workloads", "energy", "comparison", "variants",
         "runs", "serving")

ROW_PX = 23  # a table row at the default font, about
FIELD_PX = 24  # a line edit or combo box


class Skeleton(QWidget):
    """A panel's outline, painted; ``kind`` is one of :data:`KINDS`."""

    def __init__(self, kind: str, hint: QSize | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if kind not in KINDS:
            raise ValueError(f"unknown skeleton kind {kind!r}")
        self.kind = kind
        self._hint = hint or QSize(400, 300)
        self.setObjectName(f"skeleton-{kind}")

    def sizeHint(self) -> QSize:
        """The size the real panel will want, so the dock starts at its final size."""
        return self._hint

    def minimumSizeHint(self) -> QSize:
        """Small: the stand-in never makes the window larger than the panels will."""
        return QSize(40, 40)

    def _colors(self) -> tuple[QImage, QImage]:
        """The blocks' and the rows' colour: the text colour, faint, as 1×1 images."""
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText)
        light = palette.color(QPalette.ColorRole.Window).lightness() > 128
        return (_swatch(text.red(), text.green(), text.blue(), 28 if light else 40),
                _swatch(text.red(), text.green(), text.blue(), 14 if light else 24))

    def paintEvent(self, event: QPaintEvent) -> None:
        """Draw the kind's outline (blocks for fields and bars, faint lines for rows)."""
        painter = QPainter(self)
        block, line = self._colors()
        w, h = self.width(), self.height()
        draw = getattr(self, f"_draw_{self.kind}")
        draw(painter, block, line, w, h)
        painter.end()

    @staticmethod
    def _rows(painter: QPainter, line: QImage, block: QImage, x: int, y: int, w: int,
              bottom: int, columns: tuple[float, ...] = (0.45, 0.2, 0.15)) -> None:
        """A table: a header band, then rows (a faint band every other row, short cells)."""
        painter.drawImage(QRect(x, y, w, ROW_PX), line)
        y += ROW_PX + 4
        n = 0
        while y + ROW_PX <= bottom:
            if n % 2:
                painter.drawImage(QRect(x, y, w, ROW_PX), line)
            cx = x + 6
            for share in columns:
                cw = int(w * share * (0.55 + 0.4 * ((n * 7 + int(share * 100)) % 5) / 4))
                painter.drawImage(QRect(cx, y + 7, cw, ROW_PX - 14), block)
                cx += int(w * share) + 8
            y += ROW_PX
            n += 1

    def _draw_catalog(self, p: QPainter, block: QImage, line: QImage, w: int, h: int) -> None:
        m = 4
        p.drawImage(QRect(m, m, w - 2 * m, FIELD_PX), line)
        half = (w - 3 * m) // 2
        for row in range(3):
            y = m + (row + 1) * (FIELD_PX + 4)
            p.drawImage(QRect(m, y, half, FIELD_PX), line)
            p.drawImage(QRect(2 * m + half, y, half, FIELD_PX), line)
        self._rows(p, line, block, m, m + 4 * (FIELD_PX + 4) + 4, w - 2 * m, h - m,
                   (0.45, 0.25, 0.12))

    def _draw_build(self, p: QPainter, block: QImage, line: QImage, w: int, h: int) -> None:
        m = 8
        p.drawImage(QRect(m, m, 120, 26), line)  # the variant tab
        top = m + 32
        p.drawImage(QRect(m, top, w - 2 * m, 74), line)  # the totals
        quarter = (w - 2 * m) // 4
        for i in range(4):
            for j in range(2):
                p.drawImage(QRect(m + 8 + i * quarter, top + 10 + j * 32, 70, 9), block)
        p.drawImage(QRect(m, top + 82, w - 2 * m, 24), line)  # the warnings strip

    def _draw_headroom(self, p: QPainter, block: QImage, line: QImage, w: int, h: int) -> None:
        m = 10
        chart_bottom = h - 70
        p.drawImage(QRect(m, m, w // 2, 12), block)  # the summary line
        left = m + 90
        p.drawImage(QRect(left, m + 26, 1, max(0, chart_bottom - m - 26)), block)  # the axis
        y, n = m + 36, 0
        while y + 16 < chart_bottom:
            p.drawImage(QRect(m, y + 3, 70, 10), line)  # a workload's label
            p.drawImage(QRect(left + 2, y, int((w - left - 2 * m) * (0.3 + 0.12 * (n % 5))), 16),
                       block)
            y += 28
            n += 1
        p.drawImage(QRect(m, chart_bottom + 10, w - 2 * m, 50), line)  # the suggestions

    def _draw_workloads(self, p: QPainter, block: QImage, line: QImage, w: int, h: int) -> None:
        m = 6
        p.drawImage(QRect(m, m, 150, FIELD_PX), line)  # the add button and picker
        p.drawImage(QRect(m + 160, m, 150, FIELD_PX), line)
        self._rows(p, line, block, m, m + FIELD_PX + 8, w - 2 * m, h - m,
                   (0.25, 0.1, 0.1, 0.1, 0.1, 0.15))

    def _draw_energy(self, p: QPainter, block: QImage, line: QImage, w: int, h: int) -> None:
        m = 8
        form = min(300, w // 4)
        for i in range(max(0, (h - 2 * m) // (FIELD_PX + 6))):
            y = m + i * (FIELD_PX + 6)
            p.drawImage(QRect(m, y + 6, form // 2 - 8, 10), block)
            p.drawImage(QRect(m + form // 2, y, form // 2, FIELD_PX), line)
        chart = QRect(2 * m + form, m, (w - form) // 2 - 2 * m, h - 2 * m)
        p.drawImage(QRect(chart.left(), chart.bottom(), chart.width(), 1), block)
        p.drawImage(QRect(chart.left(), chart.top(), 1, chart.height()), block)
        self._rows(p, line, block, chart.right() + 2 * m, m, w - chart.right() - 3 * m, h - m,
                   (0.5, 0.3))

    def _draw_comparison(self, p: QPainter, block: QImage, line: QImage, w: int,
                         h: int) -> None:
        self._rows(p, line, block, 6, 6, w - 12, h - 6, (0.3, 0.15, 0.15, 0.15, 0.15))

    def _draw_variants(self, p: QPainter, block: QImage, line: QImage, w: int, h: int) -> None:
        self._draw_comparison(p, block, line, w, h)

    def _draw_runs(self, p: QPainter, block: QImage, line: QImage, w: int, h: int) -> None:
        self._draw_comparison(p, block, line, w, h)

    def _draw_serving(self, p: QPainter, block: QImage, line: QImage, w: int,
                      h: int) -> None:
        self._draw_comparison(p, block, line, w, h)


def _swatch(red: int, green: int, blue: int, alpha: int) -> QImage:
    """A 1×1 image of one colour (see the module docstring for why not a QColor)."""
    # Format_ARGB32 holds each pixel as one 32-bit word: little-endian bytes B, G, R, A.
    pixel = bytes((blue, green, red, alpha)) if sys.byteorder == "little" else bytes(
        (alpha, red, green, blue))
    return QImage(pixel, 1, 1, QImage.Format.Format_ARGB32).copy()  # owns its pixel
