"""Where the docks go and how big they start; the saved layout, versioned; the build's growth.

The default layout is designed for a 1366×768 laptop and a 1920×1080 screen alike: the catalog on
the left, full height; the build in the middle with the VRAM headroom to its right; the analysis
tabs (workloads in front) across the bottom. Sizes are shares of the window clamped to what each
panel needs, so the four show their content without scrolling on both screens.

The build gets the room its cards need and grows with them: when a card is added and the column
of cards no longer fits, the bottom tabs give up height (down to a floor) so the top row grows.
Only the bottom edge of the build moves; the cards stay where they are under the mouse.

The window's arrangement is saved with QSettings under a version number
(:data:`planner.ui.settings.STATE_VERSION`). A layout saved by a version with other docks is not
applied (Qt refuses a state of another version); it is dropped once, and a notice says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from PySide6 import QtCore
from PySide6.QtCore import QByteArray, QCoreApplication
from PySide6.QtWidgets import QDockWidget

from planner.ui import settings as cfg

if TYPE_CHECKING:  # the namespace itself is looked up on use (see panel_frames' docstring)
    from PySide6.QtCore import Qt


class MainWindow(Protocol):
    """What the layout needs of the main window: its docks, sizes and notice bar.

    A protocol rather than the class itself, so this module does not import main_window (which
    imports this one): the two would otherwise form an import circle.
    """

    panel_docks: dict[str, QDockWidget]
    catalog_dock: QDockWidget

    def width(self) -> int: ...  # noqa: D102 (QWidget's own)
    def height(self) -> int: ...  # noqa: D102
    def dockWidgetArea(self, dock: QDockWidget) -> Qt.DockWidgetArea: ...  # noqa: D102
    def resizeDocks(self, docks: list[QDockWidget], sizes: list[int],  # noqa: D102
                    orientation: Qt.Orientation) -> None: ...
    def restoreState(self, state: QByteArray | bytes, version: int = ...) -> bool: ...  # noqa: D102
    def notify(self, key: str, text: str, details: str = "",  # noqa: D102 (MainWindow.notify)
               actions: Any = (), level: str = "info") -> None: ...

# Share of the window's width for the catalog and for the headroom panel, and their bounds (px).
CATALOG_SHARE, CATALOG_MIN, CATALOG_MAX = 0.28, 360, 480
HEADROOM_SHARE, HEADROOM_MIN, HEADROOM_MAX = 0.35, 440, 620
# Share of the window's height for the bottom tabs, and their bounds (px).
BOTTOM_SHARE, BOTTOM_MIN, BOTTOM_MAX = 0.33, 220, 380
# The least height the bottom tabs keep when the build grows (px): a usable workloads table.
BOTTOM_FLOOR = 200


def _clamp(value: float, low: int, high: int) -> int:
    return max(low, min(high, round(value)))


def bottom_docks(window: MainWindow) -> list[QDockWidget]:
    """The tabbed docks across the bottom, docked and shown."""
    return [d for k, d in window.panel_docks.items()
            if k != "headroom" and not d.isFloating() and d.isVisible()
            and window.dockWidgetArea(d) == QtCore.Qt.DockWidgetArea.BottomDockWidgetArea]


def apply_default_sizes(window: MainWindow) -> None:
    """Size the docks for the window's size (see the module docstring)."""
    width, height = window.width(), window.height()
    orientation = QtCore.Qt.Orientation
    window.resizeDocks([window.catalog_dock],
                       [_clamp(width * CATALOG_SHARE, CATALOG_MIN, CATALOG_MAX)],
                       orientation.Horizontal)
    headroom = window.panel_docks.get("headroom")
    if headroom is not None:
        window.resizeDocks([headroom], [_clamp(width * HEADROOM_SHARE, HEADROOM_MIN,
                                               HEADROOM_MAX)], orientation.Horizontal)
    bottom = [d for k, d in window.panel_docks.items() if k != "headroom"]
    if bottom:
        window.resizeDocks(bottom[:1], [_clamp(height * BOTTOM_SHARE, BOTTOM_MIN, BOTTOM_MAX)],
                           orientation.Vertical)


def grow_build(window: MainWindow, needed: int) -> None:
    """Give the build ``needed`` px of height, taken from the bottom tabs down to their floor."""
    canvas = getattr(window, "canvas", None)
    bottom = bottom_docks(window)
    if canvas is None or not bottom:
        return
    short = needed - canvas.height()
    if short <= 0:
        return
    current = bottom[0].height()
    target = max(BOTTOM_FLOOR, current - short)
    if target < current:
        window.resizeDocks(bottom[:1], [target], QtCore.Qt.Orientation.Vertical)


def restore_saved_state(window: MainWindow) -> bool:
    """Apply the saved dock layout; an unusable one (older version) is dropped with a notice.

    Returns True when a saved layout was applied: it placed every dock, made or not yet added
    (``restoreState`` places the main window's docks by object name). A layout that lacks one
    of the docks is not applied (it would leave that dock nowhere): False, the caller places
    them all.
    """
    settings = cfg.open_settings()
    state = cfg.read(settings, cfg.STATE)
    if not state:
        return False
    docks = [window.catalog_dock, *window.panel_docks.values()]
    if not all(_names(state, d.objectName()) for d in docks):
        return False
    if window.restoreState(state, cfg.STATE_VERSION):
        return True
    settings.remove(cfg.STATE.key)  # once: the next start has nothing old to refuse
    settings.sync()
    window.notify("layout", QCoreApplication.translate(
        "WindowLayout", "The window's layout is new in this version, so your saved arrangement "
        "of the panels was reset. Arrange them as you like; View › Reset Layout brings this "
        "one back."))
    return False


def _names(state: QByteArray | bytes, name: str) -> bool:
    """Whether a saved layout mentions the object ``name`` (QDataStream writes it in UTF-16)."""
    data = state.data() if isinstance(state, QByteArray) else state
    return name.encode("utf-16-be") in data
