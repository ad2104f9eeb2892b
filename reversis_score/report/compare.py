"""``settle --compare``: one record settled under several readings, side by side."""
from __future__ import annotations

from dataclasses import dataclass

from reversis_score.ledger.build import Ledger, build_ledger, settle_up
from reversis_score.notation.diagnostics import Diagnostic, where_prefix
from reversis_score.pipeline import CheckedSession
from reversis_score.render.tables import Block
from reversis_score.rules.houserules import suggest
from reversis_score.rules.knobs import PRESETS


@dataclass(slots=True)
class Reading:
    """The record under one preset: its ledger and the errors that preset finds."""

    name: str
    ledger: Ledger
    errors: list[Diagnostic]
    tricks_only: bool = False  # the deal did not fit this preset's pack: compared on the tricks


def parse_names(text: str) -> tuple[list[str], str | None]:
    """``parlett,regles-fr`` → the names, or a message naming the unknown one."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    for name in names:
        if name not in PRESETS and not name.endswith(".toml") and "/" not in name:
            return [], f"unknown preset '{name}'{suggest(name, PRESETS)} (presets: {', '.join(PRESETS)})"
    return names or list(PRESETS), None


def compare(check, names: list[str]) -> list[Reading]:
    """Settle under each name; ``check(name, tricks_only)`` gives the CheckedSession.

    A preset whose pack differs from the record's own (a 48-card deal under the 52-card
    dafydd) is compared on the tricks alone, leaving the recorded deal and exchange aside.
    """
    own = check(None, False)
    readings = []
    for name in names:
        session: CheckedSession = check(name, False)
        tricks_only = session.rules.knobs.deck != own.rules.knobs.deck
        if tricks_only:
            session = check(name, True)
        readings.append(Reading(name, build_ledger(session), session.errors, tricks_only))
    return readings


def totals_block(readings: list[Reading]) -> Block:
    players = list(readings[0].ledger.players)
    rows: list[list] = [[p] + [f"{r.ledger.totals[p]:+d}" if r.ledger.settled else "—" for r in readings]
                        for p in players]
    rows.append(["pools left"] + [" ".join(map(str, r.ledger.pools)) or "—" for r in readings])
    rows.append(["hands settled"] + [len(r.ledger.settled) for r in readings])
    return Block("Totals under each reading", ["player"] + [r.name for r in readings], rows)


def settle_up_block(readings: list[Reading]) -> Block:
    lines = []
    for r in readings:
        transfers = settle_up(r.ledger.between_players())
        text = "; ".join(f"{a} pays {b} {n}" for a, b, n in transfers) or "nobody owes anything"
        lines.append([f"{r.name}: {text}"])
    return Block("Settle up under each reading", [], lines)


def hands_block(readings: list[Reading]) -> Block:
    players = list(readings[0].ledger.players)
    numbers = sorted({h.number for r in readings for h in r.ledger.settled})
    rows = []
    for number in numbers:
        for player in players:
            row = [number, player]
            for r in readings:
                hand = next((h for h in r.ledger.settled if h.number == number), None)
                row.append(f"{hand.settlement.net[player]:+d}" if hand else "—")
            rows.append(row)
    return Block("Each hand under each reading", ["hand", "player"] + [r.name for r in readings], rows)


def errors_block(readings: list[Reading]) -> Block | None:
    lines = [[f"{r.name}: a {r.ledger.rules.knobs.deck}-card game: compared on the tricks alone "
              "(the recorded deal and exchange are for another pack)"] for r in readings if r.tricks_only]
    for r in readings:
        for d in r.errors[:3]:
            lines.append([f"{r.name}: line {d.span.line if d.span else '?'}: "
                          f"{where_prefix(d.hand, d.trick)}{d.message}"])
        if len(r.errors) > 3:
            more = len(r.errors) - 3
            lines.append([f"{r.name}: … and {more} more error{'s' * (more != 1)}"])
    if not lines:
        return None
    return Block("Notes (a reading with errors is settled up to its first bad hand)", [], lines)


def compare_blocks(readings: list[Reading], itemised: bool) -> list[Block]:
    blocks = [totals_block(readings)]
    if itemised:
        blocks.append(hands_block(readings))
    blocks.append(settle_up_block(readings))
    errors = errors_block(readings)
    return blocks + ([errors] if errors else [])
