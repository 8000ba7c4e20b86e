"""Describe a GPU of one's own (or correct a catalog one): a form checked as the user types.

Each field's problem is one plain sentence right under it, and OK stays disabled until there is
none. The limits are the catalog's own (`planner.schema.records.GpuRecord`), so the dialog never
accepts a figure the store would refuse; anything the store still refuses is shown in the dialog,
which stays open.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from planner.core.costs.prices import user_price, with_user_price
from planner.core.records.specs import Catalog, GpuSpec
from planner.schema.fields import ID_PATTERN
from planner.schema.records import MEMORY_TYPES, VENDORS, catalog_range
from planner.ui.fields import CheckedDoubleSpinBox, guard_wheel

FORM_FACTORS = ("pcie-card", "sxm", "oam", "superchip")
SEGMENTS = ("consumer", "workstation", "datacenter")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def new_gpu_id(name: str, catalog: Catalog) -> str:
    """A fresh catalog id for the user's GPU: ``custom-<name>``, numbered if taken."""
    base = "custom-" + (_slug(name) or "gpu")
    candidate, n = base, 1
    while catalog.gpu(candidate) is not None:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def _high(key: str) -> float:
    return float(catalog_range(key).high or 1e6)


def _low(key: str) -> float:
    rng = catalog_range(key)
    return float(rng.low if rng.low is not None else rng.above or 0.0)


