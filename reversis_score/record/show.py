"""What ``record`` shows at a terminal that reads the recorder: the prompt for the question
asked, the bottom toolbar, the hand so far. (The words that need no recorder are in
``words``; this module sits above ``session`` and imports it, never the other way.)
"""
from __future__ import annotations

from reversis_score.i18n import N_, _, fill
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
    fixed = {"session": N_("session name (Enter: none): "), "players": N_("players, in order of play: "),
             "rules": N_("rules, a preset or a .toml file (Enter: parlett): "),
             "stake": N_("stake (Enter: none): ")}
    if question in fixed:
        return _(fixed[question])
    if question == "date":
        return _("date (Enter: {date}): ").format(date=recorder.today.isoformat())
    if question == "confirm-undo":
        return _("take back {target}? (y/N): ").format(target=recorder.undo_target())
    if question in ("dealer", "after"):
        proposed = recorder.proposed_dealer
        number = recorder.hand.number if recorder.hand and question == "dealer" else recorder.next_number
        if proposed:
            return _("hand {number}, dealer (Enter: {dealer}): ").format(number=number, dealer=proposed)
        return _("hand {number}, dealer: ").format(number=number)
    hand = recorder.hand
    assert hand is not None
    if question == "table":
        return _("table payment, PAYER -> PAYEE AMOUNT (Enter: done): ")
    if question in ("deal", "exchange"):
        return _block_prompt(recorder, question, not hand.block)
    if question == "announce":
        return _("announce: espagnolette NAME (Enter: none): ")
    if question == "events":
        return _("event: party, talon, N. NAME places/leads CARD..., reversis (Enter: done): ")
    return fill(_("trick {number}, {player}: "), number=len(hand.trick_lines) + 1, player=recorder.to_play())


def _block_prompt(recorder: Recorder, question: str, skip: bool) -> str:
    """The prompt for a deal or an exchange line: whose, and what it holds."""
    who = recorder.next_in_block(question)
    if question == "exchange" and (who == recorder.dealer or recorder.knobs.deck == 52):
        # the dealer (and every player of a 52-card game) discards one: keeping is no answer
        text = _("exchange, {player} discards CARD (or two) (Enter: no exchange): ") if skip else \
            _("exchange, {player} discards CARD (or two): ")
        return fill(text, player=who)
    if question == "exchange":
        text = _("exchange, {player} discards CARD (or two), or keeps (Enter: no exchange): ") if skip else \
            _("exchange, {player} discards CARD (or two), or keeps: ")
        return fill(text, player=who)
    if recorder.knobs.deck == 52 or who == recorder.dealer:
        text = _("deal, {player}'s 12 cards (Enter: no deal): ") if skip else _("deal, {player}'s 12 cards: ")
    else:
        text = _("deal, {player}'s 11 cards | face-down (Enter: no deal): ") if skip else \
            _("deal, {player}'s 11 cards | face-down: ")
    return fill(text, player=who)
