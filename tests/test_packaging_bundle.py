"""The Linux bundle, built from a clean copy of the tree, passes its own --self-test and installs.

One test does the whole chain (build, inspect, self-test, install in a throwaway HOME, open from
the installed copy, uninstall) because freezing takes about a minute and must happen once, not
once per pytest-xdist worker. It fails if the bundle misses the catalog data, our or Qt's
translations, a Qt plugin (platform, theme, SVG) or the print plugin, or keeps what the spec
drops. It also proves what the size trimming relies on: the frozen app prints (dialog and PDF)
with the system's CUPS and without any, loads the team catalog's driver and, where PostgreSQL is
installed, talks to a throwaway server. Takes about 2 minutes on 2 cores.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
IGNORED = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__",
                                 ".*_cache", ".hypothesis", "shots", "docs")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux bundle"),
]

MUST_HAVE = [
    "planner/data/VERSION", "planner/data/gpus/nvidia-geforce.toml", "planner/data/__init__.py",
    "planner/resources/i18n/planner_zh_CN.qm", "planner/resources/icons/app.svg",
    "planner/examples/workstation-4x4090.gpubuild",
    "planner/catalog/migrations/env.py", "planner/catalog/migrations/script.py.mako",
    "planner/catalog/migrations/versions/r0001_initial.py",
    "PySide6/Qt/translations/qtbase_zh_CN.qm",
    "PySide6/Qt/plugins/printsupport/libcupsprintersupport.so",
    "PySide6/Qt/plugins/platforms/libqxcb.so", "PySide6/Qt/plugins/platforms/libqwayland.so",
    "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
    "PySide6/Qt/plugins/imageformats/libqsvg.so", "PySide6/Qt/plugins/iconengines/libqsvgicon.so",
    "PySide6/Qt/lib/libQt6PrintSupport.so.6", "PySide6/Qt/lib/libQt6OpenGL.so.6",
]
MUST_NOT_HAVE = [
    "PySide6/Qt/lib/libQt6Quick.so.6", "PySide6/Qt/lib/libQt6Qml.so.6",
    "PySide6/Qt/translations/qtbase_de.qm", "PySide6/Qt/plugins/platforms/libqeglfs.so",
    "PySide6/Qt/plugins/tls", "PySide6/Qt/plugins/generic", "PySide6/Qt/qml",
    # numpy parts the app never loads, and dev-only readers the tests use
    "numpy/random", "numpy/fft", "yaml", "pypdf",
]


def _run(cmd: list[str], env: dict[str, str], **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600,
                          **kw)  # type: ignore[call-overload]


def test_linux_bundle_builds_passes_self_test_and_installs(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    shutil.copytree(ROOT, tree, ignore=IGNORED)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    built = _run([sys.executable, "packaging/build.py"], env, cwd=tree)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    bundle = tree / "dist" / "gpu-planner"
    program = bundle / "gpu-planner"
    assert program.is_file() and os.access(program, os.X_OK)
    internal = bundle / "_internal"
    # PyInstaller (6.22 with PySide6 6.11) may put Qt's libraries at the top of _internal
    # rather than under PySide6/Qt/lib: either place is the library shipped.
    missing = [p for p in MUST_HAVE if not (internal / p).exists() and not (
        "/Qt/lib/" in p and (internal / Path(p).name).exists())]
    assert not missing, f"missing from the bundle: {missing}"
    kept = [p for p in MUST_NOT_HAVE if (internal / p).exists()]
    assert not kept, f"should have been left out: {kept}"
    # numpy's OpenBLAS ships (in numpy.libs/ or at the top, as PyInstaller decides) and is
    # never stripped (strip corrupts it: the self-test below would fail to import numpy).
    assert list(internal.rglob("libscipy_openblas*.so*"))

    # The frozen app, run from outside the tree, with no source on any path.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    test = _run([str(program), "--self-test"], env, cwd=elsewhere)
    log = test.stdout + test.stderr
    assert test.returncode == 0, log
    assert "Traceback" not in log and "ModuleNotFoundError" not in log, log
    assert test.stdout.startswith("self-test passed: "), log
    _prints_and_loads_the_team_driver(test.stdout, internal)
    _needs_no_bundled_cups(internal)
    _prints_without_the_systems_cups(program, env, elsewhere)
    _talks_to_a_team_server(program, env, tmp_path)

    # The installer: the tarball beside the bundle, installed per user in a throwaway HOME.
    (tarball,) = (tree / "dist").glob("gpu-planner-*-linux-*.tar.gz")
    unpacked = tmp_path / "unpacked"
    with tarfile.open(tarball) as tar:
        tar.extractall(unpacked, filter="tar")
    home = tmp_path / "home"
    home.mkdir()
    user_env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                "LANG": "C.UTF-8"}
    installed = _run(["sh", str(unpacked / "gpu-planner" / "install.sh")], user_env)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    local = home / ".local"
    desktop = local / "share" / "applications" / "gpu-build-planner.desktop"
    # Quoted, so a HOME with a space works (tests/test_packaging_linux_install.py)
    assert f'Exec="{local}/lib/gpu-build-planner/gpu-planner" %F' in desktop.read_text()
    if shutil.which("desktop-file-validate"):
        valid = _run(["desktop-file-validate", str(desktop)], user_env)
        assert valid.returncode == 0, valid.stdout + valid.stderr
    if shutil.which("xdg-mime"):
        query = _run(["xdg-mime", "query", "default", "application/x-gpubuild"], user_env)
        assert query.stdout.strip() == "gpu-build-planner.desktop", query.stdout + query.stderr
    if shutil.which("update-mime-database"):
        globs = (local / "share" / "mime" / "globs2").read_text()
        assert "application/x-gpubuild:*.gpubuild" in globs
    check = _run([sys.executable, "-c", (
        "import sys; from PySide6.QtCore import QMimeDatabase; "
        "print(QMimeDatabase().mimeTypeForFile(sys.argv[1]).name())"),
        str(ROOT / "examples" / "entry-level.gpubuild")],
        {**user_env, "XDG_DATA_HOME": str(local / "share")})
    assert check.stdout.strip() == "application/x-gpubuild", check.stdout + check.stderr

    # What a double-click runs: the installed copy (through the command link), not the tree.
    shutil.rmtree(tree / "dist")
    again = _run([str(local / "bin" / "gpu-planner"), "--self-test"], user_env, cwd=home)
    assert again.returncode == 0 and again.stdout.startswith("self-test passed: "), (
        again.stdout + again.stderr)

    removed = _run(["sh", str(local / "lib" / "gpu-build-planner" / "install.sh"),
                    "--uninstall"], user_env)
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert not (local / "lib" / "gpu-build-planner").exists()
    assert not desktop.exists() and not (local / "bin" / "gpu-planner").exists()
    ours = [p for p in home.rglob("*") if "gpu-build-planner" in p.name or "gpubuild" in p.name]
    assert ours == [], ours


def _prints_and_loads_the_team_driver(line: str, internal: Path) -> None:
    """The self-test line: print dialog, where CUPS came from, the team driver's libpq."""
    assert "print dialog ok" in line, line
    if Path("/proc/self/maps").exists() and _system_cups() is not None:
        # The plugin loaded the system's libcups, not a copy in the bundle.
        assert re.search(r"CUPS /\S+/libcups\.so\.2 \(\d+ printers\)", line), line
        assert str(internal) not in line
    if importlib.util.find_spec("psycopg_binary") is not None:
        # libpq and the OpenSSL it links travel in psycopg_binary.libs; dropping them by name
        # once made "no pq wrapper available" in the frozen app.
        assert "team driver psycopg " in line and "(binary, libpq " in line, line
        assert list(internal.rglob("psycopg_binary.libs/libssl-*.so*")), "libpq's OpenSSL"


