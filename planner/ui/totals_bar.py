"""The build's live totals, as `physics.summarize` reports them.

Figures come from core; this module only shows them, formatted by :mod:`planner.words.formats`
(units, the locale's separators). The price is shown in the document's currency, converted at the
bundled dated rates, whose date the tooltip names. The summary's warnings are shown by the canvas's
:class:`~planner.ui.warnings_strip.WarningsStrip`, which :meth:`TotalsBar.show_build` hands them to
through its return value.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from planner.core.costs.formatting import Formatter
from planner.core.plan.build import Build, purchase
from planner.core.plan.physics import BuildSummary, summarize
from planner.core.views.energy import host_watts
from planner.words.formats import formatter, number_style


class TotalsBar(QWidget):
    """Caption and value pairs for the totals, four to a row."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values: dict[str, QLabel] = {}
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(16)
        rows = [("gpus", self.tr("GPUs")), ("memory", self.tr("Total VRAM")),
                ("min_memory", self.tr("Smallest GPU")), ("power", self.tr("GPU power")),
                ("system", self.tr("System power")), ("psu", self.tr("Recommended PSU")),
                ("price", self.tr("Price"))]
        for i, (key, title) in enumerate(rows):
            caption = QLabel(title)
            caption.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            value = QLabel("—")
            font = value.font()
            font.setBold(True)
            font.setPointSizeF(font.pointSizeF() * 1.15)
            value.setFont(font)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            value.setAccessibleName(title)
            column = i % 4
            grid.addWidget(caption, (i // 4) * 2, column)
            grid.addWidget(value, (i // 4) * 2 + 1, column)
            self.values[key] = value
        self.system_hint = self.tr("GPUs plus about %1 W for the rest of the computer")
        frame = QFrame()
        frame.setFrameShape(QFrame.Shape.StyledPanel)
        frame.setLayout(grid)
        grid.setContentsMargins(10, 8, 10, 8)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(frame)

    def show_build(self, build: Build) -> BuildSummary:
        """Recompute the totals from core and show them; returns the summary for callers."""
        host = host_watts(build.usage)  # the host the energy panel's total counts too
        s = summarize(build, host_w=host)
        # Nothing to price, nothing to convert: an empty build (the window's first) reads no
        # exchange rates, which keeps their loader off the start-up path.
        fmt = formatter(build.cost.currency) if build.slots else Formatter(
            number_style(), build.cost.currency)
        v = self.values
        v["gpus"].setText(fmt.integer(s.gpu_count))
        v["memory"].setText(fmt.memory(s.total_memory_bytes, None) if s.gpu_count else "—")
        v["min_memory"].setText(fmt.memory(s.min_memory_bytes, None) if s.gpu_count else "—")
        v["power"].setText(fmt.power(s.total_tdp_w) if s.gpu_count else "—")
        v["system"].setText(fmt.power(s.system_w) if s.gpu_count else "—")
        v["system"].setToolTip(self.system_hint.replace("%1", fmt.number(host)))
        if s.recommended_psu_w is not None:
            v["psu"].setText(fmt.power(s.recommended_psu_w))
            v["psu"].setToolTip(self.tr("Smallest common rating that keeps the load at or "
                                        "under 80 %"))
        else:
            v["psu"].setText("—" if not s.gpu_count else self.tr("server PSUs"))
        v["price"].setText(self._price(fmt, build))
        sources = "\n".join(f"{slot.gpu.name}: {slot.gpu.sources[0]}"
                            for slot in build.slots if slot.gpu.sources)
        v["gpus"].setToolTip(self.tr("Cards in the build"))
        v["memory"].setToolTip(self.tr("Memory of every card, as its datasheet states it")
                               + ("\n" + sources if sources else ""))
        v["min_memory"].setToolTip(self.tr("The smallest card bounds what each GPU can hold "
                                           "when work is split evenly"))
        v["power"].setToolTip(self.tr("Board power (TDP) of every card, from its datasheet")
                              + ("\n" + sources if sources else ""))
        return s

    def _price(self, fmt: Formatter, build: Build) -> str:
        if not build.slots:
            self.values["price"].setToolTip("")
            return "—"
        bought = purchase(build, fmt.rates)
        tip = self.tr("Each card at its own price (see the card's tooltip for its kind and date)")
        if bought.rate_dates:
            tip += "\n" + self.tr("Converted at the rates of %1").replace(
                "%1", ", ".join(bought.rate_dates))
        self.values["price"].setToolTip(tip)
        if bought.stale_gpus:
            tip += "\n" + self.tr("A card with no current price (only last seen) is not in the "
                                  "total.")
            self.values["price"].setToolTip(tip)
        if bought.amount is None:
            return ("—" + " " + self.tr("(+%n without a current price)", "", bought.stale_gpus)
                    if bought.stale_gpus else "—")
        text = fmt.money(bought.amount)
        missing = bought.gpu_count - bought.priced_gpus - bought.stale_gpus
        if missing:
            text += " " + self.tr("(+%n unpriced)", "", missing)
        if bought.stale_gpus:
            text += " " + self.tr("(+%n without a current price)", "", bought.stale_gpus)
        return text
