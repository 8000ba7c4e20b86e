"""Measured runs and calibration in the user's language: the headroom tooltip and the panel.

Figures arrive worded by the caller's formatter; these are the sentences around them.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject


class Runs(QObject):
    """The translation context of these sentences.

    Written ``Runs.tr("…", "", n)`` where a count is involved: lupdate marks those as plural,
    which it does not for ``QCoreApplication.translate``.
    """

    @classmethod
    def tr(cls, text: str, disambiguation: str | None = None, n: int = -1) -> str:
        """Translate in the "Runs" context (a class method: no object is needed)."""
        return QCoreApplication.translate("Runs", text, disambiguation, n)


def metric_text(metric: str) -> str:
    """What measured a peak: live tensors, PyTorch's pool, or the device as nvidia-smi sees it."""
    if metric == "max_memory_allocated":
        return QCoreApplication.translate("Runs", "allocated")
    if metric == "max_memory_reserved":
        return QCoreApplication.translate("Runs", "reserved")
    return QCoreApplication.translate("Runs", "nvidia-smi")


def calibrated_text(runs: int, stack: str, calibrated: str, formula: str, residual: str,
                    loo: str | None) -> str:
    """The tooltip's sentence for a calibrated estimate."""
    text = Runs.tr(
        "Calibrated from %n of your runs on this GPU (%1): %2; the formulas alone "
        "say %3. Error on those runs ±%4.", "", runs)
    text = (text.replace("%1", stack).replace("%2", calibrated).replace("%3", formula)
            .replace("%4", residual))
    if loo is not None:
        text += " " + QCoreApplication.translate("Runs", "Leave-one-out error ±%1.").replace(
            "%1", loo)
    return text


def measured_text(runs: int, measured: str, metric: str) -> str:
    """The tooltip's sentence for a configuration the user measured."""
    return Runs.tr(
        "Measured in %n of your runs of this configuration: %1 (%2).", "", runs
    ).replace("%1", measured).replace("%2", metric_text(metric))


def bar_suffix(calibrated: bool) -> str:
    """What follows a calibrated headroom bar's label (the chart's legend explains it)."""
    return " *" if calibrated else ""


def chart_legend(calibrated: bool, measured: bool) -> str:
    """Under the chart: what the star and the diamond mean, for the marks it shows."""
    parts = []
    if calibrated:
        parts.append(QCoreApplication.translate("Runs", "* calibrated from your runs."))
    if measured:
        parts.append(QCoreApplication.translate(
            "Runs", "◆ your measured peak of that configuration."))
    return " ".join(parts)
