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

COMMANDS = ("catalog", "estimate", "recommend", "energy", "runs", "check", "report", "show",
            "team", "prices", "serve")


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


def _not_a_command_or_file(word: str) -> str | None:
    """The sentence for a first word that is neither a command nor an existing file, else None.

    Such a word is a typo far more often than a build to open (``gpu-planner estimat …``), and
    taking it for a file would start a window — with no display, Qt aborts with its plugin error.
    """
    from pathlib import Path

    if Path(word).exists():
        return None
    if word.lower().endswith(".gpubuild"):
        return f"There is no file '{word}'; check the name and folder of the build."
    from difflib import get_close_matches

    close = get_close_matches(word, COMMANDS, n=1, cutoff=0.6)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return (f"'{word}' is not a command{hint} or a .gpubuild file; "
            f"the commands are {', '.join(COMMANDS)}.")


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
            problem = _not_a_command_or_file(rest[0]) if rest else None
            if problem is not None:
                print(problem, file=sys.stderr)
                return 2
            from planner.ui.app import run_app

            return run_app(rest, lang=lang)
    from planner.cli.commands import run

    return run(args)
