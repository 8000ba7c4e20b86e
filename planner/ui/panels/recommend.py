"""The "cheapest build that fits" dialog: workloads or a preset tier in, ranked builds out.

The search runs over the whole catalog on every input change (core keeps it within tens of
milliseconds), so there is no Search button to forget. Prices and the budget are in the chosen
currency (:func:`planner.core.views.recommend.recommend_rows` converts). Under the results the
dialog states the precision and recipe each workload was sized with (core's recipe parts, worded
by :mod:`planner.ui.recipe_text`), and each row's tooltip adds the layout it fits with. Apply
replaces the build's GPUs with the chosen candidate as one undoable edit.
"""

from __future__ import annotations

import html
from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from planner.catalog.rates import bundled_rates
from planner.core.costs.money import CURRENCIES, Rates
from planner.core.plan.build import TrackedWorkload
from planner.core.plan.recommend import OBJECTIVES, PRESETS
from planner.core.records.precision import EstimateError
from planner.core.views.recommend import (
    CandidateRow,
    build_with_candidate,
    preset_workloads,
    recommend_rows,
)
from planner.ui import edits
from planner.ui.document import BuildDocument
from planner.ui.fields import CheckedDoubleSpinBox, CheckedSpinBox, guard_wheel
from planner.ui.jobs import Job, run_job
from planner.ui.recipe_text import RecipeWords
from planner.words.formats import formatter
from planner.words.names import preset_label
from planner.words.prices import last_seen_text
from planner.words.warnings import warning_text
from planner.words.wording import task_text

TRACKED = "tracked"
GPU, COUNT, PRICE, POWER, TFLOPS, HEADROOM, STRATEGIES, NOTES = range(8)


