"""VRAM headroom panel: one bar per tracked workload, used against usable memory per GPU.

Bars are coloured by verdict (and labelled with it, for readers who cannot tell the colours
apart), whiskers show the estimate's validated error band, and hovering a bar explains it part by
part. Below the chart, each workload that does not fit offers core's "what would make it fit"
changes as buttons; a click is one undoable edit. Figures come from
:func:`planner.core.views.headroom.headroom_rows`; one chart item draws every bar (see
:mod:`planner.ui.panels.headroom_item`) and gets new data on every change.
"""

from __future__ import annotations

import html
import math
from typing import cast

import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QPointF, QSize, Qt
from PySide6.QtGui import QCursor, QFontMetricsF, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from planner.core.costs.formatting import GIB
from planner.core.estimator.headroom import DOES_NOT_FIT
from planner.core.plan.suggest import Suggestion
from planner.core.views.headroom import (
    BREAKDOWN_KEYS,
    ERROR,
    NO_GPU,
    HeadroomRow,
    headroom_rows,
)
from planner.core.views.links import UNKNOWN
from planner.ui import edits
from planner.ui.document import BuildDocument
from planner.ui.panels.common import (
    Panel,
    chart_colors,
    nice_ceiling,
    style_plot,
    verdict_color,
)
from planner.ui.panels.headroom_item import LABEL_GAP_PX, USABLE_HEIGHT, Bar, HeadroomBars
from planner.words.memory_notes import note_text
from planner.words.runs import bar_suffix, calibrated_text, chart_legend, measured_text
from planner.words.suggestions import suggestion_cost, suggestion_title
from planner.words.wording import link_text, task_text, verdict_text

SUGGESTIONS_PIXELS = 170
ROW_PIXELS = 30

#: The parts of an estimate, by core's breakdown key, as the bar's tooltip names them.
BREAKDOWN_LABELS: dict[str, str] = cast(dict[str, str], {  # NOOP returns its text
    "weights": QT_TRANSLATE_NOOP("HeadroomPanel", "Weights"),
    "master_weights": QT_TRANSLATE_NOOP("HeadroomPanel", "Master weights"),
    "gradients": QT_TRANSLATE_NOOP("HeadroomPanel", "Gradients"),
    "optimizer_state": QT_TRANSLATE_NOOP("HeadroomPanel", "Optimizer state"),
    "optimizer_temporaries": QT_TRANSLATE_NOOP("HeadroomPanel", "Optimizer step temporaries"),
    "activations": QT_TRANSLATE_NOOP("HeadroomPanel", "Activations"),
    "logits": QT_TRANSLATE_NOOP("HeadroomPanel", "Logits and loss"),
    "kv_cache": QT_TRANSLATE_NOOP("HeadroomPanel", "KV cache"),
    "framework": QT_TRANSLATE_NOOP("HeadroomPanel",
                                   "Framework (CUDA context, buffers, allocator)"),
})


def axis_ticks(right: float, most: int = 8) -> list[float]:
    """Round GiB ticks from 0 to ``right``: a step of 1, 2 or 5 × 10^k, at most ``most`` of them."""
    step = nice_ceiling(right / most) if right > 0 else 1.0
    count = int(right / step + 1e-9)
    return [i * step for i in range(count + 1)]


def step_is_whole(ticks: list[float]) -> bool:
    """Whether every tick is a whole number of GiB (so labels need no decimals)."""
    return all(float(t).is_integer() for t in ticks)


