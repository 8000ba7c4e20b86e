"""A throwaway PostgreSQL cluster on localhost for the team tests (Debian's ``postgresql``).

``initdb`` and ``pg_ctl`` run as an unprivileged user (``nobody`` when the tests run as root,
as CI does: PostgreSQL refuses to run as root), with the data folder and the socket in a
temporary folder and the server on a free port of 127.0.0.1 only. Passwords are checked on TCP
(scram-sha-256), so a wrong password is a real refusal; clients find theirs in a ``.pgpass`` file
the cluster writes, never in a URL. ``fsync`` is off: the cluster is thrown away after the run.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

SUPERUSER = "planner_admin"
"""The cluster's superuser, which owns the test databases."""


def find_bindir() -> Path | None:
    """The newest installed PostgreSQL's program folder, or ``None`` when there is none."""
    env = os.environ.get("GPU_PLANNER_PG_BINDIR")
    if env and (Path(env) / "initdb").exists():
        return Path(env)
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name) if
                   Path(p).parent.parent.name.isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def _free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Cluster:
    """One running (or stopped) cluster; :meth:`start` and :meth:`stop` may be called again."""

    bindir: Path
    root: Path
    port: int = field(default_factory=_free_port)
    passwords: dict[str, str] = field(default_factory=dict)

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def pgpass(self) -> Path:
        return self.root / "pgpass"

    def _run(self, *argv: str) -> subprocess.CompletedProcess[str]:
        cmd = [str(self.bindir / argv[0]), *argv[1:]]
        if os.geteuid() == 0:
            cmd = ["runuser", "-u", "nobody", "--", *cmd]
        return subprocess.run(cmd, check=True, capture_output=True, text=True, timeout=120,
                              cwd=self.root)

    def init(self) -> None:
        """Create the cluster with a password for its superuser."""
        self.passwords[SUPERUSER] = "admin-secret"
        pwfile = self.root / "pw"
        pwfile.write_text(self.passwords[SUPERUSER] + "\n")
        if os.geteuid() == 0:
            shutil.chown(self.root, "nobody")
            shutil.chown(pwfile, "nobody")
        self._run("initdb", "-D", str(self.data), "-U", SUPERUSER, "--pwfile", str(pwfile),
                  "--auth-local=scram-sha-256", "--auth-host=scram-sha-256", "-E", "UTF8",
                  "--no-locale", "--no-sync")
        pwfile.unlink()
        self.write_pgpass()

    def start(self) -> None:
        """Start the server on 127.0.0.1:port and wait until it accepts connections."""
        options = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                   "-c max_connections=80 -c shared_buffers=32MB")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-w",
                  "-t", "60", "-o", options, "start")

    def stop(self) -> None:
        """Stop the server at once (open sessions are cut, as a crash or a cable would)."""
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def write_pgpass(self) -> None:
        """Write every known password into the cluster's ``.pgpass`` (mode 0600, as libpq asks)."""
        lines = [f"127.0.0.1:{self.port}:*:{user}:{pw}" for user, pw in self.passwords.items()]
        self.pgpass.write_text("\n".join(lines) + "\n")
        self.pgpass.chmod(0o600)

    def url(self, user: str = SUPERUSER, database: str = "postgres", **query: str) -> str:
        """A ``postgresql://`` URL with no password in it (libpq reads ``.pgpass``)."""
        extra = "".join(f"&{k}={v}" for k, v in query.items())
        return f"postgresql://{user}@127.0.0.1:{self.port}/{database}?connect_timeout=5{extra}"

    def admin_sql(self, sql: str, database: str = "postgres") -> None:
        """Run SQL as the superuser (autocommit, so CREATE DATABASE works)."""
        import psycopg

        with psycopg.connect(host="127.0.0.1", port=self.port, user=SUPERUSER,
                             password=self.passwords[SUPERUSER], dbname=database,
                             autocommit=True) as con:
            con.execute(sql)  # type: ignore[arg-type]

    def add_login(self, user: str, password: str) -> None:
        """Create a login role (no rights yet) and remember its password in ``.pgpass``."""
        self.admin_sql(f"CREATE ROLE {user} LOGIN PASSWORD '{password}'")
        self.passwords[user] = password
        self.write_pgpass()

    def create_database(self, name: str) -> None:
        """A new, empty database owned by the superuser."""
        self.admin_sql(f"CREATE DATABASE {name}")


def start_cluster() -> Cluster:
    """Create and start a cluster in a new temporary folder; raises if PostgreSQL is absent."""
    bindir = find_bindir()
    if bindir is None:
        raise FileNotFoundError("PostgreSQL's initdb was not found")
    root = Path(tempfile.mkdtemp(prefix="planner-pg-"))
    root.chmod(0o755)
    cluster = Cluster(bindir=bindir, root=root)
    try:
        cluster.init()
        cluster.start()
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    return cluster


def remove_cluster(cluster: Cluster) -> None:
    """Stop the server and delete its folder."""
    cluster.stop()
    shutil.rmtree(cluster.root, ignore_errors=True)
