"""Adding a workload from the picker adds it once, however it was picked (issue 12).

Picking a model in the completer used to add it at once (the combo's ``activated``); the completer
then wrote the model's name back into the box, so the Add button the user clicked next matched
that text and added the model a second time, and the Return that picked added it too.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from planner.ui.document import BuildDocument
from planner.ui.panels.workloads import WorkloadsPanel


def _panel(qtbot, document: BuildDocument) -> WorkloadsPanel:  # type: ignore[no-untyped-def]
    panel = WorkloadsPanel(document)
    qtbot.addWidget(panel)
    panel.resize(800, 400)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def _type_and_pop_up(qtbot, panel: WorkloadsPanel, text: str):  # type: ignore[no-untyped-def]
    line = panel.picker.lineEdit()
    line.setFocus()
    QTest.keyClicks(line, text)
    popup = panel.picker.completer().popup()
    qtbot.waitUntil(popup.isVisible)
    return popup


def _added(document: BuildDocument) -> list[str]:
    return [t.workload.id for t in document.build.workloads]


def test_pick_in_completer_with_keys_then_add_adds_once(qtbot, document: BuildDocument) -> None:
    panel = _panel(qtbot, document)
    popup = _type_and_pop_up(qtbot, panel, "Llama")
    QTest.keyClick(popup, Qt.Key.Key_Down)
    QTest.keyClick(popup, Qt.Key.Key_Return)  # picks; does not add yet
    assert _added(document) == []
    QTest.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    assert _added(document) == ["llama-3.1-8b"]
    assert not panel.message.isVisible(), panel.message.text()
    assert panel.picker.currentText() == ""  # ready for the next pick
    assert document.undo_stack.count() == 1


def test_pick_in_completer_with_mouse_then_add_adds_once(qtbot, document: BuildDocument) -> None:
    panel = _panel(qtbot, document)
    popup = _type_and_pop_up(qtbot, panel, "resnet")
    rect = popup.visualRect(popup.model().index(0, 0))
    QTest.mouseClick(popup.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: not popup.isVisible())
    QTest.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    assert _added(document) == ["resnet-50"]
    assert not panel.message.isVisible(), panel.message.text()


def test_return_after_the_pick_adds_once(qtbot, document: BuildDocument) -> None:
    panel = _panel(qtbot, document)
    popup = _type_and_pop_up(qtbot, panel, "ViT")
    QTest.keyClick(popup, Qt.Key.Key_Down)
    QTest.keyClick(popup, Qt.Key.Key_Return)
    QTest.keyClick(panel.picker.lineEdit(), Qt.Key.Key_Return)
    assert _added(document) == ["vit-b-16"]
    assert not panel.message.isVisible(), panel.message.text()


def test_add_with_nothing_picked_says_so(qtbot, document: BuildDocument) -> None:
    panel = _panel(qtbot, document)
    QTest.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    assert _added(document) == []
    assert panel.message.isVisible() and panel.message.text() == "Pick a model from the list."
