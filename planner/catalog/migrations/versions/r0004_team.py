"""The team catalog: who changed a GPU row, when, and its version; shared builds; the outbox.

One history for both engines: the same script runs on the user's SQLite file and on a team's
PostgreSQL database. On the server a ``gpus`` row is the team's version of a card (``origin``
``bundled`` when it corrects a bundled card, ``team`` for the lab's own); ``version`` rises by one
with every accepted change and an edit names the version it started from, so an edit made against
an older version is caught instead of overwriting (docs/team.md). ``deleted`` makes deleting soft
and undoable. In the local file the same columns hold what the team's row was when last synced
(``team_record``: the team's figures, kept apart from the user's own edit), and ``team_outbox``
queues the edits made while the server was away. Frozen: imports nothing from the app.

Revision ID: 0004_team
Revises: 0003_measured_runs
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004_team"
down_revision: str | None = "0003_measured_runs"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the shared-row columns to ``gpus``; create shared builds, their history, the outbox."""
    with op.batch_alter_table("gpus") as batch:
        batch.add_column(sa.Column("version", sa.Integer(), nullable=False,
                                   server_default=sa.text("0")))
        batch.add_column(sa.Column("author", sa.String(), nullable=True))
        batch.add_column(sa.Column("updated_at", sa.String(), nullable=True))
        batch.add_column(sa.Column("deleted", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("team_record", sa.String(), nullable=True))
    op.create_table(
        "shared_builds",
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("document", sa.String(), nullable=True),
        sa.Column("format_version", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("author", sa.String(), nullable=True),
        sa.Column("updated_at", sa.String(), nullable=True),
        sa.Column("deleted", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.PrimaryKeyConstraint("name"),
    )
    op.create_table(
        "shared_build_history",
        sa.Column("id", sa.Integer(), nullable=False, autoincrement=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("document", sa.String(), nullable=False),
        sa.Column("author", sa.String(), nullable=True),
        sa.Column("updated_at", sa.String(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name", "version", name="uq_shared_build_history_name_version"),
    )
    op.create_table(
        "team_outbox",
        sa.Column("seq", sa.Integer(), nullable=False, autoincrement=True),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("op", sa.String(), nullable=False),
        sa.Column("payload", sa.String(), nullable=True),
        sa.Column("base_version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.String(), nullable=False),
        sa.Column("conflict", sa.String(), nullable=True),
        sa.PrimaryKeyConstraint("seq"),
    )


def downgrade() -> None:
    """Drop the team tables and columns."""
    for table in ("team_outbox", "shared_build_history", "shared_builds"):
        op.drop_table(table)
    with op.batch_alter_table("gpus") as batch:
        for name in ("team_record", "deleted", "updated_at", "author", "version"):
            batch.drop_column(name)
