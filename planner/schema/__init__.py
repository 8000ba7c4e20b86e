"""One schema per record: the catalog's ``data/`` records and the `.gpubuild` document.

Pydantic models, Qt-free and database-free, between :mod:`planner.core` (whose frozen dataclasses
they become) and the catalog and documents layers (which load files with them and word their
problems for data authors and users). See :mod:`planner.schema.fields` for the two strictnesses.
"""

from planner.schema.base import Record
from planner.schema.problems import Problem, check

__all__ = ["Problem", "Record", "check"]
