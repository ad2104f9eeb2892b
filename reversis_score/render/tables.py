"""The ledger as tables (tabulate) for the terminal and Markdown, and as CSV rows.

Every view is built once as rows (``Block``) and written in the chosen format by one helper,
so a new format is one branch, not one per view.
"""
from __future__ import annotations

import io
import pickle
import re
import tempfile
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import BinaryIO

from reversis_score.blocks import Block
from reversis_score.i18n import N_, _, fill, is_french, long_date
from reversis_score.ledger.build import Ledger, LedgerStream, SettledHand
from reversis_score.notation.records import Rate
from reversis_score.render import fit, night
from reversis_score.render.csv_rows import csv_writer
from reversis_score.render.words import (
    cancelled_name,
    human_number,
    kind_name,
    outcome_words,
    person_card,
    pools_words,
    side_name,
    signed,
)
from reversis_score.rules.knobs import knob_said
from reversis_score.scrub import printable
from reversis_score.settle.pools import basket, one_basket

# The same columns' headings in a table for people (translated where shown).
ITEM_HEADINGS = [N_("seq"), N_("trick"), N_("kind"), N_("card"), N_("payer"), N_("payee"), N_("amount"),
                 N_("cancelled_by"), N_("why")]

# One minus sign per output kind: what people read (the terminal table, Markdown, HTML) gets
# the typographic minus U+2212; what programs read (CSV, JSON) keeps the ASCII '-' that every
# number parser accepts. The writers of the human kinds apply the choice, the data stays ints.
MINUS = "\u2212"
_width = fit.width_of  # the width tabulate pads a cell to


def write_blocks(blocks: list[Block], fmt: str, width: int | None = None, wide: str = "wrap") -> str:
    """Blocks as plain tables (``table``) or GitHub Markdown (``markdown``).

    The text of several blocks is each block's text, joined by a newline. With a ``width``
    (a terminal's), a plain table wider than it wraps its long cells, or becomes a list when
    no wrapping fits (render/fit.py), or at once with ``wide="list"``; without a width, each
    row is one line.
    """
    out = []
    for block in map(_printable_block, blocks):
        title = _title(block.title, fmt)
        if title is not None and fmt == "table" and width is not None:
            title = "\n".join(fit.wrap_line(title, width, "", "  "))
        out.append(title)
        if block.headers:
            rows = [_cells(r, fmt) for r in block.rows]
            aligns = [_align([r[i] for r in rows if i < len(r)]) for i in range(len(block.headers))]
            if fmt == "table" and width is not None:
                draw = partial(_tabulate, fmt=fmt, aligns=aligns)
                out.append(fit.fitted(rows, block.headers, width, wide, aligns, draw))
            else:
                out.append(_tabulate(rows, block.headers, fmt, aligns))
        elif fmt == "table" and width is not None:
            out.extend(line for r in block.rows for line in fit.wrap_line(str(r[0]), width, "  ", "    "))
        else:
            out.extend(("- " if fmt == "markdown" else "  ") + str(r[0]) for r in block.rows)
        out.append("")
    return "\n".join(line for line in out if line is not None)


def _title(title: str, fmt: str) -> str | None:
    if fmt == "markdown":
        return f"## {title}\n" if title else ""
    return title or None


def _cells(row: list, fmt: str) -> list:
    return [_md(c) if fmt == "markdown" else c for c in map(human_number, row)]


def _tabulate(rows: list[list], headers: list[str], fmt: str, aligns: list[str]) -> str:
    # Numbers are right-aligned by hand: tabulate's own number detection does not know the
    # typographic minus. (Imported here: a database export draws no table.)
    from tabulate import tabulate
    return tabulate(rows, headers=headers, tablefmt="github" if fmt == "markdown" else "simple",
                    disable_numparse=True, colalign=aligns)


STREAM_BATCH = 500  # rows of a streamed table written by one call of tabulate, at most
STREAM_BATCH_CHARS = 1 << 20  # and about this many characters (rows are padded to the widest)


