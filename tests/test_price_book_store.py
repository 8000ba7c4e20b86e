"""Price packs in the user's catalog: diff, apply (all or nothing), undo, kept across re-seeds.

Packs are built with the tool's own function from an edited copy of the fixture catalog, and the
catalog's readings are compared with that copy's ``prices.toml`` read directly with tomllib.
"""

from __future__ import annotations

import json
import sqlite3
import tomllib
from contextlib import closing
from pathlib import Path

import pytest

from planner.catalog import price_book
from planner.catalog.price_book import applied_packs, apply_pack, preview, undo_pack
from planner.catalog.price_pack import PackError, build_pack_text, pack_text, parse_pack
from planner.catalog.records import price_from_record
from planner.catalog.store import open_store
from planner.core.records.specs import Price

CARD = "nvidia-rtx-4090"
USED = """
[[price]]
gpu_id = "nvidia-rtx-4090"
amount = 1300.0
currency = "USD"
as_of = "2025-12-20"
kind = "used"
region = "US"
source = "fixture: eBay sold listings"
"""


def _newer_prices(data: Path, target: Path) -> Path:
    """A copy of ``data`` whose 4090 street price is $1,749, with a used reading, without JD."""
    import shutil

    shutil.copytree(data, target)
    text = (target / "prices.toml").read_text(encoding="utf-8")
    jd = text.index('[[price]]\ngpu_id = "nvidia-rtx-4090"\namount = 12999.0')
    end = text.index("[[price]]", jd + 5)
    text = text[:jd] + text[end:]
    text = text.replace("amount = 1899.0", "amount = 1749.0") + USED
    (target / "prices.toml").write_text(text, encoding="utf-8")
    return target


def _readings(data: Path, gpu_id: str) -> list[Price]:
    raw = tomllib.loads((data / "prices.toml").read_text(encoding="utf-8"))["price"]
    return [price_from_record({k: v for k, v in r.items() if k != "gpu_id"})
            for r in raw if r["gpu_id"] == gpu_id]


def _row(db: Path, gpu_id: str) -> tuple[str, str | None]:
    with closing(sqlite3.connect(db)) as con:
        return con.execute("SELECT record, price_amount FROM gpus WHERE id = ?",
                           (gpu_id,)).fetchone()


def _stored(db: Path, gpu_id: str) -> list[Price]:
    return [price_from_record(p) for p in json.loads(_row(db, gpu_id)[0])["prices"]]


@pytest.fixture
def newer(data: Path, tmp_path: Path) -> Path:
    return _newer_prices(data, tmp_path / "newer")


def test_diff_apply_undo_round_trip(data: Path, newer: Path, tmp_path: Path) -> None:
    db = tmp_path / "catalog.sqlite"
    store = open_store(db, data_dir=data, prebuilt=False)
    before = _row(db, CARD)
    pack = parse_pack(build_pack_text(newer).encode())

    diff = preview(store.engine, pack, "USD", None, today="2026-01-15")
    assert [c.gpu_id for c in diff.cards] == [CARD]  # the other cards are as the pack has them
    assert diff.counts() == (1, 1, 1)  # the used reading, the street figure, JD's reading
    (card,) = diff.cards
    assert card.delta.changed[0][0].amount == 1899.0 and card.delta.changed[0][1].amount == 1749.0
    assert diff.unchanged == 3
    assert _row(db, CARD) == before  # a preview writes nothing

    info, _ = apply_pack(store.engine, pack, "USD", None)
    assert info is not None and info.cards == 1
    assert sorted(map(repr, _stored(db, CARD))) == sorted(map(repr, _readings(newer, CARD)))

    assert undo_pack(store.engine) == info
    assert _row(db, CARD) == before  # exactly the earlier record, byte for byte
    assert applied_packs(store.engine) == []
    assert undo_pack(store.engine) is None


