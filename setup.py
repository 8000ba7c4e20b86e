"""Build hook: the wheel carries the catalog database built from data/ (issue 24).

Everything else about the package is declared in pyproject.toml. Building the wheel runs the
store's own migrations and seeding (planner.catalog.prebuilt.build) and puts the result beside
data/VERSION as planner/data/catalog.sqlite, which a first start copies into the new profile
instead of seeding one. An editable install skips it: a checkout builds the file on first use.
"""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildPyWithCatalog(build_py):
    """``build_py``, then the prebuilt catalog database into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        sys.path.insert(0, str(ROOT))
        try:
            from planner.catalog.prebuilt import PREBUILT_NAME, build
            from planner.catalog.store import open_store
        finally:
            sys.path.remove(str(ROOT))
        build(ROOT / "data", Path(self.build_lib) / "planner" / "data" / PREBUILT_NAME, open_store)


setup(cmdclass={"build_py": BuildPyWithCatalog})
