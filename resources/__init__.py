"""Icons and compiled translations, installed as the package ``planner.resources``.

This folder stays at the top of the repository; pyproject.toml maps it into the package so a
wheel and a frozen bundle carry it, and :func:`planner.paths.resources_dir` finds it with
``importlib.resources`` wherever the program runs from. It holds no code.
"""
