"""Preferences: what a new build starts with, and how the app looks and speaks.

An open build's assumptions travel in its file (so a colleague sees the same figures); the
defaults here only seed File ▸ New and the empty build at start-up. A value in the settings store
that is missing, of the wrong type or impossible (a 30-hour day) falls back to the built-in
default rather than reaching the estimators.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from planner.core.costs.energy import Usage
from planner.core.costs.money import CURRENCIES
from planner.core.costs.prices import BASES
from planner.core.plan.build import Build, CostSettings
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Catalog
from planner.languages import LANGUAGES
from planner.ui import settings as cfg
from planner.ui import theme
from planner.ui.assumptions_form import AssumptionsForm

SCHEMES = ("system", "light", "dark")
_DEFAULT_COST = CostSettings()


def new_build_defaults(settings: QSettings, catalog: Catalog) -> tuple[Usage, CostSettings]:
    """The assumptions a new build starts with; anything unusable falls back to the default."""
    usage = Usage(hours_per_day=cfg.read(settings, cfg.NEW_HOURS_PER_DAY),
                  utilization=cfg.read(settings, cfg.NEW_UTILIZATION),
                  pue=cfg.read(settings, cfg.NEW_PUE))
    try:
        usage.check()
    except EstimateError:
        usage = Usage()
    currency = str(cfg.read(settings, cfg.NEW_CURRENCY))
    tariff = str(cfg.read(settings, cfg.NEW_TARIFF)) or None
    carbon = str(cfg.read(settings, cfg.NEW_CARBON)) or None
    price = float(cfg.read(settings, cfg.NEW_PRICE_PER_KWH))
    years = int(cfg.read(settings, cfg.NEW_YEARS))
    cloud = str(cfg.read(settings, cfg.NEW_CLOUD)) or None
    basis = str(cfg.read(settings, cfg.NEW_PRICE_BASIS))
    cost = CostSettings(
        currency=currency if currency in CURRENCIES else _DEFAULT_COST.currency,
        tariff_id=tariff if tariff and any(t.id == tariff for t in catalog.tariffs) else None,
        price_per_kwh=price if 0 <= price <= 10 else _DEFAULT_COST.price_per_kwh,
        carbon_id=carbon if carbon and any(c.id == carbon for c in catalog.carbon) else None,
        years=years if 1 <= years <= 15 else _DEFAULT_COST.years,
        cloud_instance_id=cloud if cloud and any(c.id == cloud for c in catalog.cloud)
        else None,
        price_basis=basis if basis in BASES else _DEFAULT_COST.price_basis,
        # An INI file gives "false" back as text, which bool() would read as true.
        rent_any_kind=str(cfg.read(settings, cfg.NEW_RENT_ANY_KIND)).lower() == "true")
    return usage, cost


def save_new_build_defaults(settings: QSettings, usage: Usage, cost: CostSettings) -> None:
    """Remember the assumptions for the next new build."""
    cfg.write(settings, cfg.NEW_HOURS_PER_DAY, usage.hours_per_day)
    cfg.write(settings, cfg.NEW_UTILIZATION, usage.utilization)
    cfg.write(settings, cfg.NEW_PUE, usage.pue)
    cfg.write(settings, cfg.NEW_CURRENCY, cost.currency)
    cfg.write(settings, cfg.NEW_TARIFF, cost.tariff_id or "")
    cfg.write(settings, cfg.NEW_PRICE_PER_KWH,
              cost.price_per_kwh if cost.price_per_kwh is not None
              else _DEFAULT_COST.price_per_kwh)
    cfg.write(settings, cfg.NEW_CARBON, cost.carbon_id or "")
    cfg.write(settings, cfg.NEW_YEARS, cost.years)
    cfg.write(settings, cfg.NEW_CLOUD, cost.cloud_instance_id or "")
    cfg.write(settings, cfg.NEW_RENT_ANY_KIND, cost.rent_any_kind)
    cfg.write(settings, cfg.NEW_PRICE_BASIS, cost.price_basis)


def new_build(name: str, catalog: Catalog) -> Build:
    """An empty build with the user's default assumptions."""
    usage, cost = new_build_defaults(cfg.open_settings(), catalog)
    return Build(name=name, usage=usage, cost=cost)


