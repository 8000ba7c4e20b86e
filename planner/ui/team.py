"""The app's side of the team catalog: syncing in the background, the status bar, conflicts.

The window reads the local catalog file as always; this controller syncs it with the team
server every minute (and soon after an edit) on a worker thread, so a slow or absent server never
holds the window. Its status-bar label says "Team catalog: synced 2 min ago" or "Team catalog:
offline, 3 edits waiting"; a change that met a newer team row opens the conflict dialog; a
refusal (a read-only role, a wrong password, a newer schema) is one translated sentence.
"""

from __future__ import annotations

import functools
import threading
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QLabel, QWidget

from planner.ui import settings as cfg

SYNC_EVERY_MS = 60_000
SOON_MS = 800


class TeamController(QObject):
    """Syncs the open store with the team database named in the settings (or the environment)."""

    finished = Signal(object, object)
    """A sync ended: ``(SyncResult or None, TeamError or None)``; emitted from the worker."""
    catalog_changed = Signal()
    """The sync changed local rows: the window re-reads the catalog."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self.store: Any = None
        self.label = QLabel()
        self.label.setContentsMargins(0, 0, 12, 0)  # apart from the catalog count beside it
        # "1 needs your choice" is a link: it opens the choice (a conflict from any surface)
        self.label.linkActivated.connect(lambda _link: self.show_conflicts())
        self._rich = False
        self.dialog: Any = None
        """The conflict dialog on screen, if any (one at a time)."""
        self._asking: list[Any] = []
        self.actions: list[Any] = []
        """Menu actions that need a team catalog (enabled while one is set up)."""
        self._member = ""
        self.label.setVisible(False)
        self._busy = False
        self._error: Any = None
        self._role = "editor"
        self._timer = QTimer(self)
        self._timer.setInterval(SYNC_EVERY_MS)
        self._timer.timeout.connect(self.sync_now)
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(SOON_MS)
        self._soon.timeout.connect(self.sync_now)
        self.finished.connect(self._finished)

    def address(self) -> str | None:
        """The team database's address, or None when no team catalog is set up."""
        from planner.catalog.team.connection import configured_url

        return configured_url(str(cfg.read(cfg.open_settings(), cfg.TEAM_ADDRESS)))

    @property
    def active(self) -> bool:
        """Whether edits go to a team (a team catalog is configured)."""
        return self.store is not None and self.address() is not None

    def start(self, store: Any) -> None:
        """Use the opened store; start syncing when a team catalog is configured.

        A change a newer team row stopped earlier (in the app, or by ``gpu-planner team sync``,
        which says "open the app to choose") is offered at once, the server reachable or not.
        """
        self.store = store
        self.restart()
        if self.active:
            QTimer.singleShot(0, self.show_conflicts)

    @property
    def read_only(self) -> bool:
        """The team server said (at the last connection) this member may only read."""
        return self.active and self._role == "reader"

    def refusal(self) -> str | None:
        """Why a change for the team is not offered (one sentence), or None when it is."""
        if not self.read_only:
            return None
        from planner.words.team import read_only_sentence

        return read_only_sentence(self._member)

    def _remembered_role(self) -> None:
        """Take the role the server gave at the last connection (so it holds from the start)."""
        from planner.catalog.team import outbox

        address = self.address()
        known = outbox.known_role(self.store.engine, address) if address else None
        self._role, self._member = known if known is not None else ("editor", "")

    def _offer_edits(self) -> None:
        """Enable the team actions, the changing ones only for an editor, saying why not."""
        why = self.refusal()
        changing = [getattr(self._window, "publish_action", None)]  # changes the team's rows
        for action in self.actions:
            action.setEnabled(self.active and (action not in changing or why is None))
            if action in changing:
                action.setToolTip(why or action.text().replace("&", ""))
                action.setStatusTip(why or "")
        self.refresh_layers()

    def restart(self) -> None:
        """Follow a changed setting: start, or stop and hide the label."""
        if self.store is not None:
            self._remembered_role()
        self._offer_edits()
        if self.active:
            self.label.setVisible(True)
            self._show_status()
            self._timer.start()
            self._soon.start()
        else:
            self._timer.stop()
            self.label.setVisible(False)

    def sync_soon(self) -> None:
        """Sync shortly (after an edit), without waiting for the minute."""
        if self.active:
            self._show_status()
            self._soon.start()

    def sync_now(self) -> None:
        """Start a sync on a worker thread (one at a time)."""
        address = self.address()
        if self._busy or address is None or self.store is None:
            return
        self._busy = True
        engine = self.store.engine
        threading.Thread(target=self._work, args=(engine, address), daemon=True,
                         name="team-sync").start()

    def _work(self, engine: Any, address: str) -> None:
        from planner.catalog.team.connection import TeamError, worded

        try:
            from planner.catalog.team.sync import sync_once

            self.finished.emit(sync_once(engine, address), None)
        except TeamError as exc:
            self.finished.emit(None, exc)
        except Exception as exc:
            self.finished.emit(None, worded(exc, address))

    def _finished(self, result: Any, error: Any) -> None:
        self._busy = False
        self._error = error
        if result is not None:
            was = self.read_only
            self._remembered_role()  # the sync's connection has just stored what the server said
            if was != self.read_only:
                self._offer_edits()
                if self.read_only:
                    self._notify("team-read-only", self.refusal() or "")
            if result.pushed or result.pulled:
                self.catalog_changed.emit()
            if result.refused:
                from planner.words.team import read_only_sentence

                self._notify("team-refused", read_only_sentence(self._member))
            if result.quarantined:  # malformed team rows: kept out, said once per sync
                from planner.words.team import set_aside_lines

                self._notify("team-set-aside", "\n".join(
                    set_aside_lines(self.store.engine, result.quarantined)))
        self._show_status()
        if result is not None and result.conflicts and self.dialog is None:
            self.show_conflicts()

    # -- words -----------------------------------------------------------------------------

    def sentence(self, error: Any) -> str:
        """The translated sentence for a TeamError (the command line says the same)."""
        from planner.words.team import error_sentence

        return error_sentence(error)

    def status_text(self) -> str:
        """"Team catalog: synced 2 min ago" or "Team catalog: offline, 3 edits waiting"."""
        from planner.catalog.team import outbox

        if self.store is None:
            return ""
        waiting = outbox.pending(self.store.engine)
        last = outbox.last_sync(self.store.engine)
        if self._error is not None:
            text = self.tr("Team catalog: offline, %n edit(s) waiting", "", waiting)
        elif last is None:
            return self.tr("Team catalog: connecting…")
        else:
            import datetime as dt  # on use: ~1.5 ms that the first paint need not wait for

            minutes = int((dt.datetime.now(dt.UTC) - dt.datetime.fromisoformat(last))
                          .total_seconds() // 60)
            text = (self.tr("Team catalog: synced just now") if minutes < 1 else
                    self.tr("Team catalog: synced %n min ago", "", minutes))
            if waiting:
                text += self.tr(", %n edit(s) waiting", "", waiting)
        if self.read_only:  # as the server said at the last connection, offline too
            text += self.tr(" (read-only)")
        return text

    def choices_waiting(self) -> int:
        """How many queued changes wait for the user's choice (a newer team row stopped them)."""
        from planner.catalog.team import outbox

        return len(outbox.conflicts(self.store.engine)) if self.store is not None else 0

    def _show_status(self) -> None:
        import html

        text = self.status_text()
        choosing = self.choices_waiting() if self.active else 0
        if choosing and not self._rich:
            # Rich text only once a choice waits: Qt's namespace (the enum) costs the first
            # paint time (docs/architecture.md), and most starts have nothing to choose.
            from PySide6.QtCore import Qt

            self.label.setTextFormat(Qt.TextFormat.RichText)
            self._rich = True
        if self._rich:
            text = html.escape(text, quote=False)
        if choosing:  # a link: clicking it opens the choice
            text += " — <a href=\"choose\">" + html.escape(
                self.tr("%n need(s) your choice", "", choosing), quote=False) + "</a>"
        self.label.setText(text)
        self.label.setToolTip(self.sentence(self._error) if self._error is not None
                              else self.refusal() or "")

    def _notify(self, key: str, text: str) -> None:
        notify = getattr(self._window, "notify", None)
        if callable(notify):
            notify(key, text, level="warning")

    # -- the catalog's layers -----------------------------------------------------------------

    def refresh_layers(self) -> None:
        """Give the catalog panel each card's layer (the edited marker and its tooltip)."""
        panel = getattr(self._window, "catalog_panel", None)
        if panel is not None and self.store is not None:
            panel.model.set_layers(self.store.layers())
            panel.edit_refusal = self.refusal()

    def save_edit(self, gpu: Any) -> None:
        """Save an edited catalog card: for the team when one may change it, else here only."""
        if self.active and not self.read_only:
            self.store.edit_for_team(gpu)
            self.sync_soon()
        else:
            self.store.update_gpu(gpu)

    def reset(self, gpu: Any) -> None:
        """Put a card back to its bundled figures, with Undo in the notice."""
        if self.store is None or not self.store.reset_gpu(
                gpu.id, team=self.active and not self.read_only):
            return
        self.catalog_changed.emit()
        self.sync_soon()
        notify = getattr(self._window, "notify", None)
        if callable(notify):
            notify("reset-gpu", self.tr("“%1” shows the bundled catalog's figures again.")
                   .replace("%1", gpu.name),
                   actions=[(self.tr("Undo"), lambda: self._undo_reset(gpu))])

    def _undo_reset(self, gpu: Any) -> None:
        self.save_edit(gpu)
        self.catalog_changed.emit()

    # -- shared builds ---------------------------------------------------------------------

    def open_builds(self) -> None:
        """Show the Team Builds list; the chosen build opens like a file."""
        address = self.address()
        if address is None or self.store is None:
            return
        from planner.ui.team_builds import TeamBuildsDialog

        files = getattr(self._window, "files", None)
        open_path = files.open_path if files is not None else (lambda _path: False)
        dialog = TeamBuildsDialog(self.store, address, open_path, self._window,
                                  online=self._error is None)
        dialog.exec()

    def publish_open_build(self) -> None:
        """Queue the open build for the team under its name, and sync soon."""
        document = getattr(self._window, "document", None)
        if document is None or self.store is None or not self.active:
            return
        if self.read_only:
            self._notify("team-read-only", self.refusal() or "")
            return
        from planner.ui.team_builds import publish

        name = " ".join(document.build.name.split()) or self.tr("Untitled build")
        publish(self.store, document.study, name)
        self._notify("team-published", self.tr("“%1” will be shared with the team at the next "
                                                "sync.").replace("%1", name))
        self.sync_soon()

    # -- conflicts -------------------------------------------------------------------------

    def show_conflicts(self) -> None:
        """Ask about each change a newer team row stopped (the same choices as for files).

        One dialog at a time, opened without blocking (the sync and the window go on); each
        answer is applied as it is given. "Decide Later" leaves that change waiting, and the
        status bar's "needs your choice" link asks again.
        """
        from planner.catalog.team import outbox

        if self.dialog is not None:
            self.dialog.raise_()
            self.dialog.activateWindow()
            return
        if self.store is None:
            return
        self._asking = outbox.conflicts(self.store.engine)
        self._ask_next()

    def _ask_next(self) -> None:
        from planner.ui.team_conflict_dialog import TeamConflictDialog

        self._show_status()
        if not self._asking:
            return
        conflict = self._asking.pop(0)
        dialog = TeamConflictDialog(self._subject(conflict), conflict.their_author,
                                    conflict.theirs is None,
                                    functools.partial(self.differences, conflict),
                                    self._window)
        self.dialog = dialog
        dialog.finished.connect(lambda _code: self._answered(dialog, conflict))
        dialog.open()

    def _answered(self, dialog: Any, conflict: Any) -> None:
        from planner.catalog.team import outbox
        from planner.ui.team_conflict_dialog import MINE, THEIRS

        self.dialog = None
        dialog.deleteLater()
        if dialog.choice in (THEIRS, MINE):
            outbox.resolve(self.store.engine, conflict.seq,
                           "theirs" if dialog.choice == THEIRS else "mine")
            self.catalog_changed.emit()
            self.sync_soon()
        self._ask_next()

    def _subject(self, conflict: Any) -> str:
        if conflict.kind == "gpu":
            gpu = self.store.catalog().gpu(conflict.key)
            return str(gpu.name if gpu is not None else conflict.key)
        return str(conflict.key)

    def differences(self, conflict: Any) -> list[str]:
        """Sentences for what differs between my version and the team's."""
        if conflict.kind != "gpu" or conflict.mine is None or conflict.theirs is None:
            return []
        from planner.catalog.records import gpu_from_record
        from planner.words.differences import gpu_difference_lines

        mine, theirs = gpu_from_record(conflict.mine), gpu_from_record(conflict.theirs)
        return gpu_difference_lines(mine, theirs, (self.tr("in yours"), self.tr("in theirs")))
