"""``gpu-planner team …`` against the test server: status, sync, shared builds, refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planner.cli.commands import run
from planner.documents.files import load_document
from tests.team.pg_cluster import SUPERUSER, Cluster

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def team_url(pg: Cluster, team_db: str, monkeypatch: pytest.MonkeyPatch) -> str:
    url = pg.url(SUPERUSER, team_db)
    monkeypatch.setenv("GPU_PLANNER_DATABASE_URL", url)
    return url


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    assert run(list(args)) == 0
    return json.loads(capsys.readouterr().out)


def test_status_sync_and_the_layer_column(team_url: str, pg: Cluster,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    status = _json(capsys, "team", "status", "--json")
    assert status == {"server": "online", "address": f"{SUPERUSER}@127.0.0.1:{pg.port}/"
                      f"{team_url.rsplit('/', 1)[1].split('?')[0]}", "role": "editor",
                      "pending": 0, "conflicts": 0, "last_sync": None, "problem": None,
                      "quarantined": 0}
    assert run(["team", "sync"]) == 0
    assert capsys.readouterr().out == "Synced with the team: 0 sent, 0 received.\n"
    gpus = _json(capsys, "catalog", "gpus", "--json")
    assert isinstance(gpus, list)
    assert {g["layer"] for g in gpus} == {"bundled"}


def test_offline_status_is_one_sentence_and_exit_0(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("psycopg", reason="without the driver the status is that it is missing")
    monkeypatch.setenv("GPU_PLANNER_DATABASE_URL", "postgresql://me@127.0.0.1:1/lab")
    status = _json(capsys, "team", "status", "--json")
    assert isinstance(status, dict)
    assert (status["server"], status["pending"]) == ("offline", 0)
    assert status["problem"] == ("The team server me@127.0.0.1:1/lab cannot be reached, so the "
                                 "app works from its local copy.")
    assert run(["team", "sync"]) == 2
    assert capsys.readouterr().err == (
        "The team server me@127.0.0.1:1/lab cannot be reached, so the app works from its local "
        "copy; 0 edits still waiting.\n")


def test_no_team_set_up(monkeypatch: pytest.MonkeyPatch,
                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("GPU_PLANNER_DATABASE_URL", raising=False)
    assert run(["team", "status"]) == 2
    assert "No team catalog is set up" in capsys.readouterr().err


def test_push_list_pull_and_the_newer_version_refusal(team_url: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    source = EXAMPLES / "workstation-4x4090.gpubuild"
    name = " ".join(load_document(source).study.build().name.split())
    assert run(["team", "push-build", str(source)]) == 0
    assert capsys.readouterr().out == f"Published “{name}” as version 1.\n"
    listed = _json(capsys, "team", "builds", "--json")
    assert isinstance(listed, list)
    assert [(b["name"], b["version"], b["author"]) for b in listed] == [(name, 1, SUPERUSER)]

    out = tmp_path / "pulled.gpubuild"
    assert run(["team", "pull-build", name, "--out", str(out)]) == 0
    assert out.read_bytes() == source.read_bytes()  # the document travels byte for byte
    capsys.readouterr()

    # Another computer (its own local catalog) publishes version 2 ...
    import os

    other = tmp_path / "other"
    other.mkdir()
    mine = os.environ["GPU_PLANNER_DATA_DIR"]
    os.environ["GPU_PLANNER_DATA_DIR"] = str(other)
    try:
        assert run(["team", "pull-build", name, "--out", str(tmp_path / "b.gpubuild")]) == 0
        assert run(["team", "push-build", str(tmp_path / "b.gpubuild")]) == 0
    finally:
        os.environ["GPU_PLANNER_DATA_DIR"] = mine
    capsys.readouterr()
    # ... so pushing the copy pulled at version 1 is refused, with exit 2 and one sentence.
    assert run(["team", "push-build", str(out)]) == 2
    assert capsys.readouterr().err == (
        f"The team holds version 2 of “{name}”, newer than the version 1 this file came from; "
        f"pull it first (gpu-planner team pull-build \"{name}\" --out FILE).\n")


def test_a_shared_build_of_a_newer_format_is_refused_as_a_file_is(
        team_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from planner.catalog.store import open_store
    from planner.catalog.team import builds
    from planner.catalog.team.sync import sync_once

    doc = json.loads((EXAMPLES / "entry-level.gpubuild").read_text(encoding="utf-8"))
    doc["version"] = 99
    newer = tmp_path / "newer.gpubuild"
    newer.write_text(json.dumps(doc), encoding="utf-8")
    with open_store() as store:
        builds.queue_publish(store.engine, "From the future", newer.read_text(encoding="utf-8"))
        assert sync_once(store.engine, team_url).pushed == 1
    assert run(["check", str(newer)]) == 2
    file_sentence = capsys.readouterr().err.strip()
    assert run(["team", "pull-build", "From the future", "--out", str(tmp_path / "x.gpubuild")]) \
        == 2
    shared_sentence = capsys.readouterr().err.strip()
    assert "newer" in file_sentence
    assert shared_sentence in file_sentence or file_sentence.endswith(shared_sentence) \
        or shared_sentence.split(";")[0] in file_sentence
    assert not (tmp_path / "x.gpubuild").exists()


def test_the_cli_reads_the_address_the_app_saves(monkeypatch: pytest.MonkeyPatch) -> None:
    from planner.cli.team import app_setting
    from planner.ui import settings as cfg

    monkeypatch.delenv("GPU_PLANNER_DATABASE_URL", raising=False)
    store = cfg.open_settings()
    cfg.write(store, cfg.TEAM_ADDRESS, "service=lab")
    store.sync()
    assert app_setting() == "service=lab"
