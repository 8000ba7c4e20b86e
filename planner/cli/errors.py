"""The command line's one kind of mistake and the parser that raises it.

Its own module because every command module raises :class:`UsageError` and the parser module
imports every command's ``add_parser``: kept in either, the two would import each other.
"""

from __future__ import annotations

import argparse
from typing import NoReturn


class UsageError(Exception):
    """A user mistake on the command line; its message is printed as one sentence."""


class SentenceParser(argparse.ArgumentParser):
    """Argparse, but a mistake is one sentence (a :class:`UsageError`), not usage and exit."""

    def error(self, message: str) -> NoReturn:
        """Raise the mistake as one sentence that points at ``--help`` (argparse would exit)."""
        text = message[0].upper() + message[1:]
        raise UsageError(text.rstrip(".") + f"; see '{self.prog} --help'.")
