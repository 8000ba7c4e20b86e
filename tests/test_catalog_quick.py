"""The start-up read of a current catalog database (planner.catalog.quick), against the store.

The window lists the catalog from this read before SQLAlchemy is imported; it must give exactly
the store's catalog when the database is current, and step aside (None) whenever the store would
have work to do first, so the database stays the one source of truth.
"""

from __future__ import annotations

import dataclasses
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from planner.catalog.quick import read_current
from planner.catalog.store import open_store
from planner.core.records.specs import GpuSpec

FIXTURES = Path(__file__).parent / "fixtures" / "data"


@pytest.fixture
def db(tmp_path: Path, data: Path) -> Path:
    path = tmp_path / "user" / "catalog.sqlite"
    open_store(path, data_dir=data).close()  # seeded, current
    return path


def test_a_current_database_reads_as_the_store_reads_it(db: Path, data: Path) -> None:
    quick = read_current(db, data)
    with open_store(db, data_dir=data) as store:
        assert quick == store.catalog()
    assert quick is not None and len(quick.gpus) == 5 and quick.version


def test_the_users_own_gpus_and_edits_come_through(db: Path, data: Path) -> None:
    with open_store(db, data_dir=data) as store:
        base = store.catalog().gpu("nvidia-rtx-4090")
        assert base is not None
        store.add_user_gpu(dataclasses.replace(base, id="my-card", name="My Card", custom=True))
        store.update_gpu(dataclasses.replace(base, tdp_w=400))
        expected = store.catalog()
    quick = read_current(db, data)
    assert quick == expected
    assert quick is not None
    mine = quick.gpu("my-card")
    assert isinstance(mine, GpuSpec) and mine.custom
    assert quick.gpu("nvidia-rtx-4090").tdp_w == 400  # type: ignore[union-attr]


def test_steps_aside_when_the_store_has_work_to_do(db: Path, data: Path, tmp_path: Path) -> None:
    assert read_current(tmp_path / "none.sqlite", data) is None  # first start: seed it
    (data / "VERSION").write_text("2099.01.01-1\n", encoding="utf-8")
    assert read_current(db, data) is None  # an update: re-seed first
    (data / "VERSION").unlink()
    assert read_current(db, data) is None  # bad bundled data: the store says so


def test_steps_aside_for_an_older_or_damaged_file(db: Path, data: Path) -> None:
    with closing(sqlite3.connect(db)) as con:
        con.execute("UPDATE alembic_version SET version_num = '0001_initial'")
        con.commit()
    assert read_current(db, data) is None  # the store migrates it
    db.write_bytes(b"not a database" * 100)
    assert read_current(db, data) is None  # the store moves it aside


def test_steps_aside_while_another_program_writes(db: Path, data: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import planner.catalog.quick as quick

    monkeypatch.setattr(quick, "READ_TIMEOUT_S", 0.05)
    with closing(sqlite3.connect(db, isolation_level=None)) as holder:
        holder.execute("BEGIN EXCLUSIVE")
        assert read_current(db, data) is None
        holder.execute("ROLLBACK")


def test_reading_imports_neither_sqlalchemy_nor_pydantic(db: Path, data: Path) -> None:
    code = ("import sys\nfrom pathlib import Path\nfrom planner.catalog.quick import read_current\n"
            f"c = read_current(Path({str(db)!r}), Path({str(data)!r}))\n"
            "print(c is not None, sorted(m for m in ('sqlalchemy', 'sqlmodel', 'pydantic', "
            "'PySide6') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True).stdout.strip()
    assert out == "True []"


def test_tables_are_the_stores() -> None:
    from planner.catalog.models import (
        ArchitectureRow,
        CarbonRow,
        CloudInstanceRow,
        GpuRow,
        TariffRow,
        WorkloadRow,
    )
    from planner.catalog.quick import TABLES

    assert [t for t, _ in TABLES] == [m.__tablename__ for m in (
        GpuRow, ArchitectureRow, WorkloadRow, TariffRow, CarbonRow, CloudInstanceRow)]
