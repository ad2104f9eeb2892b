"""The ledger as tables (tabulate) for the terminal and Markdown, and as CSV rows.

Every view is built once as rows (``Block``) and written in the chosen format by one helper,
so a new format is one branch, not one per view.
"""
from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from tabulate import tabulate

from reversis_score.blocks import Block
from reversis_score.ledger.build import Ledger, LedgerStream, SettledHand, settle_up
from reversis_score.notation.cards import SUIT_SYMBOLS
from reversis_score.rules.knobs import knob_text
from reversis_score.scrub import printable
from reversis_score.settle.hand import Outcome

ITEM_COLUMNS = ["seq", "trick", "kind", "card", "payer", "payee", "amount", "cancelled_by", "why"]

# One minus sign per output kind: what people read (the terminal table, Markdown, HTML) gets
# the typographic minus U+2212; what programs read (CSV, JSON) keeps the ASCII '-' that every
# number parser accepts. The writers of the human kinds apply the choice, the data stays ints.
MINUS = "\u2212"
_SIGNED = re.compile(r"[+-]\d+")
_NUMBER = re.compile(r"[+\-\u2212]?\d+(\.\d+)?")


def write_blocks(blocks: list[Block], fmt: str) -> str:
    """Blocks as plain tables (``table``) or GitHub Markdown (``markdown``)."""
    out = []
    for block in map(_printable_block, blocks):
        if fmt == "markdown":
            out.append(f"## {block.title}\n" if block.title else "")
        elif block.title:
            out.append(block.title)
        if block.headers:
            rows = [[_md(c) if fmt == "markdown" else c for c in map(human_number, r)] for r in block.rows]
            # Numbers are right-aligned by hand: tabulate's own number detection does not
            # know the typographic minus.
            aligns = [_align([r[i] for r in rows if i < len(r)]) for i in range(len(block.headers))]
            out.append(tabulate(rows, headers=block.headers,
                                tablefmt="github" if fmt == "markdown" else "simple",
                                disable_numparse=True, colalign=aligns))
        else:
            out.extend(("- " if fmt == "markdown" else "  ") + str(r[0]) for r in block.rows)
        out.append("")
    return "\n".join(out)


def _printable_block(block: Block) -> Block:
    """A block whose text holds no control character: a title or a name from a record may
    carry terminal escapes (OSC 52 writes the clipboard). Escaped before the columns are
    measured, so that they stay aligned."""
    def clean(cell):
        return printable(cell) if isinstance(cell, str) else cell
    return Block(clean(block.title), [clean(h) for h in block.headers],
                 [[clean(c) for c in row] for row in block.rows])


def blocks_text(blocks: list[Block], fmt: str) -> str:
    """Blocks as table/markdown (write_blocks), or their rows as JSON objects or CSV."""
    if fmt in ("table", "markdown"):
        return write_blocks(blocks, fmt)
    tables = [b for b in blocks if b.headers]
    if fmt == "json":
        import json
        rows = [dict(zip(b.headers, r, strict=True)) for b in tables for r in b.rows]
        return json.dumps(rows, ensure_ascii=False, indent=2) + "\n"
    out = io.StringIO()
    writer = csv_writer(out)
    for b in tables:
        writer.writerow(b.headers)
        writer.writerows(b.rows)
    return out.getvalue()


def human_number(cell):
    """A table cell as people read it: an int, or a string that is only a signed int
    (``-126``, ``+5``), gets the typographic minus; any other cell is left alone.

    >>> human_number(-126), human_number("+5"), human_number("-3 (due -4)")
    ('−126', '+5', '-3 (due -4)')
    """
    if isinstance(cell, int) and not isinstance(cell, bool):
        return str(cell).replace("-", MINUS)
    if isinstance(cell, str) and _SIGNED.fullmatch(cell):
        return cell.replace("-", MINUS)
    return cell


def signed(n: int) -> str:
    """A net as people read it: ``+5``, ``−3``, ``0``."""
    return f"{n:+d}".replace("-", MINUS) if n else "0"


def _align(column: list) -> str:
    """Right for a column of numbers (blank cells aside), left for text: tabulate's rule."""
    present = [c for c in column if c not in ("", None)]
    numeric = present and all(isinstance(c, str) and _NUMBER.fullmatch(c) for c in present)
    return "right" if numeric else "left"


def _md(cell):
    """A Markdown table cell: a '|' in a name must not end the cell."""
    return cell.replace("|", "\\|") if isinstance(cell, str) else cell


