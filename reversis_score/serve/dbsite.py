"""The season database as ``serve DB`` reads it: every SQL query of the site, its connections,
and the season's version stamp.

DB is a SQLite file or a ``postgresql://`` URL, written by ``export`` (schema 4: the site's
tables, render/schema.py's ``SITE``). Nothing is written here, and nothing is kept between
requests that the database does not say is still good:

- ``stamp()``: the season's version, the largest id of ``season_changes`` (one indexed read;
  each export or ``forget`` adds a row). It is read at most every ``STAMP_TTL`` seconds per
  process, so a night exported by any club reaches every server within that, plus a page's
  poll. A server keeps nothing else between requests but caches keyed by it.
- ``figures(club)``: the season's sessions as report/season.py's ``figures_from_database``
  reads them (one computation for ``season``, the folder's pages and these), inside one
  read-only transaction with the stamp they stand for.
- ``session(key)``: one session's identity (id, sha256), rules and record: what its pages
  need, and nothing of the other sessions (a night's pages cost what the night costs).
- ``addresses()``: each session's key, the part of its pages' addresses after ``/session/``.
  A session is known by its club and its name (render/identity.py): while every session is of
  one club, its key is its name (the folder's addresses); once there are two clubs, it is
  always ``CLUB/NAME`` (a ``/`` or ``~`` in the club written ``~-``, ``~~``), so that two
  clubs' nights of one name are two addresses, and no key is ever read two ways.

Connections come from a pool: psycopg_pool's ``ConnectionPool`` for PostgreSQL (the
``postgres`` extra; psycopg's own, maintained with it), a small queue of read-only
connections for a SQLite file. Each request borrows one for the time of its queries only.

Every query is in this module, so that a change of the schema's names is made here once.
"""
from __future__ import annotations

import json
import queue
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reversis_score.i18n import _, fill
from reversis_score.render.database import Reader, is_postgres_url, scrub, shown
from reversis_score.render.schema import SCHEMA_VERSION, SITE_STEP, TargetProblem
from reversis_score.report.season import SessionFigures, figures_from_database
from reversis_score.rules.houserules import RuleSet
from reversis_score.rules.knobs import DEFAULT_PRESET, KNOB_NAMES, PRESETS, with_values

STAMP_TTL = 0.5  # seconds a process trusts the stamp it last read (live within 2 s: the poll is 1 s)
POOL_SIZE = 4  # connections per process at most: a page holds one for its few queries
WAIT = 5.0  # seconds a request waits for a free connection before it is answered 503

_STAMP = "SELECT MAX(id) FROM season_changes"
_SESSION = ("SELECT s.id, s.sha256, s.rules_preset, s.rules_source, s.rules_knobs, r.text "
            "FROM sessions s LEFT JOIN records r ON r.session_id = s.id WHERE s.club = ? AND s.name = ?")
_SHA = "SELECT sha256 FROM sessions WHERE club = ? AND name = ?"
_LATEST = "SELECT club, name FROM sessions ORDER BY id DESC LIMIT ?"
_CLUBS = "SELECT DISTINCT club FROM sessions WHERE club <> '' ORDER BY club"
_IDENTITIES = "SELECT club, name FROM sessions"


@dataclass(frozen=True, slots=True)
class Addresses:
    """Each session's key (see the module docstring), at one version of the season."""

    clubs: bool  # more than one club: every key is CLUB/NAME
    by_key: dict[str, tuple[str, str]]  # key → (club, name)
    names: dict[str, list[str]]  # name → the keys of the sessions of that name

    @classmethod
    def of(cls, identities: list[tuple[str, str]]) -> Addresses:
        """The keys of the sessions ``identities`` (club, name)."""
        clubs = len({club for club, _name in identities}) > 1
        found = cls(clubs, {}, {})
        for club, name in identities:
            key = found.key(club, name)
            found.by_key[key] = (club, name)
            found.names.setdefault(name, []).append(key)
        return found

    def key(self, club: str, name: str) -> str:
        """The key of the session of ``club`` called ``name``."""
        if not self.clubs:
            return name
        return club.replace("~", "~~").replace("/", "~-") + "/" + name

    def parts(self) -> int:
        """How many ``/``-parts a key has."""
        return 2 if self.clubs else 1


class SiteProblem(Exception):
    """The database cannot be served: one line for the user (no password in it), exit 2."""


class Busy(Exception):
    """No connection came within ``WAIT`` seconds (all lent, or the server does not answer):
    the request is answered 503."""


@dataclass(frozen=True, slots=True)
class StoredSession:
    """What a session's pages need of the database: its identity, rules and record."""

    id: int
    sha256: str
    rules: RuleSet
    record: str | None  # None: exported before the site's step (export it again)


