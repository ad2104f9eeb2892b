"""The PostgreSQL export and reader: one season that the scorers of several clubs share.

The tables, indexes and views are render/schema.py's (rendered for PostgreSQL), the rows
render/database.py's; this module knows the server. The driver is psycopg 3, an optional
dependency (``pip install 'reversis-score[postgres]'``); credentials follow libpq: the URL,
the ``PG*`` environment variables, ``~/.pgpass``.

Safety with several scorers at once, on several machines:
- A run is one transaction. It first takes a transaction-level advisory lock, the same key
  for every run, so exports into one database take turns: the second waits for the first
  (up to ``LOCK_WAIT`` seconds; then it fails naming the lock, changing nothing) and then
  sees its sessions. The same session sent by two scorers is therefore stored once, and two
  runs can never deadlock over each other's sessions.
- The schema is created inside that transaction, under that lock, when none of it is there.
- Anything that goes wrong (the server gone, missing rights, Ctrl-C) rolls the whole run
  back; outcomes are returned only after the commit.
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

from reversis_score.i18n import _, fill
from reversis_score.render.database import (
    NO_CHOICES,
    Choices,
    Outcome,
    Reader,
    Session,
    forget_run,
    scrub,
    shown,
    write_run,
)
from reversis_score.render.migrate import migrate
from reversis_score.render.schema import SCHEMA_VERSION, TABLES, VIEWS, TargetProblem, judge, render

LOCK_WAIT = 60.0  # seconds a run waits for another run's export lock before it gives up
# One key for every export of every club: derived from a name, so no other program's
# advisory locks are likely to collide with it.
LOCK_KEY = int.from_bytes(hashlib.sha256(b"reversis-score export").digest()[:8], "big", signed=True)
VERSION_NOTE = "reversis-score schema {}"  # PostgreSQL's stand-in for SQLite's user_version


def _driver() -> Any:
    try:
        import psycopg
    except ImportError:
        raise TargetProblem(_("a PostgreSQL database needs psycopg 3: "
                              "pip install 'reversis-score[postgres]'")) from None
    return psycopg


def _said(exc: BaseException, target: str) -> str:
    """A driver's message on one line, without the password."""
    return scrub(" ".join(str(exc).split()) or type(exc).__name__, target)


def _connect(target: str) -> Any:
    psycopg = _driver()
    try:
        return psycopg.connect(target, connect_timeout=10, application_name="reversis-score")
    except psycopg.Error as exc:
        raise TargetProblem(fill(_("cannot connect ({why})"), why=_said(exc, target))) from None


def export_postgres(target: str, sessions: Iterable[tuple[str, Session]],
                    notes: list[str] | None = None, strict: bool = False,
                    choices: Choices = NO_CHOICES) -> list[Outcome]:
    """Write ``(sha256, ledger or rows)`` sessions into the database at URL ``target``; the outcomes.

    The iterable is consumed lazily, one session at a time, inside one transaction.
    A database of schema 1 is brought up to date first (its message joins ``notes``).
    Raises ``TargetProblem`` (one line, no password) when it cannot be done; nothing changed.
    """
    psycopg = _driver()
    conn = _connect(target)
    try:
        with conn.transaction():
            _lock(conn, psycopg)
            said = ensure_schema(conn, shown(target))
            done = write_run(conn, sessions, "%s", strict, choices)
        if said and notes is not None:
            notes.append(said)
        return done
    except psycopg.Error as exc:
        raise TargetProblem(fill(_("cannot be written ({why})"), why=_said(exc, target))) from None
    finally:
        conn.close()


def _lock(conn: Any, psycopg: Any) -> None:
    """Take the one export lock of this database, waiting at most LOCK_WAIT seconds."""
    conn.execute(f"SET LOCAL lock_timeout = '{int(LOCK_WAIT * 1000)}ms'")
    try:
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
    except psycopg.errors.LockNotAvailable:
        raise TargetProblem(fill(_("another export holds the database's export lock (advisory lock {key}; "
                                   "waited {seconds} s for it); try again when that export is done"),
                                 key=LOCK_KEY, seconds=f"{LOCK_WAIT:g}")) from None


def _ours(conn: Any) -> tuple[int | None, set[str]]:
    """The schema version written here (None when none) and which of our names exist."""
    rows = conn.execute(
        "SELECT c.relname, obj_description(c.oid, 'pg_class') FROM pg_class c"
        " JOIN pg_namespace n ON n.oid = c.relnamespace"
        " WHERE n.nspname = current_schema() AND c.relname = ANY(%s)"
        " AND c.relkind IN ('r', 'p', 'v', 'm', 'f')", (list(TABLES + VIEWS),)).fetchall()
    notes = {name: note for name, note in rows}
    version = None
    for candidate in range(1, SCHEMA_VERSION + 1):
        if notes.get("sessions") == VERSION_NOTE.format(candidate):
            version = candidate
    return version, set(notes)


def ensure_schema(conn: Any, target: str, create: bool = True) -> str | None:
    """Create the schema when none of it is here (unless not ``create``), or bring a schema 1
    database up to date (the message says so); refuse tables of our names that are not ours."""
    version, present = _ours(conn)
    state = judge(version, present, set(), strict_file=False)
    if state == "create" and not create:
        raise TargetProblem(_("not a reversis-score database (no sessions written by export)"))
    said = None
    if state == "create":
        for statement in render("postgresql"):
            conn.execute(statement)
    elif state == "migrate":
        said = migrate(conn, "postgresql", "%s", target, version or 1)
    if state != "ready":
        conn.execute(f"COMMENT ON TABLE sessions IS '{VERSION_NOTE.format(SCHEMA_VERSION)}'")
    return said


def forget_postgres(target: str, chosen: list[tuple[int, str]], notes: list[str] | None = None) -> int:
    """Remove the sessions ``chosen`` (id, sha256) in one transaction under the export lock (a
    schema 1 database is brought up to date first); how many were removed."""
    psycopg = _driver()
    conn = _connect(target)
    try:
        with conn.transaction():
            _lock(conn, psycopg)
            said = ensure_schema(conn, shown(target), create=False)
            gone = forget_run(conn, chosen, "%s")
    except psycopg.Error as exc:
        raise TargetProblem(fill(_("cannot be written ({why})"), why=_said(exc, target))) from None
    finally:
        conn.close()
    if said and notes is not None:
        notes.append(said)
    return gone


def open_postgres(target: str) -> Reader:
    """Open a league database read-only; a database without our schema is a ``TargetProblem``."""
    psycopg = _driver()
    try:
        conn = _connect(target)
    except TargetProblem as exc:
        raise TargetProblem(f"{shown(target)}: {exc}") from None
    conn.read_only = True
    try:
        version, present = _ours(conn)
    except psycopg.Error as exc:
        conn.close()
        raise TargetProblem(fill(_("{target}: cannot be read ({why})"), target=shown(target),
                                 why=_said(exc, target))) from None
    return Reader.checked(conn, version, present, "%s", shown(target), (psycopg.Error,), target)
