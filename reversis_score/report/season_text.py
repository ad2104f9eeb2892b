"""``season`` on the terminal, and as JSON, CSV or Markdown: report/season.py's figures in words.

Blocks, in order: the standings (ranked by net, then from players: net, from players, sessions,
hands, average per hand, parties won and lost), the play (Aces placed and forced, Quinola placed,
forced and led, reversis made, broken and broke, espagnolettes), who paid whom (a player ×
player table: each row what that player paid each column over the season) and the settle-up,
introduced by one line saying what it is, and followed by the nights it leaves out (paid at the
table) and the money beside the fish. The words are docs/ledger.md's glossary.
"""
from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict, fields

from reversis_score.i18n import N_, _, fill, ngettext
from reversis_score.render.night import rate_words
from reversis_score.render.tables import Block, pays_words
from reversis_score.render.words import day_words, signed, signed_decimal
from reversis_score.report.season import SETTLE_UP_WORDS, PlayerSeason, Season, SessionFigures

# The headings of the standings and the play (translated where shown).
STANDINGS = ["#", N_("player"), N_("net"), N_("from players"), N_("sessions"), N_("hands"), N_("per hand"),
             N_("parties won"), N_("parties lost")]
PLAY = [N_("player"), N_("aces placed"), N_("aces forced"), N_("quinola placed"), N_("quinola forced"),
        N_("quinola led"), N_("reversis made"), N_("reversis broken"), N_("broke a reversis"),
        N_("espagnolettes")]


def per_hand(row: PlayerSeason) -> str:
    """The average per hand, signed, one decimal (``+2.5``, ``−0.3``, ``0``)."""
    return signed(0) if not row.per_hand else signed_decimal(row.per_hand)


def standings_rows(season: Season) -> list[list]:
    return [[rank, r.player, signed(r.total), signed(r.from_players), r.sessions, r.hands, per_hand(r),
             r.parties_won, r.parties_lost] for rank, r in enumerate(season.players, 1)]


def play_rows(season: Season) -> list[list]:
    return [[r.player, r.aces_placed, r.aces_forced, r.quinola_placed, r.quinola_forced, r.quinola_led,
             r.reversis_made, r.reversis_broken, r.reversis_breaker, r.espagnolettes]
            for r in season.players]


def payments_table(season: Season) -> tuple[list[str], list[list]]:
    """Headers and rows of who paid whom: row A, column B is what A paid B over the season
    (blank: nothing). Rows are the players shown (one with ``--player``), columns every player
    they paid or were paid by."""
    names = [r.player for r in season.players]
    met = sorted({p for pair in season.payments for p in pair if set(pair) & set(names)} - set(names))
    columns = names + met
    rows: list[list] = [[a, *("·" if a == b else season.payments.get((a, b), "") for b in columns)]
                        for a in names]
    return [_("paid ↓ to →"), *columns], rows


def season_blocks(season: Season, since: str | None = None) -> list[Block]:
    """The season as tables: standings, play, who paid whom, and the settle-up."""
    title = season_title(season, since)
    if not season.sessions:
        return [Block(title, [], [[_("no session in this database matches")]])]
    moves = [[pays_words(a, b, n, season.rate)] for a, b, n in season.transfers] or \
        [[_("nobody owes anybody anything")]]
    moves += [[said] for said in settle_up_notes(season)]
    headers, paid = payments_table(season)
    words = _(SETTLE_UP_WORDS)
    return [Block(title, [_(h) for h in STANDINGS], standings_rows(season)),
            Block(_("net: every payment, pools included; from players: payments between players only, what "
                    "a settle-up settles; ranked by net, then from players"), [], []),
            Block(_("Play"), [_(h) for h in PLAY], play_rows(season)),
            Block(_("Who paid whom over the season (each row: what that player paid each column)"),
                  headers, paid),
            Block(_("Settle up for the season (payments between players)"), [],
                  [[fill(_("{words}:"), words=words[0].upper() + words[1:])]] + moves)]


def settle_up_notes(season: Season) -> list[str]:
    """What the season's settle-up leaves out, and where each night's pools went."""
    said = [fill(_("left out, paid at the table: {nights}"),
                 nights=", ".join(night_label(s) for s in season.paid_nights))] if season.paid_nights else []
    before: dict[str, SessionFigures] = {}  # each club's night before, by date
    for s in season.order:
        last = before.get(s.club)
        if last is not None and last.pools_close == "carry" and s.pools_carried != last.pools_left:
            said.append(fill(_("{night} starts with the pools {pools}, but {last} carried {left} to it"),
                             night=night_label(s), pools=_pools(s.pools_carried), last=night_label(last),
                             left=_pools(last.pools_left)))
        before[s.club] = s
        if s.pools_left and s.pools_close == "carry":
            said.append(fill(_("{night}: pools carried to the club's next night: {pools}"),
                             night=night_label(s), pools=_pools(s.pools_left)))
    if season.rate is not None:
        said.append(rate_words(season.rate))
    return said


def _pools(pools: tuple[int, ...]) -> str:
    return " ".join(map(str, pools)) or "—"


def night_label(s: SessionFigures) -> str:
    """A night as a season names it: its name and date (``autumn-1, 2026-10-04``)."""
    return f"{s.name} ({day_words(s.date)})" if s.date else s.name


def season_title(season: Season, since: str | None = None) -> str:
    """``Season: 3 sessions, 2026-10-04 to 2026-10-18 (since 2026-10-01)``."""
    if season.first and season.first != season.last:
        span = fill(_("{first} to {last}"), first=day_words(season.first), last=day_words(season.last or ""))
    else:
        span = day_words(season.first) if season.first else _("undated")
    title = fill(ngettext("Season: {count} session", "Season: {count} sessions", season.sessions),
                 count=season.sessions)
    title += fill(_(", {span}"), span=span) if season.sessions else ""
    return title + (fill(_(" (since {day})"), day=day_words(since)) if since else "")


def season_document(season: Season) -> dict:
    """The season as JSON-ready data (the keys of before, and the figures added since)."""
    return {"sessions": season.sessions, "first": season.first, "last": season.last,
            "players": [asdict(r) for r in season.players],
            "settle_up": [{"payer": a, "payee": b, "amount": n} for a, b, n in season.transfers],
            "payments": [{"payer": a, "payee": b, "amount": n}
                         for (a, b), n in sorted(season.payments.items())],
            "left_out": [{"club": s.club, "name": s.name, "date": s.date} for s in season.paid_nights]}


def season_csv(season: Season) -> str:
    """One row per player (the machine-readable columns of the standings and the play)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    names = [f.name for f in fields(PlayerSeason)]
    writer.writerow(names)
    for row in season.players:
        writer.writerow([getattr(row, f) for f in names])
    return out.getvalue()


def season_json(season: Season) -> str:
    """The season as a JSON document."""
    return json.dumps(season_document(season), ensure_ascii=False, indent=2) + "\n"
