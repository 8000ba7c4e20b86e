"""``gpu-planner team …``: the team catalog from the command line (docs/cli.md, docs/team.md).

``status`` says whether the team server answers, how many edits wait and when the last sync was;
``sync`` sends and receives; ``builds`` lists the shared builds (``--history NAME``: one build's
versions); ``push-build`` publishes a ``.gpubuild`` (queued when the server is away, refused when
the team holds a newer version than the one the file was pulled from, or the member may only
read); ``pull-build`` writes a shared build (or an older version) to a file. The address is
``GPU_PLANNER_DATABASE_URL`` or the app's Preferences ▸ Team catalog. Errors: one sentence, exit
2. The text is in the user's language (``planner/words/team.py``, as ``report`` words its sheet:
``--lang``, else ``GPU_PLANNER_LOCALE``, else the system's); ``--json`` stays English data.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from planner.cli.common import language
from planner.cli.errors import UsageError
from planner.languages import CODES


def add_parser(sub: Any) -> None:
    """The ``team`` command and its six actions."""
    team = sub.add_parser("team", help="the team's shared catalog and builds (PostgreSQL)")
    team.add_argument("--lang", choices=CODES, help=(
        "the language of the text (not of --json), over GPU_PLANNER_LOCALE and the system's"))
    actions = team.add_subparsers(dest="action", required=True, parser_class=type(team))
    status = actions.add_parser("status", help="server online or offline, edits waiting, last "
                                               "sync")
    status.add_argument("--json", action="store_true", help="one JSON object instead of text")
    actions.add_parser("sync", help="send the waiting edits and take the team's changes")
    builds = actions.add_parser("builds", help="list the team's shared builds")
    builds.add_argument("--json", action="store_true", help="one JSON list instead of text")
    builds.add_argument("--history", metavar="NAME", help="every published version of one "
                                                          "shared build (from the server)")
    push = actions.add_parser("push-build", help="publish a .gpubuild to the team")
    push.add_argument("file", type=Path, help="the .gpubuild file")
    pull = actions.add_parser("pull-build", help="write a shared build to a file")
    pull.add_argument("name", help="the shared build's name (see 'gpu-planner team builds')")
    pull.add_argument("--out", type=Path, required=True, help="the .gpubuild file to write")
    pull.add_argument("--version", type=int, metavar="N", help="an older published version "
                                                               "(see 'team builds --history')")
    password = actions.add_parser("password", help="keep the password in the system keyring "
                                                   "(asked for, or read from standard input)")
    password.add_argument("--forget", action="store_true", help="remove the kept password")


def app_setting() -> str:
    """The app's Preferences ▸ Team catalog value, read where the app keeps it.

    Mirrors ``planner.ui.settings.open_settings`` (the headless commands import nothing of the
    app); tests/team/test_team_cli.py checks both read the same value.
    """
    try:
        from PySide6.QtCore import QSettings
    except ImportError:
        return ""
    import os

    from planner.paths import DATA_DIR_ENV, user_config_dir

    if os.environ.get(DATA_DIR_ENV, "").strip():
        settings = QSettings(str(user_config_dir() / "settings.ini"), QSettings.Format.IniFormat)
    else:
        settings = QSettings(QSettings.Format.NativeFormat, QSettings.Scope.UserScope,
                             "gpu-build-planner", "GPU Build Planner")
    value = settings.value("team/address", "")
    return str(value or "")


def run(args: argparse.Namespace, store: Any) -> int:
    """Run one ``team`` action over the opened local catalog, in the user's language."""
    from planner.catalog.team.connection import configured_url

    with language(getattr(args, "lang", None)):
        from planner.words import team as words

        address = configured_url(app_setting())
        if address is None:
            raise UsageError(words.not_set_up())
        actions = {"status": _status, "sync": _sync, "builds": _builds, "push-build": _push,
                   "pull-build": _pull, "password": _password}
        return int(actions[args.action](args, store, address))


