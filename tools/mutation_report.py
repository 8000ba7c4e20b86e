"""Summarise a mutmut run per module: killed, survived, no tests, and the surviving rate.

Reads the ``mutants/**/*.py.meta`` files mutmut 3 leaves behind (run ``tools/mutation.sh``
first). A mutant counts as killed when a test failed (exit 1 or 3), timed out or crashed;
survived when every selected test passed; "no tests" when no test in the subset calls the
mutated function. Survivors are split into *wording* (the mutant only turns a sentence into other
text: a string constant holding a space, or the literal part of an f-string) and *logic*
(everything else, including a sentence replaced by ``None`` or dropped).

Usage: ``python tools/mutation_report.py [--survivors] [--all-survivors] [MODULE_PREFIX ...]``;
``--survivors`` prints each logic survivor with the line it changed, ``--all-survivors`` the
wording ones too.
"""

from __future__ import annotations

import ast
import difflib
import json
import sys
from collections import Counter
from pathlib import Path

KILLED = {1, 3, 36, 24, -24, 152, 255, -11, -9}
SURVIVED = {0}
NO_TESTS = {5, 33}
MUTANTS = Path("mutants")


def _kind(code: int | None) -> str:
    if code in KILLED:
        return "killed"
    if code in SURVIVED:
        return "survived"
    if code in NO_TESTS:
        return "no tests"
    return "not run" if code is None else "other"


def _sentence(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and (
        " " in node.value.strip() or not node.value.strip())


def _same_but_words(a: object, b: object) -> bool:
    """Whether two trees differ only in the text of sentences (a sentence turned into another)."""
    if isinstance(a, ast.AST) and isinstance(b, ast.AST):
        if _sentence(a) and isinstance(b, ast.Constant) and isinstance(b.value, str):
            return True
        if isinstance(a, ast.JoinedStr) and isinstance(b, ast.JoinedStr):
            pa = [v for v in a.values if not isinstance(v, ast.Constant)]
            pb = [v for v in b.values if not isinstance(v, ast.Constant)]
            return len(pa) == len(pb) and all(map(_same_but_words, pa, pb))
        if type(a) is not type(b):
            return False
        return all(_same_but_words(getattr(a, f), getattr(b, f)) for f in a._fields
                   if f not in ("name", "type_comment"))
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(map(_same_but_words, a, b))
    return a == b


def _functions(path: Path) -> dict[str, ast.FunctionDef]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}


def _changed_line(orig: ast.FunctionDef, mutant: ast.FunctionDef) -> str:
    a = ast.unparse(orig).splitlines()[1:]
    b = ast.unparse(mutant).splitlines()[1:]
    minus = [ln[1:].strip() for ln in difflib.ndiff(a, b) if ln.startswith("- ")]
    plus = [ln[1:].strip() for ln in difflib.ndiff(a, b) if ln.startswith("+ ")]
    return f"{' / '.join(minus)[:110]}  ->  {' / '.join(plus)[:110]}"


def main(argv: list[str]) -> int:
    show_logic = "--survivors" in argv or "--all-survivors" in argv
    show_words = "--all-survivors" in argv
    prefixes = [a for a in argv if not a.startswith("--")]
    if not MUTANTS.is_dir():
        print("No mutants/ folder: run tools/mutation.sh first.", file=sys.stderr)
        return 2
    total: Counter[str] = Counter()
    print(f"{'module':36} {'killed':>7} {'survived':>8} {'(wording)':>9} {'no tests':>8} "
          f"{'total':>6} {'survive %':>9} {'logic %':>8}")
    for meta in sorted(MUTANTS.glob("planner/**/*.py.meta")):
        module = str(meta.relative_to(MUTANTS))[: -len(".py.meta")].replace("/", ".")
        if prefixes and not any(module.startswith(p) for p in prefixes):
            continue
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        if not codes:
            continue
        functions = _functions(meta.with_suffix(""))
        counts = Counter(_kind(c) for c in codes.values())
        lines: list[str] = []
        for key, code in sorted(codes.items()):
            if code not in SURVIVED:
                continue
            name = key.rsplit(".", 1)[1]
            orig = functions[name.rsplit("__mutmut_", 1)[0] + "__mutmut_orig"]
            words = _same_but_words(orig, functions[name])
            counts["wording"] += words
            if (show_logic and not words) or show_words:
                tag = "words" if words else "logic"
                lines.append(f"    {tag} {name}: {_changed_line(orig, functions[name])}")
        total.update(counts)
        n = counts["killed"] + counts["survived"] + counts["no tests"] + counts["not run"]
        judged = counts["killed"] + counts["survived"] or 1
        print(f"{module:36} {counts['killed']:7} {counts['survived']:8} {counts['wording']:9} "
              f"{counts['no tests']:8} {n:6} {100 * counts['survived'] / judged:8.1f}% "
              f"{100 * (counts['survived'] - counts['wording']) / judged:7.1f}%")
        print("\n".join(lines)) if lines else None
    judged = total["killed"] + total["survived"]
    if judged:
        n = judged + total["no tests"] + total["not run"]
        print(f"{'all':36} {total['killed']:7} {total['survived']:8} {total['wording']:9} "
              f"{total['no tests']:8} {n:6} {100 * total['survived'] / judged:8.1f}% "
              f"{100 * (total['survived'] - total['wording']) / judged:7.1f}%")
        if total["not run"] or total["other"]:
            print(f"(not run: {total['not run']}, other: {total['other']})")
    print("survive % = survived / (killed + survived); logic % leaves out wording-only mutants")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