class CustomGpuDialog(QDialog):
    """Add a GPU (``gpu`` None) or edit one; ``save`` stores it and raises with a sentence."""

    def __init__(self, catalog: Catalog, save: Callable[[GpuSpec], None],
                 gpu: GpuSpec | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._catalog = catalog
        self._save = save
        self._original = gpu
        self.saved: GpuSpec | None = None
        self.setWindowTitle(self.tr("Edit GPU") if gpu else self.tr("Add Custom GPU"))
        self.setMinimumWidth(440)

        self.name = QLineEdit()
        self.vendor = QComboBox()
        for v in VENDORS:
            self.vendor.addItem(v, v)
        self.architecture = QComboBox()
        self.architecture.setEditable(True)
        self.segment = QComboBox()
        for key, text in zip(SEGMENTS, (self.tr("Consumer"), self.tr("Workstation"),
                                        self.tr("Data centre")), strict=True):
            self.segment.addItem(text, key)
        self.form_factor = QComboBox()
        for key, text in zip(FORM_FACTORS, (self.tr("PCIe card"), self.tr("SXM module"),
                                            self.tr("OAM module"), self.tr("Superchip")),
                             strict=True):
            self.form_factor.addItem(text, key)
        self.memory = self._number(_high("memory_gb"), 1, self.tr(" GB"))
        self.memory_type = QComboBox()
        for choice in MEMORY_TYPES:
            self.memory_type.addItem(str(choice), choice)
        self.bandwidth = self._number(_high("memory_bandwidth_gbs"), 0, self.tr(" GB/s"))
        self.tdp = self._number(_high("tdp_w"), 0, self.tr(" W"))
        self.fp16 = self._number(_high("fp16_tensor_tflops"), 1, " TFLOPS", optional=True)
        self.price = self._number(1_000_000, 0, "", optional=True, prefix="$")
        self.source = QLineEdit()
        self.source.setPlaceholderText(self.tr("Optional: a datasheet link or document title"))

        self.problems: dict[str, QLabel] = {}
        form = QFormLayout()
        rows: list[tuple[str, str, QWidget]] = [
            ("name", self.tr("Name"), self.name), ("vendor", self.tr("Vendor"), self.vendor),
            ("architecture", self.tr("Architecture"), self.architecture),
            ("segment", self.tr("Segment"), self.segment),
            ("form_factor", self.tr("Form factor"), self.form_factor),
            ("memory", self.tr("Memory"), self.memory),
            ("memory_type", self.tr("Memory type"), self.memory_type),
            ("bandwidth", self.tr("Memory bandwidth"), self.bandwidth),
            ("tdp", self.tr("Board power"), self.tdp),
            ("fp16", self.tr("FP16 tensor (dense)"), self.fp16),
            ("price", self.tr("Price (USD)"), self.price),
            ("source", self.tr("Source"), self.source)]
        for key, label, widget in rows:
            problem = QLabel()
            problem.setWordWrap(True)
            problem.setStyleSheet("color: #d9534f;")  # readable on light and dark
            problem.hide()
            self.problems[key] = problem
            box = QVBoxLayout()
            box.setSpacing(2)
            box.addWidget(widget)
            box.addWidget(problem)
            form.addRow(label, box)
        self.store_problem = QLabel()
        self.store_problem.setWordWrap(True)
        self.store_problem.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.store_problem)
        layout.addWidget(self.buttons)

        self.vendor.currentIndexChanged.connect(self._fill_architectures)
        self._fill_architectures()
        if gpu is not None:
            self._show(gpu)
        for signal in (self.name.textChanged, self.architecture.currentTextChanged,
                       self.memory.valueChanged, self.bandwidth.valueChanged,
                       self.tdp.valueChanged, self.fp16.valueChanged, self.price.valueChanged):
            signal.connect(self.validate)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.validate()
        guard_wheel(self)

    def _number(self, high: float, decimals: int, suffix: str, optional: bool = False,
                prefix: str = "") -> QDoubleSpinBox:
        spin = CheckedDoubleSpinBox()
        spin.setRange(0, high)
        spin.setDecimals(decimals)
        spin.setSuffix(suffix)
        spin.setPrefix(prefix)
        spin.setGroupSeparatorShown(True)
        if optional:
            spin.setSpecialValueText(self.tr("unknown"))
        return spin

    def _fill_architectures(self) -> None:
        vendor = self.vendor.currentData()
        current = self.architecture.currentText()
        self.architecture.blockSignals(True)
        self.architecture.clear()
        for arch in sorted((a for a in self._catalog.architectures if a.vendor == vendor),
                           key=lambda a: a.launch_year, reverse=True):
            self.architecture.addItem(arch.name, arch.id)
        if current:
            self.architecture.setCurrentText(current)
        self.architecture.blockSignals(False)
        self.validate()

    def _show(self, gpu: GpuSpec) -> None:
        self.name.setText(gpu.name)
        self.vendor.setCurrentIndex(max(0, self.vendor.findData(gpu.vendor)))
        self._fill_architectures()
        found = self.architecture.findData(gpu.architecture)
        if found >= 0:
            self.architecture.setCurrentIndex(found)
        else:
            self.architecture.setCurrentText(gpu.architecture)
        self.segment.setCurrentIndex(max(0, self.segment.findData(gpu.segment)))
        self.form_factor.setCurrentIndex(max(0, self.form_factor.findData(gpu.form_factor)))
        self.memory.setValue(gpu.memory_gb)
        self.memory_type.setCurrentIndex(max(0, self.memory_type.findData(gpu.memory_type)))
        self.bandwidth.setValue(gpu.memory_bandwidth_gbs)
        self.tdp.setValue(gpu.tdp_w)
        self.fp16.setValue(gpu.fp16_tensor_tflops or 0)
        own = user_price(gpu.prices)
        self.price.setValue(own.amount if own is not None else 0)
        self.source.setText(gpu.sources[0] if gpu.sources else "")

    def architecture_id(self) -> str:
        """The chosen architecture's id (a typed name becomes a slug)."""
        text = self.architecture.currentText().strip()
        index = self.architecture.findText(text)
        if index >= 0 and self.architecture.itemData(index):
            return str(self.architecture.itemData(index))
        return _slug(text)

    def problems_found(self) -> dict[str, str]:
        """Field key → the sentence saying what is wrong with it."""
        found: dict[str, str] = {}
        if not self.name.text().strip():
            found["name"] = self.tr("Give the GPU a name.")
        if not re.fullmatch(ID_PATTERN, self.architecture_id()):
            found["architecture"] = self.tr("Choose an architecture or type its name.")
        if self.memory.value() <= _low("memory_gb"):
            found["memory"] = self.tr("Memory must be more than 0 GB.")
        if self.bandwidth.value() < _low("memory_bandwidth_gbs"):
            found["bandwidth"] = self.tr("Bandwidth must be at least %1 GB/s (in GB/s, not "
                                         "TB/s).").replace(
                                             "%1", f"{_low('memory_bandwidth_gbs'):g}")
        if self.tdp.value() < _low("tdp_w"):
            found["tdp"] = self.tr("Board power must be at least %1 W.").replace(
                "%1", f"{_low('tdp_w'):g}")
        return found

    def validate(self) -> bool:
        """Show each field's problem under it; OK only when there is none."""
        found = self.problems_found()
        for key, label in self.problems.items():
            label.setText(found.get(key, ""))
            label.setVisible(key in found)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not found)
        self.store_problem.hide()
        return not found

    def spec(self) -> GpuSpec:
        """The GPU as entered."""
        name = self.name.text().strip()
        source = self.source.text().strip()
        values = dict(
            vendor=str(self.vendor.currentData()), name=name,
            architecture=self.architecture_id(), segment=str(self.segment.currentData()),
            form_factor=str(self.form_factor.currentData()),
            memory_gb=self.memory.value(), memory_type=str(self.memory_type.currentData()),
            memory_bandwidth_gbs=self.bandwidth.value(), tdp_w=self.tdp.value(),
            fp16_tensor_tflops=self.fp16.value() or None,
            prices=with_user_price(self._original.prices if self._original else (),
                                   self.price.value() or None),
            sources=(source,) if source else ())
        if self._original is not None:
            return replace(self._original, **values)  # type: ignore[arg-type]
        return GpuSpec(id=new_gpu_id(name, self._catalog), custom=True,
                       **values)  # type: ignore[arg-type]

    def accept(self) -> None:
        """Store the GPU; on a refusal show the sentence and stay open."""
        if not self.validate():
            return
        spec = self.spec()
        try:
            self._save(spec)
        except ValueError as exc:  # CatalogError is a ValueError
            self.store_problem.setText(str(exc))
            self.store_problem.show()
            return
        self.saved = spec
        super().accept()
