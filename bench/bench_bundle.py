"""The frozen app against a bare PySide6 "hello" bundle frozen by the same PyInstaller, same run.

Size: the onedir folders, byte for byte (target: app ≤ 1.3× bare, with print support kept); the
bare window is frozen through the app's own spec (same trimming and strip), so the ratio is what
the app adds: our code and data, numpy, pydantic, SQLAlchemy, Alembic.
Start: spawn to first paint of the main window, fresh process each run, interleaved, and the
app's catalog and ready times, warm and on first starts with new profiles, with the targets
bench_startup.py states and checks for the source run.

Usage: python bench/bench_bundle.py [--runs 10] [--app dist/gpu-planner]
       (builds the app with packaging/build.py --no-installer unless --app names a bundle;
        uses $DISPLAY with xcb, else offscreen)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_startup import BARE, frozen_times, report_frozen

ROOT = Path(__file__).resolve().parent.parent


def folder_size(path: Path) -> int:
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def heaviest_additions(app: Path, hello: Path, count: int = 8) -> list[tuple[int, str]]:
    """The app's largest files the bare window does not have: what the ratio is made of."""
    bare = {p.relative_to(hello).as_posix().replace("hello", "gpu-planner", 1)
            for p in hello.rglob("*")}
    added = [(p.lstat().st_size, p.relative_to(app).as_posix()) for p in app.rglob("*")
             if (p.is_file() or p.is_symlink()) and p.relative_to(app).as_posix() not in bare]
    return sorted(added, reverse=True)[:count]


def build_hello(work: Path) -> Path:
    """Freeze the bare window through the app's own spec: the same exclusions, Qt trimming,
    runtime hooks, EXE options and strip, so the ratio is the app's own weight, not PyInstaller's
    defaults against our trimming (1.63x like for like where the old default-frozen hello
    said 1.24x)."""
    script = work / "hello.py"
    script.write_text(BARE)
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
                    "--log-level", "WARN", "--distpath", str(work / "dist"),
                    "--workpath", str(work / "build"),
                    str(ROOT / "packaging" / "gpu-planner.spec")],
                   check=True, capture_output=True, cwd=ROOT,
                   env=os.environ | {"GPU_PLANNER_FREEZE_HELLO": str(script)})
    return work / "dist" / "hello"


def build_app(work: Path) -> Path:
    subprocess.run([sys.executable, str(ROOT / "packaging" / "build.py"), "--no-installer",
                    "--dist", str(work / "dist"), "--work", str(work / "build")], check=True,
                   capture_output=True)
    return work / "dist" / "gpu-planner"


def _exe(bundle: Path, name: str) -> Path:
    return bundle / (name + ".exe" if sys.platform == "win32" else name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--cold-runs", type=int, default=5)
    parser.add_argument("--app", type=Path, help="an already built bundle folder")
    args = parser.parse_args()
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "xcb" if env.get("DISPLAY") else "offscreen")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "hello").mkdir()
        t0 = time.perf_counter()
        hello = build_hello(work / "hello")
        t_hello = time.perf_counter() - t0
        if args.app:
            app, t_app = args.app.resolve(), 0.0
        else:
            (work / "app").mkdir()
            t0 = time.perf_counter()
            app = build_app(work / "app")
            t_app = time.perf_counter() - t0
        import PyInstaller

        size_app, size_hello = folder_size(app), folder_size(hello)
        print(f"PyInstaller {PyInstaller.__version__}, {sys.platform}")
        print(f"bare hello bundle   {size_hello / 1e6:7.1f} MB   (frozen in {t_hello:.0f} s)")
        print(f"GPU Build Planner   {size_app / 1e6:7.1f} MB" +
              (f"   (frozen in {t_app:.0f} s)" if t_app else "   (given)"))
        size_ratio = size_app / size_hello
        print(f"ratio size app/bare {size_ratio:.2f}  (target ≤ 1.3, like for like)")
        for size, name in heaviest_additions(app, hello):
            print(f"  + {size / 1e6:6.1f} MB  {name}")
        times = frozen_times(_exe(app, "gpu-planner"), _exe(hello, "hello"), args.runs, env,
                             args.cold_runs)
        times_ok = report_frozen(times, args.runs, env["QT_QPA_PLATFORM"])
    return 0 if size_ratio <= 1.3 and times_ok else 1


if __name__ == "__main__":
    sys.exit(main())
