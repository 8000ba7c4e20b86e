"""Will the build physically work: slots, lanes, links, connectors, PSU, wall circuit and heat.

Warnings carry a code and parameters as well as an English sentence so the UI can show them in
the user's language without core knowing about translation.

Rules and their sources (see docs/estimation.md):
- A PSU is sized so the continuous load stays at or under 80 % of its rating, which also leaves
  the transient headroom ATX 3.x asks of GPUs (power excursions up to 2× for 100 µs).
- A 120 V / 15 A North American branch circuit carries 1,440 W continuously (80 % of 1,800 W,
  NEC 210.19/210.20); a common Chinese 220 V / 10 A outlet (GB 2099) carries 2,200 W; a European
  230 V / 16 A circuit 3,680 W.
- The wall circuit is the build's region's (issue 29): where its electricity is bought (the
  tariff's id starts with the country code, ``cn-``, ``us-``, ``de-``, ``eu-`` ...), else the
  currency it is costed in (CNY China, EUR Europe, USD United States). A Beijing build is advised
  about 220 V, never about the 120 V circuit of a US one.
- Heat: 1 W = 3.412 BTU/h.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from planner.core.costs.energy import heat_btu_per_hour
from planner.core.plan.build import Build, CostSettings

PSU_LOAD_FRACTION = 0.80
DEFAULT_HOST_WATTS = 200.0
PSU_SIZES_W = (550, 650, 750, 850, 1000, 1200, 1300, 1500, 1600, 2000, 2400, 2800, 3200)
#: A desktop ATX board exposes 7 expansion slots; workstation/server boards and risers go further.
ATX_EXPANSION_SLOTS = 7
#: Lanes from a mainstream desktop CPU for graphics (x16, or x8/x8); HEDT/workstation have 64+.
DESKTOP_GPU_LANES = 16
CIRCUITS_W = {"120V-15A": 1440.0, "220V-10A": 2200.0, "230V-16A": 3680.0}
#: The common wall circuit of each mains region (China 220 V, Europe 230 V, United States 120 V).
REGION_CIRCUITS = {"CN": "220V-10A", "EU": "230V-16A", "US": "120V-15A"}
#: Mains regions by the country code a tariff's id starts with (EU member states and "eu").
TARIFF_PREFIX_REGIONS = {"cn": "CN", "us": "US", "eu": "EU", **dict.fromkeys((
    "at", "be", "bg", "hr", "cy", "cz", "dk", "ee", "fi", "fr", "de", "gr", "hu", "ie", "it", "lv",
    "lt", "lu", "mt", "nl", "pl", "pt", "ro", "sk", "si", "es", "se"), "EU")}
#: Mains regions by the currency a build is costed in, when its tariff names no region.
CURRENCY_REGIONS = {"CNY": "CN", "EUR": "EU", "USD": "US"}


@dataclass(frozen=True, slots=True)
class BuildWarning:
    """Something a buyer must know; ``code`` + ``params`` let the UI translate it."""

    code: str
    message: str
    params: dict[str, str] = field(default_factory=dict)
    severity: str = "warning"


@dataclass(frozen=True, slots=True)
class BuildSummary:
    """Live totals for the build."""

    gpu_count: int
    total_memory_bytes: int
    min_memory_bytes: int
    total_tdp_w: float
    system_w: float
    recommended_psu_w: int | None
    heat_btu_per_hour: float
    expansion_slots: float
    pcie_lanes: int
    connectors_16pin: int
    connectors_8pin: int
    warnings: tuple[BuildWarning, ...]
    circuit: str = "120V-15A"
    """The wall circuit the build was checked against (its region's, see :func:`circuit_for`)."""


def tariff_region(tariff_id: str | None) -> str | None:
    """The mains region a tariff id names by its country-code prefix (None: it names none)."""
    if not tariff_id:
        return None
    return TARIFF_PREFIX_REGIONS.get(tariff_id.split("-", 1)[0].lower())


def circuit_for(cost: CostSettings) -> str:
    """The wall circuit of the build's region: its tariff's country, else its currency's."""
    region = tariff_region(cost.tariff_id) or CURRENCY_REGIONS.get(cost.currency, "US")
    return REGION_CIRCUITS[region]


def circuit_label(circuit: str) -> str:
    """A circuit key as a buyer reads it: ``"220V-10A"`` is ``"220 V / 10 A"``."""
    volts, _, amps = circuit.partition("-")
    return f"{volts[:-1]} V / {amps[:-1]} A" if volts.endswith("V") and amps.endswith("A") \
        else circuit


def circuits_needed(system_w: float, circuit: str) -> int | None:
    """How many of ``circuit`` carry ``system_w`` continuously (None: an unknown circuit)."""
    limit = CIRCUITS_W.get(circuit)
    return max(1, math.ceil(system_w / limit)) if limit else None


def recommended_psu(system_w: float) -> int | None:
    """Smallest common PSU rating that keeps the load at or under 80 %."""
    need = system_w / PSU_LOAD_FRACTION
    return next((s for s in PSU_SIZES_W if s >= need), None)


def summarize(build: Build, host_w: float = DEFAULT_HOST_WATTS,
              circuit: str | None = None) -> BuildSummary:
    """Totals and warnings for the whole build (its price: :func:`~.build.purchase`).

    ``circuit`` defaults to the build's region's (:func:`circuit_for`), so every surface that
    summarizes the same build advises about the same wall circuit.
    """
    circuit = circuit or circuit_for(build.cost)
    slots = build.slots
    n = build.gpu_count
    warnings: list[BuildWarning] = []
    total_mem = sum(s.gpu.memory_bytes * s.count for s in slots)
    min_mem = min((s.gpu.memory_bytes for s in slots), default=0)
    tdp = sum(s.gpu.tdp_w * s.count for s in slots)
    system_w = tdp + (host_w if n else 0.0)
    psu = recommended_psu(system_w) if n else None
    pcie_cards = [s for s in slots if s.gpu.form_factor == "pcie-card"]
    width = sum((s.gpu.slot_width or 2.0) * s.count for s in pcie_cards)
    lanes = sum((s.gpu.pcie_lanes or 16) * s.count for s in pcie_cards)
    c16 = sum((s.gpu.connectors_16pin or 0) * s.count for s in slots)
    c8 = sum((s.gpu.connectors_8pin or 0) * s.count for s in slots)

    def warn(code: str, message: str, severity: str = "warning", **params: object) -> None:
        warnings.append(BuildWarning(code, message, {k: str(v) for k, v in params.items()},
                                     severity))

    if n >= 2:
        for s in slots:
            if not s.gpu.has_peer_link:
                warn("no-peer-link",
                     f"{s.gpu.name} has no NVLink or Infinity Fabric: GPUs exchange gradients "
                     f"over PCIe, which slows multi-GPU training.", gpu=s.gpu.name)
        if len({s.gpu.architecture for s in slots}) > 1:
            warn("mixed-architectures",
                 "The build mixes GPU architectures: data-parallel training runs at the pace "
                 "of the slowest card and the smallest memory binds.")
        if len({s.gpu.vendor for s in slots}) > 1:
            warn("mixed-vendors", "The build mixes vendors: CUDA and ROCm cannot share one "
                 "training job.", severity="error")
    for s in slots:
        if s.gpu.vendor == "AMD" and s.gpu.rocm_support in ("unsupported", "unofficial"):
            warn("rocm-support", f"{s.gpu.name} is {s.gpu.rocm_support} on current ROCm: "
                 f"PyTorch may not run on it.", gpu=s.gpu.name, status=s.gpu.rocm_support)
        if s.gpu.form_factor in ("sxm", "oam", "superchip"):
            warn("baseboard", f"{s.gpu.name} is a {s.gpu.form_factor.upper()} module: it needs "
                 f"a vendor server baseboard (e.g. HGX), not a desktop.", gpu=s.gpu.name)
        elif s.gpu.segment == "datacenter" and s.gpu.form_factor == "pcie-card":
            warn("passive-cooling", f"{s.gpu.name} is passively cooled: it needs a server "
                 f"chassis with front-to-back airflow.", gpu=s.gpu.name, severity="info")
    if width > ATX_EXPANSION_SLOTS:
        warn("slot-width", f"The cards need {width:g} expansion slots; an ATX board has "
             f"{ATX_EXPANSION_SLOTS}. Use a server chassis, blower or water-cooled cards, or "
             f"risers.", slots=f"{width:g}")
    if lanes > DESKTOP_GPU_LANES and len(pcie_cards) and n >= 2:
        warn("pcie-lanes", f"The cards want {lanes} PCIe lanes; a mainstream desktop CPU gives "
             f"{DESKTOP_GPU_LANES} (x8/x8 for two cards). A workstation platform (Threadripper, "
             f"Xeon W, EPYC) gives each card its x16.", lanes=lanes, severity="info")
    if c16 > 2:
        warn("connectors", f"The cards need {c16} 16-pin (12V-2×6) connectors; few PSUs have "
             f"more than two native ones.", count=c16)
    if psu is None and n:
        warn("psu", f"The system draws about {system_w:,.0f} W: no single ATX PSU covers it "
             f"at 80 % load; plan for redundant server PSUs.", watts=round(system_w))
    limit = CIRCUITS_W.get(circuit)
    if limit and system_w > limit and n:
        warn("circuit", f"About {system_w:,.0f} W exceeds what one {circuit_label(circuit)} wall "
             f"circuit carries continuously ({limit:,.0f} W).", watts=round(system_w),
             circuit=circuit)
    if any(s.gpu.memory_bytes != min_mem for s in slots):
        warn("mixed-memory", "Cards with different memory: sharded and replicated jobs are "
             "bound by the smallest card.", severity="info")
    return BuildSummary(
        gpu_count=n,
        total_memory_bytes=total_mem,
        min_memory_bytes=min_mem,
        total_tdp_w=tdp,
        system_w=system_w,
        recommended_psu_w=psu,
        heat_btu_per_hour=heat_btu_per_hour(system_w),
        expansion_slots=width,
        pcie_lanes=lanes,
        connectors_16pin=c16,
        connectors_8pin=c8,
        warnings=tuple(warnings),
        circuit=circuit,
    )
