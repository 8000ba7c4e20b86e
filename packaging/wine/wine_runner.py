"""Running commands for the Windows build under Wine: a throwaway HOME, quiet Wine, timed steps.

Shared by packaging/wine/under_wine.py and windows_python.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path


class Failure(Exception):
    """A step failed; the message says which and what was seen."""


def winpath(path: Path) -> str:
    """A Linux path as Wine's Z: drive sees it."""
    return "Z:" + str(path).replace("/", "\\")


class Runner:
    """Runs commands with the throwaway HOME and the Wine settings, and times the steps."""

    def __init__(self, work: Path, verbose: bool) -> None:
        self.work = work
        self.verbose = verbose
        self.home = work / "home"
        self.timings: list[tuple[str, float]] = []
        self.display: str | None = None

    def env(self, prefix: Path | None = None, **extra: str) -> dict[str, str]:
        """The environment for a command: throwaway HOME, quiet Wine, no menu builder."""
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("WINE", "XDG_", "QT_", "PYTHON", "VIRTUAL_ENV"))}
        env |= {"HOME": str(self.home), "XDG_DATA_HOME": str(self.home / ".local" / "share"),
                "XDG_CONFIG_HOME": str(self.home / ".config"),
                "XDG_CACHE_HOME": str(self.home / ".cache"),
                "WINEDEBUG": "-all",
                # No Mono/Gecko prompts; no menu entries or file associations in any HOME.
                "WINEDLLOVERRIDES": "mscoree,mshtml=;winemenubuilder.exe=d"}
        env.pop("DISPLAY", None)
        if self.display:
            env["DISPLAY"] = self.display
        if prefix is not None:
            env["WINEPREFIX"] = str(prefix)
        return env | extra

    def run(self, args: Sequence[str], *, env: dict[str, str] | None = None,
            timeout: float = 600, check: bool = True, cwd: Path | None = None) -> str:
        """Run and return stdout+stderr (a pipe: Windows Python dies writing to a plain file)."""
        if self.verbose:
            print("+", " ".join(map(str, args)), file=sys.stderr)
        try:
            done = subprocess.run(list(map(str, args)), env=env or self.env(), cwd=cwd,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as exc:
            raise Failure(f"{Path(str(args[0])).name} {args[1] if len(args) > 1 else ''} "
                          f"took longer than {timeout:.0f} s") from exc
        out = done.stdout.decode("utf-8", "replace")
        if self.verbose:
            sys.stderr.write(out[-4000:])
        if check and done.returncode != 0:
            tail = "\n".join(out.strip().splitlines()[-25:])
            raise Failure(f"`{' '.join(map(str, args))[:200]}` exited {done.returncode}:\n{tail}")
        return out

    def wine(self, prefix: Path, *args: str | Path, timeout: float = 600, check: bool = True,
             **extra: str) -> str:
        """Run a Windows program in a prefix and wait until the prefix is idle again."""
        out = self.run(["wine", *map(str, args)], env=self.env(prefix, **extra), timeout=timeout,
                       check=check)
        self.run(["wineserver", "-w"], env=self.env(prefix), timeout=300, check=False)
        return out

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        """Time a named step for the summary line."""
        print(f"[windows-build-under-wine] {name} …", file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        try:
            yield
        finally:
            self.timings.append((name, time.perf_counter() - t0))
