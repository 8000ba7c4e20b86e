"""Every change to a build, each one undoable step on the document.

Widgets call these instead of building `Build` values themselves, so the undo text (what Edit >
Undo shows) is worded once and translated once, whichever widget made the edit, and so the rules
of a change (a count's range, which setup a workload setting belongs to) live in one place (core's
rules: :mod:`planner.core.plan.build`, :mod:`planner.core.plan.workload_settings`). Typing in a
field merges
its keystrokes into one undo step per field (``merge_key``); typing back to where it started
leaves no step at all (the document marks such a merged command obsolete).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from PySide6.QtCore import QCoreApplication, QObject

from planner.core.costs.energy import Usage
from planner.core.costs.prices import SlotPrice
from planner.core.estimator.memory import TrainingSetup
from planner.core.plan.build import MAX_GPU_COUNT, Build, CostSettings, TrackedWorkload
from planner.core.plan.study import MAX_VARIANT_NAME, MAX_VARIANTS
from planner.core.plan.suggest import Suggestion
from planner.core.plan.workload_settings import with_setting
from planner.core.records.specs import GpuSpec, Workload
from planner.ui.document import BuildDocument


class Edits(QObject):
    """The translation context of the undo texts.

    Written ``Edits.tr("…")`` (with ``"", n`` for plurals): lupdate files those calls under
    "Edits" and marks the plural ones, which ``QCoreApplication.translate`` calls it does not.
    """

    @classmethod
    def tr(cls, text: str, disambiguation: str | None = None,
           n: int = -1) -> str:
        """Translate an undo text (a class method: these edits have no object)."""
        return QCoreApplication.translate("Edits", text, disambiguation, n)


def _setting_name(name: str) -> str:
    """A workload setting as the undo text names it."""
    names = {
        "task": Edits.tr("task"), "precision": Edits.tr("precision"),
        "batch": Edits.tr("batch size"), "seq": Edits.tr("sequence length"),
        "optimizer": Edits.tr("optimizer"), "checkpointing": Edits.tr("gradient checkpointing"),
        "accumulation": Edits.tr("gradient accumulation"), "attention": Edits.tr("attention"),
        "strategy": Edits.tr("parallelism"), "adapter": Edits.tr("adapter"),
        "lora_rank": Edits.tr("LoRA rank"),
        # the recipe editor's settings
        "head": Edits.tr("head"), "lora_targets": Edits.tr("LoRA targets"),
        "adapter_dtype": Edits.tr("adapter dtype"),
        "double_quant": Edits.tr("double quantization"), "int8_base": Edits.tr("8-bit base"),
        "optimizer_impl": Edits.tr("optimizer step"),
        "optimizer_in_backward": Edits.tr("optimizer step in backward"),
        "loss": Edits.tr("loss"), "checkpoint_mode": Edits.tr("checkpointing mode"),
        "offload": Edits.tr("offload"),
        "activation_offloading": Edits.tr("activation offloading"),
        "target_seq": Edits.tr("target length"), "stack": Edits.tr("software stack"),
        "kbit_prep": Edits.tr("k-bit preparation"),
    }
    return names.get(name, name)


# --- GPUs ----------------------------------------------------------------------------------------

def add_gpus(document: BuildDocument, gpus: Iterable[GpuSpec]) -> None:
    """Add cards (a new slot, or one more of a GPU already in the build)."""
    gpus = list(gpus)
    if not gpus:
        return
    build = document.build
    for gpu in gpus:
        build = build.with_gpu_added(gpu)
    if len(gpus) == 1:
        text = Edits.tr("Add %1").replace("%1", gpus[0].name)
    else:
        text = Edits.tr("Add %n GPU(s)", "", len(gpus))
    document.apply(build, text)


def add_gpu_ids(document: BuildDocument, ids: Iterable[str]) -> int:
    """Add GPUs by catalog id; unknown ids are skipped. Returns how many were added."""
    gpus = [g for g in (document.catalog.gpu(i) for i in ids) if g is not None]
    add_gpus(document, gpus)
    return len(gpus)


def set_count(document: BuildDocument, index: int, count: int) -> None:
    """Set a slot's count; typing in the spin box merges into one undo step per slot."""
    if not 0 <= index < len(document.build.slots):
        return
    count = max(1, min(MAX_GPU_COUNT, count))
    slot = document.build.slots[index]
    text = Edits.tr("Change count of %1").replace("%1", slot.gpu.name)
    document.apply(document.build.with_count(index, count), text,
                   merge_key=f"count:{slot.gpu.id}")


