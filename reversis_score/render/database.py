"""Databases: where an export goes, what each session writes, and how ``season`` reads it back.

A target is a SQLite file path or a PostgreSQL URL (``postgresql://`` or ``postgres://``).
The rows are built here once for both engines; render/sqlite.py and render/postgres.py add
what differs: how to connect, how to take the write lock, where the schema version lives, and
render/engine.py sends a target to one of them.
A URL's password never leaves this module: ``shown`` drops it and ``scrub`` removes it from
any message a driver produces.

>>> shown("postgresql://club:s3cret@db.example:5432/league?password=s3cret&sslmode=require")
'postgresql://club@db.example:5432/league?sslmode=require'
>>> scrub("failed for postgresql://club:s3cret@db/league", "postgresql://club:s3cret@db/league")
'failed for postgresql://club:***@db/league'
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal
from functools import lru_cache
from typing import Any, NamedTuple
from urllib.parse import parse_qsl, unquote, urlencode, urlsplit, urlunsplit

from reversis_score.i18n import _, fill
from reversis_score.ledger.build import Ledger, LedgerStream, SettledHand, is_settled
from reversis_score.notation.lexicon import per_fish
from reversis_score.render import identity, night
from reversis_score.render.document import PoolsText
from reversis_score.render.schema import SCHEMA_VERSION, TABLES_3, OldSchema, TargetProblem, insert_sql
from reversis_score.render.tables import outcome_words
from reversis_score.render.tally import SessionTally
from reversis_score.rules.knobs import KNOB_NAMES, knob_json

SCHEMES = ("postgresql://", "postgres://")
_USERINFO = re.compile(r"^([a-z]+://[^:/@?#]*):([^@/?#]*)@", re.IGNORECASE)


def is_postgres_url(target: str) -> bool:
    """Whether ``target`` names a PostgreSQL database rather than a SQLite file."""
    return target.lower().startswith(SCHEMES)


def _passwords(target: str) -> list[str]:
    """Every spelling of the password a URL holds (in its user part or as ``password=``)."""
    found = []
    match = _USERINFO.match(target)
    if match and match.group(2):
        found.append(match.group(2))
    found += [v for k, v in re.findall(r"[?&](password)=([^&#]*)", target, re.IGNORECASE) if v]
    return sorted({p for raw in found for p in (raw, unquote(raw))}, key=len, reverse=True)


def scrub(message: str, target: str) -> str:
    """``message`` with every spelling of ``target``'s password replaced by ``***``."""
    from reversis_score.scrub import scrub_secrets
    message = scrub_secrets(message)  # the one scrubber first: it knows every piece of a password
    for password in _passwords(target):
        message = message.replace(password, "***")
    return message


def shown(target: str) -> str:
    """The target as it may be printed: a URL without its password."""
    if not is_postgres_url(target):
        return target
    try:
        parts = urlsplit(target)
        netloc = parts.netloc.rpartition("@")
        user = netloc[0].partition(":")[0]
        query = urlencode([(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)
                           if k.lower() != "password"], safe="/")
        return urlunsplit((parts.scheme, (user + "@" if netloc[1] else "") + netloc[2],
                           parts.path, query, parts.fragment))
    except ValueError:  # too malformed to take apart: keep what surely holds no password
        return target.split("://", 1)[0] + "://…"


class HandRows(NamedTuple):
    """A hand's ``hands`` row and its ``items`` rows, each without the session's id."""

    number: int
    row: tuple
    items: list[tuple]


class SessionRows(NamedTuple):
    """Every row a session writes but the database's ids, which only the writer knows.

    They are built where the session was settled (a worker process) and cross to the writer
    as plain tuples, which load five times faster than a ledger stripped to what is stored.
    ``hands`` is read once, in order: a long session's come one at a time from a file.
    ``payments``: (payer, payee, amount) over the session (render/tally.py); ``record``: the
    record's text, which the ``records`` table keeps for ``serve DB`` (None: not kept).
    """

    session: tuple
    players: list[tuple]
    hands: Iterable[HandRows]
    payments: list[tuple] = []
    paid: list[tuple] = []  # (seq, payer, payee, amount): the record's 'paid:' lines
    record: str | None = None


class Choices(NamedTuple):
    """What the user said about the run: the club of records that name none (``--club``), and
    whether a session may replace another night (``confirm(question)``: ``--replace``, or the
    answer at a terminal; refused elsewhere)."""

    club: str | None = None
    confirm: Callable[[str], bool] | None = None


