"""Summarise a mutmut run per module: killed, survived, no tests, and the surviving rate.

Reads the ``mutants/**/*.py.meta`` files mutmut 3 leaves behind (run ``tools/mutation.sh``
first). The score counts a mutant as killed when a test failed (exit 1 or 3), timed out or
crashed; survived when every selected test passed; "no tests" when no test in the subset calls
the mutated function. Usage: ``python tools/mutation_report.py [--survivors] [MODULE_PREFIX]``.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

KILLED = {1, 3, 36, 24, -24, 152, 255, -11, -9}
SURVIVED = {0}
NO_TESTS = {5, 33}


def _kind(code: int | None) -> str:
    if code in KILLED:
        return "killed"
    if code in SURVIVED:
        return "survived"
    if code in NO_TESTS:
        return "no tests"
    return "not run" if code is None else "other"


def main(argv: list[str]) -> int:
    show = "--survivors" in argv
    prefixes = [a for a in argv if not a.startswith("--")]
    root = Path("mutants")
    if not root.is_dir():
        print("No mutants/ folder: run tools/mutation.sh first.", file=sys.stderr)
        return 2
    total: Counter[str] = Counter()
    print(f"{'module':40} {'killed':>7} {'survived':>8} {'no tests':>8} {'total':>6} "
          f"{'survive %':>9}")
    for meta in sorted(root.glob("planner/**/*.py.meta")):
        module = str(meta.relative_to(root))[: -len(".py.meta")].replace("/", ".")
        if prefixes and not any(module.startswith(p) for p in prefixes):
            continue
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        if not codes:
            continue
        counts = Counter(_kind(c) for c in codes.values())
        total.update(counts)
        n = sum(counts.values())
        rate = 100 * counts["survived"] / n
        print(f"{module:40} {counts['killed']:7} {counts['survived']:8} {counts['no tests']:8} "
              f"{n:6} {rate:8.1f}%")
        if show:
            for name, code in sorted(codes.items()):
                if code in SURVIVED:
                    print(f"    {name}")
    n = sum(total.values())
    if n:
        print(f"{'all':40} {total['killed']:7} {total['survived']:8} {total['no tests']:8} "
              f"{n:6} {100 * total['survived'] / n:8.1f}%")
        if total["not run"] or total["other"]:
            print(f"(not run: {total['not run']}, other: {total['other']})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
