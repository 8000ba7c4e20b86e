"""The analysis panels, put into their docks after the window is first shown.

Panels import pyqtgraph and numpy, which cost more start-up time than the whole shell, so this
module is itself imported only after the first paint (on a worker thread), keeping the window
quick to appear. Their docks exist already (:mod:`planner.ui.panel_frames` makes them with the
window, each with a stand-in); a panel replaces its stand-in in place. The panels are plain
imports, not names looked up at run time: PyInstaller follows imports, and a panel imported by
string silently went missing from a frozen app. A panel that fails to construct is skipped and
logged rather than taking the whole window down.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QScrollArea, QWidget

from planner.ui.panel_frames import make_dock, panel_title, tabify_bottom
from planner.ui.panels.compare_variants import ComparePanel
from planner.ui.panels.comparison import ComparisonPanel
from planner.ui.panels.energy import EnergyPanel
from planner.ui.panels.headroom import HeadroomPanel
from planner.ui.panels.measured_runs import MeasuredRunsPanel
from planner.ui.panels.serving import ServingPanel
from planner.ui.panels.workloads import WorkloadsPanel

if TYPE_CHECKING:  # the document module pulls in core; keep it off start-up
    from planner.ui.document import BuildDocument


log = logging.getLogger(__name__)
Area = Qt.DockWidgetArea


@dataclass(frozen=True, slots=True)
class PanelSpec:
    """A panel's key, its class (called with the document) and where its dock goes by default."""

    key: str
    factory: Callable[[BuildDocument], QWidget]
    area: Qt.DockWidgetArea


PANELS = (
    PanelSpec("headroom", HeadroomPanel, Area.RightDockWidgetArea),
    PanelSpec("workloads", WorkloadsPanel, Area.BottomDockWidgetArea),
    PanelSpec("energy", EnergyPanel, Area.BottomDockWidgetArea),
    PanelSpec("comparison", ComparisonPanel, Area.BottomDockWidgetArea),
    PanelSpec("variants", ComparePanel, Area.BottomDockWidgetArea),
    PanelSpec("runs", MeasuredRunsPanel, Area.BottomDockWidgetArea),
    PanelSpec("serving", ServingPanel, Area.BottomDockWidgetArea),
)


class FitScrollArea(QScrollArea):
    """A scroll area that gives its panel the viewport's size, or the panel's minimum if larger.

    The bottom docks share one row as tabs, so the tallest minimum among them sets the row's, and
    with it the window's: a panel that needs 300 px made the window taller than a laptop screen
    and kept the build from growing. In this area a panel scrolls when the row is shorter than
    its minimum and fills the row otherwise. (``widgetResizable`` would size a panel with wrapped
    text by its height for the width, from its parts' preferred heights: the energy panel's chart
    was then pushed below the dock's edge however tall the dock was.)
    """

    def __init__(self, panel: QWidget) -> None:
        super().__init__()
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(False)
        self.setWidget(panel)
        panel.installEventFilter(self)

    def fit(self) -> None:
        """Size the panel for the viewport (twice: a scroll bar appearing narrows the viewport)."""
        panel = self.widget()
        if panel is None:
            return
        least = panel.minimumSizeHint().expandedTo(panel.minimumSize())
        for _ in range(2):
            room = self.viewport().size()
            size = QSize(max(room.width(), least.width()), max(room.height(), least.height()))
            if panel.size() != size:
                panel.resize(size)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Refit to the new size; a panel that was squeezed out of sight catches up."""
        super().resizeEvent(event)
        self.fit()
        catch_up = getattr(self.widget(), "catch_up_if_on_screen", None)
        if catch_up is not None:
            catch_up()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Refit when the panel's layout changes its minimum."""
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.fit()
        return super().eventFilter(watched, event)


def scrolling(panel: QWidget) -> QScrollArea:
    """``panel`` in a :class:`FitScrollArea`, for the bottom docks."""
    return FitScrollArea(panel)


def panel_of(dock: QDockWidget) -> QWidget | None:
    """The panel a dock shows (inside its scroll area, for the bottom docks).

    A panel still waiting behind another tab (see :func:`add_panel_docks`) is made now: whoever
    asks for it gets the real panel.
    """
    _make_waiting(dock)
    widget = dock.widget()
    return widget.widget() if isinstance(widget, QScrollArea) else widget


_WAITING = "planner-waiting-panel"
"""Dock property: the panel is made when its tab is first raised (a callable that makes it)."""


def _put(dock: QDockWidget, spec: PanelSpec, panel: QWidget) -> None:
    widget = scrolling(panel) if spec.area == Area.BottomDockWidgetArea else panel
    dock.setWidget(widget)
    if dock.isVisible():  # QDockWidget shows a widget set while it is visible only if told to
        widget.show()
    catch_up = getattr(panel, "catch_up", None)
    if catch_up is not None:  # a tab brought to the front shows the edits made behind it
        dock.visibilityChanged.connect(catch_up)


def _make_waiting(dock: QDockWidget) -> None:
    make = dock.property(_WAITING)
    if callable(make):
        dock.setProperty(_WAITING, None)
        make()


def _wait_behind(window: QMainWindow, dock: QDockWidget, spec: PanelSpec,
                 document: BuildDocument) -> None:
    """Leave the stand-in in a dock behind another tab until the tab is raised (or asked for)."""

    def make() -> None:
        dock.visibilityChanged.disconnect(raised)
        try:
            panel = spec.factory(document)
        except Exception:  # as at start: a broken panel must not take the window down
            log.exception("panel %s failed to start", spec.key)
            window.removeDockWidget(dock)
            return
        _put(dock, spec, panel)

    def raised(visible: bool) -> None:  # its tab came to the front (or it was shown)
        if visible:
            _make_waiting(dock)

    dock.setProperty(_WAITING, make)
    dock.visibilityChanged.connect(raised)


def add_panel_docks(window: QMainWindow, document: BuildDocument,
                    docks: dict[str, QDockWidget] | None = None) -> dict[str, QDockWidget]:
    """Put each panel into its dock (made if ``docks`` lacks it); returns the docks by key.

    A dock of ``docks`` behind another tab keeps its stand-in until its tab is first raised (or
    :func:`panel_of` asks for its panel): the window is whole sooner, and what nobody opens is
    never made. A panel that fails to start is skipped and logged, and its dock goes, as does a
    dock no panel claims: the window never keeps a stand-in that nothing will replace.
    """
    frames = dict(docks or {})
    out: dict[str, QDockWidget] = {}
    for spec in PANELS:
        dock = frames.pop(spec.key, None)
        if dock is not None and dock.isVisible() and dock.visibleRegion().isEmpty():
            _wait_behind(window, dock, spec, document)
            out[spec.key] = dock
            continue
        try:
            panel = spec.factory(document)
        except Exception:  # a broken panel must not take the whole window down
            log.exception("panel %s failed to start", spec.key)
            if dock is not None:
                frames[spec.key] = dock
            continue
        dock = dock or make_dock(window, spec.key, spec.area)
        _put(dock, spec, panel)
        out[spec.key] = dock
    for dock in frames.values():  # stand-ins nothing replaced
        window.removeDockWidget(dock)
        dock.deleteLater()
    if docks is None:
        tabify_bottom(window, out)
    return out


__all__ = ["PANELS", "FitScrollArea", "PanelSpec", "add_panel_docks", "panel_of", "panel_title",
           "scrolling"]
