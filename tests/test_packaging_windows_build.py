"""The real Windows build: what guards it here, and the build itself under Wine on request.

``tools/windows-build-under-wine`` (packaging/wine/under_wine.py) freezes, tests, installs and
removes the real app under Wine in about 12 minutes, so the suite runs it only when
``GPU_PLANNER_WINDOWS_CHECK=1``. The fast tests check what keeps that build honest: the
installer step refuses anything but a Windows x64 bundle, and the check that no Wine test shim or
Wine system DLL ships finds one wherever it hides.
"""

from __future__ import annotations

import importlib.util
import os
import struct
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _module(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _pe(machine: int) -> bytes:
    """A minimal PE header: MZ, the offset at 0x3C, PE\\0\\0 and the machine type."""
    head = bytearray(0x100)
    head[:2] = b"MZ"
    struct.pack_into("<I", head, 0x3C, 0x80)
    head[0x80:0x84] = b"PE\0\0"
    struct.pack_into("<H", head, 0x84, machine)
    return bytes(head)


def _installer_from(bundle: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "packaging" / "build.py"),
                           "--windows-installer-from", str(bundle), "--dist",
                           str(tmp_path / "dist"), "--work", str(tmp_path / "work")],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(("files", "said"), [
    # the Linux bundle: same folder name, an ELF program without .exe
    ({"gpu-planner": b"\x7fELF\x02\x01\x01" + bytes(57)}, "holds a Linux or macOS program"),
    ({"gpu-planner.exe": b"\x7fELF\x02\x01\x01" + bytes(57)}, "is not a Windows program"),
    ({"gpu-planner.exe": _pe(0x14C)}, "not built for x64 (machine type 0x14c)"),  # i386
    ({"gpu-planner.exe": _pe(0xAA64)}, "not built for x64 (machine type 0xaa64)"),  # ARM64
])
def test_installer_refuses_anything_but_a_windows_x64_bundle(
        tmp_path: Path, files: dict[str, bytes], said: str) -> None:
    bundle = tmp_path / "gpu-planner"
    (bundle / "_internal").mkdir(parents=True)
    for name, data in files.items():
        (bundle / name).write_bytes(data)
    done = _installer_from(bundle, tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert said in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1  # one sentence, no traceback
    assert not (tmp_path / "dist").exists() or not list((tmp_path / "dist").iterdir())


def test_a_windows_x64_bundle_is_accepted(tmp_path: Path) -> None:
    build = _module("gpu_planner_build", ROOT / "packaging" / "build.py")
    bundle = tmp_path / "gpu-planner"
    bundle.mkdir()
    (bundle / "gpu-planner.exe").write_bytes(_pe(0x8664))
    assert build.windows_bundle_problem(bundle) is None
    assert build.pe_machine(bundle / "gpu-planner.exe") == 0x8664


def test_no_wine_shim_or_wine_system_dll_may_ship(tmp_path: Path) -> None:
    wine = _module("gpu_planner_under_wine", ROOT / "packaging" / "wine" / "under_wine.py")
    bundle = tmp_path / "gpu-planner"
    kept = ["gpu-planner.exe", "_internal/python311.dll", "_internal/VCRUNTIME140.dll",
            "_internal/PySide6/Qt6Core.dll", "_internal/numpy.libs/msvcp140-abc.dll"]
    shipped_by_mistake = ["_internal/ICUUC.dll", "_internal/PySide6/bcryptprimitives.dll",
                          "_internal/ucrtbase.dll", "_internal/api-ms-win-crt-math-l1-1-0.dll",
                          "_internal/sitecustomize.py"]
    for rel in kept + shipped_by_mistake:
        (bundle / rel).parent.mkdir(parents=True, exist_ok=True)
        (bundle / rel).write_bytes(b"x")
    assert wine.forbidden_files(bundle) == sorted(shipped_by_mistake)
    for rel in shipped_by_mistake:
        (bundle / rel).unlink()
    assert wine.forbidden_files(bundle) == []


def test_the_registered_open_command_splits_as_windows_does() -> None:
    wine = _module("gpu_planner_under_wine", ROOT / "packaging" / "wine" / "under_wine.py")
    command = '"C:\\users\\a b\\Programs\\GPU Build Planner\\gpu-planner.exe" "%1"'
    assert wine.split_command(command) == [
        "C:\\users\\a b\\Programs\\GPU Build Planner\\gpu-planner.exe", "%1"]


def test_the_windows_wheels_are_pinned_to_what_the_suite_runs() -> None:
    import importlib.metadata as md

    if importlib.util.find_spec("psycopg_binary") is None:
        pytest.skip("the team extra (psycopg[binary], a dev dependency) is not installed here, "
                    "and the Windows build bundles it")
    wine = _module("gpu_planner_under_wine", ROOT / "packaging" / "wine" / "under_wine.py")
    pins = dict(p.split("==") for p in wine.pinned_requirements())
    assert pins["PySide6-Essentials"] == md.version("PySide6-Essentials")
    assert pins["numpy"] == md.version("numpy")
    assert pins["pyinstaller"] == md.version("pyinstaller")
    assert pins["psycopg-binary"] == md.version("psycopg-binary")
    # Windows-only (pip evaluates markers for the host, so these are named): PyInstaller's
    # pefile and pywin32-ctypes, psycopg's tzdata.
    assert {"pefile", "pywin32-ctypes", "tzdata"} <= set(pins)
    # The list is installed as it is (--no-deps): every requirement of a pinned project that
    # applies on Windows is pinned too, except setuptools, which PyInstaller never imports.
    from packaging.requirements import Requirement

    names = {n.lower().replace("_", "-") for n in pins}
    windows = {"sys_platform": "win32", "platform_system": "Windows", "os_name": "nt",
               "python_version": "3.11", "implementation_name": "cpython",
               "platform_machine": "AMD64", "extra": ""}
    missing = set()
    for name in pins:
        try:
            requires = md.requires(name) or []
        except md.PackageNotFoundError:  # the Windows-only ones, which need nothing further
            continue
        for line in requires:
            req = Requirement(line)
            applies = req.marker is None or req.marker.evaluate(windows)
            if applies and req.name.lower().replace("_", "-") not in names:
                missing.add(f"{name} needs {req.name}")
    assert missing == {"pyinstaller needs setuptools"}, missing


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("GPU_PLANNER_WINDOWS_CHECK") != "1",
                    reason="the real Windows build under Wine takes 12-40 min: "
                           "GPU_PLANNER_WINDOWS_CHECK=1 runs it")
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Wine runs it on Linux")
def test_real_windows_build_under_wine() -> None:
    done = subprocess.run([str(ROOT / "tools" / "windows-build-under-wine")],
                          capture_output=True, text=True, timeout=5400,
                          env=os.environ | {"PYTHON": sys.executable})
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    assert done.returncode == 0, summary + "\n" + done.stderr[-4000:]
    assert summary.startswith("windows-build-under-wine: PASSED")


