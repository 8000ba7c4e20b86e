"""Build the frozen app and its installer for the platform this runs on.

    python packaging/build.py                 # bundle + installer, in dist/
    python packaging/build.py --no-installer  # the bundle only

Leaves the program at ``dist/gpu-planner/gpu-planner`` (``.exe`` on Windows; on macOS also
``dist/GPU Build Planner.app``) and beside it the installer:

* Linux: ``gpu-planner-<version>-linux-<arch>.tar.gz`` (the bundle with ``install.sh``, which
  installs per user under ``~/.local`` with a menu entry and the ``.gpubuild`` association);
* Windows: ``gpu-planner-<version>-windows-x64-setup.exe`` (NSIS, per user; the release
  workflow compiles it on Linux with ``--windows-installer-from``, see installer.nsi);
* macOS: ``gpu-planner-<version>-macos-<arch>.dmg``, signed and notarised when the signing
  secrets are in the environment (``MACOS_SIGN_IDENTITY``; for notarisation also
  ``APPLE_ID``, ``APPLE_TEAM_ID``, ``APPLE_APP_PASSWORD``), otherwise unsigned with a warning.

Prints the bundle's size. See packaging/README.md for what is verified where.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import struct
import subprocess
import sys
import tarfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import bundle_config as bc  # noqa: E402

ROOT = bc.ROOT


def folder_size(path: Path) -> int:
    """Bytes of every file under ``path`` (symlinks not followed)."""
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def freeze(dist: Path, work: Path, log_level: str = "WARN") -> Path:
    """Run PyInstaller on the spec; returns the onedir bundle folder."""
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
                    "--log-level", log_level, "--distpath", str(dist), "--workpath", str(work),
                    str(HERE / "gpu-planner.spec")], check=True, cwd=ROOT)
    return dist / bc.program_name()


def _arch() -> str:
    machine = platform.machine().lower()
    return {"amd64": "x86_64", "aarch64": "arm64"}.get(machine, machine)


# -- Linux ------------------------------------------------------------------------------------


def linux_package(bundle: Path, dist: Path, icons: Path) -> Path:
    """Add install.sh and the desktop integration files to the bundle and tar it."""
    share = bundle / "share"
    share.mkdir(exist_ok=True)
    for name in ("gpu-build-planner.desktop.in", "gpu-build-planner-mime.xml"):
        shutil.copy2(HERE / "linux" / name, share / name)
    shutil.copy2(ROOT / "resources" / "icons" / "app.svg", share / "app.svg")
    shutil.copy2(bc.ICONS / "gpubuild-document.svg", share / "gpubuild-document.svg")
    shutil.copy2(icons / "app-256.png", share / "app-256.png")
    shutil.copy2(icons / "gpubuild-document-256.png", share / "gpubuild-document-256.png")
    shutil.copy2(HERE / "linux" / "install.sh", bundle / "install.sh")
    (bundle / "install.sh").chmod(0o755)
    out = dist / f"{bc.program_name()}-{bc.version()}-linux-{_arch()}.tar.gz"
    with tarfile.open(out, "w:gz", compresslevel=6) as tar:
        tar.add(bundle, arcname=bundle.name)
    return out


# -- Windows ----------------------------------------------------------------------------------


def _nsis_path(path: Path) -> str:
    return str(path).replace("/", "\\")


def nsis_file_lists(payload: Path, out: Path) -> tuple[Path, Path]:
    """Write the payload's File commands and the matching removal commands for the uninstaller.

    Listing each file (rather than ``File /r`` and ``RMDir /r``) is what lets the uninstaller
    remove exactly what was installed: a folder is removed only if it is empty afterwards.
    """
    install, remove = [], []
    folders = sorted({p.parent for p in payload.rglob("*") if p.is_file()} | {payload},
                     key=lambda p: (len(p.parts), str(p)))
    for folder in folders:
        rel = folder.relative_to(payload)
        target = "$INSTDIR" if rel == Path(".") else f"$INSTDIR\\{_nsis_path(rel)}"
        files = sorted(p for p in folder.iterdir() if p.is_file())
        if not files:
            continue
        install.append(f'SetOutPath "{target}"')
        for f in files:
            install.append(f'File "{f}"')
            remove.append(f'Delete "{target}\\{f.name}"')
    all_dirs = sorted({p for p in payload.rglob("*") if p.is_dir()},
                      key=lambda p: len(p.parts), reverse=True)
    remove += [f'RMDir "$INSTDIR\\{_nsis_path(d.relative_to(payload))}"' for d in all_dirs]
    out.mkdir(parents=True, exist_ok=True)
    files_nsh, remove_nsh = out / "files.nsh", out / "remove.nsh"
    files_nsh.write_text("\n".join(install) + "\n", encoding="utf-8")
    remove_nsh.write_text("\n".join(remove) + "\n", encoding="utf-8")
    return files_nsh, remove_nsh


def pe_machine(path: Path) -> int | None:
    """The machine type of a Windows executable (0x8664 for x64), None if it is not one."""
    try:
        with path.open("rb") as fh:
            head = fh.read(4096)
    except OSError:
        return None
    if head[:2] != b"MZ" or len(head) < 0x40:
        return None
    (offset,) = struct.unpack_from("<I", head, 0x3C)
    if offset + 6 > len(head) or head[offset:offset + 4] != b"PE\0\0":
        return None
    (machine,) = struct.unpack_from("<H", head, offset + 4)
    return int(machine)


def windows_bundle_problem(bundle: Path) -> str | None:
    """Why ``bundle`` is not a Windows x64 bundle to wrap in the installer, or None if it is.

    Guards ``--windows-installer-from``: given the Linux bundle (same folder name), makensis
    would happily wrap an ELF program that no Windows can start.
    """
    exe = bundle / f"{bc.program_name()}.exe"
    if not bundle.is_dir():
        return f"{bundle} is not a folder."
    if not exe.is_file():
        found = " (it holds a Linux or macOS program)" if (bundle / bc.program_name()).is_file() \
            else ""
        return f"{bundle} is not a Windows bundle: it has no {exe.name}{found}."
    machine = pe_machine(exe)
    if machine is None:
        return f"{exe} is not a Windows program."
    if machine != 0x8664:
        return f"{exe} is not built for x64 (machine type {machine:#x})."
    return None


def windows_installer(payload: Path, dist: Path, icons: Path, work: Path,
                      makensis: str = "makensis") -> Path:
    """Compile the NSIS installer around ``payload`` (the onedir bundle)."""
    files_nsh, remove_nsh = nsis_file_lists(payload, work / "nsis")
    dist.mkdir(parents=True, exist_ok=True)
    out = dist / f"{bc.program_name()}-{bc.version()}-windows-x64-setup.exe"
    flag = "/" if sys.platform == "win32" else "-"
    defines = {"VERSION": bc.version(), "OUTFILE": str(out), "APPICON": str(icons / "app.ico"),
               "DOCICON": str(icons / "gpubuild-document.ico"), "FILES": str(files_nsh),
               "REMOVE": str(remove_nsh)}
    if os.environ.get("NSIS_TARGET"):  # x86-unicode with the official Windows NSIS
        defines["TARGET"] = os.environ["NSIS_TARGET"]
    cmd = [makensis, f"{flag}V2", *(f"{flag}D{k}={v}" for k, v in defines.items()),
           str(HERE / "windows" / "installer.nsi")]
    subprocess.run(cmd, check=True)
    return out


# -- macOS ------------------------------------------------------------------------------------


def _sign_and_notarise(app: Path, dmg: Path) -> None:
    """Sign the .dmg and have Apple notarise it; the spec already signed the app inside.

    Without the secrets this warns and goes on: a local build or a fork's CI still gets a .dmg.
    """
    identity = os.environ.get("MACOS_SIGN_IDENTITY", "").strip()
    if not identity:
        print("WARNING: MACOS_SIGN_IDENTITY is not set: the app and .dmg are NOT signed or "
              "notarised (Gatekeeper will warn on first open).", file=sys.stderr)
        return
    subprocess.run(["codesign", "--verify", "--deep", "--strict", str(app)], check=True)
    subprocess.run(["codesign", "--force", "--timestamp", "--sign", identity, str(dmg)],
                   check=True)
    creds = [os.environ.get(k, "").strip()
             for k in ("APPLE_ID", "APPLE_TEAM_ID", "APPLE_APP_PASSWORD")]
    if not all(creds):
        print("WARNING: APPLE_ID / APPLE_TEAM_ID / APPLE_APP_PASSWORD not all set: the .dmg is "
              "signed but NOT notarised.", file=sys.stderr)
        return
    subprocess.run(["xcrun", "notarytool", "submit", str(dmg), "--apple-id", creds[0],
                    "--team-id", creds[1], "--password", creds[2], "--wait"], check=True)
    subprocess.run(["xcrun", "stapler", "staple", str(dmg)], check=True)


def macos_dmg(dist: Path) -> Path:
    """Wrap the .app in a compressed .dmg, then sign and notarise it when the secrets are set."""
    app = dist / f"{bc.DISPLAY_NAME}.app"
    out = dist / f"{bc.program_name()}-{bc.version()}-macos-{_arch()}.dmg"
    out.unlink(missing_ok=True)
    subprocess.run(["hdiutil", "create", "-volname", bc.DISPLAY_NAME, "-srcfolder", str(app),
                    "-fs", "HFS+", "-format", "UDZO", "-ov", str(out)], check=True)
    _sign_and_notarise(app, out)
    return out


def main() -> int:
    """Build the bundle and, unless told not to, the installer; print what was made."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller")
    parser.add_argument("--no-installer", action="store_true", help="build the bundle only")
    parser.add_argument("--log-level", default="WARN",
                        help="PyInstaller's log level (INFO shows where the freeze spends time)")
    parser.add_argument("--windows-installer-from", type=Path, metavar="BUNDLE",
                        help="compile only the Windows installer around a Windows bundle "
                             "folder (on any platform with makensis)")
    args = parser.parse_args()
    dist, work = args.dist.resolve(), args.work.resolve()
    if args.windows_installer_from:
        problem = windows_bundle_problem(args.windows_installer_from.resolve())
        if problem:
            print(f"build.py: {problem}", file=sys.stderr)
            return 2
        icons = bc.render_icons(work / "icons")["app.ico"].parent
        made = windows_installer(args.windows_installer_from.resolve(), dist, icons, work,
                                 makensis=os.environ.get("MAKENSIS", "makensis"))
        print(f"installer: {made} ({made.stat().st_size / 1e6:.1f} MB)")
        return 0
    t0 = time.perf_counter()
    bundle = freeze(dist, work, args.log_level)
    print(f"bundle: {bundle} ({folder_size(bundle) / 1e6:.1f} MB, "
          f"frozen in {time.perf_counter() - t0:.0f} s)")
    if args.no_installer:
        return 0
    icons = bc.render_icons(work / "icons")["app.ico"].parent  # as the spec renders them
    if sys.platform.startswith("linux"):
        made = linux_package(bundle, dist, icons)
    elif sys.platform == "win32":
        made = windows_installer(bundle, dist, icons, work, makensis=os.environ.get(
            "MAKENSIS", "makensis"))
    elif sys.platform == "darwin":
        made = macos_dmg(dist)
    else:
        print(f"no installer for {sys.platform}", file=sys.stderr)
        return 1
    print(f"installer: {made} ({made.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
