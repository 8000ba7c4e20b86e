"""Preferences seed new builds and are stored; bad stored values never reach the estimators."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from planner.core.costs.energy import Usage
from planner.core.plan.build import CostSettings
from planner.ui import settings as cfg
from planner.ui import theme
from planner.ui.main_window import MainWindow
from planner.ui.preferences import (
    PreferencesDialog,
    new_build_defaults,
    save_new_build_defaults,
)


def test_defaults_round_trip_through_the_settings_store(fixture_catalog) -> None:
    settings = cfg.open_settings()
    assert new_build_defaults(settings, fixture_catalog) == (Usage(), CostSettings())
    tariff, carbon = fixture_catalog.tariffs[0].id, fixture_catalog.carbon[0].id
    usage = Usage(hours_per_day=6.5, utilization=0.7, pue=1.3)
    cloud = fixture_catalog.cloud[0].id
    cost = CostSettings(currency="CNY", tariff_id=tariff, carbon_id=carbon, years=5,
                        cloud_instance_id=cloud)
    save_new_build_defaults(settings, usage, cost)
    settings.sync()
    assert new_build_defaults(cfg.open_settings(), fixture_catalog) == (usage, cost)


def test_impossible_stored_values_fall_back_to_built_in_defaults(fixture_catalog) -> None:
    settings = cfg.open_settings()
    for setting, value in ((cfg.NEW_HOURS_PER_DAY, 30), (cfg.NEW_CURRENCY, "XYZ"),
                           (cfg.NEW_TARIFF, "no-such-tariff"), (cfg.NEW_PRICE_PER_KWH, "cheap"),
                           (cfg.NEW_YEARS, 99), (cfg.NEW_CARBON, "mars"),
                           (cfg.NEW_CLOUD, "no-such-instance")):
        cfg.write(settings, setting, value)
    usage, cost = new_build_defaults(settings, fixture_catalog)
    assert usage == Usage()
    assert cost == CostSettings()


def _window(qtbot, store) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win, before_close_func=lambda w: w.document.undo_stack.setClean())
    win.set_store(store)
    return win


def test_dialog_stores_defaults_used_by_new_builds(qtbot, store) -> None:
    win = _window(qtbot, store)
    dialog = PreferencesDialog(win.document.catalog, win.document.build, win)
    qtbot.addWidget(dialog)
    form = dialog.assumptions
    form.hours.setValue(4)
    form.currency.setCurrentIndex(form.currency.findData("EUR"))
    form.years.setValue(6)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert win.files.new()
    build = win.document.build
    assert build.usage.hours_per_day == 4 and build.cost.currency == "EUR"
    assert build.cost.years == 6 and not win.document.is_modified()


def test_dialog_takes_the_open_builds_assumptions_and_restores_defaults(qtbot, store) -> None:
    win = _window(qtbot, store)
    from dataclasses import replace

    tariff = win.document.catalog.tariffs[0].id
    custom = replace(win.document.build, usage=Usage(hours_per_day=20, utilization=0.5),
                     cost=CostSettings(currency="CNY", tariff_id=tariff))
    dialog = PreferencesDialog(win.document.catalog, custom, win)
    qtbot.addWidget(dialog)
    dialog.from_open.click()
    assert dialog.assumptions.usage == custom.usage and dialog.assumptions.cost == custom.cost
    assert dialog.assumptions.tariff.currentData() == tariff
    assert not dialog.assumptions.price.isEnabled()
    dialog.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).click()
    assert dialog.assumptions.usage == Usage() and dialog.assumptions.cost == CostSettings()
    dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()
    assert new_build_defaults(cfg.open_settings(), win.document.catalog)[0] == Usage()


def test_start_up_build_gets_the_defaults_once_the_catalog_is_in(qtbot, store) -> None:
    save_new_build_defaults(cfg.open_settings(), Usage(hours_per_day=3), CostSettings(years=9))
    win = _window(qtbot, store)
    assert win.document.build.usage.hours_per_day == 3 and win.document.build.cost.years == 9
    assert win.document.undo_stack.count() == 0


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_colour_scheme_switches_at_once_and_is_stored(qtbot, store, scheme) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    if app.style().name().lower() != "fusion":
        pytest.skip("the palette is ours only under Fusion")
    win = _window(qtbot, store)
    dialog = PreferencesDialog(win.document.catalog, None, win)
    qtbot.addWidget(dialog)
    dialog.scheme.setCurrentIndex(dialog.scheme.findData(scheme))
    try:
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
        assert cfg.read(cfg.open_settings(), cfg.COLOR_SCHEME) == scheme
        window_color = app.palette().color(QPalette.ColorRole.Window)
        assert (window_color.lightness() < 128) == (scheme == "dark")
    finally:
        theme.apply_scheme(app, "light")


def test_cost_gpus_at_lines_up_with_the_assumptions_above(qtbot, store) -> None:
    """Issue 12: the row sat in a form of its own, its field out of line with the others."""
    dialog = PreferencesDialog(store.catalog())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    fields = [dialog.assumptions.hours, dialog.assumptions.cloud, dialog.assumptions.basis]
    lefts = {f.mapTo(dialog, f.rect().topLeft()).x() for f in fields}
    assert len(lefts) == 1, lefts
    form = dialog.assumptions.form
    labels = [form.labelForField(f) for f in fields]
    assert len({label.mapTo(dialog, label.rect().topLeft()).x() for label in labels}) == 1


def test_cloud_choice_says_what_the_automatic_one_does(qtbot, store) -> None:
    """The automatic rental is like for like (views_energy.like_for_like), not "cheapest"."""
    dialog = PreferencesDialog(store.catalog())
    qtbot.addWidget(dialog)
    cloud = dialog.assumptions.cloud
    assert cloud.itemData(0) is None  # the automatic choice
    text = cloud.itemText(0)
    assert "same GPU model and count" in text and "cheapest on record" not in text


def test_a_switch_saved_off_in_an_ini_file_reads_back_off(tmp_path) -> None:
    """QSettings' INI format hands a stored False back as the text "false", which bool() reads
    as True: a switch turned off came back on at the next start."""
    from PySide6.QtCore import QSettings

    from planner.ui import settings as cfg

    store = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    switch = cfg.Setting("test/switch", True, bool)
    cfg.write(store, switch, False)
    store.sync()
    again = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    assert cfg.read(again, switch) is False
    cfg.write(again, switch, True)
    assert cfg.read(again, switch) is True
