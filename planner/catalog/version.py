"""The catalog version in ``data/VERSION`` and the one error type for a bad ``data/`` folder.

Light on purpose: opening an up-to-date catalog reads the version and nothing else of ``data/``,
so it need not load the schema the full loader (:mod:`planner.catalog.datafiles`) checks with.
"""

from __future__ import annotations

from pathlib import Path

VERSION_FILE = "VERSION"


class DataFileError(ValueError):
    """A data file that cannot be used, described in one sentence a data author can act on.

    ``file`` is relative to the data folder (e.g. ``gpus/nvidia.toml``); ``record_id`` and
    ``field`` are ``None`` when the problem is with the file as a whole. ``others`` carries the
    remaining problems when several were found, so a reviewer can fix them in one pass.
    """

    def __init__(self, file: str, message: str, *, record_id: str | None = None,
                 field: str | None = None, kind: str | None = None) -> None:
        super().__init__(message)
        self.file = file
        self.record_id = record_id
        self.field = field
        self.kind = kind
        self.message = message
        self.others: list[DataFileError] = []

    def __str__(self) -> str:
        return self.message


def read_version(data_dir: Path) -> str:
    """Return the catalog version in ``data/VERSION``; a missing or empty file is an error."""
    path = data_dir / VERSION_FILE
    try:
        version = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise DataFileError(VERSION_FILE, f"{VERSION_FILE}: the file cannot be read ({exc}).")\
            from None
    if not version or len(version.splitlines()) != 1:
        raise DataFileError(VERSION_FILE, f"{VERSION_FILE}: the file must hold one line, the "
                                          "catalog version (e.g. 2026.12.02-1).")
    return version
