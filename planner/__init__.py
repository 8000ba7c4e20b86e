"""GPU Build Planner: plan GPU builds for machine learning (VRAM fit, energy, cost, comparison)."""

# A literal, not importlib.metadata: reading the installed metadata costs ~40 ms at every start.
# tests/test_version.py keeps it equal to pyproject.toml's version.
__version__ = "0.1.0"