def write_block_streamed(title: str, headers: list[str], rows: Iterable[list], fmt: str,
                         write: Callable[[str], object]) -> None:
    """``write_blocks`` of one table block whose rows come one at a time, byte for byte,
    holding a batch of rows at most: the rows wait in a temporary file while the widest cell
    and the alignment of each column are found, then are written a batch at a time, each
    batch padded to the whole table's widths (its widest cells go with it, then are dropped)."""
    def clean(cell):  # as _printable_block cleans a whole block
        return printable(cell) if isinstance(cell, str) else cell
    title, headers = clean(title), [clean(h) for h in headers]
    rows = ([clean(c) for c in row] for row in rows)
    with tempfile.TemporaryFile() as waiting:
        widest, aligns, count = _measure(headers, rows, fmt, waiting)
        heading = _title(title, fmt)
        write(heading + "\n" if heading is not None else "")
        if count == 0:
            write(_tabulate([], headers, fmt, aligns) + "\n")
            return
        waiting.seek(0)
        width = sum(_width(str(cell)) + 3 for cell in widest)
        size = max(1, min(STREAM_BATCH, STREAM_BATCH_CHARS // width))
        for start in range(0, count, size):
            batch = [pickle.load(waiting) for _ in range(min(size, count - start))]
            lines = _tabulate(batch + [widest], headers, fmt, aligns).split("\n")[:-1]
            write("\n".join(lines if start == 0 else lines[2:]) + "\n")


def _measure(headers: list[str], rows: Iterable[list], fmt: str,
             waiting: BinaryIO) -> tuple[list, list[str], int]:
    """Write each row's cells to ``waiting``; each column's widest cell and alignment."""
    number = _numbers()
    widest: list = [""] * len(headers)
    numeric = [True] * len(headers)
    present = [False] * len(headers)
    count = 0
    for row in rows:
        cells = _cells(row, fmt)
        pickle.dump(cells, waiting, protocol=pickle.HIGHEST_PROTOCOL)
        count += 1
        for i, cell in enumerate(cells):
            if _width(str(cell)) > _width(str(widest[i])):
                widest[i] = cell
            if cell not in ("", None, "—"):
                present[i] = True
                numeric[i] = numeric[i] and isinstance(cell, str) and bool(number.fullmatch(cell))
    aligns = ["right" if p and n else "left" for p, n in zip(present, numeric, strict=True)]
    return widest, aligns, count


def _printable_block(block: Block) -> Block:
    """A block whose text holds no control character: a title or a name from a record may
    carry terminal escapes (OSC 52 writes the clipboard). Escaped before the columns are
    measured, so that they stay aligned."""
    def clean(cell):
        return printable(cell) if isinstance(cell, str) else cell
    return Block(clean(block.title), [clean(h) for h in block.headers],
                 [[clean(c) for c in row] for row in block.rows])


def blocks_text(blocks: list[Block], fmt: str, width: int | None = None, wide: str = "wrap") -> str:
    """Blocks as table/markdown (write_blocks), or their rows as JSON objects or CSV."""
    if fmt in ("table", "markdown"):
        return write_blocks(blocks, fmt, width, wide)
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




# A cell that reads as a number: one, several (the pools left, ``60 95 100``), or one with a
# note in brackets (audit's ``−63 (due −64)``); ``—`` (none) is as a blank. In French a number
# groups its thousands with a narrow no-break space and writes a decimal comma (« 1 250,5 »).
_NUMBERS_EN = re.compile(r"[+\-\u2212]?\d+(\.\d+)?( [+\-\u2212]?\d+(\.\d+)?)*( \([^()]*\))?")
_ONE_FR = r"[+\-\u2212]?\d+(\u202f\d{3})*(,\d+)?"
_NUMBERS_FR = re.compile(rf"{_ONE_FR}( {_ONE_FR})*( \([^()]*\))?")


def _numbers() -> re.Pattern[str]:
    return _NUMBERS_FR if is_french() else _NUMBERS_EN


def _align(column: list) -> str:
    """Right for a column of numbers (blank cells and ``—`` aside), left for text."""
    present = [c for c in column if c not in ("", None, "—")]
    number = _numbers()
    numeric = present and all(isinstance(c, str) and number.fullmatch(c) for c in present)
    return "right" if numeric else "left"


def _md(cell):
    """A Markdown table cell: a '|' in a name must not end the cell."""
    return cell.replace("|", "\\|") if isinstance(cell, str) else cell



def rules_line(ledger: Ledger | LedgerStream) -> str:
    """``rules: regles-fr (from maison.toml); changed: stake = 100``: the rules a ledger follows."""
    changed = ledger.rules.changed
    text = fill(_("rules: {preset}"), preset=ledger.rules.preset)
    if ledger.rules.source != ledger.rules.preset:
        text += fill(_(" (from {source})"), source=ledger.rules.source)
    if changed:
        text += fill(_("; changed: {knobs}"),
                     knobs=", ".join(f"{k} = {knob_said(v)}" for k, v in changed.items()))
    return text


def session_title(ledger: Ledger | LedgerStream) -> str:
    header = ledger.session.header
    parts = [header.title or ledger.session.file]
    if header.date:
        parts.append(long_date(header.date))
    return " — ".join(parts)


def hands_block(ledger: Ledger) -> Block:
    return Block(_("Hands"), hands_headers(ledger), list(hands_rows(ledger)))


def basket_of(ledger: Ledger | LedgerStream) -> str | None:
    """The one basket's French word (« corbeille », « panier ») of a game with one; else None."""
    rules = getattr(ledger, "rules", None)  # a window of a digest's hands (serve) has none
    return basket(rules.knobs.pools, rules.preset) if rules is not None else None


def hands_headers(ledger: Ledger | LedgerStream) -> list[str]:
    """The columns of the Hands table."""
    return [_("hand"), _("dealer"), _("outcome"), *ledger.players,
            one_basket(_("pools after"), basket_of(ledger))]


def hands_rows(ledger: Ledger | LedgerStream) -> Iterator[list]:
    """The Hands table's rows, hand after hand (a stream's as it is settled)."""
    players = list(ledger.players)
    for hand in ledger.hands:
        s = hand.settlement
        if s is None:
            yield ([hand.number, hand.dealer or "?", _("not settled: the record has errors")]
                   + [""] * len(players) + [""])
            continue
        net = s.net
        yield ([hand.number, hand.dealer, outcome_words(s.outcome, s)]
               + [signed(net[p]) for p in players]
               + [pools_words(s.pools_after)])


def balances_block(ledger: Ledger | LedgerStream) -> Block:
    # Each sum once, not once per player: a header may name 100,000 players.
    between, into, balances = ledger.between_players(), ledger.into_pools(), ledger.balances
    rows = [[p, ledger.stake, signed(ledger.totals[p]) if ledger.totals[p] else "+0", balances[p],
             signed(between[p]) if between[p] else "+0", into[p]] for p in ledger.players]
    return Block(_("Balances"), [_("player"), _("stake"), _("net"), _("balance"), _("from players"),
                                 one_basket(_("into pools"), basket_of(ledger))], rows)


def settle_up_block(ledger: Ledger | LedgerStream, notes: list[str] | None = None) -> Block:
    """The transfers that settle the session (what is still owed once the sums paid at the table
    are taken off), where the pools went, and ``notes`` (by default, a ledger's
    ``incomplete_note``; a stream is written only when it has no error)."""
    rate = night.rate_of(ledger)
    transfers, said, paid = night.settle_lines(ledger.session.header, rate, ledger.rules.knobs.pools_at_close,
                                               ledger.between_players(), pools_words(ledger.pools))
    lines = [[pays_words(a, b, n, rate)] for a, b, n in transfers]
    if not lines and not ledger.session.header.paid_all:
        lines.append([_("nobody owes anybody anything")])
    lines += [[fill(_("paid at the table: {payment}"), payment=pays_words(a, b, n, rate))]
              for a, b, n in paid]
    lines += [[one_basket(line, basket_of(ledger))] for line in said]
    if notes is None:
        assert isinstance(ledger, Ledger)
        notes = incomplete_note(ledger)
    lines.extend([[note] for note in notes])
    return Block(_("Settle up (payments between players)"), [], lines)


def pays_words(payer: str, payee: str, amount: int, rate: Rate | None = None) -> str:
    """A transfer of the settle-up: ``Anne pays Bruno 40`` (« Anne paye 40 à Bruno »), with its
    money beside it when there is a rate (``Anne pays Bruno 40 (€8.00)``)."""
    return fill(_("{payer} pays {payee} {amount}"), payer=payer, payee=payee,
                amount=night.beside(human_number(amount), amount, rate))


def incomplete_note(ledger: Ledger) -> list[str]:
    """Say so when the record has errors: the figures stop before the first bad hand."""
    bad = next((h for h in ledger.hands if h.status == "error"), None)
    if bad is None and not ledger.session.errors:
        return []
    if bad is None:
        return [_("NOT THE WHOLE SESSION: the record has errors; nothing from the header on is settled")]
    return [fill(_("NOT THE WHOLE SESSION: the record has errors; nothing from hand {number} on is settled"),
                 number=bad.number)]


def warnings_block(ledger: Ledger | LedgerStream) -> Block | None:
    if not ledger.warnings:
        return None
    said = _("hand {number}: {warning}")
    hand_word = said.split(" ", 1)[0] + " "  # a message that names its hand already
    rows = [[fill(said, number=w.hand, warning=w.message)
             if w.hand and not w.message.startswith(("hand ", hand_word)) else w.message]
            for w in ledger.warnings]
    return Block(_("Warnings"), [], rows)


def item_rows(items, noun: str | None = None) -> list[list]:
    """The rows of an items table for people (the kinds and causes in the chosen language; a
    game with one basket names it ``noun``: settle/pools.py)."""
    return [[i.seq, i.trick or "", one_basket(kind_name(i.kind), noun), person_card(i.card),
             one_basket(side_name(i.payer), noun), one_basket(side_name(i.payee), noun), i.amount,
             cancelled_name(i.cancelled_by), i.why] for i in items]


def card_symbol(text: str | None) -> str:
    """A card as the ledger spells it (``AD``) with its suit symbol (``A♦``; in French « R♦ »
    for ``KD``); '' for none."""
    return person_card(text)


def items_block(hand: SettledHand, noun: str | None = None) -> Block:
    return Block(fill(_("Hand {number} — items"), number=hand.number), [_(h) for h in ITEM_HEADINGS],
                 item_rows(hand.settlement.items, noun))


def summary_blocks(ledger: Ledger, itemised: bool = False) -> list[Block]:
    """What ``settle`` shows: the hands, the balances, the settle-up (and every item)."""
    blocks = [Block(session_title(ledger), [], [[rules_line(ledger)]]), hands_block(ledger)]
    if itemised:
        blocks += [items_block(h, basket_of(ledger)) for h in ledger.settled]
    blocks += [balances_block(ledger), settle_up_block(ledger)]
    warn = warnings_block(ledger)
    return blocks + ([warn] if warn else [])


def hand_blocks(hand: SettledHand) -> list[Block]:
    """One settled hand in full: its tricks with winners, talon, points, items and net."""
    number, s = hand.number, hand.settlement
    play = s.play
    head = [[fill(_("dealer {dealer}; {outcome}"), dealer=play.dealer, outcome=outcome_words(s.outcome, s))],
            [fill(_("pools before {before}, after {after}"), before=pools_words(s.pools_before),
                  after=pools_words(s.pools_after))]]
    blocks = [Block(fill(_("Hand {number}"), number=number), [], head)]
    if play.tricks:
        rows = [[t.number, t.leader, "  ".join(f"{who} {person_card(str(card))}" for who, card in t.plays),
                 t.winner] for t in play.tricks]
        blocks.append(Block(_("Tricks"), [_("trick"), _("leader"), _("cards in order of play"), _("winner")],
                            rows))
        talon = " ".join(person_card(str(c)) for c in play.talon)
        rows = [[p, play.tricks_won[p], play.points[p], signed(s.net[p]) if s.net[p] else "+0"]
                for p in play.players]
        blocks.append(Block(fill(_("Talon: {cards}"), cards=talon), [_("player"), _("tricks"), _("points"),
                                                                      _("net")], rows))
    blocks.append(items_block(hand))
    return blocks
