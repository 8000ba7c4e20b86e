"""The build's warnings as one compact strip: a count badge, the first warning, the rest on demand.

The warnings used to be a list above the cards that grew with every edit, so a click on a card's
▲ could add a warning and push the card (and its spin box) away from the mouse. The strip is one
line tall whatever it holds, and is there even with no warnings, so nothing below it ever moves.
Its popup (click the strip, or Space/Enter on it) shows every warning in full over the cards,
without moving them; each card's tooltip also lists the warnings that concern it
(:func:`warnings_for_card`).

Texts come from :mod:`planner.words.warnings` (translated from core's codes).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtGui import QIcon, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPalette, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from planner.core.plan.physics import BuildWarning
from planner.words.warnings import warning_text

# Most severe first: the strip shows the first of these it has.
SEVERITIES = ("error", "warning", "info")
_ICONS = {"error": QStyle.StandardPixmap.SP_MessageBoxCritical,
          "warning": QStyle.StandardPixmap.SP_MessageBoxWarning,
          "info": QStyle.StandardPixmap.SP_MessageBoxInformation}
# Badge colours by worst severity (Okabe–Ito vermillion, orange, blue: readable on light and dark).
BADGE_COLORS = {"error": "#D55E00", "warning": "#E69F00", "info": "#0072B2"}
ICON_PX = 16


def severity_icon(severity: str) -> QIcon:
    """The platform's message icon for a severity (warning for an unknown one)."""
    pixmap = _ICONS.get(severity, _ICONS["warning"])
    return QApplication.style().standardIcon(pixmap)


_pixmaps: dict[tuple[str, str], QPixmap] = {}


def severity_pixmap(severity: str) -> QPixmap:
    """The severity's icon at :data:`ICON_PX`, rendered once per style (edits redraw it often)."""
    key = (QApplication.style().name(), severity)
    found = _pixmaps.get(key)
    if found is None:
        found = _pixmaps[key] = severity_icon(severity).pixmap(ICON_PX, ICON_PX)
    return found


def ordered(warnings: Sequence[BuildWarning]) -> list[BuildWarning]:
    """Most severe first, core's order within a severity."""
    rank = {s: i for i, s in enumerate(SEVERITIES)}
    return sorted(warnings, key=lambda w: rank.get(w.severity, 1))


def warnings_for_card(warnings: Sequence[BuildWarning], gpu_name: str) -> list[BuildWarning]:
    """The warnings a card's tooltip lists: those about its GPU and those about the whole build.

    Core names the GPU a warning is about in its ``gpu`` parameter; a warning without one (slot
    width, lanes, connectors, power, mixing) is about every card together.
    """
    return [w for w in ordered(warnings) if w.params.get("gpu", gpu_name) == gpu_name]


class ElidedLabel(QLabel):
    """One line of text, cut with "…" to the width it is given (the full text stays its text)."""

    def minimumSizeHint(self) -> QSize:
        """Any width will do."""
        return QSize(0, super().minimumSizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:
        """Draw the text elided to the current width."""
        painter = QPainter(self)
        rect = self.contentsRect()
        text = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                             rect.width())
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                         text)
        painter.end()

    def is_elided(self) -> bool:
        """Whether the text is wider than the label (the popup and tooltip have it whole)."""
        return self.fontMetrics().horizontalAdvance(self.text()) > self.contentsRect().width()


class WarningsPopup(QFrame):
    """Every warning in full, word-wrapped, shown over the window below the strip."""

    def __init__(self, strip: WarningsStrip) -> None:
        super().__init__(strip, Qt.WindowType.Popup)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(self.tr("Build warnings"))
        self.rows = QWidget()
        self.rows_layout = QVBoxLayout(self.rows)
        self.rows_layout.setContentsMargins(8, 8, 8, 8)
        self.rows_layout.setSpacing(8)
        self.area = QScrollArea()
        self.area.setWidgetResizable(True)
        self.area.setFrameShape(QFrame.Shape.NoFrame)
        self.area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.area.setWidget(self.rows)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.area)
        self.texts: list[QLabel] = []

    def show_warnings(self, warnings: Sequence[BuildWarning]) -> None:
        """One row (icon and sentence) per warning."""
        while self.rows_layout.count():
            item = self.rows_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.texts = []
        for w in warnings:
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            icon = QLabel()
            icon.setPixmap(severity_pixmap(w.severity))
            icon.setAlignment(Qt.AlignmentFlag.AlignTop)
            text = QLabel(warning_text(w))
            text.setWordWrap(True)
            text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            line.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
            line.addWidget(text, 1)
            self.rows_layout.addWidget(row)
            self.texts.append(text)
        self.rows_layout.addStretch(1)

    def _height_for(self, width: int) -> int:
        """The rows' height at ``width``, every sentence wrapped."""
        height = self.rows_layout.totalHeightForWidth(width)
        return height if height > 0 else self.rows.sizeHint().height()

    def open_below(self, anchor: QWidget) -> None:
        """Show under ``anchor``, as wide as it, as tall as the text needs (within the screen)."""
        width = max(anchor.width(), 320)
        inner = width - 2 * self.frameWidth()
        top_left = anchor.mapToGlobal(QPoint(0, anchor.height()))
        screen = anchor.screen().availableGeometry()
        room = max(120, screen.bottom() - top_left.y() - 8)
        need = self._height_for(inner)
        if need > room:  # a scroll bar takes width from the text: measure again without it
            need = self._height_for(inner - self.area.verticalScrollBar().sizeHint().width())
        self.setFixedSize(width, min(need + 2 * self.frameWidth(), room))
        self.move(top_left)
        self.show()


