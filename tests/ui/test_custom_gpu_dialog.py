from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox

from planner.ui.custom_gpu_dialog import CustomGpuDialog


def _ok(dialog: CustomGpuDialog):
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


def test_ok_disabled_until_valid_with_sentences(qtbot, store):
    catalog = store.catalog()
    dialog = CustomGpuDialog(catalog, store.add_user_gpu)
    qtbot.addWidget(dialog)
    dialog.show()
    assert not _ok(dialog).isEnabled()
    assert dialog.problems["name"].text() == "Give the GPU a name."
    qtbot.keyClicks(dialog.name, "Lab Card 48G")
    dialog.memory.setValue(48)
    dialog.bandwidth.setValue(5)
    dialog.tdp.setValue(300)
    assert not _ok(dialog).isEnabled()
    assert "GB/s, not TB/s" in dialog.problems["bandwidth"].text()
    assert not dialog.problems["name"].isVisible()
    dialog.bandwidth.setValue(960)
    assert _ok(dialog).isEnabled()
    _ok(dialog).click()
    assert dialog.saved is not None and dialog.saved.id == "custom-lab-card-48g"
    added = store.catalog().gpu("custom-lab-card-48g")
    assert added is not None and added.custom and added.memory_gb == 48


def test_store_refusal_keeps_dialog_open(qtbot, store):
    def refuse(_spec):
        raise ValueError("A GPU with the id 'x' is already in the catalog.")

    dialog = CustomGpuDialog(store.catalog(), refuse)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.name.setText("Another")
    dialog.memory.setValue(16)
    dialog.bandwidth.setValue(500)
    dialog.tdp.setValue(200)
    _ok(dialog).click()
    assert dialog.isVisible()
    assert dialog.store_problem.text().startswith("A GPU with the id")


def test_edit_keeps_id(qtbot, store):
    gpu = store.catalog().gpu("nvidia-rtx-3090")
    dialog = CustomGpuDialog(store.catalog(), store.update_gpu, gpu)
    qtbot.addWidget(dialog)
    assert dialog.name.text() == gpu.name
    dialog.tdp.setValue(300)
    _ok(dialog).click()
    assert store.catalog().gpu("nvidia-rtx-3090").tdp_w == 300
