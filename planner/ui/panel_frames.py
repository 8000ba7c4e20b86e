"""The analysis docks' frames, made with the window: titles, areas, tabs and a stand-in each.

The panels themselves import pyqtgraph, numpy and the estimators (see :mod:`panel_docks`), which
load after the first paint. Their docks do not wait: they are made here, before the window is
shown, in their final place and size, each showing a :class:`~planner.ui.skeleton.Skeleton` of
its panel, so the first paint is the whole window and the panels arrive without moving anything.
This module imports Qt only.
"""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

from planner.ui.skeleton import Skeleton

Area = Qt.DockWidgetArea

PANEL_AREAS: tuple[tuple[str, Qt.DockWidgetArea], ...] = (
    ("headroom", Area.RightDockWidgetArea),
    ("workloads", Area.BottomDockWidgetArea),
    ("energy", Area.BottomDockWidgetArea),
    ("comparison", Area.BottomDockWidgetArea),
    ("variants", Area.BottomDockWidgetArea),
    ("runs", Area.BottomDockWidgetArea),
)
"""Each panel's key and its dock's default area, in the order the docks are made."""
BOTTOM_TABS = ("workloads", "energy", "comparison", "variants", "runs")
"""The bottom docks, tabbed in this order; workloads (the input) in front."""


def panel_title(key: str) -> str:
    """The dock's translated title."""
    match key:
        case "headroom":
            return QCoreApplication.translate("PanelDocks", "VRAM Headroom")
        case "workloads":
            return QCoreApplication.translate("PanelDocks", "Workloads")
        case "energy":
            return QCoreApplication.translate("PanelDocks", "Energy and Cost")
        case "comparison":
            return QCoreApplication.translate("PanelDocks", "Comparison")
        case "variants":
            return QCoreApplication.translate("PanelDocks", "Compare Variants")
        case "runs":
            return QCoreApplication.translate("PanelDocks", "Measured Runs")
    return key


def make_dock(window: QMainWindow, key: str, area: Qt.DockWidgetArea) -> QDockWidget:
    """One panel's dock in ``area``, showing the panel's stand-in until the panel comes."""
    dock = QDockWidget(panel_title(key), window)
    dock.setObjectName(f"dock-{key}")
    dock.setWidget(Skeleton(key, QSize(480, 300)))
    window.addDockWidget(area, dock)
    return dock


def tabify_bottom(window: QMainWindow, docks: dict[str, QDockWidget]) -> None:
    """Tab the bottom docks together, workloads in front."""
    bottom = [docks[k] for k in BOTTOM_TABS if k in docks]
    for previous, other in pairwise(bottom):
        window.tabifyDockWidget(previous, other)
    if bottom:
        bottom[0].raise_()


def make_docks(window: QMainWindow) -> dict[str, QDockWidget]:
    """Every analysis panel's dock, placed and tabbed, with stand-ins; returns them by key."""
    docks = {key: make_dock(window, key, area) for key, area in PANEL_AREAS}
    tabify_bottom(window, docks)
    return docks


def is_stand_in(dock: QDockWidget) -> bool:
    """Whether the dock still shows its stand-in (its panel has not come, or could not)."""
    return isinstance(dock.widget(), Skeleton)
