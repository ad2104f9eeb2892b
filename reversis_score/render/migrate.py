"""Bring a season database written by an older schema up to this one, in place: one step per
version (``STEPS``: 1 → 2, 2 → 3, then 3 → 4), each run in turn inside the export's one
transaction.

Step 1 → 2:
Version 1 knew a session by the hash of its file's bytes, so a corrected record was a second
session. Version 2 knows it by its record's name (render/identity.py) and keeps each
player's figures (render/tally.py). The migration runs inside the export's (or forget's)
one transaction, under its lock: it adds the columns, the ``payments`` table and the
``player_season`` view, names every session after its file (two sessions of one name: the
later gets ``-2``, ``-3``…), counts the figures from the database's own rows with the same
tally as ``export``, then makes the names unique. It says what it did in one message, and
names the sessions that hold the same hands (a night counted twice), which only ``forget``
removes: a migration changes no figure.

Step 2 → 3 (``to_3``): one vocabulary for money, so ``players.total`` is ``net`` and
``players.name`` is ``player`` (the views ``player_totals``' ``total`` is ``net``,
``player_season``'s ``balance`` is ``from_players``: a balance is stake + net, everywhere); a
session is known by its club and its name, the club read off the folder its file was exported
from (none: ``''``); the close of its night (``pools_close``) is what its rules said, ``stay``
before there was a choice; nothing was paid at the table and no money rate is known.

Step 3 → 4 (``to_4``): the site's two tables (render/schema.py's ``SITE``), the records of the
sessions exported from then on, for ``serve DB``.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from reversis_score.i18n import _, fill, ngettext
from reversis_score.render.identity import club_folder, record_name
from reversis_score.render.schema import (
    COLUMNS,
    NAME_INDEX,
    RENAMED_3,
    RENAMED_VIEWS_3,
    SITE_STEP,
    STATS,
    insert_sql,
    migration,
    migration_3,
    site_migration,
)
from reversis_score.render.tally import SessionTally

_HANDS = ", ".join(COLUMNS["hands"][1:])
_ITEMS = ", ".join(COLUMNS["items"][1:])


def migrate(conn: Any, engine: str, mark: str, target: str, version: int = 1) -> str:
    """Bring the database ``conn`` holds (``engine``: "sqlite" or "postgresql") from schema
    ``version`` up to date, step after step; what was done, in one message."""
    said = []
    for step in sorted(STEPS):
        if step >= version:
            said.append(STEPS[step](conn, engine, mark, target))
    return _("; ").join(s for s in said if s)


def to_2(conn: Any, engine: str, mark: str, target: str) -> str:
    """Step 1 → 2: sessions known by their names, each player's figures counted."""
    for statement in migration(engine):
        conn.execute(statement)
    taken: dict[str, int] = {}
    renamed: list[str] = []
    by_hands: dict[str, list[str]] = {}
    sessions = conn.execute("SELECT id, file FROM sessions ORDER BY id").fetchall()
    for session_id, file in sessions:
        name = base = record_name(file)
        while name in taken:
            taken[base] += 1
            name = f"{base}-{taken[base]}"
        taken.setdefault(name, 1)
        if name != base:
            renamed.append(f"{base} → {name} ({file})")
        tally = _tally(conn, session_id, mark)
        conn.execute(f"UPDATE sessions SET name = {mark}, hands_sha256 = {mark} WHERE id = {mark}",
                     (name, tally.hands_sha256, session_id))
        sets = ", ".join(f"{s} = {mark}" for s in STATS)
        for player in tally.players:
            conn.execute(f"UPDATE players SET {sets} WHERE session_id = {mark} AND name = {mark}",
                         (*tally.row(player), session_id, player))
        conn.cursor().executemany(insert_sql("payments", mark),
                                  [(session_id, *p) for p in tally.payment_rows()])
        if tally.hands_sha256 is not None:
            by_hands.setdefault(tally.hands_sha256, []).append(name)
    conn.execute(NAME_INDEX)
    return _said(target, len(sessions), renamed, [n for n in by_hands.values() if len(n) > 1])