def _team(store: Any, address: str) -> Any:
    from planner.catalog.team.connection import TeamError
    from planner.catalog.team.sync import TeamSync
    from planner.words.team import error_sentence

    try:
        return TeamSync(store.engine, address)
    except TeamError as exc:
        raise UsageError(error_sentence(exc)) from None


def _status(args: argparse.Namespace, store: Any, address: str) -> int:
    from planner.catalog.team import outbox
    from planner.catalog.team.connection import TeamError, describe
    from planner.catalog.team.quarantine import quarantined
    from planner.words import team as words

    team = _team(store, address)
    problem, role, error = None, None, None
    try:
        role = team.check()
    except TeamError as exc:
        problem, error = str(exc), exc
    finally:
        team.close()
    status = {"server": "offline" if problem else "online", "address": describe(address),
              "role": role, "pending": outbox.pending(store.engine),
              "conflicts": len(outbox.conflicts(store.engine)),
              "last_sync": outbox.last_sync(store.engine), "problem": problem,
              "quarantined": len(quarantined(store.engine))}
    if args.json:
        print(json.dumps(status, ensure_ascii=False, indent=2))
        return 0
    for line in words.status_lines(status):
        print(line)
    if error is not None:
        print(words.error_sentence(error))
    elif role == "reader":
        print(words.read_only_sentence(team.member))
    return 0


def _sync(args: argparse.Namespace, store: Any, address: str) -> int:
    from planner.catalog.team import outbox
    from planner.catalog.team.connection import TeamError
    from planner.words import team as words

    team = _team(store, address)
    try:
        result = team.sync()
    except TeamError as exc:
        raise UsageError(words.still_waiting(words.error_sentence(exc),
                                             outbox.pending(store.engine))) from None
    finally:
        team.close()
    print(words.synced(result.pushed, result.pulled))
    for key in result.conflicts:
        print(words.conflicted(key))
    for line in words.set_aside_lines(store.engine, result.quarantined):
        print(line)
    if result.refused:
        print(words.read_only_sentence(team.member), file=sys.stderr)
        return 2
    return 0


def _history(args: argparse.Namespace, store: Any, address: str) -> int:
    from planner.catalog.team import builds
    from planner.catalog.team.connection import TeamError
    from planner.words import team as words

    team = _team(store, address)
    try:
        team.check()
        versions = builds.history_of(team.server, args.history)
    except TeamError as exc:
        raise UsageError(words.history_on_server(words.error_sentence(exc))) from None
    finally:
        team.close()
    if not versions:
        raise UsageError(words.no_build(args.history))
    if args.json:
        print(json.dumps([{"version": v, "author": a, "updated_at": u} for v, a, u in versions],
                         ensure_ascii=False, indent=2))
        return 0
    for version, author, updated_at in versions:
        print(f"v{version}  {author}  {updated_at}")
    return 0


def _builds(args: argparse.Namespace, store: Any, address: str) -> int:
    from planner.catalog.team import builds
    from planner.catalog.team.connection import TeamError
    from planner.words import team as words

    if args.history:
        return _history(args, store, address)
    team = _team(store, address)
    try:
        team.sync()
    except TeamError as exc:
        print(words.list_from_cache(words.error_sentence(exc)), file=sys.stderr)
    finally:
        team.close()
    listed = builds.listed(store.engine)
    if args.json:
        print(json.dumps([{"name": b.name, "version": b.version, "author": b.author,
                           "updated_at": b.updated_at, "format_version": b.format_version}
                          for b in listed], ensure_ascii=False, indent=2))
        return 0
    for b in listed:
        print(f"{b.name}  v{b.version}  {b.author}  {b.updated_at}")
    if not listed:
        print(words.no_builds())
    return 0


