"""The season page's data: one summary per session, the standings, the chart (no web here).

A summary is read off a settled ledger (``summary_of``: the folder's records) or off a
season database written by ``export`` (``summaries_from_database``): the season page is the
same either way.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from reversis_score.ledger.build import Ledger, settle_up
from reversis_score.render.html import NARROW, WIDE, series_svg
from reversis_score.render.tables import signed
from reversis_score.serve.views import in_play


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """What the season page needs of one session."""

    name: str  # the record's name (file name without .rvs)
    title: str
    date: str | None
    players: tuple[str, ...]
    hands: int  # settled hands (void hands not counted)
    totals: dict[str, int]  # each player's net, every payment
    between: dict[str, int]  # each player's net of payments between players only
    problems: int = 0  # record errors (the figures stop before the first bad hand)


@dataclass(slots=True)
class Standing:
    """One player's season so far."""

    player: str
    sessions: int = 0
    hands: int = 0
    net: int = 0
    balance: int = 0


def summary_of(name: str, ledger: Ledger) -> SessionSummary:
    """A session's summary from its ledger."""
    header = ledger.session.header
    hands = sum(1 for h in ledger.hands if h.status == "settled")
    problems = 0 if in_play(ledger) else len(ledger.session.errors)  # a hand being entered is none
    return SessionSummary(name, header.title or name, header.date.isoformat() if header.date else None,
                          ledger.players, hands, dict(ledger.totals), ledger.between_players(), problems)


def in_order(summaries: list[SessionSummary]) -> list[SessionSummary]:
    """Sessions by date (undated last), then by name."""
    return sorted(summaries, key=lambda s: (s.date is None, s.date or "", s.name))


def season_view(summaries: list[SessionSummary], unreadable: list[tuple[str, str]] | None = None,
                links: bool = True) -> dict[str, Any]:
    """The season page: the sessions, the standings, the settle-up, the chart."""
    sessions = in_order(summaries)
    players: list[str] = []
    for s in sessions:
        players += [p for p in s.players if p not in players]
    standings = {p: Standing(p) for p in players}
    running = {p: 0 for p in players}
    series: dict[str, list[int]] = {p: [] for p in players}
    for s in sessions:
        for p in s.players:
            row = standings[p]
            row.sessions += 1
            row.hands += s.hands
            row.net += s.totals.get(p, 0)
            row.balance += s.between.get(p, 0)
            running[p] += s.totals.get(p, 0)
        for p in players:
            series[p].append(running[p])
    numbers = list(range(1, len(sessions) + 1))
    chart = {size: Markup(series_svg(numbers, series, 0, axis="session", what="Running net", size=size))
             for size in (WIDE, NARROW)} if sessions else {}
    return {
        "sessions": [{"number": i, "name": s.name, "title": s.title, "date": s.date,
                      "players": s.players, "hands": s.hands, "problems": s.problems,
                      "nets": [(p, signed(s.totals.get(p, 0))) for p in s.players]}
                     for i, s in enumerate(sessions, 1)],
        "standings": [{"player": r.player, "sessions": r.sessions, "hands": r.hands,
                       "net": signed(r.net), "balance": signed(r.balance)} for r in standings.values()],
        "transfers": settle_up({p: r.balance for p, r in standings.items()}),
        "chart_wide": chart.get(WIDE), "chart_narrow": chart.get(NARROW),
        "first": sessions[0].date if sessions else None, "last": sessions[-1].date if sessions else None,
        "unreadable": unreadable or [], "links": links,
    }


_SESSIONS = "SELECT id, file, title, date FROM sessions ORDER BY id"
_PLAYERS = "SELECT session_id, name, total, from_players FROM players ORDER BY session_id, seat"
_HANDS = "SELECT session_id, COUNT(*) FROM hands WHERE status = 'settled' GROUP BY session_id"


def summaries_from_database(reader) -> list[SessionSummary]:
    """Every session of a season database (a ``render.database.Reader``)."""
    players: dict[Any, list[tuple[str, int, int]]] = {}
    for session_id, name, total, between in reader.rows(_PLAYERS, ()):
        players.setdefault(session_id, []).append((name, total, between))
    hands = dict(reader.rows(_HANDS, ()))
    out = []
    for session_id, file, title, date in reader.rows(_SESSIONS, ()):
        rows = players.get(session_id, [])
        stem = file.rsplit("/", 1)[-1].removesuffix(".rvs")
        out.append(SessionSummary(stem, title or stem, date, tuple(r[0] for r in rows),
                                  hands.get(session_id, 0), {r[0]: r[1] for r in rows},
                                  {r[0]: r[2] for r in rows}))
    return out
