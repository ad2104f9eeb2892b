"""The season page's data: report/season.py's figures laid out for the template (no web here).

A session's figures are read off a settled ledger (``summary_of``: the folder's records) or
off a season database written by ``export`` (``summaries_from_database``): the season page
is the same either way, and its figures are those ``season`` prints, computed in one place.
"""
from __future__ import annotations

from typing import Any

from markupsafe import Markup

from reversis_score.i18n import _
from reversis_score.ledger.build import Ledger
from reversis_score.render.night import money
from reversis_score.render.season_chart import panels
from reversis_score.report.season import (
    SETTLE_UP_WORDS,
    SessionFigures,
    figures_from_database,
    figures_of,
    in_order,
    season_of,
)
from reversis_score.report.season_text import payments_table, per_hand, settle_up_notes
from reversis_score.serve.templating import people_signed as signed

SessionSummary = SessionFigures  # what the season page needs of one session


def summary_of(name: str, ledger: Ledger) -> SessionSummary:
    """A session's figures from its ledger (a hand in progress is not an error: said apart)."""
    return figures_of(name, ledger)


def summaries_from_database(reader: Any) -> list[SessionSummary]:
    """Every session of a season database (a ``render.database.Reader``)."""
    return figures_from_database(reader)


def season_view(summaries: list[SessionSummary], unreadable: list[tuple[str, str]] | None = None,
                links: bool = True) -> dict[str, Any]:
    """The season page: standings, play, who paid whom, the settle-up (what is still owed, with
    the money beside it), the running nets (one small chart per player) and the sessions."""
    season = season_of(summaries)  # a session's "key": its pages are /session/KEY (serve/dbpages.py)
    ranked = [r.player for r in season.players]
    headers, paid = payments_table(season)
    return {
        "sessions": [{"number": i, "name": s.name, "key": s.name, "title": s.title, "date": s.date,
                      "players": s.players, "hands": s.hands, "problems": s.problems,
                      "in_progress": s.in_progress,
                      "nets": [(p, signed(s.totals.get(p, 0))) for p in s.players]}
                     for i, s in enumerate(in_order(summaries), 1)],
        "standings": [{"rank": i, "player": r.player, "sessions": r.sessions, "hands": r.hands,
                       "net": signed(r.total),
                       "from_players": signed(r.from_players), "per_hand": per_hand(r),
                       "won": r.parties_won, "lost": r.parties_lost, "row": r}
                      for i, r in enumerate(season.players, 1)],
        "payees": headers[1:], "paid": paid,
        "transfers": [(a, b, n, money(n, season.rate) if season.rate else None)
                      for a, b, n in season.transfers],
        "settle_up_words": _(SETTLE_UP_WORDS), "settle_up_notes": settle_up_notes(season),
        "panels": [Markup(svg) for svg in panels(season.running, season.sessions, ranked)],
        "first": season.first, "last": season.last,
        "unreadable": unreadable or [], "links": links,
    }
