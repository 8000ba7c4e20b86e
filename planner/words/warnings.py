"""Build warnings in the user's language, from core's code and parameters.

Core words each warning in English and adds a ``code`` and ``params``; here each known code has a
translatable template. An unknown code (core grew a new rule) falls back to core's English
sentence rather than hiding the warning.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication as Qca

from planner.core.costs.formatting import Formatter
from planner.core.plan.physics import (
    ATX_EXPANSION_SLOTS,
    CIRCUITS_W,
    DESKTOP_GPU_LANES,
    BuildWarning,
)
from planner.words.formats import formatter
from planner.words.wording import circuit_text


def _number(text: str, fmt: Formatter) -> str:
    """A whole number from core's parameters in the reader's separators (the one formatter)."""
    try:
        return fmt.number(float(text))
    except ValueError:
        return text


def _template(code: str) -> str | None:
    """The translated template for a code; %1, %2 … are filled from the parameters."""
    match code:
        case "no-peer-link":
            return Qca.translate("BuildWarnings",
                                 "%1 has no NVLink or Infinity Fabric: GPUs exchange gradients "
                                 "over PCIe, which slows multi-GPU training.")
        case "mixed-architectures":
            return Qca.translate("BuildWarnings",
                                 "The build mixes GPU architectures: data-parallel training runs "
                                 "at the pace of the slowest card and the smallest memory binds.")
        case "mixed-vendors":
            return Qca.translate("BuildWarnings",
                                 "The build mixes vendors: CUDA and ROCm cannot share one training"
                                 " job.")
        case "rocm-support":
            return Qca.translate("BuildWarnings",
                                 "%1 is %2 on current ROCm: PyTorch may not run on it.")
        case "baseboard":
            return Qca.translate("BuildWarnings",
                                 "%1 is a server module (SXM/OAM): it needs a vendor server "
                                 "baseboard (e.g. HGX), not a desktop.")
        case "passive-cooling":
            return Qca.translate("BuildWarnings",
                                 "%1 is passively cooled: it needs a server chassis with "
                                 "front-to-back airflow.")
        case "slot-width":
            return Qca.translate("BuildWarnings",
                                 "The cards need %1 expansion slots; an ATX board has %2. Use a "
                                 "server chassis, blower or water-cooled cards, or risers.")
        case "pcie-lanes":
            return Qca.translate("BuildWarnings",
                                 "The cards want %1 PCIe lanes; a mainstream desktop CPU gives %2 "
                                 "(x8/x8 for two cards). A workstation platform (Threadripper, "
                                 "Xeon W, EPYC) gives each card its x16.")
        case "connectors":
            return Qca.translate("BuildWarnings",
                                 "The cards need %1 16-pin (12V-2×6) connectors; few PSUs have "
                                 "more than two native ones.")
        case "psu":
            return Qca.translate("BuildWarnings",
                                 "The system draws about %1 W: no single ATX PSU covers it at 80 %"
                                 " load; plan for redundant server PSUs.")
        case "circuit":
            return Qca.translate("BuildWarnings",
                                 "About %1 W exceeds what one %2 wall circuit carries continuously"
                                 " (%3 W).")
        case "mixed-memory":
            return Qca.translate("BuildWarnings",
                                 "Cards with different memory: sharded and replicated jobs are "
                                 "bound by the smallest card.")
    return None


def _rocm_status(status: str) -> str:
    if status == "unsupported":
        return Qca.translate("BuildWarnings", "unsupported")
    if status == "unofficial":
        return Qca.translate("BuildWarnings", "unofficially supported")
    return status


def _args(warning: BuildWarning, fmt: Formatter) -> list[str] | None:
    p = warning.params
    try:
        match warning.code:
            case "no-peer-link" | "baseboard" | "passive-cooling":
                return [p["gpu"]]
            case "rocm-support":
                return [p["gpu"], _rocm_status(p["status"])]
            case "slot-width":
                return [p["slots"], str(ATX_EXPANSION_SLOTS)]
            case "pcie-lanes":
                return [p["lanes"], str(DESKTOP_GPU_LANES)]
            case "connectors":
                return [p["count"]]
            case "psu":
                return [_number(p["watts"], fmt)]
            case "circuit":
                limit = CIRCUITS_W.get(p["circuit"])
                if limit is None:
                    return None
                return [_number(p["watts"], fmt), circuit_text(p["circuit"]),
                        _number(str(limit), fmt)]
            case _:
                return []
    except KeyError:
        return None


def warning_text(warning: BuildWarning, fmt: Formatter | None = None) -> str:
    """One sentence for the reader, translated when the code is known.

    ``fmt`` words its numbers (the sheet's, printed in its own number style); by default the
    screen's formatter in the user's locale.
    """
    template = _template(warning.code)
    args = _args(warning, fmt or formatter()) if template is not None else None
    if template is None or args is None:
        return warning.message
    for n, value in reversed(list(enumerate(args, start=1))):
        template = template.replace(f"%{n}", value)
    return template
