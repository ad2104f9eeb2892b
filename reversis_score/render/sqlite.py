"""The SQLite export: many sessions, from many files, in one database file a club can query.

The schema is render/schema.py's, the rows render/database.py's; this module knows SQLite.

Safety, also with several exports at once:
- The whole run is one transaction on the real file. It takes the write lock up front
  (``BEGIN IMMEDIATE``), so a second export waits for the first (up to ``LOCK_WAIT``
  seconds), then sees its sessions; if the lock does not come, it fails naming the lock and
  changes nothing.
- A new database is created in place, inside that same transaction: there is no temporary
  file renamed over the target, so two runs that both find no database cannot overwrite
  each other's work. A run that fails or is killed before its commit leaves a new database
  empty and valid (a file of no tables, which the next export fills); an existing one is
  exactly as it was.
- Outcomes are returned only after the commit: "added" is never said of a session that is
  not there.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path

from reversis_score.render.database import Reader, Session, write_run
from reversis_score.render.schema import SCHEMA_VERSION, TABLES, VIEWS, TargetProblem, judge, render

LOCK_WAIT = 60.0  # seconds a run waits for another run's write lock before it gives up


def export_sqlite(path: Path, sessions: Iterable[tuple[str, Session]]) -> list[str]:
    """Write ``(sha256, ledger or rows)`` sessions into the database at ``path``; say what was done.

    The iterable is consumed lazily, one session at a time, inside one transaction.
    Raises ``TargetProblem`` when the file cannot take them (nothing changed).
    """
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise TargetProblem(f"no such folder {folder}")
    if path.is_dir():
        raise TargetProblem("is a directory, not a database file")
    try:
        # isolation_level=None: no implicit transactions, so BEGIN/COMMIT are ours alone;
        # timeout: how long BEGIN IMMEDIATE waits for another writer's lock.
        conn = sqlite3.connect(path, isolation_level=None, timeout=LOCK_WAIT)
    except sqlite3.Error as exc:
        raise TargetProblem(f"cannot be opened ({exc})") from None
    try:
        conn.execute("PRAGMA foreign_keys = ON")  # per connection, and only outside a transaction
        return _write(conn, sessions)
    finally:
        conn.close()


def _write(conn: sqlite3.Connection, sessions: Iterable[tuple[str, Session]]) -> list[str]:
    """One transaction for the whole run; any exception rolls it all back and is raised again."""
    _lock(conn)
    try:
        _ensure_schema(conn)
        done = write_run(conn, sessions, "?")
        conn.execute("COMMIT")
        return done
    except sqlite3.Error as exc:
        _rollback(conn)
        raise TargetProblem(f"cannot be written ({exc})") from None
    except BaseException:
        _rollback(conn)
        raise


def _lock(conn: sqlite3.Connection) -> None:
    """Take the write lock now, not half-way through; wait for another export's, then give up."""
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            raise TargetProblem(f"another export holds the database's write lock (waited {LOCK_WAIT:g} s "
                                "for it); try again when that export is done") from None
        raise TargetProblem(f"cannot be written ({exc})") from None
    except sqlite3.DatabaseError as exc:
        raise TargetProblem(f"cannot be written ({exc})") from None


def _rollback(conn: sqlite3.Connection) -> None:
    if conn.in_transaction:
        conn.execute("ROLLBACK")


def _ensure_schema(conn: sqlite3.Connection) -> None:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}
    ours = set(TABLES) | set(VIEWS)
    judge(version, names & ours, names - ours, strict_file=True)
    # Every statement says IF NOT EXISTS: an older database of this version gains what it lacks.
    for statement in render("sqlite"):
        conn.execute(statement)
    if version != SCHEMA_VERSION:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def open_sqlite(path: Path) -> Reader:
    """Open a season database file read-only; a missing or foreign file is a ``TargetProblem``."""
    if not path.is_file():
        raise TargetProblem(f"{path}: no such database (write one with 'reversis-score export "
                            "FILE... --format sqlite --to PATH')")
    try:
        conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise TargetProblem(f"{path}: cannot be opened ({exc})") from None
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise TargetProblem(f"{path}: not a SQLite database ({exc})") from None
    return Reader.checked(conn, version, names, "?", str(path), (sqlite3.Error,))
