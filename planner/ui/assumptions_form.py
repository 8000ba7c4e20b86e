"""The usage and money assumptions as a form: in the energy panel, and in Preferences.

The energy panel edits the open build's assumptions; Preferences edits the ones a new build starts
with. Both need the same fields, ranges, catalog lists and the same rule for switching between a
tariff and a price of one's own, so the form is written once. It holds the values it shows and,
when the user changes a field, emits the whole new pair; it never touches a document itself.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from planner.core.costs.energy import Usage
from planner.core.costs.formatting import Formatter
from planner.core.costs.money import CURRENCIES
from planner.core.costs.prices import BASES
from planner.core.costs.rental import offer_kind
from planner.core.plan.build import CostSettings
from planner.core.records.specs import Catalog
from planner.ui.fields import CheckedDoubleSpinBox, CheckedSpinBox, guard_wheel
from planner.words.formats import formatter
from planner.words.names import carbon_region, tariff_name
from planner.words.prices import price_basis_text
from planner.words.rentals import kind_text, kind_tooltip


class AssumptionsForm(QWidget):
    """Hours, utilization, tariff or price, currency, PUE, grid carbon and horizon."""

    edited = Signal(object, object, str)
    """(Usage, CostSettings, field): the user changed ``field``; the pair is the new whole."""

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.usage = Usage()
        self.cost = CostSettings()
        self._updating = False
        self._shown: tuple[Usage, CostSettings] | None = None

        self.hours = CheckedDoubleSpinBox()
        self.hours.setRange(0, 24)
        self.hours.setDecimals(1)
        self.hours.setSuffix(self.tr(" h/day"))
        self.utilization = CheckedSpinBox()
        self.utilization.setRange(0, 100)
        self.utilization.setSuffix(" %")
        self.utilization.setToolTip(self.tr("Average share of board power drawn while a job "
                                            "runs (100 %: at TDP)"))
        self.tariff = QComboBox()
        self.price = CheckedDoubleSpinBox()
        self.price.setRange(0, 10)
        self.price.setDecimals(3)
        self.price.setSingleStep(0.01)
        self.currency = QComboBox()
        for code in CURRENCIES:
            self.currency.addItem(code, code)
        self.pue = CheckedDoubleSpinBox()
        self.pue.setRange(1.0, 5.0)
        self.pue.setDecimals(2)
        self.pue.setSingleStep(0.05)
        self.pue.setToolTip(self.tr("Power usage effectiveness: 1.0 at home, about 1.4–1.6 "
                                    "in a typical data centre"))
        self.carbon = QComboBox()
        self.years = CheckedSpinBox()
        self.years.setRange(1, 15)
        self.years.setSuffix(self.tr(" years"))
        self.basis = QComboBox()
        for basis in BASES:
            text = price_basis_text(basis)
            self.basis.addItem(text[:1].upper() + text[1:], basis)
        self.basis.setToolTip(self.tr(
            "New: what a shop charges now (a card with no new price in the last 12 months "
            "costs its newest used price, and says so). Used: second-hand. Launch MSRP: the "
            "vendor's price at launch."))
        self.converted = QLabel()
        self.converted.setWordWrap(True)
        self.converted.hide()
        self.cloud = QComboBox()  # its tooltip is the chosen instance, like the other combos
        # Issue 29: a buyer relies on on-demand hours; the others only when asked.
        self.any_kind = QCheckBox(self.tr("Also interruptible and marketplace offers"))
        self.any_kind.setToolTip(self.tr(
            "Off: the automatic rental is an on-demand offer (the provider's own machines, "
            "kept as long as you pay). On: interruptible (spot) hours, marketplace hosts and "
            "reserved prices compete too, and the cheapest like-for-like offer wins."))
        # Tariff and region names are long ("California average commercial price (EIA,
        # 2023)"): sized to their full text, the combos would squeeze what stands beside them.
        for combo in (self.tariff, self.carbon, self.cloud):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(18)
            combo.currentIndexChanged.connect(
                lambda _i, c=combo: c.setToolTip(c.currentText()))
        self.fill_catalog(catalog)

        self.hours.valueChanged.connect(lambda v: self._usage("hours_per_day", float(v)))
        self.utilization.valueChanged.connect(lambda v: self._usage("utilization", v / 100.0))
        self.pue.valueChanged.connect(lambda v: self._usage("pue", float(v)))
        self.tariff.currentIndexChanged.connect(self._on_tariff)
        self.price.valueChanged.connect(lambda v: self._cost("price_per_kwh", float(v)))
        self.currency.currentIndexChanged.connect(self._on_currency)
        self.basis.currentIndexChanged.connect(
            lambda _i: self._cost("price_basis", self.basis.currentData()))
        self.carbon.currentIndexChanged.connect(
            lambda _i: self._cost("carbon_id", self.carbon.currentData()))
        self.years.valueChanged.connect(lambda v: self._cost("years", int(v)))
        self.cloud.currentIndexChanged.connect(
            lambda _i: self._cost("cloud_instance_id", self.cloud.currentData()))
        self.any_kind.toggled.connect(lambda on: self._cost("rent_any_kind", bool(on)))

        form = self.form = QFormLayout(self)
        """The form's layout: Preferences adds its own rows here, aligned with these."""
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(self.tr("Use"), self.hours)
        form.addRow(self.tr("Utilization"), self.utilization)
        form.addRow(self.tr("Tariff"), self.tariff)
        form.addRow(self.tr("Price per kWh"), self.price)
        form.addRow(self.tr("Currency"), self.currency)
        form.addRow("", self.converted)
        form.addRow(self.tr("Cost GPUs at"), self.basis)
        form.addRow(self.tr("PUE"), self.pue)
        form.addRow(self.tr("Grid carbon"), self.carbon)
        form.addRow(self.tr("Horizon"), self.years)
        form.addRow(self.tr("Rent instead"), self.cloud)
        form.addRow("", self.any_kind)
        self.show_values(self.usage, self.cost)
        guard_wheel(self)

    def fill_catalog(self, catalog: Catalog) -> None:
        """List the catalog's tariffs and grid-carbon regions (again, after a catalog change)."""
        self._updating = True
        try:
            self.tariff.clear()
            self.tariff.addItem(self.tr("Custom price"), None)
            for t in catalog.tariffs:
                self.tariff.addItem(tariff_name(t), t.id)
                self.tariff.setItemData(self.tariff.count() - 1,
                                        f"{t.region} · {t.as_of}\n{'; '.join(t.sources)}",
                                        Qt.ItemDataRole.ToolTipRole)
            self.carbon.clear()
            self.carbon.addItem(self.tr("Not counted"), None)
            for c in catalog.carbon:
                self.carbon.addItem(f"{carbon_region(c.region)} ({c.g_co2_per_kwh:g} g/kWh)", c.id)
            self.cloud.clear()
            # What the automatic choice does (costs/rental.rental_offer): the cheapest
            # on-demand rental of the build's own GPU model in the build's count, or none.
            self.cloud.addItem(self.tr("Like for like: the same GPU model and count"), None)
            self.cloud.setItemData(0, self.tr(
                "The cheapest on-demand rental on record of the build's GPU model, as many GPUs "
                "as the build has, priced in the build's currency when such an offer exists; a "
                "build of several GPU models has none"), Qt.ItemDataRole.ToolTipRole)
            gpu_names = {g.id: g.name for g in catalog.gpus}
            for inst in catalog.cloud:
                gpus = f"{inst.gpu_count}× {gpu_names.get(inst.gpu_id, inst.gpu_id)}"
                kind = offer_kind(inst)
                self.cloud.addItem(f"{inst.provider} {inst.name} · {gpus} · {kind_text(kind)}",
                                   inst.id)
                self.cloud.setItemData(
                    self.cloud.count() - 1,
                    f"{inst.price_per_hour:g} {inst.currency}/h, {inst.region}, {inst.as_of}\n"
                    f"{kind_tooltip(kind)} {inst.kind_source}\n{'; '.join(inst.sources)}",
                    Qt.ItemDataRole.ToolTipRole)
        finally:
            self._updating = False
        self._shown = None
        self.show_values(self.usage, self.cost)

    def show_values(self, usage: Usage, cost: CostSettings) -> None:
        """Show these assumptions, touching only the fields that differ.

        Setting a spin box to its own value still repaints it; the energy panel calls this on
        every edit of anything, which would repaint the whole form each time.
        """
        self.usage, self.cost = usage, cost
        if (usage, cost) == self._shown:
            return
        self._shown = (usage, cost)
        self._updating = True
        try:
            _set_value(self.hours, usage.hours_per_day)
            _set_value(self.utilization, round(usage.utilization * 100))
            _set_value(self.pue, usage.pue)
            _set_value(self.years, cost.years)
            _set_index(self.currency, self.currency.findData(cost.currency))
            _set_index(self.basis, self.basis.findData(cost.price_basis))
            _set_index(self.tariff, self.tariff.findData(cost.tariff_id))
            _set_value(self.price, cost.price_per_kwh or 0.0)
            self.price.setEnabled(self.tariff.currentData() is None)
            suffix = f" {cost.kwh_currency}"
            if self.price.suffix() != suffix:
                self.price.setSuffix(suffix)
            _set_index(self.carbon, self.carbon.findData(cost.carbon_id))
            _set_index(self.cloud, self.cloud.findData(cost.cloud_instance_id))
            if self.any_kind.isChecked() != cost.rent_any_kind:
                self.any_kind.setChecked(cost.rent_any_kind)
        finally:
            self._updating = False

    def _usage(self, name: str, value: object) -> None:
        if not self._updating:
            self.edited.emit(replace(self.usage, **{name: value}), self.cost, name)  # type: ignore[arg-type]

    def _cost(self, name: str, value: object) -> None:
        if not self._updating:
            if name == "price_per_kwh":  # typed in the currency its suffix shows
                self.converted.hide()
            self.edited.emit(self.usage, replace(self.cost, **{name: value}), name)  # type: ignore[arg-type]

    def _on_currency(self, _index: int) -> None:
        """Another currency: a typed electricity price is converted to it, and the form says so."""
        if self._updating:
            return
        code = str(self.currency.currentData())
        rates = formatter(code).rates or formatter("USD").rates
        assert rates is not None
        old = self.cost
        new = old.with_currency(code, rates)
        if (old.tariff_id is None and old.price_per_kwh is not None
                and new.price_per_kwh != old.price_per_kwh):
            fmt = Formatter(currency=code)
            self.converted.setText(self.tr(
                "Electricity price converted: %1 %2 per kWh is %3 %4 at the rates of %5.")
                .replace("%1", fmt.number(old.price_per_kwh, 3))
                .replace("%2", old.kwh_currency)
                .replace("%3", fmt.number(new.price_per_kwh, 3)).replace("%4", code)
                .replace("%5", rates.as_of))
            self.converted.show()
        else:
            self.converted.hide()
        self.edited.emit(self.usage, new, "currency")

    def _on_tariff(self, _index: int) -> None:
        if self._updating:
            return
        tariff_id = self.tariff.currentData()
        cost = replace(self.cost, tariff_id=tariff_id)
        if tariff_id is None and cost.price_per_kwh is None:
            cost = replace(cost, price_per_kwh=self.price.value())  # back to one's own price
        self.edited.emit(self.usage, cost, "tariff_id")


def _set_value(spin: QSpinBox | QDoubleSpinBox, value: float) -> None:
    if spin.value() != value:
        spin.setValue(value)  # type: ignore[arg-type]


def _set_index(combo: QComboBox, index: int) -> None:
    if combo.currentIndex() != max(0, index):
        combo.setCurrentIndex(max(0, index))
