"""A throwaway PostgreSQL server for the tests: initdb and pg_ctl in a temporary directory.

The server listens on a Unix socket in that directory only (no TCP port), trusts local
connections except for one role that must give its password (to test that a password never
shows), and is stopped and removed at the end. PostgreSQL refuses to run as root: as root the
server runs as the unprivileged ``postgres`` user (``runuser -u postgres --``), otherwise as
the current user.

Each pytest-xdist worker starts its own server in its own folder (``tempfile.mkdtemp``) and
reaches it by a socket in that folder: several workers, or several runs, never meet.

``find_server()`` says why no server can be had, so the tests that need one skip with that
reason (or fail under CI, whose .ci/run installs one).
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

PASSWORD_ROLE = "secretive"  # the one role that logs in with a password (scram-sha-256)


@dataclass(frozen=True)
class Binaries:
    """Where initdb and pg_ctl are, and the command prefix that runs them unprivileged."""

    bindir: Path
    prefix: tuple[str, ...]
    owner: tuple[int, int] | None  # (uid, gid) that must own the server's directory


def find_server() -> Binaries | str:
    """The server binaries and how to run them, or why they cannot be had."""
    candidates = [Path(p).parent for p in [shutil.which("initdb")] if p]
    candidates += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]
    candidates += [Path("/usr/local/pgsql/bin")]
    bindir = next((d for d in candidates if (d / "initdb").exists() and (d / "pg_ctl").exists()), None)
    if bindir is None:
        return "no PostgreSQL server binaries (initdb, pg_ctl) found: install postgresql"
    if os.geteuid() != 0:
        return Binaries(bindir, (), None)
    try:
        user = pwd.getpwnam("postgres")
    except KeyError:
        return "running as root and there is no 'postgres' user to run the server as"
    runuser = shutil.which("runuser")
    if runuser is None:
        return "running as root and runuser is missing: cannot start the server unprivileged"
    return Binaries(bindir, (runuser, "-u", "postgres", "--"), (user.pw_uid, user.pw_gid))


class Server:
    """One running server; ``url()`` names a database on it."""

    def __init__(self, binaries: Binaries) -> None:
        self.binaries = binaries
        # Not under pytest's tmp_path: its parents are private to root, and the server's
        # user must reach the directory. Kept short: a socket path has a 107-byte limit.
        self.root = Path(tempfile.mkdtemp(prefix="rvs-pg-"))
        if binaries.owner is not None:
            os.chown(self.root, *binaries.owner)
        self.data = self.root / "data"

    def _run(self, tool: str, *args: str) -> None:
        cmd = [*self.binaries.prefix, str(self.binaries.bindir / tool), *args]
        done = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            said = [line for line in (done.stderr or done.stdout).splitlines() if line.strip()]
            raise RuntimeError(f"{tool} failed: {said[-1] if said else done.returncode}")

    def start(self) -> None:
        """initdb, then pg_ctl start on the socket only."""
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                  "--locale=C", "--no-sync")
        hba = self.data / "pg_hba.conf"
        hba.write_text(f"local all {PASSWORD_ROLE} scram-sha-256\nlocal all all trust\n")
        if self.binaries.owner is not None:
            os.chown(hba, *self.binaries.owner)
        options = (f"-c listen_addresses='' -k {self.root} -c fsync=off -c synchronous_commit=off "
                   "-c full_page_writes=off")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-w", "-t", "60",
                  "-o", options, "start")

    def stop(self) -> None:
        """Stop the server and remove its directory."""
        try:
            if (self.data / "postmaster.pid").exists():  # else it never started
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str, user: str = "postgres", password: str | None = None) -> str:
        """A libpq URL for ``database`` over the socket (the host is the socket's folder)."""
        secret = f":{quote(password, safe='')}" if password else ""
        return f"postgresql://{user}{secret}@/{database}?host={quote(str(self.root), safe='')}"

    def admin(self, database: str = "postgres"):
        """A superuser connection in autocommit mode."""
        import psycopg
        return psycopg.connect(self.url(database), autocommit=True)