class Site:
    """A season database opened for the pages of ``serve`` (see the module docstring)."""

    def __init__(self, target: str, size: int = POOL_SIZE) -> None:
        self.target, self.name = target, shown(target)
        self.postgres = is_postgres_url(target)
        self.mark = "%s" if self.postgres else "?"
        self._pool: Any = _postgres_pool(target, size) if self.postgres else _SqlitePool(Path(target), size)
        self._stamp: tuple[float, str] | None = None
        self._stamp_lock = threading.Lock()
        self._addresses: tuple[str, Addresses] | None = None
        try:
            self._check()
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Close every connection of the pool."""
        self._pool.close()

    # -------------------------------------------------------------- connections
    @contextmanager
    def reader(self) -> Iterator[Reader]:
        """A connection of the pool as a ``Reader``, in one read-only transaction."""
        errors: tuple[type[BaseException], ...] = (sqlite3.Error,)
        if self.postgres:
            import psycopg
            errors = (psycopg.Error,)
        with self._pool.connection() as conn:
            yield Reader(conn, self.mark, self.name, errors, self.target)

    def _check(self) -> None:
        """Refuse a database the pages cannot be made from, in one line."""
        try:
            with self.reader() as db:
                version = _version(db, self.postgres)
                if version != SCHEMA_VERSION:
                    raise SiteProblem(_site_schema(self.name, version))
        except TargetProblem as exc:
            raise SiteProblem(str(exc)) from None

    # -------------------------------------------------------------- the queries
    def fresh_stamp(self) -> str | None:
        """The season's version as last read, if that was less than STAMP_TTL seconds ago."""
        kept = self._stamp
        return kept[1] if kept is not None and time.monotonic() - kept[0] < STAMP_TTL else None

    def stamp(self) -> str:
        """The season's version (re-read at most every STAMP_TTL seconds)."""
        fresh = self.fresh_stamp()
        if fresh is not None:
            return fresh
        with self._stamp_lock:
            fresh = self.fresh_stamp()  # (read meanwhile by the thread that held the lock)
            if fresh is not None:
                return fresh
            with self.reader() as db:
                stamp = _stamp_of(db)
            self._stamp = (time.monotonic(), stamp)
            return stamp

    def figures(self, club: str | None = None) -> tuple[str, list[SessionFigures]]:
        """Every session's figures (one club's, when named), and the stamp they stand for."""
        with self.reader() as db:
            stamp = _stamp_of(db)
            found = figures_from_database(db)
        if club is not None:
            found = [f for f in found if f.club == club]
        return stamp, found

    def clubs(self) -> list[str]:
        """The clubs that exported sessions (those without a club are in no club's page)."""
        with self.reader() as db:
            return [row[0] for row in db.rows(_CLUBS)]

    def fresh_addresses(self) -> Addresses | None:
        """The sessions' keys as last read, if the season has not changed since (as far as a
        stamp read less than STAMP_TTL ago knows)."""
        stamp, kept = self.fresh_stamp(), self._addresses
        return kept[1] if stamp is not None and kept is not None and kept[0] == stamp else None

    def addresses(self) -> Addresses:
        """The sessions' keys now (read again only when the season's stamp moved)."""
        kept = self._addresses
        if kept is not None and kept[0] == self.stamp():
            return kept[1]
        with self.reader() as db:
            stamp = _stamp_of(db)
            found = Addresses.of([(row[0], row[1]) for row in db.rows(_IDENTITIES)])
        self._addresses = (stamp, found)
        return found

    def _of_key(self, key: str, sql: str) -> list[tuple]:
        """The rows of ``sql`` for the session of ``key`` (club, name); none when there is none."""
        identity = self.addresses().by_key.get(key)
        if identity is None:
            return []
        with self.reader() as db:
            return db.rows(sql, identity)

    def sha(self, key: str) -> str | None:
        """The content hash of the session of ``key`` (None when there is none): its version."""
        rows = self._of_key(key, _SHA)
        return rows[0][0] if rows else None

    def latest(self, count: int) -> list[str]:
        """The keys of the ``count`` sessions exported last."""
        with self.reader() as db:
            rows = db.rows(_LATEST, (count,))
        found = self.addresses()
        return [found.key(club, name) for club, name in rows]

    def session(self, key: str) -> StoredSession | None:
        """The session of ``key`` (see ``addresses``), or None."""
        rows = self._of_key(key, _SESSION)
        if not rows:
            return None
        session_id, sha, preset, source, knobs, text = rows[0]
        return StoredSession(session_id, sha, ruleset(preset, source, knobs), text)


def ruleset(preset: str, source: str, knobs_json: str) -> RuleSet:
    """The rules a session was settled under, from its row (every knob's value as JSON)."""
    base = PRESETS.get(preset, PRESETS[DEFAULT_PRESET])
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in json.loads(knobs_json).items()
              if k in KNOB_NAMES}
    return RuleSet(preset if preset in PRESETS else DEFAULT_PRESET, with_values(base, values), source)


def _stamp_of(db: Reader) -> str:
    return str(db.rows(_STAMP)[0][0] or 0)


