"""The pages as files (``report``): the same templates as ``serve``, one self-contained page.

``session_page(ledger)`` is the session page, ``season_page(summaries)`` the season page of
several records or of a season database. Offline, the CSS is inline, there is no script and
no link (the hand and why pages need the server), so the file opens anywhere, also on a
phone, and prints.
"""
from __future__ import annotations

from reversis_score.ledger.build import Ledger
from reversis_score.serve.season import SessionSummary, season_view
from reversis_score.serve.templating import render
from reversis_score.serve.views import session_view


def session_page(ledger: Ledger) -> str:
    """One session's page as one HTML string (UTF-8 when written)."""
    return render("session.html", offline=True, **session_view(ledger))


def season_page(summaries: list[SessionSummary]) -> str:
    """The season page of these sessions as one HTML string."""
    return render("season.html", offline=True, **season_view(summaries, links=False))
