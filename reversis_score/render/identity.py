"""A session's identity in a season database: its club and its record's name; and what a
replacement says.

A record is known by its club and its name, the file name without ``.rvs`` (``club-night.rvs``
is ``club-night``; standard input is ``stdin``). The club is the header's ``club:`` line, else
``export --club``, else the folder the file is named in (``lyon/club-night.rvs``: ``lyon``),
else, for a bare file name or standard input, the database's one club (none: ``''``).
Exporting a record of that club and name again replaces the session, saying what changed; one
whose date, players and hands all differ is another night, and replaces it only when the user
says so (``--replace``); the same bytes or the same hands under another identity are refused,
naming the session that holds them (render/database.py's ``replace_session``).

>>> record_name("nights/club-night.rvs"), record_name("-"), club_folder("lyon/a.rvs"), club_folder("a.rvs")
('club-night', 'stdin', 'lyon', None)
"""
from __future__ import annotations

import json
from pathlib import PurePath
from typing import Any, NamedTuple

from reversis_score.i18n import _, fill
from reversis_score.render.tables import signed

# What a replacement compares, read off the session it replaces.
OLD_COLUMNS = "id, sha256, title, date, stake, rules_preset, rules_changed, hands_sha256"


def record_name(file: str) -> str:
    """The name a record's session is known by."""
    return "stdin" if file in ("-", "") else PurePath(file).stem


def club_folder(file: str) -> str | None:
    """The club a record's folder names: the last folder of its path; None for a bare file name
    or standard input (then the database's one club is taken)."""
    if file in ("-", ""):
        return None
    parent = PurePath(file).parent.name
    return parent or None


def shown_identity(club: str, name: str) -> str:
    """A session as messages name it: ``lyon/club-night``, or ``club-night`` without a club."""
    return f"{club}/{name}" if club else name


class Before(NamedTuple):
    """The replaced session as it was."""

    row: tuple  # OLD_COLUMNS
    hands: int  # hands written (settled or void)
    totals: dict[str, int]
    order: tuple[str, ...]


def before(conn: Any, row: tuple, mark: str) -> Before:
    """The session about to be replaced (``row``: its OLD_COLUMNS)."""
    hands = conn.execute(f"SELECT COUNT(*) FROM hands WHERE session_id = {mark}", (row[0],)).fetchone()[0]
    players = conn.execute(f"SELECT player, net FROM players WHERE session_id = {mark} ORDER BY seat",
                           (row[0],)).fetchall()
    return Before(tuple(row), int(hands), {p: int(t) for p, t in players}, tuple(p for p, _ in players))


def changes(old: Before, rows: Any, hands: int) -> str:
    """What a replacement changed, in one line: "title changed; hands 12 → 12; Denis −326 → −326".

    ``rows`` is the new session's ``SessionRows``, ``hands`` how many of its hands were written.
    """
    new = rows.session  # render/schema.py's COLUMNS["sessions"]
    said = []
    if old.row[1] == new[0]:
        said.append(_("the same record"))
    if old.row[2] != new[2]:
        said.append(_("title changed"))
    if old.row[3] != new[3]:
        said.append(fill(_("date {before} → {after}"), before=old.row[3] or _("none"),
                         after=new[3] or _("none")))
    if int(old.row[4]) != new[4]:
        said.append(fill(_("stake {before} → {after}"), before=old.row[4], after=new[4]))
    if old.row[5] != new[5] or json.loads(old.row[6]) != json.loads(new[7]):
        said.append(_("rules changed"))
    order = tuple(p[1] for p in rows.players)
    if order != old.order:
        said.append(fill(_("players {before} → {after}"), before=" ".join(old.order), after=" ".join(order)))
    said.append(fill(_("hands {before} → {after}"), before=old.hands, after=hands))
    totals = {p[1]: p[2] for p in rows.players}
    said.append(", ".join(f"{p} {_was(old.totals, p)} → {signed(totals[p])}" for p in order))
    gone = [p for p in old.order if p not in totals]
    if gone:
        said.append(", ".join(fill(_("{player} {before} → gone"), player=p, before=signed(old.totals[p]))
                              for p in gone))
    return _("; ").join(said)


def another_night(old: Before, rows: Any) -> bool:
    """Whether the session a record would replace is another night: its date, its players and
    its hands all differ (a corrected record keeps at least one of them)."""
    new = rows.session
    players = tuple(p[1] for p in rows.players)
    return old.row[3] != new[3] and set(old.order) != set(players) and old.row[7] != new[11]


def another_words(old: Before, rows: Any) -> str:
    """What the user is asked, or told when the replacement is refused."""
    return fill(_("session '{name}' already holds another night (its date {before}, players {players}, "
                  "other hands): replace it with {after}, {new}?"),
                name=rows.session[10], before=old.row[3] or _("none"), players=" ".join(old.order),
                after=rows.session[3] or _("no date"), new=" ".join(p[1] for p in rows.players))


def _was(totals: dict[str, int], player: str) -> str:
    return signed(totals[player]) if player in totals else _("new")


def held(name: str, file: str, same_bytes: bool) -> str:
    """Why a session is refused: the session already holding it (``name``: as shown_identity
    gives it)."""
    said = (_("the same record (the same bytes) already in the season as session '{name}' (exported "
              "from {file}); export it under that name to replace it, or 'reversis-score forget' that "
              "session first")
            if same_bytes else
            _("the same hands already in the season as session '{name}' (exported from {file}); export it "
              "under that name to replace it, or 'reversis-score forget' that session first"))
    return fill(said, name=name, file=file)