def set_slot_price(document: BuildDocument, index: int, price: SlotPrice | None) -> None:
    """Price one slot its own way (bought used, a quote) or as the build again (None)."""
    if not 0 <= index < len(document.build.slots):
        return
    slot = document.build.slots[index]
    if slot.price == price:
        return
    text = Edits.tr("Change the price of %1").replace("%1", slot.gpu.name)
    document.apply(document.build.with_slot(index, replace(slot, price=price)), text)


def remove_slot(document: BuildDocument, index: int) -> None:
    """Remove a slot with all its cards."""
    if not 0 <= index < len(document.build.slots):
        return
    name = document.build.slots[index].gpu.name
    document.apply(document.build.without_slot(index), Edits.tr("Remove %1").replace("%1", name))


def move_slot(document: BuildDocument, src: int, before: int) -> None:
    """Move slot ``src`` so it lands just before the slot now at ``before`` (len: to the end)."""
    n = len(document.build.slots)
    if not 0 <= src < n or not 0 <= before <= n:
        return
    dst = before if before <= src else before - 1
    if dst == src:
        return
    name = document.build.slots[src].gpu.name
    document.apply(document.build.with_slot_moved(src, dst),
                   Edits.tr("Move %1").replace("%1", name))


def use_edited_gpu(document: BuildDocument, gpu_id: str, name: str) -> bool:
    """Take the catalog's just-edited figures for that card into the build (if it holds it)."""
    return document.adopt_catalog_gpu(gpu_id,
                                      Edits.tr("Use the edited figures of %1").replace("%1", name))


def use_build(document: BuildDocument, build: Build, label: str) -> None:
    """Replace the build with a recommended one (named ``label`` in the undo text)."""
    document.apply(build, Edits.tr("Use %1").replace("%1", label))


# --- workloads -----------------------------------------------------------------------------------

def track_workload(document: BuildDocument, workload: Workload) -> None:
    """Track a workload for training with its catalog defaults."""
    tracked = TrackedWorkload(workload, "train",
                              training=TrainingSetup(batch=max(1, workload.default_batch)))
    document.apply(document.build.with_workload_added(tracked),
                   Edits.tr("Track %1").replace("%1", workload.name))


def remove_workload(document: BuildDocument, index: int) -> None:
    """Stop tracking a workload."""
    build = document.build
    if 0 <= index < len(build.workloads):
        name = build.workloads[index].workload.name
        document.apply(build.without_workload(index),
                       Edits.tr("Stop tracking %1").replace("%1", name))


def set_workload_setting(document: BuildDocument, index: int, name: str, value: object) -> None:
    """Change one setting of one tracked workload (a table cell or the recipe editor).

    Typing in one cell, or repeated picks of one recipe setting, merge into one undo step.
    """
    build = document.build
    if not 0 <= index < len(build.workloads):
        return
    t = build.workloads[index]
    text = Edits.tr("Change %1 of %2").replace("%1", _setting_name(name)).replace(
        "%2", t.workload.name)
    document.apply(build.with_workload(index, with_setting(t, name, value)), text,
                   merge_key=f"workload/{index}/{name}")


def apply_suggestion(document: BuildDocument, index: int, suggestion: Suggestion,
                     title: str) -> None:
    """Replace a workload's settings with a suggestion's (``title``: the suggestion's words)."""
    build = document.build
    if not 0 <= index < len(build.workloads):
        return
    text = Edits.tr("Make %1 fit: %2").replace("%1", build.workloads[index].workload.name) \
        .replace("%2", title)
    document.apply(build.with_workload(index, suggestion.tracked), text)


# --- assumptions ---------------------------------------------------------------------------------

