"""The team password in the system keyring (optional): kept by ``team password``, used to connect.

erin's password is in no ``.pgpass`` here; the real server refuses her until the keyring holds
it, then takes it. The keyring is the ``keyring`` package's own API over a small in-memory
backend (a test machine has no desktop keyring); with the package's "fail" backend — what a
headless machine gets — ``team password`` says there is none and nothing changes.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from planner.catalog.team.connection import TeamError
from planner.cli.commands import run
from tests.team.clients import grant_roles, member
from tests.team.pg_cluster import SUPERUSER, Cluster

keyring = pytest.importorskip("keyring", reason="the optional keyring package is not installed")
from keyring.backend import KeyringBackend  # noqa: E402
from keyring.backends import fail  # noqa: E402


class MemoryKeyring(KeyringBackend):
    """A keyring that forgets everything when the test ends."""

    priority = 1
    name = "a test's memory keyring"

    def __init__(self) -> None:
        super().__init__()
        self.kept: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.kept.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.kept[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if self.kept.pop((service, username), None) is None:
            raise keyring.errors.PasswordDeleteError(username)


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    before = keyring.get_keyring()
    ring = MemoryKeyring()
    keyring.set_keyring(ring)
    yield ring
    keyring.set_keyring(before)


def test_a_password_kept_in_the_keyring_connects(
        pg: Cluster, team_db: str, tmp_path: Path, memory_keyring: MemoryKeyring,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    owner = member(tmp_path, pg.url(SUPERUSER, team_db), "owner")
    owner.team.check()
    owner.close()
    grant_roles(pg, team_db, editors=("erin",))
    pg.passwords.pop("erin")
    pg.write_pgpass()  # erin's password is in no .pgpass now
    url = pg.url("erin", team_db)
    monkeypatch.setenv("GPU_PLANNER_DATABASE_URL", url)

    erin = member(tmp_path, url, "erin")
    with pytest.raises(TeamError) as refused:
        erin.team.check()
    assert refused.value.code == "password"
    erin.close()

    monkeypatch.setattr("sys.stdin", io.StringIO("erin-pw\n"))
    assert run(["team", "password"]) == 0
    account = f"erin@127.0.0.1:{pg.port}/{team_db}"
    assert capsys.readouterr().out == (
        f"The password for {account} is kept in the system keyring (a test's memory "
        "keyring); the app and gpu-planner use it from now on.\n")
    assert memory_keyring.kept == {("GPU Build Planner team catalog", account): "erin-pw"}
    home = Path(os.environ["GPU_PLANNER_DATA_DIR"])  # the app's files hold no password
    assert not [f for f in home.rglob("*") if f.is_file() and b"erin-pw" in f.read_bytes()]
    erin = member(tmp_path, url, "erin2")
    assert erin.team.check() == "editor"
    erin.close()

    assert run(["team", "password", "--forget"]) == 0
    assert capsys.readouterr().out == (
        f"The password for {account} was removed from the system keyring.\n")
    assert memory_keyring.kept == {}


def test_without_a_keyring_the_command_says_where_the_password_goes(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    before = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        monkeypatch.setenv("GPU_PLANNER_DATABASE_URL", "postgresql://erin@127.0.0.1:1/lab")
        monkeypatch.setattr("sys.stdin", io.StringIO("secret\n"))
        assert run(["team", "password"]) == 2
    finally:
        keyring.set_keyring(before)
    assert capsys.readouterr().err == (
        "No system keyring can be used here (the optional keyring package is missing, or this "
        "desktop has no keyring); keep the password in ~/.pgpass or a libpq service file "
        "instead.\n")


def test_preferences_keeps_a_typed_password_in_the_keyring_only(
        qtbot, memory_keyring: MemoryKeyring) -> None:
    from planner.catalog.datafiles import load_catalog
    from planner.ui import settings as cfg
    from planner.ui.preferences import PreferencesDialog

    dialog = PreferencesDialog(load_catalog(), None)
    qtbot.addWidget(dialog)
    assert dialog.team_password is not None
    dialog.team.setText("postgresql://erin@lab-server:5433/planner")
    dialog.team_password.setText("erin-secret")
    dialog.accept()
    assert memory_keyring.kept == {
        ("GPU Build Planner team catalog", "erin@lab-server:5433/planner"): "erin-secret"}
    settings = cfg.open_settings()
    settings.sync()
    assert b"erin-secret" not in Path(settings.fileName()).read_bytes()
    assert cfg.read(settings, cfg.TEAM_ADDRESS) == "postgresql://erin@lab-server:5433/planner"
