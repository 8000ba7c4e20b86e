"""Prices as dated records: a GPU's ``launch_msrp_usd``/``street_price`` become ``prices``.

The GPU table's four price columns are replaced by the price a buyer sees first (the newest
street price, else list, MSRP, estimate, used) for reading the file with any SQLite browser; the
full list lives in ``record``. Records are rewritten in place: a launch price becomes an ``msrp``
record dated the day of this upgrade (the old field had no date), a street price keeps its date.
Cloud instances gain ``per_gpu`` and ``as_of`` columns. Frozen: this script must keep doing what
it did when it shipped, so it imports nothing from the app.

Revision ID: 0002_prices
Revises: 0001_initial
Create Date: 2026-12-03
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0002_prices"
down_revision: str | None = "0001_initial"
branch_labels: str | None = None
depends_on: str | None = None

_ORDER = ("street", "list", "msrp", "estimate", "used")


def _prices(record: dict[str, Any], today: str) -> list[dict[str, Any]]:
    prices: list[dict[str, Any]] = list(record.get("prices") or [])
    msrp = record.pop("launch_msrp_usd", None)
    street = record.pop("street_price", None)
    if isinstance(msrp, int | float) and msrp > 0:
        prices.append({"amount": float(msrp), "currency": "USD", "as_of": today, "kind": "msrp",
                       "region": "US", "source": "launch_msrp_usd in the catalog before prices were dated",
                       "kept_because": "",
                       "note": "Launch price carried over from an undated field; the date is "
                               "the day the catalog was upgraded."})
    if isinstance(street, dict) and isinstance(street.get("amount"), int | float):
        prices.append({"amount": float(street["amount"]), "currency": street.get("currency", "USD"),
                       "as_of": street.get("as_of", today), "kind": "street",
                       "region": "global", "source": street.get("source") or "street_price in the catalog",
                       "note": "",
                       "kept_because": ""})
    return prices


def _shown(prices: list[dict[str, Any]]) -> dict[str, Any]:
    for kind in _ORDER:
        of_kind = [p for p in prices if p.get("kind") == kind]
        if of_kind:
            p = max(of_kind, key=lambda p: str(p.get("as_of", "")))
            return {"price_amount": p["amount"], "price_currency": p["currency"],
                    "price_kind": kind, "price_as_of": p["as_of"]}
    return {"price_amount": None, "price_currency": None, "price_kind": None,
            "price_as_of": None}


def upgrade() -> None:
    """Rewrite GPU records with dated prices; swap the price columns; add cloud columns."""
    with op.batch_alter_table("gpus") as batch:
        for name in ("launch_msrp_usd", "street_price_amount", "street_price_currency",
                     "street_price_as_of"):
            batch.drop_column(name)
        batch.add_column(sa.Column("price_amount", sa.Float(), nullable=True))
        batch.add_column(sa.Column("price_currency", sa.String(), nullable=True))
        batch.add_column(sa.Column("price_kind", sa.String(), nullable=True))
        batch.add_column(sa.Column("price_as_of", sa.String(), nullable=True))
    with op.batch_alter_table("cloud_instances") as batch:
        batch.add_column(sa.Column("per_gpu", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("as_of", sa.String(), nullable=True))
    bind = op.get_bind()
    today = dt.date.today().isoformat()
    rows = bind.execute(sa.text("SELECT id, record, bundled_record FROM gpus")).fetchall()
    for gpu_id, text, bundled in rows:
        record = json.loads(text)
        record["prices"] = _prices(record, today)
        new_bundled = None
        if bundled is not None:
            original = json.loads(bundled)
            original["prices"] = _prices(original, today)
            new_bundled = json.dumps(original, ensure_ascii=False, separators=(",", ":"))
        bind.execute(sa.text(
            "UPDATE gpus SET record = :record, bundled_record = :bundled, price_amount = "
            ":price_amount, price_currency = :price_currency, price_kind = :price_kind, "
            "price_as_of = :price_as_of WHERE id = :id"),
            {"record": json.dumps(record, ensure_ascii=False, separators=(",", ":")),
             "bundled": new_bundled, "id": gpu_id, **_shown(record["prices"])})
    for inst_id, text in bind.execute(sa.text("SELECT id, record FROM cloud_instances")):
        record = json.loads(text)
        bind.execute(sa.text("UPDATE cloud_instances SET as_of = :as_of WHERE id = :id"),
                     {"as_of": record.get("as_of"), "id": inst_id})


def downgrade() -> None:
    """Put the old columns back (prices stay in the records)."""
    with op.batch_alter_table("cloud_instances") as batch:
        batch.drop_column("as_of")
        batch.drop_column("per_gpu")
    with op.batch_alter_table("gpus") as batch:
        for name in ("price_amount", "price_currency", "price_kind", "price_as_of"):
            batch.drop_column(name)
        batch.add_column(sa.Column("launch_msrp_usd", sa.Float(), nullable=True))
        batch.add_column(sa.Column("street_price_amount", sa.Float(), nullable=True))
        batch.add_column(sa.Column("street_price_currency", sa.String(), nullable=True))
        batch.add_column(sa.Column("street_price_as_of", sa.String(), nullable=True))
