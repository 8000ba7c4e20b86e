"""Measured runs and calibration in the user's language: the headroom tooltip and the panel.

Figures arrive worded by the caller's formatter; these are the sentences around them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

if TYPE_CHECKING:  # the catalog's run reader loads the schema: kept off the window's first paint
    from planner.catalog.runs import RunError


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


def family_text(family: str) -> str:
    """A kind of run (core's :func:`~planner.core.plan.runs.family_of`) in the user's language."""
    base, _sep, offload = family.partition("+")
    names = {
        "full": QCoreApplication.translate("Runs", "full fine-tune"),
        "lora": QCoreApplication.translate("Runs", "LoRA"),
        "qlora": QCoreApplication.translate("Runs", "QLoRA"),
        "inference": QCoreApplication.translate("Runs", "inference"),
    }
    text = names.get(base, base)
    if offload:
        text = QCoreApplication.translate("Runs", "%1 with offload").replace("%1", text)
    return text


def unseen_text(unseen: str, metric: str) -> str:
    """What a metric leaves out of a total: the part of the figure that stays the formulas'."""
    if metric == "max_memory_allocated":
        text = QCoreApplication.translate(
            "Runs", "Allocated memory leaves out the CUDA context and the allocator's slack: "
            "the %1 of them in this figure are the formulas' own.")
    else:
        text = QCoreApplication.translate(
            "Runs", "Reserved memory leaves out the CUDA context: the %1 of it in this figure "
            "are the formulas' own.")
    return text.replace("%1", unseen)


@dataclass(frozen=True, slots=True)
class CalibratedFigures:
    """A calibrated estimate's figures, worded by the caller's formatter."""

    runs: int
    family: str
    stack: str
    calibrated: str
    formula: str
    added: str
    share: str
    metric: str
    unseen: str | None
    residual: str
    loo: str | None
    support: tuple[str, ...] = ()


def calibrated_text(f: CalibratedFigures) -> str:
    """The tooltip's sentences for a calibrated estimate: what it adds, on which footing."""
    text = Runs.tr(
        "Calibrated from %n of your %1 runs on this GPU (%2): %3, the formulas' %4 with %5 "
        "(%6 on the %7 memory those runs measured). Error on those runs ±%8.", "", f.runs)
    text = (text.replace("%1", family_text(f.family)).replace("%2", f.stack)
            .replace("%3", f.calibrated).replace("%4", f.formula).replace("%5", f.added)
            .replace("%6", f.share).replace("%7", metric_text(f.metric))
            .replace("%8", f.residual))
    if f.unseen is not None:
        text += " " + unseen_text(f.unseen, f.metric)
    if f.loo is not None:
        text += " " + QCoreApplication.translate("Runs", "Leave-one-out error ±%1.").replace(
            "%1", f.loo)
    if f.support:
        text += " " + support_text(f.support)
    return text


def support_text(labels: tuple[str, ...]) -> str:
    """Which of the user's runs stand behind a figure."""
    return QCoreApplication.translate("Runs", "Your runs: %1.").replace("%1", "; ".join(labels))


def measured_text(runs: int, measured: str, metric: str,
                  unseen: str | None = None, total: str | None = None) -> str:
    """The tooltip's sentence for a configuration the user measured (and on which footing)."""
    text = Runs.tr(
        "Measured in %n of your runs of this configuration: %1 (%2).", "", runs
    ).replace("%1", measured).replace("%2", metric_text(metric))
    if unseen is not None and total is not None:
        text += " " + QCoreApplication.translate(
            "Runs", "With the formulas' %1 for what it leaves out (CUDA context, allocator's "
            "slack): %2, comparable with this bar.").replace("%1", unseen).replace(
            "%2", total)
    return text


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


def problem_text(problem: RunError) -> str:
    """A refused run record in the user's language where its code is known, else as written.

    The catalog layer words each refusal in English (the CLI prints that); refusals of a field's
    value ("must be a whole number from …") and of a model the estimator does not know keep it.
    """
    p = problem.params
    code = problem.code
    if code == "not-object" and not p.get("field"):
        code = "record-not-object"
    template, key = _template_and_key(code)
    if template is None or "file" not in p:
        return str(problem)
    where = p["file"] if not p.get("record") else QCoreApplication.translate(
        "Runs", "%1 (record %2)").replace("%1", p["file"]).replace("%2", p["record"])
    # One pass over the placeholders: a value holding "%2" is not replaced again.
    values = {"%1": where, "%2": p.get(key, ""), "%3": p.get("readable", "")}
    return re.sub(r"%[123]", lambda m: values[m.group(0)], template)


def _template_and_key(code: str) -> tuple[str | None, str]:
    """The sentence of a refusal's code, and the parameter its %2 stands for."""
    translate = QCoreApplication.translate
    match code:
        case "unreadable":
            #: %1 is the file, %2 what the system said.
            return (translate("Runs", "%1: could not be read (%2)."), "detail")
        case "too-large":
            #: %2 is the largest size read, in MB.
            return (translate("Runs", "%1: the file is larger than %2 MB, too large for run "
                                      "records."), "mb")
        case "not-json":
            return (translate("Runs", "%1: not a JSON run record (it is not valid UTF-8 "
                                       "JSON)."), "")
        case "too-many":
            return (translate("Runs", "%1: more than %2 records."), "count")
        case "record-not-object":
            return (translate("Runs", "%1: a run record must be a JSON object."), "")
        case "not-object":
            return (translate("Runs", "%1: %2 must be a JSON object."), "field")
        case "format":
            #: %2 is the record's "format" as found in the file.
            return (translate("Runs", "%1: format is %2, not 'gpu-planner-run': this is not a "
                                      "measured-run record."), "found")
        case "newer":
            return (translate("Runs", "%1: version %2 is newer than this GPU Build Planner reads "
                                      "(%3); please update to import it."), "version")
        case "unknown-key":
            return (translate("Runs", "%1: unknown key '%2' (a record of a newer "
                                       "version?)."), "field")
        case "missing":
            return (translate("Runs", "%1: '%2' is missing."), "field")
        case "gpu":
            return (translate("Runs", "%1: gpu.name '%2' names no GPU in the catalog "
                                      "('gpu-planner catalog gpus' lists them)."), "name")
    return None, ""
