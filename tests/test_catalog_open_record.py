"""A lab card with many dated quotes opens with the few a price is chosen from; nothing is lost.

The catalog opens each GPU from ``open_record`` (docs/team.md, "Opening fast"); the full history
stays in ``record``. The card here carries 30 monthly street quotes in US dollars (3000 + n
dollars on the first of month n, July 2024 to December 2026), a launch MSRP and one euro street
price. A price is the median of readings at most a year old, so the records that can be used are,
by hand: the 13 dollar quotes from 2025-12-01 (a year before the newest) on, the euro price and
the MSRP.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from planner import paths
from planner.catalog.quick import read_current
from planner.catalog.store import open_store
from planner.core.costs.money import Rates
from planner.core.costs.prices import card_price, with_user_price
from planner.core.records.specs import GpuSpec, Price

ROOT = Path(__file__).resolve().parents[1]
QUOTES = tuple(Price(3000.0 + n, "USD", f"{2024 + (n + 6) // 12}-{1 + (n + 6) % 12:02d}-01",
                     "street", "US", f"quote {n}") for n in range(30))
MSRP = Price(4999.0, "USD", "2024-03-18", "msrp", "US", "vendor")
EURO = Price(2790.0, "EUR", "2026-01-10", "street", "DE", "a German shop")
CHOSEN = (*QUOTES[17:], MSRP, EURO)  # QUOTES[17] is 2025-12-01


def lab_card(**changes: object) -> GpuSpec:
    spec = GpuSpec(id="lab-card", vendor="NVIDIA", name="Lab Card 48GB", architecture="ada",
                   segment="workstation", form_factor="pcie-card", memory_gb=48,
                   memory_type="GDDR6", memory_bandwidth_gbs=960, tdp_w=300,
                   sources=("the lab's inventory",), prices=(*QUOTES, MSRP, EURO))
    return dataclasses.replace(spec, **changes)  # type: ignore[arg-type]


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(tmp_path / "user"))
    return tmp_path / "user" / "catalog.sqlite"


def stored_prices(db: Path) -> list[dict[str, object]]:
    with closing(sqlite3.connect(db)) as con:
        (text,) = con.execute("SELECT record FROM gpus WHERE id = 'lab-card'").fetchone()
    return list(json.loads(text)["prices"])


def test_the_catalog_opens_the_chosen_records_and_prices_as_with_all(db: Path,
                                                                    data: Path) -> None:
    with open_store(db, data_dir=data) as store:
        store.add_user_gpu(lab_card())
        opened = store.catalog().gpu("lab-card")
        full = store.catalog_with_history().gpu("lab-card")
    assert opened is not None and full is not None
    assert set(opened.prices) == set(CHOSEN)
    assert len(full.prices) == 32
    rates = Rates(7.0, 8.0, "2026-01-05")
    for currency in ("USD", "EUR", "CNY"):
        for basis in ("new", "used", "msrp"):
            assert card_price(opened, currency, rates, basis, today="2026-12-03") == \
                card_price(full, currency, rates, basis, today="2026-12-03")
    # The six months from 2026-06-03 hold quotes 24-29 (July to December 2026, $3,024-3,029):
    # the median is ($3,026 + $3,027) / 2.
    picked = card_price(opened, "USD", None, today="2026-12-03")
    assert picked is not None and (picked.amount, picked.as_of) == (3026.5, "2026-12-01")
    with open_store(db, data_dir=data) as again:  # the quick path reads what the store reads
        assert read_current(db, data) == again.catalog()


def test_an_edit_of_the_opened_card_keeps_the_history_it_never_showed(db: Path,
                                                                      data: Path) -> None:
    with open_store(db, data_dir=data) as store:
        store.add_user_gpu(lab_card())
        shown = store.catalog().gpu("lab-card")
        assert shown is not None
        store.update_gpu(dataclasses.replace(shown, tdp_w=350))
        assert len(stored_prices(db)) == 32
        shown = store.catalog().gpu("lab-card")
        assert shown is not None and shown.tdp_w == 350
        # The user types a price today: it is the newest dollar street price now.
        store.update_gpu(dataclasses.replace(
            shown, prices=with_user_price(shown.prices, 2900.0, today="2026-12-03")))
        after = store.catalog().gpu("lab-card")
    assert len(stored_prices(db)) == 33
    assert after is not None
    assert {(p.amount, p.as_of) for p in after.prices} == {
        (2900.0, "2026-12-03"), (4999.0, "2024-03-18"), (2790.0, "2026-01-10"),
        *((q.amount, q.as_of) for q in QUOTES[18:])}  # 2026-12-03 less a year: from 2026-01


def test_a_row_without_an_open_record_reads_whole_and_gets_one(db: Path, data: Path) -> None:
    with open_store(db, data_dir=data) as store:
        store.add_user_gpu(lab_card())
    with closing(sqlite3.connect(db)) as con:  # as a file from before schema 5 has it
        con.execute("UPDATE gpus SET open_record = NULL")
        con.commit()
    whole = read_current(db, data)
    assert whole is not None
    card = whole.gpu("lab-card")
    assert card is not None and len(card.prices) == 32
    with open_store(db, data_dir=data) as store:
        card = store.catalog().gpu("lab-card")
        assert card is not None and set(card.prices) == set(CHOSEN)
    with closing(sqlite3.connect(db)) as con:
        assert con.execute("SELECT count(*) FROM gpus WHERE open_record IS NULL").fetchone() == (0,)


def test_the_command_line_export_lists_every_price_record(db: Path) -> None:
    with open_store() as store:  # the user data folder, the bundled catalog
        store.add_user_gpu(lab_card())
    done = subprocess.run([sys.executable, "-m", "planner", "catalog", "gpus", "--json"],
                          capture_output=True, text=True, env=dict(os.environ), timeout=120,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr
    card = next(g for g in json.loads(done.stdout) if g["id"] == "lab-card")
    assert len(card["prices"]) == 32
    assert card["street_price"]["as_of"] == "2026-12-01"
