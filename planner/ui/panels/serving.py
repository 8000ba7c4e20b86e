"""Serving panel: a model served on the build — users at once, speed each, the knee, cost.

The inputs edit the document (the build keeps its serving workload, see
:mod:`planner.core.plan.serving_settings`); the figures are
:func:`planner.core.views.serving.build_serving_view`'s, the ones ``gpu-planner serve``, ``show
--json`` and the sheet print. The chart plots the build's total tokens/s and each user's against
the number of users, with the knee and the served load marked.
"""

from __future__ import annotations

from dataclasses import replace

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from planner.catalog.api_prices import load_api_prices
from planner.core.costs.formatting import Formatter
from planner.core.costs.money import Rates
from planner.core.estimator.serving import KV_CHOICES, SPLITS, ServingSetup
from planner.core.estimator.serving_engines import ENGINES
from planner.core.plan.serving_settings import ServingChoice, serving_of, with_serving
from planner.core.records.precision import QUANTIZATION_BYTES
from planner.core.views.serving import ApiCost, ServingView, build_serving_view
from planner.ui import edits
from planner.ui.document import BuildDocument
from planner.ui.panels.common import Panel, chart_colors, nice_ceiling, style_plot
from planner.words.serving import bound_text, engine_text, precision_text, users_text

WEIGHTS = tuple(k for k in QUANTIZATION_BYTES if k != "nf4")
TOTAL_COLOR = "#0072B2"  # Okabe–Ito blue
EACH_COLOR = "#E69F00"  # Okabe–Ito orange
DEFAULT_MODEL = "llama-3.1-8b"


def _api_money(fmt: Formatter, api: ApiCost, currency: str) -> str:
    """An API's output price in the build's currency, and in its own when that differs."""
    text = fmt.money(api.output_per_million)
    if api.price.currency != currency:
        text += f" ({fmt.money(api.price.output_per_million, api.price.currency)})"
    return text


