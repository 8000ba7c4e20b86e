"""GPU Build Planner: plan GPU builds for machine learning (VRAM fit, energy, cost, comparison)."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("gpu-build-planner")
except PackageNotFoundError:  # running from a source tree or a frozen bundle without metadata
    __version__ = "0.1.0"
