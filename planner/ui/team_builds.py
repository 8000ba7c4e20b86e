"""Team Builds: the builds the lab shared, opened like files; and publishing the open build.

The list is the one the last sync cached (so it shows offline too). Opening fetches the newest
document from the server when it answers, else takes the cached copy, writes it into the user's
"Team builds" folder and opens that file through the ordinary path: a build of a newer format is
refused with the same sentence as any file. Publishing queues the open build under its name for
the next sync (the name's version this copy last pulled is what the server checks against).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)


def team_builds_dir() -> Path:
    """Where opened team builds are written (the user data folder's ``team-builds``)."""
    from planner.paths import catalog_db_path

    folder = catalog_db_path().parent / "team-builds"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class TeamBuildsDialog(QDialog):
    """The shared builds, newest first; Open writes the chosen one to a file and opens it."""

    def __init__(self, store: Any, address: str, open_path: Any,
                 parent: QWidget | None = None) -> None:
        from planner.catalog.team import builds

        super().__init__(parent)
        self.setWindowTitle(self.tr("Team Builds"))
        self.setMinimumSize(560, 360)
        self._store, self._address, self._open_path = store, address, open_path
        self.listed = builds.listed(store.engine)
        self.table = QTableWidget(len(self.listed), 4)
        self.table.setHorizontalHeaderLabels([self.tr("Name"), self.tr("Version"),
                                              self.tr("Shared by"), self.tr("Updated")])
        for row, b in enumerate(self.listed):
            for column, text in enumerate((b.name, str(b.version), b.author,
                                           b.updated_at[:16].replace("T", " "))):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.resizeColumnsToContents()
        self.table.doubleClicked.connect(lambda _index: self.open_selected())
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setVisible(False)
        empty = QLabel(self.tr("The team has shared no builds yet, or the last sync did not "
                               "reach the server."))
        empty.setVisible(not self.listed)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.open_button = buttons.addButton(self.tr("Open"),
                                             QDialogButtonBox.ButtonRole.AcceptRole)
        self.open_button.setEnabled(bool(self.listed))
        self.open_button.clicked.connect(self.open_selected)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(empty)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        if self.listed:
            self.table.selectRow(0)

    def open_selected(self) -> bool:
        """Fetch the chosen build (server, else cache), write it to a file and open it."""
        from sqlalchemy.exc import SQLAlchemyError

        from planner.catalog.team import builds
        from planner.catalog.team.connection import TeamError, server_engine
        from planner.documents.atomic import atomic_write

        row = self.table.currentRow()
        if not 0 <= row < len(self.listed):
            return False
        name = self.listed[row].name
        found = None
        try:
            server = server_engine(self._address)
            try:
                found = builds.fetch(self._store.engine, server, name)
            finally:
                server.dispose()
        except (TeamError, SQLAlchemyError):  # the server is away or refused: the cached copy
            found = builds.fetch(self._store.engine, None, name)
        if found is None:
            self.problem.setText(self.tr("“%1” is not in the local copy and the team server "
                                         "cannot be reached.").replace("%1", name))
            self.problem.setVisible(True)
            return False
        document, _version = found
        safe = "".join(c if c.isalnum() or c in " -_." else "_" for c in name).strip() or "build"
        path = team_builds_dir() / f"{safe}.gpubuild"
        atomic_write(path, document.encode("utf-8"))
        self.accept()
        return bool(self._open_path(path))


def publish(store: Any, study: Any, name: str) -> None:
    """Queue the open build for the team under ``name`` (sent by the next sync)."""
    from planner.catalog.team import builds
    from planner.documents.files import dumps_document

    builds.queue_publish(store.engine, name, dumps_document(study).decode("utf-8"))
