from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from planner.ui.build_canvas import BuildCanvas
from planner.ui.catalog_panel import CatalogPanel
from planner.ui.mime import GPU_MIME, gpu_mime, slot_mime


def _enter(pos: QPoint, actions, mime: QMimeData) -> QDragEnterEvent:
    """Qt 6.12 takes a QPointF (the QPoint form is deprecated); 6.11 only a QPoint."""
    try:
        return QDragEnterEvent(QPointF(pos), actions, mime, Qt.MouseButton.LeftButton,
                               Qt.KeyboardModifier.NoModifier)
    except TypeError:
        return QDragEnterEvent(pos, actions, mime, Qt.MouseButton.LeftButton,
                               Qt.KeyboardModifier.NoModifier)


def _drop(canvas: BuildCanvas, mime: QMimeData, pos: QPoint | None = None) -> QDropEvent:
    pos = pos or canvas.rect().center()
    actions = Qt.DropAction.CopyAction | Qt.DropAction.MoveAction
    enter = _enter(pos, actions, mime)
    QApplication.sendEvent(canvas, enter)
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(pos), actions, mime, Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(canvas, drop)
    return drop


def _ids(document) -> list[tuple[str, int]]:
    return [(s.gpu.id, s.count) for s in document.build.slots]


def make_canvas(qtbot, document) -> BuildCanvas:
    canvas = BuildCanvas(document)
    qtbot.addWidget(canvas)
    canvas.resize(600, 500)
    canvas.show()
    qtbot.waitExposed(canvas)
    return canvas


def test_empty_state_shows_hint(qtbot, document):
    canvas = make_canvas(qtbot, document)
    assert canvas.list.empty.isVisible()
    assert "Drag GPUs here" in canvas.list.empty.text()
    assert canvas.totals.values["gpus"].text() == "0"


def test_drop_adds_then_increments(qtbot, document):
    canvas = make_canvas(qtbot, document)
    drop = _drop(canvas, gpu_mime(["nvidia-rtx-4090"]))
    assert drop.isAccepted()
    assert _ids(document) == [("nvidia-rtx-4090", 1)]
    _drop(canvas, gpu_mime(["nvidia-rtx-4090"]))
    assert _ids(document) == [("nvidia-rtx-4090", 2)]
    assert not canvas.list.empty.isVisible()
    assert len(canvas.cards) == 1 and canvas.cards[0].count.value() == 2
    assert canvas.totals.values["gpus"].text() == "2"
    assert canvas.totals.values["memory"].text() == "48 GiB"  # 2 × 24 GiB
    gpu = document.catalog.gpu("nvidia-rtx-4090")
    assert gpu.sources[0] in canvas.cards[0].figures.toolTip()  # every figure names its source
    assert gpu.sources[0] in canvas.totals.values["memory"].toolTip()
    assert gpu.sources[0] in canvas.totals.values["power"].toolTip()


def test_foreign_and_unknown_drops_are_refused(qtbot, document):
    canvas = make_canvas(qtbot, document)
    text = QMimeData()
    text.setText("nvidia-rtx-4090")
    enter = _enter(QPoint(10, 10), Qt.DropAction.CopyAction, text)
    QApplication.sendEvent(canvas, enter)
    assert not enter.isAccepted()
    drop = _drop(canvas, gpu_mime(["no-such-gpu"]))
    assert not drop.isAccepted()
    bad = QMimeData()
    bad.setData(GPU_MIME, b"\xff\xfe")
    _drop(canvas, bad)
    assert document.build.slots == ()


def test_counts_undo_redo(qtbot, document):
    canvas = make_canvas(qtbot, document)
    _drop(canvas, gpu_mime(["nvidia-rtx-4090"]))
    spin = canvas.cards[0].count
    spin.setValue(3)
    spin.setValue(4)
    assert _ids(document) == [("nvidia-rtx-4090", 4)]
    # Spin edits of one slot merge into one undo step.
    document.undo_stack.undo()
    assert _ids(document) == [("nvidia-rtx-4090", 1)]
    assert canvas.cards[0].count.value() == 1
    document.undo_stack.undo()
    assert _ids(document) == []
    assert canvas.list.empty.isVisible()
    document.undo_stack.redo()
    document.undo_stack.redo()
    assert _ids(document) == [("nvidia-rtx-4090", 4)]
    assert canvas.cards[0].count.value() == 4


def test_card_reused_keeps_focus_while_typing(qtbot, document):
    canvas = make_canvas(qtbot, document)
    _drop(canvas, gpu_mime(["nvidia-rtx-4090"]))
    card = canvas.cards[0]
    card.count.setFocus()
    qtbot.keyClicks(card.count.lineEdit(), "")
    card.count.lineEdit().selectAll()
    qtbot.keyClicks(card.count.lineEdit(), "12")
    # A typed count counts on Enter (never digit by digit: "1" on the way to "12" is no edit).
    assert _ids(document) == [("nvidia-rtx-4090", 1)]
    qtbot.keyClick(card.count.lineEdit(), Qt.Key.Key_Return)
    assert _ids(document) == [("nvidia-rtx-4090", 12)]
    assert canvas.cards[0] is card


