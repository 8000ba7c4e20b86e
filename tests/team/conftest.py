"""The team tests' PostgreSQL: one throwaway cluster per test session, one database per test.

Where PostgreSQL is not installed (``apt-get install postgresql``; ``.ci/run`` does it) every
test that asks for the server is skipped with that reason; the rest of the suite is unaffected.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from tests.team.pg_cluster import Cluster, find_bindir, remove_cluster, start_cluster

_names = itertools.count(1)


@pytest.fixture(autouse=True)
def _qt_application(qapp: object) -> object:
    """The tests' QApplication first: ``team`` run in-process would make a QCoreApplication
    for its translators, which every later widget test would then refuse."""
    return qapp


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """A running cluster for the whole session, stopped and deleted at the end."""
    if find_bindir() is None:
        pytest.skip("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg 3 is not installed (pip install 'psycopg[binary]')")
    cluster = start_cluster()
    try:
        yield cluster
    finally:
        remove_cluster(cluster)


@pytest.fixture
def pg(pg_cluster: Cluster, monkeypatch: pytest.MonkeyPatch) -> Iterator[Cluster]:
    """The cluster, running, with libpq reading its ``.pgpass`` (so no URL holds a password)."""
    pg_cluster.start() if not (pg_cluster.data / "postmaster.pid").exists() else None
    monkeypatch.setenv("PGPASSFILE", str(pg_cluster.pgpass))
    yield pg_cluster
    if not (pg_cluster.data / "postmaster.pid").exists():  # a test stopped it: start it again
        pg_cluster.start()


@pytest.fixture
def team_db(pg: Cluster) -> str:
    """The name of a new, empty database for this test alone."""
    name = f"lab{next(_names)}"
    pg.create_database(name)
    return name
