"""Finding and opening the team's PostgreSQL database, and wording what goes wrong.

The address comes from ``GPU_PLANNER_DATABASE_URL`` or the app's setting (Preferences ▸ Team
catalog): a ``postgresql://user@host/db?sslmode=…`` URL or a libpq service name. The password is
never the app's to keep: libpq reads it from ``~/.pgpass`` (``PGPASSFILE``) or the service file
(``PGSERVICEFILE``), or it comes from the system keyring where there is one (``secrets``), so a
URL with a password is refused for the settings file. ``sslmode`` and
every other libpq option in the URL reach libpq as written. Every failure becomes a
:class:`TeamError` whose ``code`` the UI translates and whose text the CLI prints.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy import Engine

URL_ENV = "GPU_PLANNER_DATABASE_URL"
"""The environment variable that names the team database (wins over the app's setting)."""
CONNECT_TIMEOUT_S = 5
"""How long to wait for the server before working from the local copy."""
_SERVICE = re.compile(r"^(service=)?([A-Za-z0-9_.-]+)$")


class TeamError(Exception):
    """The team server cannot be used now; ``str()`` is one sentence, ``code`` names the case.

    ``code`` is one of ``unreachable``, ``password``, ``no_database``, ``ssl``, ``newer``,
    ``needs_upgrade``, ``read_only``, ``bad_url``, ``no_driver``, ``failed``; ``detail`` is the
    server's own words (for a details pane), ``subject`` the host, user or name the sentence uses.
    """

    def __init__(self, code: str, sentence: str, subject: str = "", detail: str = "") -> None:
        super().__init__(sentence)
        self.code, self.subject, self.detail = code, subject, detail


def configured_url(setting: str | None = None) -> str | None:
    """The team database's address: the environment variable, else the setting, else None."""
    for value in (os.environ.get(URL_ENV), setting):
        if value and value.strip():
            return value.strip()
    return None


def sqlalchemy_url(address: str) -> str:
    """The SQLAlchemy URL (psycopg 3 driver) for a ``postgresql://`` URL or a service name."""
    text = address.strip()
    found = _SERVICE.match(text)
    if found:
        return f"postgresql+psycopg:///?service={found.group(2)}"
    for prefix in ("postgresql+psycopg://", "postgresql://", "postgres://"):
        if text.startswith(prefix):
            return "postgresql+psycopg://" + text[len(prefix):]
    raise TeamError("bad_url", f"“{text}” is not a PostgreSQL address; write "
                    "postgresql://user@host/database or a service name from your pg_service.conf.",
                    text)


def password_in(address: str) -> bool:
    """Whether an address carries a password (never to be written to the settings file)."""
    from sqlalchemy.engine import make_url

    try:
        url = make_url(sqlalchemy_url(address))
    except (TeamError, ValueError):
        return False
    return url.password is not None or "password" in url.query


def describe(address: str) -> str:
    """``user@host/db`` (or ``service NAME``) for the status line: never a password."""
    from sqlalchemy.engine import make_url

    try:
        url = make_url(sqlalchemy_url(address))
    except (TeamError, ValueError):
        return address
    if "service" in url.query:
        return f"service {url.query['service']}"
    user = f"{url.username}@" if url.username else ""
    port = f":{url.port}" if url.port else ""
    return f"{user}{url.host or 'localhost'}{port}/{url.database or ''}"


def server_engine(address: str, *, pool_size: int = 2) -> Engine:
    """An engine for the team database; connects lazily (the first query may raise)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise TeamError("no_driver", "The team catalog needs psycopg 3 (pip install "
                        "'psycopg[binary]'), so the app works from its local copy.") from None
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    url = make_url(sqlalchemy_url(address))
    if "connect_timeout" not in url.query:
        url = url.update_query_dict({"connect_timeout": str(CONNECT_TIMEOUT_S)})
    connect_args: dict[str, str] = {}
    if url.password is None and "password" not in url.query:
        from planner.catalog.team.secrets import stored_password

        kept = stored_password(describe(address))  # the system keyring's, where there is one
        if kept is not None:  # handed to libpq, which otherwise reads .pgpass
            connect_args["password"] = kept
    # No pre-ping (a round trip per checkout): a connection the server dropped fails its query,
    # SQLAlchemy empties the pool on that disconnect, and the sync says the server is away.
    return create_engine(url, pool_size=pool_size, max_overflow=2, connect_args=connect_args)


def worded(exc: BaseException, address: str) -> TeamError:
    """One sentence for a failure to reach or use the team server (never a traceback)."""
    if isinstance(exc, TeamError):
        return exc
    where = describe(address)
    text = str(getattr(exc, "orig", None) or exc)
    low = text.lower()
    user = _user(address)
    if "password authentication failed" in low or "no password supplied" in low:
        return TeamError("password", f"The team server refused the password for {user}; check "
                         "your .pgpass or service file.", user, text)
    if "ssl" in low and ("not support" in low or "required" in low or "sslmode" in low):
        return TeamError("ssl", f"The team server at {where} does not offer the encrypted "
                         "connection that sslmode asks for.", where, text)
    if "database" in low and "does not exist" in low:
        return TeamError("no_database", f"The team database {where} does not exist on that "
                         "server.", where, text)
    if "permission denied" in low or "insufficientprivilege" in low:
        return TeamError("read_only", f"Your team role {user} may read the team catalog but not "
                         "change it; ask the database owner for the editor role.", user, text)
    if any(k in low for k in ("connection refused", "could not connect", "timeout",
                              "could not translate host", "no route", "connection failed",
                              "server closed the connection", "terminating connection",
                              "connection is closed", "the connection is lost",
                              "consuming input failed")):
        return TeamError("unreachable", f"The team server {where} cannot be reached, so the app "
                         "works from its local copy.", where, text)
    return TeamError("failed", f"The team server {where} answered with an error ("
                     f"{text.strip().splitlines()[0] if text.strip() else type(exc).__name__}).",
                     where, text)


def _user(address: str) -> str:
    from sqlalchemy.engine import make_url

    try:
        url = make_url(sqlalchemy_url(address))
    except (TeamError, ValueError):
        return "you"
    return url.username or os.environ.get("PGUSER") or "you"