def outcome_words(outcome: Outcome, settlement=None) -> str:
    """``Claire wins the party (6)``, ``Bruno makes the reversis``, ``void (misdeal)``."""
    esp = outcome.espagnolette
    if outcome.kind == "void":
        return "void (misdeal)"
    if outcome.kind == "pairwise":
        points = settlement.play.points if settlement else {}
        return "pairwise: " + ", ".join(f"{p} {n}" for p, n in sorted(points.items(), key=lambda x: x[1]))
    if outcome.kind == "reversis-made":
        text = f"{outcome.reversis_player} makes the reversis"
    elif outcome.kind == "reversis-broken":
        text = f"{outcome.breaker} breaks {outcome.reversis_player}'s reversis"
    elif outcome.party_winner:
        text = f"{outcome.party_winner} wins the party ({outcome.party_value})"
    else:
        text = "no party paid"
    if esp and esp["result"] in ("won", "lost"):
        text = f"{esp['player']} {'wins' if esp['result'] == 'won' else 'loses'} the espagnolette; {text}"
    return text


def rules_line(ledger: Ledger) -> str:
    changed = ledger.rules.changed
    text = f"rules: {ledger.rules.preset}"
    if ledger.rules.source != ledger.rules.preset:
        text += f" (from {ledger.rules.source})"
    if changed:
        text += "; changed: " + ", ".join(f"{k} = {knob_text(v)}" for k, v in changed.items())
    return text


def session_title(ledger: Ledger) -> str:
    header = ledger.session.header
    parts = [header.title or ledger.session.file]
    if header.date:
        parts.append(header.date.isoformat())
    return " — ".join(parts)


def hands_block(ledger: Ledger) -> Block:
    players = list(ledger.players)
    rows: list[list] = []
    for hand in ledger.hands:
        s = hand.settlement
        if s is None:
            rows.append([hand.number, hand.dealer or "?", "not settled: the record has errors"]
                        + [""] * len(players) + [""])
            continue
        net = s.net
        rows.append([hand.number, hand.dealer, outcome_words(s.outcome, s)]
                    + [f"{net[p]:+d}" if net[p] else "0" for p in players]
                    + [pools_text(s.pools_after)])
    return Block("Hands", ["hand", "dealer", "outcome"] + players + ["pools after"], rows)


def pools_text(pools) -> str:
    return " ".join(str(p) for p in pools) if pools else "—"


def balances_block(ledger: Ledger) -> Block:
    # Each sum once, not once per player: a header may name 100,000 players.
    between, into, balances = ledger.between_players(), ledger.into_pools(), ledger.balances
    rows = [[p, ledger.stake, f"{ledger.totals[p]:+d}", balances[p], f"{between[p]:+d}", into[p]]
            for p in ledger.players]
    return Block("Balances", ["player", "stake", "session", "balance", "from players", "into pools"], rows)


def settle_up_block(ledger: Ledger) -> Block:
    transfers = settle_up(ledger.between_players())
    lines = [[f"{a} pays {b} {n}"] for a, b, n in transfers] or [["nobody owes anybody anything"]]
    lines.append([f"pools left on the table: {pools_text(ledger.pools)}"])
    lines.extend([[note] for note in incomplete_note(ledger)])
    return Block("Settle up (payments between players)", [], lines)


def incomplete_note(ledger: Ledger) -> list[str]:
    """Say so when the record has errors: the figures stop before the first bad hand."""
    bad = next((h for h in ledger.hands if h.status == "error"), None)
    if bad is None and not ledger.session.errors:
        return []
    where = f"hand {bad.number}" if bad else "the header"
    return [f"NOT THE WHOLE SESSION: the record has errors; nothing from {where} on is settled"]


def warnings_block(ledger: Ledger) -> Block | None:
    if not ledger.warnings:
        return None
    rows = [[f"hand {w.hand}: {w.message}" if w.hand else w.message] for w in ledger.warnings]
    return Block("Warnings", [], rows)


def item_rows(items) -> list[list]:
    return [[i.seq, i.trick or "", i.kind, card_symbol(i.card), i.payer, i.payee, i.amount,
             i.cancelled_by or "", i.why] for i in items]


def card_symbol(text: str | None) -> str:
    """A card as the ledger spells it (``AD``) with its suit symbol (``A♦``); '' for none."""
    return text[:-1] + SUIT_SYMBOLS[text[-1]] if text else ""


def items_block(hand: SettledHand) -> Block:
    return Block(f"Hand {hand.number} — items", ITEM_COLUMNS, item_rows(hand.settlement.items))


