"""A row another member deleted: the edit is not lost, the conflict says it was deleted."""

from __future__ import annotations

from pathlib import Path

from planner.catalog.team import outbox
from tests.team.clients import member
from tests.team.pg_cluster import SUPERUSER, Cluster

RTX = "nvidia-rtx-4090"


def test_an_edit_of_a_card_another_member_deleted(pg: Cluster, team_db: str,
                                                  tmp_path: Path) -> None:
    url = pg.url(SUPERUSER, team_db)
    a, b = member(tmp_path, url, "a"), member(tmp_path, url, "b")
    bundled = a.gpu(RTX).tdp_w
    a.edit(RTX, tdp_w=400.0)
    a.team.sync()
    b.team.sync()  # b sees the team's 400 W (version 1)
    a.store.reset_gpu(RTX, team=True)  # a deletes the team's version (softly: version 2)
    a.team.sync()
    b.edit(RTX, tdp_w=410.0)  # b edits version 1, not knowing
    result = b.team.sync()
    assert result.conflicts == [RTX]
    [conflict] = outbox.conflicts(b.store.engine)
    assert conflict.theirs is None and conflict.their_version == 2
    assert conflict.mine is not None and conflict.mine["tdp_w"] == 410.0
    assert b.gpu(RTX).tdp_w == 410.0  # nothing local lost while b decides

    outbox.resolve(b.store.engine, conflict.seq, "mine")  # b brings it back with his figure
    assert b.team.sync().pushed == 1
    a.team.sync()
    assert a.gpu(RTX).tdp_w == 410.0
    assert a.store.layers()[RTX].version == 3

    # Had b reloaded theirs instead, the card would show the bundled figures again.
    a.store.reset_gpu(RTX, team=True)
    a.team.sync()
    b.edit(RTX, tdp_w=420.0)
    b.store.engine.dispose()
    assert b.team.sync().conflicts == [RTX]
    [again] = outbox.conflicts(b.store.engine)
    outbox.resolve(b.store.engine, again.seq, "theirs")
    assert b.gpu(RTX).tdp_w == bundled
    assert b.store.layers()[RTX].layer == "bundled"
    a.close()
    b.close()
