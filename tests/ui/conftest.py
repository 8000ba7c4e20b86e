"""Fixtures for the shell's widget tests: a small fixed catalog and QSettings kept in tmp."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings

from planner.catalog.datafiles import load_catalog
from planner.core.records.specs import Catalog

FIXTURE_DATA = Path(__file__).resolve().parent.parent / "fixtures" / "data"


@pytest.fixture(autouse=True)
def _fresh_settings(tmp_path: Path, qapp: object) -> Iterator[Path]:
    """Any QSettings a test or the app opens lands in this test's tmp folder, never the real one."""
    folder = tmp_path / "qsettings"
    QCoreApplication.setOrganizationName("gpu-build-planner-tests")
    QCoreApplication.setApplicationName("GPU Build Planner Tests")
    for fmt in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(folder))
        QSettings.setPath(fmt, QSettings.Scope.SystemScope, str(folder / "system"))
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    yield folder


@pytest.fixture(scope="session")
def fixture_catalog() -> Catalog:
    """The five-GPU test catalog (tests/fixtures/data), independent of the shipped data/."""
    return load_catalog(FIXTURE_DATA)


@pytest.fixture
def document(qapp: object, fixture_catalog: Catalog):  # type: ignore[no-untyped-def]
    """A fresh document over the test catalog."""
    from planner.ui.document import BuildDocument

    doc = BuildDocument(fixture_catalog)
    yield doc
    doc.undo_stack.cleanChanged.disconnect()


@pytest.fixture
def store(qapp: object, tmp_path: Path):  # type: ignore[no-untyped-def]
    """A catalog database in tmp, seeded from the test catalog."""
    from planner.catalog.store import open_store

    s = open_store(tmp_path / "catalog.sqlite", data_dir=FIXTURE_DATA)
    yield s
    s.close()
