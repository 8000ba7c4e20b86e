"""One running app per user: a second launch hands its files to the first and exits.

The first instance listens on a local socket (a named pipe on Windows) whose name includes the
user name and the data folder, so two users, or a test with its own data folder, never meet. A
new launch *connects first*; only when nobody answers does it remove a possibly stale name (left
by a crash) and listen itself. Removing first would steal the name from a live instance.

Message: UTF-8 JSON ``{"files": [absolute paths]}``, one per connection. An empty list asks the
running window to come to the front.

On Unix the check is a plain ``AF_UNIX`` connect to the socket file QLocalServer creates, so a
first launch does not import QtNetwork before its window paints; the server is started right after
the first paint. On Windows the name is a named pipe and the check uses QLocalSocket.
"""

from __future__ import annotations

import os
import sys
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QDir, QObject, Signal

from planner.paths import data_dir_override

if TYPE_CHECKING:
    from PySide6.QtNetwork import QLocalSocket

DISABLE_ENV = "GPU_PLANNER_NO_SINGLE_INSTANCE"
CONNECT_TIMEOUT_MS = 500
WRITE_TIMEOUT_MS = 2000
MAX_MESSAGE_BYTES = 1 << 20


def enabled() -> bool:
    """False when ``GPU_PLANNER_NO_SINGLE_INSTANCE=1`` (tests run many instances side by side)."""
    return os.environ.get(DISABLE_ENV, "").strip() not in ("1", "true", "yes")


def server_name() -> str:
    """The socket name: per user and per data folder, short enough for Unix socket paths."""
    # getpass and hashlib would add milliseconds to every start; this runs before the window.
    user = next((os.environ[k] for k in ("LOGNAME", "USER", "LNAME", "USERNAME")
                 if os.environ.get(k)), "")
    if not user:
        user = str(os.getuid()) if hasattr(os, "getuid") else "user"
    # The user's own data folder is fixed per user, so naming it adds nothing (and asking
    # platformdirs for it would import it before the window paints); an override is named.
    override = data_dir_override()
    folder = str(override.resolve()) if override is not None else "default"
    key = "\0".join((user, folder)).encode()
    digest = f"{zlib.crc32(key):08x}"
    safe_user = "".join(c for c in user if c.isalnum())[:16] or "user"
    return f"gpu-build-planner-{safe_user}-{digest}"


def _message(files: list[str]) -> bytes:
    import json  # a second launch only: the first one does not pay for it before painting

    paths = [str(Path(f).expanduser().resolve()) for f in files]
    return json.dumps({"files": paths}).encode("utf-8")


def socket_path(name: str) -> Path:
    """Where QLocalServer puts a named socket on Unix: Qt's temporary folder."""
    return Path(QDir.tempPath()) / name


def send_to_running(files: list[str], name: str | None = None) -> bool:
    """Hand files to a running instance; True when one took them (this launch should exit)."""
    name = name or server_name()
    if sys.platform != "win32":
        return _send_unix(files, name)
    return _send_qt(files, name)


def _send_unix(files: list[str], name: str) -> bool:
    path = socket_path(name)
    if not path.exists():
        return False  # the usual first launch: nothing to connect to (nor a module to import)
    import socket

    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.settimeout(CONNECT_TIMEOUT_MS / 1000)
    try:
        client.connect(str(path))
    except OSError:  # a stale file left by a crash: nobody is listening
        client.close()
        return False
    try:
        client.settimeout(WRITE_TIMEOUT_MS / 1000)
        client.sendall(_message(files))  # the server reads what is buffered after we close
        return True
    except OSError:
        return False
    finally:
        client.close()


def _send_qt(files: list[str], name: str) -> bool:
    from PySide6.QtNetwork import QLocalSocket

    socket = QLocalSocket()
    socket.connectToServer(name)
    if not socket.waitForConnected(CONNECT_TIMEOUT_MS):
        return False
    socket.write(_message(files))
    ok = socket.waitForBytesWritten(WRITE_TIMEOUT_MS)
    socket.disconnectFromServer()
    if socket.state() != QLocalSocket.LocalSocketState.UnconnectedState:
        socket.waitForDisconnected(WRITE_TIMEOUT_MS)
    return ok


class InstanceServer(QObject):
    """The first instance's listener; emits the files later launches hand over."""

    files_received = Signal(list)
    """Another launch asked to open these files (list of str; empty: just raise the window)."""

    def __init__(self, name: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        from PySide6.QtNetwork import QLocalServer

        self.name = name or server_name()
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._accept)
        self._buffers: dict[QLocalSocket, bytearray] = {}

    def listen(self) -> bool:
        """Start listening, clearing a stale name left by a crashed instance.

        Call only after :func:`send_to_running` found nobody: then the name is stale.
        """
        if self._server.listen(self.name):
            return True
        self._server.removeServer(self.name)
        return self._server.listen(self.name)

    def close(self) -> None:
        """Stop listening (on exit), freeing the name for the next launch."""
        self._server.close()

    def _accept(self) -> None:
        while self._server.hasPendingConnections():
            socket = self._server.nextPendingConnection()
            self._buffers[socket] = bytearray()
            socket.readyRead.connect(lambda s=socket: self._read(s))
            socket.disconnected.connect(lambda s=socket: self._finish(s))
            if socket.bytesAvailable():
                self._read(socket)
            if socket.state() == socket.LocalSocketState.UnconnectedState:
                self._finish(socket)

    def _read(self, socket: QLocalSocket) -> None:
        buffer = self._buffers.get(socket)
        if buffer is None:
            return
        buffer += bytes(socket.readAll().data())
        if len(buffer) > MAX_MESSAGE_BYTES:
            self._buffers.pop(socket, None)
            socket.abort()

    def _finish(self, socket: QLocalSocket) -> None:
        buffer = self._buffers.pop(socket, None)
        if buffer is None:
            return
        buffer += bytes(socket.readAll().data())
        # No deleteLater(): the socket is the server's child and goes with it; deleting it from
        # inside its own disconnected() signal crashed PySide 6.11 when the loop quit right after.
        socket.close()
        try:
            import json

            message = json.loads(buffer.decode("utf-8"))
            files = [str(f) for f in message.get("files", []) if isinstance(f, str)]
        except (UnicodeDecodeError, ValueError, AttributeError):
            return
        self.files_received.emit(files)
