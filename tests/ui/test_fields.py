"""Forms: the wheel scrolls unless a field has the focus; out-of-range typing is refused aloud.

Issue 30: scrolling over the Energy form changed the price basis, the tariff, the hours a day and
the currency with nothing on screen; typing 25 h/day left 2.0 and 99,999 GPUs left 9.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QLineEdit, QScrollArea, QVBoxLayout, QWidget

from planner.ui.assumptions_form import AssumptionsForm


def _wheel(widget: QWidget, steps: int = -1) -> None:
    """One notch of a real mouse wheel over the middle of ``widget``."""
    at = QPointF(widget.width() / 2, widget.height() / 2)
    event = QWheelEvent(at, QPointF(widget.mapToGlobal(at.toPoint())), QPoint(0, 0),
                        QPoint(0, 120 * steps), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def _form_in_scroll_area(qtbot: Any, fixture_catalog: Any) -> tuple[AssumptionsForm, QScrollArea]:
    form = AssumptionsForm(fixture_catalog)
    area = QScrollArea()
    area.setWidget(form)
    area.setWidgetResizable(True)
    area.resize(360, 120)  # far shorter than the form: it scrolls
    qtbot.addWidget(area)
    area.show()
    qtbot.waitExposed(area)
    return form, area


def test_the_wheel_scrolls_the_form_and_changes_no_field(qtbot: Any, fixture_catalog: Any) -> None:
    form, area = _form_in_scroll_area(qtbot, fixture_catalog)
    edits: list[str] = []
    form.edited.connect(lambda _u, _c, field: edits.append(field))
    before = (form.basis.currentIndex(), form.currency.currentIndex(), form.hours.value(),
              form.tariff.currentIndex())
    bar = area.verticalScrollBar()
    assert bar.maximum() > 0
    for field in (form.basis, form.currency, form.hours, form.tariff):
        _wheel(field)
    assert (form.basis.currentIndex(), form.currency.currentIndex(), form.hours.value(),
            form.tariff.currentIndex()) == before
    assert edits == []
    assert bar.value() > 0  # the turns went to the form, which scrolled


def test_a_focused_field_takes_the_wheel(qtbot: Any, fixture_catalog: Any) -> None:
    form, _area = _form_in_scroll_area(qtbot, fixture_catalog)
    form.hours.setValue(10.0)
    form.hours.setFocus()
    qtbot.waitUntil(form.hours.hasFocus)
    _wheel(form.hours, steps=1)
    assert form.hours.value() == 11.0


def test_typing_out_of_range_is_refused_with_the_range(qtbot: Any,
                                                       fixture_catalog: Any) -> None:
    form = AssumptionsForm(fixture_catalog)
    other = QLineEdit()
    holder = QWidget()
    layout = QVBoxLayout(holder)
    layout.addWidget(form)
    layout.addWidget(other)
    qtbot.addWidget(holder)
    holder.show()
    qtbot.waitExposed(holder)
    form.hours.setValue(10.0)
    edits: list[float] = []
    form.edited.connect(lambda usage, _c, _f: edits.append(usage.hours_per_day))
    refused: list[str] = []
    form.hours.refused.connect(refused.append)
    form.hours.setFocus()
    form.hours.selectAll()
    qtbot.keyClicks(form.hours, "25")
    assert form.hours.text().startswith("25")  # on screen as typed, not cut to "2"
    qtbot.keyClick(form.hours, Qt.Key.Key_Return)
    assert form.hours.value() == 10.0 and edits == []  # never 2.0, not even on the way
    assert refused and "0.0" in refused[0] and "24.0" in refused[0] and "25" in refused[0]
    # A number in range typed the same way counts once, on Enter.
    form.hours.selectAll()
    qtbot.keyClicks(form.hours, "12.5")
    qtbot.keyClick(form.hours, Qt.Key.Key_Return)
    assert edits == [12.5]


def test_a_gpu_count_out_of_range_is_refused(qtbot: Any, document: Any) -> None:
    from planner.ui import edits
    from planner.ui.build_canvas import BuildCanvas

    canvas = BuildCanvas(document)
    qtbot.addWidget(canvas)
    canvas.show()
    qtbot.waitExposed(canvas)
    edits.add_gpu_ids(document, ["nvidia-rtx-4090"])
    card = canvas.cards[0]
    refused: list[str] = []
    card.count.refused.connect(refused.append)
    card.count.setFocus()
    card.count.selectAll()
    qtbot.keyClicks(card.count.lineEdit(), "99999")
    qtbot.keyClick(card.count.lineEdit(), Qt.Key.Key_Return)
    assert [(s.gpu.id, s.count) for s in document.build.slots] == [("nvidia-rtx-4090", 1)]
    assert refused and "1 to 64" in refused[0] and "99,999" in refused[0]


def test_the_summary_names_no_empty_card_when_every_row_failed(qtbot: Any, document: Any,
                                                               fixture_catalog: Any) -> None:
    """Every workload failing to estimate leaves no binding card: never "bound by ."."""
    from planner.core.estimator.setups import TrainingSetup
    from planner.core.plan.build import TrackedWorkload
    from planner.ui import edits
    from planner.ui.panels.headroom import HeadroomPanel

    edits.add_gpu_ids(document, ["nvidia-rtx-4090"])
    broken = TrackedWorkload(fixture_catalog.workloads[0], "train",
                             training=TrainingSetup(precision="bf16", batch=0))
    document.apply(document.build.with_workload_added(broken), "workload")
    panel = HeadroomPanel(document)
    qtbot.addWidget(panel)
    panel.refresh()
    text = panel.summary.text()
    assert text.startswith("0 of 1 workloads fit; per GPU on 1 GPU")
    assert "bound by" not in text
