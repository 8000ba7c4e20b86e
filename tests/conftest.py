"""Shared test setup: no test touches the real home folder, settings or display.

Qt runs offscreen unless a test starts its own X server (the Xvfb end-to-end test); the user data
folder and QSettings point into a per-test temporary folder.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("GPU_PLANNER_NO_SINGLE_INSTANCE", "1")

if "mutmut" in sys.modules:
    # A mutation run (tools/mutation.sh): every mutant meets the same hypothesis examples, so a
    # verdict never depends on a random draw, and no example database carries over.
    from hypothesis import settings

    settings.register_profile("mutation", derandomize=True, database=None)
    settings.load_profile("mutation")


@pytest.fixture(autouse=True)
def _isolated_user_folders(tmp_path_factory: pytest.TempPathFactory,
                           monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point the user data folder (catalog database, autosaves) at a fresh temporary folder."""
    folder = tmp_path_factory.mktemp("userdata")
    monkeypatch.setenv("GPU_PLANNER_DATA_DIR", str(folder))
    yield folder


PRICES_TODAY = "2026-12-07"
"""The day prices are aged on in every test that does not name one (the issue 29 refresh).

A price with no reading in the last year is only "last seen" and no total counts it (issue 29),
so a figure worked by hand from a 2026 reading would change as the calendar moves on; the app
itself ages prices on the real day. A test that means another day passes ``today``.
"""


@pytest.fixture(autouse=True)
def _prices_aged_on_a_fixed_day(monkeypatch: pytest.MonkeyPatch) -> None:
    """Age prices on :data:`PRICES_TODAY` instead of the clock (in this process)."""
    monkeypatch.setattr("planner.core.costs.prices.today_iso", lambda: PRICES_TODAY)


@pytest.fixture(scope="session")
def real_catalog():  # type: ignore[no-untyped-def]
    """The bundled data/ catalog loaded once (no database): the records the app ships."""
    from planner.catalog.datafiles import load_catalog

    return load_catalog()


@pytest.fixture(autouse=True)
def _cold_caches_under_mutation() -> None:
    """Under a mutation run, empty planner's memoised functions before each test.

    A cache filled by an earlier test (or by the run's parent process) returns the original
    code's answer, so the mutated function is never called: mutmut would record only the first
    test as covering it and count its mutants as survivors. Outside a mutation run (mutmut's
    trampoline not loaded) this does nothing and the caches work as in the app.
    """
    if "mutmut.mutation.trampoline" not in sys.modules:
        return
    for name, module in list(sys.modules.items()):
        if name.startswith("planner.") and module is not None:
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and getattr(value, "__module__", None) == name:
                    clear()


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A writable copy of the small hand-made catalog in ``tests/fixtures/data``."""
    import shutil

    target = tmp_path / "data"
    shutil.copytree(Path(__file__).parent / "fixtures" / "data", target)
    return target


@pytest.fixture
def chinese(qapp: object) -> Iterator[None]:
    """Our Simplified Chinese catalogue installed for one test (Qt's own is not)."""
    from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

    from planner.translations import i18n_dir

    translator = QTranslator()
    assert translator.load(QLocale("zh_CN"), "planner", "_", i18n_dir())
    QCoreApplication.installTranslator(translator)
    yield
    QCoreApplication.removeTranslator(translator)
