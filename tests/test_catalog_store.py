"""The SQLite catalog store: seeding, re-seeding, recovery from bad files, migrations, search."""

from __future__ import annotations

import dataclasses
import json
import os
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine

from planner import paths
from planner.catalog import dbfile
from planner.catalog import store as store_module
from planner.catalog.datafiles import load_catalog
from planner.catalog.models import metadata
from planner.catalog.store import (
    HEAD_REVISION,
    REVISIONS,
    SCHEMA_VERSION,
    CatalogError,
    CatalogStore,
    alembic_config,
    open_store,
)
from planner.core.records.specs import GpuSpec, Price

FIXTURES = Path(__file__).parent / "fixtures" / "data"


@pytest.fixture(autouse=True)
def user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the user data folder at tmp_path: tests never touch the real home."""
    folder = tmp_path / "user"
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(folder))
    return folder


@pytest.fixture
def db(user_dir: Path) -> Path:
    return user_dir / "catalog.sqlite"


@pytest.fixture
def store(db: Path, data: Path) -> Iterator[CatalogStore]:
    opened = open_store(db, data_dir=data)
    yield opened
    opened.close()


@pytest.fixture
def priced_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Age the fixture's prices on 2026-12-03, not on the day the suite runs."""
    monkeypatch.setattr("planner.core.costs.prices.today_iso", lambda: "2026-12-03")


def bump(data: Path, version: str) -> None:
    (data / "VERSION").write_text(version + "\n", encoding="utf-8")


def edit(data: Path, file: str, old: str, new: str) -> None:
    path = data / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def drop_prices(data: Path, gpu_id: str) -> None:
    """Remove a GPU's price records, as a data author removing the GPU would."""
    path = data / "prices.toml"
    blocks = path.read_text(encoding="utf-8").split("[[price]]")
    kept = [b for b in blocks if f'gpu_id = "{gpu_id}"' not in b]
    path.write_text("[[price]]".join(kept), encoding="utf-8")


def my_gpu(**changes: object) -> GpuSpec:
    spec = GpuSpec(id="my-frankencard", vendor="NVIDIA", name="Franken Card 48GB",
                   architecture="ada-lovelace", segment="consumer", form_factor="pcie-card",
                   memory_gb=48, memory_type="GDDR6X", memory_bandwidth_gbs=1008, tdp_w=450,
                   sources=(), fp16_tensor_tflops=165.2,
                   prices=(Price(3200, "USD", "2026-11-01", "street", "US", "a shop"),))
    return dataclasses.replace(spec, **changes)  # type: ignore[arg-type]


def assert_one_sentence(notice: str | None) -> str:
    assert notice
    assert "\n" not in notice and "Traceback" not in notice
    assert notice.endswith(".") and notice.count(". ") == 0
    return notice


def meta(db: Path) -> dict[str, str]:
    with closing(sqlite3.connect(db)) as con:
        return dict(con.execute("SELECT key, value FROM meta").fetchall())


# -- first start and re-seeding ------------------------------------------------------------------


def test_first_start_seeds_a_real_file(store: CatalogStore, db: Path, data: Path) -> None:
    assert db.is_file() and store.path == db
    assert store.notice is None
    catalog = store.catalog()
    expected = load_catalog(data)
    assert catalog.version == "2026.01.01-1"
    assert catalog.gpus == expected.gpus  # every field survives the JSON round trip
    assert catalog.workloads == expected.workloads  # profiles included
    assert catalog.architectures == expected.architectures
    assert catalog.tariffs == expected.tariffs
    assert catalog.carbon == expected.carbon
    assert catalog.cloud == expected.cloud
    assert meta(db) == {"catalog_version": "2026.01.01-1", "schema_version": str(SCHEMA_VERSION)}
    with closing(sqlite3.connect(db)) as con:
        rows = con.execute("SELECT id, origin, user_edited, memory_gb, price_amount, "
                           "price_currency, price_kind, price_as_of FROM gpus WHERE id = "
                           "'nvidia-h100-sxm5-80gb'").fetchall()
        # the fixture's H100 has one price: a press estimate of EUR 25,000 (2026-01-01)
        assert rows == [("nvidia-h100-sxm5-80gb", "bundled", 0, 80.0, 25000.0, "EUR",
                         "estimate", "2026-01-01")]
        version = con.execute("SELECT version_num FROM alembic_version").fetchone()
        assert version == (HEAD_REVISION,)