NO_CHOICES = Choices()

Session = Ledger | SessionRows  # what the writer takes: a ledger, or the rows made of it


def write_run(conn: Any, sessions: Iterable[tuple[str, Session]], mark: str,
              strict: bool = False, choices: Choices = NO_CHOICES) -> list[Outcome]:
    """Write each session in turn, inside the caller's transaction, taking the iterable lazily;
    ``strict``: a refused session stops the run (``Refused``: the caller rolls it all back)."""
    done = []
    for sha, session in sessions:
        outcome = replace_session(conn, sha, session, mark, choices)
        if strict and outcome == "refused":
            name = session.session[NAME_AT] if isinstance(session, SessionRows) else \
                identity.record_name(session.session.file)
            raise Refused(fill(_("{name}: not exported: {why}"), name=name, why=outcome.detail))
        done.append(outcome)
    changed(conn, mark)
    return done


def changed(conn: Any, mark: str) -> None:
    """Say that the season changed: one more row of ``season_changes``, whose largest id is the
    version stamp every ``serve DB`` compares (render/schema.py's site step)."""
    from datetime import UTC, datetime
    conn.execute(f"INSERT INTO season_changes (at) VALUES ({mark})",
                 (datetime.now(UTC).isoformat(timespec="seconds"),))


def forget_run(conn: Any, chosen: list[tuple[int, str]], mark: str) -> int:
    """Delete each session (id, sha256) as it was shown (its children go with it: cascades);
    a session that changed or went since is a ``TargetProblem`` (the caller rolls back)."""
    for session_id, sha in chosen:
        cursor = conn.execute(f"DELETE FROM sessions WHERE id = {mark} AND sha256 = {mark}",
                              (session_id, sha))
        if cursor.rowcount != 1:
            raise TargetProblem(fill(_("session {id} was changed or removed by another run since it was "
                                       "shown; look again"), id=session_id))
    changed(conn, mark)
    return len(chosen)


class Refused(TargetProblem):
    """A session refused under ``--all-or-nothing``: the whole run is rolled back."""


def replace_session(conn: Any, sha: str, session: Session, mark: str = "?",
                    choices: Choices = NO_CHOICES) -> Outcome:
    """Insert one session, replacing the one of the same club and name (keeping its id): the
    outcome, "added", "replaced" (its ``detail`` says what changed) or "refused" (the same
    record or the same hands are in the season under another identity, or the session it would
    replace is another night and the user did not say yes: ``detail`` says which).

    ``conn`` is a DB-API connection with ``execute`` (sqlite3 or psycopg); ``mark`` its
    parameter placeholder. The caller holds the write lock, so nobody else adds the same
    name between the look and the insert.
    """
    rows = session if isinstance(session, SessionRows) else session_rows(sha, session)
    rows = rows._replace(session=with_club(conn, rows.session, choices.club, mark))
    name, hands_sha, club = rows.session[NAME_AT], rows.session[NAME_AT + 1], rows.session[CLUB_AT]
    # the same hands on another date are another night: a copy has its night's date
    holder = conn.execute(f"SELECT club, name, file, sha256 FROM sessions WHERE NOT (club = {mark} AND "
                          f"name = {mark}) AND (sha256 = {mark} OR (hands_sha256 = {mark} AND "
                          f"COALESCE(date, '') = {mark}))",
                          (club, name, sha, hands_sha, rows.session[3] or "")).fetchone()
    if holder is not None:
        return Outcome("refused", identity.held(identity.shown_identity(holder[0], holder[1]), holder[2],
                                                holder[3] == rows.session[0]))
    row = conn.execute(f"SELECT {identity.OLD_COLUMNS} FROM sessions WHERE club = {mark} AND name = {mark}",
                       (club, name)).fetchone()
    before = identity.before(conn, row, mark) if row is not None else None
    if before is not None and identity.another_night(before, rows):
        question = identity.another_words(before, rows)
        if choices.confirm is None or not choices.confirm(question):
            return Outcome("refused", fill(_("{question} Not replaced: say so with --replace"),
                                           question=question))
    keep = () if row is None else (row[0],)
    if row is not None:
        conn.execute(f"DELETE FROM sessions WHERE id = {mark}", keep)  # cascades to every child row
    inserted = conn.execute(insert_sql("sessions", mark, with_id=bool(keep)) + " RETURNING id",
                            keep + rows.session).fetchall()
    session_id = inserted[0][0]
    cursor = conn.cursor()
    cursor.executemany(insert_sql("players", mark), [(session_id, *p) for p in rows.players])
    cursor.executemany(insert_sql("payments", mark), [(session_id, *p) for p in rows.payments])
    cursor.executemany(insert_sql("paid_at_table", mark), [(session_id, *p) for p in rows.paid])
    if rows.record is not None:
        conn.execute(f"INSERT INTO records (session_id, text) VALUES ({mark}, {mark})",
                     (session_id, rows.record))
    written = 0
    for batch in _batches(rows.hands, HAND_BATCH):
        cursor.executemany(insert_sql("hands", mark), [(session_id, *h.row) for h in batch])
        for hand in batch:
            written += 1
            insert_items(conn, session_id, hand, mark)
    if before is None:
        return Outcome("added")
    return Outcome("replaced", identity.changes(before, rows, written))


