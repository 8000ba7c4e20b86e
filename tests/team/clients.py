"""Team test helpers: a member's computer (its own catalog file) syncing with the test server."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from sqlalchemy import text

from planner.catalog.quick import records
from planner.catalog.records import gpu_from_record
from planner.catalog.store import CatalogStore, open_store
from planner.catalog.team.sync import TeamSync
from planner.core.records.specs import GpuSpec
from tests.team.pg_cluster import Cluster

EDITOR_SQL = (Path(__file__).resolve().parents[2] / "docs" / "team-roles.sql").read_text()


def grant_roles(pg: Cluster, database: str, editors: tuple[str, ...] = (),
                readers: tuple[str, ...] = ()) -> None:
    """Run docs/team-roles.sql as the owner, then put members into its two groups."""
    pg.admin_sql(EDITOR_SQL, database)
    for user in editors:
        if user not in pg.passwords:
            pg.add_login(user, f"{user}-pw")
        pg.admin_sql(f"GRANT planner_editor TO {user}", database)
    for user in readers:
        if user not in pg.passwords:
            pg.add_login(user, f"{user}-pw")
        pg.admin_sql(f"GRANT planner_reader TO {user}", database)


@dataclasses.dataclass
class Member:
    """One member's app: a local catalog file and a sync with the team database."""

    store: CatalogStore
    team: TeamSync

    def gpu(self, gpu_id: str) -> GpuSpec:
        """One card as the catalog shows it, read from its row (a whole reload is slower)."""
        with self.store.engine.connect() as con:
            row = con.execute(text("SELECT record, origin FROM gpus WHERE id = :i"),
                              {"i": gpu_id}).first()
        assert row is not None, gpu_id
        [record] = records([tuple(row)])
        return gpu_from_record(record)

    def edit(self, gpu_id: str, **changes: object) -> None:
        self.store.edit_for_team(dataclasses.replace(self.gpu(gpu_id), **changes))

    def close(self) -> None:
        self.team.close()
        self.store.close()


def member(folder: Path, address: str, name: str) -> Member:
    store = open_store(folder / f"{name}.sqlite")
    return Member(store=store, team=TeamSync(store.engine, address))
