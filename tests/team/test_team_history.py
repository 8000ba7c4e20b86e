"""A shared build's history: every published version, who and when, and opening an older one.

Against the real test server: the example build is published, then a copy with other notes as
version 2; version 1 must come back byte for byte, from the command line and from Team Builds.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planner.catalog.store import open_store
from planner.cli.commands import run
from planner.documents.files import load_document
from planner.ui.team_builds import TeamBuildsDialog
from tests.team.pg_cluster import SUPERUSER, Cluster

SOURCE = Path(__file__).resolve().parents[2] / "examples" / "entry-level.gpubuild"


@pytest.fixture
def two_versions(pg: Cluster, team_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                 capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """Publish the example (version 1) and a copy with new notes (version 2): (url, name)."""
    url = pg.url(SUPERUSER, team_db)
    monkeypatch.setenv("GPU_PLANNER_DATABASE_URL", url)
    name = " ".join(load_document(SOURCE).study.build().name.split())
    assert run(["team", "push-build", str(SOURCE)]) == 0
    second = json.loads(SOURCE.read_text(encoding="utf-8"))
    second["notes"] = "Second thoughts: a used RTX 3090 instead."
    changed = tmp_path / "second.gpubuild"
    changed.write_text(json.dumps(second), encoding="utf-8")
    assert run(["team", "push-build", str(changed)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"Published “{name}” as version 2."
    return url, name


def test_the_command_line_lists_the_versions_and_pulls_an_older_one(
        two_versions: tuple[str, str], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    _url, name = two_versions
    assert run(["team", "builds", "--history", name, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(v["version"], v["author"]) for v in listed] == [(2, SUPERUSER), (1, SUPERUSER)]
    assert all(v["updated_at"] for v in listed)
    assert run(["team", "builds", "--history", name]) == 0
    assert [line.split()[:2] for line in capsys.readouterr().out.splitlines()] == [
        ["v2", SUPERUSER], ["v1", SUPERUSER]]
    old = tmp_path / "old.gpubuild"
    assert run(["team", "pull-build", name, "--version", "1", "--out", str(old)]) == 0
    assert old.read_bytes() == SOURCE.read_bytes()
    capsys.readouterr()
    assert run(["team", "pull-build", name, "--version", "7", "--out", str(old)]) == 2
    assert capsys.readouterr().err == (
        f"The team has no version 7 of “{name}”; 'gpu-planner team builds --history "
        f"\"{name}\"' lists its versions.\n")
    assert run(["team", "builds", "--history", "No such build"]) == 2


def test_team_builds_shows_the_versions_and_opens_an_older_one(
        qtbot, two_versions: tuple[str, str]) -> None:
    url, name = two_versions
    opened: list[Path] = []
    with open_store() as store:
        dialog = TeamBuildsDialog(store, url, lambda path: opened.append(path) or True)
        qtbot.addWidget(dialog)
        assert dialog.table.item(0, 0).text() == name
        rows = [(dialog.versions.item(r, 0).text(), dialog.versions.item(r, 1).text())
                for r in range(dialog.versions.rowCount())]
        assert rows == [("2", SUPERUSER), ("1", SUPERUSER)]
        dialog.versions.selectRow(1)
        assert dialog.open_version()
        assert opened[0].read_bytes() == SOURCE.read_bytes()
        assert opened[0].name == f"{name} v1.gpubuild"

        offline = TeamBuildsDialog(store, url, opened.append, online=False)
        qtbot.addWidget(offline)
        assert offline.versions.rowCount() == 0 and not offline.version_button.isEnabled()
        assert offline.versions_title.text() == (
            f"The versions of “{name}” are on the team server, which cannot be reached now.")
