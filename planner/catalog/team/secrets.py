"""The team password in the system keyring, where there is one (optional, never required).

libpq's ``~/.pgpass`` and service file stay the way a password is kept everywhere: the app
never writes one into its settings or any file. Where the optional ``keyring`` package is
installed and finds a real keyring (macOS Keychain, Windows Credential Locker, the Secret
Service of GNOME or KDE), ``gpu-planner team password`` keeps it there instead, under the
address's ``user@host:port/database``, and every connection hands it to libpq. The package is
not a dependency of the app (on Linux it brings SecretStorage and cryptography); when it is
absent, or finds no keyring (a headless machine), nothing changes: libpq reads ``.pgpass`` as
before and ``team password`` says so in one sentence. It is imported by name at run time, so a
bundle never carries it unasked.
"""

from __future__ import annotations

import importlib
from typing import Any

SERVICE = "GPU Build Planner team catalog"
"""The keyring's service name for every team password."""


def keyring_module() -> Any | None:
    """The ``keyring`` module when it is installed and has a usable keyring, else None."""
    try:
        module = importlib.import_module("keyring")
        backend = module.get_keyring()
    except Exception:  # absent, or a keyring that fails to start (no D-Bus session, …)
        return None
    # keyring's "fail" and "null" backends (priority 0 and below) store nothing.
    return module if getattr(backend, "priority", 0) > 0 else None


def keyring_name() -> str | None:
    """The keyring in use, as the ``keyring`` package names it (None when there is none)."""
    module = keyring_module()
    return None if module is None else str(getattr(module.get_keyring(), "name", "keyring"))


_asked: dict[str, str | None] = {}
"""What the keyring answered per account in this process: the app syncs every minute, and a
locked desktop keyring asks its user to unlock it at most once, not at every sync."""


def stored_password(account: str) -> str | None:
    """The password kept for this account, or None (no keyring, or none kept).

    ``account`` is the address as :func:`planner.catalog.team.connection.describe` words it
    (``user@host:port/database``): the caller names it, so this module needs nothing from the
    connection and the arrow runs one way, connection to secrets.
    """
    if account in _asked:
        return _asked[account]
    module = keyring_module()
    value = None
    if module is not None:
        try:
            value = module.get_password(SERVICE, account)
        except Exception:  # a locked or broken keyring: libpq's own files still apply
            value = None
    _asked[account] = str(value) if value else None
    return _asked[account]


def store_password(account: str, password: str) -> bool:
    """Keep a password for this account (see :func:`stored_password`); False without a keyring."""
    module = keyring_module()
    if module is None:
        return False
    module.set_password(SERVICE, account, password)
    _asked[account] = password
    return True


def forget_password(account: str) -> bool:
    """Remove the account's kept password; False when there was none (or no keyring)."""
    module = keyring_module()
    _asked.pop(account, None)
    if module is None:
        return False
    try:
        module.delete_password(SERVICE, account)
    except Exception:  # keyring.errors.PasswordDeleteError: nothing kept
        return False
    return True
