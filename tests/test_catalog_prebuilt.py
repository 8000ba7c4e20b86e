"""The catalog database built ahead of time and copied into a new profile (issue 24).

A new profile must start with exactly the database seeding would have made, without seeding;
a profile that has a database keeps it; a built file for other data or another schema is never
copied; and the copy happens with the standard library alone.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import pytest

from planner.catalog import prebuilt
from planner.catalog.quick import HEAD_REVISION, read_current
from planner.catalog.store import open_store

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "data"
TABLES = ("gpus", "architectures", "workloads", "tariffs", "carbon", "cloud_instances", "meta",
          "alembic_version")


def _rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with closing(sqlite3.connect(path)) as con:
        return {t: sorted(con.execute(f"SELECT * FROM {t}").fetchall(), key=repr)
                for t in TABLES}


def test_a_built_database_is_what_seeding_makes(tmp_path: Path) -> None:
    seeded = tmp_path / "seeded.sqlite"
    open_store(seeded, data_dir=FIXTURES, prebuilt=False).close()
    built = prebuilt.build(FIXTURES, tmp_path / "built" / "catalog.sqlite", open_store)
    assert _rows(built) == _rows(seeded)
    assert prebuilt.is_current(built, FIXTURES)
    assert not list(built.parent.glob("*.tmp"))


def test_a_new_profile_gets_a_copy_and_the_store_does_not_seed(tmp_path: Path,
                                                                 monkeypatch) -> None:
    db = tmp_path / "profile" / "catalog.sqlite"
    assert prebuilt.install(db, FIXTURES, open_store)
    source = prebuilt.prebuilt(FIXTURES, open_store)
    assert source is not None and db.read_bytes() == source.read_bytes()
    from planner.catalog import datafiles

    monkeypatch.setattr(datafiles, "load_catalog", lambda *a: pytest.fail("seeded"))
    with open_store(db, data_dir=FIXTURES) as store:
        assert store.notice is None
        assert len(store.catalog().gpus) == 5


def test_a_profile_with_a_database_keeps_it(tmp_path: Path) -> None:
    db = tmp_path / "catalog.sqlite"
    with open_store(db, data_dir=FIXTURES) as store:
        gpu = store.catalog().gpus[0]
        store.add_user_gpu(replace(gpu, id="my-own-card", name="My own card", custom=True))
    before = db.read_bytes()
    assert not prebuilt.install(db, FIXTURES, open_store)
    assert db.read_bytes() == before


def test_new_data_still_reseeds_a_copied_database_keeping_the_users_rows(tmp_path: Path) -> None:
    db = tmp_path / "catalog.sqlite"
    assert prebuilt.install(db, FIXTURES, open_store)
    with open_store(db, data_dir=FIXTURES) as store:
        gpu = store.catalog().gpus[0]
        store.add_user_gpu(replace(gpu, id="my-own-card", name="My own card", custom=True))
    newer = tmp_path / "data"
    shutil.copytree(FIXTURES, newer)
    (newer / "VERSION").write_text("fixtures-next\n", encoding="utf-8")
    assert read_current(db, newer) is None  # start-up leaves it to the store ...
    with open_store(db, data_dir=newer) as store:  # ... which re-seeds it
        catalog = store.catalog()
    assert catalog.version == "fixtures-next"
    assert "my-own-card" in {g.id for g in catalog.gpus}


def test_a_built_database_for_other_data_is_not_copied(tmp_path: Path) -> None:
    other = tmp_path / "data"  # outside the checkout: no built file, none is made
    shutil.copytree(FIXTURES, other)
    (other / "VERSION").write_text("other\n", encoding="utf-8")
    shutil.copy2(prebuilt.prebuilt(FIXTURES, open_store), other / prebuilt.PREBUILT_NAME)  # stale
    assert not prebuilt.is_current(other / prebuilt.PREBUILT_NAME, other)
    assert prebuilt.prebuilt(other, open_store) is None
    db = tmp_path / "catalog.sqlite"
    assert not prebuilt.install(db, other, open_store)
    assert not db.exists()
    with open_store(db, data_dir=other) as store:  # seeded as before
        assert store.catalog().version == "other"


def test_a_built_database_of_another_schema_is_not_copied(tmp_path: Path) -> None:
    built = prebuilt.build(FIXTURES, tmp_path / prebuilt.PREBUILT_NAME, open_store)
    with closing(sqlite3.connect(built)) as con, con:
        con.execute("UPDATE alembic_version SET version_num = '0001_initial'")
    assert HEAD_REVISION != "0001_initial"
    assert not prebuilt.is_current(built, FIXTURES)


def test_the_copy_needs_neither_sqlalchemy_nor_pydantic(tmp_path: Path) -> None:
    assert prebuilt.prebuilt(FIXTURES, open_store) is not None  # the checkout's built file exists
    code = ("import sys\nfrom pathlib import Path\n"
            "from planner.catalog.prebuilt import install\n"
            "from planner.catalog.quick import read_current\n"
            f"db, data = Path({str(tmp_path / 'catalog.sqlite')!r}), Path({str(FIXTURES)!r})\n"
            "assert install(db, data)\nassert len(read_current(db, data).gpus) == 5\n"
            "print(sorted(m for m in ('sqlalchemy', 'sqlmodel', 'pydantic', 'alembic') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ), timeout=120, check=True).stdout.strip()
    assert out == "[]"


def test_the_rates_written_with_the_database_are_the_loaders(tmp_path: Path) -> None:
    from planner.catalog.rates import load_rates

    built = prebuilt.build(FIXTURES, tmp_path / prebuilt.PREBUILT_NAME, open_store)
    assert prebuilt.rates_path(built).is_file()
    assert prebuilt.built_rates(FIXTURES) == load_rates(FIXTURES)
    assert load_rates(FIXTURES).history  # the dated readings travel too


def test_rates_for_other_data_are_not_used(tmp_path: Path) -> None:
    other = tmp_path / "data"
    shutil.copytree(FIXTURES, other)
    source = prebuilt.prebuilt(FIXTURES, open_store)
    assert source is not None
    shutil.copy2(source, other / prebuilt.PREBUILT_NAME)
    shutil.copy2(prebuilt.rates_path(source), prebuilt.rates_path(other / prebuilt.PREBUILT_NAME))
    assert prebuilt.built_rates(other) is not None  # the same version: used
    (other / "VERSION").write_text("other\n", encoding="utf-8")
    assert prebuilt.built_rates(other) is None


def test_the_window_reads_the_rates_without_pydantic() -> None:
    assert prebuilt.prebuilt(FIXTURES, open_store) is not None
    from planner.paths import bundled_data_dir

    assert prebuilt.prebuilt(bundled_data_dir(), open_store) is not None
    code = ("import sys\nfrom planner.catalog.rates import bundled_rates\n"
            "assert bundled_rates().cny_per_usd > 0\n"
            "print(sorted(m for m in ('pydantic', 'planner.schema') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ), timeout=120, check=True).stdout.strip()
    assert out == "[]"
