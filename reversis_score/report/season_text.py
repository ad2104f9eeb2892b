"""``season`` on the terminal, and as JSON, CSV or Markdown: report/season.py's figures in words.

Blocks, in order: the standings (ranked by balance, then net: sessions, hands, net, balance,
average per hand, parties won and lost), the play (Aces placed and forced, Quinola placed,
forced and led, reversis made, broken and broke, espagnolettes), who paid whom (a player ×
player table: each row what that player paid each column over the season) and the settle-up,
introduced by one line saying what it is.
"""
from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict, fields

from reversis_score.render.tables import Block, signed
from reversis_score.report.season import SETTLE_UP_WORDS, PlayerSeason, Season

STANDINGS = ["#", "player", "balance", "net", "sessions", "hands", "per hand", "parties won", "parties lost"]
PLAY = ["player", "aces placed", "aces forced", "quinola placed", "quinola forced", "quinola led",
        "reversis made", "reversis broken", "broke a reversis", "espagnolettes"]


def per_hand(row: PlayerSeason) -> str:
    """The average per hand, signed, one decimal (``+2.5``, ``−0.3``, ``0``)."""
    return signed(0) if not row.per_hand else f"{row.per_hand:+.1f}".replace("-", "−")


def standings_rows(season: Season) -> list[list]:
    return [[rank, r.player, signed(r.from_players), signed(r.total), r.sessions, r.hands, per_hand(r),
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
    return ["paid ↓ to →", *columns], rows


def season_blocks(season: Season, since: str | None = None) -> list[Block]:
    """The season as tables: standings, play, who paid whom, and the settle-up."""
    span = (season.first if season.first == season.last else f"{season.first} to {season.last}"
            ) if season.first else "undated"
    title = (f"Season: {season.sessions} session{'s' * (season.sessions != 1)}"
             + (f", {span}" if season.sessions else "") + (f" (since {since})" if since else ""))
    if not season.sessions:
        return [Block(title, [], [["no session in this database matches"]])]
    moves = [[f"{a} pays {b} {n}"] for a, b, n in season.transfers] or [["nobody owes anybody anything"]]
    headers, paid = payments_table(season)
    return [Block(title, STANDINGS, standings_rows(season)),
            Block("balance: payments between players only; net: every payment, pools included; "
                  "ranked by balance, then net", [], []),
            Block("Play", PLAY, play_rows(season)),
            Block("Who paid whom over the season (each row: what that player paid each column)",
                  headers, paid),
            Block("Settle up for the season (payments between players)", [],
                  [[SETTLE_UP_WORDS[0].upper() + SETTLE_UP_WORDS[1:] + ":"]] + moves)]


def season_document(season: Season) -> dict:
    """The season as JSON-ready data (the keys of before, and the figures added since)."""
    return {"sessions": season.sessions, "first": season.first, "last": season.last,
            "players": [asdict(r) for r in season.players],
            "settle_up": [{"payer": a, "payee": b, "amount": n} for a, b, n in season.transfers],
            "payments": [{"payer": a, "payee": b, "amount": n}
                         for (a, b), n in sorted(season.payments.items())]}


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
