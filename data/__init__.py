"""The bundled catalog, installed as the package ``planner.data``.

This folder stays at the top of the repository; pyproject.toml maps it into the package so a
wheel and a frozen bundle carry it, and :func:`planner.paths.bundled_data_dir` finds it with
``importlib.resources`` wherever the program runs from. It holds no code.
"""
