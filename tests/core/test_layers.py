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


CORE_MODULES = sorted((ROOT / "planner" / "core").rglob("*.py"))
WORDS_MODULES = sorted((ROOT / "planner" / "words").rglob("*.py"))


def test_core_is_grouped_into_subpackages():
    """Every core module lives in a subpackage that says what it holds (issue 18)."""
    loose = [p.name for p in CORE_MODULES if p.parent.name == "core" and p.name != "__init__.py"]
    assert len(CORE_MODULES) > 30 and not loose, loose


@pytest.mark.parametrize("path", CORE_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_core_module_imports_no_qt_or_database(path):
    bad = {n for n in _imports(path) if n.startswith(FORBIDDEN_IN_CORE)}
    assert not bad, f"{path.name} imports {bad}"


@pytest.mark.parametrize("path", WORDS_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_words_use_qt_core_only(path):
    """Words sit below the widgets and the sheet: QtCore's translate and QLocale, nothing drawn."""
    qt = {n for n in _imports(path) if n.startswith("PySide6")}
    assert qt <= {"PySide6.QtCore"}, f"{path.name} imports {qt - {'PySide6.QtCore'}}"


def test_import_linter_contracts_hold():
    exe = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    if not Path(exe).exists():
        pytest.fail("import-linter is part of the dev extra; install it")
    result = subprocess.run([exe, str(ROOT / "pyproject.toml")], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_importing_core_loads_no_qt():
    code = ("import sys, planner.core.estimator.memory, planner.core.plan.build, "
            "planner.core.plan.recommend, planner.core.costs.energy, planner.core.plan.physics, "
            "planner.core.plan.suggest, planner.core.views.variants; "
            "print(any(m.startswith(('PySide6','sqlalchemy')) for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True)
    assert out.stdout.strip() == "False"
