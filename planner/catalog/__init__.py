"""The catalog layer: bundled ``data/`` files in, the user's SQLite catalog, core records out.

Import from the submodules (``planner.catalog.store``, ``.datafiles``, ``.export``); this package
re-exports the names most callers need, loaded on first use (the schema the data loader checks
with is not needed to open an up-to-date catalog). No Qt here.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {"DataFileError": "datafiles", "load_catalog": "datafiles", "CatalogError": "store",
          "CatalogStore": "store", "open_store": "store"}

__all__ = ["CatalogError", "CatalogStore", "DataFileError", "load_catalog", "open_store"]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f"planner.catalog.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'planner.catalog' has no attribute {name!r}")
