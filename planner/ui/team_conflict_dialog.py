"""Ask what to do when a team member changed a card (or a shared build) after the user's edit.

The same choices and words as the ``.gpubuild`` lost-update dialog (file_changed_dialog.py):
reload theirs, keep mine, compare the two first, or decide later. Nothing is overwritten until
the user has seen that the team's version is newer and picked "Keep Mine".
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QWidget,
)

from planner.ui.file_changed_dialog import escaped, lay_out_choice, show_differences

THEIRS = "theirs"
MINE = "mine"
LATER = "later"


class TeamConflictDialog(QDialog):
    """Reload theirs, keep mine, compare, decide later; ``choice`` holds the answer."""

    def __init__(self, subject: str, author: str, deleted: bool,
                 differences: Callable[[], list[str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.choice = LATER
        self._differences = differences
        self.setWindowTitle(self.tr("Changed in the Team Catalog"))
        who = author or self.tr("Another member")
        if deleted:
            headline = self.tr("%1 deleted “%2” from the team catalog after you changed it.")
        else:
            headline = self.tr("%1 changed “%2” in the team catalog after you changed it.")
        self.text = QLabel("<b>" + escaped(headline.replace("%1", who).replace("%2", subject))
                           + "</b>")
        self.info = QLabel(self.tr("Your change is still here and was not sent. Reload theirs to "
                                   "see their version, keep yours to send it over theirs, or "
                                   "compare the two first."))
        for label in (self.text, self.info):
            label.setWordWrap(True)
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.details.setVisible(False)
        self.details.setMinimumHeight(140)
        buttons = QDialogButtonBox()
        self.reload_button = buttons.addButton(self.tr("Reload Theirs"),
                                               QDialogButtonBox.ButtonRole.AcceptRole)
        self.keep_button = buttons.addButton(self.tr("Keep Mine"),
                                             QDialogButtonBox.ButtonRole.AcceptRole)
        self.compare_button = QPushButton(self.tr("Compare"))
        buttons.addButton(self.compare_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.later_button = buttons.addButton(self.tr("Decide Later"),
                                              QDialogButtonBox.ButtonRole.RejectRole)
        for button in (self.reload_button, self.keep_button, self.compare_button,
                       self.later_button):
            button.setAutoDefault(False)
        # Enter loses nothing: it only shows the two versions side by side.
        self.compare_button.setDefault(True)
        self.reload_button.clicked.connect(lambda: self._choose(THEIRS))
        self.keep_button.clicked.connect(lambda: self._choose(MINE))
        self.compare_button.clicked.connect(self.compare)
        buttons.rejected.connect(self.reject)
        lay_out_choice(self, self.text, self.info, self.details, buttons)

    def _choose(self, choice: str) -> None:
        self.choice = choice
        self.accept()

    def compare(self) -> None:
        """Show what differs between the user's version and the team's."""
        lines = self._differences()
        if not lines:
            lines = [self.tr("Both hold the same figures.")]
        show_differences(self.details, self.compare_button, lines)
        self.adjustSize()
