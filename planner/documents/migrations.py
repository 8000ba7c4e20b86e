"""Bring a document of an older format version up to the current one, one version at a time.

Each migration is a function from the raw JSON object of version N to that of version N+1,
registered in :data:`MIGRATIONS`; opening a version-1 file runs 1→2, a future version-3 reader
would run 1→2→3. Migrations work on raw objects before validation, so they must tolerate a damaged
file (leave what they do not recognise; the reader then reports it in words). Every past version
has a real fixture under ``tests/fixtures/gpubuild/`` that a test opens.

Version history (see docs/gpubuild-format.md):

1. First release: ``usage.hours`` for hours a day; no ``cost`` object (costs used defaults).
2. ``usage.hours`` renamed ``usage.hours_per_day`` (as in the core ``Usage`` record) and a
   ``cost`` object (currency, tariff, electricity price, carbon region, years, cloud instance).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from planner.core.build import CostSettings
from planner.documents import limits as lim
from planner.documents.errors import DocumentError

Migration = Callable[[dict[str, Any]], dict[str, Any]]

OLDEST_VERSION = 1


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Rename ``usage.hours`` to ``hours_per_day``; add the default ``cost`` settings."""
    usage = doc.get("usage")
    if isinstance(usage, dict) and "hours" in usage and "hours_per_day" not in usage:
        usage = {("hours_per_day" if k == "hours" else k): v for k, v in usage.items()}
        doc = {**doc, "usage": usage}
    if "cost" not in doc:
        defaults = CostSettings()
        doc = {**doc, "cost": {f.name: getattr(defaults, f.name)
                               for f in dataclasses.fields(defaults)}}
    return doc


#: ``MIGRATIONS[n]`` turns a version-n document into version n+1.
MIGRATIONS: dict[int, Migration] = {
    1: _v1_to_v2,
}


def migrate(doc: dict[str, Any], version: int) -> dict[str, Any]:
    """Return ``doc`` (of ``version``) as a current-version document."""
    if version > lim.FORMAT_VERSION:
        raise DocumentError(f"This file was made by a newer GPU Build Planner (format version "
                            f"{version}); please update to open it.")
    if version < OLDEST_VERSION:
        raise DocumentError(f"This file has format version {version}, which no release of GPU "
                            "Build Planner wrote; it may be damaged.")
    while version < lim.FORMAT_VERSION:
        doc = MIGRATIONS[version](doc)
        version += 1
    return {**doc, "version": version}
