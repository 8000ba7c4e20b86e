"""Autosave while the user edits, and the recovery offer at the next start after a crash.

The writing and finding of autosaves lives in `planner.documents.recovery` (no Qt); this module
only decides *when*: a few seconds after the last edit, while the document has unsaved changes,
so a burst of edits costs one write. A clean exit ends the session, which deletes the autosaves.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer

if TYPE_CHECKING:  # the document module pulls in core; keep it off start-up
    from planner.ui.document import BuildDocument


log = logging.getLogger(__name__)
DEFAULT_IDLE_MS = 3000


class Autosaver(QObject):
    """Owns this process's recovery session and writes the document when edits pause."""

    def __init__(self, document: BuildDocument, idle_ms: int = DEFAULT_IDLE_MS,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._token: Any = None
        self.last_path: Any = None
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(idle_ms)
        self.timer.timeout.connect(self.save_now)
        # indexChanged, not document.changed: during `changed` the stack has not yet moved its
        # index, so the document does not look modified yet.
        document.undo_stack.indexChanged.connect(self._edited)

    def begin(self) -> bool:
        """Start the recovery session; False (autosave off) when the folder cannot be written."""
        try:
            from planner.documents.recovery import begin_session

            self._token = begin_session()
        except (ImportError, OSError, ValueError) as exc:
            log.warning("autosave disabled: %s", exc)
            self._token = None
        return self._token is not None

    def end(self) -> None:
        """A clean exit: the session's autosaves are no longer needed."""
        self.timer.stop()
        if self._token is None:
            return
        from planner.documents.recovery import end_session

        try:
            end_session(self._token)
        except OSError as exc:
            log.warning("could not end the autosave session: %s", exc)
        self._token = None

    def _edited(self, _index: int = 0) -> None:
        if self._token is not None and self._document.is_modified():
            self.timer.start()  # restart: write only once the user pauses

    def save_now(self) -> None:
        """Write the autosave (when there is something unsaved)."""
        if self._token is None or not self._document.is_modified():
            return
        from planner.documents.recovery import write_autosave

        try:
            self.last_path = write_autosave(self._document.study, self._document.path,
                                            session=self._token)
        except (OSError, ValueError) as exc:  # DocumentError is a ValueError
            log.warning("autosave failed: %s", exc)
