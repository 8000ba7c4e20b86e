"""`.gpubuild` documents: the file format, loading, saving, validation and version migration.

The public API is re-exported here; the UI, the CLI and the report code against these names only.
Pure Python: this package may import :mod:`planner.core` but not Qt, the catalog or the UI
(``[tool.importlinter]`` in pyproject.toml). The format is described in docs/gpubuild-format.md.
"""

from planner.documents.errors import DocumentError
from planner.documents.files import (
    LoadedDocument,
    dumps_document,
    load_document,
    loads_document,
    save_document,
)
from planner.documents.stamps import FileChangedError, FileStamp
from planner.schema.limits import FORMAT_NAME, FORMAT_VERSION, MAX_FILE_BYTES

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_FILE_BYTES",
    "DocumentError",
    "FileChangedError",
    "FileStamp",
    "LoadedDocument",
    "dumps_document",
    "load_document",
    "loads_document",
    "save_document",
]
