"""Initial catalog schema: record tables for GPUs, architectures, workloads, tariffs, carbon,
cloud instances, and the meta table.

Revision ID: 0001_initial
Revises:
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001_initial"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def _row_columns() -> list[sa.Column[object]]:
    return [
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("origin", sa.String(), nullable=False),
        sa.Column("user_edited", sa.Boolean(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("record", sa.String(), nullable=False),
        sa.Column("bundled_record", sa.String(), nullable=True),
    ]


def upgrade() -> None:
    """Create every catalog table."""
    op.create_table(
        "gpus",
        *_row_columns(),
        sa.Column("vendor", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("architecture", sa.String(), nullable=False),
        sa.Column("segment", sa.String(), nullable=False),
        sa.Column("form_factor", sa.String(), nullable=False),
        sa.Column("memory_gb", sa.Float(), nullable=False),
        sa.Column("memory_type", sa.String(), nullable=False),
        sa.Column("memory_bandwidth_gbs", sa.Float(), nullable=False),
        sa.Column("tdp_w", sa.Float(), nullable=False),
        sa.Column("fp16_tensor_tflops", sa.Float(), nullable=True),
        sa.Column("launch_year", sa.Integer(), nullable=True),
        sa.Column("launch_msrp_usd", sa.Float(), nullable=True),
        sa.Column("street_price_amount", sa.Float(), nullable=True),
        sa.Column("street_price_currency", sa.String(), nullable=True),
        sa.Column("street_price_as_of", sa.String(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "architectures",
        *_row_columns(),
        sa.Column("vendor", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("launch_year", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "workloads",
        *_row_columns(),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("family", sa.String(), nullable=False),
        sa.Column("parameters", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "tariffs",
        *_row_columns(),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("region", sa.String(), nullable=False),
        sa.Column("currency", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "carbon",
        *_row_columns(),
        sa.Column("region", sa.String(), nullable=False),
        sa.Column("g_co2_per_kwh", sa.Float(), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "cloud_instances",
        *_row_columns(),
        sa.Column("provider", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("gpu_id", sa.String(), nullable=False),
        sa.Column("gpu_count", sa.Integer(), nullable=False),
        sa.Column("price_per_hour", sa.Float(), nullable=False),
        sa.Column("currency", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "meta",
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("value", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )


def downgrade() -> None:
    """Drop every catalog table."""
    for table in ("meta", "cloud_instances", "carbon", "tariffs", "workloads", "architectures",
                  "gpus"):
        op.drop_table(table)