def test_the_same_pack_again_changes_nothing(data: Path, newer: Path, tmp_path: Path) -> None:
    store = open_store(tmp_path / "c.sqlite", data_dir=data, prebuilt=False)
    pack = parse_pack(build_pack_text(newer).encode())
    apply_pack(store.engine, pack, "USD", None)
    info, diff = apply_pack(store.engine, pack, "USD", None)
    assert info is None and diff.empty
    assert len(applied_packs(store.engine)) == 1


def test_a_failure_half_way_applies_nothing(data: Path, newer: Path, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # Two cards change; the write of the second fails: the first must not stay changed.
    text = (newer / "prices.toml").read_text(encoding="utf-8")
    (newer / "prices.toml").write_text(text.replace("amount = 999.0", "amount = 899.0"),
                                       encoding="utf-8")
    db = tmp_path / "c.sqlite"
    store = open_store(db, data_dir=data, prebuilt=False)
    rows = {g: _row(db, g) for g in (CARD, "amd-rx-7900-xtx")}
    pack = parse_pack(build_pack_text(newer).encode())
    real, calls = price_book._write, []

    def failing(con, row, changes):  # type: ignore[no-untyped-def]
        calls.append(row.id)
        if len(calls) == 2:
            raise OSError("disk full")
        real(con, row, changes)

    monkeypatch.setattr(price_book, "_write", failing)
    with pytest.raises(PackError) as caught:
        apply_pack(store.engine, pack, "USD", None)
    assert str(caught.value) == ("The catalog database could not be written because the disk "
                                 "is full, so nothing was changed.")
    assert len(calls) == 2
    assert {g: _row(db, g) for g in rows} == rows
    assert applied_packs(store.engine) == []


def test_a_reseed_keeps_the_pack_and_the_release_s_new_readings(
        data: Path, newer: Path, tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    store = open_store(db, data_dir=data, prebuilt=False)
    apply_pack(store.engine, parse_pack(build_pack_text(newer).encode()), "USD", None)
    store.close()
    # A new release: another version, and a 4090 reading the pack never saw.
    release = """
[[price]]
gpu_id = "nvidia-rtx-4090"
amount = 1650.0
currency = "USD"
as_of = "2026-01-10"
kind = "street"
region = "US"
source = "fixture: the next release's reading"
"""
    with (data / "prices.toml").open("a", encoding="utf-8") as fh:
        fh.write(release)
    (data / "VERSION").write_text("2026.01.02-1\n", encoding="utf-8")
    store = open_store(db, data_dir=data, prebuilt=False)
    expected = [*_readings(newer, CARD), _readings(data, CARD)[-1]]
    assert sorted(map(repr, _stored(db, CARD))) == sorted(map(repr, expected))
    assert len(applied_packs(store.engine)) == 1
    # Undone after the re-seed: exactly the new release's readings.
    undo_pack(store.engine)
    assert _stored(db, CARD) == _readings(data, CARD)


def test_cards_this_catalog_lacks_are_left_out(data: Path, newer: Path, tmp_path: Path) -> None:
    store = open_store(tmp_path / "c.sqlite", data_dir=data, prebuilt=False)
    records = tomllib.loads((newer / "prices.toml").read_text(encoding="utf-8"))["price"]
    for r in records:
        if r["gpu_id"] == "amd-rx-7900-xtx":
            r["gpu_id"] = "someone-elses-card"
    pack = parse_pack(pack_text(records, name="n", as_of="2026-01-01",
                                catalog_version="v").encode())
    diff = preview(store.engine, pack, "USD", None)
    assert diff.left_out == ("someone-elses-card",)
    assert [c.gpu_id for c in diff.cards] == [CARD]


def test_the_release_s_own_pack_changes_nothing(tmp_path: Path) -> None:
    # Built from the shipped data/ and applied to a catalog seeded from it: every card's
    # readings are already the pack's (152+ readings, every card of data/).
    from planner.paths import bundled_data_dir

    store = open_store(tmp_path / "c.sqlite", prebuilt=False)
    pack = parse_pack(build_pack_text(bundled_data_dir()).encode())
    diff = preview(store.engine, pack, "USD", None)
    assert diff.empty and not diff.left_out
    assert diff.unchanged == len(pack.readings)