class WarningsStrip(QFrame):
    """A one-line strip: icon, count badge, the most severe warning, and a "Show all" button."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.setAccessibleName(self.tr("Build warnings"))
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.warnings: list[BuildWarning] = []
        self._full_text = ""
        self._popup_stale = True

        self.icon = QLabel()
        self.icon.setFixedSize(ICON_PX, ICON_PX)
        self.badge = QLabel()
        self.badge.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.badge.setAccessibleName(self.tr("Number of warnings"))
        self.summary = ElidedLabel()
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.more = QToolButton()
        self.more.setText(self.tr("Show all"))
        self.more.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.more.setArrowType(Qt.ArrowType.DownArrow)
        self.more.setAutoRaise(True)
        self.more.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.more.clicked.connect(self.toggle_popup)
        self.popup = WarningsPopup(self)

        row = QHBoxLayout(self)
        row.setContentsMargins(8, 2, 4, 2)
        row.setSpacing(6)
        row.addWidget(self.icon)
        row.addWidget(self.badge)
        row.addWidget(self.summary, 1)
        row.addWidget(self.more)
        # One line, always: the same height with no, one or twelve warnings.
        line = max(self.fontMetrics().height(), ICON_PX, self.more.sizeHint().height())
        self.setFixedHeight(line + 4 + 2 * self.frameWidth())
        self.show_warnings(())

    def show_warnings(self, warnings: Sequence[BuildWarning]) -> None:
        """Show these warnings (most severe first); the strip's size never changes."""
        shown = ordered(warnings)
        if shown == self.warnings and self._full_text:
            return  # most edits (a workload's batch, a count within limits) change none
        self.warnings = shown
        n = len(self.warnings)
        if n == 0:
            self.icon.clear()
            self.badge.hide()
            self._full_text = self.tr("No build warnings")
            self.summary.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            self.more.setEnabled(False)
            self.setToolTip("")
            self.popup.hide()
        else:
            worst = self.warnings[0].severity
            self.icon.setPixmap(severity_pixmap(worst))
            self.badge.setText(str(n))
            self.badge.setStyleSheet(
                f"QLabel {{ background: {BADGE_COLORS.get(worst, BADGE_COLORS['warning'])}; "
                "color: white; border-radius: 8px; padding: 0 6px; font-weight: bold; }")
            self.badge.show()
            self._full_text = warning_text(self.warnings[0])
            self.summary.setForegroundRole(QPalette.ColorRole.WindowText)
            self.more.setEnabled(True)
            self.setToolTip("\n".join(f"• {warning_text(w)}" for w in self.warnings))
        self.setAccessibleDescription(
            self.tr("%n build warning(s)", "", n) + (": " + self._full_text if n else ""))
        # The popup's rows are built when it is open (or opens): an edit that changes a
        # warning's figures costs no widgets while nobody looks at the list.
        self._popup_stale = True
        if self.popup.isVisible():
            self._fill_popup()
            self.popup.open_below(self)
        if self.summary.text() != self._full_text:
            self.summary.setText(self._full_text)

    def _fill_popup(self) -> None:
        if self._popup_stale:
            self.popup.show_warnings(self.warnings)
            self._popup_stale = False

    def toggle_popup(self) -> None:
        """Open the full list under the strip, or close it."""
        if self.popup.isVisible():
            self.popup.hide()
        elif self.warnings:
            self._fill_popup()
            self.popup.open_below(self)

    def sizeHint(self) -> QSize:
        """Any width; one line tall."""
        return QSize(200, self.height())

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """A click anywhere on the strip opens (or closes) the list."""
        if event.button() == Qt.MouseButton.LeftButton:
            self.toggle_popup()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Space, Enter or Return opens the list from the keyboard."""
        if event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.toggle_popup()
            event.accept()
            return
        super().keyPressEvent(event)
