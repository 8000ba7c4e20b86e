"""Example builds, installed as the package ``planner.examples``.

This folder stays at the top of the repository; pyproject.toml maps it into the package so a
wheel and a frozen bundle carry the examples (``gpu-planner --self-test`` opens one), found by
:func:`planner.paths.examples_dir`. It holds no code.
"""
