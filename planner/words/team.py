"""The team catalog's sentences in the user's language: its failures and ``gpu-planner team``.

The catalog layer words every failure in English for logs and tests (``TeamError``) and names
its case in ``code``; the window's status bar and the command line both say it through
:func:`error_sentence`, so the two read alike in every language. The command's other lines are
here too (its JSON stays English: it is data).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QObject


class TeamText(QObject):
    """The translation context of these sentences (``TeamText.tr`` marks plurals for lupdate)."""

    @classmethod
    def tr(cls, text: str, disambiguation: str | None = None, n: int = -1) -> str:
        """Translate in the "TeamText" context (a class method: no object is needed)."""
        return QCoreApplication.translate("TeamText", text, disambiguation, n)


def read_only_sentence(member: str) -> str:
    """Why a reader's change is refused."""
    return TeamText.tr("Your team role %1 may read the team catalog but not change it; ask the "
                       "database owner for the editor role.").replace("%1", member)


def error_sentence(error: Any) -> str:
    """The sentence for a ``TeamError`` (by its ``code``); its own English for another case."""
    code = getattr(error, "code", "")
    subject = getattr(error, "subject", "")
    if code == "read_only":
        return read_only_sentence(subject)
    words = {
        "unreachable": TeamText.tr("The team server %1 cannot be reached, so the app works from "
                                   "its local copy."),
        "password": TeamText.tr("The team server refused the password for %1; check your "
                                ".pgpass or service file."),
        "no_database": TeamText.tr("The team database %1 does not exist on that server."),
        "ssl": TeamText.tr("The team server at %1 does not offer the encrypted connection that "
                           "sslmode asks for."),
        "newer": TeamText.tr("The team database was set up by a newer version of GPU Build "
                             "Planner; update the app to use it. The app works from its local "
                             "copy."),
        "needs_upgrade": TeamText.tr("The team database needs an upgrade that only its owner "
                                     "may make; ask them to open it once with this version."),
        "bad_url": TeamText.tr("“%1” is not a PostgreSQL address; write "
                               "postgresql://user@host/database or a service name from your "
                               "pg_service.conf."),
        "no_driver": TeamText.tr("The team catalog needs psycopg 3 (pip install "
                                 "'psycopg[binary]'), so the app works from its local copy."),
    }
    text = words.get(code)
    return text.replace("%1", subject) if text is not None else str(error)


def joined(sentence: str, rest: str) -> str:
    """``sentence`` (its full stop dropped) continued by ``rest``, a clause "%1; …" names."""
    return rest.replace("%1", sentence.rstrip(".。"))


def not_set_up() -> str:
    """No address: neither the environment variable nor Preferences names a team database."""
    return TeamText.tr("No team catalog is set up; set GPU_PLANNER_DATABASE_URL or Preferences "
                       "▸ Team catalog to a PostgreSQL address.")


def status_lines(status: dict[str, Any]) -> list[str]:
    """``team status`` as text: the server, the edits waiting, the last sync, any problem."""
    server = (TeamText.tr("online") if status["server"] == "online"
              else TeamText.tr("offline"))
    head = TeamText.tr("Team catalog %1: %2").replace("%1", status["address"]).replace(
        "%2", server)
    if status["role"]:
        role = TeamText.tr("editor") if status["role"] == "editor" else TeamText.tr("reader")
        head += TeamText.tr(" (%1)").replace("%1", role)
    waiting = TeamText.tr("Edits waiting: %n", "", status["pending"])
    if status["conflicts"]:
        waiting += TeamText.tr(" (%n need(s) your choice in the app)", "", status["conflicts"])
    if status.get("quarantined"):
        waiting += TeamText.tr("; team rows set aside as malformed: %n", "",
                               status["quarantined"])
    last = TeamText.tr("Last sync: %1").replace("%1", status["last_sync"] or TeamText.tr("never"))
    return [head, waiting, last]


def still_waiting(sentence: str, waiting: int) -> str:
    """A failed sync's sentence and how many edits still wait."""
    return joined(sentence, TeamText.tr("%1; %n edit(s) still waiting.", "", waiting))


def synced(pushed: int, pulled: int) -> str:
    """What a sync did."""
    return TeamText.tr("Synced with the team: %1 sent, %2 received.").replace(
        "%1", str(pushed)).replace("%2", str(pulled))


def conflicted(key: str) -> str:
    """An edit that met a newer team version (the choice is made in the app)."""
    return TeamText.tr("“%1” was changed by another member after your edit; open the app to "
                       "choose between the two versions.").replace("%1", key)