def _elf_needed(internal: Path) -> dict[str, set[str]]:
    """Every shared object in the bundle and the sonames it needs (readelf -d)."""
    needed: dict[str, set[str]] = {}
    for path in internal.rglob("*"):
        if path.is_symlink() or not path.is_file() or ".so" not in path.name:
            continue
        out = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True).stdout
        needed[path.relative_to(internal).as_posix()] = set(re.findall(r"NEEDED.*\[(.+?)\]", out))
    return needed


def _needs_no_bundled_cups(internal: Path) -> None:
    """CUPS and what only it brings are left to the system; nothing else in the bundle needs it."""
    spec = importlib.util.spec_from_file_location("bundle_config_for_cups",
                                                  ROOT / "packaging" / "bundle_config.py")
    assert spec is not None and spec.loader is not None
    bc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bc)

    kept = sorted(p.name for p in internal.rglob("*") if p.name in bc.SYSTEM_CUPS)
    assert kept == [], f"in the bundle although the system provides them: {kept}"
    if not shutil.which("readelf"):
        return
    users = {(f, lib) for f, libs in _elf_needed(internal).items() for lib in libs
             if lib in bc.SYSTEM_CUPS}
    assert users == {("PySide6/Qt/plugins/printsupport/libcupsprintersupport.so",
                      "libcups.so.2")}, users


def _system_cups() -> Path | None:
    for folder in ("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64",
                   "/usr/lib"):
        if (Path(folder) / "libcups.so.2").exists():
            return (Path(folder) / "libcups.so.2").resolve()
    return None


def _prints_without_the_systems_cups(program: Path, env: dict[str, str], cwd: Path) -> None:
    """On a Linux without libcups the sheet still prints to PDF and the print dialog opens.

    The print plugin then does not load. The system's copy is hidden in a private mount
    namespace (needs root and unshare; left out otherwise, as on a developer's machine).
    """
    cups = _system_cups()
    if cups is None or os.geteuid() != 0 or not shutil.which("unshare"):
        return
    hidden = _run(["unshare", "--mount", "sh", "-c",
                   f'mount --bind /dev/null "{cups}" && exec "{program}" --self-test'], env,
                  cwd=cwd)
    assert hidden.returncode == 0, hidden.stdout + hidden.stderr[-3000:]
    assert "print dialog ok, no CUPS (PDF only)" in hidden.stdout, hidden.stdout


def _talks_to_a_team_server(program: Path, env: dict[str, str], tmp: Path) -> None:
    """The frozen app connects to a throwaway PostgreSQL, sets up the team schema and syncs."""
    if importlib.util.find_spec("psycopg") is None:
        return
    from tests.team.pg_cluster import SUPERUSER, find_bindir, remove_cluster, start_cluster

    if find_bindir() is None:
        return
    cluster = start_cluster()
    try:
        cluster.create_database("frozen")
        team_env = {**env, "GPU_PLANNER_DATABASE_URL": cluster.url(SUPERUSER, "frozen"),
                    "PGPASSFILE": str(cluster.pgpass),
                    "GPU_PLANNER_DATA_DIR": str(tmp / "team-user")}
        status = _run([str(program), "team", "status", "--json"], team_env, cwd=tmp)
        assert status.returncode == 0, status.stdout + status.stderr[-3000:]
        answer = json.loads(status.stdout)
        assert (answer["server"], answer["problem"]) == ("online", None), answer
        synced = _run([str(program), "team", "sync"], team_env, cwd=tmp)
        assert synced.returncode == 0, synced.stdout + synced.stderr[-3000:]
        assert synced.stdout.startswith("Synced with the team: "), synced.stdout
    finally:
        remove_cluster(cluster)
