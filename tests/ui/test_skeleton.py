"""The stand-ins painted before the panels come: the palette's text colour, faint, in blocks."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QPalette

from planner.ui.skeleton import Skeleton


def test_blocks_are_the_text_colour_laid_faintly_over_the_window_colour(qtbot) -> None:
    """Black text over a #f0f0f0 window: a block is 28/255 black, a row line 14/255.

    Over 240: 240 × (1 − 28/255) = 213.6 and 240 × (1 − 14/255) = 226.8 (±1 for rounding).
    """
    stand_in = Skeleton("build", QSize(600, 400))
    palette = stand_in.palette()
    palette.setColor(QPalette.ColorRole.Window, QColor(240, 240, 240))
    palette.setColor(QPalette.ColorRole.WindowText, QColor(0, 0, 0))
    stand_in.setPalette(palette)
    stand_in.setAutoFillBackground(True)
    stand_in.resize(600, 400)
    qtbot.addWidget(stand_in)
    image = stand_in.grab().toImage()
    # The build's outline (skeleton.py): the totals box at (8, 40), 74 px high, a line; inside
    # it the first figure's block at (16, 50), 70 × 9 px, over the line.
    totals, figure, outside = image.pixelColor(300, 100), image.pixelColor(20, 53), \
        image.pixelColor(300, 30)
    assert outside.red() == 240
    assert abs(totals.red() - 226.8) <= 1
    # The block lies over the line: 240 × (1 − 14/255) × (1 − 28/255) = 201.9.
    assert abs(figure.red() - 201.9) <= 1
    assert totals.red() == totals.green() == totals.blue()
