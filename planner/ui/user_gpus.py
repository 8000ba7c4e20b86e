"""The user's own GPUs from the main window: a shared file's unknown cards, adding and editing.

Kept apart from main_window.py (which only wires them to its actions and signals); the words keep
the main window's translation context.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

if TYPE_CHECKING:  # imported when first used: core stays off the start-up path
    from planner.core.records.specs import GpuSpec

# The main window (typed loosely: importing its module here would make an import circle).
MainWindow = Any


def offer_unknown_gpus(window: MainWindow, gpus: tuple[GpuSpec, ...]) -> None:
    """Offer, in a notice, to keep a shared file's GPUs the catalog lacks as the user's own."""
    if window.store is None:
        return
    names = ", ".join(g.name for g in gpus)
    text = QCoreApplication.translate(
        "MainWindow", "This build uses GPUs your catalog does not have: %1. Their figures come "
                      "from the file.")
    window.notify("unknown-gpus", text.replace("%1", names),
        actions=[(QCoreApplication.translate("MainWindow", "Add to My Catalog"),
                  lambda: window.add_unknown_gpus(gpus))])


def add_unknown_gpus(window: MainWindow, gpus: tuple[GpuSpec, ...]) -> None:
    """Keep a file's GPUs as the user's own in the catalog."""
    if window.store is None:
        return
    from dataclasses import replace  # on use: importing dataclasses costs ~2 ms before the paint

    for gpu in gpus:
        try:
            window.store.add_user_gpu(replace(gpu, custom=True))
        except ValueError as exc:  # the store words its refusals as one sentence
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(window, QCoreApplication.translate("MainWindow", "Cannot Add GPU"),
                                str(exc))
            return
    window.document.set_catalog(window.store.catalog())


def edit_catalog(window: MainWindow, gpu: GpuSpec | None) -> None:
    """Add a GPU of the user's own (``gpu`` None) or correct a catalog card's figures."""
    if window.store is None:
        return
    from planner.ui.custom_gpu_dialog import CustomGpuDialog

    save = window.team.save_edit if gpu is not None else window.store.add_user_gpu
    dialog = CustomGpuDialog(window.document.catalog, save, gpu, window)
    if dialog.exec() == CustomGpuDialog.DialogCode.Accepted:
        window.document.set_catalog(window.store.catalog())
        window.team.refresh_layers()
        if gpu is not None:
            from planner.ui import edits

            edits.use_edited_gpu(window.document, gpu.id, gpu.name)
