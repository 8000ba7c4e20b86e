"""Open and save `.gpubuild` files: the functions the UI, the CLI and the report call.

Loading reads at most the size cap (checked before reading), parses strictly, migrates an older
format version, checks every key and builds core records; anything wrong becomes one
:class:`DocumentError` sentence. Saving writes deterministic bytes atomically. Nothing in a file is
ever executed, imported or followed (``sources`` are only strings to show).

Both remember what the file held (:class:`~planner.documents.stamps.FileStamp`), so a later save
can refuse to overwrite a version someone else put there meanwhile, and both tidy away our own
temporary files that a killed save left beside the document (see :mod:`planner.documents.atomic`).
"""

from __future__ import annotations

import logging
import os
import stat
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from planner import __version__
from planner.core.plan.build import Build
from planner.core.plan.study import Study, study_title
from planner.core.records.specs import Catalog, GpuSpec
from planner.documents.atomic import atomic_write, remove_stale_temps
from planner.documents.compare import compare
from planner.documents.errors import DocumentError, shown
from planner.documents.migrations import migrate
from planner.documents.parsing import NOT_A_BUILD, parse_json, too_large_message
from planner.documents.reader import Header, read_document
from planner.documents.stamps import FileStamp, check_unchanged, stamp_of
from planner.documents.writer import document_object, encode, utc_now
from planner.schema import limits as lim

log = logging.getLogger(__name__)

SUMMARY_SLOTS = 3


@dataclass(frozen=True, slots=True)
class LoadedDocument:
    """An opened file: its variants as the file has them, plus what the file says about itself.

    ``build`` is the active variant with the shared workloads and assumptions (what the build
    area shows); ``study`` holds every variant. ``format_version`` is the version written in the
    file (before any migration); ``unknown_gpus`` and ``differences`` compare the file's
    snapshots with the catalog passed to the loader and are empty when none was passed.
    ``stamp`` describes the bytes read (``None`` when loaded from bytes rather than a file).
    """

    study: Study
    path: Path | None
    format_version: int
    app_version: str
    created: str
    modified: str
    catalog_version: str = ""
    unknown_gpus: tuple[GpuSpec, ...] = ()
    differences: tuple[str, ...] = ()
    stamp: FileStamp | None = None

    @property
    def build(self) -> Build:
        """The active variant, with the shared workloads and assumptions."""
        return self.study.build()

    @property
    def migrated(self) -> bool:
        """True when the file was of an older format version (saving rewrites it as current)."""
        return self.format_version < lim.FORMAT_VERSION

    def summary(self) -> str:
        """One line: name, the GPUs with counts, and the number of workloads."""
        build = self.build
        name = " ".join(study_title(self.study).split()) or "Untitled build"
        parts = [f"{s.count}× {s.gpu.name}" for s in build.slots[:SUMMARY_SLOTS]]
        if len(build.slots) > SUMMARY_SLOTS:
            parts.append(f"{len(build.slots) - SUMMARY_SLOTS} more GPU models")
        gpus = " + ".join(parts) or "no GPUs"
        n = len(build.workloads)
        line = f"{name}: {gpus}, {n} workload{'' if n == 1 else 's'}"
        others = len(self.study.variants) - 1
        if others:
            line += (f"; variant {self.study.variant.name} shown, {others} other"
                     f"{'' if others == 1 else 's'}")
        return line


def _open_error(path: Path, reason: str, code: str) -> DocumentError:
    # The path as given, folder and all: "missing.gpubuild" alone does not say where we looked.
    return DocumentError(f"Cannot open '{path}': {reason}.", code=f"open:{code}",
                         params={"file": str(path), "detail": reason})


def _read_capped(path: Path) -> tuple[bytes, os.stat_result]:
    """The file's bytes and status, refusing folders, devices and anything over the cap first."""
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise _open_error(path, "it is a folder, not a file", "folder")
        if not stat.S_ISREG(info.st_mode):
            raise _open_error(path, "it is not a regular file", "not-a-file")
        if info.st_size > lim.MAX_FILE_BYTES:
            raise DocumentError(too_large_message(info.st_size))
        with open(path, "rb") as handle:
            data = handle.read(lim.MAX_FILE_BYTES + 1)
            return data, os.fstat(handle.fileno())
    except FileNotFoundError:
        raise _open_error(path, "there is no such file", "missing") from None
    except PermissionError:
        raise _open_error(path, "you do not have permission to read it", "permission") from None
    except OSError as exc:
        detail = (exc.strerror or type(exc).__name__).rstrip(".").lower()
        raise _open_error(path, detail, "other") from None


