"""The team's history is append-only in the database itself, its authors set by the server.

Privileges alone let an editor (who may INSERT and UPDATE the shared tables) rewrite history with
plain SQL: change an old version's document and author, insert a version "by" someone else, move
a card's version backwards. On PostgreSQL these triggers refuse that for every role, the owner
included (an owner who must repair history drops a trigger on purpose, in the open):

- ``shared_build_history``: no UPDATE, DELETE or TRUNCATE; an INSERT must be the build's current
  version and document in ``shared_builds`` (what a publish writes in the same transaction);
- ``gpus`` and ``shared_builds``: an UPDATE must raise ``version`` (so a change is always a new
  version and never goes backwards), an INSERT starts at version 1 or above;
- on every INSERT and UPDATE of the three tables, ``author`` becomes ``session_user`` (the role
  that logged in; ``SET ROLE`` does not change it) and ``updated_at`` the server's UTC time, so
  whatever the client sends there is ignored.

The local SQLite file has no such triggers (its rows are the member's own copy): nothing happens
there. Frozen: imports nothing from the app.

Revision ID: 0006_append_only
Revises: 0005_open_record
Create Date: 2026-12-07
"""

from __future__ import annotations

from alembic import op

revision: str = "0006_append_only"
down_revision: str | None = "0005_open_record"
branch_labels: str | None = None
depends_on: str | None = None

_STAMP = """
    NEW.author := session_user;
    NEW.updated_at := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"');
"""

FUNCTIONS = {
    "planner_history_insert": f"""
BEGIN
    IF NOT EXISTS (SELECT 1 FROM shared_builds b WHERE b.name = NEW.name
                   AND b.version = NEW.version AND b.document IS NOT DISTINCT FROM NEW.document)
    THEN
        RAISE EXCEPTION 'shared_build_history only takes the version just published of "%"',
            NEW.name USING ERRCODE = 'check_violation';
    END IF;{_STAMP}
    RETURN NEW;
END""",
    "planner_history_frozen": """
BEGIN
    RAISE EXCEPTION 'shared_build_history is append-only: versions already published cannot be '
        'changed or removed' USING ERRCODE = 'insufficient_privilege';
END""",
    "planner_versioned": f"""
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.version <= OLD.version THEN
        RAISE EXCEPTION 'a change to % must raise its version (% -> %)', TG_TABLE_NAME,
            OLD.version, NEW.version USING ERRCODE = 'check_violation';
    END IF;
    IF TG_OP = 'INSERT' AND NEW.version < 1 THEN
        RAISE EXCEPTION 'a new row of % starts at version 1', TG_TABLE_NAME
            USING ERRCODE = 'check_violation';
    END IF;{_STAMP}
    RETURN NEW;
END""",
}

TRIGGERS = (
    ("planner_history_insert", "shared_build_history", "BEFORE INSERT", "ROW",
     "planner_history_insert"),
    ("planner_history_frozen", "shared_build_history", "BEFORE UPDATE OR DELETE", "ROW",
     "planner_history_frozen"),
    ("planner_history_truncate", "shared_build_history", "BEFORE TRUNCATE", "STATEMENT",
     "planner_history_frozen"),
    ("planner_gpus_versioned", "gpus", "BEFORE INSERT OR UPDATE", "ROW", "planner_versioned"),
    ("planner_builds_versioned", "shared_builds", "BEFORE INSERT OR UPDATE", "ROW",
     "planner_versioned"),
)


def upgrade() -> None:
    """Create the functions and triggers on PostgreSQL; nothing on SQLite."""
    if op.get_bind().dialect.name != "postgresql":
        return
    for name, body in FUNCTIONS.items():
        op.execute(f"CREATE OR REPLACE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql "
                   f"AS $fn${body}$fn$")
    for name, table, when, level, function in TRIGGERS:
        op.execute(f"CREATE TRIGGER {name} {when} ON {table} FOR EACH {level} "
                   f"EXECUTE FUNCTION {function}()")


def downgrade() -> None:
    """Drop the triggers and functions (PostgreSQL)."""
    if op.get_bind().dialect.name != "postgresql":
        return
    for name, table, *_rest in TRIGGERS:
        op.execute(f"DROP TRIGGER IF EXISTS {name} ON {table}")
    for name in FUNCTIONS:
        op.execute(f"DROP FUNCTION IF EXISTS {name}()")