def test_default_path_is_the_user_data_folder(data: Path, user_dir: Path) -> None:
    with open_store(data_dir=data) as opened:
        assert opened.path == user_dir / "catalog.sqlite"
        assert opened.path.is_file()


def test_same_version_is_not_reseeded(store: CatalogStore, db: Path, data: Path) -> None:
    store.close()
    edit(data, "gpus/nvidia.toml", "tdp_w = 350", "tdp_w = 351")  # VERSION not bumped
    with open_store(db, data_dir=data) as again:
        gpu = again.catalog().gpu("nvidia-rtx-3090")
        assert gpu is not None and gpu.tdp_w == 350


def test_reseed_keeps_user_rows_and_edits(store: CatalogStore, db: Path, data: Path) -> None:
    store.add_user_gpu(my_gpu())
    rtx = store.catalog().gpu("nvidia-rtx-4090")
    assert rtx is not None
    store.update_gpu(dataclasses.replace(rtx, tdp_w=400.0, notes="undervolted"))
    store.close()

    # new catalog version: 3090 removed, A100 changed, a new card, 4090 changed upstream too
    text = (data / "gpus/nvidia.toml").read_text(encoding="utf-8")
    start = text.index('[[gpu]]\nid = "nvidia-rtx-3090"')
    end = text.index("[[gpu]]", start + 1)
    text = text[:start] + text[end:]
    drop_prices(data, "nvidia-rtx-3090")
    text = text.replace("tdp_w = 400", "tdp_w = 500").replace("tdp_w = 450", "tdp_w = 460")
    text += ('\n[[gpu]]\nid = "nvidia-rtx-5090"\nvendor = "NVIDIA"\nname = "GeForce RTX 5090"\n'
             'architecture = "ada-lovelace"\nsegment = "consumer"\nform_factor = "pcie-card"\n'
             'memory_gb = 32\nmemory_type = "GDDR7"\nmemory_bandwidth_gbs = 1792\n'
             'tdp_w = 575\nsources = ["fixture"]\n')
    (data / "gpus/nvidia.toml").write_text(text, encoding="utf-8")
    bump(data, "2026.02.01-1")

    with open_store(db, data_dir=data) as again:
        assert again.notice is None
        catalog = again.catalog()
        assert catalog.version == "2026.02.01-1"
        ids = {g.id for g in catalog.gpus}
        assert "nvidia-rtx-3090" not in ids
        assert {"nvidia-rtx-5090", "my-frankencard", "nvidia-rtx-4090"} <= ids
        a100 = catalog.gpu("nvidia-a100-sxm4-80gb")
        assert a100 is not None and a100.tdp_w == 500
        edited = catalog.gpu("nvidia-rtx-4090")
        assert edited is not None and edited.tdp_w == 400 and edited.notes == "undervolted"
        mine = catalog.gpu("my-frankencard")
        assert mine is not None and mine.custom and mine == dataclasses.replace(
            my_gpu(), custom=True, memory_gb=48.0, memory_bandwidth_gbs=1008.0, tdp_w=450.0,
            prices=(Price(3200.0, "USD", "2026-11-01", "street", "US", "a shop"),))
        assert again.gpu_status("nvidia-rtx-4090") == "edited"
        # reverting now restores the *new* bundled figures
        again.revert_gpu("nvidia-rtx-4090")
        reverted = again.catalog().gpu("nvidia-rtx-4090")
        assert reverted is not None and reverted.tdp_w == 460 and reverted.notes == ""
        assert again.gpu_status("nvidia-rtx-4090") == "bundled"
    assert meta(db)["catalog_version"] == "2026.02.01-1"


def test_edited_row_dropped_upstream_becomes_the_users(store: CatalogStore, db: Path,
                                                       data: Path) -> None:
    amd = store.catalog().gpu("amd-rx-7900-xtx")
    assert amd is not None
    store.update_gpu(dataclasses.replace(amd, tdp_w=300.0))
    store.close()
    (data / "gpus/amd.toml").write_text("", encoding="utf-8")
    drop_prices(data, "amd-rx-7900-xtx")
    edit(data, "architectures.toml", 'id = "rdna3"', 'id = "rdna3"')
    bump(data, "2026.03.01-1")
    with open_store(db, data_dir=data) as again:
        kept = again.catalog().gpu("amd-rx-7900-xtx")
        assert kept is not None and kept.tdp_w == 300 and kept.custom
        assert again.gpu_status("amd-rx-7900-xtx") == "user"


