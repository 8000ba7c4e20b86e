"""Alembic migrations of the catalog database, run in code by :mod:`planner.catalog.store`.

They live inside the package so an installed or PyInstaller-bundled program carries them (the
bundle must include this folder as data: Alembic reads the scripts from disk). No ``alembic.ini``
is used at runtime; the store builds the Alembic ``Config`` itself.

To add a revision during development::

    python -m planner.catalog.migrations revision -m "add column x"
"""
