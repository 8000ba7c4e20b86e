"""The build edits the shell offers, each one undoable step on the document.

Widgets call these instead of building `Build` values themselves, so the undo text (what Edit >
Undo shows) is worded once and translated once, whichever widget made the edit.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication

from planner.core.build import MAX_GPU_COUNT
from planner.core.specs import GpuSpec
from planner.ui.document import BuildDocument


def add_gpus(document: BuildDocument, gpus: Iterable[GpuSpec]) -> None:
    """Add cards (a new slot, or one more of a GPU already in the build)."""
    gpus = list(gpus)
    if not gpus:
        return
    build = document.build
    for gpu in gpus:
        build = build.with_gpu_added(gpu)
    if len(gpus) == 1:
        text = QCoreApplication.translate("Edits", "Add %1").replace("%1", gpus[0].name)
    else:
        n = len(gpus)  # a variable: lupdate's Python parser skips calls with a call inside
        text = QCoreApplication.translate("Edits", "Add %n GPU(s)", "", n)
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
    text = QCoreApplication.translate("Edits", "Change count of %1")
    text = text.replace("%1", slot.gpu.name)
    document.apply(document.build.with_count(index, count), text,
                   merge_key=f"count:{slot.gpu.id}")


def remove_slot(document: BuildDocument, index: int) -> None:
    """Remove a slot with all its cards."""
    if not 0 <= index < len(document.build.slots):
        return
    name = document.build.slots[index].gpu.name
    text = QCoreApplication.translate("Edits", "Remove %1").replace("%1", name)
    document.apply(document.build.without_slot(index), text)


def move_slot(document: BuildDocument, src: int, before: int) -> None:
    """Move slot ``src`` so it lands just before the slot now at ``before`` (len: to the end)."""
    n = len(document.build.slots)
    if not 0 <= src < n or not 0 <= before <= n:
        return
    dst = before if before <= src else before - 1
    if dst == src:
        return
    name = document.build.slots[src].gpu.name
    text = QCoreApplication.translate("Edits", "Move %1").replace("%1", name)
    document.apply(document.build.with_slot_moved(src, dst), text)
