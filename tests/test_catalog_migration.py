"""A catalog database written before prices were dated opens with its user's prices kept.

Builds a real revision-0001 SQLite file with the Alembic scripts, puts in a user's own GPU the way
that release stored it (``launch_msrp_usd`` and ``street_price`` in the record JSON and their own
columns), then opens it with today's store.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

from alembic import command
from sqlalchemy import create_engine

from planner.catalog.dbfile import HEAD_REVISION, alembic_config
from planner.catalog.store import open_store

FIXTURES = Path(__file__).parent / "fixtures" / "data"
OLD_RECORD = {
    "id": "my-card", "vendor": "NVIDIA", "name": "My Card 24GB", "architecture": "ampere",
    "segment": "consumer", "form_factor": "pcie-card", "memory_gb": 24.0,
    "memory_type": "GDDR6X", "memory_bandwidth_gbs": 936.0, "tdp_w": 350.0, "sources": [],
    "launch_msrp_usd": 1499.0,
    "street_price": {"amount": 899.0, "currency": "USD", "as_of": "2024-05-01",
                     "source": "a shop"},
    "notes": "",
}


def test_revision_0001_file_is_migrated_keeping_the_users_prices(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(FIXTURES, data)
    db = tmp_path / "catalog.sqlite"
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection=connection), "0001_initial")
    engine.dispose()
    with closing(sqlite3.connect(db)) as con:
        con.execute(
            "INSERT INTO gpus (id, origin, user_edited, position, record, vendor, name, "
            "architecture, segment, form_factor, memory_gb, memory_type, memory_bandwidth_gbs, "
            "tdp_w, launch_msrp_usd, street_price_amount, street_price_currency, "
            "street_price_as_of) VALUES ('my-card', 'user', 0, 1, ?, 'NVIDIA', 'My Card 24GB', "
            "'ampere', 'consumer', 'pcie-card', 24, 'GDDR6X', 936, 350, 1499, 899, 'USD', "
            "'2024-05-01')", (json.dumps(OLD_RECORD),))
        con.commit()

    with open_store(db, data_dir=data) as store:
        assert store.notice is None
        mine = store.catalog().gpu("my-card")
        assert mine is not None and mine.custom
        by_kind = {p.kind: p for p in mine.prices}
        assert (by_kind["msrp"].amount, by_kind["msrp"].currency) == (1499.0, "USD")
        assert by_kind["msrp"].as_of == dt.date.today().isoformat()  # the old field had no date
        assert (by_kind["street"].amount, by_kind["street"].as_of, by_kind["street"].source) == (
            899.0, "2024-05-01", "a shop")
        store.update_gpu(mine)  # the migrated record passes today's checks
    with closing(sqlite3.connect(db)) as con:
        assert con.execute("SELECT version_num FROM alembic_version").fetchone() == (
            HEAD_REVISION,)
        row = con.execute("SELECT price_amount, price_kind FROM gpus WHERE id = 'my-card'")
        assert row.fetchone() == (899.0, "street")
        columns = {r[1] for r in con.execute("PRAGMA table_info(gpus)")}
        assert "launch_msrp_usd" not in columns and "street_price_amount" not in columns
