"""Tools ▸ Update Prices…: read a price pack, see what it changes, apply it, take it back.

The pack is downloaded, checked and compared with the catalog on a worker thread
(:mod:`planner.ui.jobs`), and so are applying and undoing: a slow or broken server never freezes
the window, and the dialog stays open beside it (not modal). Nothing changes until Apply; a pack
refused (damaged, cut short, altered, of a newer format) is said in one sentence and nothing is
applied. After Apply the window's notice offers Undo, and the dialog's Undo Last Update takes the
newest applied pack back at any later time (``gpu-planner prices undo`` does the same). The
figures and sentences are :mod:`planner.words.price_book`'s, as the command line prints them.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from planner.ui.jobs import run_job


def _read(source: str, engine: Any, currency: str) -> tuple[Any, Any]:
    """On a worker: the checked pack and what it would change."""
    from planner.catalog.price_book import preview
    from planner.catalog.price_pack import read_pack
    from planner.catalog.rates import bundled_rates

    pack = read_pack(source)
    return pack, preview(engine, pack, currency, bundled_rates())


def _apply(pack: Any, engine: Any, currency: str) -> Any:
    from planner.catalog.price_book import apply_pack
    from planner.catalog.rates import bundled_rates

    return apply_pack(engine, pack, currency, bundled_rates())[0]


def _undo(engine: Any) -> Any:
    from planner.catalog.price_book import undo_pack

    return undo_pack(engine)


def _newest(engine: Any) -> Any:
    from planner.catalog.price_book import applied_packs

    packs = applied_packs(engine)
    return packs[-1] if packs else None


class PriceUpdateDialog(QDialog):
    """Give a file or an address, look at the changes, apply them; undo the last update."""

    catalog_changed = Signal(str, bool)
    """A pack was applied (True) or taken back (False); the sentence says which."""

    def __init__(self, store: Any, currency: str = "USD", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Update Prices"))
        self.setMinimumSize(640, 480)
        self._store, self._currency = store, currency
        self._pack: Any = None
        self.busy = False
        intro = QLabel(self.tr("A price pack brings newer price readings into your catalog. "
                               "Give its file or its address (http, https); nothing changes "
                               "until you apply it."))
        intro.setWordWrap(True)
        self.source = QLineEdit()
        self.source.setPlaceholderText(self.tr("File or address, e.g. https://example.org/"
                                               "prices.toml"))
        self.source.returnPressed.connect(self.show_changes)
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse)
        self.show_button = QPushButton(self.tr("Show Changes"))
        self.show_button.clicked.connect(self.show_changes)
        row = QHBoxLayout()
        row.addWidget(self.source, 1)
        row.addWidget(browse)
        row.addWidget(self.show_button)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setVisible(False)
        self.changes = QPlainTextEdit()
        self.changes.setReadOnly(True)
        self.changes.setPlaceholderText(self.tr("What the pack changes is shown here before "
                                                "anything is applied."))
        self.applied = QLabel()
        self.applied.setWordWrap(True)
        self.undo_button = QPushButton(self.tr("Undo Last Update"))
        self.undo_button.clicked.connect(self.undo)
        undo_row = QHBoxLayout()
        undo_row.addWidget(self.applied, 1)
        undo_row.addWidget(self.undo_button)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.apply_button = buttons.addButton(self.tr("Apply"),
                                              QDialogButtonBox.ButtonRole.ApplyRole)
        self.apply_button.clicked.connect(self.apply)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(row)
        layout.addWidget(self.status)
        layout.addWidget(self.progress)
        layout.addWidget(self.changes, 1)
        layout.addLayout(undo_row)
        layout.addWidget(buttons)
        self._refresh_applied()
        self._settle()

    # -- state ---------------------------------------------------------------------------------

    def _settle(self) -> None:
        """Enable what can be done now (nothing but typing and Close while a job runs)."""
        self.progress.setVisible(self.busy)
        self.show_button.setEnabled(not self.busy)
        self.apply_button.setEnabled(not self.busy and self._pack is not None)
        self.undo_button.setEnabled(not self.busy and self._newest is not None)

    def _start(self, text: str) -> None:
        self.busy = True
        self.status.setText(text)
        self._settle()

    def _end(self, text: str = "") -> None:
        self.busy = False
        self.status.setText(text)
        self._settle()

    def _refresh_applied(self) -> None:
        from planner.words.price_book import applied_line

        self._newest = _newest(self._store.engine)
        self.applied.setText(
            self.tr("Last update: %1").replace("%1", applied_line(
                self._newest.name, self._newest.as_of, self._newest.applied_at))
            if self._newest is not None else self.tr("No price pack is applied."))

    def _failed(self, exc: BaseException) -> None:
        from planner.words.price_book import error_sentence

        self._end(error_sentence(exc))

    def _browse(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self, self.tr("Open Price Pack"), "", self.tr("Price packs (*.toml);;All files (*)"))
        if path:
            self.source.setText(path)
            self.show_changes()

    # -- the three jobs ------------------------------------------------------------------------

    def show_changes(self) -> None:
        """Read the pack on a worker, then show what it would change."""
        source = self.source.text().strip()
        if self.busy or not source:
            return
        self._pack = None
        self.changes.clear()
        self._start(self.tr("Reading the price pack…"))
        run_job(self, _read, source, self._store.engine, self._currency,
                on_done=self._show, on_error=self._failed)

    def _show(self, result: tuple[Any, Any]) -> None:
        from planner.words.formats import formatter
        from planner.words.price_book import diff_lines

        pack, diff = result
        self.changes.setPlainText("\n".join(diff_lines(pack.name, pack.as_of, pack.count, diff,
                                                       formatter(self._currency))))
        self._pack = None if diff.empty else pack
        self._end(self.tr("Look the changes over, then Apply.") if not diff.empty else "")

    def apply(self) -> None:
        """Apply the pack shown, in one transaction, on a worker."""
        if self.busy or self._pack is None:
            return
        if self._store.path is None:
            from planner.words.price_book import memory_only

            self.status.setText(memory_only())
            return
        pack, self._pack = self._pack, None
        self._start(self.tr("Applying the prices…"))
        run_job(self, _apply, pack, self._store.engine, self._currency,
                on_done=self._applied, on_error=self._failed)

    def _applied(self, info: Any) -> None:
        from planner.words.price_book import applied_sentence

        self._refresh_applied()
        text = applied_sentence(info.name, info.cards) if info is not None else ""
        self._end(text)
        if info is not None:
            self.catalog_changed.emit(text, True)

    def undo(self) -> None:
        """Take the newest applied pack back, on a worker."""
        if self.busy or self._newest is None:
            return
        self._start(self.tr("Taking the prices back…"))
        run_job(self, _undo, self._store.engine, on_done=self._undone, on_error=self._failed)

    def _undone(self, info: Any) -> None:
        from planner.words.price_book import nothing_to_undo, undone_sentence

        self._refresh_applied()
        text = undone_sentence(info.name, info.cards) if info is not None else nothing_to_undo()
        self._end(text)
        if info is not None:
            self.catalog_changed.emit(text, False)


def _reload(window: Any, dialog: PriceUpdateDialog, text: str, undo: bool) -> None:
    """Show the changed catalog in the window, and say so (with Undo after an update)."""
    if window.store is not None:
        window.document.set_catalog(window.store.reload())
    team = getattr(window, "team", None)
    if team is not None:
        team.refresh_layers()
    actions = [(QCoreApplication.translate("PriceUpdateDialog", "Undo"), dialog.undo)] if undo \
        else []
    window.notify("price-pack", text, actions=actions)


def open_price_update(window: Any) -> PriceUpdateDialog | None:
    """Tools ▸ Update Prices…: the window's one dialog, shown beside it (None: no catalog yet)."""
    if window.store is None:
        window.notify("price-pack", QCoreApplication.translate(
            "PriceUpdateDialog", "The catalog is still opening; try again in a moment."))
        return None
    dialog: PriceUpdateDialog | None = window.findChild(PriceUpdateDialog)
    if dialog is None:
        dialog = PriceUpdateDialog(window.store, window.document.build.cost.currency, window)
        dialog.catalog_changed.connect(
            lambda text, applied: _reload(window, dialog, text, applied))
    if dialog.isVisible():  # already open beside the window: bring it forward
        dialog.raise_()
        dialog.activateWindow()
    else:
        dialog.show()
    return dialog
