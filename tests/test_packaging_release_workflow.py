"""The release workflow, read as data: the runners it asks for can still run it, and it checks
what it must on each (the frozen --self-test everywhere, the installed app on Windows, the
keychain before signing). actionlint checks the syntax and the expressions when installed.

The runner labels are GitHub's hosted images as of late 2026: ``macos-13`` was retired in
December 2025 (its Intel successor is ``macos-15-intel``, hosted until August 2027), and a job
asking for a retired label waits for a runner forever, so ``publish`` never runs.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

yaml = pytest.importorskip("yaml")  # a dev dependency (pyproject.toml)

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
RETIRED = {"macos-10.15", "macos-11", "macos-12", "macos-13", "windows-2016", "windows-2019",
           "ubuntu-18.04", "ubuntu-20.04"}


@pytest.fixture(scope="module")
def workflow() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    return data


def _steps(job: dict[str, Any]) -> str:
    return "\n".join(str(step.get("run", "")) + str(step.get("if", "")) + str(step.get("name", ""))
                     for step in job["steps"])


def test_matrix_builds_each_platform_on_a_hosted_runner(workflow: dict[str, Any]) -> None:
    matrix = workflow["jobs"]["freeze"]["strategy"]["matrix"]["include"]
    by_name = {entry["name"]: entry for entry in matrix}
    assert set(by_name) == {"linux-x86_64", "windows-x64", "macos-arm64", "macos-x86_64"}
    assert by_name["macos-arm64"]["arch"] == "ARM64"
    assert by_name["macos-x86_64"] == {"name": "macos-x86_64", "os": "macos-15-intel",
                                       "arch": "X64"}
    assert by_name["windows-x64"]["os"].startswith("windows-")
    assert by_name["windows-x64"]["arch"] == "X64"
    labels = {entry["os"] for entry in matrix} | {
        job["runs-on"] for job in workflow["jobs"].values() if "matrix" not in job["runs-on"]}
    assert not labels & RETIRED, labels & RETIRED
    # The artifact's name must match the machine: the job checks RUNNER_ARCH against it.
    assert "RUNNER_ARCH" in _steps(workflow["jobs"]["freeze"])


def test_every_frozen_app_and_the_installed_windows_app_run_their_self_test(
        workflow: dict[str, Any]) -> None:
    freeze = _steps(workflow["jobs"]["freeze"])
    assert "--self-test" in freeze and "self-test passed" in freeze
    for os_name in ("Windows", "macOS"):
        assert f"{os_name})" in freeze  # the program's path on that OS
    installed = _steps(workflow["jobs"]["windows-installer-test"])
    assert "--self-test" in installed and "uninstall.exe" in installed
    assert workflow["jobs"]["windows-installer-test"]["runs-on"].startswith("windows-")


def test_signing_has_its_keychain_before_the_build_and_checks_the_seal(
        workflow: dict[str, Any]) -> None:
    names = [step.get("name", "") for step in workflow["jobs"]["freeze"]["steps"]]
    keychain = next(i for i, n in enumerate(names) if n.startswith("Signing keychain"))
    build = names.index("Freeze and build the installer")
    assert keychain < build
    script = workflow["jobs"]["freeze"]["steps"][keychain]["run"]
    assert "security import" in script and "set-key-partition-list" in script
    assert "codesign --verify --deep --strict" in _steps(workflow["jobs"]["freeze"])
    assert "LSMinimumSystemVersion" in _steps(workflow["jobs"]["freeze"])


def test_the_test_step_runs_no_posix_only_path(workflow: dict[str, Any]) -> None:
    step = next(s for s in workflow["jobs"]["freeze"]["steps"] if s.get("name") == "Test suite")
    assert "bin/python" not in step["run"] and step["run"].startswith("python -m pytest")


@pytest.mark.skipif(shutil.which("actionlint") is None, reason="actionlint is not installed")
def test_actionlint_finds_nothing() -> None:
    done = subprocess.run(["actionlint", str(WORKFLOW)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_no_binary_in_the_app_needs_a_newer_macos_than_it_promises(
        workflow: dict[str, Any]) -> None:
    freeze = _steps(workflow["jobs"]["freeze"])
    assert "bc.newest_macho_minimum(" in freeze and "needed <= floor" in freeze
