"""The SQLite export: many sessions, from many files, in one database a club can query.

Tables ``sessions``, ``players``, ``hands``, ``items`` (foreign keys on, deleting a session
cascades), indexes for the usual questions, and two views: ``hand_nets`` (each player's net
in each hand, summed from the items) and ``running_balances`` (stake plus the nets so far).

Safety: an existing database is written inside one transaction on the real file, each session
replaced in its own SAVEPOINT; any failure — an exception, a full disk, Ctrl-C — rolls the
whole run back, so the database is exactly as before. A new database is built in a temporary
file beside the target and renamed into place only when complete.
"""
from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from pathlib import Path

from reversis_score.files import new_file_mode
from reversis_score.ledger.build import Ledger
from reversis_score.render.tables import outcome_words
from reversis_score.rules.knobs import KNOB_NAMES, knob_json

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id            INTEGER PRIMARY KEY,
    sha256        TEXT NOT NULL UNIQUE,          -- the identity: hash of the file's bytes
    file          TEXT NOT NULL,
    title         TEXT,
    date          TEXT,                          -- ISO date, or NULL
    stake         INTEGER NOT NULL DEFAULT 0,
    rules_preset  TEXT NOT NULL,
    rules_source  TEXT NOT NULL,
    rules_changed TEXT NOT NULL,                 -- JSON {knob: value}
    rules_knobs   TEXT NOT NULL,                 -- JSON {every knob: value}
    pools_left    TEXT NOT NULL                  -- JSON [amounts], oldest pool first
);
CREATE TABLE IF NOT EXISTS players (
    session_id    INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL CHECK (seat BETWEEN 1 AND 4),   -- order of play
    name          TEXT NOT NULL,
    total         INTEGER NOT NULL,              -- the session's net, stake excluded
    balance       INTEGER NOT NULL,              -- stake + total
    from_players  INTEGER NOT NULL,              -- net of payments between players only
    into_pools    INTEGER NOT NULL,              -- paid into the pools less taken from them
    PRIMARY KEY (session_id, seat),
    UNIQUE (session_id, name)
);
CREATE TABLE IF NOT EXISTS hands (
    session_id    INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    number        INTEGER NOT NULL,
    dealer        TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('settled', 'void')),
    outcome       TEXT NOT NULL,                 -- party, reversis-made, reversis-broken, pairwise, void
    outcome_words TEXT NOT NULL,
    party_winner  TEXT, party_loser TEXT, party_value INTEGER,
    reversis_player TEXT, breaker TEXT,
    espagnolette_player TEXT, espagnolette_result TEXT,
    talon         TEXT NOT NULL,                 -- cards, space-separated
    pools_before  TEXT NOT NULL,                 -- JSON [amounts]
    pools_after   TEXT NOT NULL,
    pool_growth   INTEGER NOT NULL,
    PRIMARY KEY (session_id, number),
    FOREIGN KEY (session_id, dealer) REFERENCES players(session_id, name)
);
CREATE TABLE IF NOT EXISTS items (
    session_id    INTEGER NOT NULL,
    hand          INTEGER NOT NULL,
    seq           INTEGER NOT NULL,
    trick         INTEGER,
    kind          TEXT NOT NULL,
    card          TEXT,
    payer         TEXT NOT NULL,                 -- a player, or pool:N
    payee         TEXT NOT NULL,
    amount        INTEGER NOT NULL CHECK (amount > 0),
    cancelled_by  TEXT CHECK (cancelled_by IN ('reversis', 'revoke', 'barred')),
    why           TEXT NOT NULL,
    PRIMARY KEY (session_id, hand, seq),
    FOREIGN KEY (session_id, hand) REFERENCES hands(session_id, number) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS items_payer ON items(payer);
CREATE INDEX IF NOT EXISTS items_payee ON items(payee);
CREATE INDEX IF NOT EXISTS items_kind ON items(kind);
CREATE INDEX IF NOT EXISTS players_name ON players(name);
CREATE INDEX IF NOT EXISTS sessions_date ON sessions(date);
CREATE VIEW IF NOT EXISTS hand_nets AS
    SELECT h.session_id, h.number AS hand, p.seat, p.name AS player,
           COALESCE((SELECT SUM(CASE WHEN i.payee = p.name THEN i.amount ELSE -i.amount END)
                     FROM items i
                     WHERE i.session_id = h.session_id AND i.hand = h.number
                       AND i.cancelled_by IS NULL AND p.name IN (i.payer, i.payee)), 0) AS net
    FROM hands h JOIN players p ON p.session_id = h.session_id;
CREATE VIEW IF NOT EXISTS running_balances AS
    SELECT n.session_id, s.date, n.hand, n.seat, n.player, n.net,
           s.stake + SUM(n.net) OVER (PARTITION BY n.session_id, n.player ORDER BY n.hand)
               AS balance
    FROM hand_nets n JOIN sessions s ON s.id = n.session_id;
CREATE VIEW IF NOT EXISTS player_totals AS
    SELECT name AS player, COUNT(*) AS sessions, SUM(total) AS total,
           SUM(from_players) AS from_players, SUM(into_pools) AS into_pools
    FROM players GROUP BY name;
"""


class TargetProblem(Exception):
    """The target cannot take the export: not a database, another schema, no such folder."""


def export_sqlite(path: Path, sessions: list[tuple[str, Ledger]]) -> list[str]:
    """Write ``(sha256, ledger)`` sessions into the database at ``path``; say what was done."""
    if path.exists():
        conn = _connect(path)
        try:
            return write_sessions(conn, sessions)
        finally:
            conn.close()
    return _create(path, sessions)


def _connect(path: Path) -> sqlite3.Connection:
    # isolation_level=None: no implicit transactions, so BEGIN/SAVEPOINT/COMMIT are ours alone.
    conn = sqlite3.connect(path, isolation_level=None, timeout=10)
    conn.execute("PRAGMA foreign_keys = ON")  # per connection, and only outside a transaction
    return conn


def _create(path: Path, sessions: list[tuple[str, Ledger]]) -> list[str]:
    """A new database: built beside the target, renamed into place when complete."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise TargetProblem(f"{path}: no such folder {folder}")
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    os.close(fd)
    try:
        conn = _connect(Path(temp))
        try:
            done = write_sessions(conn, sessions)
        finally:
            conn.close()
        os.chmod(temp, new_file_mode())  # a club's database, not a private temporary file
        os.replace(temp, path)
        return done
    finally:
        for leftover in (temp, temp + "-journal"):
            if os.path.exists(leftover):
                os.unlink(leftover)


def write_sessions(conn: sqlite3.Connection, sessions: list[tuple[str, Ledger]]) -> list[str]:
    """One transaction for the whole run; each session replaced in its own SAVEPOINT.

    Any exception (KeyboardInterrupt included) rolls everything back and is raised again.
    """
    try:
        conn.execute("BEGIN IMMEDIATE")  # take the write lock now, not half-way through
    except sqlite3.DatabaseError as exc:
        raise TargetProblem(f"cannot be written ({exc})") from None
    try:
        _ensure_schema(conn)
        done = []
        for sha, ledger in sessions:
            conn.execute("SAVEPOINT one_session")
            done.append(replace_session(conn, sha, ledger))
            conn.execute("RELEASE one_session")
        conn.execute("COMMIT")
        return done
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _ensure_schema(conn: sqlite3.Connection) -> None:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if version not in (0, SCHEMA_VERSION) or (version == 0 and "sessions" in tables):
        raise TargetProblem("the database holds other tables named like reversis-score's "
                            f"(schema version {version}, this program writes {SCHEMA_VERSION})")
    if version == 0 and tables:
        # Someone else's database: adding our tables beside theirs is never what was meant.
        raise TargetProblem(f"not a reversis-score database (it holds {', '.join(sorted(tables)[:3])}"
                            f"{', …' if len(tables) > 3 else ''}); export into a new file")
    for statement in _statements(SCHEMA):
        conn.execute(statement)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _statements(script: str) -> list[str]:
    """Split the schema into statements (executescript would commit the open transaction)."""
    out, current = [], []
    for line in script.splitlines():
        current.append(line.split("--", 1)[0])
        if line.rstrip().endswith(";") and sqlite3.complete_statement("\n".join(current)):
            out.append("\n".join(current))
            current = []
    return [s for s in out if s.strip()]


def replace_session(conn: sqlite3.Connection, sha: str, ledger: Ledger) -> str:
    """Insert one session, replacing the one with the same hash (keeping its id): the outcome."""
    row = conn.execute("SELECT id FROM sessions WHERE sha256 = ?", (sha,)).fetchone()
    if row is not None:
        conn.execute("DELETE FROM sessions WHERE id = ?", row)  # cascades to every child row
    session_id = _insert_session(conn, sha, ledger, row[0] if row else None)
    _insert_players(conn, session_id, ledger)
    for hand in ledger.settled:
        _insert_hand(conn, session_id, hand)
        insert_items(conn, session_id, hand)
    return "replaced" if row is not None else "added"


def _insert_session(conn, sha: str, ledger: Ledger, keep_id: int | None) -> int:
    header, rules = ledger.session.header, ledger.rules
    knobs = {name: knob_json(getattr(rules.knobs, name)) for name in KNOB_NAMES}
    cur = conn.execute(
        "INSERT INTO sessions (id, sha256, file, title, date, stake, rules_preset, rules_source,"
        " rules_changed, rules_knobs, pools_left) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (keep_id, sha, ledger.session.file, header.title,
         header.date.isoformat() if header.date else None, ledger.stake, rules.preset,
         rules.source, json.dumps({k: knob_json(v) for k, v in rules.changed.items()}),
         json.dumps(knobs), json.dumps(list(ledger.pools))))
    return cur.lastrowid


