"""The words ``record`` says that need no recorder: the banner, the help, who won a trick, a
hand's settlement beside the running balances. Plain text within 80 columns; nothing said by
colour alone. (``show`` adds the prompts and the toolbar, which read the recorder.)
"""
from __future__ import annotations

import textwrap

from reversis_score.render.tables import Block, outcome_words, pools_text, write_blocks
from reversis_score.replay.play import PlayedTrick
from reversis_score.settle.hand import HandSettlement

BANNER = "{file}: each line is written as it is entered; type help for the commands."
INTERRUPTED = ("interrupted: everything entered is written (the cards of a trick under way too);\n"
               "`reversis-score record {file}` goes on from there.")
HELP = """\
Enter the cards in order of play, one at a prompt or a trick's four on a line,
spelt as a .rvs file spells them: AS, 9h, A♦, and 10C or TC where the pack has
tens. Enter takes what a prompt proposes. A .rvs line works at any prompt too
(dealer: Anne, tricks:, Claire: 2C JC 7C 5C). A hand may be recorded by its
events instead: `events:` after the dealer, then one event a line (party: Anne
wins, Claire loses; talon: 7 points; 3. Anne places AD, Bruno takes it; 5. Denis
forces JH from Claire; 7. Bruno leads AC; reversis: Anne makes it), Enter ends.
Commands, at any prompt:
  undo                 take back the last card, or the last line (a trick...)
  irregular KIND NAME  revoke, out-of-turn, peek, expose or misdeal (RULES §10)
  void                 this hand is void (a misdeal)
  claims waived        the led Aces and Quinola were not claimed
  table                the payments as made: PAYER -> PAYEE AMOUNT (Enter ends)
  show                 this hand so far
  help                 this text
  quit                 stop here (everything entered is written already)"""


class Note(str):
    """Something said that needs the scorer's attention (a revoke a later card reveals, a hand
    that cannot be settled): shown even when piped input runs quietly."""

    __slots__ = ()


def trick_won(trick: PlayedTrick) -> str:
    """``trick 3: Bruno wins it with K♦`` (or, gathered by another: ``Claire gathers it``)."""
    who, best = max(((w, c) for w, c in trick.plays if c.suit == trick.suit), key=lambda p: p[1].strength)
    if who != trick.winner:
        return (f"trick {trick.number}: {trick.winner} gathers it, won by {who} with {best.symbol()}: "
                f"it counts for {trick.winner}")
    return f"trick {trick.number}: {trick.winner} wins it with {trick.winning_card.symbol()}"


def wrap(text: str) -> str:
    """An indented note within 80 columns."""
    return textwrap.fill(text, 80, initial_indent="  ", subsequent_indent="    ")


def settlement(number: int, s: HandSettlement, stake: int, totals: dict[str, int],
               between: dict[str, int]) -> str:
    """The hand as ``settle`` words it (outcome, pools after) and its nets beside the running
    balances (``settle``'s Balances table: ``totals`` and ``between`` include this hand)."""
    title = wrap(f"Hand {number} settled: {outcome_words(s.outcome, s)}; pools after: "
                 f"{pools_text(s.pools_after)}").strip()
    rows = [[p, f"{s.net[p]:+d}" if s.net[p] else "0", f"{totals[p]:+d}", stake + totals[p],
             f"{between[p]:+d}", between[p] - totals[p]] for p in totals]
    headers = ["player", "this hand", "session", "balance", "from players", "into pools"]
    return write_blocks([Block(title, headers, rows)], "table").rstrip("\n")