def test_windows_bundle_drops_the_software_opengl_fallback() -> None:
    bc = _module("bundle_config_for_trim", ROOT / "packaging" / "bundle_config.py")
    assert not bc.keep_qt_file("PySide6/opengl32sw.dll")
    assert not bc.keep_qt_file("_internal/PySide6/OPENGL32SW.DLL")
    # What the app does draw with stays: Qt's OpenGL module (pyqtgraph imports it) and the
    # Windows platform plugin.
    assert bc.keep_qt_file("PySide6/Qt6OpenGL.dll")
    assert bc.keep_qt_file("PySide6/plugins/platforms/qwindows.dll")


def test_strip_leaves_wheels_vendored_libraries_alone(tmp_path: Path) -> None:
    bc = _module("bundle_config_for_strip", ROOT / "packaging" / "bundle_config.py")
    internal = tmp_path / "_internal"
    (internal / "numpy.libs").mkdir(parents=True)
    (internal / "PySide6").mkdir()
    names = ["libscipy_openblas64_-32a4b2a6.so", "libgfortran-040039e1-0352e75f.so.5.0.0",
             "numpy.libs/libquadmath-96973f99-934c22de.so.0.0.0", "libQt6Core.so.6",
             "PySide6/QtCore.abi3.so", "libssl-dev-notes.txt"]
    for name in names:
        (internal / name).write_bytes(b"\x7fELF")
    stripped = sorted(p.relative_to(internal).as_posix() for p in bc.strip_candidates(internal))
    assert stripped == ["PySide6/QtCore.abi3.so", "libQt6Core.so.6"]
