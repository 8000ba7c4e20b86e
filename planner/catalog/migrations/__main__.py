"""Developer entry point: ``python -m planner.catalog.migrations revision -m "..."``.

Autogenerates a revision against a scratch database upgraded to head, so new revisions start from
what the models declare. Not used by the program at runtime.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from alembic import command

from planner.catalog.dbfile import alembic_config


def main() -> None:
    """Create a new revision script from the difference between head and the models."""
    parser = argparse.ArgumentParser(prog="python -m planner.catalog.migrations")
    sub = parser.add_subparsers(dest="cmd", required=True)
    rev = sub.add_parser("revision", help="autogenerate a new revision")
    rev.add_argument("-m", "--message", required=True)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'scratch.sqlite'}"
        cfg = alembic_config(url=url)
        command.upgrade(cfg, "head")
        command.revision(cfg, message=args.message, autogenerate=True)


if __name__ == "__main__":
    main()
