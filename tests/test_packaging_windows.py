"""The Windows installer: compiled by makensis around a stand-in payload, run under Wine.

The real Windows bundle is built on the Windows release runner; here the NSIS script itself is
checked: it compiles for amd64 (an x86 installer "succeeds" under a 64-bit-only Wine and installs
nothing), installs per user without asking anything, registers ``.gpubuild`` under
HKCU\\Software\\Classes with the document icon and the open command, makes a Start-menu
shortcut, and its uninstaller removes exactly what it wrote.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROGID = "GPUBuildPlanner.gpubuild"

pytestmark = pytest.mark.skipif(shutil.which("makensis") is None,
                                reason="makensis (Debian's nsis) is not installed")


def _build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gpu_planner_build", ROOT / "packaging" /
                                                  "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def installer(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("nsis")
    payload = work / "payload"
    (payload / "_internal" / "PySide6").mkdir(parents=True)
    (payload / "gpu-planner.exe").write_bytes(b"MZ stand-in for the frozen program")
    (payload / "_internal" / "base_library.zip").write_bytes(b"stand-in")
    (payload / "_internal" / "PySide6" / "Qt6Core.dll").write_bytes(b"stand-in")
    build = _build_module()
    icons = build.bc.render_icons(work / "icons")["app.ico"].parent
    return Path(build.windows_installer(payload, work / "dist", icons, work / "build"))


def test_installer_compiles_for_amd64(installer: Path) -> None:
    data = installer.read_bytes()
    assert data[:2] == b"MZ"
    (pe_offset,) = struct.unpack_from("<I", data, 0x3C)
    assert data[pe_offset:pe_offset + 4] == b"PE\0\0"
    (machine,) = struct.unpack_from("<H", data, pe_offset + 4)
    assert machine == 0x8664, f"installer machine type {machine:#x}, not AMD64"
    assert installer.name == "gpu-planner-0.1.0-windows-x64-setup.exe"


def test_uninstall_list_matches_install_list(tmp_path: Path) -> None:
    payload = tmp_path / "p"
    (payload / "a" / "b").mkdir(parents=True)
    for name in ("x.exe", "a/y.dll", "a/b/z.qm"):
        (payload / name).write_text(name)
    files_nsh, remove_nsh = _build_module().nsis_file_lists(payload, tmp_path / "out")
    installed = [line.split('"')[1] for line in files_nsh.read_text().splitlines()
                 if line.startswith("File ")]
    removed = [line.split('"')[1] for line in remove_nsh.read_text().splitlines()]
    assert sorted(Path(p).name for p in installed) == ["x.exe", "y.dll", "z.qm"]
    assert removed == ["$INSTDIR\\x.exe", "$INSTDIR\\a\\y.dll", "$INSTDIR\\a\\b\\z.qm",
                       "$INSTDIR\\a\\b", "$INSTDIR\\a"]


def _wine_env(prefix: Path, home: Path) -> dict[str, str]:
    """Wine in a throwaway prefix and HOME, with winemenubuilder off.

    Without both, the installer's Start-menu shortcut and file association would become
    ``wine-*.desktop`` menu entries and MIME associations in the real user's HOME.
    """
    env = {k: v for k, v in os.environ.items()
           if k != "DISPLAY" and not k.startswith(("XDG_", "WINE"))}
    return env | {"WINEPREFIX": str(prefix), "WINEDEBUG": "-all", "HOME": str(home),
                  # no Mono/Gecko prompts; no menu entries or associations outside the prefix
                  "WINEDLLOVERRIDES": "mscoree,mshtml=;winemenubuilder.exe=d"}


def test_wine_runs_with_a_throwaway_home_and_no_menu_builder(tmp_path: Path) -> None:
    env = _wine_env(tmp_path / "wine", tmp_path / "home")
    overrides = dict(part.split("=") for part in env["WINEDLLOVERRIDES"].split(";"))
    assert overrides["winemenubuilder.exe"] == "d"  # disabled
    assert env["HOME"] == str(tmp_path / "home") != os.environ.get("HOME")
    assert not any(k.startswith("XDG_") for k in env)  # XDG_DATA_HOME would point back home


def _reg(env: dict[str, str], key: str, value: str | None = None) -> str | None:
    args = ["wine", "reg", "query", key] + (["/v", value] if value else ["/ve"])
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        return None
    for line in done.stdout.splitlines():
        if "REG_SZ" in line:
            return line.split("REG_SZ", 1)[1].strip()
    return ""


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("wine") is None, reason="wine is not installed")
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Wine runs the test on Linux")
def test_installs_associates_and_uninstalls_cleanly_under_wine(installer: Path,
                                                               tmp_path: Path) -> None:
    prefix = tmp_path / "wine"
    home = tmp_path / "home"
    home.mkdir()
    env = _wine_env(prefix, home)
    try:
        subprocess.run(["wine", "wineboot", "--init"], env=env, capture_output=True,
                       timeout=300, check=True)
        subprocess.run(["wineserver", "-w"], env=env, timeout=300)
        users = prefix / "drive_c" / "users"
        (user,) = [p for p in users.iterdir() if p.name != "Public"]
        installed = user / "AppData" / "Local" / "Programs" / "GPU Build Planner"
        shortcut = (user / "AppData" / "Roaming" / "Microsoft" / "Windows" / "Start Menu" /
                    "Programs" / "GPU Build Planner.lnk")

        subprocess.run(["wine", str(installer), "/S"], env=env, capture_output=True,
                       timeout=300, check=True)
        subprocess.run(["wineserver", "-w"], env=env, timeout=300)
        assert (installed / "gpu-planner.exe").read_bytes().startswith(b"MZ stand-in")
        assert (installed / "_internal" / "PySide6" / "Qt6Core.dll").is_file()
        assert (installed / "uninstall.exe").is_file()
        assert shortcut.is_file()
        win_dir = "C:\\users\\" + user.name + "\\AppData\\Local\\Programs\\GPU Build Planner"
        classes = "HKCU\\Software\\Classes"
        assert _reg(env, f"{classes}\\.gpubuild") == PROGID
        assert _reg(env, f"{classes}\\{PROGID}\\shell\\open\\command") == (
            f'"{win_dir}\\gpu-planner.exe" "%1"')
        assert _reg(env, f"{classes}\\{PROGID}\\DefaultIcon") == (
            f"{win_dir}\\gpubuild-document.ico")
        assert (installed / "gpubuild-document.ico").read_bytes()[:4] == b"\0\0\1\0"

        # A file the user put in the program folder is not the uninstaller's to delete.
        (installed / "_internal" / "my-notes.txt").write_text("mine")
        subprocess.run(["wine", str(installed / "uninstall.exe"), "/S"], env=env,
                       capture_output=True, timeout=300, check=True)
        subprocess.run(["wineserver", "-w"], env=env, timeout=300)
        left = sorted(p.relative_to(installed).as_posix() for p in installed.rglob("*"))
        assert left == ["_internal", "_internal/my-notes.txt"]
        assert not shortcut.exists()
        assert _reg(env, f"{classes}\\{PROGID}") is None
        assert _reg(env, f"{classes}\\.gpubuild") is None
        assert _reg(env, "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\"
                         "GPUBuildPlanner") is None
        # The Start-menu shortcut and the association stayed inside Wine: no menu entries.
        assert not list(home.rglob("*.desktop")), list(home.rglob("*.desktop"))
    finally:
        subprocess.run(["wineserver", "-k"], env=env, capture_output=True, timeout=60)
