"""What ``record`` tells the scorer: who won a trick, the Ace and Quinola payments that fell
in it, a hand's settlement and the running balances (as ``settle`` shows them), the hand so
far, the prompts and the help. Plain text within 80 columns; nothing said by colour alone.
"""
from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from reversis_score.ledger.build import Ledger
from reversis_score.notation.cards import SUIT_SYMBOLS, Card
from reversis_score.render.rvs import quote
from reversis_score.render.tables import Block, balances_block, outcome_words, pools_text, write_blocks
from reversis_score.replay.play import Play, PlayedTrick
from reversis_score.settle.hand import settle_hand
from reversis_score.settle.items import HandBook
from reversis_score.settle.laws import antes, redeal_fine
from reversis_score.settle.pools import PoolTable
from reversis_score.settle.side import LedCard, settle_trick

if TYPE_CHECKING:
    from reversis_score.record.play import PlaySteps
    from reversis_score.record.session import Recorder

BANNER = "{file}: each line is written as it is entered; type help for the commands."
INTERRUPTED = ("interrupted: every line entered is written, the trick being entered is not;\n"
               "`reversis-score record {file}` goes on from there.")
HELP = """\
Enter the cards in order of play, one at a prompt or a trick's four on a line,
spelt as a .rvs file spells them: AS, 9h, A♦, and 10C or TC where the pack has
tens. Enter takes what a prompt proposes. A .rvs line works at any prompt too
(dealer: Anne, tricks:, Claire: 2C JC 7C 5C). Commands, at any prompt:
  undo                 take back the last card, or the last line (a trick...)
  irregular KIND NAME  revoke, out-of-turn, peek, expose or misdeal (RULES §10)
  void                 this hand is void (a misdeal)
  claims waived        the led Aces and Quinola were not claimed
  table                the payments as made: PAYER -> PAYEE AMOUNT (Enter ends)
  show                 this hand so far
  help                 this text
  quit                 stop here (every line entered is written already)"""


def trick_won(trick: PlayedTrick) -> str:
    """``trick 3: Bruno wins it with K♦`` (or, gathered by another: ``Claire gathers it``)."""
    who, best = max(((w, c) for w, c in trick.plays if c.suit == trick.suit), key=lambda p: p[1].strength)
    if who != trick.winner:
        return (f"trick {trick.number}: {trick.winner} gathers it, won by {who} with {best.symbol()}: "
                f"it counts for {trick.winner}")
    return f"trick {trick.number}: {trick.winner} wins it with {trick.winning_card.symbol()}"


def trick_payments(recorder: PlaySteps, tricks: tuple[PlayedTrick, ...]) -> list[str]:
    """The Ace and Quinola payments of the last trick, as the settlement will write them."""
    if not tricks or recorder.knobs.pairwise:
        return []
    knobs = recorder.knobs
    pools = PoolTable(knobs.pools)
    for hand in recorder.closed:  # the pools as this hand found them
        assert hand.play is not None
        _, pools = settle_hand(hand.play, knobs, pools)
    players = recorder.players
    zero = {p: 0 for p in players}
    record = recorder.hand.parse()[0].record if recorder.hand else None
    assert record is not None
    play = Play(record, players, record.dealer.text, False, tricks, (), {}, zero, dict(zero),
                frozenset(), (), None, False, ())
    book = HandBook(play, knobs, pools)
    antes(book)
    redeal_fine(book)
    led: list[LedCard] = []
    for trick in tricks:
        settle_trick(book, trick, led)
    last = tricks[-1].number
    said = [wrap(item.why) for item in book.items if item.trick == last]
    said += [wrap(f"{c.player} leads {c.card.symbol()}: its payment is settled with the party, "
                  "at the end of the hand") for c in led if c.trick == last and c.card.is_ace]
    return said


def wrap(text: str) -> str:
    """An indented note within 80 columns."""
    return textwrap.fill(text, 80, initial_indent="  ", subsequent_indent="    ")


def settlement(ledger: Ledger, number: int) -> str:
    """The hand as ``settle`` words it (outcome, pools after) and its nets beside the running
    balances (``settle``'s Balances table), within 80 columns."""
    hand = next(h for h in ledger.settled if h.number == number)
    assert hand.settlement is not None
    s = hand.settlement
    title = wrap(f"Hand {number} settled: {outcome_words(s.outcome, s)}; pools after: "
                 f"{pools_text(s.pools_after)}").strip()
    balances = balances_block(ledger)
    rows = [[row[0], f"{s.net[row[0]]:+d}" if s.net[row[0]] else "0", *row[2:]] for row in balances.rows]
    headers = ["player", "this hand", *balances.headers[2:]]
    return write_blocks([Block(title, headers, rows)], "table").rstrip("\n")


def hand_so_far(recorder: Recorder) -> str:
    """``show``: the hand in progress as it will be written, and who is to play."""
    hand = recorder.hand
    if hand is None:
        return f"no hand under way; {len(recorder.closed)} written"
    lines = hand.formatted().rstrip("\n").split("\n") + hand.block
    if hand.trick:
        lines.append(f"  {quote(hand.leader)}: {' '.join(hand.trick)}   (being played: not written yet)")
    return "\n".join(lines) + "\n" + toolbar(recorder)


def prompt(recorder: Recorder) -> str:
    """The question, as a prompt: ``trick 4, Denis: ``."""
    question = recorder.question
    if question == "session":
        return "session name (Enter: none): "
    if question == "date":
        return f"date (Enter: {recorder.today.isoformat()}): "
    if question == "players":
        return "players, in order of play: "
    if question == "rules":
        return "rules, a preset or a .toml file (Enter: parlett): "
    if question == "stake":
        return "stake (Enter: none): "
    if question in ("dealer", "after"):
        proposed = recorder.proposed_dealer
        shown = f" (Enter: {proposed})" if proposed else ""
        number = recorder.hand.number if recorder.hand and question == "dealer" else recorder.next_number
        return f"hand {number}, dealer{shown}: "
    hand = recorder.hand
    assert hand is not None
    if question == "table":
        return "table payment, PAYER -> PAYEE AMOUNT (Enter: done): "
    if question in ("deal", "exchange"):
        who = recorder.next_in_block(question)
        skip = "" if hand.block else f" (Enter: no {question})"
        if question == "exchange":
            return f"exchange, {who} discards CARD (or two), or keeps{skip}: "
        dealt = "12 cards" if recorder.knobs.deck == 52 or who == recorder.dealer else "11 cards | face-down"
        return f"deal, {who}'s {dealt}{skip}: "
    if question == "announce":
        return "announce: espagnolette NAME (Enter: none): "
    return f"trick {len(hand.trick_lines) + 1}, {recorder.to_play()}: "


def toolbar(recorder: Recorder) -> str:
    """``hand 2, trick 4 — Claire leads; ♥ led`` (what the scorer must know now)."""
    hand = recorder.hand
    if hand is None or recorder.in_header:
        return (f"{recorder.file}: the header, then hand 1" if recorder.in_header
                else f"{len(recorder.closed)} hands written")
    if hand.whole():
        return f"hand {hand.number} is whole — next: the dealer of hand {hand.number + 1}"
    number = len(hand.trick_lines) + 1
    text = f"hand {hand.number}, trick {number} — {hand.leader} leads"
    if hand.trick:
        text += f"; {SUIT_SYMBOLS[Card.parse(hand.trick[0]).suit]} led"
    return text
