"""data/VERSION moves whenever data/ changes: users' catalogs re-seed only when it does.

A user's catalog database is rebuilt from data/ when the bundled version differs from the one it
was seeded with (planner/catalog/seeding.py). Edit a figure in data/ without bumping VERSION and
every existing install keeps the old figure for good, while a fresh install shows the new one.
This test keeps the digest of the data files seen at the current version in
tests/data/catalog_digest.txt: a change of content under the same version fails it.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data"
RECORD = ROOT / "tests" / "data" / "catalog_digest.txt"


def data_digest() -> str:
    """SHA-256 over every data file but VERSION, by relative path, in a fixed order."""
    h = hashlib.sha256()
    for path in sorted(p for p in DATA.rglob("*") if p.is_file() and p.suffix == ".toml"):
        h.update(path.relative_to(DATA).as_posix().encode() + b"\0")
        h.update(path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return h.hexdigest()


def test_data_changes_come_with_a_new_version() -> None:
    version = (DATA / "VERSION").read_text(encoding="utf-8").strip()
    recorded_version, recorded_digest = RECORD.read_text(encoding="utf-8").split()
    digest = data_digest()
    if version == recorded_version:
        assert digest == recorded_digest, (
            "data/ changed but data/VERSION did not: bump data/VERSION (users' catalogs re-seed "
            f"only then), then write '<new version> {digest}' to {RECORD.relative_to(ROOT)}.")
    else:
        raise AssertionError(
            f"data/VERSION is {version} but {RECORD.relative_to(ROOT)} records "
            f"{recorded_version}: write '{version} {digest}' to it.")