def _push(args: argparse.Namespace, store: Any, address: str) -> int:
    from planner.catalog.team import builds, outbox
    from planner.catalog.team.connection import TeamError
    from planner.documents.errors import DocumentError
    from planner.documents.files import load_document
    from planner.words import team as words

    try:
        loaded = load_document(args.file)
    except DocumentError as exc:
        raise UsageError(str(exc)) from None
    name = " ".join(loaded.study.build().name.split()) or args.file.stem
    document = args.file.read_text(encoding="utf-8")
    base = builds.base_version(store.engine, name)
    team = _team(store, address)
    try:
        if team.check() == "reader":  # told before anything is queued
            raise UsageError(words.read_only_sentence(team.member))
        current = builds.server_version(team.server, name)
        if current > base:
            raise UsageError(words.newer_on_team(name, current, base))
        builds.queue_publish(store.engine, name, document)
        result = team.sync()
    except TeamError as exc:
        known = outbox.known_role(store.engine, address)
        if known is not None and known[0] == "reader":  # as the server said when last reached
            raise UsageError(words.read_only_sentence(known[1])) from None
        builds.queue_publish(store.engine, name, document)
        print(words.queued_publish(words.error_sentence(exc), name))
        return 0
    finally:
        team.close()
    if result.refused:
        raise UsageError(words.read_only_sentence(team.member))
    if name in result.conflicts:
        raise UsageError(words.published_meanwhile(name))
    print(words.published(name, builds.base_version(store.engine, name)))
    return 0


def _pull(args: argparse.Namespace, store: Any, address: str) -> int:
    from planner.catalog.team import builds
    from planner.catalog.team.connection import TeamError
    from planner.words import team as words

    if args.version is not None:
        return _pull_version(args, store, address)
    team = _team(store, address)
    try:
        team.check()
        found = builds.fetch(store.engine, team.server, args.name)
    except TeamError as exc:
        found = builds.fetch(store.engine, None, args.name)
        if found is None:
            raise UsageError(words.not_cached(words.error_sentence(exc), args.name)) from None
        print(words.from_cache(words.error_sentence(exc)), file=sys.stderr)
    finally:
        team.close()
    if found is None:
        raise UsageError(words.no_build(args.name))
    document, version = found
    _write(args, document, version)
    return 0


def _pull_version(args: argparse.Namespace, store: Any, address: str) -> int:
    from planner.catalog.team import builds
    from planner.catalog.team.connection import TeamError
    from planner.words import team as words

    team = _team(store, address)
    try:
        team.check()
        document = builds.fetch_version(team.server, args.name, args.version)
    except TeamError as exc:
        raise UsageError(words.history_on_server(words.error_sentence(exc))) from None
    finally:
        team.close()
    if document is None:
        raise UsageError(words.no_version(args.name, args.version))
    _write(args, document, args.version)
    return 0


def _write(args: argparse.Namespace, document: str, version: int) -> None:
    """Check a shared build's document as a file would be checked, then write it."""
    from planner.documents.atomic import atomic_write
    from planner.documents.errors import DocumentError
    from planner.documents.files import loads_document
    from planner.words import team as words

    try:
        loads_document(document.encode("utf-8"))
    except DocumentError as exc:
        raise UsageError(str(exc)) from None
    atomic_write(args.out, document.encode("utf-8"))
    print(words.wrote(args.name, version, str(args.out)))


def _password(args: argparse.Namespace, store: Any, address: str) -> int:
    """Keep (or forget) the member's password in the system keyring, where there is one."""
    from planner.catalog.team import secrets
    from planner.catalog.team.connection import describe
    from planner.words import team as words

    account = describe(address)
    name = secrets.keyring_name()
    if name is None:
        raise UsageError(words.no_keyring())
    if args.forget:
        forgotten = secrets.forget_password(account)
        print(words.password_forgotten(account) if forgotten else words.no_password_kept(account))
        return 0
    if sys.stdin.isatty():
        import getpass

        typed = getpass.getpass(words.password_prompt(account))
    else:
        typed = sys.stdin.readline().rstrip("\r\n")
    if not typed:
        raise UsageError(words.no_password_typed())
    secrets.store_password(account, typed)
    print(words.password_kept(account, name))
    return 0
