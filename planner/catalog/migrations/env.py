"""Alembic environment: migrate the connection the store hands over (or a URL, for development).

The store passes its open connection in ``config.attributes["connection"]`` so migrations run in
the same transaction as the store's checks; ``render_as_batch`` lets SQLite alter tables by copy.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine
from sqlalchemy.engine import Connection

from planner.catalog.models import metadata


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run() -> None:
    """Run the migrations against the handed-over connection, or the configured URL."""
    config = context.config
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("no connection given and no sqlalchemy.url configured")
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            _run(conn)
    finally:
        engine.dispose()


run()
