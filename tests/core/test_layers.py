"""The layer rule is enforced, not hoped for: core imports neither Qt nor the database."""

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN_IN_CORE = ("PySide6", "pyqtgraph", "sqlmodel", "sqlalchemy", "alembic",
                     "planner.catalog", "planner.documents", "planner.ui", "planner.report")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", sorted((ROOT / "planner" / "core").glob("*.py")),
                         ids=lambda p: p.name)
def test_core_module_imports_no_qt_or_database(path):
    bad = {n for n in _imports(path) if n.startswith(FORBIDDEN_IN_CORE)}
    assert not bad, f"{path.name} imports {bad}"


def test_import_linter_contracts_hold():
    exe = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    if not Path(exe).exists():
        pytest.fail("import-linter is part of the dev extra; install it")
    result = subprocess.run([exe, str(ROOT / "pyproject.toml")], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_importing_core_loads_no_qt():
    code = ("import sys, planner.core.memory, planner.core.build, planner.core.recommend, "
            "planner.core.energy, planner.core.physics, planner.core.suggest; "
            "print(any(m.startswith(('PySide6','sqlalchemy')) for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True)
    assert out.stdout.strip() == "False"
