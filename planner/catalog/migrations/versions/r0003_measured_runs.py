"""The user's measured runs: one table, untouched by re-seeding.

Revision ID: 0003_measured_runs
Revises: 0002_prices
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003_measured_runs"
down_revision: str | None = "0002_prices"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the ``measured_runs`` table."""
    op.create_table(
        "measured_runs",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("record", sa.String(), nullable=False),
        sa.Column("gpu_id", sa.String(), nullable=False),
        sa.Column("when", sa.String(), nullable=False),
        sa.Column("imported", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )


def downgrade() -> None:
    """Drop the table (and the runs in it)."""
    op.drop_table("measured_runs")