def test_delete_key_removes_focused_card(qtbot, document):
    canvas = make_canvas(qtbot, document)
    _drop(canvas, gpu_mime(["nvidia-rtx-4090", "nvidia-rtx-3090"]))
    card = canvas.cards[1]
    card.setFocus()
    qtbot.waitUntil(card.hasFocus)
    qtbot.keyClick(card, Qt.Key.Key_Delete)
    assert _ids(document) == [("nvidia-rtx-4090", 1)]
    document.undo_stack.undo()
    assert _ids(document) == [("nvidia-rtx-4090", 1), ("nvidia-rtx-3090", 1)]


def test_remove_button(qtbot, document):
    canvas = make_canvas(qtbot, document)
    _drop(canvas, gpu_mime(["nvidia-rtx-4090"]))
    qtbot.mouseClick(canvas.cards[0].remove, Qt.MouseButton.LeftButton)
    assert _ids(document) == []


def test_reorder_by_dropping_a_card(qtbot, document):
    canvas = make_canvas(qtbot, document)
    _drop(canvas, gpu_mime(["nvidia-rtx-4090", "nvidia-rtx-3090", "amd-rx-7900-xtx"]))
    qtbot.waitUntil(lambda: canvas.cards[2].geometry().height() > 0)
    last = canvas.cards[2]
    top = canvas.cards[0].mapTo(canvas, QPoint(5, 2))
    drop = _drop(canvas, slot_mime(2), top)
    assert drop.isAccepted()
    assert [i for i, _ in _ids(document)] == ["amd-rx-7900-xtx", "nvidia-rtx-4090",
                                              "nvidia-rtx-3090"]
    assert canvas.cards[0] is last
    bottom = canvas.cards[2].mapTo(canvas, canvas.cards[2].rect().bottomLeft() + QPoint(5, 4))
    _drop(canvas, slot_mime(0), bottom)
    assert [i for i, _ in _ids(document)] == ["nvidia-rtx-4090", "nvidia-rtx-3090",
                                              "amd-rx-7900-xtx"]
    document.undo_stack.undo()
    assert _ids(document)[0][0] == "amd-rx-7900-xtx"


def test_warnings_are_listed(qtbot, document):
    canvas = make_canvas(qtbot, document)
    _drop(canvas, gpu_mime(["nvidia-rtx-4090", "amd-rx-7900-xtx"]))
    strip = canvas.strip
    assert strip.isVisible()
    assert strip.badge.text() == str(len(strip.warnings)) and len(strip.warnings) >= 2
    # The most severe first: mixing CUDA and ROCm cards is an error.
    assert "mixes vendors" in strip.summary.text()
    strip.toggle_popup()
    texts = [label.text() for label in strip.popup.texts]
    assert any("mixes vendors" in t for t in texts) and strip.popup.isVisible()
    strip.toggle_popup()
    assert not strip.popup.isVisible()


def _catalog_panel(qtbot, document) -> CatalogPanel:
    panel = CatalogPanel(document)
    qtbot.addWidget(panel)
    panel.resize(700, 400)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def _row_rect(panel: CatalogPanel, gpu_id: str):
    source_row = panel.model.row_of(gpu_id)
    index = panel.proxy.mapFromSource(panel.model.index(source_row, 0))
    panel.view.scrollTo(index)
    return index, panel.view.visualRect(index)


def test_double_click_in_catalog_adds(qtbot, document):
    panel = _catalog_panel(qtbot, document)
    _index, rect = _row_rect(panel, "nvidia-rtx-3090")
    # A real double-click is press, release, then a double-click press: send all of it.
    qtbot.mouseClick(panel.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(panel.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert _ids(document) == [("nvidia-rtx-3090", 1)]


def test_enter_key_in_catalog_adds(qtbot, document):
    panel = _catalog_panel(qtbot, document)
    index, _rect = _row_rect(panel, "nvidia-h100-sxm5-80gb")
    panel.view.setCurrentIndex(index)
    panel.view.setFocus()
    qtbot.keyClick(panel.view, Qt.Key.Key_Return)
    qtbot.keyClick(panel.view, Qt.Key.Key_Enter)
    assert _ids(document) == [("nvidia-h100-sxm5-80gb", 2)]
    assert document.undo_stack.count() == 2


def test_catalog_drag_data_drops_on_canvas(qtbot, document):
    panel = _catalog_panel(qtbot, document)
    canvas = make_canvas(qtbot, document)
    index, _rect = _row_rect(panel, "nvidia-rtx-4090")
    mime = panel.proxy.mimeData([index])
    assert mime.hasFormat(GPU_MIME)
    _drop(canvas, mime)
    assert _ids(document) == [("nvidia-rtx-4090", 1)]


def test_opening_a_file_at_start_keeps_the_build_closed_to_edits(qtbot, document):
    """Until the file named at start-up is in, the build says so and takes no edits."""
    canvas = make_canvas(qtbot, document)
    canvas.show_opening(["three-variants.gpubuild"])
    assert not canvas.isEnabled()
    assert canvas.list.empty.text() == "Opening three-variants.gpubuild…"
    assert canvas.list.empty.isVisibleTo(canvas)
    canvas.done_opening()
    assert canvas.isEnabled()
    assert canvas.list.empty.text().startswith("Drag GPUs here")