class RecommendDialog(QDialog):
    """Pick workloads (or a preset), budget, headroom and objective; apply a ranked build."""

    searched = Signal()
    """The latest search's results (or its one-sentence failure) are shown."""

    def __init__(self, document: BuildDocument, parent: QWidget | None = None,
                 rates: Rates | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.rates = rates or bundled_rates()
        self.results: list[CandidateRow] = []
        self._search_job: Job | None = None
        self.requested: list[TrackedWorkload] = []
        self.setWindowTitle(self.tr("Find the cheapest build that fits"))

        self.source = QComboBox()
        self.source.addItem(self.tr("The build's tracked workloads"), TRACKED)
        for preset in PRESETS:
            self.source.addItem(preset_label(preset), preset.id)
        self.workloads = QListWidget()
        self.workloads.setMaximumHeight(140)
        self.budget_on = QCheckBox(self.tr("Limit to"))
        self.budget = CheckedDoubleSpinBox()
        self.budget.setRange(1, 100_000_000)
        self.budget.setDecimals(0)
        self.budget.setSingleStep(500)
        self.budget.setValue(5000)
        self.budget.setEnabled(False)
        self.currency = QComboBox()
        for code in CURRENCIES:
            self.currency.addItem(code, code)
        self.currency.setCurrentIndex(max(0, self.currency.findData(document.build.cost.currency)))
        self.headroom = CheckedSpinBox()
        self.headroom.setRange(0, 90)
        self.headroom.setValue(10)
        self.headroom.setSuffix(self.tr(" % spare"))
        self.objective = QComboBox()
        names = {"price": self.tr("Lowest price"), "power": self.tr("Lowest power"),
                 "speed": self.tr("Fastest")}
        for key in OBJECTIVES:
            self.objective.addItem(names.get(key, key), key)

        budget_row = QHBoxLayout()
        budget_row.addWidget(self.budget_on)
        budget_row.addWidget(self.budget, 1)
        budget_row.addWidget(self.currency)
        form = QFormLayout()
        form.addRow(self.tr("Size for"), self.source)
        form.addRow("", self.workloads)
        form.addRow(self.tr("Budget"), budget_row)
        form.addRow(self.tr("Headroom"), self.headroom)
        form.addRow(self.tr("Rank by"), self.objective)

        self.message = QLabel()
        self.message.setWordWrap(True)
        self.assumed = QLabel()
        self.assumed.setWordWrap(True)
        self.assumed.setTextFormat(Qt.TextFormat.RichText)
        self._words: RecipeWords | None = None
        self.table = QTableWidget(0, 8)
        self.table.setHorizontalHeaderLabels([
            self.tr("GPU"), self.tr("Count"), self.tr("Price"), self.tr("Board power"),
            self.tr("Tensor TFLOPS"), self.tr("Least headroom"), self.tr("Parallelism"),
            self.tr("How it is sold")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # The GPU's name in full; how it is sold takes the rest (elided, in full in its tooltip).
        header.setSectionResizeMode(NOTES, QHeaderView.ResizeMode.Stretch)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.apply_button = QPushButton(self.tr("Apply to build"))
        self.apply_button.setEnabled(False)
        buttons.addButton(self.apply_button, QDialogButtonBox.ButtonRole.ApplyRole)
        buttons.rejected.connect(self.reject)
        self.apply_button.clicked.connect(self.apply_selected)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.assumed)
        layout.addWidget(buttons)
        self.resize(760, 560)

        self.source.currentIndexChanged.connect(self._fill_workloads)
        self.workloads.itemChanged.connect(lambda _item: self.search())
        self.budget_on.toggled.connect(self.budget.setEnabled)
        self.budget_on.toggled.connect(lambda _on: self.search())
        self.budget.valueChanged.connect(lambda _v: self.search())
        self.currency.currentIndexChanged.connect(lambda _i: self.search())
        self.headroom.valueChanged.connect(lambda _v: self.search())
        self.objective.currentIndexChanged.connect(lambda _i: self.search())
        self.table.itemSelectionChanged.connect(
            lambda: self.apply_button.setEnabled(self.selected() is not None))
        self.table.itemDoubleClicked.connect(lambda _item: self.apply_selected())
        self._fill_workloads()
        guard_wheel(self)

    # --- inputs -----------------------------------------------------------------------------

    def _candidates(self) -> list[TrackedWorkload]:
        source = self.source.currentData()
        if source == TRACKED:
            return list(self.document.build.workloads)
        preset = next(p for p in PRESETS if p.id == source)
        return preset_workloads(preset, self.document.catalog)

    def _fill_workloads(self) -> None:
        self.workloads.blockSignals(True)
        self.workloads.clear()
        try:
            self._pool = self._candidates()
        except EstimateError as exc:
            self._pool = []
            self.message.setText(str(exc))
        for t in self._pool:
            item = QListWidgetItem(f"{t.workload.name} — {task_text(t.task)}")
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.workloads.addItem(item)
        self.workloads.blockSignals(False)
        self.search()

    def chosen_workloads(self) -> list[TrackedWorkload]:
        """The checked workloads, in list order."""
        return [t for i, t in enumerate(self._pool)
                if self.workloads.item(i).checkState() == Qt.CheckState.Checked]

    # --- search and results -----------------------------------------------------------------

    @property
    def searching(self) -> bool:
        """Whether a search is still running (its results are not shown yet)."""
        return self._search_job is not None and not self._search_job.finished

    def search(self) -> None:
        """Start ranking the catalog's builds for the current inputs; show them when they come.

        The ranking runs through :func:`planner.ui.jobs.run_job`, so the user keeps typing while
        it works (every keystroke in the budget starts a search). A newer search supersedes an
        older one: the older is cancelled and its result, should it still arrive, is dropped.
        """
        requested = self.chosen_workloads()
        if self._search_job is not None:
            self._search_job.cancel()  # run_job calls neither callback of a cancelled job
        self._search_job = run_job(self, partial(
            recommend_rows, self.document.catalog, requested, self.rates,
            currency=self.currency.currentData(),
            budget=self.budget.value() if self.budget_on.isChecked() else None,
            headroom=self.headroom.value() / 100.0, objective=self.objective.currentData(),
            reserve_bytes=self.document.build.display_reserve_bytes,
            basis=self.document.build.cost.price_basis),
            on_done=lambda rows: self._searched(requested, rows, None),
            on_error=lambda exc: self._searched(requested, [], exc))

    def _searched(self, requested: list[TrackedWorkload], rows: list[CandidateRow],
                  error: BaseException | None) -> None:
        """The latest search ended: show its rows, or its one sentence."""
        if error is not None and not isinstance(error, EstimateError):
            raise error  # a bug, not a user's input: Qt's excepthook reports it
        self.requested, self.results = requested, rows
        if error is not None:
            self.message.setText(str(error))
        else:
            self.message.setText(
                self.tr("%n build(s) fit.", "", len(self.results)) if self.results else
                self.tr("Nothing in the catalog fits these workloads within the limits."))
        self._show_results()
        self.searched.emit()

    def _show_results(self) -> None:
        self.table.setRowCount(len(self.results))
        fmt = formatter(self.currency.currentData() or "USD", self.rates)
        for r, row in enumerate(self.results):
            c = row.candidate
            # A card with no current price is ranked after the priced ones and says so.
            price = (last_seen_text(c.unit_price, fmt)
                     if row.price is None and c.unit_price is not None and c.unit_price.stale
                     else fmt.money(row.price, row.currency))
            texts = (c.gpu.name, str(c.count), price,
                     fmt.power(c.tdp_w), fmt.number(c.tflops, 1),
                     fmt.percent(c.worst_headroom),
                     ", ".join(dict.fromkeys(s.upper() for s in c.strategies)),
                     self.sold_text(row))
            for col, text in enumerate(texts):
                item = QTableWidgetItem(text)
                if col not in (GPU, NOTES):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, col, item)
        self._show_assumptions()
        if self.results:
            self.table.selectRow(0)
        self.apply_button.setEnabled(self.selected() is not None)

    def sold_text(self, row: CandidateRow) -> str:
        """How the pick is bought: on a server baseboard, or the warnings a box of it raises."""
        c = row.candidate
        if c.server == "sxm":
            return self.tr("SXM modules: an HGX server of %1 GPUs").replace("%1", str(c.count))
        if c.server == "oam":
            return self.tr("OAM modules: an 8-GPU server baseboard")
        if c.warnings:
            return "; ".join(warning_text(w) for w in c.warnings)
        return ""

    def recipe_lines(self, row: CandidateRow) -> list[tuple[str, str]]:
        """Per requested workload, its name and the precision and recipe the candidate assumed."""
        if self._words is None:
            self._words = RecipeWords()
        c = row.candidate
        names = [t.workload.name for t in self.requested]
        return [(name, self._words.recipe(parts))
                for name, parts in zip(names, c.recipes, strict=False)]

    def _show_assumptions(self) -> None:
        """Say what every build was sized for, and per row the layout each workload fits with."""
        if not self.results:
            self.assumed.clear()
            return
        lines = self.recipe_lines(self.results[0])  # the same recipe for every candidate
        self.assumed.setText(html.escape(self.tr("Every build is sized for:")) + "<br>" +
                             "<br>".join(html.escape(self.tr("%1: %2"))
                                         .replace("%1", f"<b>{html.escape(name)}</b>")
                                         .replace("%2", html.escape(text))
                                         for name, text in lines))
        for r, row in enumerate(self.results):
            tip = "\n".join(
                self.tr("%1 (%2): %3").replace("%1", name).replace("%2", strategy.upper())
                .replace("%3", text)
                for (name, text), strategy in zip(self.recipe_lines(row), row.candidate.strategies,
                                                  strict=False))
            sold = self.sold_text(row)
            for col in range(self.table.columnCount()):
                item = self.table.item(r, col)
                if item is not None:
                    item.setToolTip(sold.replace("; ", "\n") if col == NOTES and sold else tip)

    def selected(self) -> CandidateRow | None:
        """The highlighted result."""
        rows = self.table.selectionModel().selectedRows()
        if not rows or rows[0].row() >= len(self.results):
            return None
        return self.results[rows[0].row()]

    def apply_selected(self) -> None:
        """Replace the build's GPUs with the chosen candidate (one undoable edit)."""
        row = self.selected()
        if row is None:
            return
        build = build_with_candidate(self.document.build, row.candidate, self.requested)
        edits.use_build(self.document, build, row.label)
