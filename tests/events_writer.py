"""The tests' own writer of a hand by its events (issue 43 item 5), from tests/gen.py's hands.

`format --events` (render/rvs.py's ``as_events``) writes a hand's events from the engine's own
trick replay, so a fault in that replay would be on both sides of tests/test_events_property.py.
This writer reads only what tests/gen.py dealt and played (its tricks, their winners, the talon,
the points) and docs/rules.md: §5 (an Ace or Quinola led, forced or placed), §6 (the party: fewest
points, then fewest tricks or the nearest to the dealer, then the preference), §8 (the
reversis), §9 (the espagnolette wins the party, or loses it). Hands of the laws (irregular
exchanges, revokes, void hands, gathered tricks) are not written: None.
"""
from __future__ import annotations

import gen

QUINOLA = "JH"


def hand_events(hand: gen.Hand, knobs: dict) -> str | None:
    """The hand's text by its events (``dealer:`` to the last event), or None for a hand of the laws."""
    if hand.void or hand.irregular or hand.revokes or hand.claims_waived or any(
            a.irregular or a.kind == "discards-two" for a in hand.exchange.values()) or any(
            t.gathered_by for t in hand.tricks) or len(hand.tricks) != 11:
        return None
    lines = [f"dealer: {hand.dealer}"]
    esp = hand.announce or next((p for _, p in hand.right_revokes), None)
    if hand.announce:
        lines.append(f"announce: espagnolette {hand.announce}")
    lines.append("events:")
    first_nine = {t.winner for t in hand.tricks[:9]}
    reversis = first_nine.pop() if len(first_nine) == 1 else None
    if reversis is not None and esp is not None:
        return None  # an espagnolette under a reversis: left to the engine's writer's own tests
    if reversis is None:
        winner, loser = _party(hand, knobs, esp)
        points, won = hand.points, hand.tricks_won
        lines.append(f"  party: {winner} wins with {points[winner]} points in {won[winner]} tricks, "
                     f"{loser} loses with {points[loser]} points in {won[loser]} tricks")
    lines.append("  talon: " + " ".join(str(c) for c in hand.talon))
    for trick in hand.tricks:
        lines += _cards(trick)
    if reversis is not None:
        breaking = next((t for t in hand.tricks[9:] if t.winner != reversis), None)
        if breaking is None:
            lines.append(f"  reversis: {reversis} makes it")
        else:
            card = str(breaking.winning_card)
            quinola = card == QUINOLA and breaking.leader == reversis and breaking.led_suit == "H"
            lines.append(f"  reversis: {reversis}, broken by {breaking.winner} in trick {breaking.number}"
                         + (" with Quinola" if quinola else ""))
    if esp is not None:
        lines.append(f"  espagnolette: {esp} {'wins' if hand.tricks_won[esp] == 0 else 'loses'}")
    return "\n".join(lines) + "\n"


def _cards(trick: gen.Trick) -> list[str]:
    """§5: each Ace and Quinola of a trick, led, forced (the suit led) or placed (another suit)."""
    out = []
    for who, card in trick.plays:
        text = str(card)
        if not (text[0] == "A" or text == QUINOLA):
            continue
        if who == trick.leader:
            out.append(f"  {trick.number}. {who} leads {text}")
        elif gen.suit_of(card) == trick.led_suit:
            out.append(f"  {trick.number}. {trick.leader} forces {text} from {who}")
        else:
            out.append(f"  {trick.number}. {who} places {text} on {trick.led_suit}, {trick.winner} takes it")
    return out


def _party(hand: gen.Hand, k: dict, esp: str | None) -> tuple[str, str]:
    """§6, §9: the winner and the loser of the party."""
    players = list(hand.players)
    seat = players.index(hand.dealer)
    if k["tie_rule"] == "nearest":
        pref = [players[(seat + d) % 4] for d in (0, -1, 1, 2)]
        tricks = {p: 0 for p in players}
    else:
        step = -1 if k["preference"] == "reverse" else 1
        pref = [players[(seat + step * i) % 4] for i in range(4)]
        tricks = hand.tricks_won
    rank = sorted(players, key=lambda p: (hand.points[p], tricks[p], pref.index(p)))
    won = esp is not None and hand.tricks_won[esp] == 0
    loser = esp if esp is not None and not won else rank[-1]
    winner = esp if won else next(p for p in rank if p not in (loser, esp))
    return winner, loser
