"""Workloads panel: the tracked workloads and every setting of each, edited in place.

Workloads come from the catalog (a searchable combo) or from a Hugging Face ``config.json``
(file dialog or drop). Every edit is one undoable step through :mod:`planner.ui.edits`
(keystrokes in one spin box merge into one undo step). The table is Qt model/view
(:mod:`planner.ui.panels.workloads_model`, :mod:`planner.ui.panels.workloads_view`): cells are
painted text and an editor exists only while a cell is edited, so an edit repaints the cells that
changed instead of re-laying out a dozen live widgets per row. The per-GPU figure in the estimate
column comes from :func:`planner.core.views.headroom.headroom_rows`, like the headroom chart's.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, QTimer
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from planner.core.models.hfconfig import workload_from_hf_config
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Workload
from planner.core.views.headroom import headroom_rows
from planner.ui import edits
from planner.ui.document import BuildDocument
from planner.ui.panels.common import Panel, searchable_combo, verdict_color
from planner.ui.panels.workload_recipe import RecipeDialog
from planner.ui.panels.workloads_columns import RECIPE
from planner.ui.panels.workloads_model import WorkloadsModel
from planner.ui.panels.workloads_view import WorkloadsView

#: config.json files are a few kilobytes; anything far larger is not one.
MAX_CONFIG_BYTES = 1_000_000


class WorkloadsPanel(Panel):
    """The tracked workloads, each setting editable inline; add from catalog or config.json."""

    def __init__(self, document: BuildDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.setAcceptDrops(True)

        self.picker = searchable_combo(self.tr("Search models…"), 24)
        self.add_button = QPushButton(self.tr("Add"))
        self.add_button.clicked.connect(self._add_picked)
        # Picking in the list or the completer only selects (the combo sets its current index);
        # Add, or Return in the box once the pick is made, adds. Adding on ``activated`` as well
        # added a pick twice: the completer writes its text back after ``activated``, and Add
        # matched that text again. The Return that picks in the completer's popup reaches the
        # box too (while the popup is still up): it only picks.
        line = self.picker.lineEdit()
        if line is not None:
            line.returnPressed.connect(self._return_pressed)
        self.hf_button = QPushButton(self.tr("From config.json…"))
        self.hf_button.setToolTip(self.tr("Size your own model from its Hugging Face "
                                          "config.json (or drop the file here)"))
        self.hf_button.clicked.connect(self._choose_config)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet(f"color: {verdict_color('does-not-fit').name()};")
        self.message.hide()

        self.model = WorkloadsModel(document, self)
        self.table = WorkloadsView()
        self.table.setModel(self.model)
        self.table.recipe_requested.connect(self.edit_recipe)
        self.recipe: RecipeDialog | None = None
        self.empty = QLabel(self.tr("No workloads yet: pick a model above, or drop a "
                                    "Hugging Face config.json here."))
        self.empty.setWordWrap(True)

        bar = QHBoxLayout()
        bar.addWidget(self.picker, 1)
        bar.addWidget(self.add_button)
        bar.addWidget(self.hf_button)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.message)
        layout.addWidget(self.empty)
        layout.addWidget(self.table, 1)
        self._fill_picker()
        document.catalog_changed.connect(self._fill_picker)

    # --- adding and removing ----------------------------------------------------------------

    def _fill_picker(self) -> None:
        self.picker.clear()
        for w in self.document.catalog.workloads:
            self.picker.addItem(f"{w.name} ({w.parameters / 1e9:.2g} B)"
                                if w.parameters >= 1e9 else w.name, w.id)
        self.picker.setCurrentIndex(-1)

    def _return_pressed(self) -> None:
        completer = self.picker.completer()
        popup = completer.popup() if completer is not None else None
        if popup is not None and popup.isVisible():
            return  # this Return picks in the popup
        if self.picker.currentText().strip():  # Return in an empty box asks for nothing
            self._add_picked()

    def _add_picked(self) -> None:
        index = self.picker.currentIndex()
        if index < 0:
            text = self.picker.currentText().strip().lower()
            index = next((i for i in range(self.picker.count())
                          if text and text in self.picker.itemText(i).lower()), -1)
        workload = self.document.catalog.workload(self.picker.itemData(index)) if index >= 0 \
            else None
        if workload is None:
            self.show_message(self.tr("Pick a model from the list."))
            return
        self.add_workload(workload)
        self.picker.setCurrentIndex(-1)
        self.picker.clearEditText()

    def add_workload(self, workload: Workload) -> None:
        """Track a workload with its catalog defaults, as one undoable edit."""
        self.show_message("")
        edits.track_workload(self.document, workload)

    def _choose_config(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self, self.tr("Open a Hugging Face config.json"), "",
            self.tr("Model configuration (*.json)"))
        if path:
            self.add_config(Path(path))

    def add_config(self, path: Path) -> bool:
        """Track the model a ``config.json`` describes; a problem is shown as one sentence."""
        try:
            if path.stat().st_size > MAX_CONFIG_BYTES:
                raise EstimateError(f"{path.name} is too large to be a model's config.json.")
            cfg = json.loads(path.read_text(encoding="utf-8"))
            name = path.parent.name if path.name == "config.json" and path.parent.name \
                else path.stem
            if isinstance(cfg, dict) and isinstance(cfg.get("_name_or_path"), str) \
                    and cfg["_name_or_path"].strip():
                name = cfg["_name_or_path"].strip().rsplit("/", 1)[-1]
            workload = workload_from_hf_config(cfg, name=name)
        except EstimateError as exc:
            self.show_message(str(exc))
            return False
        except (OSError, UnicodeDecodeError) as exc:
            self.show_message(self.tr("%1 could not be read (%2).").replace("%1", path.name)
                              .replace("%2", exc.__class__.__name__))
            return False
        except json.JSONDecodeError as exc:
            self.show_message(self.tr("%1 is not valid JSON (line %2).").replace("%1", path.name)
                              .replace("%2", str(exc.lineno)))
            return False
        self.add_workload(workload)
        return True

    def show_message(self, text: str) -> None:
        """One sentence under the tool bar (empty hides it)."""
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Accept dragged .json files (a model's config.json)."""
        urls = event.mimeData().urls() if event.mimeData().hasUrls() else []
        if any(u.isLocalFile() and u.toLocalFile().lower().endswith(".json") for u in urls):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        """Track each dropped config.json."""
        for url in event.mimeData().urls():
            if url.isLocalFile() and url.toLocalFile().lower().endswith(".json"):
                self.add_config(Path(url.toLocalFile()))
        event.acceptProposedAction()

    # --- the recipe editor ------------------------------------------------------------------

    def edit_recipe(self, row: int) -> RecipeDialog | None:
        """Open the recipe editor of the workload in ``row`` beside its cell (one at a time)."""
        if not 0 <= row < len(self.document.build.workloads):
            return None
        if self.recipe is not None and self.recipe.index == row and self.recipe.isVisible():
            self.recipe.raise_()
            self.recipe.activateWindow()
            return self.recipe
        if self.recipe is not None:
            self.recipe.close()
        dialog = self.recipe = RecipeDialog(self.document, row, self.model.labels, self)
        dialog.destroyed.connect(lambda _obj=None, d=dialog: self._forget_recipe(d))
        cell = self.table.visualRect(self.model.index(row, RECIPE))
        anchor = self.table.viewport().mapToGlobal(QPoint(cell.right(), cell.bottom()))
        dialog.adjustSize()
        screen = (self.screen() or dialog.screen()).availableGeometry()
        x = min(max(screen.left(), anchor.x() - dialog.width()), screen.right() - dialog.width())
        y = min(max(screen.top(), anchor.y() + 4), screen.bottom() - dialog.height())
        dialog.move(x, y)
        dialog.show()
        QTimer.singleShot(0, dialog, dialog.adjustSize)  # wrapped texts know their height now
        return dialog

    def _forget_recipe(self, dialog: RecipeDialog) -> None:
        if self.recipe is dialog:
            self.recipe = None

    # --- drawing ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Hand the model the tracked workloads and their figures; it repaints what changed."""
        build = self.document.build
        self.model.update(build.workloads, headroom_rows(build, self.document.runs))
        n = len(build.workloads)
        self.empty.setVisible(n == 0)
        self.table.setVisible(n > 0)

    def changeEvent(self, event: QEvent) -> None:
        """A new translator: the table's texts and column widths follow the language."""
        if event.type() == QEvent.Type.LanguageChange:
            if self.recipe is not None:
                self.recipe.close()  # its texts are the old language's
            self.model.retranslate()
            if self.table.isVisible():
                self.table.fit_columns()
        super().changeEvent(event)
