"""``gpu-planner``: start the app, or run a headless command (see docs/cli.md).

Deciding which costs nothing: the app's start-up is measured against a bare Qt window, so this
module imports neither argparse nor the estimators; :mod:`planner.cli.commands` does, when a command
is named (or help, or a malformed option, is asked for). ``--self-test`` checks the installation
(:mod:`planner.ui.selftest`); ``--lang en|zh_CN`` picks the window's language for this start.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from planner.languages import CODES

COMMANDS = ("catalog", "estimate", "recommend", "energy", "check", "report")


def _take_lang(args: list[str]) -> tuple[str | None, list[str]] | None:
    """``--lang X`` or ``--lang=X`` taken out of ``args``, and the rest.

    None when ``--lang`` lacks a value or names a language we do not ship: argparse, in
    :mod:`planner.cli.commands`, then words the error.
    """
    rest: list[str] = []
    lang: str | None = None
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--lang" or arg.startswith("--lang="):
            if arg == "--lang":
                if i + 1 >= len(args):
                    return None
                value, i = args[i + 1], i + 2
            else:
                value, i = arg.partition("=")[2], i + 1
            if value not in CODES:
                return None
            lang = value
            continue
        rest.append(arg)
        i += 1
    return lang, rest


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command or start the app (file names only, or nothing); return the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--self-test"]:
        from planner.ui.selftest import run_self_test

        return run_self_test(args[1:])
    taken = _take_lang(args) if not args or args[0] not in COMMANDS else None
    if taken is not None:
        lang, rest = taken
        if not rest or (rest[0] not in COMMANDS and not rest[0].startswith("-")):
            from planner.ui.app import run_app

            return run_app(rest, lang=lang)
    from planner.cli.commands import run

    return run(args)