class WrappingButton(QPushButton):
    """A push button whose text wraps to the width it is given instead of widening the panel.

    A suggestion such as "Micro-batch 16 with 2× gradient accumulation (same effective batch
    128) → 18.6 GiB" is wider than a docked panel; a QPushButton never wraps, so it was cut at
    the panel's edge. The text is a word-wrapped label inside the button (mouse events go to the
    button); the button's height follows the label's height for the width.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        inner = QVBoxLayout(self)
        inner.setContentsMargins(8, 3, 8, 3)
        inner.addWidget(self.label)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

    def setText(self, text: str) -> None:
        """Show ``text`` wrapped (and name the button by it for screen readers)."""
        self.label.setText(text)
        self.setAccessibleName(text)

    def text(self) -> str:
        """The button's words."""
        return self.label.text()

    def minimumSizeHint(self) -> QSize:
        """As narrow as the longest word allows; as tall as the wrapped text needs."""
        layout = self.layout()
        return layout.minimumSize() if layout is not None else super().minimumSizeHint()

    def sizeHint(self) -> QSize:
        """The wrapped label's size plus the button's margins."""
        layout = self.layout()
        return layout.sizeHint() if layout is not None else super().sizeHint()


class SuggestionGroup(QFrame):
    """One workload that does not fit: a sentence and a button per suggested change."""

    def __init__(self, panel: HeadroomPanel) -> None:
        super().__init__()
        self.panel = panel
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.row: HeadroomRow | None = None
        self.buttons: list[WrappingButton] = []
        self.title = QLabel()
        self.title.setWordWrap(True)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        palette = self.title.palette()
        palette.setColor(QPalette.ColorRole.WindowText, verdict_color(DOES_NOT_FIT))
        self.title.setPalette(palette)
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(6, 4, 6, 4)
        self.column.setSpacing(2)
        self.column.addWidget(self.title)

    def show_row(self, row: HeadroomRow) -> None:
        """Word the group for ``row`` and relabel (or add) its buttons."""
        self.row = row
        fmt = self.panel.formatter()
        if row.error:
            self.title.setText(self.tr("%1: %2").replace("%1", row.name).replace("%2", row.error))
        elif not row.suggestions:
            self.title.setText(self.tr("%1 does not fit, and no single change makes it fit: add "
                                       "GPUs or choose cards with more memory.")
                               .replace("%1", row.name))
        else:
            self.title.setText(self.tr("%1 does not fit. What would make it fit:")
                               .replace("%1", row.name))
        while len(self.buttons) < len(row.suggestions):
            button = WrappingButton()
            number = len(self.buttons)
            button.clicked.connect(lambda _checked=False, n=number: self._clicked(n))
            self.column.addWidget(button)
            self.buttons.append(button)
        for i, button in enumerate(self.buttons):
            if i < len(row.suggestions):
                s = row.suggestions[i]
                button.setText(self.tr("%1 → %2").replace("%1", suggestion_title(s))
                               .replace("%2", fmt.memory(s.total_bytes)))
                button.setToolTip(suggestion_cost(s))
            button.setVisible(i < len(row.suggestions))

    def _clicked(self, number: int) -> None:
        if self.row is not None and number < len(self.row.suggestions):
            self.panel.apply_suggestion(self.row.index, self.row.suggestions[number])


