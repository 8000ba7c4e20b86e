import tomllib
from pathlib import Path

import planner


def test_version_matches_pyproject():
    meta = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
    assert planner.__version__ == meta["project"]["version"]
