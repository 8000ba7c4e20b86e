"""What several commands share: JSON output, the opened catalog, a command's language.

Kept below the command modules (commands, serve, prices, team) so each imports it and none
imports another for these: the arrows run one way.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtCore import QTranslator

    from planner.catalog.store import CatalogStore


def emit(payload: Any) -> None:
    """Print a ``--json`` answer: UTF-8 as is, indented, and never a NaN."""
    print(json.dumps(payload, ensure_ascii=False, indent=2, allow_nan=False))


def catalog_store() -> CatalogStore:
    """The user's catalog, opened; its notice (a repair, a new copy) goes to stderr."""
    from planner.catalog.store import open_store

    store = open_store()
    if store.notice:
        print(store.notice, file=sys.stderr)
    return store


class language:
    """Our translators installed for one command, then taken away (the process may go on)."""

    def __init__(self, flag: str | None) -> None:
        self.flag = flag
        self.installed: list[QTranslator] = []

    def __enter__(self) -> None:
        from PySide6.QtCore import QCoreApplication, QLocale

        from planner.translations import install_translators

        self.app = QCoreApplication.instance() or QCoreApplication([])
        self.locale = QLocale()
        self.installed = install_translators(self.app, flag=self.flag)

    def __exit__(self, *exc: object) -> None:
        from PySide6.QtCore import QLocale

        for translator in self.installed:
            self.app.removeTranslator(translator)
        QLocale.setDefault(self.locale)
