"""install.sh on its own, with a stand-in program: quick, so it runs in every suite.

The whole chain with the real frozen app is tests/test_packaging_bundle.py (slow). Here: the menu
entry's ``Exec=`` still starts the program from a HOME whose path has a space (or a quote or a
dollar sign), and after ``--uninstall`` the icon cache no longer lists our icons.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINUX = ROOT / "packaging" / "linux"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="install.sh")


def _fake_bundle(folder: Path, marker: Path) -> Path:
    """The bundle's layout with a shell script as the program (it records its arguments)."""
    bundle = folder / "gpu-planner"
    share = bundle / "share"
    share.mkdir(parents=True)
    program = bundle / "gpu-planner"
    program.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{marker}"\n')
    program.chmod(0o755)
    for name in ("gpu-build-planner.desktop.in", "gpu-build-planner-mime.xml"):
        shutil.copy2(LINUX / name, share / name)
    shutil.copy2(ROOT / "resources" / "icons" / "app.svg", share / "app.svg")
    shutil.copy2(ROOT / "packaging" / "icons" / "gpubuild-document.svg",
                 share / "gpubuild-document.svg")
    png = bytes.fromhex("89504e470d0a1a0a")  # only copied, never decoded here
    (share / "app-256.png").write_bytes(png)
    (share / "gpubuild-document-256.png").write_bytes(png)
    shutil.copy2(LINUX / "install.sh", bundle / "install.sh")
    return bundle


def _user_env(home: Path) -> dict[str, str]:
    return {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}


def exec_words(value: str) -> list[str]:
    """Split an Exec= value as the Desktop Entry spec says a launcher must.

    First the string escapes of the file (``\\\\`` is one backslash), then the Exec quoting:
    a double-quoted argument may hold spaces, and inside it ``\\"``, ``\\``` ``, ``\\$`` and
    ``\\\\`` stand for the character after the backslash.
    """
    text, i, unescaped = value, 0, []
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            unescaped.append({"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
                             .get(text[i + 1], "\\" + text[i + 1]))
            i += 2
        else:
            unescaped.append(text[i])
            i += 1
    text = "".join(unescaped)
    words: list[str] = []
    word: list[str] | None = None
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            word = word if word is not None else []
            i += 1
            while text[i] != '"':
                if text[i] == "\\" and text[i + 1] in '"`$\\':
                    i += 1
                word.append(text[i])
                i += 1
            i += 1
        elif ch == " ":
            if word is not None:
                words.append("".join(word))
            word = None
            i += 1
        else:
            word = (word or []) + [ch]
            i += 1
    if word is not None:
        words.append("".join(word))
    return words


def test_exec_words_follow_the_spec() -> None:
    # Worked by hand from the spec's rules: the file's "\\\\" is one backslash after the string
    # escapes, and that backslash then escapes the character after it inside the quotes.
    assert exec_words('"/home/a b/gpu-planner" %F') == ["/home/a b/gpu-planner", "%F"]
    assert exec_words('"/h/a\\\\$b\\\\"c" %F') == ['/h/a$b"c', "%F"]
    assert exec_words("/usr/bin/gpu-planner %F") == ["/usr/bin/gpu-planner", "%F"]


@pytest.mark.parametrize("home_name", ["home with space", 'odd "home" $HOME `x` \\ & |'])
def test_menu_entry_starts_the_program_from_an_awkward_home(tmp_path: Path,
                                                           home_name: str) -> None:
    home = tmp_path / home_name
    home.mkdir()
    marker = tmp_path / "ran.txt"
    bundle = _fake_bundle(tmp_path / "unpacked", marker)
    done = subprocess.run(["sh", str(bundle / "install.sh")], env=_user_env(home),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    desktop = home / ".local" / "share" / "applications" / "gpu-build-planner.desktop"
    lines = desktop.read_text(encoding="utf-8").splitlines()
    (exec_value,) = [line.removeprefix("Exec=") for line in lines if line.startswith("Exec=")]
    (try_exec,) = [line.removeprefix("TryExec=") for line in lines if line.startswith("TryExec=")]
    program = home / ".local" / "lib" / "gpu-build-planner" / "gpu-planner"
    words = exec_words(exec_value)
    assert words == [str(program), "%F"]
    assert try_exec.replace("\\\\", "\\") == str(program)
    if shutil.which("desktop-file-validate"):
        valid = subprocess.run(["desktop-file-validate", str(desktop)], capture_output=True,
                               text=True)
        assert valid.returncode == 0, valid.stdout + valid.stderr
    # What a launcher does with a file: the %F field replaced by it, the program started.
    document = tmp_path / "my build.gpubuild"
    subprocess.run([words[0], str(document)], check=True, timeout=30)
    assert marker.read_text().splitlines() == [str(document)]


@pytest.mark.skipif(shutil.which("gtk-update-icon-cache") is None,
                    reason="gtk-update-icon-cache is not installed")
def test_uninstall_drops_our_icons_from_the_icon_cache(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    bundle = _fake_bundle(tmp_path / "unpacked", tmp_path / "ran.txt")
    env = _user_env(home)
    subprocess.run(["sh", str(bundle / "install.sh")], env=env, check=True,
                   capture_output=True, timeout=120)
    cache = home / ".local" / "share" / "icons" / "hicolor" / "icon-theme.cache"
    assert b"gpu-build-planner" in cache.read_bytes()
    installed = home / ".local" / "lib" / "gpu-build-planner" / "install.sh"
    subprocess.run(["sh", str(installed), "--uninstall"], env=env, check=True,
                   capture_output=True, timeout=120)
    # Without -f the cache, written in the same second as the removal, counts as up to date
    # and keeps naming our icons; rebuilt, it names none (with no icon left it is deleted).
    left = cache.read_bytes() if cache.exists() else b""
    assert b"gpu-build-planner" not in left
    assert b"application-x-gpubuild" not in left