class HeadroomPanel(Panel):
    """Used versus usable VRAM per tracked workload, and the fixes for those that do not fit."""

    def __init__(self, document: BuildDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.rows: list[HeadroomRow] = []
        self._suggestion_key: object = None
        self.suggestion_buttons: list[QPushButton] = []
        self._bars: list[Bar] = []

        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setMinimumHeight(2 * self.fontMetrics().lineSpacing())

        self.plot = pg.PlotWidget()
        self.plot.setMenuEnabled(False)
        self.plot.disableAutoRange()
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.plot.setLabel("bottom", self.tr("GiB per GPU"))
        self.plot.invertY(True)
        # No axis grid: pyqtgraph draws grid lines as part of the axis, so the axis' cached
        # picture spans the whole chart and re-rendering it on a rescale cost ~4 ms. The bars item
        # draws the lines itself at the ticks set below.
        self.plot.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.bars = HeadroomBars()
        self.plot.addItem(self.bars)
        self.plot.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.plot.getPlotItem().getViewBox().sigResized.connect(self._fit_x_range)
        self._ends: list[float] = []
        self._label_px: list[float] = []
        self._names: list[str] = []
        self._row_count = -1
        self._x_max = 0.0
        self._drawn = False

        # The fixes live in a scroll area of fixed height that is always there (saying so when
        # nothing needs fixing): the chart above keeps its size whatever an edit does, so an edit
        # never re-lays out its axes (showing or hiding the box cost two frames).
        self.suggestions_box = QScrollArea()
        self.suggestions_box.setWidgetResizable(True)
        self.suggestions_box.setFrameShape(QFrame.Shape.NoFrame)
        self.suggestions_box.setFixedHeight(SUGGESTIONS_PIXELS)
        # Wrap to the panel's width (WrappingButton), never scroll sideways past a cut line.
        self.suggestions_box.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        content = QWidget()
        self._groups_layout = QVBoxLayout(content)
        self._groups_layout.setContentsMargins(0, 0, 0, 0)
        self.all_fit = QLabel()
        self.all_fit.setWordWrap(True)
        self.all_fit.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self._groups_layout.addWidget(self.all_fit)
        self._groups_layout.addStretch(1)
        self.suggestions_box.setWidget(content)
        self._groups: list[SuggestionGroup] = []

        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.suggestions_box)
        self.apply_palette()

    # --- drawing ----------------------------------------------------------------------------

    def apply_palette(self) -> None:
        """Chart background, axes and the usable-memory bars follow the palette."""
        style_plot(self.plot, self)
        _bg, fg, mid = chart_colors(self)
        self.bars.set_colors(mid, fg, self.font())

    def refresh(self) -> None:
        """Recompute the rows (memoised in core) and update the chart items in place."""
        rows = headroom_rows(self.document.build, self.document.runs)
        if rows == self.rows and self._drawn:
            self._draw_summary()  # the GPU count may change without changing a row
            return
        self.rows = rows
        self._drawn = True
        self.plot.setVisible(bool(rows))  # empty axes say nothing; the summary line explains
        self._draw_chart()
        self._draw_summary()
        self._draw_suggestions()

    def _draw_chart(self) -> None:
        rows = self.rows
        labels = [self.bar_label(r) for r in rows]
        metrics = QFontMetricsF(self.font())
        self._ends = [max(r.high_bytes, r.usable_bytes, r.measured_bytes or 0) / GIB
                      for r in rows]
        self._label_px = [metrics.horizontalAdvance(text) + LABEL_GAP_PX + 6 for text in labels]
        self._bars = [Bar(used=r.needed_bytes / GIB, usable=r.usable_bytes / GIB,
                          low=r.low_bytes / GIB, high=r.high_bytes / GIB,
                          color=verdict_color(r.verdict), label=text,
                          measured=None if r.measured_bytes is None else r.measured_bytes / GIB)
                      for r, text in zip(rows, labels, strict=True)]
        names = self.axis_names(rows)
        if names != self._names:
            self._names = names
            axis = self.plot.getAxis("left")
            axis.setTicks([list(enumerate(names))])
            axis.setWidth(round(max([metrics.horizontalAdvance(n) for n in names] or [0])) + 16)
        self._fit_x_range()
        self.bars.set_bars(self._bars, self._x_max)
        if len(rows) != self._row_count:
            self._row_count = len(rows)
            self.plot.setYRange(-0.6, max(len(rows), 1) - 0.4, padding=0)
            self.plot.setMinimumHeight(60 + ROW_PIXELS * max(1, len(rows)))

    def _fit_x_range(self) -> None:
        """Leave room right of each bar for its label, whose width is in pixels, not GiB."""
        view_px = max(self.plot.getPlotItem().getViewBox().width(), 200.0)
        right = max(self._ends or [1.0])
        for end, px in zip(self._ends, self._label_px, strict=False):
            right = max(right, end / max(0.25, 1 - px / view_px))
        # Round up to a step of a power of two GiB so small edits do not rescale the axis
        # (re-laying out an axis costs more than drawing the bars).
        step = 2.0 ** math.floor(math.log2(max(right, 1.0) / 4))
        right = math.ceil(right * 1.02 / step) * step
        if right != self._x_max:
            self._x_max = right
            self.plot.setXRange(0, right, padding=0)
            ticks = axis_ticks(right)
            decimals = 0 if step_is_whole(ticks) else 1
            fmt = self.formatter()
            self.plot.getAxis("bottom").setTicks([[(t, fmt.number(t, decimals)) for t in ticks]])
            self.bars.set_grid(ticks)
            self.bars.set_bars(self._bars, right)

    def axis_names(self, rows: list[HeadroomRow], limit: int = 22) -> list[str]:
        """Short, distinct bar names: the workload, its task, and a number for repeats."""
        out: list[str] = []
        seen: dict[str, int] = {}
        for r in rows:
            name = r.name if len(r.name) <= limit else r.name[: limit - 1] + "…"
            task = self.tr("train") if r.task == "train" else self.tr("infer")
            text = f"{name} · {task}"
            seen[text] = seen.get(text, 0) + 1
            out.append(text if seen[text] == 1 else f"{text} ({seen[text]})")
        return out

    def bar_label(self, row: HeadroomRow) -> str:
        """The text beside a bar: verdict, then used of usable."""
        fmt = self.formatter()
        if row.verdict == ERROR:
            return verdict_text(ERROR)
        if row.verdict == NO_GPU:
            return self.tr("%1 (no GPU)").replace("%1", fmt.memory(row.needed_bytes))
        return self.tr("%1 · %2 / %3").replace("%1", verdict_text(row.verdict)).replace(
            "%2", fmt.memory(row.needed_bytes)).replace("%3", fmt.memory(row.usable_bytes)) + (
            bar_suffix(row.calibration_runs > 0))

    def _draw_summary(self) -> None:
        build = self.document.build
        if not self.rows:
            self.summary.setText(self.tr("Track workloads to see whether they fit this build."))
            return
        if not build.slots:
            self.summary.setText(self.tr("Add GPUs to the build to place these workloads."))
            return
        fits = sum(r.verdict in ("fits", "tight") for r in self.rows)
        binding_name = next((r.gpu_name for r in self.rows if r.gpu_name), "")
        legend = chart_legend(any(r.calibration_runs for r in self.rows),
                              any(r.measured_bytes is not None for r in self.rows))
        legend = " " + legend if legend else ""
        # No binding card (every row failed to estimate): say nothing of one, never "bound by ."
        text = (self.tr("%1 of %2 workloads fit; per GPU on %n GPU(s), bound by %3.", "",
                        build.gpu_count).replace("%3", binding_name) if binding_name else
                self.tr("%1 of %2 workloads fit; per GPU on %n GPU(s).", "", build.gpu_count))
        self.summary.setText(text.replace("%1", str(fits)).replace("%2", str(len(self.rows)))
                             + legend)

    # --- hover --------------------------------------------------------------------------------

    def row_at(self, y: float) -> int | None:
        """The workload whose bar covers chart coordinate ``y`` (None between bars)."""
        i = round(y)
        if 0 <= i < len(self.rows) and abs(y - i) <= USABLE_HEIGHT / 2:
            return i
        return None

    def tooltip_for(self, index: int) -> str:
        """The breakdown, provenance and error band of one bar, as rich text."""
        r = self.rows[index]
        name = html.escape(r.name)
        if r.error:
            return f"<b>{name}</b><br>{html.escape(r.error)}"
        fmt = self.formatter()
        task = task_text(r.task)
        lines = [f"<b>{name}</b> — {html.escape(task)}, {html.escape(verdict_text(r.verdict))}"]
        if r.gpu_name:
            lines.append(html.escape(self.tr("Per GPU on %1: %2 of %3 usable")
                                     .replace("%1", r.gpu_name)
                                     .replace("%2", fmt.memory(r.needed_bytes))
                                     .replace("%3", fmt.memory(r.usable_bytes))))
        if r.calibration_runs:
            lines.append(html.escape(calibrated_text(
                r.calibration_runs, r.calibration_stack, fmt.memory(r.needed_bytes, 2),
                fmt.memory(r.formula_bytes, 2), fmt.percent(r.calibration_residual, 1),
                None if r.calibration_loo is None else fmt.percent(r.calibration_loo, 1))))
        if r.measured_bytes is not None:
            lines.append(html.escape(measured_text(
                r.measured_runs, fmt.memory(r.measured_bytes, 2), r.measured_metric)))
        if r.host_bytes > 0:  # offloaded or paged state: beside the GPU's figure, not in it
            lines.append(html.escape(self.tr("plus %1 of host RAM for offloaded state")
                                     .replace("%1", fmt.memory(r.host_bytes))))
        if r.link is not None:  # which link binds a multi-GPU training run (core's figure)
            link = link_text(r.link)
            if r.link.kind == UNKNOWN:
                text = self.tr("GPU link: %1; its waiting is not counted").replace("%1", link)
            else:
                text = (self.tr("The GPUs wait on %1 for %2 of each training step")
                        .replace("%1", link).replace("%2", fmt.percent(r.link.waiting_share)))
            lines.append(html.escape(text))
        lines.append("<table>" + "".join(
            f"<tr><td>{html.escape(self.breakdown_label(k))}</td><td align='right'>"
            f"{html.escape(fmt.memory(r.breakdown.get(k, 0), 2))}</td></tr>"
            for k in BREAKDOWN_KEYS) + "</table>")
        lines.append(html.escape(
            self.tr("Estimate from %1, ±%2 % (%3 – %4); peak at %5.")
            .replace("%1", r.provenance).replace("%2", fmt.number(r.error_band * 100))
            .replace("%3", fmt.memory(r.low_bytes)).replace("%4", fmt.memory(r.high_bytes))
            .replace("%5", r.peak_phase)))
        lines.extend(f"<i>{html.escape(note_text(n))}</i>" for n in r.notes)
        return "<br>".join(lines)

    @staticmethod
    def breakdown_label(key: str) -> str:
        """A part of the estimate in the user's language (core's key when it is a new one)."""
        label = BREAKDOWN_LABELS.get(key)
        return QCoreApplication.translate("HeadroomPanel", label) if label else key

    def _on_mouse_moved(self, scene_pos: QPointF) -> None:
        view = self.plot.getPlotItem().getViewBox()
        if not view.sceneBoundingRect().contains(scene_pos):
            QToolTip.hideText()
            return
        index = self.row_at(view.mapSceneToView(scene_pos).y())
        if index is None:
            QToolTip.hideText()
            return
        QToolTip.showText(QCursor.pos(), self.tooltip_for(index), self.plot)

    # --- suggestions --------------------------------------------------------------------------

    def _draw_suggestions(self) -> None:
        short = [r for r in self.rows if r.verdict == "does-not-fit" or r.error]
        if not short:  # the sentence depends on the build, not only on what needs fixing
            self.all_fit.setText(self._nothing_to_fix())
        key = tuple((r.index, r.name, r.error, r.suggestions) for r in short)
        if key == self._suggestion_key:
            return
        self._suggestion_key = key
        # Groups and buttons are pooled and relabelled: creating and styling widgets on every
        # edit (a GPU count change rewords every "shard over N GPUs") costs a frame by itself.
        while len(self._groups) < len(short):
            group = SuggestionGroup(self)
            self._groups_layout.insertWidget(len(self._groups) + 1, group)
            self._groups.append(group)
        self.suggestion_buttons = []
        for group, row in zip(self._groups, short, strict=False):
            group.show_row(row)
            group.setVisible(True)
            self.suggestion_buttons.extend(group.buttons[: len(row.suggestions)])
        for group in self._groups[len(short):]:
            group.setVisible(False)
        self.all_fit.setVisible(not short)

    def _nothing_to_fix(self) -> str:
        build = self.document.build
        if not self.rows:
            return self.tr("Changes that would make a workload fit appear here.")
        if not build.slots:
            return self.tr("Add GPUs to see which changes would make each workload fit.")
        return self.tr("Every tracked workload fits this build: nothing to change.")

    def apply_suggestion(self, index: int, suggestion: Suggestion) -> None:
        """Replace the workload's settings with the suggestion's, as one undoable edit."""
        edits.apply_suggestion(self.document, index, suggestion, suggestion_title(suggestion))

