"""Pages of the printed sheet: plain text, tables and charts flowed onto pages with QPainter.

The sheet is painted, not typeset from HTML, so that it can promise what a meeting needs: a
table never splits mid-row (it breaks between rows and repeats its header), a section whose table
is too wide for portrait gets landscape pages, charts are vectors drawn straight onto the printer,
and every text from a file is drawn as plain text (``QPainter.drawText`` never interprets markup).

Sizes are in millimetres and points; positions in the device's pixels (the printer's or the PDF
writer's resolution), measured with the device's own font metrics so what is measured is what
prints.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPen,
)

MARGIN_MM = 14.0
PAPERS = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}
WRAP = int(Qt.TextFlag.TextWordWrap)
INK = QColor("#1b1b1b")
MUTED = QColor("#555555")
RULE = QColor("#9a9a9a")
HEAD_FILL = QColor("#e4e4e4")
BEST_FILL = QColor("#d2d2d2")


@dataclass(frozen=True, slots=True)
class Cell:
    """One table cell: plain text (a line break starts a line), dressed for grey print."""

    text: str
    bold: bool = False
    fill: QColor | None = None
    color: QColor | None = None
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft


@dataclass
class Text:
    """A paragraph of plain text."""

    text: str
    font: QFont
    color: QColor = field(default_factory=lambda: QColor(INK))
    before_mm: float = 0.0
    after_mm: float = 1.2
    keep_with_next: bool = False
    """A heading: moved to the next page rather than left alone at the foot of one."""


@dataclass
class Table:
    """A header row and body rows; ``label_share`` of the width goes to the first column.

    ``min_column_mm`` is the narrowest a value column may be before the section turns landscape.
    """

    header: list[Cell]
    rows: list[list[Cell]]
    font: QFont
    bold_font: QFont
    label_share: float = 0.28
    min_column_mm: float = 24.0
    before_mm: float = 1.0
    after_mm: float = 2.5


@dataclass
class Drawing:
    """A vector drawing of a fixed height (a chart): ``paint(painter, rect)``."""

    height_mm: float
    paint: Callable[[QPainter, QRectF], None]
    before_mm: float = 1.0
    after_mm: float = 2.0


Block = Text | Table | Drawing


@dataclass
class Section:
    """Blocks that start on a new page; ``footer`` is painted at the foot of each of its pages."""

    blocks: list[Block]
    footer: str = ""


@dataclass
class _Placed:
    block: Block
    y: float
    rows: tuple[int, int] | None = None  # the body rows of a table placed here


@dataclass
class _Page:
    landscape: bool
    footer: str
    placed: list[_Placed] = field(default_factory=list)


class Composer:
    """Flows sections onto pages of one paper size and paints them on a paged device."""

    def __init__(self, device: QPagedPaintDevice, paper: str = "A4") -> None:
        self.device = device
        self.paper = PAPERS.get(paper, PAPERS["A4"])
        self.dpi = device.logicalDpiY() or 300

    # --- units ------------------------------------------------------------------------------------

    def px(self, mm: float) -> float:
        """Millimetres in device pixels."""
        return mm * self.dpi / 25.4

    def _layout(self, landscape: bool) -> QPageLayout:
        orientation = (QPageLayout.Orientation.Landscape if landscape
                       else QPageLayout.Orientation.Portrait)
        return QPageLayout(QPageSize(self.paper), orientation,
                           QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
                           QPageLayout.Unit.Millimeter)

    def _size(self, landscape: bool) -> tuple[float, float]:
        rect = self._layout(landscape).paintRect(QPageLayout.Unit.Millimeter)
        return self.px(rect.width()), self.px(rect.height())

    # --- measuring --------------------------------------------------------------------------------

    def _text_height(self, text: str, font: QFont, width: float) -> float:
        metrics = QFontMetricsF(font, self.device)
        if not text:
            return metrics.height()
        return metrics.boundingRect(QRectF(0, 0, width, 1e7), WRAP, text).height()

    def _columns(self, table: Table, width: float) -> list[float]:
        n = len(table.header)
        if n == 1:
            return [width]
        label = width * table.label_share
        rest = (width - label) / (n - 1)
        return [label] + [rest] * (n - 1)

    def _row_height(self, cells: Sequence[Cell], table: Table, widths: list[float],
                    header: bool = False) -> float:
        pad_x, pad_y = self.px(1.2), self.px(0.45)
        tallest = 0.0
        for cell, w in zip(cells, widths, strict=False):
            font = table.bold_font if (cell.bold or header) else table.font
            tallest = max(tallest, self._text_height(cell.text, font, w - 2 * pad_x))
        return tallest + 2 * pad_y

    def needs_landscape(self, section: Section) -> bool:
        """Whether a table of the section is too wide for portrait."""
        portrait, _h = self._size(False)
        for block in section.blocks:
            if isinstance(block, Table) and len(block.header) > 1:
                values = portrait * (1 - block.label_share) / (len(block.header) - 1)
                if values < self.px(block.min_column_mm):
                    return True
        return False

    def _height(self, block: Block, width: float) -> float:
        if isinstance(block, Text):
            return self._text_height(block.text, block.font, width)
        if isinstance(block, Drawing):
            return self.px(block.height_mm)
        widths = self._columns(block, width)
        return self._row_height(block.header, block, widths, True) + sum(
            self._row_height(r, block, widths) for r in block.rows)

    # --- flowing --------------------------------------------------------------------------------

    def flow(self, sections: Sequence[Section]) -> list[_Page]:
        """Pages with every block placed; tables break between rows only."""
        pages: list[_Page] = []
        footer_room = self.px(6.0)
        for section in sections:
            landscape = self.needs_landscape(section)
            width, height = self._size(landscape)
            height -= footer_room
            page = _Page(landscape, section.footer)
            pages.append(page)
            y = 0.0
            for k, block in enumerate(section.blocks):
                before, after = self.px(block.before_mm), self.px(block.after_mm)
                if not isinstance(block, Table):
                    h = self._height(block, width)
                    need = h
                    if isinstance(block, Text) and block.keep_with_next and \
                            k + 1 < len(section.blocks):
                        need += min(self._height(section.blocks[k + 1], width), self.px(15))
                    if page.placed and y + before + need > height:
                        page = _Page(landscape, section.footer)
                        pages.append(page)
                        y = 0.0
                    page.placed.append(_Placed(block, y + before))
                    y += before + h + after
                    continue
                widths = self._columns(block, width)
                head = self._row_height(block.header, block, widths, True)
                heights = [self._row_height(r, block, widths) for r in block.rows]
                start = 0
                while start < len(heights) or not heights:
                    room = height - y - before - head
                    end = start
                    used = 0.0
                    while end < len(heights) and used + heights[end] <= room:
                        used += heights[end]
                        end += 1
                    if end == start and heights and page.placed:
                        page = _Page(landscape, section.footer)  # not one row fits: next page
                        pages.append(page)
                        y = 0.0
                        continue
                    end = max(end, start + 1) if heights else end
                    page.placed.append(_Placed(block, y + before, (start, end)))
                    y += before + head + sum(heights[start:end]) + after
                    if not heights or end >= len(heights):
                        break
                    start = end
                    page = _Page(landscape, section.footer)
                    pages.append(page)
                    y = 0.0
        return pages

    # --- painting -------------------------------------------------------------------------------

    def paint(self, sections: Sequence[Section]) -> int:
        """Paint every page on the device; returns the number of pages."""
        pages = self.flow(sections)
        if not pages:
            return 0
        device = self.device
        device.setPageLayout(self._layout(pages[0].landscape))
        painter = QPainter(device)
        try:
            for number, page in enumerate(pages, start=1):
                if number > 1:
                    device.setPageLayout(self._layout(page.landscape))
                    device.newPage()
                width, height = self._size(page.landscape)
                for placed in page.placed:
                    self._paint_block(painter, placed, width)
                self._paint_footer(painter, page, number, len(pages), width, height)
        finally:
            painter.end()
        return len(pages)

    def _paint_footer(self, painter: QPainter, page: _Page, number: int, total: int,
                      width: float, height: float) -> None:
        font = QFont(self._footer_font) if hasattr(self, "_footer_font") else painter.font()
        painter.setFont(font)
        painter.setPen(QPen(MUTED))
        rect = QRectF(0, height - self.px(4.5), width, self.px(4.5))
        numbering = f"{number} / {total}"
        metrics = QFontMetricsF(font, painter.device())
        # The footer never runs into the page number: a long build name is elided before it.
        room = width - metrics.horizontalAdvance(numbering) - self.px(6.0)
        footer = metrics.elidedText(page.footer, Qt.TextElideMode.ElideMiddle, max(0.0, room))
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom),
                         footer)
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom),
                         numbering)

    def set_footer_font(self, font: QFont) -> None:
        """The font of page footers (small, muted)."""
        self._footer_font = font

    def _paint_block(self, painter: QPainter, placed: _Placed, width: float) -> None:
        block = placed.block
        if isinstance(block, Text):
            painter.setFont(block.font)
            painter.setPen(QPen(block.color))
            painter.drawText(QRectF(0, placed.y, width, 1e7), WRAP, block.text)
            return
        if isinstance(block, Drawing):
            painter.save()
            block.paint(painter, QRectF(0, placed.y, width, self.px(block.height_mm)))
            painter.restore()
            return
        first, last = placed.rows or (0, len(block.rows))
        widths = self._columns(block, width)
        y = placed.y
        y = self._paint_row(painter, block.header, block, widths, y, header=True)
        for row in block.rows[first:last]:
            y = self._paint_row(painter, row, block, widths, y)

    def _paint_row(self, painter: QPainter, cells: Sequence[Cell], table: Table,
                   widths: list[float], y: float, header: bool = False) -> float:
        h = self._row_height(cells, table, widths, header)
        pad_x, pad_y = self.px(1.2), self.px(0.45)
        x = 0.0
        for i, (cell, w) in enumerate(zip(cells, widths, strict=False)):
            fill = HEAD_FILL if header else cell.fill
            if fill is not None:
                painter.fillRect(QRectF(x, y, w, h), fill)
            painter.setFont(table.bold_font if (cell.bold or header) else table.font)
            painter.setPen(QPen(cell.color or INK))
            align = cell.align if i else Qt.AlignmentFlag.AlignLeft
            painter.drawText(QRectF(x + pad_x, y + pad_y, w - 2 * pad_x, h - 2 * pad_y),
                             WRAP | int(align | Qt.AlignmentFlag.AlignTop), cell.text)
            x += w
        pen = QPen(RULE)
        pen.setWidthF(self.px(0.15))
        painter.setPen(pen)
        painter.drawLine(QPointF(0, y + h), QPointF(sum(widths), y + h))
        return y + h