def _check_marker(obj: Any) -> int:
    """The file's format version, once it is plainly a GPU build file."""
    if not isinstance(obj, dict):
        raise DocumentError(f"{NOT_A_BUILD}: it holds {shown(obj)} instead of an object.")
    marker = obj.get("format")
    if marker != lim.FORMAT_NAME:
        found = "it has no format marker" if marker is None else f"its format is {shown(marker)}"
        raise DocumentError(f"{NOT_A_BUILD}: {found}, not '{lim.FORMAT_NAME}'.")
    version = obj.get("version")
    if type(version) is not int:
        raise DocumentError(f"This GPU build file has no valid format version (found "
                            f"{shown(version)}); it may be damaged.")
    return version


def read_object(obj: Any) -> tuple[int, Study, Header]:
    """A parsed document of any supported version: its version, variants and header."""
    version = _check_marker(obj)
    study, header = read_document(migrate(obj, version))
    return version, study, header


def as_study(content: Study | Build) -> Study:
    """A study as is; a bare build as the one variant of a study."""
    return content if isinstance(content, Study) else Study.of(content)


def _decode(data: bytes, catalog: Catalog | None, path: Path | None) -> LoadedDocument:
    version, study, header = read_object(parse_json(data))
    unknown, differences = compare(study, catalog)
    return LoadedDocument(study, path, version, header.app_version, header.created,
                          header.modified, header.catalog_version, unknown, differences)


def loads_document(data: bytes, catalog: Catalog | None = None) -> LoadedDocument:
    """Open a document from bytes; raise :class:`DocumentError` (only) if it cannot be used."""
    try:
        return _decode(bytes(data), catalog, None)
    except DocumentError:
        raise
    except Exception as exc:
        # A bug, not the user's fault; still one sentence, and the log keeps the traceback.
        log.exception("unexpected failure reading a GPU build file")
        raise DocumentError(f"This GPU build file could not be read because of an unexpected "
                            f"problem ({type(exc).__name__}); please report it.") from None


def load_document(path: Path, catalog: Catalog | None = None) -> LoadedDocument:
    """Open a `.gpubuild` file; raise :class:`DocumentError` (only) if it cannot be used."""
    path = Path(path)
    data, info = _read_capped(path)
    remove_stale_temps(path.parent, path)
    return replace(loads_document(data, catalog), path=path, stamp=stamp_of(data, info))


def checked_object(content: Study | Build, *, created: str | None = None,
                   modified: str | None = None, catalog_version: str = "",
                   app_version: str = __version__) -> dict[str, Any]:
    """The document object for a study (or a bare build), read back through the loader's checks.

    So the app can never write a file it would refuse to open; ``modified`` defaults to now and
    ``created`` to ``modified``.
    """
    modified = modified or utc_now()
    doc = document_object(as_study(content), app_version=app_version,
                          created=created or modified,
                          modified=modified, catalog_version=catalog_version)
    try:
        read_document(doc)
    except DocumentError as exc:
        text = str(exc)
        if text[1:2].islower():  # "Utilization must ..." reads on; "GPU count ..." keeps its case
            text = text[0].lower() + text[1:]
        raise DocumentError(f"This build cannot be saved: {text}") from None
    except (TypeError, ValueError) as exc:
        raise DocumentError(f"This build cannot be saved: it holds a value a file cannot "
                            f"store ({type(exc).__name__}).") from None
    return doc


def dumps_document(content: Study | Build, *, created: str | None = None,
                   modified: str | None = None, catalog_version: str = "",
                   app_version: str = __version__) -> bytes:
    """The file's bytes for a study (or a build); the same arguments always give the same bytes."""
    return encode(checked_object(content, created=created, modified=modified,
                                 catalog_version=catalog_version, app_version=app_version))


def save_document(content: Study | Build, path: Path, *, created: str | None = None,
                  catalog_version: str = "", expect: FileStamp | None = None) -> FileStamp:
    """Write a study (or a build) to ``path`` atomically and durably; return the stamp written.

    The old file stays intact if anything fails. With ``expect`` (the stamp of what the caller
    loaded or last saved there), a file whose bytes changed since is not overwritten:
    :class:`~planner.documents.stamps.FileChangedError` is raised instead, checked after the new
    bytes are on disk and just before they replace the old ones.
    """
    path = Path(path)
    data = dumps_document(content, created=created, catalog_version=catalog_version)
    check = None if expect is None else (lambda: check_unchanged(path, expect))
    return stamp_of(data, atomic_write(path, data, before_replace=check))
