"""The season: the one place its figures are computed, for ``season``, the pages and ``report``.

A season is a list of sessions, each a ``SessionFigures``: read off a settled ledger
(``figures_of``: a folder's records, for ``serve`` and ``report``) or off a season database
written by ``export`` (``figures_from_database``: SQLite or PostgreSQL, through
render/database.py's ``Reader``). Either way each player's figures in a session are those
render/tally.py counts (the database keeps them in ``players``), so the terminal, the page
and the SQL view ``player_season`` (their sums) agree. ``season_of`` sums them into the
standings, ranked by net (every payment, pools included: the figure they show first), then by
what came from players, then by name; who paid whom; the settle-up (the fewest transfers that
settle what is still owed between players: a night paid at the table is left out, a sum
handed over at the table taken off); and each player's running net, drawn from the first
session he played. The words are docs/ledger.md's glossary.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from reversis_score.i18n import N_, _, fill
from reversis_score.ledger.build import Ledger, settle_up
from reversis_score.notation.records import Rate
from reversis_score.render import database, engine, night
from reversis_score.render.database import Reader
from reversis_score.render.schema import STATS, TargetProblem
from reversis_score.render.tally import SessionTally


class SeasonProblem(Exception):
    """The database cannot be read as a season: missing, not ours, or an unknown player."""


@dataclass(frozen=True, slots=True)
class SessionFigures:
    """What a season needs of one session."""

    name: str  # the record's name (file name without .rvs)
    title: str
    date: str | None
    players: tuple[str, ...]
    hands: int  # settled hands (void hands not counted)
    totals: dict[str, int]  # each player's net, every payment
    between: dict[str, int]  # each player's net of payments between players only
    problems: int = 0  # record errors (the figures stop before the first bad hand)
    stats: dict[str, dict[str, int]] = field(default_factory=dict)  # player → STATS
    payments: dict[tuple[str, str], int] = field(default_factory=dict)  # (payer, payee) → fish
    in_progress: str | None = None  # "hand 12 in progress": its figures are not in yet
    club: str = ""  # the club whose night it is
    paid_all: bool = False  # settled at the table ('paid: yes'): left out of the settle-up
    paid: tuple[tuple[str, str, int], ...] = ()  # sums handed over at the table ('paid: A -> B N')
    pools_carried: tuple[int, ...] = ()  # the pools the night started with
    pools_left: tuple[int, ...] = ()  # the pools at its close
    pools_close: str = "stay"  # where those went: carry, share or stay
    rate: Rate | None = None  # the fish's worth in money


@dataclass(frozen=True, slots=True)
class PlayerSeason:
    """One player's season (the JSON and CSV keys: the first ten as before, then the rest)."""

    player: str
    sessions: int
    hands: int  # hands settled with him at the table (void hands not counted)
    total: int  # every net, pools included (what he won or lost): his "net"
    from_players: int  # net of payments between players only: what a settle-up settles
    parties_won: int
    parties_lost: int
    reversis_made: int
    reversis_broken: int  # his own reversis, broken by another
    reversis_breaker: int  # another's reversis he broke
    aces_placed: int = 0
    aces_forced: int = 0
    quinola_placed: int = 0
    quinola_forced: int = 0
    quinola_led: int = 0
    espagnolettes: int = 0
    per_hand: float = 0.0  # total / hands, to one decimal

    @property
    def rank_key(self) -> tuple[int, int, str]:
        return -self.total, -self.from_players, self.player


@dataclass(frozen=True, slots=True)
class Season:
    """The season's figures: its sessions in order, each player ranked, who paid whom, the
    settle-up of what is still owed (and the nights it leaves out: paid at the table), and each
    player's running net (session number, net so far) where he played."""

    sessions: int
    first: str | None
    last: str | None
    players: tuple[PlayerSeason, ...]
    transfers: tuple[tuple[str, str, int], ...]
    payments: dict[tuple[str, str], int] = field(default_factory=dict)
    running: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    order: tuple[SessionFigures, ...] = ()
    paid_nights: tuple[SessionFigures, ...] = ()  # left out of the settle-up: paid at the table
    rate: Rate | None = None  # the season's one rate, when every night with one has the same


SETTLE_UP_WORDS = N_("the fewest transfers that settle what is still owed over the whole season: "
                     "each player's net from players (payments between players; the pools are not "
                     "owed to anybody) paid off at once, less what was paid at the table, so two "
                     "players may be paired who never sat at one table")


def figures_of(name: str, ledger: Ledger) -> SessionFigures:
    """A session's figures from its settled ledger (its hand in progress, if any, left out)."""
    header = ledger.session.header
    tally = SessionTally(ledger.players)
    for hand in database.hand_rows(ledger):
        tally.add(hand.row, hand.items)
    playing = ledger.session.in_progress
    problems = len(ledger.session.errors)
    return SessionFigures(name, header.title or name, header.date.isoformat() if header.date else None,
                          ledger.players, tally.hands, dict(ledger.totals), ledger.between_players(),
                          problems, tally.stats, dict(tally.payments),
                          fill(_("hand {number} in progress"), number=playing.number)
                          if playing is not None else None,
                          header.club or "", bool(header.paid_all), tuple(night.paid_transfers(header)),
                          tuple(header.carried or ()), tuple(ledger.pools), ledger.rules.knobs.pools_at_close,
                          night.rate_of(ledger))


def in_order(sessions: list[SessionFigures]) -> list[SessionFigures]:
    """Sessions by date (undated last), then by name."""
    return sorted(sessions, key=lambda s: (s.date is None, s.date or "", s.name))


