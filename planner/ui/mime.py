"""The drag-and-drop formats the app speaks, encoded in one place.

A catalog GPU travels as its catalog id (never a pickled object), so a drag from another window of
the app, or a future one, can only ever name a GPU, not inject data. A card moving inside the build
canvas uses a separate, internal format so it cannot be confused with a new GPU.
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData

GPU_MIME = "application/x-gpu-build-planner-gpu"
SLOT_MIME = "application/x-gpu-build-planner-slot"
MAX_IDS = 64


def gpu_mime(ids: list[str]) -> QMimeData:
    """MIME data naming catalog GPUs, one id per line.

    No plain-text copy on purpose: a line edit under the cursor (a count spin box) would accept
    the text and swallow the drop meant for the canvas.
    """
    data = QMimeData()
    data.setData(GPU_MIME, "\n".join(ids).encode("utf-8"))
    return data


def gpu_ids(data: QMimeData) -> list[str]:
    """Catalog ids carried by MIME data (empty when it is not ours or is malformed)."""
    if not data.hasFormat(GPU_MIME):
        return []
    raw = bytes(data.data(GPU_MIME).data())
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return []
    return [line.strip() for line in text.splitlines() if line.strip()][:MAX_IDS]


def slot_mime(index: int) -> QMimeData:
    """MIME data for a card being moved within the canvas."""
    data = QMimeData()
    data.setData(SLOT_MIME, str(index).encode("ascii"))
    return data


def slot_index(data: QMimeData) -> int | None:
    """The slot index a card drag carries, or None."""
    if not data.hasFormat(SLOT_MIME):
        return None
    try:
        return int(bytes(data.data(SLOT_MIME).data()).decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        return None
