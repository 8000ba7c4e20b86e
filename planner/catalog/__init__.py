"""The catalog layer: bundled ``data/`` files in, the user's SQLite catalog, core records out.

Import from the submodules (``planner.catalog.store``, ``.datafiles``, ``.export``); this package
re-exports the names most callers need. No Qt here.
"""

from planner.catalog.datafiles import DataFileError, load_catalog
from planner.catalog.store import CatalogError, CatalogStore, open_store

__all__ = ["CatalogError", "CatalogStore", "DataFileError", "load_catalog", "open_store"]