def test_user_row_wins_over_a_newly_bundled_one_with_its_id(store: CatalogStore, db: Path,
                                                            data: Path) -> None:
    store.add_user_gpu(my_gpu(id="nvidia-rtx-5090", name="My 5090"))
    store.close()
    edit(data, "gpus/amd.toml", "[[gpu]]", '[[gpu]]\nid = "nvidia-rtx-5090"\nvendor = "NVIDIA"\n'
         'name = "GeForce RTX 5090"\narchitecture = "ada-lovelace"\nsegment = "consumer"\n'
         'form_factor = "pcie-card"\nmemory_gb = 32\nmemory_type = "GDDR7"\n'
         'memory_bandwidth_gbs = 1792\ntdp_w = 575\nsources = ["fixture"]\n\n[[gpu]]')
    bump(data, "2026.04.01-1")
    with open_store(db, data_dir=data) as again:
        gpu = again.catalog().gpu("nvidia-rtx-5090")
        assert gpu is not None and gpu.name == "My 5090"


def test_bad_bundled_data_keeps_the_previous_catalog(store: CatalogStore, db: Path,
                                                     data: Path) -> None:
    store.close()
    edit(data, "gpus/nvidia.toml", "tdp_w = 450", "tdp_w = -450")
    bump(data, "2026.05.01-1")
    with open_store(db, data_dir=data) as again:
        notice = assert_one_sentence(again.notice)
        assert "2026.01.01-1" in notice and "tdp_w" in notice
        assert again.catalog().version == "2026.01.01-1"
        assert len(again.catalog().gpus) == 5


def test_bad_bundled_data_on_first_start_gives_an_empty_catalog(db: Path, data: Path) -> None:
    (data / "cloud.toml").unlink()
    with open_store(db, data_dir=data) as opened:
        assert "cloud.toml" in assert_one_sentence(opened.notice)
        assert opened.catalog().gpus == ()


# -- editing -------------------------------------------------------------------------------------


def test_user_gpu_add_update_delete(store: CatalogStore, db: Path, data: Path) -> None:
    first = store.catalog()
    assert store.catalog() is first  # cached
    store.add_user_gpu(my_gpu())
    second = store.catalog()
    assert second is not first and len(second.gpus) == len(first.gpus) + 1
    assert second.gpus[-1].id == "my-frankencard"  # user rows after bundled ones
    assert store.gpu_status("my-frankencard") == "user"
    with pytest.raises(CatalogError, match="already in the catalog"):
        store.add_user_gpu(my_gpu())
    with pytest.raises(CatalogError, match="already in the catalog"):
        store.add_user_gpu(my_gpu(id="nvidia-rtx-4090"))
    store.update_gpu(my_gpu(memory_gb=96))
    gpu = store.catalog().gpu("my-frankencard")
    assert gpu is not None and gpu.memory_gb == 96
    store.close()
    with open_store(db, data_dir=data) as again:  # persisted
        assert again.catalog().gpu("my-frankencard") is not None
        again.delete_user_gpu("my-frankencard")
        assert again.catalog().gpu("my-frankencard") is None
        assert again.gpu_status("my-frankencard") is None


def test_invalid_user_gpu_is_refused_with_a_sentence(store: CatalogStore) -> None:
    with pytest.raises(CatalogError) as raised:
        store.add_user_gpu(my_gpu(tdp_w=-5))
    assert str(raised.value) == ("GPU 'my-frankencard' has tdp_w = -5, which is below the "
                                 "possible minimum 10 (watts).")
    with pytest.raises(CatalogError):
        store.add_user_gpu(my_gpu(id="My Card"))


def test_edit_rules(store: CatalogStore) -> None:
    with pytest.raises(CatalogError, match="cannot be deleted"):
        store.delete_user_gpu("nvidia-rtx-4090")
    with pytest.raises(CatalogError, match="no GPU"):
        store.delete_user_gpu("nope")
    with pytest.raises(CatalogError, match="no GPU"):
        store.update_gpu(my_gpu(id="nope"))
    with pytest.raises(CatalogError, match="no GPU"):
        store.revert_gpu("nope")
    store.add_user_gpu(my_gpu())
    with pytest.raises(CatalogError, match="your own GPU"):
        store.revert_gpu("my-frankencard")
    store.revert_gpu("nvidia-rtx-4090")  # not edited: nothing to do
    assert store.gpu_status("nvidia-rtx-4090") == "bundled"


