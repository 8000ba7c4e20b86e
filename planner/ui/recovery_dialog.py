"""After a crash: the autosaved builds, newest first, to recover one, discard them or decide later.

The dialog is not modal and appears only after the window and any file named on the command line
are open, so it never stands between the user and the file they asked for. It lists every autosave
a crashed session left (a few per document: the build as it was before a bad edit is there too)
with its build's name, contents, time and the file it was last saved as.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QDateTime, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

TIME_FORMAT = "yyyy-MM-dd HH:mm:ss"
COLUMN_GAP = 24


class RecoveryDialog(QDialog):
    """A list of autosaves (``planner.documents.recovery.Recovery``) and what to do with them."""

    recover_requested = Signal(object)
    """Recover this autosave (a Recovery) into the window."""

    discard_requested = Signal()
    """Delete every listed autosave."""

    def __init__(self, recoveries: list[Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.recoveries = list(recoveries)
        self.setWindowTitle(self.tr("Recover Unsaved Builds"))
        self.setModal(False)
        intro = QLabel(self.tr("GPU Build Planner did not close properly. These builds were "
                               "autosaved; recover one to go on working on it, or discard them."))
        intro.setWordWrap(True)
        self.list = QTreeWidget()
        self.list.setRootIsDecorated(False)
        self.list.setAlternatingRowColors(True)
        self.list.setHeaderLabels([self.tr("Build"), self.tr("Contents"), self.tr("Autosaved"),
                                   self.tr("Last saved as")])
        for recovery in self.recoveries:
            self.list.addTopLevelItem(self._row(recovery))
        header = self.list.header()
        header.setStretchLastSection(True)
        for column in range(3):  # room between columns: contents alone run into each other
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            width = max(self.list.sizeHintForColumn(column), header.sectionSizeHint(column))
            header.resizeSection(column, width + COLUMN_GAP)
        first = self.list.topLevelItem(0)
        if first is not None:
            self.list.setCurrentItem(first)
        self.list.itemDoubleClicked.connect(lambda *_: self._recover())

        buttons = QDialogButtonBox()
        self.recover_button = buttons.addButton(self.tr("Recover"),
                                                QDialogButtonBox.ButtonRole.AcceptRole)
        self.discard_button = buttons.addButton(self.tr("Discard All"),
                                                QDialogButtonBox.ButtonRole.DestructiveRole)
        self.later_button = buttons.addButton(self.tr("Later"),
                                              QDialogButtonBox.ButtonRole.RejectRole)
        self.recover_button.setDefault(True)
        self.recover_button.clicked.connect(self._recover)
        self.discard_button.clicked.connect(self._discard)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.list, 1)
        layout.addWidget(buttons)
        self.resize(760, 300)

    def _row(self, recovery: Any) -> QTreeWidgetItem:
        build = recovery.build
        when = QDateTime.fromString(recovery.saved, Qt.DateFormat.ISODate).toLocalTime()
        gpus = self.tr("%n GPU(s)", "", build.gpu_count)
        workloads = self.tr("%n workload(s)", "", len(build.workloads))
        where = (str(recovery.original_path) if recovery.original_path is not None
                 else self.tr("never saved"))
        contents = self.tr("%1, %2").replace("%1", gpus).replace("%2", workloads)
        item = QTreeWidgetItem([build.name, contents,
                                when.toString(TIME_FORMAT) if when.isValid() else "", where])
        item.setToolTip(3, where)
        return item

    def selected(self) -> Any:
        """The highlighted autosave (the newest unless the user picked another)."""
        item = self.list.currentItem()
        row = -1 if item is None else self.list.indexOfTopLevelItem(item)
        return self.recoveries[row] if 0 <= row < len(self.recoveries) else None

    def _recover(self) -> None:
        chosen = self.selected()
        if chosen is not None:
            self.accept()
            self.recover_requested.emit(chosen)

    def _discard(self) -> None:
        self.accept()
        self.discard_requested.emit()
