"""The build area keeps the cards where they are while warnings come and go (issue 12).

Warnings were a list above the cards that grew with each edit: a click on a card's ▲ that added a
warning pushed the card down, and the next click missed the spin box (three clicks gave ×2). They
are now a one-line strip whose height never changes, with every warning in full in its popup and,
for each card, in the card's tooltip. The real-mouse version of the click test is
tests/e2e/test_count_clicks_xvfb.py.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QStyle, QStyleOptionSpinBox

from planner.core.plan.physics import summarize
from planner.ui import edits
from planner.ui.build_canvas import BuildCanvas


def _canvas(qtbot, document, width: int = 520, height: int = 420) -> BuildCanvas:
    canvas = BuildCanvas(document)
    qtbot.addWidget(canvas)
    canvas.resize(width, height)
    canvas.show()
    qtbot.waitExposed(canvas)
    return canvas


def _up_arrow(spin) -> QPoint:  # type: ignore[no-untyped-def]
    option = QStyleOptionSpinBox()
    spin.initStyleOption(option)
    return spin.style().subControlRect(QStyle.ComplexControl.CC_SpinBox, option,
                                       QStyle.SubControl.SC_SpinBoxUp, spin).center()


def test_three_clicks_on_the_up_arrow_at_one_place_give_four(qtbot, document) -> None:
    canvas = _canvas(qtbot, document)
    edits.add_gpu_ids(document, ["nvidia-rtx-4090"])
    qtbot.waitUntil(lambda: len(canvas.cards) == 1 and canvas.cards[0].isVisible())
    spin = canvas.cards[0].count
    where = canvas.mapFromGlobal(spin.mapToGlobal(_up_arrow(spin)))  # fixed, like a mouse
    counts = []
    for _ in range(3):
        target = canvas.childAt(where)
        local = target.mapFrom(canvas, where)
        QTest.mouseClick(target, Qt.MouseButton.LeftButton, pos=local)
        QTest.qWait(50)  # layout passes run, as between a user's clicks
        counts.append(document.build.slots[0].count)
    assert counts == [2, 3, 4]
    assert len(summarize(document.build).warnings) >= 3  # the clicks did add warnings


def test_strip_height_is_the_same_with_none_one_and_many_warnings(qtbot, document) -> None:
    canvas = _canvas(qtbot, document)
    heights = {canvas.strip.height()}
    assert not canvas.strip.warnings and canvas.strip.summary.text() == "No build warnings"
    edits.add_gpu_ids(document, ["nvidia-rtx-4090"])
    edits.set_count(document, 0, 2)
    heights.add(canvas.strip.height())
    edits.add_gpu_ids(document, ["amd-rx-7900-xtx", "nvidia-h100-sxm5-80gb"])
    edits.set_count(document, 0, 6)
    heights.add(canvas.strip.height())
    assert len(canvas.strip.warnings) >= 6
    assert len(heights) == 1
    assert canvas.strip.badge.text() == str(len(canvas.strip.warnings))


def test_every_warning_is_whole_in_the_popup(qtbot, document) -> None:
    canvas = _canvas(qtbot, document, width=420)
    edits.add_gpu_ids(document, ["nvidia-rtx-4090", "amd-rx-7900-xtx"])
    edits.set_count(document, 0, 4)
    strip = canvas.strip
    assert len(strip.warnings) >= 4
    strip.toggle_popup()
    qtbot.waitUntil(strip.popup.isVisible)
    popup = strip.popup
    viewport = popup.area.viewport()
    for label in popup.texts:
        # Wrapped, never cut: the label is as tall as its text at its width, and inside the
        # popup's width (the popup scrolls vertically if the screen is short, never sideways).
        assert label.height() >= label.heightForWidth(label.width()), label.text()
        right = label.mapTo(viewport, QPoint(label.width(), 0)).x()
        assert right <= viewport.width(), label.text()
    fourth = popup.texts[3]
    assert fourth.text().endswith(".") and len(fourth.text()) > 40
    # The 4th (where the old list cut a sentence mid-line) is on show in full, unscrolled.
    bottom = fourth.mapTo(viewport, QPoint(0, fourth.height())).y()
    assert bottom <= viewport.height()
    QTest.keyClick(popup, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not popup.isVisible())


def test_each_card_lists_its_warnings_in_its_tooltip(qtbot, document) -> None:
    canvas = _canvas(qtbot, document)
    edits.add_gpu_ids(document, ["nvidia-rtx-4090", "nvidia-a100-sxm4-80gb"])
    rtx, a100 = canvas.cards
    # The 4090 has no NVLink; the A100 is an SXM module; both: mixed memory, architectures.
    assert "GeForce RTX 4090 has no NVLink" in rtx.toolTip()
    assert "A100 SXM4 80GB is a server module" not in rtx.toolTip()
    assert "A100 SXM4 80GB is a server module" in a100.toolTip()
    assert "mixes GPU architectures" in rtx.toolTip() and "mixes GPU architectures" in (
        a100.toolTip())
    assert "GeForce RTX 4090 has no NVLink" in rtx.figures.toolTip()  # with its sources
    assert rtx.alert.pixmap() is not None and not rtx.alert.pixmap().isNull()
    edits.remove_slot(document, 1)
    assert canvas.cards[0].toolTip() == "" and canvas.cards[0].alert.pixmap().isNull()
