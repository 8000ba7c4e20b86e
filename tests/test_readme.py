"""README's commands run as written: the quick start's first step as root and as a user, and
every command-line example against the shipped examples (issue 18: the quick start failed as root
with `sudo: command not found`, and the examples named a build.gpubuild that does not exist)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _blocks() -> list[str]:
    return re.findall(r"```sh\n(.*?)```", README, flags=re.S)


def _start_command() -> str:
    return next(b for b in _blocks() if "apt-get install" in b).strip()


def _cli_lines() -> list[str]:
    block = next(b for b in _blocks() if "gpu-planner catalog" in b)
    return [line.split("  #")[0].strip() for line in block.splitlines() if line.strip()]


def _fake_bin(tmp_path: Path, names: list[str]) -> Path:
    """Stand-ins that log their arguments, so the install step runs without installing."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "calls.log"
    for name in names:
        tool = bin_dir / name
        if name == "sudo":  # a real sudo runs its arguments; so does this one
            tool.write_text(f'#!/bin/sh\necho "sudo $*" >> {log}\nexec "$@"\n')
        else:
            tool.write_text(f'#!/bin/sh\necho "{name} $*" >> {log}\n')
        tool.chmod(0o755)
    return bin_dir


@pytest.mark.parametrize("with_sudo", [False, True], ids=["root-without-sudo", "user-with-sudo"])
def test_the_start_commands_install_step_runs_with_or_without_sudo(tmp_path, with_sudo):
    """Everything up to the venv, with apt-get (and sudo) as logging stand-ins."""
    install = _start_command().split(" && python3 -m venv")[0]
    assert "apt-get install" in install
    names = ["apt-get"] + (["sudo"] if with_sudo else [])
    bin_dir = _fake_bin(tmp_path, names)
    # A PATH with the stand-ins and the shell's basics only: no real sudo can be found.
    path = f"{bin_dir}:{Path(shutil.which('sh') or '/bin/sh').parent}"
    result = subprocess.run(["bash", "-c", install], env={"PATH": path}, capture_output=True,
                            text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    calls = (tmp_path / "calls.log").read_text().splitlines()
    apt = [c for c in calls if c.startswith("apt-get")]
    assert apt[0] == "apt-get update" and apt[1].startswith("apt-get install -y python3-venv")
    assert "fonts-noto-cjk" in apt[1]
    assert any(c.startswith("sudo apt-get") for c in calls) == with_sudo


def test_the_start_command_is_valid_shell_and_opens_an_example():
    command = _start_command()
    assert subprocess.run(["bash", "-n", "-c", command], timeout=10).returncode == 0
    opened = shlex.split(command.rsplit("&&", 1)[1])
    assert opened[0] == "gpu-planner" and (ROOT / opened[1]).is_file()


def test_readme_names_the_examples_folder():
    for example in re.findall(r"examples/[\w-]+\.gpubuild", README):
        assert (ROOT / example).is_file(), example
    assert "`examples/`" in README


@pytest.fixture(scope="module")
def profile(tmp_path_factory):
    """One user folder for the module: its catalog is built by the first command, as a reader's."""
    return tmp_path_factory.mktemp("profile")


@pytest.mark.parametrize("line", _cli_lines(), ids=lambda s: " ".join(s.split()[:3]))
def test_every_command_line_example_runs_as_written(tmp_path, profile, line):
    """Run from a copy of the examples, the way a reader in the checkout would, headless."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    exe = Path(sys.executable).with_name("gpu-planner")
    args = shlex.split(line)
    assert args[0] == "gpu-planner"
    cmd = [str(exe), *args[1:]] if exe.exists() else [sys.executable, "-m", "planner", *args[1:]]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "GPU_PLANNER_DATA_DIR": str(profile)}
    result = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, f"{line}\n{result.stderr}"
    assert result.stdout.strip() or list(tmp_path.glob("*.pdf"))
