"""Look and feel: a decent style everywhere and the system's light or dark scheme.

Native styles are kept where they are good (macOS, Windows 11/Vista, KDE's Breeze); elsewhere
(the bare "Windows" look Qt falls back to on some Linux desktops) we switch to Fusion. Fusion
follows ``styleHints().colorScheme()`` on platforms that report one; where the platform does not
(plain X11, offscreen), ``GPU_PLANNER_COLOR_SCHEME=dark|light`` or the saved preference picks.

Start-up (:func:`before_first_paint`, :func:`after_first_paint`): asking the platform for its
scheme returns a value of the ``Qt`` namespace, and the first use of that namespace builds all
of its 93 enums (1,195 members, ~12 ms), as asking for the style builds QStyle's (~4 ms):
together a sixth of a bare window's start. With the scheme left to the system (the default), the
window is first painted in the platform's own palette and style, which is already right on every
platform that follows a dark setting itself, and the checks run right after the paint: they
change something only where Qt would look wrong (the bare "Windows" style, or a platform that
reports dark but gives Fusion a light palette). A scheme the user picked is applied before the
paint, as before.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6 import QtCore
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

if TYPE_CHECKING:
    from PySide6.QtCore import Qt

GOOD_STYLES = {"macos", "windows11", "windowsvista", "fusion", "breeze", "oxygen", "kvantum"}
SCHEME_ENV = "GPU_PLANNER_COLOR_SCHEME"


def choose_style(app: QApplication) -> str:
    """Switch to Fusion where the platform style is poor; returns the style in use."""
    current = app.style().name().lower()
    if current in GOOD_STYLES:
        return current  # the usual case: no need to scan the style plugins (a few ms)
    available = [k.lower() for k in QStyleFactory.keys()]  # noqa: SIM118 (a list, not a dict)
    if "fusion" in available:
        app.setStyle("Fusion")
        current = "fusion"
    return current


def dark_palette() -> QPalette:
    """A dark palette for Fusion when the platform cannot supply one."""
    p = QPalette()
    window, base, text = QColor(45, 45, 48), QColor(30, 30, 32), QColor(230, 230, 230)
    disabled = QColor(127, 127, 127)
    roles = {
        QPalette.ColorRole.Window: window, QPalette.ColorRole.WindowText: text,
        QPalette.ColorRole.Base: base, QPalette.ColorRole.AlternateBase: QColor(40, 40, 43),
        QPalette.ColorRole.ToolTipBase: QColor(60, 60, 64), QPalette.ColorRole.ToolTipText: text,
        QPalette.ColorRole.PlaceholderText: QColor(150, 150, 150),
        QPalette.ColorRole.Text: text, QPalette.ColorRole.Button: window,
        QPalette.ColorRole.ButtonText: text, QPalette.ColorRole.BrightText: QColor(255, 90, 90),
        QPalette.ColorRole.Link: QColor(90, 160, 255), QPalette.ColorRole.Highlight:
            QColor(42, 130, 218), QPalette.ColorRole.HighlightedText: QColor(255, 255, 255),
        QPalette.ColorRole.Light: QColor(70, 70, 74), QPalette.ColorRole.Midlight:
            QColor(60, 60, 64), QPalette.ColorRole.Mid: QColor(80, 80, 85),
        QPalette.ColorRole.Dark: QColor(25, 25, 27), QPalette.ColorRole.Shadow: QColor(0, 0, 0),
    }
    for role, color in roles.items():
        p.setColor(role, color)
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text,
                 QPalette.ColorRole.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return p


def requested_scheme(preference: str = "system") -> Qt.ColorScheme:
    """The scheme to use: the environment override, else the preference, else the system's."""
    wanted = _wanted(preference)
    if wanted == "dark":
        return QtCore.Qt.ColorScheme.Dark
    if wanted == "light":
        return QtCore.Qt.ColorScheme.Light
    return QGuiApplication.styleHints().colorScheme()


def _wanted(preference: str) -> str:
    """``dark``, ``light`` or ``system``: the environment override, else the preference."""
    return os.environ.get(SCHEME_ENV, "").strip().lower() or preference


def _is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def apply_scheme(app: QApplication, preference: str = "system") -> Qt.ColorScheme:
    """Use the light or dark palette; Fusion needs ours where the platform's does not follow.

    "system" keeps the platform's own palette unless the platform reports dark and its palette
    is light (then ours); a scheme the user picked is applied whatever the platform's palette.
    """
    Scheme = QtCore.Qt.ColorScheme
    hints = QGuiApplication.styleHints()
    system = _wanted(preference) not in ("dark", "light")
    if system:
        hints.unsetColorScheme()  # back to the platform's own choice after an override
    scheme = requested_scheme(preference)
    if scheme != Scheme.Unknown and hints.colorScheme() != scheme:
        hints.setColorScheme(scheme)  # Qt 6.8+: lets a capable platform theme switch itself
    if app.style().name().lower() == "fusion":
        if system:
            app.setPalette(QPalette())  # the platform's own (an empty palette resolves to it)
            _mend_platform_palette(app, scheme)
        elif scheme == Scheme.Dark:
            app.setPalette(dark_palette())
        else:
            app.setPalette(app.style().standardPalette())
    return scheme


def before_first_paint(app: QApplication, preference: str) -> None:
    """Apply a scheme the user picked; "system" waits for :func:`after_first_paint`."""
    if _wanted(preference) in ("dark", "light"):
        choose_style(app)
        apply_scheme(app, preference)


def after_first_paint(app: QApplication, preference: str) -> None:
    """The style and scheme checks :func:`before_first_paint` left (see the module docstring).

    With "system" the window is already in the platform's palette, so only a platform that
    reports dark but gave Fusion a light palette gets ours; nothing else repaints.
    """
    if _wanted(preference) in ("dark", "light"):
        return  # applied before the paint
    choose_style(app)
    if app.style().name().lower() == "fusion":
        _mend_platform_palette(app, requested_scheme(preference))


def _mend_platform_palette(app: QApplication, scheme: Qt.ColorScheme) -> None:
    """Under Fusion with "system": ours only where the platform reports dark but paints light."""
    if scheme == QtCore.Qt.ColorScheme.Dark and not _is_dark(app.palette()):
        app.setPalette(dark_palette())


def follow_system(app: QApplication, preference: Callable[[], str]) -> None:
    """Re-apply the palette when the user flips the system's light/dark setting.

    ``preference`` is asked each time: the user may have changed it in Preferences since.
    """
    QGuiApplication.styleHints().colorSchemeChanged.connect(
        lambda _scheme: apply_scheme(app, preference()))
