"""A bounded load test: 20 members' apps, 100 edits each, on one team database on localhost.

Every edit adds one uniquely named vendor quote to one of a few shared cards, so edits collide
often. A member whose change meets a newer row does what the conflict dialog offers: reloads
theirs, makes the edit again on top, and syncs. At the end the server must hold every quote
exactly once (no lost and no duplicated row), each card's version must equal the number of
quotes on it (every accepted change counted once), and every member's copy must match the server.
Bounded: 2,000 edits, each member process stops at a deadline; traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import os
import shutil
import tempfile
import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from planner.catalog.team import outbox
from planner.catalog.team.connection import sqlalchemy_url
from planner.core.records.specs import Price
from tests.team.clients import Member, member
from tests.team.pg_cluster import SUPERUSER, Cluster

MEMBERS, EDITS = 20, 100
CARD_COUNT = 40
"""Cards the edits spread over: 20 members on 40 cards collide often (every few edits) without
turning the run into a queue of retries."""
DEADLINE_S = 900.0


def _quote(who: int, n: int) -> Price:
    return Price(amount=1000.0 + who * 1000 + n, currency="USD", as_of="2026-12-01",
                 kind="street", region="US", source=f"quote m{who:02d} e{n:03d}")


def _edit_until_accepted(m: Member, card: str, quote: Price, stats: dict[str, int]) -> None:
    gpu = m.gpu(card)
    m.store.edit_for_team(dataclasses.replace(gpu, prices=(*gpu.prices, quote)))
    while True:
        result = m.team.sync()
        if not result.conflicts:
            return
        stats["conflicts"] += len(result.conflicts)
        for conflict in outbox.conflicts(m.store.engine):
            outbox.resolve(m.store.engine, conflict.seq, "theirs")
        gpu = m.gpu(card)  # their figures now; make my edit again on top
        m.store.edit_for_team(dataclasses.replace(gpu, prices=(*gpu.prices, quote)))


def _member_run(folder: str, url: str, i: int, cards: list[str], pgpass: str) -> dict[str, int]:
    """One member's session in its own process (as on its own computer): 100 edits."""
    os.environ["PGPASSFILE"] = pgpass
    start = time.perf_counter()
    m = member(Path(folder), url, f"m{i:02d}")
    stats = {"conflicts": 0, "edits": 0}
    try:
        m.team.sync()
        for n in range(EDITS):
            if time.perf_counter() - start > DEADLINE_S:
                raise TimeoutError("the load test ran past its deadline")
            _edit_until_accepted(m, cards[(i * 7 + n) % len(cards)], _quote(i, n), stats)
            stats["edits"] += 1
        m.team.sync()
    finally:
        m.close()
    return stats


@pytest.mark.slow
def test_twenty_members_hundred_edits_each_lose_nothing(pg: Cluster, team_db: str,
                                                        tmp_path: Path) -> None:
    url = pg.url(SUPERUSER, team_db)
    # The members' catalog files in memory where there is a tmpfs: 20 desks' disks, not one
    # shared disk's fsyncs, are what the test stands for. Each member is a process of its own.
    shm = Path("/dev/shm")
    folder = Path(tempfile.mkdtemp(dir=shm)) if shm.is_dir() else tmp_path
    first = member(folder, url, "first")
    first.team.sync()
    cards = [g.id for g in first.store.catalog().gpus[:CARD_COUNT]]
    start = time.perf_counter()
    context = multiprocessing.get_context("fork")
    with context.Pool(MEMBERS) as pool:
        waiting = [pool.apply_async(_member_run, (str(folder), url, i, cards, str(pg.pgpass)))
                   for i in range(MEMBERS)]
        stats = [w.get(timeout=DEADLINE_S + 60) for w in waiting]
    elapsed = time.perf_counter() - start
    first.team.sync()
    members = [first, *(member(folder, url, f"m{i:02d}") for i in range(MEMBERS))]

    engine = create_engine(sqlalchemy_url(url))
    with engine.connect() as con:
        rows = con.execute(text("SELECT id, version, record FROM gpus")).all()
    engine.dispose()
    quotes = [p["source"] for _, _, record in rows for p in json.loads(record)["prices"]
              if p["source"].startswith("quote ")]
    expected = {f"quote m{i:02d} e{n:03d}" for i in range(MEMBERS) for n in range(EDITS)}
    assert len(quotes) == len(set(quotes)), "a quote was stored twice"
    assert set(quotes) == expected, f"{len(expected - set(quotes))} edits lost"
    for gpu_id, version, record in rows:
        mine = [p for p in json.loads(record)["prices"] if p["source"].startswith("quote ")]
        assert version == len(mine), gpu_id
    for m in members[1:]:
        m.team.sync()
        for gpu_id, _, _ in rows:
            assert m.gpu(gpu_id).prices == first.gpu(gpu_id).prices
        assert outbox.pending(m.store.engine) == 0
        m.close()
    first.close()
    if folder != tmp_path:
        shutil.rmtree(folder, ignore_errors=True)
    conflicts = sum(s["conflicts"] for s in stats)
    print(f"\nload: {MEMBERS} members x {EDITS} edits = {sum(s['edits'] for s in stats)} "
          f"accepted, {conflicts} conflicts detected, 0 lost, 0 duplicated, {elapsed:.1f} s")
