"""Notices above the build that inform without blocking: a sentence, details on demand, a close.

Opening a file whose figures differ from the catalog, a catalog that had to be rebuilt, a window
layout reset for a new version, GPUs a shared file has and the catalog lacks: each used to be a
message box, and a box shown at start-up held the whole window until answered. A notice sits in
the window instead; the user reads it, expands its details, takes its action or closes it, when
they like. A notice with the same key replaces the earlier one (opening a second file).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from planner.ui.warnings_strip import severity_pixmap

Action = tuple[str, Callable[[], object]]
"""A button on a notice: its text and what it does (the notice closes after)."""


class Notice(QFrame):
    """One notice: icon, sentence, optional details and actions, and a close button."""

    closed = Signal(str)
    """The notice was dismissed (by the user or an action); its key."""

    def __init__(self, key: str, text: str, details: str = "", actions: Sequence[Action] = (),
                 level: str = "info", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key = key
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setAccessibleName(self.tr("Notice"))
        icon = QLabel()
        icon.setPixmap(severity_pixmap(level))
        self.text = QLabel(text)
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.text, 1)
        self.buttons: list[QPushButton] = []
        self.details = QPlainTextEdit(details)
        self.details.setReadOnly(True)
        self.details.setMaximumHeight(8 * self.fontMetrics().lineSpacing())
        self.details.hide()
        self.details_button: QPushButton | None = None
        if details:
            self.details_button = QPushButton(self.tr("Details"))
            self.details_button.setCheckable(True)
            self.details_button.toggled.connect(self.details.setVisible)
            row.addWidget(self.details_button, 0, Qt.AlignmentFlag.AlignTop)
        for label, act in actions:
            button = QPushButton(label)
            button.clicked.connect(lambda _c=False, act=act: self._act(act))
            row.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
            self.buttons.append(button)
        close = QToolButton()
        close.setText("✕")
        close.setAutoRaise(True)
        close.setToolTip(self.tr("Close this notice"))
        close.setAccessibleName(self.tr("Close"))
        close.clicked.connect(self.dismiss)
        row.addWidget(close, 0, Qt.AlignmentFlag.AlignTop)
        self.close_button = close
        column = QVBoxLayout(self)
        column.setContentsMargins(8, 4, 4, 4)
        column.addLayout(row)
        column.addWidget(self.details)

    def _act(self, act: Callable[[], object]) -> None:
        self.dismiss()
        act()

    def dismiss(self) -> None:
        """Close the notice."""
        self.hide()
        self.closed.emit(self.key)
        self.deleteLater()


class NoticeArea(QWidget):
    """The column of open notices (empty and taking no room when there are none)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.notices: dict[str, Notice] = {}
        self._column = QVBoxLayout(self)
        self._column.setContentsMargins(8, 8, 8, 0)
        self._column.setSpacing(4)
        self.hide()

    def show_notice(self, key: str, text: str, details: str = "",
                    actions: Sequence[Action] = (), level: str = "info") -> Notice:
        """Show a notice (replacing one with the same key); returns it."""
        old = self.notices.pop(key, None)
        if old is not None:
            old.closed.disconnect(self._closed)
            old.dismiss()
        notice = Notice(key, text, details, actions, level, self)
        notice.closed.connect(self._closed)
        self.notices[key] = notice
        self._column.addWidget(notice)
        self.show()
        return notice

    def _closed(self, key: str) -> None:
        self.notices.pop(key, None)
        self.setVisible(bool(self.notices))
