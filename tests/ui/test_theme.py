"""Light and dark at start-up: the platform's own palette until something is wrong with it.

The offscreen platform reports no scheme; a platform's report is stood in for by replacing
``theme.requested_scheme`` (what the platform's ``colorScheme()`` would answer for "system").
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from planner.ui import theme


@pytest.fixture
def app(monkeypatch):  # type: ignore[no-untyped-def]
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    if app.style().name().lower() != "fusion":
        pytest.skip("the palette is ours only under Fusion")
    monkeypatch.delenv(theme.SCHEME_ENV, raising=False)
    app.setPalette(QPalette())
    yield app
    app.setPalette(QPalette())


def _window_lightness(app: QApplication) -> int:
    return app.palette().color(QPalette.ColorRole.Window).lightness()


def test_system_waits_for_the_paint_and_a_picked_scheme_does_not(app) -> None:
    before = app.palette().color(QPalette.ColorRole.Window)
    theme.before_first_paint(app, "system")
    assert app.palette().color(QPalette.ColorRole.Window) == before
    theme.before_first_paint(app, "dark")
    assert _window_lightness(app) < 128


def test_a_platform_that_reports_dark_but_paints_light_gets_our_dark_palette(
        app, monkeypatch) -> None:
    assert _window_lightness(app) > 128  # offscreen's palette is light
    monkeypatch.setattr(theme, "requested_scheme", lambda _pref="system": Qt.ColorScheme.Dark)
    theme.after_first_paint(app, "system")
    assert app.palette().color(QPalette.ColorRole.Window) == theme.dark_palette().color(
        QPalette.ColorRole.Window)


def test_a_platform_dark_palette_is_kept_and_light_is_left_alone(app, monkeypatch) -> None:
    platform_dark = QPalette(QColor(20, 30, 40))  # a dark palette of the platform's own
    app.setPalette(platform_dark)
    monkeypatch.setattr(theme, "requested_scheme", lambda _pref="system": Qt.ColorScheme.Dark)
    theme.after_first_paint(app, "system")
    assert app.palette().color(QPalette.ColorRole.Button) == QColor(20, 30, 40)
    app.setPalette(QPalette())
    light = app.palette().color(QPalette.ColorRole.Window)
    monkeypatch.setattr(theme, "requested_scheme", lambda _pref="system": Qt.ColorScheme.Light)
    theme.after_first_paint(app, "system")
    assert app.palette().color(QPalette.ColorRole.Window) == light


def test_back_to_system_after_dark_restores_the_platform_palette(app) -> None:
    light = app.palette().color(QPalette.ColorRole.Window)
    theme.apply_scheme(app, "dark")
    assert _window_lightness(app) < 128
    theme.apply_scheme(app, "system")
    assert app.palette().color(QPalette.ColorRole.Window) == light
