"""Team Builds: the builds the lab shared, opened like files; and publishing the open build.

The list is the one the last sync cached (so it shows offline too); a build's history (every
published version, who and when) comes from the server and any version opens like the newest.
Opening fetches the newest document from the server when it answers, else takes the cached
copy, writes it into the user's "Team builds" folder and opens that file through the ordinary
path: a build of a newer format is refused with the same sentence as any file. Publishing queues
the open build under its name for the next sync (the name's version this copy last pulled is what
the server checks against).
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
    """The shared builds, newest first, and the versions of the chosen one.

    Open writes the chosen build's newest version to a file and opens it; Open This Version does
    the same with a version picked from its history (who published it, when). The list is the
    cached one; the history lives on the server only, so with the server away (``online`` False,
    as the last sync found it) it says so in one sentence instead of waiting for a timeout.
    """

    def __init__(self, store: Any, address: str, open_path: Any,
                 parent: QWidget | None = None, online: bool = True) -> None:
        from planner.catalog.team import builds

        super().__init__(parent)
        self.setWindowTitle(self.tr("Team Builds"))
        self.setMinimumSize(560, 480)
        self._store, self._address, self._open_path = store, address, open_path
        self._online = online
        self._server: Any = None
        self.listed = builds.listed(store.engine)
        self.table = _table(len(self.listed), [self.tr("Name"), self.tr("Version"),
                                                self.tr("Shared by"), self.tr("Updated")])
        for row, b in enumerate(self.listed):
            _fill(self.table, row, (b.name, str(b.version), b.author, _when(b.updated_at)))
        self.table.resizeColumnsToContents()
        self.table.doubleClicked.connect(lambda _index: self.open_selected())
        self.versions_title = QLabel()
        self.versions = _table(0, [self.tr("Version"), self.tr("Shared by"), self.tr("Updated")])
        self.versions.doubleClicked.connect(lambda _index: self.open_version())
        self.history: list[tuple[int, str, str]] = []
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
        self.version_button = buttons.addButton(self.tr("Open This Version"),
                                                QDialogButtonBox.ButtonRole.ActionRole)
        self.version_button.setEnabled(False)
        self.version_button.clicked.connect(self.open_version)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 3)
        layout.addWidget(empty)
        layout.addWidget(self.versions_title)
        layout.addWidget(self.versions, 2)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.table.itemSelectionChanged.connect(self.show_history)
        if self.listed:
            self.table.selectRow(0)

    def _selected(self) -> str | None:
        row = self.table.currentRow()
        return self.listed[row].name if 0 <= row < len(self.listed) else None

    def _engine(self) -> Any:
        if self._server is None:
            from planner.catalog.team.connection import server_engine

            self._server = server_engine(self._address)
        return self._server

    def done(self, result: int) -> None:
        """Close, releasing the server connection the history used."""
        if self._server is not None:
            self._server.dispose()
            self._server = None
        super().done(result)

    def show_history(self) -> None:
        """List the chosen build's published versions (server only), newest first."""
        from sqlalchemy.exc import SQLAlchemyError

        from planner.catalog.team import builds
        from planner.catalog.team.connection import TeamError

        name = self._selected()
        self.history = []
        self.versions.setRowCount(0)
        self.version_button.setEnabled(False)
        if name is None:
            return
        self.versions_title.setText(self.tr("Versions of “%1”").replace("%1", name))
        if not self._online:
            self.versions_title.setText(self.tr("The versions of “%1” are on the team server, "
                                                "which cannot be reached now.")
                                        .replace("%1", name))
            return
        try:
            self.history = builds.history_of(self._engine(), name)
        except (TeamError, SQLAlchemyError):
            self._online = False
            self.show_history()
            return
        self.versions.setRowCount(len(self.history))
        for row, (version, author, when) in enumerate(self.history):
            _fill(self.versions, row, (str(version), author, _when(when)))
        self.versions.resizeColumnsToContents()
        if self.history:
            self.versions.selectRow(0)
            self.version_button.setEnabled(True)

    def open_version(self) -> bool:
        """Open the version chosen in the history (an older one too) like a file."""
        from sqlalchemy.exc import SQLAlchemyError

        from planner.catalog.team import builds
        from planner.catalog.team.connection import TeamError

        name, row = self._selected(), self.versions.currentRow()
        if name is None or not 0 <= row < len(self.history):
            return False
        version = self.history[row][0]
        try:
            document = builds.fetch_version(self._engine(), name, version)
        except (TeamError, SQLAlchemyError):
            document = None
        if document is None:
            self._say(self.tr("Version %1 of “%2” could not be fetched from the team server.")
                      .replace("%1", str(version)).replace("%2", name))
            return False
        return self._write_and_open(f"{name} v{version}", document)

    def open_selected(self) -> bool:
        """Fetch the chosen build (server, else cache), write it to a file and open it."""
        from sqlalchemy.exc import SQLAlchemyError

        from planner.catalog.team import builds
        from planner.catalog.team.connection import TeamError

        name = self._selected()
        if name is None:
            return False
        found = None
        try:
            found = builds.fetch(self._store.engine, self._engine(), name)
        except (TeamError, SQLAlchemyError):  # the server is away or refused: the cached copy
            found = builds.fetch(self._store.engine, None, name)
        if found is None:
            self._say(self.tr("“%1” is not in the local copy and the team server cannot be "
                              "reached.").replace("%1", name))
            return False
        return self._write_and_open(name, found[0])

    def _say(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(True)

    def _write_and_open(self, title: str, document: str) -> bool:
        from planner.documents.atomic import atomic_write

        safe = "".join(c if c.isalnum() or c in " -_." else "_" for c in title).strip() or "build"
        path = team_builds_dir() / f"{safe}.gpubuild"
        atomic_write(path, document.encode("utf-8"))
        self.accept()
        return bool(self._open_path(path))


def _table(rows: int, titles: list[str]) -> QTableWidget:
    table = QTableWidget(rows, len(titles))
    table.setHorizontalHeaderLabels(titles)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    return table


def _fill(table: QTableWidget, row: int, texts: tuple[str, ...]) -> None:
    for column, text in enumerate(texts):
        table.setItem(row, column, QTableWidgetItem(text))


def _when(stamp: str) -> str:
    """An ISO UTC time as the lists show it (to the minute)."""
    return stamp[:16].replace("T", " ")


def publish(store: Any, study: Any, name: str) -> None:
    """Queue the open build for the team under ``name`` (sent by the next sync)."""
    from planner.catalog.team import builds
    from planner.documents.files import dumps_document

    builds.queue_publish(store.engine, name, dumps_document(study).decode("utf-8"))
