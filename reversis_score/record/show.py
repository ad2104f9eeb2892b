"""What ``record`` shows at a terminal that reads the recorder: the prompt for the question
asked, the bottom toolbar, the hand so far. (The words that need no recorder are in
``words``; this module sits above ``session`` and imports it, never the other way.)
"""
from __future__ import annotations

from reversis_score.ledger.build import Ledger, between_of
from reversis_score.record import words
from reversis_score.record.session import Recorder
from reversis_score.record.words import BANNER, HELP, INTERRUPTED, trick_won, wrap
from reversis_score.replay.play import PlayedTrick

__all__ = ["BANNER", "HELP", "INTERRUPTED", "hand_so_far", "prompt", "settlement", "toolbar",
           "trick_payments", "trick_won", "wrap"]


def trick_payments(recorder: Recorder, tricks: tuple[PlayedTrick, ...]) -> list[str]:
    """The Ace and Quinola payments of the last trick (``Recorder.trick_payments``)."""
    return recorder.trick_payments(tricks)


def settlement(ledger: Ledger, number: int) -> str:
    """Hand ``number`` of a whole ledger, worded as ``record`` words a hand as it ends."""
    hand = next(h for h in ledger.settled if h.number == number)
    totals = {p: 0 for p in ledger.players}
    between = {p: 0 for p in ledger.players}
    for earlier in ledger.settled[: ledger.settled.index(hand) + 1]:
        for player, amount in earlier.settlement.net.items():
            totals[player] += amount
        for player, amount in between_of(earlier.settlement, ledger.players).items():
            between[player] += amount
    return words.settlement(number, hand.settlement, ledger.stake, totals, between)


def hand_so_far(recorder: Recorder) -> str:
    """``show``: the hand in progress as it will be written, and who is to play."""
    return recorder.so_far()


def toolbar(recorder: Recorder) -> str:
    """``hand 2, trick 4 — Claire leads; ♥ led`` (what the scorer must know now)."""
    return recorder.toolbar()


def prompt(recorder: Recorder) -> str:
    """The question, as a prompt: ``trick 4, Denis: ``."""
    question = recorder.question
    fixed = {"session": "session name (Enter: none): ", "players": "players, in order of play: ",
             "rules": "rules, a preset or a .toml file (Enter: parlett): ", "stake": "stake (Enter: none): ",
             "date": f"date (Enter: {recorder.today.isoformat()}): "}
    if question in fixed:
        return fixed[question]
    if question == "confirm-undo":
        return f"take back {recorder.undo_target()}? (y/N): "
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
    if question == "events":
        return "event: party, talon, N. NAME places/leads CARD..., reversis (Enter: done): "
    return f"trick {len(hand.trick_lines) + 1}, {recorder.to_play()}: "