def set_aside(gpu_id: str, code: str, field: str) -> str:
    """A team row kept out of the local file (planner.catalog.team.quarantine), and why."""
    reasons = {"not_json": TeamText.tr("its record is not JSON"),
               "not_object": TeamText.tr("its record is not a GPU record (a JSON object)")}
    reason = reasons.get(code) or (
        TeamText.tr("its field “%1” is missing or not valid").replace("%1", field) if field
        else TeamText.tr("its record cannot be read"))
    return TeamText.tr("The team's row “%1” was set aside because %2; the rest synced, and it "
                       "comes in once it is fixed on the server.").replace(
        "%1", gpu_id).replace("%2", reason)


def held(gpu_id: str) -> str:
    """A queued change kept back because the team's row (or the change) cannot be read."""
    return TeamText.tr("Your change to “%1” stays queued until the team's row for it is fixed "
                       "on the server.").replace("%1", gpu_id)


def set_aside_lines(local: Any, keys: list[str]) -> list[str]:
    """One sentence per team row set aside, or queued change held back, among ``keys``."""
    from planner.catalog.team.quarantine import quarantined

    kept = quarantined(local)
    return [set_aside(key, kept[key].code, kept[key].field) if key in kept else held(key)
            for key in keys]


def list_from_cache(sentence: str) -> str:
    """``team builds`` with the server away."""
    return joined(sentence, TeamText.tr("%1; the list is the one from the last sync."))


def no_builds() -> str:
    """An empty Team Builds list."""
    return TeamText.tr("The team has no shared builds yet.")


def history_on_server(sentence: str) -> str:
    """``team builds --history`` or ``pull-build --version`` with the server away."""
    return joined(sentence, TeamText.tr("%1; the versions of a shared build are kept on the "
                                        "server only."))


def no_build(name: str) -> str:
    """A shared build's name the team does not have."""
    return TeamText.tr("The team has no shared build named “%1”; 'gpu-planner team builds' "
                       "lists them.").replace("%1", name)


def no_version(name: str, version: int) -> str:
    """A version of a shared build the team does not have."""
    return TeamText.tr("The team has no version %1 of “%2”; 'gpu-planner team builds --history "
                       "\"%2\"' lists its versions.").replace("%1", str(version)).replace(
        "%2", name)


def newer_on_team(name: str, current: int, base: int) -> str:
    """A publish refused: the team holds a newer version than the file came from."""
    return TeamText.tr("The team holds version %1 of “%2”, newer than the version %3 this file "
                       "came from; pull it first (gpu-planner team pull-build \"%2\" --out "
                       "FILE).").replace("%1", str(current)).replace("%2", name).replace(
        "%3", str(base))


def queued_publish(sentence: str, name: str) -> str:
    """A publish with the server away: queued for the next sync."""
    return joined(sentence, TeamText.tr("%1; “%2” will be published at the next sync.")
                  .replace("%2", name))


def published_meanwhile(name: str) -> str:
    """Another member published the same name between the check and the push."""
    return TeamText.tr("Another member published “%1” a moment ago; pull it first.").replace(
        "%1", name)


def published(name: str, version: int) -> str:
    """A publish the team took."""
    return TeamText.tr("Published “%1” as version %2.").replace("%1", name).replace(
        "%2", str(version))


def not_cached(sentence: str, name: str) -> str:
    """``pull-build`` with the server away and no local copy of the build."""
    return joined(sentence, TeamText.tr("%1, and “%2” is not in the local copy.")
                  .replace("%2", name))


def from_cache(sentence: str) -> str:
    """``pull-build`` with the server away: the copy from the last sync is written."""
    return joined(sentence, TeamText.tr("%1; writing the copy from the last sync."))


def wrote(name: str, version: int, path: str) -> str:
    """A shared build written to a file."""
    return TeamText.tr("Wrote “%1” version %2 to %3.").replace("%1", name).replace(
        "%2", str(version)).replace("%3", path)


def no_keyring() -> str:
    """``team password`` where no system keyring can be used."""
    return TeamText.tr("No system keyring can be used here (the optional keyring package is "
                       "missing, or this desktop has no keyring); keep the password in "
                       "~/.pgpass or a libpq service file instead.")


def password_prompt(account: str) -> str:
    """What ``team password`` asks."""
    return TeamText.tr("Password for %1: ").replace("%1", account)


def no_password_typed() -> str:
    """``team password`` given nothing."""
    return TeamText.tr("No password was given, so nothing was kept.")


def password_kept(account: str, keyring: str) -> str:
    """A password kept in the system keyring."""
    return TeamText.tr("The password for %1 is kept in the system keyring (%2); the app and "
                       "gpu-planner use it from now on.").replace("%1", account).replace(
        "%2", keyring)


def password_forgotten(account: str) -> str:
    """A kept password removed."""
    return TeamText.tr("The password for %1 was removed from the system keyring.").replace(
        "%1", account)


def no_password_kept(account: str) -> str:
    """``team password --forget`` with nothing kept."""
    return TeamText.tr("The system keyring holds no password for %1.").replace("%1", account)