class Outcome(str):
    """What became of a session: "added", "replaced" or "refused" (a string, as before), and
    its ``detail``: what a replacement changed, or which session refused it."""

    detail: str

    def __new__(cls, kind: str, detail: str = "") -> Outcome:
        made = super().__new__(cls, kind)
        made.detail = detail
        return made


# Hands written by one executemany: few round trips, and a batch held in memory that stays
# small (late in a long pool session, a hand has many items and long pool lists).
HAND_BATCH = 32


def _batches(hands: Iterable[HandRows], size: int) -> Iterator[list[HandRows]]:
    batch: list[HandRows] = []
    for hand in hands:
        batch.append(hand)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def insert_items(conn: Any, session_id: int, hand: HandRows, mark: str = "?") -> None:
    """Every item of a hand, cancelled ones included (they count in no sum: cancelled_by)."""
    conn.cursor().executemany(insert_sql("items", mark), [(session_id, *i) for i in hand.items])


def session_rows(sha: str, ledger: Ledger) -> SessionRows:
    """Every row of a settled session, in the order they are written, without the ids."""
    hands = list(hand_rows(ledger))
    tally = SessionTally(ledger.players)
    for hand in hands:
        tally.add(hand.row, hand.items)
    return SessionRows(session_row(sha, ledger, tally), player_rows(ledger, tally), hands,
                       tally.payment_rows(), paid_rows(ledger), record_text(ledger))


def record_text(ledger: Ledger | LedgerStream) -> str:
    """The record as the ``records`` table keeps it: its lines as read (normalised)."""
    return "\n".join(ledger.session.lines) + "\n"


def hand_rows(ledger: Ledger | LedgerStream) -> Iterator[HandRows]:
    """Each settled hand's rows, hand after hand (a stream's as it is settled)."""
    pools = PoolsText()  # each pools list's text made from the one before's
    for hand in ledger.hands:
        if is_settled(hand):
            yield HandRows(hand.number, hand_row(hand, pools), item_rows(hand))


NAME_AT = 10  # where the session's name is in its row (render/schema.py's COLUMNS)
CLUB_AT = 12  # and its club: None until the writer knows it (``with_club``)


def session_row(sha: str, ledger: Ledger | LedgerStream, tally: SessionTally) -> tuple:
    """The ``sessions`` row (without its id), once ``tally`` has seen every hand; its club is
    the header's (None without a ``club:`` line: the writer decides)."""
    header, rules = ledger.session.header, ledger.rules
    knobs = {name: knob_json(getattr(rules.knobs, name)) for name in KNOB_NAMES}
    rate = night.rate_of(ledger)
    value = str(per_fish(rate.unit, rate.amount)) if rate else None
    return (sha, ledger.session.file, header.title,
            header.date.isoformat() if header.date else None, ledger.stake, rules.preset,
            rules.source, json.dumps({k: knob_json(v) for k, v in rules.changed.items()}),
            json.dumps(knobs), json.dumps(list(ledger.pools)), identity.record_name(ledger.session.file),
            tally.hands_sha256, header.club, json.dumps(list(header.carried or ())),
            rules.knobs.pools_at_close, int(bool(header.paid_all)), *(rate or (None, None, None)), value)


def paid_rows(ledger: Ledger | LedgerStream) -> list[tuple]:
    """The ``paid_at_table`` rows (without the session's id): the header's ``paid:`` transfers."""
    return [(seq, p.payer, p.payee, p.amount) for seq, p in enumerate(ledger.session.header.paid, 1)]


