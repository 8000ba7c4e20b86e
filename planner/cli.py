"""``gpu-planner``: start the app, or run a headless command (see docs/cli.md).

Deciding which costs nothing: the app's start-up is measured against a bare Qt window, so this
module imports neither argparse nor the estimators; :mod:`planner.commands` does, when a command
is named. ``--self-test`` checks the installation (:mod:`planner.ui.selftest`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

COMMANDS = ("catalog", "estimate", "recommend", "energy", "check", "report")


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command or start the app (file names only, or nothing); return the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--self-test"]:
        from planner.ui.selftest import run_self_test

        return run_self_test(args[1:])
    if not args or (args[0] not in COMMANDS and not args[0].startswith("-")):
        from planner.ui.app import run_app

        return run_app(args)
    from planner.commands import run

    return run(args)
