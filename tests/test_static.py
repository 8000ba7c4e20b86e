"""ruff and mypy are part of the suite, so style and types cannot drift between reviews."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean():
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "planner", "tests", "bench",
                        "tools"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_is_clean():
    r = subprocess.run([sys.executable, "-m", "mypy", "planner"], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
