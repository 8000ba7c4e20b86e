"""The analysis panels the main window docks: headroom, energy, comparison, workloads, recommend.

Each panel reads the one :class:`~planner.ui.document.BuildDocument`, asks ``planner.core.views_*``
for its figures when the document changes, and only lays them out (formatted by
:mod:`planner.core.costs.formatting`); edits go through :mod:`planner.ui.edits`, one undoable step
each. Nothing here computes a figure.
"""

import os

# pyqtgraph picks the first Qt binding it finds (PyQt6 before PySide6); this package is imported
# before any of its modules imports pyqtgraph, so pin the binding here.
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
import PySide6.QtWidgets  # noqa: F401