def _version(db: Reader, postgres: bool) -> int | None:
    """The schema version written in the database (None when there is none)."""
    if not postgres:
        return db.rows("PRAGMA user_version")[0][0]
    from reversis_score.render.postgres import VERSION_NOTE
    note = db.rows("SELECT obj_description(to_regclass('sessions'), 'pg_class')")[0][0]
    for version in range(1, SCHEMA_VERSION + 1):
        if note == VERSION_NOTE.format(version):
            return version
    return None


def _site_schema(name: str, version: int | None) -> str:
    if not version:
        return fill(_("{name}: not a reversis-score database (no sessions written by export)"), name=name)
    return fill(_("{name}: written by an older reversis-score (schema {version}): the pages need schema "
                  "{site}; export a record into it (as the tables' owner) to bring it up to date in place"),
                name=name, version=version, site=SITE_STEP)


# ------------------------------------------------------------------ the pools
def _postgres_pool(target: str, size: int) -> Any:
    """psycopg_pool's pool of read-only connections (repeatable read: one snapshot a page)."""
    try:
        import psycopg
        from psycopg_pool import ConnectionPool, PoolTimeout
    except ImportError as exc:
        said = _("serve over PostgreSQL needs psycopg 3 and psycopg_pool ({module} is missing): "
                 "pip install 'reversis-score[postgres]'")
        raise SiteProblem(fill(said, module=exc.name)) from None

    def configure(conn: Any) -> None:
        conn.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
        conn.read_only = True

    try:
        # check: a connection is tried (an empty query) before it is lent, so that one broken
        # by a server restart is replaced, never handed to a page.
        pool = ConnectionPool(target, min_size=1, max_size=size, open=False, configure=configure,
                              check=ConnectionPool.check_connection,
                              kwargs={"application_name": "reversis-score serve", "connect_timeout": 10},
                              timeout=WAIT, name="reversis-score")
        pool.open(wait=True, timeout=WAIT)
    except (psycopg.Error, PoolTimeout) as exc:
        said = scrub(" ".join(str(exc).split()) or type(exc).__name__, target)
        said = fill(_("{target}: cannot connect ({why})"), target=shown(target), why=said)
        raise SiteProblem(said) from None
    return _Pool(pool, PoolTimeout, target)


class _Pool:
    """psycopg_pool's pool: its timeout said as ``Busy``, a server gone away (found when a
    connection is taken or given back) as a ``SiteProblem`` without the password."""

    def __init__(self, pool: Any, timeout: type[BaseException], target: str) -> None:
        import psycopg
        self.pool, self.timeout, self.target, self.errors = pool, timeout, target, psycopg.Error

    @contextmanager
    def connection(self) -> Iterator[Any]:
        try:
            borrowed = self.pool.connection()
            conn = borrowed.__enter__()
        except self.timeout:
            raise Busy() from None
        except self.errors as exc:
            raise self._gone(exc) from None
        try:
            yield conn
        except BaseException as exc:
            self._give_back(borrowed, exc)
            raise
        self._give_back(borrowed, None)

    def _give_back(self, borrowed: Any, exc: BaseException | None) -> None:
        try:
            borrowed.__exit__(type(exc) if exc else None, exc, exc.__traceback__ if exc else None)
        except self.errors as problem:
            if exc is None:
                raise self._gone(problem) from None

    def _gone(self, exc: BaseException) -> SiteProblem:
        said = scrub(" ".join(str(exc).split()) or type(exc).__name__, self.target)
        return SiteProblem(fill(_("{target}: cannot be read ({why})"), target=shown(self.target), why=said))

    def close(self) -> None:
        self.pool.close()


class _SqlitePool:
    """Read-only connections to a SQLite file, made as needed up to ``size``; each page reads
    in one transaction (a consistent snapshot while an export writes)."""

    def __init__(self, path: Path, size: int) -> None:
        if not path.is_file():
            raise SiteProblem(fill(_("{path}: no such database (write one with 'reversis-score export "
                                     "FILE... --to PATH')"), path=path))
        self.uri = path.resolve().as_uri() + "?mode=ro"
        self.free: queue.LifoQueue[sqlite3.Connection] = queue.LifoQueue()
        self.made = threading.Semaphore(size)

    @contextmanager
    def connection(self) -> Iterator[sqlite3.Connection]:
        try:
            conn = self.free.get_nowait()
        except queue.Empty:
            conn = self._new()
        try:
            conn.execute("BEGIN")
            yield conn
        finally:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            self.free.put(conn)

    def _new(self) -> sqlite3.Connection:
        if not self.made.acquire(blocking=False):  # all made: wait for one to come back
            try:
                return self.free.get(timeout=WAIT)
            except queue.Empty:
                raise Busy() from None
        try:
            conn = sqlite3.connect(self.uri, uri=True, isolation_level=None, timeout=WAIT,
                                   check_same_thread=False)
        except sqlite3.Error as exc:
            self.made.release()
            raise SiteProblem(fill(_("{path}: cannot be opened ({why})"), path=self.uri, why=exc)) from None
        return conn

    def close(self) -> None:
        while True:
            try:
                self.free.get_nowait().close()
            except queue.Empty:
                return
