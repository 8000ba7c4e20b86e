"""The variant switcher above the build cards: one tab per variant, duplicate, rename, delete.

A tab is a variant of the document (a candidate build sharing the workloads and assumptions);
clicking one shows it in the build area, "Duplicate as variant" copies the one shown, a double
click renames, the tab's × deletes (never the last). Every change goes through
:mod:`planner.ui.edits`, so Edit > Undo takes each back; the tabs are redrawn only from the
document's ``changed`` signal. Names are shown as plain text: a tab never interprets markup.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QInputDialog,
    QLineEdit,
    QMenu,
    QMessageBox,
    QTabBar,
    QToolButton,
    QWidget,
)

from planner.core.plan.study import MAX_VARIANTS
from planner.ui import edits
from planner.ui.document import BuildDocument


class VariantSwitcher(QWidget):
    """Tabs for the document's variants and a button that duplicates the one shown."""

    def __init__(self, document: BuildDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._names: list[str] = []
        self.tabs = QTabBar()
        self.tabs.setExpanding(False)
        self.tabs.setMovable(True)
        self.tabs.setTabsClosable(True)
        self.tabs.setDocumentMode(True)
        self.tabs.setUsesScrollButtons(True)
        self.tabs.setElideMode(Qt.TextElideMode.ElideRight)
        self.tabs.setAccessibleName(self.tr("Variants"))
        self.tabs.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.duplicate = QToolButton()
        self.duplicate.setText(self.tr("Duplicate as variant"))
        self.duplicate.setToolTip(self.tr("Copy the variant shown as a new candidate build with "
                                          "the same workloads and assumptions"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.duplicate)

        self.tabs.currentChanged.connect(self._on_current)
        self.tabs.tabCloseRequested.connect(self.delete)
        self.tabs.tabBarDoubleClicked.connect(self.rename)
        self.tabs.tabMoved.connect(self._on_moved)
        self.tabs.customContextMenuRequested.connect(self._menu)
        self.duplicate.clicked.connect(lambda: edits.duplicate_variant(self._document))
        document.changed.connect(self.sync)
        self.sync()

    def sync(self) -> None:
        """Show the document's variants; tabs are rebuilt only when names or order change."""
        study = self._document.study
        names = study.names()
        self.tabs.blockSignals(True)
        if names != self._names:
            while self.tabs.count():
                self.tabs.removeTab(0)
            for name in names:
                i = self.tabs.addTab(name)  # QTabBar shows text as is: no markup
                self.tabs.setTabToolTip(i, name)
            self._names = names
        self.tabs.setCurrentIndex(study.active)
        self.tabs.blockSignals(False)
        only_one = len(names) == 1
        for i in range(self.tabs.count()):
            button = self.tabs.tabButton(i, QTabBar.ButtonPosition.RightSide)
            if button is not None:
                button.setVisible(not only_one)
        self.duplicate.setEnabled(len(names) < MAX_VARIANTS)

    def _on_current(self, index: int) -> None:
        if index >= 0:
            edits.switch_variant(self._document, index)

    def _on_moved(self, to: int, src: int) -> None:
        # QTabBar reports (to, from) after moving the tab itself; the document then agrees.
        edits.move_variant(self._document, src, to)
        self._names = self._document.study.names()

    def rename(self, index: int) -> None:
        """Ask for a new name for a variant (a dialog; a refusal is one sentence)."""
        study = self._document.study
        if not 0 <= index < len(study.variants):
            return
        name, ok = QInputDialog.getText(self, self.tr("Rename Variant"), self.tr("Name:"),
                                        QLineEdit.EchoMode.Normal, study.variants[index].name)
        if not ok:
            return
        problem = edits.rename_variant(self._document, index, name)
        if problem:
            QMessageBox.warning(self, self.tr("Rename Variant"), problem)

    def delete(self, index: int) -> None:
        """Delete a variant (Undo brings it back)."""
        edits.delete_variant(self._document, index)

    def _menu(self, pos: QPoint) -> None:
        index = self.tabs.tabAt(pos)
        if index < 0:
            return
        menu = QMenu(self)
        menu.addAction(self.tr("Rename…"), lambda: self.rename(index))
        menu.addAction(self.tr("Duplicate as variant"),
                       lambda: edits.duplicate_variant(self._document, index))
        remove = menu.addAction(self.tr("Delete"), lambda: self.delete(index))
        remove.setEnabled(len(self._names) > 1)
        menu.popup(self.tabs.mapToGlobal(pos))
