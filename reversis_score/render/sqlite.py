"""The SQLite export: many sessions, from many files, in one database file a club can query.

The schema is render/schema.py's, the rows render/database.py's; this module knows SQLite.

Safety, also with several exports at once:
- The whole run is one transaction on the real file. It takes the write lock up front
  (``BEGIN IMMEDIATE``), so a second export waits for the first (up to ``LOCK_WAIT``
  seconds), then sees its sessions; if the lock does not come, it fails naming the lock and
  changes nothing.
- A new database is created in place, inside that same transaction: there is no temporary
  file renamed over the target, so two runs that both find no database cannot overwrite
  each other's work. A run that fails before its commit removes the new (still empty) file
  it created, while it holds the write lock; another run that opened that file meanwhile
  sees, once it has the lock, that its file is gone, and starts again on a new one. An
  existing database, empty or not, is exactly as it was; only a ``kill -9`` can leave a new
  empty file (valid: the next export fills it).
- Outcomes are returned only after the commit: "added" is never said of a session that is
  not there.
"""
from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from reversis_score.i18n import _, fill
from reversis_score.render.database import Outcome, Reader, Session, forget_run, write_run
from reversis_score.render.migrate import migrate
from reversis_score.render.schema import SCHEMA_VERSION, TABLES, VIEWS, TargetProblem, judge, render

LOCK_WAIT = 60.0  # seconds a run waits for another run's write lock before it gives up


def export_sqlite(path: Path, sessions: Iterable[tuple[str, Session]],
                  notes: list[str] | None = None, strict: bool = False) -> list[Outcome]:
    """Write ``(sha256, ledger or rows)`` sessions into the database at ``path``; say what was done.

    The iterable is consumed lazily, one session at a time, inside one transaction.
    A database of schema 1 is brought up to date first (its message joins ``notes``).
    Raises ``TargetProblem`` when the file cannot take them (nothing changed).
    """
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise TargetProblem(fill(_("no such folder {folder}"), folder=folder))
    if path.is_dir():
        raise TargetProblem(_("is a directory, not a database file"))
    while True:
        conn, created, held = _connect(path)
        try:
            conn.execute("PRAGMA foreign_keys = ON")  # per connection, and only outside a transaction
            if _locked(conn, path, held):
                return _write(conn, sessions, Path(os.path.realpath(path)) if created else None,
                              notes, str(path), strict)
        finally:
            conn.close()


def _connect(path: Path) -> tuple[sqlite3.Connection, bool, tuple[int, int] | None]:
    """A connection to the file (made when missing), whether this run made it, and the file's
    identity as it was opened."""
    created = not path.exists()
    try:
        # isolation_level=None: no implicit transactions, so BEGIN/COMMIT are ours alone;
        # timeout: how long BEGIN IMMEDIATE waits for another writer's lock.
        conn = sqlite3.connect(path, isolation_level=None, timeout=LOCK_WAIT)
    except sqlite3.Error as exc:
        raise TargetProblem(fill(_("cannot be opened ({why})"), why=exc)) from None
    return conn, created, _inode(path)


def _locked(conn: sqlite3.Connection, path: Path, held: tuple[int, int] | None) -> bool:
    """Take the write lock on the file ``conn`` holds; False (no lock) when that file is no
    longer ``path``'s: a failed run removed the new file we opened, and we open the new one."""
    try:
        _lock(conn)
    except TargetProblem:
        if _inode(path) != held:
            return False
        raise
    if _inode(path) != held:
        _rollback(conn)
        return False
    return True