def _insert_players(conn, session_id: int, ledger: Ledger) -> None:
    between, into = ledger.between_players(), ledger.into_pools()
    conn.executemany(
        "INSERT INTO players (session_id, seat, name, total, balance, from_players, into_pools)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(session_id, seat, p, ledger.totals[p], ledger.balances[p], between[p], into[p])
         for seat, p in enumerate(ledger.players, 1)])


def _insert_hand(conn, session_id: int, hand) -> None:
    s = hand.settlement
    o = s.outcome
    esp = o.espagnolette or {}
    conn.execute(
        "INSERT INTO hands VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (session_id, hand.number, hand.dealer, hand.status, o.kind, outcome_words(o, s),
         o.party_winner, o.party_loser, o.party_value, o.reversis_player, o.breaker,
         esp.get("player"), esp.get("result"), " ".join(str(c) for c in s.play.talon),
         json.dumps(list(s.pools_before)), json.dumps(list(s.pools_after)), s.pool_growth))


def insert_items(conn, session_id: int, hand) -> None:
    """Every item of a hand, cancelled ones included (they count in no sum: cancelled_by)."""
    conn.executemany(
        "INSERT INTO items VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(session_id, hand.number, i.seq, i.trick, i.kind, i.card, i.payer, i.payee, i.amount,
          i.cancelled_by, i.why) for i in hand.settlement.items])
