"""Ask what to do when another program changed the open file: reload theirs, keep mine, compare.

Shown when the file watcher notices a change (without blocking the window: ``open()``) and when
Save finds one (modal: the save waits for the answer). Nothing is overwritten from here: "keep
mine" saves the user's build as a copy beside the file, and "reload theirs" is an undoable edit.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

RELOAD = "reload"
COPY = "copy"
LATER = "later"


class FileChangedDialog(QDialog):
    """The three choices, and the differences on request; ``choice`` holds the answer."""

    def __init__(self, file_name: str, modified: bool,
                 differences: Callable[[], list[str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.choice = LATER
        self._differences = differences
        self.setWindowTitle(self.tr("File Changed on Disk"))
        icon = QLabel()
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_MessageBoxIconSize, None, self)
        icon.setPixmap(self.style().standardIcon(
            QStyle.StandardPixmap.SP_MessageBoxWarning, None, self).pixmap(size, size))
        self.text = QLabel("<b>" + self.tr("Another program changed “%1” after you opened it.")
                           .replace("%1", _escaped(file_name)) + "</b>")
        if modified:
            info = self.tr("Your unsaved changes are still here. Reload theirs (Undo brings "
                           "yours back), keep yours by saving it as a copy beside theirs, or "
                           "compare the two first.")
        else:
            info = self.tr("Reload theirs to see their version, keep yours by saving it as a "
                           "copy beside theirs, or compare the two first.")
        self.info = QLabel(info)
        for label in (self.text, self.info):
            label.setWordWrap(True)
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.details.setVisible(False)
        self.details.setMinimumHeight(160)

        buttons = QDialogButtonBox()
        self.reload_button = buttons.addButton(self.tr("Reload Theirs"),
                                               QDialogButtonBox.ButtonRole.AcceptRole)
        self.copy_button = buttons.addButton(self.tr("Save Mine as Copy"),
                                             QDialogButtonBox.ButtonRole.AcceptRole)
        self.compare_button = QPushButton(self.tr("Compare"))
        buttons.addButton(self.compare_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.later_button = buttons.addButton(self.tr("Decide Later"),
                                              QDialogButtonBox.ButtonRole.RejectRole)
        for button in (self.reload_button, self.copy_button, self.compare_button,
                       self.later_button):
            button.setAutoDefault(False)
        # Enter loses nothing either way: with unsaved changes it keeps both versions; without,
        # it shows theirs (and Undo still brings the user's back).
        self.default_button = self.copy_button if modified else self.reload_button
        self.default_button.setDefault(True)
        self.reload_button.clicked.connect(lambda: self._choose(RELOAD))
        self.copy_button.clicked.connect(lambda: self._choose(COPY))
        self.compare_button.clicked.connect(self.compare)
        buttons.rejected.connect(self.reject)

        top = QHBoxLayout()
        top.addWidget(icon, 0)
        words = QVBoxLayout()
        words.addWidget(self.text)
        words.addWidget(self.info)
        top.addLayout(words, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.details, 1)
        layout.addWidget(buttons)
        self.setMinimumWidth(520)
        self.default_button.setFocus()

    def _choose(self, choice: str) -> None:
        self.choice = choice
        self.accept()

    def compare(self) -> None:
        """Show what differs between the user's build and the file's."""
        lines = self._differences()
        if not lines:
            lines = [self.tr("Both hold the same build; only the file's dates or format differ.")]
        self.details.setPlainText("\n".join(f"• {line}" for line in lines))
        self.details.setVisible(True)
        self.compare_button.setEnabled(False)
        self.adjustSize()


def _escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
