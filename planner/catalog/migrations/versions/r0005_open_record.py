"""A GPU row's record as the catalog opens it, and an index for the Team Builds list.

A lab's card may carry a hundred dated quotes; the catalog decoded every one of them at start-up
(20 MB for a thousand cards). ``open_record`` holds the same record with its prices cut to the
ones a price can be chosen from (the app fills it when it writes a row; ``NULL`` means "not yet
worked out": the full ``record`` is read instead, and the app fills it on its next start). The
full list stays in ``record``. ``shared_builds`` is listed newest first, hence the index.
Frozen: imports nothing from the app.

Revision ID: 0005_open_record
Revises: 0004_team
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005_open_record"
down_revision: str | None = "0004_team"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``gpus.open_record`` (empty) and index ``shared_builds.updated_at``."""
    with op.batch_alter_table("gpus") as batch:
        batch.add_column(sa.Column("open_record", sa.String(), nullable=True))
    op.create_index("ix_shared_builds_updated_at", "shared_builds", ["updated_at"])


def downgrade() -> None:
    """Drop the index and the column."""
    op.drop_index("ix_shared_builds_updated_at", table_name="shared_builds")
    with op.batch_alter_table("gpus") as batch:
        batch.drop_column("open_record")