def _inode(path: Path) -> tuple[int, int] | None:
    """The device and inode ``path`` names now (None when it is gone)."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _write(conn: sqlite3.Connection, sessions: Iterable[tuple[str, Session]],
           created: Path | None = None, notes: list[str] | None = None, target: str = "",
           strict: bool = False) -> list[Outcome]:
    """One transaction for the whole run; any exception rolls it all back and is raised again.

    ``created`` is the path of the file this run made: if it is still empty when the run
    fails, it is removed, under the write lock.
    """
    new = created is not None and os.stat(created).st_size == 0
    try:
        said = ensure_schema(conn, target)
        done = write_run(conn, sessions, "?", strict)
        conn.execute("COMMIT")
        if said and notes is not None:
            notes.append(said)
        return done
    except sqlite3.Error as exc:
        _give_up(conn, created if new else None)
        raise TargetProblem(fill(_("cannot be written ({why})"), why=exc)) from None
    except BaseException:
        _give_up(conn, created if new else None)
        raise


def _give_up(conn: sqlite3.Connection, created: Path | None) -> None:
    """Roll back; and remove the file this run created, while its lock still keeps others out."""
    if created is not None:
        try:
            os.unlink(created)
        except OSError:
            pass
    _rollback(conn)


def _lock(conn: sqlite3.Connection) -> None:
    """Take the write lock now, not half-way through; wait for another export's, then give up."""
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            raise TargetProblem(fill(_("another export holds the database's write lock (waited {seconds} s "
                                       "for it); try again when that export is done"),
                                     seconds=f"{LOCK_WAIT:g}")) from None
        raise TargetProblem(fill(_("cannot be written ({why})"), why=exc)) from None
    except sqlite3.DatabaseError as exc:
        raise TargetProblem(fill(_("cannot be written ({why})"), why=exc)) from None


def _rollback(conn: sqlite3.Connection) -> None:
    if conn.in_transaction:
        conn.execute("ROLLBACK")


def ensure_schema(conn: sqlite3.Connection, target: str, create: bool = True) -> str | None:
    """Create the schema (unless not ``create``: then a database without it is refused), or
    bring a schema 1 database up to date (then the message says so)."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}
    ours = set(TABLES) | set(VIEWS)
    said = None
    state = judge(version, names & ours, names - ours, strict_file=True)
    if state == "create" and not create:
        raise TargetProblem(_("not a reversis-score database (no sessions written by export)"))
    if state == "migrate":
        said = migrate(conn, "sqlite", "?", target, version)
    # Every statement says IF NOT EXISTS: an older database of this version gains what it lacks.
    for statement in render("sqlite"):
        conn.execute(statement)
    if version != SCHEMA_VERSION:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    return said


def forget_sqlite(path: Path, chosen: list[tuple[int, str]], notes: list[str] | None = None) -> int:
    """Remove the sessions ``chosen`` (id, sha256) from the database at ``path``, in one
    transaction under the write lock (a schema 1 database is brought up to date first: its
    message joins ``notes``); how many were removed. ``TargetProblem`` when it cannot be done
    (nothing changed), also when a session changed since it was shown."""
    if not path.is_file():
        raise TargetProblem(_("no such database"))
    conn = _connect(path)[0]
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        _lock(conn)
        try:
            said = ensure_schema(conn, str(path), create=False)
            gone = forget_run(conn, chosen, "?")
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            _rollback(conn)
            raise TargetProblem(fill(_("cannot be written ({why})"), why=exc)) from None
        except BaseException:
            _rollback(conn)
            raise
    finally:
        conn.close()
    if said and notes is not None:
        notes.append(said)
    return gone


def open_sqlite(path: Path) -> Reader:
    """Open a season database file read-only; a missing or foreign file is a ``TargetProblem``."""
    if not path.is_file():
        raise TargetProblem(fill(_("{path}: no such database (write one with 'reversis-score export "
                                   "FILE... --format sqlite --to PATH')"), path=path))
    try:
        conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise TargetProblem(fill(_("{path}: cannot be opened ({why})"), path=path, why=exc)) from None
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise TargetProblem(fill(_("{path}: not a SQLite database ({why})"), path=path, why=exc)) from None
    return Reader.checked(conn, version, names, "?", str(path), (sqlite3.Error,))
