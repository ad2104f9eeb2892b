"""``settle --compare``: one record settled under several readings, side by side."""
from __future__ import annotations

from dataclasses import dataclass

from reversis_score.i18n import _, fill, ngettext
from reversis_score.ledger.build import Ledger, build_ledger, settle_up
from reversis_score.notation.diagnostics import Diagnostic, where_prefix
from reversis_score.pipeline import CheckedSession
from reversis_score.render.tables import Block, pays_words
from reversis_score.render.words import pools_words, signed
from reversis_score.rules.houserules import suggest
from reversis_score.rules.knobs import PRESETS, preset_named


@dataclass(slots=True)
class Reading:
    """The record under one preset: its ledger and the errors that preset finds."""

    name: str
    ledger: Ledger
    errors: list[Diagnostic]
    tricks_only: bool = False  # the deal did not fit this preset's pack: compared on the tricks


def parse_names(text: str) -> tuple[list[str], str | None]:
    """``parlett,regles-fr`` → the names, or a message naming the unknown one."""
    names = [preset_named(n.strip()) for n in text.split(",") if n.strip()]
    for name in names:
        if name not in PRESETS and not name.endswith(".toml") and "/" not in name:
            return [], fill(_("unknown preset '{name}'{hint} (presets: {presets})"), name=name,
                            hint=suggest(name, PRESETS), presets=", ".join(PRESETS))
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
    rows: list[list] = [[p] + [_net(r.ledger.totals[p]) if r.ledger.settled else "—" for r in readings]
                        for p in players]
    rows.append([_("pools left")] + [pools_words(r.ledger.pools) for r in readings])
    rows.append([_("hands settled")] + [len(r.ledger.settled) for r in readings])
    return Block(_("Totals under each reading"), [_("player")] + [r.name for r in readings], rows)


def _net(n: int) -> str:
    """A net as the tables write it, with ``+0`` for none."""
    return signed(n) if n else "+0"


def settle_up_block(readings: list[Reading]) -> Block:
    lines = []
    for r in readings:
        transfers = settle_up(r.ledger.between_players())
        text = _("; ").join(pays_words(a, b, n) for a, b, n in transfers) or _("nobody owes anything")
        lines.append([fill(_("{reading}: {said}"), reading=r.name, said=text)])
    return Block(_("Settle up under each reading"), [], lines)


def hands_block(readings: list[Reading]) -> Block:
    players = list(readings[0].ledger.players)
    numbers = sorted({h.number for r in readings for h in r.ledger.settled})
    rows = []
    for number in numbers:
        for player in players:
            row = [number, player]
            for r in readings:
                hand = next((h for h in r.ledger.settled if h.number == number), None)
                row.append(_net(hand.settlement.net[player]) if hand else "—")
            rows.append(row)
    headers = [_("hand"), _("player")] + [r.name for r in readings]
    return Block(_("Each hand under each reading"), headers, rows)


def errors_block(readings: list[Reading]) -> Block | None:
    lines = [[fill(_("{reading}: a {deck}-card game: compared on the tricks alone (the recorded deal and "
                     "exchange are for another pack)"), reading=r.name, deck=r.ledger.rules.knobs.deck)]
             for r in readings if r.tricks_only]
    for r in readings:
        for d in r.errors[:3]:
            lines.append([fill(_("{reading}: line {line}: {problem}"), reading=r.name,
                               line=d.span.line if d.span else "?",
                               problem=where_prefix(d.hand, d.trick) + d.message)])
        if len(r.errors) > 3:
            more = len(r.errors) - 3
            said = ngettext("{reading}: … and {count} more error", "{reading}: … and {count} more errors",
                            more)
            lines.append([fill(said, reading=r.name, count=more)])
    if not lines:
        return None
    return Block(_("Notes (a reading with errors is settled up to its first bad hand)"), [], lines)


def compare_blocks(readings: list[Reading], itemised: bool) -> list[Block]:
    blocks = [totals_block(readings)]
    if itemised:
        blocks.append(hands_block(readings))
    blocks.append(settle_up_block(readings))
    errors = errors_block(readings)
    return blocks + ([errors] if errors else [])
