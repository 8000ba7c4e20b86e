"""Which layer a catalog card's figures come from, and putting a card back to the bundled figures.

Three layers stack in the local catalog file: the **bundled** catalog (``data/``, read-only, kept
in ``bundled_record`` once a card differs from it), the **team**'s version (synced from the team
server, kept in ``team_record``) and the user's **local** edit (``record`` when it differs from
both). A card the user added is their **own**; a card only the team has is the team's. The
catalog panel marks every card not at its bundled figures and the CLI prints the layer beside the
figures; both ask :func:`gpu_layers`, so they always agree.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

from sqlalchemy import Engine, delete, select, update

from planner.catalog.models import metadata
from planner.catalog.quick import ORIGIN_BUNDLED, ORIGIN_USER
from planner.catalog.records import gpu_from_record
from planner.core.records.specs import GpuSpec

Layer = Literal["bundled", "team", "local", "own"]
LAYERS: tuple[Layer, ...] = ("bundled", "team", "local", "own")

_gpus = metadata.tables["gpus"]
_outbox = metadata.tables["team_outbox"]


@dataclass(frozen=True, slots=True)
class GpuLayer:
    """Where one card's figures come from, with what is needed to show and reset the difference."""

    layer: Layer
    bundled: GpuSpec | None
    """The bundled figures when the card differs from them (None for bundled or own cards)."""
    author: str = ""
    """Who made the team's version (a PostgreSQL role), when the team has one."""
    updated_at: str = ""
    version: int = 0
    pending: bool = False
    """A change of this card waits for the team server."""

    @property
    def marked(self) -> bool:
        """Whether the card shows an "edited" marker (its figures are not the bundled ones)."""
        return self.layer in ("team", "local")


def _layer(origin: str, user_edited: bool, same_as_team: bool) -> Layer:
    if origin == ORIGIN_USER:
        return "own"
    if origin != ORIGIN_BUNDLED:
        return "team"
    if not user_edited:
        return "bundled"
    return "team" if same_as_team else "local"


def gpu_layers(engine: Engine) -> dict[str, GpuLayer]:
    """Every card's layer, by id (one query; cheap enough for every catalog reload)."""
    with engine.connect() as con:
        waiting = set(con.execute(select(_outbox.c.key).where(_outbox.c.kind == "gpu"))
                      .scalars())
        # The records are compared by the database: a lab card's record is 20 kB of quotes.
        same = (_gpus.c.team_record.is_not(None) & (_gpus.c.record == _gpus.c.team_record))
        rows = con.execute(select(_gpus.c.id, _gpus.c.origin, _gpus.c.user_edited,
                                  same.label("same_as_team"),
                                  _gpus.c.team_record.is_not(None).label("has_team"),
                                  _gpus.c.bundled_record, _gpus.c.author, _gpus.c.updated_at,
                                  _gpus.c.version)).all()
    found = {}
    for row in rows:
        layer = _layer(row.origin, row.user_edited, bool(row.same_as_team))
        bundled = None
        if layer in ("team", "local") and row.bundled_record is not None:
            record = json.loads(row.bundled_record)
            record["custom"] = False
            bundled = gpu_from_record(record)
        team = bool(row.has_team)
        found[row.id] = GpuLayer(layer=layer, bundled=bundled,
                                 author=(row.author or "") if team else "",
                                 updated_at=(row.updated_at or "") if team else "",
                                 version=row.version or 0, pending=row.id in waiting)
    return found


def reset_gpu(engine: Engine, gpu_id: str, *, team: bool) -> bool:
    """Put a card back to its bundled figures; returns False when it has none to go back to.

    Any change of it still waiting for the server is dropped. With a team configured and a team
    version of the card present, the team's version is deleted (softly: the next sync marks it
    deleted on the server, and a later edit brings it back); the card shows the bundled figures
    at once.
    """
    from planner.catalog.seeding import gpu_columns
    from planner.catalog.team.outbox import queue

    with engine.begin() as con:
        row = con.execute(select(_gpus).where(_gpus.c.id == gpu_id)).first()
        if row is None or row.origin != ORIGIN_BUNDLED:
            return False
        con.execute(delete(_outbox).where(_outbox.c.kind == "gpu", _outbox.c.key == gpu_id))
        if not row.user_edited or row.bundled_record is None:
            return True
        if team and row.team_record is not None and not row.deleted:
            queue(con, "gpu", gpu_id, "delete", None, row.version)
        con.execute(update(_gpus).where(_gpus.c.id == gpu_id).values(
            record=row.bundled_record, bundled_record=None, user_edited=False,
            team_record=None if team else row.team_record,
            **gpu_columns(json.loads(row.bundled_record))))
    return True
