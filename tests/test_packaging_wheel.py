"""The wheel carries the catalog, icons, translations and migrations, and works installed.

The wheel is built from a copy of the source tree (without build isolation, so no network), then
installed into a fresh virtual environment outside the checkout. The fresh environment borrows the
dev environment's third-party packages through a ``.pth`` line (installing PySide6 again would
take a minute) but not its editable finder: ``.pth`` files in a borrowed folder are not run, so
``planner`` can only come from the installed wheel, which the test checks before using it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
IGNORED = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__",
                                 ".*_cache", ".hypothesis", "docs", "tests", "shots")


def _pdf_text(pdf: Path) -> str:
    """The PDF's text: poppler's pdftotext where installed, else pypdf (a dev dependency)."""
    if shutil.which("pdftotext"):
        return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                              check=True).stdout
    pypdf = pytest.importorskip("pypdf", reason="neither pdftotext nor pypdf is installed")
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(str(pdf)).pages)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("src") / "tree"
    shutil.copytree(ROOT, src, ignore=IGNORED)
    out = src.parent / "wheelhouse"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-index",
                    "--no-build-isolation", "-q", "-w", str(out), str(src)],
                   check=True, capture_output=True, timeout=300)
    (found,) = out.glob("gpu_build_planner-*.whl")
    return found


def _shipped_files() -> set[str]:
    """What the wheel must hold, as archive names, listed from the checkout's folders."""
    names = {f"planner/{p.relative_to(ROOT / 'planner').as_posix()}"
             for p in (ROOT / "planner").rglob("*.py")}
    names |= {f"planner/data/{p.relative_to(ROOT / 'data').as_posix()}"
              for p in (ROOT / "data").rglob("*") if p.is_file() and p.suffix != ".pyc"}
    names |= {f"planner/resources/{p.relative_to(ROOT / 'resources').as_posix()}"
              for p in (ROOT / "resources").rglob("*")
              if p.is_file() and p.suffix in (".svg", ".qm", ".py")}
    names |= {f"planner/examples/{p.name}" for p in (ROOT / "examples").glob("*.gpubuild")}
    names.add("planner/catalog/migrations/script.py.mako")
    return {n for n in names if "__pycache__" not in n}


def test_wheel_holds_every_module_and_data_file(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    missing = _shipped_files() - names
    assert not missing, f"not in the wheel: {sorted(missing)}"
    # Sources of translations stay in the repository; the app reads the compiled .qm files.
    assert not [n for n in names if n.endswith(".ts")]
    assert "planner/data/gpus/nvidia-geforce.toml" in names
    # The catalog database built from data/ by the wheel's build step (setup.py), which a first
    # start copies into the new profile instead of seeding one (issue 24).
    assert "planner/data/catalog.sqlite" in names
    assert "planner/data/catalog.rates.json" in names


@pytest.mark.slow
def test_installed_wheel_runs_outside_the_checkout(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    # Windows venvs keep programs in Scripts\ with .exe; POSIX ones in bin/.
    scripts = venv / ("Scripts" if sys.platform == "win32" else "bin")
    exe = ".exe" if sys.platform == "win32" else ""
    python = scripts / f"python{exe}"
    purelib = Path(subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True).stdout.strip())
    # Every site-packages folder this interpreter sees: a venv that itself borrows another's
    # packages through a .pth (a worktree's .venv) lends those too, since a borrowed folder's
    # own .pth files are not run.
    own = sysconfig.get_paths()["purelib"]
    lent = [own] + [p for p in sys.path if p.endswith("site-packages") and p != own]
    (purelib / "dev_site_packages.pth").write_text("\n".join(lent) + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                    "--no-deps", "--no-index", str(wheel)], check=True, capture_output=True,
                   timeout=300)
    work = tmp_path / "elsewhere"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env |= {"GPU_PLANNER_DATA_DIR": str(tmp_path / "user"), "QT_QPA_PLATFORM": "offscreen"}

    where = subprocess.run(
        [str(python), "-c", "import planner, planner.paths as p; print(planner.__file__); "
         "print(p.bundled_data_dir()); print(p.resources_dir()); print(p.migrations_dir())"],
        cwd=work, env=env, check=True, capture_output=True, text=True).stdout.split()
    assert all(Path(w).is_relative_to(purelib / "planner") for w in where), where
    assert not any(Path(w).is_relative_to(ROOT) for w in where)

    program = scripts / f"gpu-planner{exe}"
    listed = subprocess.run([str(program), "catalog", "gpus", "--json"], cwd=work, env=env,
                            capture_output=True, text=True, timeout=120)
    assert listed.returncode == 0, listed.stderr
    gpus = json.loads(listed.stdout)
    assert "nvidia-rtx-4090" in {g["id"] for g in gpus}
    # The new profile's database is the wheel's built one, copied: nothing was seeded.
    shipped = purelib / "planner" / "data" / "catalog.sqlite"
    user_db = tmp_path / "user" / "catalog.sqlite"
    assert shipped.is_file() and user_db.is_file()
    assert user_db.stat().st_size == shipped.stat().st_size

    pdf = work / "out.pdf"
    made = subprocess.run([str(program), "report", str(ROOT / "examples" / "entry-level.gpubuild"),
                           "--pdf", str(pdf)], cwd=work, env=env, capture_output=True,
                          text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    text = _pdf_text(pdf)
    assert "Entry-level learning rig" in text and "RTX 3060 12GB" in text
