"""``season DB``: totals per player across the sessions of a database written by ``export``.

The database is a SQLite file or a PostgreSQL URL: the same queries read both
(render/database.py's ``Reader``, opened by render/engine.py).

Every figure is a SQL sum over the ``items`` (through the ``hand_nets`` view) or a count of
``hands``: the database is the record, nothing is recomputed from files. The settle-up sums
each player's net from payments between players (the pools stay on the table), as ``settle``
does for one session.
"""
from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict, dataclass

from reversis_score.ledger.build import settle_up
from reversis_score.render import engine
from reversis_score.render.database import Reader
from reversis_score.render.schema import TargetProblem
from reversis_score.render.tables import Block


class SeasonProblem(Exception):
    """The database cannot be read as a season: missing, not ours, or an unknown player."""


@dataclass(frozen=True, slots=True)
class PlayerSeason:
    """One player's season."""

    player: str
    sessions: int
    hands: int  # hands settled with him at the table (void hands not counted)
    total: int  # every net, pools included (what he won or lost)
    from_players: int  # net of payments between players only: what the settle-up settles
    parties_won: int
    parties_lost: int
    reversis_made: int
    reversis_broken: int  # his own reversis, broken by another
    reversis_breaker: int  # another's reversis he broke


@dataclass(frozen=True, slots=True)
class Season:
    """The season's figures: how many sessions, their dates, each player, the settle-up."""

    sessions: int
    first: str | None
    last: str | None
    players: tuple[PlayerSeason, ...]
    transfers: tuple[tuple[str, str, int], ...]


def open_database(target: str) -> Reader:
    """Open a season database read-only (a SQLite path or a PostgreSQL URL).

    A missing or foreign database, or one that cannot be reached, is a SeasonProblem.
    """
    try:
        return engine.open_database(target)
    except TargetProblem as exc:
        raise SeasonProblem(str(exc)) from None


_PER_PLAYER = """
WITH chosen AS (SELECT id FROM sessions WHERE CAST(? AS TEXT) IS NULL OR date >= ?)
SELECT p.name,
       COUNT(DISTINCT p.session_id),
       (SELECT COUNT(*) FROM hands h JOIN players q ON q.session_id = h.session_id
         WHERE q.name = p.name AND h.status = 'settled' AND h.session_id IN (SELECT id FROM chosen)),
       (SELECT COALESCE(SUM(n.net), 0) FROM hand_nets n
         WHERE n.player = p.name AND n.session_id IN (SELECT id FROM chosen)),
       (SELECT COALESCE(SUM(CASE WHEN i.payee = p.name THEN i.amount ELSE -i.amount END), 0)
          FROM items i JOIN players q ON q.session_id = i.session_id AND q.name = p.name
         WHERE i.cancelled_by IS NULL AND p.name IN (i.payer, i.payee)
           AND i.session_id IN (SELECT id FROM chosen)
           AND i.payer IN (SELECT name FROM players r WHERE r.session_id = i.session_id)
           AND i.payee IN (SELECT name FROM players r WHERE r.session_id = i.session_id)),
       (SELECT COUNT(*) FROM hands h WHERE h.party_winner = p.name
         AND h.session_id IN (SELECT id FROM chosen)),
       (SELECT COUNT(*) FROM hands h WHERE h.party_loser = p.name
         AND h.session_id IN (SELECT id FROM chosen)),
       (SELECT COUNT(*) FROM hands h WHERE h.outcome = 'reversis-made'
         AND h.reversis_player = p.name AND h.session_id IN (SELECT id FROM chosen)),
       (SELECT COUNT(*) FROM hands h WHERE h.outcome = 'reversis-broken'
         AND h.reversis_player = p.name AND h.session_id IN (SELECT id FROM chosen)),
       (SELECT COUNT(*) FROM hands h WHERE h.outcome = 'reversis-broken'
         AND h.breaker = p.name AND h.session_id IN (SELECT id FROM chosen)),
       MIN(p.session_id), MIN(p.seat)
FROM players p WHERE p.session_id IN (SELECT id FROM chosen)
GROUP BY p.name
"""


def _in_order(found: list[tuple]) -> list[PlayerSeason]:
    """Players in order of first appearance, then seat, then name by code point: sorted here,
    not by the database, whose collation of names (a server's locale) would differ."""
    return [PlayerSeason(*row[:-2]) for row in sorted(found, key=lambda r: (r[-2], r[-1], r[0]))]


def read_season(db: Reader, since: str | None = None, player: str | None = None) -> Season:
    """The season's figures, from sessions dated ``since`` or later; one player's if named.

    Raises ``TargetProblem`` when the database cannot be read (damaged, or gone away).
    """
    args = (since, since)
    count, first, last = db.rows(
        "SELECT COUNT(*), MIN(date), MAX(date) FROM sessions WHERE CAST(? AS TEXT) IS NULL OR date >= ?",
        args)[0]
    rows = _in_order(db.rows(_PER_PLAYER, args))
    transfers = settle_up({r.player: r.from_players for r in rows})
    if player is not None:
        if player not in [r.player for r in rows]:
            names = " ".join(r.player for r in rows) or "(none)"
            from reversis_score.notation.suggest import did_you_mean
            raise SeasonProblem(f"'{player}' played in no session of this season (players: {names})"
                                f"{did_you_mean(player, [r.player for r in rows])}")
        rows = [r for r in rows if r.player == player]
        transfers = [t for t in transfers if player in t[:2]]
    return Season(count, first, last, tuple(rows), tuple(transfers))


HEADERS = ["player", "sessions", "hands", "total", "from players", "parties won", "parties lost",
           "reversis made", "reversis broken", "broke a reversis"]


def _rows(season: Season) -> list[list]:
    return [[r.player, r.sessions, r.hands, f"{r.total:+d}" if r.total else "0",
             f"{r.from_players:+d}" if r.from_players else "0", r.parties_won, r.parties_lost,
             r.reversis_made, r.reversis_broken, r.reversis_breaker] for r in season.players]


def season_blocks(season: Season, since: str | None = None) -> list[Block]:
    """The season as a table and the settle-up transfers."""
    span = (season.first if season.first == season.last else f"{season.first} to {season.last}"
            ) if season.first else "undated"
    title = (f"Season: {season.sessions} session{'s' * (season.sessions != 1)}"
             + (f", {span}" if season.sessions else "") + (f" (since {since})" if since else ""))
    if not season.sessions:
        return [Block(title, [], [["no session in this database matches"]])]
    moves = [[f"{a} pays {b} {n}"] for a, b, n in season.transfers] or [["nobody owes anybody anything"]]
    return [Block(title, HEADERS, _rows(season)),
            Block("Settle up for the season (payments between players)", [], moves)]


def season_document(season: Season) -> dict:
    """The season as JSON-ready data."""
    return {"sessions": season.sessions, "first": season.first, "last": season.last,
            "players": [asdict(r) for r in season.players],
            "settle_up": [{"payer": a, "payee": b, "amount": n} for a, b, n in season.transfers]}


def season_csv(season: Season) -> str:
    """One row per player (the machine-readable columns of the season table)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    fields = list(PlayerSeason.__dataclass_fields__)
    writer.writerow(fields)
    for row in season.players:
        writer.writerow([getattr(row, f) for f in fields])
    return out.getvalue()


def season_json(season: Season) -> str:
    """The season as a JSON document."""
    return json.dumps(season_document(season), ensure_ascii=False, indent=2) + "\n"