def set_assumptions(document: BuildDocument, usage: Usage, cost: CostSettings,
                    field: str) -> None:
    """Change the usage and money assumptions (``field`` names what changed, for merging)."""
    texts = {
        "hours_per_day": Edits.tr("Change hours per day"),
        "utilization": Edits.tr("Change utilization"),
        "pue": Edits.tr("Change PUE"),
        "tariff_id": Edits.tr("Change tariff"),
        "price_per_kwh": Edits.tr("Change electricity price"),
        "currency": Edits.tr("Change currency"),
        "carbon_id": Edits.tr("Change grid carbon region"),
        "years": Edits.tr("Change years"),
        "cloud_instance_id": Edits.tr("Change the cloud instance compared"),
        "rent_any_kind": Edits.tr("Change the kinds of rental compared"),
    }
    text = texts.get(field) or Edits.tr("Change assumptions")
    document.apply(replace(document.build, usage=usage, cost=cost), text,
                   merge_key=f"energy/{field}")


# --- variants ------------------------------------------------------------------------------------

def duplicate_variant(document: BuildDocument, index: int | None = None) -> bool:
    """Copy a variant (default: the one shown) as a new one after it, and show the copy.

    Returns False when the document already holds as many variants as it can.
    """
    study = document.study
    i = study.active if index is None else index
    if not 0 <= i < len(study.variants) or len(study.variants) >= MAX_VARIANTS:
        return False
    name = Edits.tr("%1 (copy)").replace("%1", study.variants[i].name)
    after = study.with_variant_duplicated(i, name)
    document.apply_study(after, Edits.tr("Duplicate %1 as %2").replace(
        "%1", study.variants[i].name).replace("%2", after.variant.name))
    return True


def switch_variant(document: BuildDocument, index: int) -> None:
    """Show and edit another variant; switching back and forth merges into one undo step."""
    study = document.study
    if not 0 <= index < len(study.variants) or index == study.active:
        return
    document.apply_study(study.with_active(index), Edits.tr("Switch to %1").replace(
        "%1", study.variants[index].name), merge_key="variant/switch")


def rename_build(document: BuildDocument, name: str) -> str | None:
    """Name the build (empty: unnamed again, called after its cards); returns why not."""
    clean = " ".join(name.split())
    if len(clean) > MAX_VARIANT_NAME:
        return Edits.tr("A build name has at most %1 characters.").replace(
            "%1", str(MAX_VARIANT_NAME))
    if clean == document.study.name:
        return None
    document.apply_study(replace(document.study, name=clean),
                         Edits.tr("Name the build %1").replace("%1", clean) if clean
                         else Edits.tr("Unname the build"))
    return None


def rename_variant(document: BuildDocument, index: int, name: str) -> str | None:
    """Rename a variant; returns why not (a sentence) when the name cannot be used."""
    study = document.study
    if not 0 <= index < len(study.variants):
        return None
    clean = " ".join(name.split())
    if not clean:
        return Edits.tr("A variant needs a name.")
    if len(clean) > MAX_VARIANT_NAME:
        return Edits.tr("A variant name has at most %1 characters.").replace(
            "%1", str(MAX_VARIANT_NAME))
    other = study.index_of(clean)
    if other is not None and other != index:
        return Edits.tr("Another variant is already called %1.").replace("%1", clean)
    old = study.variants[index].name
    document.apply_study(study.with_variant_renamed(index, clean),
                         Edits.tr("Rename %1 to %2").replace("%1", old).replace("%2", clean))
    return None


def delete_variant(document: BuildDocument, index: int) -> bool:
    """Delete a variant (never the last one); False when it cannot be deleted."""
    study = document.study
    if not 0 <= index < len(study.variants) or len(study.variants) <= 1:
        return False
    document.apply_study(study.without_variant(index), Edits.tr("Delete %1").replace(
        "%1", study.variants[index].name))
    return True


def move_variant(document: BuildDocument, src: int, dst: int) -> None:
    """Reorder the variants (the tabs of the switcher)."""
    study = document.study
    n = len(study.variants)
    if not (0 <= src < n and 0 <= dst < n) or src == dst:
        return
    document.apply_study(study.with_variant_moved(src, dst), Edits.tr("Move %1").replace(
        "%1", study.variants[src].name))