def season_of(sessions: list[SessionFigures], player: str | None = None) -> Season:
    """The season of these sessions; only ``player``'s row and transfers when named (a
    ``SeasonProblem`` when he played in none of them)."""
    ordered = in_order(sessions)
    rows: dict[str, dict[str, int]] = {}
    payments: dict[tuple[str, str], int] = {}
    running: dict[str, list[tuple[int, int]]] = {}
    owed: dict[str, int] = {}
    for number, s in enumerate(ordered, 1):
        if not s.paid_all:
            for p, n in night.still_owed(s.between, s.paid).items():
                owed[p] = owed.get(p, 0) + n
        for p in s.players:
            row = rows.setdefault(p, dict.fromkeys(("sessions", "total", "from_players", *STATS), 0))
            row["sessions"] += 1
            row["total"] += s.totals.get(p, 0)
            row["from_players"] += s.between.get(p, 0)
            for stat, n in s.stats.get(p, {}).items():
                row[stat] += n
            running.setdefault(p, []).append((number, row["total"]))
        for pair, amount in s.payments.items():
            payments[pair] = payments.get(pair, 0) + amount
    players = sorted((_player(p, r) for p, r in rows.items()), key=lambda r: r.rank_key)
    transfers = settle_up({r.player: owed.get(r.player, 0) for r in players})
    if player is not None:
        if player not in rows:
            from reversis_score.notation.suggest import nearest
            names = " ".join(rows) or _("(none)")
            close = nearest(player, list(rows))
            hint = fill(_("; did you mean {names}?"), names=fill(_("'{name}'"), name=close)) if close else ""
            said = _("{name} played in no session of this season (players: {players}){hint}")
            raise SeasonProblem(fill(said, name=fill(_("'{name}'"), name=player), players=names, hint=hint))
        players = [r for r in players if r.player == player]
        transfers = [t for t in transfers if player in t[:2]]
    dates = [s.date for s in ordered if s.date]
    rates = {s.rate for s in ordered if s.rate is not None}
    return Season(len(ordered), min(dates) if dates else None, max(dates) if dates else None,
                  tuple(players), tuple(transfers), payments, running, tuple(ordered),
                  tuple(s for s in ordered if s.paid_all), rates.pop() if len(rates) == 1 else None)


def _player(name: str, row: dict[str, int]) -> PlayerSeason:
    hands = row["hands"]
    return PlayerSeason(name, row["sessions"], hands, row["total"], row["from_players"],
                        row["parties_won"], row["parties_lost"], row["reversis_made"],
                        row["reversis_broken"], row["reversis_breaker"], row["aces_placed"],
                        row["aces_forced"], row["quinola_placed"], row["quinola_forced"],
                        row["quinola_led"], row["espagnolettes"],
                        round(row["total"] / hands, 1) if hands else 0.0)


# ------------------------------------------------------------------ a season database
def open_database(target: str) -> Reader:
    """Open a season database read-only (a SQLite path or a PostgreSQL URL).

    A missing or foreign database, or one that cannot be reached, is a SeasonProblem.
    """
    try:
        return engine.open_database(target)
    except TargetProblem as exc:
        raise SeasonProblem(str(exc)) from None


_SESSIONS = ("SELECT id, name, title, date, club, paid_all, pools_carried, pools_left, pools_close, "
             "rate_unit, rate_amount, currency FROM sessions WHERE CAST(? AS TEXT) IS NULL OR date >= ? "
             "ORDER BY id")
_PLAYERS = (f"SELECT session_id, player, net, from_players, {', '.join(STATS)} FROM players "
            "ORDER BY session_id, seat")
_PAYMENTS = "SELECT session_id, payer, payee, amount FROM payments"
_PAID = "SELECT session_id, payer, payee, amount FROM paid_at_table ORDER BY session_id, seq"


def figures_from_database(db: Reader, since: str | None = None) -> list[SessionFigures]:
    """Every session of a season database dated ``since`` or later, as the season needs it.

    Raises ``TargetProblem`` when the database cannot be read (damaged, or gone away).
    """
    players: dict[int, list[tuple]] = {}
    for row in db.rows(_PLAYERS):
        players.setdefault(row[0], []).append(row[1:])
    payments: dict[int, dict[tuple[str, str], int]] = {}
    for session_id, payer, payee, amount in db.rows(_PAYMENTS):
        payments.setdefault(session_id, {})[(payer, payee)] = amount
    paid: dict[int, list[tuple[str, str, int]]] = {}
    for session_id, payer, payee, amount in db.rows(_PAID):
        paid.setdefault(session_id, []).append((payer, payee, amount))
    out = []
    for (session_id, name, title, date, club, paid_all, carried, left, close, unit, amount,
         currency) in db.rows(_SESSIONS, (since, since)):
        rows = players.get(session_id, [])
        stats = {r[0]: dict(zip(STATS, r[3:], strict=True)) for r in rows}
        out.append(SessionFigures(name, title or name, date, tuple(r[0] for r in rows),
                                  max((s["hands"] for s in stats.values()), default=0),
                                  {r[0]: r[1] for r in rows}, {r[0]: r[2] for r in rows}, 0, stats,
                                  payments.get(session_id, {}), None, club, bool(paid_all),
                                  tuple(paid.get(session_id, ())), tuple(json.loads(carried)),
                                  tuple(json.loads(left)), close,
                                  Rate(unit, amount, currency) if unit else None))
    return out


def read_season(db: Reader, since: str | None = None, player: str | None = None) -> Season:
    """The season's figures, from sessions dated ``since`` or later; one player's if named."""
    return season_of(figures_from_database(db, since), player)
