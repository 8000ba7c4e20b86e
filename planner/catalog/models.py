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

from sqlalchemy import MetaData
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