def summary_blocks(ledger: Ledger, itemised: bool = False) -> list[Block]:
    """What ``settle`` shows: the hands, the balances, the settle-up (and every item)."""
    blocks = [Block(session_title(ledger), [], [[rules_line(ledger)]]), hands_block(ledger)]
    if itemised:
        blocks += [items_block(h) for h in ledger.settled]
    blocks += [balances_block(ledger), settle_up_block(ledger)]
    warn = warnings_block(ledger)
    return blocks + ([warn] if warn else [])


def hand_blocks(hand: SettledHand) -> list[Block]:
    """One settled hand in full: its tricks with winners, talon, points, items and net."""
    number, s = hand.number, hand.settlement
    play = s.play
    head = [[f"dealer {play.dealer}; {outcome_words(s.outcome, s)}"],
            [f"pools before {pools_text(s.pools_before)}, after {pools_text(s.pools_after)}"]]
    blocks = [Block(f"Hand {number}", [], head)]
    if play.tricks:
        rows = [[t.number, t.leader, "  ".join(f"{who} {card.symbol()}" for who, card in t.plays),
                 t.winner] for t in play.tricks]
        blocks.append(Block("Tricks", ["trick", "leader", "cards in order of play", "winner"], rows))
        talon = " ".join(c.symbol() for c in play.talon)
        rows = [[p, play.tricks_won[p], play.points[p], f"{s.net[p]:+d}"] for p in play.players]
        blocks.append(Block(f"Talon: {talon}", ["player", "tricks", "points", "net"], rows))
    blocks.append(items_block(hand))
    return blocks


ITEMS_HEADER = ["session", "file", "hand"] + ITEM_COLUMNS


def items_csv(ledgers: list[Ledger], hand_number: int | None = None) -> str:
    """docs/ledger.md's item CSV: one row per item, with a header row (one hand's, if given)."""
    out = io.StringIO()
    writer = csv_writer(out)
    writer.writerow(ITEMS_HEADER)
    for ledger in ledgers:
        writer.writerows(item_csv_rows(ledger, hand_number))
    return out.getvalue()


def csv_header(header: list[str]) -> str:
    """A CSV's header row as text."""
    out = io.StringIO()
    csv_writer(out).writerow(header)
    return out.getvalue()


def csv_writer(out: TextIO) -> Any:
    """LEDGER.md's CSV dialect: the csv module's defaults, lines ended by CRLF; every text cell
    without control characters (a title from a record may hold terminal escapes)."""
    return _PrintableWriter(csv.writer(out, lineterminator="\r\n"))


class _PrintableWriter:
    """A csv writer whose text cells pass through ``printable`` first."""

    def __init__(self, writer: Any) -> None:
        self.writer = writer

    def writerow(self, row: Iterable) -> Any:
        return self.writer.writerow([printable(c) if isinstance(c, str) else c for c in row])

    def writerows(self, rows: Iterable[Iterable]) -> None:
        for row in rows:
            self.writerow(row)


def item_csv_rows(ledger: Ledger | LedgerStream, hand_number: int | None = None) -> Iterator[list]:
    """The item CSV's rows of one ledger, hand after hand (a stream is written as it is settled)."""
    title = ledger.session.header.title or ""
    for hand in ledger.hands:
        if hand.settlement is None or (hand_number is not None and hand.number != hand_number):
            continue
        for i in hand.settlement.items:
            yield [title, ledger.session.file, hand.number, i.seq, i.trick or "", i.kind, i.card or "",
                   i.payer, i.payee, i.amount, i.cancelled_by or "", i.why]


def hands_csv(ledgers: list[Ledger]) -> str:
    """One row per hand: session, file, hand, dealer, outcome, a net column for every player
    met (empty where a session did not have him), pools after."""
    players: list[str] = []
    for ledger in ledgers:
        players += [p for p in ledger.players if p not in players]
    return hands_csv_of(players, (row for ledger in ledgers for row in hand_facts(ledger)))


def hand_facts(ledger: Ledger) -> list[tuple[list, dict[str, int], str]]:
    """Each settled hand's row of the hands CSV: the leading cells, the nets, the pools after."""
    title = ledger.session.header.title or ""
    return [([title, ledger.session.file, hand.number, hand.dealer, outcome_words(s.outcome, s)],
             s.net, pools_text(s.pools_after))
            for hand in ledger.settled if (s := hand.settlement) is not None]


def hands_csv_of(players: list[str], facts: Iterable[tuple[list, dict[str, int], str]]) -> str:
    """The hands CSV from its player columns and each hand's facts (see ``hand_facts``)."""
    out = io.StringIO()
    writer = csv_writer(out)
    writer.writerow(["session", "file", "hand", "dealer", "outcome", *players, "pools_after"])
    for lead, net, pools in facts:
        writer.writerow(lead + [net.get(p, "") for p in players] + [pools])
    return out.getvalue()
