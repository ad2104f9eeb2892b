"""One cause for a trick led by the wrong player: the leader follows from the tricks before,
so a card written wrong there (a card its player did not hold, two cards swapped) shows up
as a wrong leader in every trick after it. The cause is reported once, at its own card, and
the tricks it makes unreadable are named as not checked.
"""
from __future__ import annotations

from reversis_score.i18n import _, fill
from reversis_score.notation.cards import Card
from reversis_score.notation.records import HandRecord, Span
from reversis_score.replay.findings import Findings
from reversis_score.replay.holdings import check_holdings, stray_message
from reversis_score.replay.play import PlayedTrick
from reversis_score.rules.knobs import Knobs


def report_wrong_leader(hand: HandRecord, players: tuple[str, ...], knobs: Knobs | None,
                        tricks: list[PlayedTrick], number: int, leader: str, found: Findings) -> None:
    """Trick ``number`` is written as led by another than ``leader``: report its cause once."""
    cause = None if knobs is None else _stray_before(hand, players, knobs, tricks)
    if cause is not None:
        trick, message, span = cause
        found.rule(fill(_("{cause}; the tricks after it are not checked"), cause=message), span, trick)
        return
    line = hand.tricks[number - 1]
    why = (fill(_("the player after the dealer ({dealer})"), dealer=hand.dealer.text) if number == 1
           else fill(_("the winner of trick {trick}"), trick=number - 1))
    hint = _swap_hint(tricks[-1], line.leader.text) if tricks and hand.deal is None else ""
    said = _("{leader} leads this trick as {why}, not {written}{hint}; the tricks from this one on are not "
             "checked")
    found.rule(fill(said, leader=leader, why=why, written=line.leader.text, hint=hint), line.leader.span,
               number)


def _stray_before(hand: HandRecord, players: tuple[str, ...], knobs: Knobs,
                  tricks: list[PlayedTrick]) -> tuple[int, str, Span] | None:
    """The first card of the tricks so far that its player did not hold (the deal known)."""
    if hand.deal is None or not tricks:
        return None
    scratch = Findings(hand.number)  # a scratch pad: only the cause is said
    played: dict[str, list[Card]] = {p: [] for p in players}
    for trick in tricks:
        for who, card in trick.plays:
            played[who].append(card)
    held, _ = check_holdings(hand, players, knobs, played, scratch, finished=False)
    dealt = {line.player.text: (frozenset(p.known for p in line.cards),
                                line.face_down.known if line.face_down else None)
             for line in hand.deal}
    for trick in tricks:
        strays = [(who, card, placed) for (who, card), placed in zip(trick.plays, trick.placed, strict=False)
                  if card not in held[who]]
        if strays:
            return trick.number, stray_message(strays, held, hand, dealt), strays[0][2].span
    return None


def _swap_hint(trick: PlayedTrick, written: str) -> str:
    """With no deal to go by: whether the written leader would have won the trick before had
    that card and the winner's been written in each other's place."""
    cards = dict(trick.plays)
    if written not in cards or written == trick.winner:
        return ""
    mine, theirs = cards[written], cards[trick.winner]
    swapped = [(who, theirs if who == written else mine if who == trick.winner else card)
               for who, card in trick.plays]
    suit = swapped[0][1].suit
    best = max((card.strength, who) for who, card in swapped if card.suit == suit)
    if best[1] != written:
        return ""
    said = _(" (or are {written}'s {mine} and {winner}'s {theirs} in trick {trick} written in each other's "
             "place?)")
    return fill(said, written=written, mine=mine.shown(), winner=trick.winner, theirs=theirs.shown(),
                trick=trick.number)
