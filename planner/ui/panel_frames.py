"""The analysis docks' frames, made with the window: titles, areas, tabs and a stand-in each.

The panels themselves import pyqtgraph, numpy and the estimators (see :mod:`panel_docks`), which
load after the first paint. Their docks do not wait: they are made here, before the window is
shown, in their final place and size, each showing a :class:`~planner.ui.skeleton.Skeleton` of
its panel, so the first paint is the whole window and the panels arrive without moving anything.
This module imports Qt only.

Where the docks go is the saved layout's business when there is one (``QMainWindow.restoreState``
places docks that were made but never added), and :func:`place_docks`'s otherwise. Only the
latter uses the ``Qt`` namespace, whose first use builds all of its enums (~12 ms): a start with
a saved layout paints without it.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from PySide6 import QtCore
from PySide6.QtCore import QCoreApplication, QSize
from PySide6.QtWidgets import QDockWidget, QMainWindow

from planner.ui.skeleton import Skeleton

if TYPE_CHECKING:
    from PySide6.QtCore import Qt

PANEL_AREAS: tuple[tuple[str, str], ...] = (
    ("headroom", "RightDockWidgetArea"),
    ("workloads", "BottomDockWidgetArea"),
    ("energy", "BottomDockWidgetArea"),
    ("comparison", "BottomDockWidgetArea"),
    ("variants", "BottomDockWidgetArea"),
    ("runs", "BottomDockWidgetArea"),
    ("serving", "BottomDockWidgetArea"),
)
"""Each panel's key and its dock's default area (a ``Qt.DockWidgetArea`` member's name, looked
up only when the docks are placed), in the order the docks are made."""
BOTTOM_TABS = ("workloads", "energy", "comparison", "variants", "runs", "serving")
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
        case "serving":
            return QCoreApplication.translate("PanelDocks", "Serving")
    return key


def new_dock(window: QMainWindow, key: str) -> QDockWidget:
    """One panel's dock, showing the panel's stand-in until the panel comes; not placed yet."""
    dock = QDockWidget(panel_title(key), window)
    dock.setObjectName(f"dock-{key}")
    dock.setWidget(Skeleton(key, QSize(480, 300)))
    return dock


def make_dock(window: QMainWindow, key: str, area: Qt.DockWidgetArea) -> QDockWidget:
    """One panel's dock in ``area``, showing the panel's stand-in until the panel comes."""
    dock = new_dock(window, key)
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
    """Every analysis panel's dock with its stand-in, by key, not placed yet.

    The saved layout places them (``restoreState``), else :func:`place_docks`.
    """
    return {key: new_dock(window, key) for key, _area in PANEL_AREAS}


def place_docks(window: QMainWindow, catalog: QDockWidget,
                docks: dict[str, QDockWidget]) -> None:
    """Put the docks in the default arrangement.

    The catalog on the left at full height, the headroom on the right, the other panels tabbed
    across the bottom (workloads in front). Also brings back docks the user closed or floated
    (View › Reset Layout).
    """
    area = QtCore.Qt.DockWidgetArea
    window.addDockWidget(area.LeftDockWidgetArea, catalog)
    # The catalog runs the full height on the left; the tabbed bottom docks span the rest.
    window.setCorner(QtCore.Qt.Corner.BottomLeftCorner, area.LeftDockWidgetArea)
    window.setCorner(QtCore.Qt.Corner.BottomRightCorner, area.BottomDockWidgetArea)
    for key, name in PANEL_AREAS:
        if key in docks:
            window.addDockWidget(getattr(area, name), docks[key])
    for dock in (catalog, *docks.values()):
        dock.setFloating(False)
        dock.show()
    tabify_bottom(window, docks)


def is_stand_in(dock: QDockWidget) -> bool:
    """Whether the dock still shows its stand-in (its panel has not come, or could not)."""
    return isinstance(dock.widget(), Skeleton)