class PreferencesDialog(QDialog):
    """New-build assumptions, colour scheme and language; OK stores them."""

    def __init__(self, catalog: Catalog, open_build: Build | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Preferences"))
        self.setMinimumWidth(440)
        self._catalog = catalog
        self._open_build = open_build
        settings = cfg.open_settings()

        self.assumptions = AssumptionsForm(catalog)
        self.assumptions.show_values(*new_build_defaults(settings, catalog))
        self.assumptions.edited.connect(
            lambda usage, cost, _field: self.assumptions.show_values(usage, cost))
        self.from_open = QPushButton(self.tr("Use the Open Build's Assumptions"))
        self.from_open.setEnabled(open_build is not None)
        self.from_open.clicked.connect(self._use_open_build)
        builds = QGroupBox(self.tr("New builds start with"))
        builds_layout = QVBoxLayout(builds)
        builds_layout.addWidget(self.assumptions)
        builds_layout.addWidget(self.from_open)
        note = QLabel(self.tr("An open build keeps its own assumptions; they are saved in its "
                              "file."))
        note.setWordWrap(True)
        builds_layout.addWidget(note)

        self.scheme = QComboBox()
        for key, text in zip(SCHEMES, (self.tr("Follow the system"), self.tr("Light"),
                                       self.tr("Dark")), strict=True):
            self.scheme.addItem(text, key)
        self.scheme.setCurrentIndex(max(0, self.scheme.findData(
            cfg.read(settings, cfg.COLOR_SCHEME))))
        self.language = QComboBox()
        self.language.addItem(self.tr("Follow the system"), "system")
        for code, name in LANGUAGES:
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(
            cfg.read(settings, cfg.LANGUAGE))))
        self.language_note = QLabel(self.tr("A new language takes effect when the app starts "
                                            "again."))
        self.language_note.setWordWrap(True)
        look = QGroupBox(self.tr("Appearance"))
        look_form = QFormLayout(look)
        look_form.addRow(self.tr("Colours"), self.scheme)
        look_form.addRow(self.tr("Language"), self.language)
        look_form.addRow(self.language_note)

        self.team = QLineEdit(str(cfg.read(settings, cfg.TEAM_ADDRESS)))
        self.team.setPlaceholderText(self.tr("postgresql://you@lab-server/planner?sslmode=require"))
        self.team_note = QLabel(self.tr("A PostgreSQL address without a password, or a service "
                                        "name from pg_service.conf. Keep the password in "
                                        "~/.pgpass or the service file. Leave empty to work "
                                        "alone."))
        self.team_note.setWordWrap(True)
        team = QGroupBox(self.tr("Team catalog"))
        team_form = QFormLayout(team)
        team_form.addRow(self.tr("Team database"), self.team)
        self.team_password: QLineEdit | None = None
        from planner.catalog.team.secrets import keyring_name

        keyring = keyring_name()  # None: no keyring here; the password stays libpq's
        if keyring is not None:
            self.team_password = QLineEdit()
            self.team_password.setEchoMode(QLineEdit.EchoMode.Password)
            self.team_password.setPlaceholderText(self.tr("kept in the system keyring"))
            self.team_password.setToolTip(self.tr("Typed here, the password goes to the system "
                                                  "keyring (%1), never to the settings file; "
                                                  "left empty, the one kept stays.")
                                          .replace("%1", keyring))
            team_form.addRow(self.tr("Password"), self.team_password)
        team_form.addRow(self.team_note)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel
                                        | QDialogButtonBox.StandardButton.RestoreDefaults)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        restore = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        restore.clicked.connect(self._restore_defaults)

        layout = QVBoxLayout(self)
        layout.addWidget(builds)
        layout.addWidget(look)
        layout.addWidget(team)
        layout.addWidget(self.buttons)

    def _use_open_build(self) -> None:
        if self._open_build is not None:
            self.assumptions.show_values(self._open_build.usage, self._open_build.cost)

    def _restore_defaults(self) -> None:
        self.assumptions.show_values(Usage(), CostSettings())
        self.scheme.setCurrentIndex(0)
        self.language.setCurrentIndex(0)

    def accept(self) -> None:
        """Store everything, and switch colours at once (language waits for a restart)."""
        from planner.catalog.team.connection import password_in

        address = self.team.text().strip()
        if address and password_in(address):
            self.team_note.setText(self.tr("This address holds a password, which would be kept "
                                           "in the settings file as plain text; put it in "
                                           "~/.pgpass or the service file instead."))
            self.team.setFocus()
            return
        settings = cfg.open_settings()
        cfg.write(settings, cfg.TEAM_ADDRESS, address)
        if self.team_password is not None and self.team_password.text() and address:
            from planner.catalog.team.connection import describe
            from planner.catalog.team.secrets import store_password

            store_password(describe(address), self.team_password.text())
        usage, cost = self.assumptions.usage, self.assumptions.cost
        if cost.tariff_id is None and cost.price_per_kwh is None:
            cost = replace(cost, price_per_kwh=_DEFAULT_COST.price_per_kwh)
        save_new_build_defaults(settings, usage, cost)
        scheme = str(self.scheme.currentData())
        cfg.write(settings, cfg.COLOR_SCHEME, scheme)
        cfg.write(settings, cfg.LANGUAGE, str(self.language.currentData()))
        settings.sync()
        app = QApplication.instance()
        if isinstance(app, QApplication):
            theme.apply_scheme(app, scheme)
        super().accept()
