"""Small vendor badges drawn in code: no image files to ship, crisp at any screen scale.

Colours are the vendors' brand colours; the letter keeps them apart for colour-blind users too.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap

VENDOR_COLORS = {"NVIDIA": "#76B900", "AMD": "#ED1C24", "Intel": "#0071C5"}
FALLBACK_COLOR = "#7F7F7F"


def _badge(vendor: str, size: int) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(VENDOR_COLORS.get(vendor, FALLBACK_COLOR)))
    rect = QRectF(0.5, 0.5, size - 1, size - 1)
    painter.drawRoundedRect(rect, size * 0.22, size * 0.22)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(round(size * 0.62))
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, (vendor[:1] or "?").upper())
    painter.end()
    return pixmap


@cache
def vendor_icon(vendor: str) -> QIcon:
    """A rounded square in the vendor's colour with its initial (several sizes for HiDPI)."""
    icon = QIcon()
    for size in (16, 24, 32, 48):
        icon.addPixmap(_badge(vendor, size))
    return icon
