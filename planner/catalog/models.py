"""The catalog database tables (SQLModel over SQLite).

Each row keeps the full record as JSON in ``record`` so no field of a core dataclass is ever lost
to a missing column, plus a few explicit columns for what people filter and sort on and for reading
the file with any SQLite browser. ``origin`` tells bundled rows (re-seeded from ``data/``) from the
user's own; ``user_edited`` marks a bundled row the user changed, whose bundled original is kept in
``bundled_record`` so the edit can be reverted and survives re-seeding.

The tables use their own registry (and so their own ``MetaData``) so other SQLModel tables in the
process never leak into the catalog's migrations. The schema is created by the Alembic migrations
in ``migrations/``, never by ``create_all``; a test checks the two agree.
"""

from __future__ import annotations

from sqlalchemy import MetaData, UniqueConstraint, false
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from planner.catalog.quick import ORIGIN_BUNDLED as ORIGIN_BUNDLED
from planner.catalog.quick import ORIGIN_USER as ORIGIN_USER

catalog_registry = registry()
metadata: MetaData = catalog_registry.metadata


class CatalogModel(SQLModel, registry=catalog_registry):
    """Base of every catalog table; carries the catalog's own registry."""


class _Row(CatalogModel):
    """Columns every catalog record table shares."""

    id: str = Field(primary_key=True)
    origin: str = Field(default=ORIGIN_BUNDLED)
    user_edited: bool = Field(default=False)
    position: int = Field(default=0)
    record: str
    bundled_record: str | None = Field(default=None)


class GpuRow(_Row, table=True):
    """One GPU model."""

    __tablename__ = "gpus"

    vendor: str
    name: str
    architecture: str
    segment: str
    form_factor: str
    memory_gb: float
    memory_type: str
    memory_bandwidth_gbs: float
    tdp_w: float
    fp16_tensor_tflops: float | None = None
    launch_year: int | None = None
    price_amount: float | None = None
    price_currency: str | None = None
    price_kind: str | None = None
    price_as_of: str | None = None
    # The team catalog (docs/team.md): on the server, the team row's version, who changed it
    # and when, and whether it is deleted (softly); in the local file, the same as last synced,
    # and the team's figures (``team_record``) kept apart from a local edit in ``record``.
    version: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    author: str | None = None
    updated_at: str | None = None
    deleted: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    team_record: str | None = None
    # ``record`` with its prices cut to those a price can be chosen from (``prices.choosable``):
    # what the catalog opens, so a card with a hundred quotes costs a few (None: not worked out
    # yet, read ``record``). Written with every ``record`` by ``seeding.gpu_columns``.
    open_record: str | None = None


class ArchitectureRow(_Row, table=True):
    """One GPU micro-architecture."""

    __tablename__ = "architectures"

    vendor: str
    name: str
    launch_year: int


class WorkloadRow(_Row, table=True):
    """One model a buyer asks about (with its activation profile inside ``record``)."""

    __tablename__ = "workloads"

    name: str
    family: str
    parameters: int


class TariffRow(_Row, table=True):
    """One electricity tariff."""

    __tablename__ = "tariffs"

    name: str
    region: str
    currency: str


class CarbonRow(_Row, table=True):
    """One grid carbon intensity figure."""

    __tablename__ = "carbon"

    region: str
    g_co2_per_kwh: float
    year: int


class CloudInstanceRow(_Row, table=True):
    """One rentable cloud GPU instance."""

    __tablename__ = "cloud_instances"

    provider: str
    name: str
    gpu_id: str
    gpu_count: int
    price_per_hour: float
    currency: str
    per_gpu: bool = False
    as_of: str | None = None


class SharedBuildRow(CatalogModel, table=True):
    """A ``.gpubuild`` published to the team (locally: the cached Team Builds list)."""

    __tablename__ = "shared_builds"

    name: str = Field(primary_key=True)
    document: str | None = None
    format_version: int
    version: int
    author: str | None = None
    updated_at: str | None = Field(default=None, index=True)  # listed newest first
    deleted: bool = Field(default=False, sa_column_kwargs={"server_default": false()})


class SharedBuildHistoryRow(CatalogModel, table=True):
    """Every published version of a shared build."""

    __tablename__ = "shared_build_history"
    __table_args__ = (UniqueConstraint("name", "version",
                                       name="uq_shared_build_history_name_version"),)

    id: int | None = Field(default=None, primary_key=True)
    name: str
    version: int
    document: str
    author: str | None = None
    updated_at: str | None = None


class OutboxRow(CatalogModel, table=True):
    """A change waiting for the team server (local file only; empty on the server)."""

    __tablename__ = "team_outbox"

    seq: int | None = Field(default=None, primary_key=True)
    kind: str
    key: str
    op: str
    payload: str | None = None
    base_version: int
    created_at: str
    conflict: str | None = None


class MetaRow(CatalogModel, table=True):
    """Key/value facts about the database itself (``catalog_version``, ``schema_version``)."""

    __tablename__ = "meta"

    key: str = Field(primary_key=True)
    value: str


class MeasuredRunRow(CatalogModel, table=True):
    """One run the user measured (docs/measured-run.md), kept as its record.

    Never touched by re-seeding: the user's runs outlive every catalog update. ``gpu_id`` is the
    catalog GPU the record's device name resolved to when it was imported.
    """

    __tablename__ = "measured_runs"

    id: str = Field(primary_key=True)
    record: str
    gpu_id: str
    when: str = Field(default="")
    imported: str = Field(default="")


RECORD_TABLES: tuple[type[_Row], ...] = (
    GpuRow, ArchitectureRow, WorkloadRow, TariffRow, CarbonRow, CloudInstanceRow,
)