class ServingPanel(Panel):
    """Serving settings in; users, speed, knee and cost per million output tokens out."""

    def __init__(self, document: BuildDocument, parent: QWidget | None = None,
                 rates: Rates | None = None) -> None:
        super().__init__(document, parent, rates)
        self.view: ServingView | None = None
        self._filling = False
        self.model = QComboBox()
        self.engine = QComboBox()
        for eng in ENGINES.values():
            self.engine.addItem(engine_text(eng.id), eng.id)
        self.weights = QComboBox()
        for w in WEIGHTS:
            self.weights.addItem(precision_text(w), w)
        self.weights.setCurrentIndex(self.weights.findData(ServingSetup().weights))
        self.kv = QComboBox()
        for k in KV_CHOICES:
            self.kv.addItem(self.tr("model's own") if k == "auto" else precision_text(k), k)
        self.split = QComboBox()
        self.split.addItem(self.tr("tensor parallel"), SPLITS[0])
        self.split.addItem(self.tr("pipeline"), SPLITS[1])
        self.prompt = self._spin(0, 1_000_000, 1000)
        self.output = self._spin(1, 1_000_000, 500)
        self.users = self._spin(0, 100_000, 0)
        self.users.setSpecialValueText(self.tr("as many as fit"))
        self.target = QDoubleSpinBox()
        self.target.setRange(0.0, 10_000.0)
        self.target.setDecimals(1)
        self.target.setSpecialValueText(self.tr("none"))
        self.gpus = self._spin(0, 64, 0)
        self.gpus.setSpecialValueText(self.tr("all"))

        form = QFormLayout()
        form.addRow(self.tr("Model"), self.model)
        form.addRow(self.tr("Engine"), self.engine)
        form.addRow(self.tr("Weights"), self.weights)
        form.addRow(self.tr("KV cache"), self.kv)
        form.addRow(self.tr("Prompt tokens"), self.prompt)
        form.addRow(self.tr("Output tokens"), self.output)
        form.addRow(self.tr("Users at once"), self.users)
        form.addRow(self.tr("Or tokens/s each at least"), self.target)
        form.addRow(self.tr("GPUs per copy"), self.gpus)
        form.addRow(self.tr("Split"), self.split)
        inputs = QWidget()
        inputs.setLayout(form)

        self.figures = QGridLayout()
        self.figures.setColumnStretch(1, 1)
        self.labels: dict[str, QLabel] = {}
        for row, (key, title) in enumerate((
                ("capacity", self.tr("Users at once")), ("memory", self.tr("Per GPU")),
                ("served", self.tr("Served")), ("knee", self.tr("Knee")),
                ("own", self.tr("Own, per million output tokens")),
                ("rent", self.tr("Rent, per million output tokens")),
                ("apis", self.tr("APIs, per million output tokens")))):
            head = QLabel(title)
            head.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            value = QLabel()
            value.setWordWrap(True)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            value.setObjectName(f"serving-{key}")
            self.figures.addWidget(head, row, 0)
            self.figures.addWidget(value, row, 1)
            self.labels[key] = value
        self.message = QLabel()
        self.message.setWordWrap(True)
        figures = QWidget()
        column = QVBoxLayout(figures)
        column.addWidget(self.message)
        column.addLayout(self.figures)
        column.addStretch(1)

        self.plot = pg.PlotWidget()
        self.plot.setMinimumSize(260, 180)
        self.plot.setMenuEnabled(False)
        self.plot.setMouseEnabled(False, False)
        self.plot.hideButtons()
        self.total_curve = self.plot.plot([], [], pen=pg.mkPen(TOTAL_COLOR, width=2))
        self.each_curve = self.plot.plot([], [], pen=pg.mkPen(EACH_COLOR, width=2))
        self.marks = pg.ScatterPlotItem(size=9)
        self.plot.addItem(self.marks)
        self.plot.setLabel("bottom", self.tr("users at once"))
        self.plot.setLabel("left", self.tr("tokens/s (blue: all users, orange: each)"))
        style_plot(self.plot, self)

        line = QHBoxLayout(self)
        line.addWidget(inputs)
        line.addWidget(figures, 1)
        line.addWidget(self.plot, 1)

        self._fill_models()
        document.catalog_changed.connect(self._fill_models)
        for combo, name in ((self.model, "model"), (self.engine, "engine"),
                            (self.weights, "weights"), (self.kv, "kv"), (self.split, "split")):
            combo.currentIndexChanged.connect(lambda _i, n=name: self._edited(n))
        for spin, name in ((self.prompt, "prompt"), (self.output, "output"),
                           (self.users, "users"), (self.gpus, "gpus"),
                           (self.target, "target")):
            spin.valueChanged.connect(lambda _v, n=name: self._edited(n))

    @staticmethod
    def _spin(low: int, high: int, value: int) -> QSpinBox:
        box = QSpinBox()
        box.setRange(low, high)
        box.setValue(value)
        box.setGroupSeparatorShown(True)
        return box

    def _fill_models(self) -> None:
        """The catalog's language models (those that generate text)."""
        self._filling = True
        current = self.model.currentData()
        self.model.clear()
        for w in self.document.catalog.workloads:
            if w.is_transformer and w.family in ("decoder", "encoder-decoder"):
                self.model.addItem(w.name, w.id)
        index = self.model.findData(current or DEFAULT_MODEL)
        self.model.setCurrentIndex(max(0, index))
        self._filling = False

    def choice(self) -> ServingChoice:
        """The serving workload the inputs state."""
        setup = ServingSetup(
            weights=str(self.weights.currentData()), kv=str(self.kv.currentData()),
            engine=str(self.engine.currentData()), prompt=self.prompt.value(),
            output=self.output.value(),
            users=None if self.target.value() else self.users.value() or None,
            target=self.target.value() or None,
            gpus=self.gpus.value() or None, split=str(self.split.currentData()))
        return ServingChoice(str(self.model.currentData() or DEFAULT_MODEL), setup)

    def _edited(self, field: str) -> None:
        if self._filling:
            return
        edits.set_serving(self.document, self.choice(), field)

    def _show_choice(self, choice: ServingChoice) -> None:
        """Put the build's serving workload into the inputs without editing it back."""
        self._filling = True
        s = choice.setup
        for combo, value in ((self.model, choice.model_id), (self.engine, s.engine),
                             (self.weights, s.weights), (self.kv, s.kv), (self.split, s.split)):
            index = combo.findData(value)
            if index >= 0:
                combo.setCurrentIndex(index)
        self.prompt.setValue(s.prompt)
        self.output.setValue(s.output)
        self.users.setValue(s.users or 0)
        self.target.setValue(s.target or 0.0)
        self.gpus.setValue(s.gpus or 0)
        self._filling = False

    def refresh(self) -> None:
        """Figures of the build's serving workload (the inputs' when it keeps none yet)."""
        # The study holds the serving settings (a Build's ``extra`` is not part of its equality,
        # so the document keeps its old Build object when only they change).
        build = replace(self.document.build, extra=dict(self.document.study.extra))
        choice = serving_of(build)
        if choice is None:
            choice = self.choice()
            build = with_serving(build, choice)
        else:
            self._show_choice(choice)
        view = build_serving_view(build, self.document.catalog, self.rates, load_api_prices())
        self.view = view
        self._draw(view)

    def _draw(self, view: ServingView | None) -> None:
        fmt = self.formatter()
        for label in self.labels.values():
            label.clear()
        self.message.setText("")
        if view is None or view.error or view.memory is None:
            self.message.setText(
                self.tr("Add a GPU to the build to serve a model on it.")
                if not self.document.build.gpu_count or view is None or not view.error
                else view.error)
            self._plot([])
            return
        m = view.memory
        self.labels["capacity"].setText(self.tr("%1 at %2 tokens each (bound: %3)")
                                        .replace("%1", users_text(view.max_users))
                                        .replace("%2", fmt.integer(m.context))
                                        .replace("%3", bound_text(m.bound)))
        self.labels["memory"].setText(self.tr("%1 weights, %2 KV cache (%3 tokens)")
                                      .replace("%1", fmt.memory(m.weights_bytes))
                                      .replace("%2", fmt.memory(m.kv_bytes))
                                      .replace("%3", fmt.integer(m.kv_tokens * view.copies)))
        for key, load in (("served", view.at), ("knee", view.knee)):
            if load is None:
                continue
            ttft = (self.tr("saturated") if load.ttft_s is None else
                    self.tr("%1 s to first token").replace("%1", fmt.number(load.ttft_s, 2)))
            self.labels[key].setText(
                self.tr("%1: %2 tokens/s each, %3 in all, %4 (bound: %5)")
                .replace("%1", users_text(load.users * view.copies))
                .replace("%2", fmt.number(load.per_user_tok_s, 1))
                .replace("%3", fmt.number(load.aggregate_tok_s * view.copies))
                .replace("%4", ttft).replace("%5", bound_text(load.step.bound)))
        if view.at is None and view.setup.target is not None:
            self.labels["served"].setText(self.tr("no number of users gets %1 tokens/s each")
                                          .replace("%1", fmt.number(view.setup.target, 1)))
        if view.users_queued:
            self.labels["served"].setText(self.labels["served"].text() + "\n" + self.tr(
                "%1 more wait: they do not fit").replace("%1", users_text(view.users_queued)))
        c = view.costs
        if c is not None:
            self.labels["own"].setText(self.tr("%1 (hardware %2 + electricity %3)")
                                       .replace("%1", fmt.money(c.own))
                                       .replace("%2", fmt.money(c.own_hardware))
                                       .replace("%3", fmt.money(c.own_power)))
            self.labels["rent"].setText(fmt.money(c.rent) if c.rent_name is None else
                                        f"{fmt.money(c.rent)} ({c.rent_name})")
            self.labels["apis"].setText("\n".join(
                self.tr("%1 %2: %3 (%4)").replace("%1", a.price.provider)
                .replace("%2", a.price.model).replace("%3", _api_money(fmt, a, c.currency))
                .replace("%4", a.price.as_of) for a in c.apis)
                or self.tr("no API prices on record"))
        self._plot(view)

    def _plot(self, view: ServingView | list[object]) -> None:
        if not isinstance(view, ServingView) or not view.curve:
            self.total_curve.setData([], [])
            self.each_curve.setData([], [])
            self.marks.setData([], [])
            return
        k = view.copies
        users = [x.users * k for x in view.curve]
        self.total_curve.setData(users, [x.aggregate_tok_s * k for x in view.curve])
        self.each_curve.setData(users, [x.per_user_tok_s for x in view.curve])
        spots = [{"pos": (x.users * k, x.aggregate_tok_s * k), "brush": TOTAL_COLOR}
                 for x in (view.knee, view.at) if x is not None]
        self.marks.setData(spots)
        top = max(x.aggregate_tok_s * k for x in view.curve)
        self.plot.setYRange(0, nice_ceiling(top), padding=0)
        self.plot.setXRange(0, max(users), padding=0.02)

    def apply_palette(self) -> None:
        """Recolour the chart for a light or dark palette."""
        style_plot(self.plot, self)
        chart_colors(self)
