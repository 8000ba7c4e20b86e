"""``gpu-planner team …``: the team catalog from the command line (docs/cli.md, docs/team.md).

``status`` says whether the team server answers, how many edits wait and when the last sync was;
``sync`` sends and receives; ``builds`` lists the shared builds; ``push-build`` publishes a
``.gpubuild`` (queued when the server is away, refused when the team holds a newer version than
the one the file was pulled from); ``pull-build`` writes a shared build to a file. The address is
``GPU_PLANNER_DATABASE_URL`` or the app's Preferences ▸ Team catalog. Errors: one sentence, exit 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from planner.cli.options import UsageError

NOT_SET_UP = ("No team catalog is set up; set GPU_PLANNER_DATABASE_URL or Preferences ▸ Team "
              "catalog to a PostgreSQL address.")


def add_parser(sub: Any) -> None:
    """The ``team`` command and its five actions."""
    team = sub.add_parser("team", help="the team's shared catalog and builds (PostgreSQL)")
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


def app_setting() -> str:
    """The app's Preferences ▸ Team catalog value, read where the app keeps it.

    Mirrors ``planner.ui.settings.open_settings`` (the headless commands import nothing of the
    app); tests/team/test_team_cli.py checks both read the same value.
    """
    try:
        from PySide6.QtCore import QSettings
    except ImportError:
        return ""
    from planner.paths import DATA_DIR_ENV, user_config_dir

    if os.environ.get(DATA_DIR_ENV, "").strip():
        settings = QSettings(str(user_config_dir() / "settings.ini"), QSettings.Format.IniFormat)
    else:
        settings = QSettings(QSettings.Format.NativeFormat, QSettings.Scope.UserScope,
                             "gpu-build-planner", "GPU Build Planner")
    value = settings.value("team/address", "")
    return str(value or "")


def run(args: argparse.Namespace, store: Any) -> int:
    """Run one ``team`` action over the opened local catalog."""
    from planner.catalog.team.connection import configured_url

    address = configured_url(app_setting())
    if address is None:
        raise UsageError(NOT_SET_UP)
    actions = {"status": _status, "sync": _sync, "builds": _builds, "push-build": _push,
               "pull-build": _pull}
    return int(actions[args.action](args, store, address))


def _team(store: Any, address: str) -> Any:
    from planner.catalog.team.connection import TeamError
    from planner.catalog.team.sync import TeamSync

    try:
        return TeamSync(store.engine, address)
    except TeamError as exc:
        raise UsageError(str(exc)) from None


def _status(args: argparse.Namespace, store: Any, address: str) -> int:
    from planner.catalog.team import outbox
    from planner.catalog.team.connection import TeamError, describe

    team = _team(store, address)
    problem, role = None, None
    try:
        role = team.check()
    except TeamError as exc:
        problem = str(exc)
    finally:
        team.close()
    status = {"server": "offline" if problem else "online", "address": describe(address),
              "role": role, "pending": outbox.pending(store.engine),
              "conflicts": len(outbox.conflicts(store.engine)),
              "last_sync": outbox.last_sync(store.engine), "problem": problem}
    if args.json:
        print(json.dumps(status, ensure_ascii=False, indent=2))
        return 0
    line = f"Team catalog {status['address']}: {status['server']}"
    if role:
        line += f" ({role})"
    print(line)
    print(f"Edits waiting: {status['pending']}"
          + (f" ({status['conflicts']} need your choice in the app)" if status["conflicts"]
             else ""))
    print(f"Last sync: {status['last_sync'] or 'never'}")
    if problem:
        print(problem)
    elif role == "reader":
        from planner.catalog.team.server import read_only_sentence

        print(read_only_sentence(team.member))
    return 0


def _sync(args: argparse.Namespace, store: Any, address: str) -> int:
    from planner.catalog.team import outbox
    from planner.catalog.team.connection import TeamError

    team = _team(store, address)
    try:
        result = team.sync()
    except TeamError as exc:
        waiting = outbox.pending(store.engine)
        raise UsageError(f"{str(exc).rstrip('.')}; {waiting} edit"
                         f"{'' if waiting == 1 else 's'} still waiting.") from None
    finally:
        team.close()
    print(f"Synced with the team: {result.pushed} sent, {result.pulled} received.")
    for key in result.conflicts:
        print(f"“{key}” was changed by another member after your edit; open the app to choose "
              "between the two versions.")
    if result.refused:
        print(result.refused, file=sys.stderr)
        return 2
    return 0


def _history(args: argparse.Namespace, store: Any, address: str) -> int:
    from planner.catalog.team import builds
    from planner.catalog.team.connection import TeamError

    team = _team(store, address)
    try:
        team.check()
        versions = builds.history_of(team.server, args.history)
    except TeamError as exc:
        raise UsageError(f"{str(exc).rstrip('.')}; the versions of a shared build are kept on "
                         "the server only.") from None
    finally:
        team.close()
    if not versions:
        raise UsageError(f"The team has no shared build named “{args.history}”; 'gpu-planner "
                         "team builds' lists them.")
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

    if args.history:
        return _history(args, store, address)
    team = _team(store, address)
    try:
        team.sync()
    except TeamError as exc:
        print(f"{str(exc).rstrip('.')}; the list is the one from the last sync.",
              file=sys.stderr)
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
        print("The team has no shared builds yet.")
    return 0


def _push(args: argparse.Namespace, store: Any, address: str) -> int:
    from planner.catalog.team import builds, outbox
    from planner.catalog.team.connection import TeamError
    from planner.catalog.team.server import read_only_sentence
    from planner.documents.errors import DocumentError
    from planner.documents.files import load_document

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
            raise UsageError(read_only_sentence(team.member))
        current = builds.server_version(team.server, name)
        if current > base:
            raise UsageError(f"The team holds version {current} of “{name}”, newer than the "
                             f"version {base} this file came from; pull it first "
                             f"(gpu-planner team pull-build \"{name}\" --out FILE).")
        builds.queue_publish(store.engine, name, document)
        result = team.sync()
    except TeamError as exc:
        known = outbox.known_role(store.engine, address)
        if known is not None and known[0] == "reader":  # as the server said when last reached
            raise UsageError(read_only_sentence(known[1])) from None
        builds.queue_publish(store.engine, name, document)
        print(f"{str(exc).rstrip('.')}; “{name}” will be published at the next sync.")
        return 0
    finally:
        team.close()
    if result.refused:
        raise UsageError(result.refused)
    if name in result.conflicts:
        raise UsageError(f"Another member published “{name}” a moment ago; pull it first.")
    print(f"Published “{name}” as version {builds.base_version(store.engine, name)}.")
    return 0


def _pull(args: argparse.Namespace, store: Any, address: str) -> int:
    from planner.catalog.team import builds
    from planner.catalog.team.connection import TeamError

    if args.version is not None:
        return _pull_version(args, store, address)
    team = _team(store, address)
    try:
        team.check()
        found = builds.fetch(store.engine, team.server, args.name)
    except TeamError as exc:
        found = builds.fetch(store.engine, None, args.name)
        if found is None:
            raise UsageError(f"{str(exc).rstrip('.')}, and “{args.name}” is not in the local "
                             "copy.") from None
        print(f"{str(exc).rstrip('.')}; writing the copy from the last sync.", file=sys.stderr)
    finally:
        team.close()
    if found is None:
        raise UsageError(f"The team has no shared build named “{args.name}”; 'gpu-planner team "
                         "builds' lists them.")
    document, version = found
    _write(args, document, version)
    return 0


def _pull_version(args: argparse.Namespace, store: Any, address: str) -> int:
    from planner.catalog.team import builds
    from planner.catalog.team.connection import TeamError

    team = _team(store, address)
    try:
        team.check()
        document = builds.fetch_version(team.server, args.name, args.version)
    except TeamError as exc:
        raise UsageError(f"{str(exc).rstrip('.')}; older versions are kept on the server "
                         "only.") from None
    finally:
        team.close()
    if document is None:
        raise UsageError(f"The team has no version {args.version} of “{args.name}”; 'gpu-planner "
                         f"team builds --history \"{args.name}\"' lists its versions.")
    _write(args, document, args.version)
    return 0


def _write(args: argparse.Namespace, document: str, version: int) -> None:
    """Check a shared build's document as a file would be checked, then write it."""
    from planner.documents.atomic import atomic_write
    from planner.documents.errors import DocumentError
    from planner.documents.files import loads_document

    try:
        loads_document(document.encode("utf-8"))
    except DocumentError as exc:
        raise UsageError(str(exc)) from None
    atomic_write(args.out, document.encode("utf-8"))
    print(f"Wrote “{args.name}” version {version} to {args.out}.")
