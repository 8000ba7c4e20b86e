"""Number fields that refuse out-of-range input out loud, and a wheel that scrolls the form.

Qt's spin boxes silently drop a keystroke that would leave their range, so typing 25 into an
hours-per-day field (0–24) leaves "2" and the build is costed at 2 h a day; typing 99,999 GPUs
leaves 9. Here an out-of-range number stays on screen while it is typed, and when the field is
left (or Enter pressed) it is refused with one sentence giving the allowed range — next to the
field — and the previous value stays.

A mouse wheel over a form must scroll the form, not change whatever field the pointer happens to
cross (issue 30: scrolling over the Energy form changed the price basis, the tariff, the hours and
the currency): :func:`guard_wheel` lets a spin box or combo box take the wheel only while it has
the keyboard focus, and hands it to the enclosing widget otherwise.
"""

from __future__ import annotations

from typing import Any, cast

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QValidator, QWheelEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSpinBox,
    QComboBox,
    QDoubleSpinBox,
    QSpinBox,
    QToolTip,
    QWidget,
)


def refusal(low: str, high: str, typed: str) -> str:
    """The sentence a refused number gets: the allowed range and what was typed."""
    return QCoreApplication.translate(
        "Fields", "Enter a value from %1 to %2; %3 is out of range, so the field keeps its "
        "value.").replace("%1", low).replace("%2", high).replace("%3", typed)


class _Checked:
    """What both number fields share: out-of-range text is kept while typed, then refused.

    Mixed in before Qt's spin box (``class F(_Checked, QSpinBox)``), so its ``validate`` and
    ``fixup`` are the ones Qt calls, and ``super()`` reaches Qt's.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        cast(Any, super()).__init__(parent)
        # A typed number counts when the field is left or Enter pressed, never digit by digit:
        # typing 25 must not cost the build at 2 h a day on the way. Arrows and the wheel still
        # change the value at once.
        self._field.setKeyboardTracking(False)

    @property
    def _field(self) -> QSpinBox | QDoubleSpinBox:
        assert isinstance(self, (QSpinBox, QDoubleSpinBox))
        return self

    def _number(self, text: str) -> float | None:
        """The number ``text`` says (without prefix, suffix and separators), or None."""
        field = self._field
        body = text.removeprefix(field.prefix()).removesuffix(field.suffix()).strip()
        body = body.replace(field.locale().groupSeparator(), "")
        try:
            if isinstance(field, QSpinBox):
                return int(body.replace(",", ""))
            return float(body.replace(field.locale().decimalPoint(), "."))
        except ValueError:
            return None

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        """Qt's answer, except that a number outside the range may be typed (see fixup)."""
        state, text, pos = cast(Any, super()).validate(text, pos)
        if state == QValidator.State.Invalid and self._number(text) is not None:
            state = QValidator.State.Intermediate
        return (state, text, pos)

    def fixup(self, text: str) -> str:
        """Called on leaving the field with text Qt cannot take: say why, keep the value."""
        field = self._field
        number = self._number(text)
        if number is not None and not field.minimum() <= number <= field.maximum():
            typed = (f"{number:,}" if isinstance(number, int) else
                     text.removeprefix(field.prefix()).removesuffix(field.suffix()).strip())
            sentence = refusal(field.textFromValue(field.minimum()),  # type: ignore[arg-type]
                               field.textFromValue(field.maximum()), typed)  # type: ignore[arg-type]
            QToolTip.showText(field.mapToGlobal(QPoint(0, field.height())), sentence, field)
            field.refused.emit(sentence)  # type: ignore[union-attr]
        return cast(Any, super()).fixup(text) or ""


class CheckedSpinBox(_Checked, QSpinBox):
    """A whole-number field that says so when a typed number is out of range."""

    refused = Signal(str)
    """The sentence shown when a typed number was refused."""


class CheckedDoubleSpinBox(_Checked, QDoubleSpinBox):
    """A decimal field that says so when a typed number is out of range."""

    refused = Signal(str)
    """The sentence shown when a typed number was refused."""


class _WheelGuard(QObject):
    """Gives the wheel to a field only while it has the focus; otherwise to the scrolling area.

    The turn is handed straight to the nearest enclosing scroll area's viewport (mapped to its
    coordinates): Qt passes a wheel event on to a parent only while delivering it from the
    window system, never when it is sent on from here.
    """

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.Wheel or not isinstance(watched, QWidget) \
                or watched.hasFocus():
            return False
        assert isinstance(event, QWheelEvent)
        area = watched.parentWidget()
        while area is not None and not isinstance(area, QAbstractScrollArea):
            area = area.parentWidget()
        if area is not None:
            viewport = area.viewport()
            at = QPointF(viewport.mapFromGlobal(event.globalPosition().toPoint()))
            QCoreApplication.sendEvent(viewport, QWheelEvent(
                at, event.globalPosition(), event.pixelDelta(), event.angleDelta(),
                event.buttons(), event.modifiers(), event.phase(), event.inverted()))
        return True


_GUARD: _WheelGuard | None = None


def guard_wheel(root: QWidget) -> None:
    """Every spin box and combo box under ``root`` takes the wheel only when focused.

    They also stop taking the focus from a wheel turn (``StrongFocus``: click or Tab), so
    scrolling past a field never arms it.
    """
    global _GUARD
    if _GUARD is None:
        _GUARD = _WheelGuard()
    for field in root.findChildren(QAbstractSpinBox) + root.findChildren(QComboBox):
        field.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        field.installEventFilter(_GUARD)