def with_club(conn: Any, row: tuple, chosen: str | None, mark: str) -> tuple:
    """The session row with its club decided: the header's, else ``chosen`` (``--club``), else
    the folder its file is named in, else the database's one club, else none (``''``)."""
    club = row[CLUB_AT] or chosen or identity.club_folder(row[1])
    if club is None:
        clubs = conn.execute("SELECT DISTINCT club FROM sessions").fetchall()
        club = clubs[0][0] if len(clubs) == 1 else ""
    return (*row[:CLUB_AT], club, *row[CLUB_AT + 1:])


def player_rows(ledger: Ledger | LedgerStream, tally: SessionTally) -> list[tuple]:
    """One ``players`` row per seat, in order of play (without the session's id)."""
    between, balances = ledger.between_players(), ledger.balances
    into = ledger.into_pools(between)
    return [(seat, p, ledger.totals[p], balances[p], between[p], into[p], *tally.row(p))
            for seat, p in enumerate(ledger.players, 1)]


def hand_row(hand: SettledHand, pools: Callable[[tuple[int, ...]], str] | None = None) -> tuple:
    """The ``hands`` row of a settled (or void) hand (without the session's id); ``pools``
    writes a pools list as JSON (``pools_json``, or a stream's own ``PoolsText``)."""
    pools = pools or pools_json
    s = hand.settlement
    o = s.outcome
    esp = o.espagnolette or {}
    return (hand.number, hand.dealer, hand.status, o.kind, outcome_words(o, s),
            o.party_winner, o.party_loser, o.party_value, o.reversis_player, o.breaker,
            esp.get("player"), esp.get("result"), " ".join(map(str, s.play.talon)),
            pools(s.pools_before), pools(s.pools_after), s.pool_growth)


@lru_cache(maxsize=2)
def pools_json(pools: tuple[int, ...]) -> str:
    """A hand's pools as its row keeps them (JSON). A hand's pools before are the hand
    before's pools after, each of hundreds late in a pool session: each list is encoded once."""
    return json.dumps(list(pools))


def item_rows(hand: SettledHand) -> list[tuple]:
    """The ``items`` rows of a hand (without the session's id), cancelled ones included."""
    # an Item's fields are the row's after the hand's number, in the same order: (n,) + item
    # makes the row, a plain tuple, in C (render/schema.py's columns; tests/test_export.py)
    head = (hand.number,)
    return [head + item for item in hand.settlement.items]


class Reader:
    """A database opened for reading: queries written once, with ``?`` for parameters.

    The driver's own errors (``errors``) come out as a ``TargetProblem`` without the password.
    """

    def __init__(self, conn: Any, mark: str, name: str, errors: tuple[type[BaseException], ...] = (),
                 target: str = "") -> None:
        self.conn, self.mark, self.name = conn, mark, name
        self.errors, self.target = errors, target

    def rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        """Every row of ``sql``; PostgreSQL's sums (numeric) come back as ints, as in SQLite."""
        if self.mark != "?":
            sql = sql.replace("?", self.mark)
        try:
            found = self.conn.execute(sql, args).fetchall()
        except self.errors as exc:
            said = scrub(" ".join(str(exc).split()), self.target)
            raise TargetProblem(fill(_("{name}: cannot be read as a season ({why})"), name=self.name,
                                     why=said)) from None
        return [tuple(int(v) if isinstance(v, Decimal) else v for v in row) for row in found]

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    @classmethod
    def checked(cls, conn: Any, version: int | None, names: set[str], mark: str, name: str,
                errors: tuple[type[BaseException], ...], target: str = "") -> Reader:
        """A reader of ``conn`` if it holds our schema (``version``, ``names``); else it is
        closed and a ``TargetProblem`` says so."""
        if version in (1, 2):
            conn.close()
            raise OldSchema(fill(_("{name}: written by an older reversis-score (schema {version}): export a "
                                   "record into it, or 'reversis-score forget' a session, to bring it up to "
                                   "date in place"), name=name, version=version))
        # A version 3 database has every figure ``season`` reads; only ``serve DB`` needs the
        # site's tables (serve/dbsite.py says so).
        if version not in (SCHEMA_VERSION, SCHEMA_VERSION - 1) or not {*TABLES_3, "hand_nets"} <= names:
            conn.close()
            said = _("{name}: not a reversis-score database (no sessions written by export)")
            raise TargetProblem(fill(said, name=name))
        return cls(conn, mark, name, errors, target)
