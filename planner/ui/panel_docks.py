"""The analysis panels as dock widgets, created after the window is first shown.

Panels import pyqtgraph and numpy, which cost more start-up time than the whole shell; importing
them from a zero-delay timer after the first paint keeps the window quick to appear. A panel whose
module is missing (not written yet, or left out of a build) is skipped and logged; one that fails
to construct is skipped too rather than taking the whole app down.
"""

from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

if TYPE_CHECKING:  # the document module pulls in core; keep it off start-up
    from planner.ui.document import BuildDocument


log = logging.getLogger(__name__)
Area = Qt.DockWidgetArea


@dataclass(frozen=True, slots=True)
class PanelSpec:
    """Where a panel class lives and where its dock goes by default."""

    key: str
    module: str
    cls: str
    area: Qt.DockWidgetArea


PANELS = (
    PanelSpec("headroom", "planner.ui.panels.headroom", "HeadroomPanel", Area.RightDockWidgetArea),
    PanelSpec("workloads", "planner.ui.panels.workloads", "WorkloadsPanel",
              Area.BottomDockWidgetArea),
    PanelSpec("energy", "planner.ui.panels.energy", "EnergyPanel", Area.BottomDockWidgetArea),
    PanelSpec("comparison", "planner.ui.panels.comparison", "ComparisonPanel",
              Area.BottomDockWidgetArea),
)


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
    return key


def add_panel_docks(window: QMainWindow, document: BuildDocument) -> dict[str, QDockWidget]:
    """Create each available panel in a dock; returns the docks by key."""
    docks: dict[str, QDockWidget] = {}
    for spec in PANELS:
        try:
            module = importlib.import_module(spec.module)
            panel_class = getattr(module, spec.cls)
        except (ImportError, AttributeError) as exc:
            log.info("panel %s not available: %s", spec.key, exc)
            continue
        try:
            panel = panel_class(document)
        except Exception:  # a broken panel must not take the whole window down
            log.exception("panel %s failed to start", spec.key)
            continue
        dock = QDockWidget(panel_title(spec.key), window)
        dock.setObjectName(f"dock-{spec.key}")
        dock.setWidget(panel)
        window.addDockWidget(spec.area, dock)
        docks[spec.key] = dock
    # Workloads, energy and comparison share the bottom as tabs; workloads (the input) in front.
    bottom = [d for k, d in docks.items() if k in ("workloads", "energy", "comparison")]
    for previous, other in pairwise(bottom):
        window.tabifyDockWidget(previous, other)
    if bottom:
        bottom[0].raise_()
    return docks