def test_edit_then_revert_restores_the_bundled_record(store: CatalogStore, db: Path) -> None:
    original = store.catalog().gpu("nvidia-rtx-4090")
    assert original is not None
    store.update_gpu(dataclasses.replace(original, prices=(), tdp_w=420.0))
    store.update_gpu(dataclasses.replace(original, tdp_w=410.0))  # a second edit
    with closing(sqlite3.connect(db)) as con:
        row = con.execute("SELECT user_edited, tdp_w, bundled_record FROM gpus "
                          "WHERE id = 'nvidia-rtx-4090'").fetchone()
    assert row[0] == 1 and row[1] == 410.0 and json.loads(row[2])["tdp_w"] == 450.0
    store.revert_gpu("nvidia-rtx-4090")
    assert store.catalog().gpu("nvidia-rtx-4090") == original


# -- unusable database files ---------------------------------------------------------------------


def _assert_rebuilt(db: Path, data: Path, what: str) -> None:
    with open_store(db, data_dir=data) as opened:
        notice = assert_one_sentence(opened.notice)
        asides = sorted(p for p in db.parent.glob("catalog.sqlite.corrupt-*")
                        if not p.name.endswith("-journal"))
        assert len(asides) == 1, asides
        assert asides[0].name in notice and what in notice
        assert opened.path == db and db.is_file()
        assert len(opened.catalog().gpus) == 5
    with open_store(db, data_dir=data) as again:  # and the rebuilt file is fine next time
        assert again.notice is None


def test_garbage_file_is_moved_aside(db: Path, data: Path) -> None:
    db.parent.mkdir(parents=True)
    db.write_bytes(b"this is not a database, just some garbage bytes \x00\xff" * 100)
    _assert_rebuilt(db, data, "could not be read")
    aside = next(db.parent.glob("catalog.sqlite.corrupt-*"))
    assert aside.read_bytes().startswith(b"this is not a database")


