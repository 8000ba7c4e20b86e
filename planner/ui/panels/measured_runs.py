"""Measured Runs panel: the user's runs beside their estimates, and what they calibrate.

Two tables from :func:`planner.core.views.runs.runs_view` — every run (the peak, what measured
it, the formulas' estimate on the same footing beside their whole total, and its error) and
every GPU model, stack and kind of run's calibration (runs, the share applied and the runs' own,
error on its runs before and after, leave-one-out, whether estimates use it) — a switch to
turn calibration off, and import and export. The panel only words figures; the window's
:class:`~planner.ui.measured_runs.RunsController` stores.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from planner.core.estimator.calibration import MIN_RUNS
from planner.core.views.runs import CalibrationRow, RunRow, RunsView, runs_view
from planner.ui.document import BuildDocument
from planner.ui.panels.common import Panel
from planner.words.runs import family_text, metric_text


class MeasuredRunsPanel(Panel):
    """The user's measured runs and the calibration they give."""

    import_requested = Signal()
    """The user asked to import record files."""
    export_requested = Signal(list, bool)
    """Export these run ids (all when empty), keeping notes and paths or not."""
    calibration_toggled = Signal(bool)
    """The user switched calibration on or off."""

    def __init__(self, document: BuildDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.view: RunsView | None = None
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.calibrate = QCheckBox(self.tr("Calibrate estimates from my runs"))
        self.calibrate.setToolTip(self.tr(
            "Per GPU model, software stack and kind of run (full fine-tune, LoRA, QLoRA …), "
            "learn by what share your runs exceed the estimates and add it, shrunk for their "
            "scatter, to estimates of the same kind on that GPU"))
        self.calibrate.toggled.connect(self._toggled)
        self.runs_table = self._table([
            self.tr("Model"), self.tr("Task"), self.tr("GPU"), self.tr("Stack"),
            self.tr("Measured"), self.tr("Metric"), self.tr("Estimated"), self.tr("Error"),
            self.tr("Calibrated error"), self.tr("When"), self.tr("Note")])
        self.runs_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.calibrations_table = self._table([
            self.tr("GPU"), self.tr("Stack"), self.tr("Kind"), self.tr("Runs"),
            self.tr("Correction"), self.tr("Error on the runs"), self.tr("Leave-one-out"),
            self.tr("Status")])
        self.import_button = QPushButton(self.tr("Import…"))
        self.import_button.clicked.connect(self.import_requested)
        self.export_button = QPushButton(self.tr("Export…"))
        self.export_button.clicked.connect(lambda: self._export(selected=False))
        self.export_selected_button = QPushButton(self.tr("Export Selected…"))
        self.export_selected_button.clicked.connect(lambda: self._export(selected=True))
        self.keep_private = QCheckBox(self.tr("Keep notes and paths"))
        self.keep_private.setToolTip(self.tr(
            "Without it, exported runs leave out your notes and cut local model paths to the "
            "folder name"))
        buttons = QHBoxLayout()
        for widget in (self.import_button, self.export_button, self.export_selected_button,
                       self.keep_private):
            buttons.addWidget(widget)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.calibrate)
        layout.addWidget(self.calibrations_table)
        layout.addWidget(self.runs_table, 1)
        layout.addLayout(buttons)

    @staticmethod
    def _table(headers: list[str]) -> QTableWidget:
        table = QTableWidget(0, len(headers))
        table.setHorizontalHeaderLabels(headers)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.verticalHeader().setVisible(False)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        table.horizontalHeader().setStretchLastSection(True)
        return table

    def refresh(self) -> None:
        """Show the document's runs (nothing stored: say how to add some)."""
        book = self.document.runs
        if book is None:
            self.view = None
            self.summary.setText(self.tr("Your measured runs appear here once the catalog is "
                                         "open."))
            return
        view = runs_view(book, self.document.catalog)
        if view == self.view:
            return
        self.view = view
        self.calibrate.blockSignals(True)
        self.calibrate.setChecked(view.enabled)
        self.calibrate.blockSignals(False)
        self._fill_runs(view.runs)
        self._fill_calibrations(view.calibrations)
        for table in (self.runs_table, self.calibrations_table):
            table.resizeColumnsToContents()
        rows = max(1, len(view.calibrations))
        self.calibrations_table.setFixedHeight(
            self.calibrations_table.horizontalHeader().height()
            + rows * self.calibrations_table.verticalHeader().defaultSectionSize()
            + 2 * self.calibrations_table.frameWidth()
            + self.calibrations_table.horizontalScrollBar().sizeHint().height())
        self.summary.setText(self._summary(view))
        has_runs = bool(view.runs)
        self.export_button.setEnabled(has_runs)
        self.export_selected_button.setEnabled(has_runs)

    def _summary(self, view: RunsView) -> str:
        if not view.runs:
            return self.tr("No measured runs yet. Record one with planner/measure.py (see "
                           "docs/measured-run.md), then import it with File ▸ Import Measured "
                           "Runs… or drop the file on the window.")
        used = [c for c in view.calibrations if c.in_use]
        text = self.tr("%n measured run(s).", "", len(view.runs))
        if not view.enabled:
            return text + " " + self.tr("Calibration is off: estimates are the formulas' alone.")
        if not used:
            return text + " " + self.tr("No calibration is applied: too few runs, or none "
                                        "predicts your runs better than the formulas.")
        names = ", ".join(c.gpu_name for c in used)
        return text + " " + self.tr("Estimates on %1 are calibrated from your runs.").replace(
            "%1", names)

    def _fill_runs(self, rows: tuple[RunRow, ...]) -> None:
        fmt = self.formatter()
        self.runs_table.setRowCount(len(rows))
        for i, r in enumerate(rows):
            cells = [r.model, self.task_text(r.task),
                     r.gpu_name if r.gpu_count == 1 else f"{r.gpu_count}× {r.gpu_name}",
                     r.stack, fmt.memory(r.peak_bytes, 2), self.metric_text(r.metric),
                     self.estimated_text(r),
                     self.signed_percent(r.error), self.signed_percent(r.calibrated_error),
                     r.when[:10], r.note]
            for j, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, r.run_id)
                if j in (4, 6, 7, 8):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                self.runs_table.setItem(i, j, item)

    def _fill_calibrations(self, rows: tuple[CalibrationRow, ...]) -> None:
        fmt = self.formatter()
        self.calibrations_table.setRowCount(len(rows))
        for i, c in enumerate(rows):
            cells = [c.gpu_name, c.stack, family_text(c.family), fmt.integer(c.runs),
                     self.tr("%1 of %2 memory (your runs: %3)")
                     .replace("%1", self.signed_percent(c.share))
                     .replace("%2", self.metric_text(c.metric))
                     .replace("%3", self.signed_percent(c.observed)),
                     self.tr("%1 → %2").replace("%1", fmt.percent(c.raw_error, 1))
                     .replace("%2", fmt.percent(c.residual, 1)),
                     "—" if c.loo_error is None else fmt.percent(c.loo_error, 1),
                     self.status_text(c)]
            for j, text in enumerate(cells):
                self.calibrations_table.setItem(i, j, QTableWidgetItem(text))

    def status_text(self, c: CalibrationRow) -> str:
        """Whether estimates use this calibration, and why not."""
        if c.in_use:
            return self.tr("In use")
        if not c.applied and c.runs < MIN_RUNS:
            return self.tr("Not applied: fewer than %1 runs of this kind").replace(
                "%1", self.formatter().integer(MIN_RUNS))
        if not c.applied:
            return self.tr("Not applied: no better than the formulas")
        if self.view is not None and not self.view.enabled:
            return self.tr("Off")
        return self.tr("Not used: an older stack")

    def estimated_text(self, r: RunRow) -> str:
        """The estimate on the run's footing, and the whole total the bar shows when larger."""
        if r.estimated_bytes is None:
            return "—"
        fmt = self.formatter()
        text = fmt.memory(r.estimated_bytes, 2)
        if r.total_bytes is None or not r.unseen_bytes:
            return text
        return self.tr("%1 (total %2)").replace("%1", text).replace(
            "%2", fmt.memory(r.total_bytes, 2))

    def task_text(self, task: str) -> str:
        """The task in the user's language."""
        return self.tr("train") if task == "train" else self.tr("inference")

    @staticmethod
    def metric_text(metric: str) -> str:
        """What measured the peak, in the user's language."""
        return metric_text(metric)

    def signed_percent(self, value: float | None) -> str:
        """A relative error as "+3.1 %" / "−4.0 %" ("—" when unknown)."""
        if value is None:
            return "—"
        text = self.formatter().percent(abs(value), 1)
        return ("+" if value > 0 else "−" if value < 0 else "") + text

    def selected_ids(self) -> list[str]:
        """The run ids of the selected rows."""
        rows = {i.row() for i in self.runs_table.selectedIndexes()}
        ids = []
        for row in sorted(rows):
            item = self.runs_table.item(row, 0)
            if item is not None:
                ids.append(str(item.data(Qt.ItemDataRole.UserRole)))
        return ids

    def _export(self, selected: bool) -> None:
        ids = self.selected_ids() if selected else []
        if selected and not ids:
            return
        self.export_requested.emit(ids, self.keep_private.isChecked())

    def _toggled(self, checked: bool) -> None:
        self.calibration_toggled.emit(checked)