def to_3(conn: Any, engine: str, mark: str, target: str) -> str:
    """Step 2 → 3: the money columns renamed, the club and the night's close filled in."""
    for statement in migration_3(engine):
        conn.execute(statement)
    rows = conn.execute("SELECT id, file, rules_knobs FROM sessions ORDER BY id").fetchall()
    for session_id, file, knobs in rows:
        close = json.loads(knobs).get("pools_at_close", "stay")
        conn.execute(f"UPDATE sessions SET club = {mark}, pools_close = {mark} WHERE id = {mark}",
                     (club_folder(file) or "", close, session_id))
    clubs = sorted({club_folder(r[1]) or "" for r in rows})
    renamed = ", ".join(f"{t}.{old} → {t}.{new}" for t, old, new in RENAMED_3 + RENAMED_VIEWS_3)
    return fill(ngettext("{target}: brought up to date in place (schema 2 → 3): each session is known by "
                         "its club and its name (club {clubs}); the columns for money say one thing each: "
                         "{renamed}",
                         "{target}: brought up to date in place (schema 2 → 3): each session is known by "
                         "its club and its name (clubs {clubs}); the columns for money say one thing each: "
                         "{renamed}",
                         len(clubs)), target=target, clubs=", ".join(f"'{c}'" for c in clubs) or "''",
                renamed=renamed)


def to_4(conn: Any, engine: str, mark: str, target: str) -> str:
    """Step 3 → 4: the tables of ``serve DB`` (a session exported before shows on the season
    page, and gets its own pages when its record is exported again)."""
    for statement in site_migration(engine):
        conn.execute(statement)
    return fill(_("{target}: brought up to date in place (schema {old} → {new}): the pages of "
                  "'serve' over the database read each session's record from it; a session "
                  "exported before shows on the season page, and gets its own pages when its "
                  "record is exported again"), target=target, old=SITE_STEP - 1, new=SITE_STEP)


# The steps, by the version each starts from; a later version appends its own (4: 4 → 5).
STEPS: dict[int, Callable[[Any, str, str, str], str]] = {1: to_2, 2: to_3, 3: to_4}


def _tally(conn: Any, session_id: int, mark: str) -> SessionTally:
    """A session's figures, counted from its rows as ``export`` counts them."""
    players = [r[0] for r in conn.execute(f"SELECT name FROM players WHERE session_id = {mark} ORDER BY seat",
                                          (session_id,)).fetchall()]
    items: dict[int, list[tuple]] = {}
    for row in conn.execute(f"SELECT {_ITEMS} FROM items WHERE session_id = {mark} ORDER BY hand, seq",
                            (session_id,)).fetchall():
        items.setdefault(row[0], []).append(tuple(row))
    tally = SessionTally(tuple(players))
    for row in conn.execute(f"SELECT {_HANDS} FROM hands WHERE session_id = {mark} ORDER BY number",
                            (session_id,)).fetchall():
        tally.add(tuple(row), items.get(row[0], []))
    return tally


def _said(target: str, count: int, renamed: list[str], copies: list[list[str]]) -> str:
    said = [fill(ngettext("{target}: brought up to date in place (schema 1 → 2): each of its {count} "
                          "session is now known by its record's name, and a record exported again under its "
                          "name replaces its session",
                          "{target}: brought up to date in place (schema 1 → 2): each of its {count} "
                          "sessions is now known by its record's name, and a record exported again under "
                          "its name replaces its session", count), target=target, count=count)]
    if renamed:
        said.append(fill(_("two sessions had one name, so the later is renamed: {renamed}"),
                         renamed=_("; ").join(renamed)))
    for names in copies:
        said.append(fill(_("sessions {names} hold the same hands (the night is counted {count} times): "
                           "'reversis-score forget' all but one"), names=", ".join(names), count=len(names)))
    return _("; ").join(said)