def test_truncated_file_is_moved_aside(store: CatalogStore, db: Path, data: Path) -> None:
    store.close()
    content = db.read_bytes()
    db.write_bytes(content[: len(content) // 3])
    _assert_rebuilt(db, data, "catalog database")


def test_header_only_file_is_moved_aside(store: CatalogStore, db: Path, data: Path) -> None:
    store.close()
    db.write_bytes(db.read_bytes()[:60])
    _assert_rebuilt(db, data, "could not be read")


def test_directory_in_place_of_the_file(db: Path, data: Path) -> None:
    db.mkdir(parents=True)
    (db / "something").write_text("x")
    _assert_rebuilt(db, data, "was a folder")


def test_another_programs_database(db: Path, data: Path) -> None:
    db.parent.mkdir(parents=True)
    with closing(sqlite3.connect(db)) as con:
        con.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT)")
        con.commit()
    _assert_rebuilt(db, data, "is not a GPU Build Planner catalog")


@pytest.mark.parametrize("how", ["alembic", "meta"])
def test_newer_schema_is_moved_aside(store: CatalogStore, db: Path, data: Path,
                                     how: str) -> None:
    store.add_user_gpu(my_gpu())
    store.close()
    with closing(sqlite3.connect(db)) as con:
        if how == "alembic":
            con.execute("UPDATE alembic_version SET version_num = '0099_from_the_future'")
        else:
            con.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
        con.commit()
    _assert_rebuilt(db, data, "newer version")
    aside = next(db.parent.glob("catalog.sqlite.corrupt-*"))
    with closing(sqlite3.connect(aside)) as con:  # the user's rows are still in the moved file
        assert con.execute("SELECT count(*) FROM gpus WHERE origin = 'user'").fetchone() == (1,)


def test_stale_journal_moves_with_the_file(db: Path, data: Path) -> None:
    db.mkdir(parents=True)  # (sqlite itself discards an invalid journal beside a garbage file)
    journal = db.with_name("catalog.sqlite-journal")
    journal.write_bytes(b"stale journal")
    _assert_rebuilt(db, data, "was a folder")
    assert not journal.exists()
    assert list(db.parent.glob("catalog.sqlite.corrupt-*-journal"))


def test_first_free_name_when_the_timestamp_is_taken(db: Path, data: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dbfile.time, "strftime", lambda fmt: "20260101-000000")
    db.parent.mkdir(parents=True)
    (db.parent / "catalog.sqlite.corrupt-20260101-000000").write_text("older")
    db.write_bytes(b"garbage" * 100)
    with open_store(db, data_dir=data) as opened:
        assert "catalog.sqlite.corrupt-20260101-000000-2" in assert_one_sentence(opened.notice)
    assert (db.parent / "catalog.sqlite.corrupt-20260101-000000").read_text() == "older"


def test_unwritable_location_falls_back_to_memory(tmp_path: Path, data: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with open_store(blocker / "catalog.sqlite", data_dir=data) as opened:
        assert "from memory" in assert_one_sentence(opened.notice)
        assert opened.path is None
        assert len(opened.catalog().gpus) == 5
        opened.add_user_gpu(my_gpu())  # still works for this session
        assert opened.catalog().gpu("my-frankencard") is not None


def test_locked_database_is_left_alone(store: CatalogStore, db: Path, data: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    store.close()
    monkeypatch.setattr(dbfile, "LOCK_TIMEOUT_S", 0.05)
    before = db.read_bytes()
    with closing(sqlite3.connect(db, isolation_level=None)) as holder:
        holder.execute("BEGIN EXCLUSIVE")
        with open_store(db, data_dir=data) as opened:
            assert "locked" in assert_one_sentence(opened.notice)
            assert opened.path is None and len(opened.catalog().gpus) == 5
        holder.execute("ROLLBACK")
    assert db.read_bytes() == before
    assert not list(db.parent.glob("catalog.sqlite.corrupt-*"))


@pytest.mark.skipif(sys.platform == "win32" or not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root ignores file permissions")
def test_read_only_database_is_left_alone(store: CatalogStore, db: Path, data: Path) -> None:
    store.close()
    bump(data, "2026.06.01-1")  # forces a write
    db.chmod(0o444)
    try:
        with open_store(db, data_dir=data) as opened:
            assert "read-only" in assert_one_sentence(opened.notice)
        assert not list(db.parent.glob("catalog.sqlite.corrupt-*"))
    finally:
        db.chmod(0o644)


@pytest.mark.parametrize(("error", "said"), [
    ("attempt to write a readonly database", "read-only"),
    ("database or disk is full", "disk is full"),
])
def test_environment_failures_do_not_move_the_file(store: CatalogStore, db: Path, data: Path,
                                                   monkeypatch: pytest.MonkeyPatch, error: str,
                                                   said: str) -> None:
    store.close()

    real_seed = store_module._seed
    calls: list[int] = []

    def fail_on_file(engine: Any, data_dir: Path) -> str | None:
        calls.append(1)
        if len(calls) == 1:  # the file database; the in-memory fallback then seeds normally
            raise sqlite3.OperationalError(error)
        return real_seed(engine, data_dir)

    monkeypatch.setattr(store_module, "_seed", fail_on_file)
    with open_store(db, data_dir=data) as opened:
        assert said in assert_one_sentence(opened.notice)
        assert opened.path is None
    assert db.is_file() and not list(db.parent.glob("catalog.sqlite.corrupt-*"))


def test_two_stores_on_one_file(store: CatalogStore, db: Path, data: Path) -> None:
    with open_store(db, data_dir=data) as other:
        other.add_user_gpu(my_gpu())
    store.add_user_gpu(my_gpu(id="second-card"))
    store.close()
    with open_store(db, data_dir=data) as again:
        assert {"my-frankencard", "second-card"} <= {g.id for g in again.catalog().gpus}


def test_empty_file_is_simply_initialised(db: Path, data: Path) -> None:
    db.parent.mkdir(parents=True)
    db.touch()
    with open_store(db, data_dir=data) as opened:
        assert opened.notice is None and len(opened.catalog().gpus) == 5


# -- migrations ----------------------------------------------------------------------------------


def test_revisions_constant_matches_the_scripts() -> None:
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    walked = [rev.revision for rev in script.walk_revisions()]
    assert list(reversed(walked)) == list(REVISIONS)
    assert script.get_current_head() == HEAD_REVISION
    assert len(REVISIONS) == SCHEMA_VERSION


def test_migrations_produce_the_models_schema(tmp_path: Path) -> None:
    from alembic import command
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    engine = create_engine(f"sqlite:///{tmp_path / 'schema.sqlite'}")
    try:
        with engine.begin() as connection:
            command.upgrade(alembic_config(connection=connection), "head")
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            diff = compare_metadata(context, metadata)
        assert diff == []
        with engine.begin() as connection:  # downgrade and upgrade again work too
            command.downgrade(alembic_config(connection=connection), "base")
            command.upgrade(alembic_config(connection=connection), "head")
    finally:
        engine.dispose()


def test_older_schema_is_copied_aside_before_migrating(
        store: CatalogStore, db: Path, data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend a newer program (with a second revision) opens today's file."""
    store.close()
    monkeypatch.setattr(dbfile, "REVISIONS", (*REVISIONS, "0002_pretend"))
    monkeypatch.setattr(dbfile, "HEAD_REVISION", "0002_pretend")
    migrated: list[Path] = []
    monkeypatch.setattr(dbfile, "_migrate", lambda engine: migrated.append(db))
    with open_store(db, data_dir=data) as opened:
        assert opened.notice is None
    backups = list(db.parent.glob("catalog.sqlite.pre-0002_pretend-*"))
    assert len(backups) == 1 and migrated == [db]
    assert backups[0].read_bytes()[:16] == b"SQLite format 3\x00"


# -- search --------------------------------------------------------------------------------------


def ids(gpus: list[GpuSpec]) -> list[str]:
    return [g.id for g in gpus]


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({}, ["amd-rx-7900-xtx", "nvidia-rtx-4090", "nvidia-rtx-3090", "nvidia-a100-sxm4-80gb",
              "nvidia-h100-sxm5-80gb"]),
        ({"text": "rtx 4090"}, ["nvidia-rtx-4090"]),
        ({"text": "4090 RTX"}, ["nvidia-rtx-4090"]),
        ({"text": "rtx4090"}, ["nvidia-rtx-4090"]),
        ({"text": "  GeForce  "}, ["nvidia-rtx-4090", "nvidia-rtx-3090"]),
        ({"text": "lovelace"}, ["nvidia-rtx-4090"]),
        ({"text": "ampere 80gb"}, ["nvidia-a100-sxm4-80gb"]),
        ({"text": "amd"}, ["amd-rx-7900-xtx"]),
        ({"text": "nvidia-h100"}, ["nvidia-h100-sxm5-80gb"]),
        ({"text": "no such card"}, []),
        ({"vendor": "amd"}, ["amd-rx-7900-xtx"]),
        ({"vendor": "NVIDIA", "text": "a100"}, ["nvidia-a100-sxm4-80gb"]),
        ({"architecture": "ampere"}, ["nvidia-rtx-3090", "nvidia-a100-sxm4-80gb"]),
        ({"architecture": "Ada Lovelace"}, ["nvidia-rtx-4090"]),
        ({"min_memory_gb": 48}, ["nvidia-a100-sxm4-80gb", "nvidia-h100-sxm5-80gb"]),
        ({"min_memory_gb": 24, "max_power_w": 355}, ["amd-rx-7900-xtx", "nvidia-rtx-3090"]),
        ({"max_power_w": 400}, ["amd-rx-7900-xtx", "nvidia-rtx-3090", "nvidia-a100-sxm4-80gb"]),
        # price: what a dollar build shows on 2026-12-03 (4090: street $1,899 of 2026-01-01
        # beats its $1,599 MSRP); the A100 has none (excluded) and the H100's €25,000 estimate
        # counts converted at its date's rate. The 3090 ($1,499, 2020) and the 7900 XTX ($999,
        # 2022) have only launch prices: no current price, so no price filter lets them through.
        ({"max_price_usd": 1500}, []),
        ({"max_price_usd": 1_000_000}, ["nvidia-rtx-4090", "nvidia-h100-sxm5-80gb"]),
        ({"max_price_usd": 1899, "vendor": "nvidia"}, ["nvidia-rtx-4090"]),
        ({"max_price_usd": 1898, "vendor": "nvidia"}, []),
    ],
)
def test_search(priced_on: None, store: CatalogStore, kwargs: dict[str, object],
                expected: list[str]) -> None:
    assert ids(store.search_gpus(**kwargs)) == expected  # type: ignore[arg-type]


def test_search_uses_usd_street_price_without_msrp_and_sees_user_rows(
        store: CatalogStore) -> None:
    store.add_user_gpu(my_gpu())  # no MSRP, street price 3200 USD
    assert "my-frankencard" in ids(store.search_gpus(max_price_usd=3200))
    assert "my-frankencard" not in ids(store.search_gpus(max_price_usd=3199))
    assert ids(store.search_gpus("franken")) == ["my-frankencard"]
    store.delete_user_gpu("my-frankencard")
    assert ids(store.search_gpus("franken")) == []


# -- paths ---------------------------------------------------------------------------------------


def test_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, user_dir: Path) -> None:
    assert paths.bundled_data_dir() == Path(__file__).resolve().parent.parent / "data"
    assert paths.user_data_dir() == user_dir and user_dir.is_dir()
    assert paths.catalog_db_path() == user_dir / "catalog.sqlite"
    assert paths.user_config_dir().parent == user_dir
