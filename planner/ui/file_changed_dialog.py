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
        self.text = QLabel("<b>" + self.tr("Another program changed “%1” after you opened it.")
                           .replace("%1", escaped(file_name)) + "</b>")
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

        lay_out_choice(self, self.text, self.info, self.details, buttons)
        self.default_button.setFocus()

    def _choose(self, choice: str) -> None:
        self.choice = choice
        self.accept()

    def compare(self) -> None:
        """Show what differs between the user's build and the file's."""
        lines = self._differences()
        if not lines:
            lines = [self.tr("Both hold the same build; only the file's dates or format differ.")]
        show_differences(self.details, self.compare_button, lines)
        self.adjustSize()


def escaped(text: str) -> str:
    """Text from a file or a colleague, safe inside a rich-text label."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def lay_out_choice(dialog: QDialog, text: QLabel, info: QLabel, details: QPlainTextEdit,
                   buttons: QDialogButtonBox) -> None:
    """The lost-update frame both dialogs share: icon and words, hidden differences, choices.

    The team catalog's conflict dialog asks the same question as this one, in the same frame.
    """
    icon = QLabel()
    style = dialog.style()
    size = style.pixelMetric(QStyle.PixelMetric.PM_MessageBoxIconSize, None, dialog)
    icon.setPixmap(style.standardIcon(
        QStyle.StandardPixmap.SP_MessageBoxWarning, None, dialog).pixmap(size, size))
    top = QHBoxLayout()
    top.addWidget(icon, 0)
    words = QVBoxLayout()
    words.addWidget(text)
    words.addWidget(info)
    top.addLayout(words, 1)
    layout = QVBoxLayout(dialog)
    layout.addLayout(top)
    layout.addWidget(details, 1)
    layout.addWidget(buttons)
    dialog.setMinimumWidth(520)


def show_differences(details: QPlainTextEdit, compare: QPushButton, lines: list[str]) -> None:
    """Compare's answer: the differences as a list, shown once."""
    details.setPlainText("\n".join(f"• {line}" for line in lines))
    details.setVisible(True)
    compare.setEnabled(False)
