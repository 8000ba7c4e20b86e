"""The team database's schema and the member's role: checked (and migrated) on first contact.

The server's tables are the catalog's own SQLModel tables, created and upgraded by the same
Alembic scripts as the local file (one history for both engines). A database whose revision this
program does not know was set up by a newer version: refused with one sentence, never touched.
An older one is upgraded when the member may (the database's owner); otherwise the sentence says
who must. The role is read from PostgreSQL itself: ``editor`` when the member may change the
shared tables, ``reader`` when only reading is granted (docs/team-roles.sql grants both).
"""

from __future__ import annotations

import threading
from typing import Literal

from sqlalchemy import Engine, inspect, text
from sqlalchemy.exc import SQLAlchemyError

from planner.catalog.quick import HEAD_REVISION, REVISIONS
from planner.catalog.team.connection import TeamError, worded

Role = Literal["editor", "reader"]
SHARED_TABLES = ("gpus", "shared_builds", "shared_build_history")
UPDATED_TABLES = ("gpus", "shared_builds")
"""The shared tables an editor updates; ``shared_build_history`` is only added to."""


def server_revision(engine: Engine) -> str | None:
    """The team database's Alembic revision (None for an empty database)."""
    with engine.connect() as con:
        if not inspect(con).has_table("alembic_version"):
            return None
        row = con.execute(text("SELECT version_num FROM alembic_version")).first()
    return str(row[0]) if row else None


def prepare(engine: Engine, address: str) -> Role:
    """Check the schema (migrating an older one when allowed) and return the member's role."""
    try:
        revision = server_revision(engine)
        if revision is not None and revision not in REVISIONS:
            raise TeamError("newer", "The team database was set up by a newer version of GPU "
                            "Build Planner; update the app to use it. The app works from its "
                            "local copy.", revision)
        if revision != HEAD_REVISION:
            _upgrade(engine, address)
        return role(engine)
    except SQLAlchemyError as exc:
        if getattr(exc, "connection_invalidated", False):
            raise  # a dropped pooled connection: the caller retries on a fresh one
        raise worded(exc, address) from None


_UPGRADE_LOCK = threading.Lock()
"""Alembic loads its env.py into shared module globals: one upgrade at a time per process."""
_ADVISORY_KEY = 4_623_019_871
"""PostgreSQL advisory lock held while upgrading, so two members' first starts take turns."""


def _upgrade(engine: Engine, address: str) -> None:
    from alembic import command

    from planner.catalog.dbfile import alembic_config

    try:
        with _UPGRADE_LOCK, engine.begin() as connection:
            # Another member's app may be creating the same tables right now: wait for it; then
            # Alembic reads the revision again inside this transaction and finds nothing to do.
            connection.execute(text(f"SELECT pg_advisory_xact_lock({_ADVISORY_KEY})"))
            command.upgrade(alembic_config(connection=connection), "head")
    except SQLAlchemyError as exc:
        error = worded(exc, address)
        if error.code == "read_only":
            raise TeamError("needs_upgrade", "The team database needs an upgrade that only its "
                            "owner may make; ask them to open it once with this version.",
                            error.subject, error.detail) from None
        raise error from None


def role(engine: Engine) -> Role:
    """``editor`` when the member may add to every shared table and update the current rows."""
    checks = " AND ".join(
        f"has_table_privilege('{t}', 'INSERT')" + (
            f" AND has_table_privilege('{t}', 'UPDATE')" if t in UPDATED_TABLES else "")
        for t in SHARED_TABLES)
    with engine.connect() as con:
        allowed = con.execute(text(f"SELECT {checks}")).scalar()
    return "editor" if allowed else "reader"


def read_only_sentence(member_name: str) -> str:
    """Why a reader's change is refused (the CLI prints it; the app has it translated)."""
    return (f"Your team role {member_name} may read the team catalog but not change it; ask the "
            "database owner for the editor role.")


def member(engine: Engine) -> str:
    """The member's PostgreSQL role name (what ``author`` records)."""
    with engine.connect() as con:
        return str(con.execute(text("SELECT current_user")).scalar())
