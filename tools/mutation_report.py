"""Summarise a mutmut run per module: killed, survived, no tests, and the surviving rate.

Reads the ``mutants/**/*.py.meta`` files mutmut 3 leaves behind (run ``tools/mutation.sh``
first). A mutant counts as killed when a test failed (exit 1 or 3), timed out or crashed;
survived when every selected test passed; "no tests" when no test in the subset calls the
mutated function. Survivors are sorted into three kinds:

- *wording*: the mutant only turns a sentence into other text (a string constant holding a
  space, or the literal part of an f-string);
- *zip-strict*: the mutant only changes or drops ``strict=`` on a ``zip`` call, a check that never
  changes a result when the lengths agree (they always do where we use it);
- *logic*: everything else, including a sentence replaced by ``None`` or dropped.

Usage: ``python tools/mutation_report.py [--survivors] [--all-survivors] [--skip=MOD,...]
[MODULE_PREFIX ...]``; ``--survivors`` prints each logic survivor with the text it changed,
``--all-survivors`` every survivor, ``--skip`` leaves modules out of the table and the total
(e.g. ``--skip=planner.core.models.layouts,planner.core.models.hfconfig``).
"""

from __future__ import annotations

import ast
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


def _without_strict(node: ast.FunctionDef) -> str:
    """The body with ``strict=`` removed from every ``zip`` call."""
    tree = ast.parse(ast.unparse(node.body))
    for call in ast.walk(tree):
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and \
                call.func.id == "zip":
            call.keywords = [k for k in call.keywords if k.arg != "strict"]
    return ast.dump(tree)


def _category(orig: ast.FunctionDef, mutant: ast.FunctionDef) -> str:
    if _same_but_words(orig, mutant):
        return "wording"
    if _without_strict(orig) == _without_strict(mutant):
        return "zip-strict"
    return "logic"


def _functions(path: Path) -> dict[str, ast.FunctionDef]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}


def _changed(orig: ast.FunctionDef, mutant: ast.FunctionDef, width: int = 50) -> str:
    """The changed text with a little context: ``'…before…'  ->  '…after…'``."""
    a, b = ast.unparse(orig.body), ast.unparse(mutant.body)
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    end = 0
    while end < min(len(a), len(b)) - start and a[-1 - end] == b[-1 - end]:
        end += 1
    left = max(0, start - width)
    before, after = a[left:len(a) - end + 12], b[left:len(b) - end + 12]
    return f"{before!r}  ->  {after!r}".replace("\\n", " / ")


HEADER = (f"{'module':36} {'killed':>7} {'survived':>8} {'wording':>8} {'strict':>6} "
          f"{'no tests':>8} {'total':>6} {'survive %':>9} {'logic %':>8}")


def _line(name: str, c: Counter[str]) -> str:
    judged = c["killed"] + c["survived"] or 1
    n = c["killed"] + c["survived"] + c["no tests"] + c["not run"] + c["other"]
    logic = c["survived"] - c["wording"] - c["zip-strict"]
    return (f"{name:36} {c['killed']:7} {c['survived']:8} {c['wording']:8} {c['zip-strict']:6} "
            f"{c['no tests']:8} {n:6} {100 * c['survived'] / judged:8.1f}% "
            f"{100 * logic / judged:7.1f}%")


def main(argv: list[str]) -> int:
    show = {"logic"} if "--survivors" in argv else set()
    if "--all-survivors" in argv:
        show = {"logic", "wording", "zip-strict"}
    prefixes = [a for a in argv if not a.startswith("--")]
    skip = {m for a in argv if a.startswith("--skip=") for m in a[len("--skip="):].split(",")}
    if not MUTANTS.is_dir():
        print("No mutants/ folder: run tools/mutation.sh first.", file=sys.stderr)
        return 2
    total: Counter[str] = Counter()
    print(HEADER)
    for meta in sorted(MUTANTS.glob("planner/**/*.py.meta")):
        module = str(meta.relative_to(MUTANTS))[: -len(".py.meta")].replace("/", ".")
        if (prefixes and not any(module.startswith(p) for p in prefixes)) or module in skip:
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
            category = _category(orig, functions[name])
            counts[category] += category != "logic"
            if category in show:
                lines.append(f"    {category} {name}: {_changed(orig, functions[name])}")
        total.update(counts)
        print(_line(module, counts))
        for line in lines:
            print(line)
    print(_line("all", total))
    if total["not run"] or total["other"]:
        print(f"(not run: {total['not run']}, other: {total['other']})")
    print("survive % = survived / (killed + survived); logic % leaves out wording and zip-strict")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
