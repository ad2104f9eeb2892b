"""A clean hand in one pass: the Play of a hand with nothing to report, or None.

Most hands of a record are clean. ``clean_play`` replays such a hand in one walk over its deal,
exchange and tricks, and gives up (None) at the first thing the detailed replay
(``tricks.replay_detailed``) could report or settle otherwise: a name, a card, a shape, a turn,
a card held twice, a possible revoke, an irregular line. The caller then runs the detailed
replay, which finds and words every problem. So a Play from here is the detailed replay's
Play, only sooner; tests/test_clean.py compares the two on generated and mutated hands.
"""
from __future__ import annotations

from collections.abc import Collection
from operator import itemgetter
from typing import NamedTuple

from reversis_score.notation.cards import Card, full_deck
from reversis_score.notation.records import HandRecord, TrickLine
from reversis_score.replay.evidence import qualifies_espagnolette
from reversis_score.replay.play import TRICKS_PER_HAND, Play, PlayedTrick
from reversis_score.rules.knobs import Knobs

# Each card of a pack with what the replay reads of it (suit, strength, points), looked up once
# a play instead of three property calls; a card missing here is a ten in a 48-card pack.
_FACTS = {size: {card: (card.suit, card.strength, card.points) for card in full_deck(size)}
          for size in (48, 52)}

Facts = dict[Card, tuple[str, int, int]]
# A PlayedTrick made in C, its fields in order: the named tuple's own __new__ is a Python call.
_new = tuple.__new__
# A placed card's card, taken in C (``map``): a comprehension makes a function at each call.
_card_of = itemgetter(0)


class _Walk(NamedTuple):
    """What one walk over the tricks gathers."""

    tricks: tuple[PlayedTrick, ...]
    played: dict[str, list[Card]]  # each player's cards in order of play
    off_suit: list[tuple[str, str, int]]  # (who, the suit led, trick index) of each card off suit
    points: dict[str, int]
    won: dict[str, int]
    seen: set[Card]  # every card played


def clean_play(hand: HandRecord, players: tuple[str, ...], knobs: Knobs,
               previous_dealer: str | None = None) -> Play | None:
    """The hand's Play when the detailed replay would report nothing; otherwise None."""
    if (len(players) != 4 or hand.void or hand.irregulars or hand.table is not None
            or hand.deal is None and hand.exchange is not None):
        return None  # the rarer shapes of a hand: the detailed replay reads them
    if not _regular_turn(hand.dealer.text, players, previous_dealer):
        return None
    facts = _FACTS[knobs.deck]
    exchanged = None
    if hand.deal is not None:
        exchanged = _clean_exchange(hand, players, knobs.deck == 52, facts)
        if exchanged is None:
            return None
    walk = _clean_tricks(hand, players, facts)
    if walk is None:
        return None
    if exchanged is None:
        held, barred = {p: frozenset(walk.played[p]) for p in players}, frozenset[str]()
    else:
        held, barred = exchanged
        if not _plays_what_he_held(hand, players, held, walk.played):
            return None
    if _may_revoke(walk, held):
        return None
    qualified = None if knobs.pairwise else next(
        (p for p in players if qualifies_espagnolette(held[p])), None)
    announce = hand.announce
    if announce is not None and (knobs.pairwise or announce.text != qualified):
        return None  # an announce that does not stand: the detailed replay says why
    talon = talon_of(knobs, walk.seen, held)
    return Play(hand, players, hand.dealer.text, False, walk.tricks, talon, held, walk.points,
                walk.won, barred, (), qualified, announce is not None, ())


def _regular_turn(dealer: str, players: tuple[str, ...], previous: str | None) -> bool:
    """The dealer is a player, and deals after the previous dealer (when that one is known)."""
    if dealer not in players:
        return False
    return previous not in players or players[(players.index(previous) + 1) % 4] == dealer


def _clean_exchange(hand: HandRecord, players: tuple[str, ...], fifty_two: bool,
                    facts: Facts) -> tuple[dict[str, frozenset[Card]], frozenset[str]] | None:
    """Each player's hand after a well-formed exchange, and who peeked or took; None if anything
    about the deal or the exchange is off."""
    dealt = _clean_deal(hand, players, fifty_two, facts)
    exchange = hand.exchange
    if dealt is None or exchange is None or len(exchange) != 4:
        return None
    dealer = hand.dealer.text
    held: dict[str, frozenset[Card]] = {}
    barred = set()
    for line in exchange:
        who, action, placed = line.player.text, line.action, line.card
        if who not in dealt or who in held or placed is not None and placed.card not in facts:
            return None
        cards, down = dealt[who]
        if action == "discards" or action == "peeks" and not (fifty_two or who == dealer):
            if placed is None or placed.card not in cards:
                return None
            rest = cards - {placed.card}
            held[who] = rest | {down} if down is not None else rest
        elif fifty_two or who == dealer or down is None:
            return None  # the dealer and every player of a 52-card game discard
        elif action == "keeps":
            held[who] = cards
        elif action == "takes":
            held[who] = cards | {down}
        else:
            return None
        if action == "peeks" or action == "takes":
            barred.add(who)
    return {p: held[p] for p in players}, frozenset(barred)


def _clean_deal(hand: HandRecord, players: tuple[str, ...], fifty_two: bool,
                facts: Facts) -> dict[str, tuple[frozenset[Card], Card | None]] | None:
    """Each player's dealt cards and face-down card, when the deal is exactly right."""
    deal = hand.deal
    if deal is None or len(deal) != 4:
        return None
    dealer = hand.dealer.text
    dealt: dict[str, tuple[frozenset[Card], Card | None]] = {}
    every: set[Card | None] = set()
    count = 0
    for line in deal:
        who, down = line.player.text, line.face_down
        bare = fifty_two or who == dealer  # twelve cards and no face-down one
        if who in dealt or len(line.cards) != (12 if bare else 11) or (down is None) != bare:
            return None
        cards = [placed.card for placed in line.cards]
        every.update(cards)
        count += len(cards)
        face_down = None
        if down is not None:
            face_down = down.card
            every.add(face_down)
            count += 1
        dealt[who] = (frozenset(cards), face_down)  # type: ignore[arg-type]  # checked below
    # no card twice, each a card of the pack (None, a token that is not a card, is not one)
    if len(every) != count or not every <= facts.keys() or dealt.keys() != set(players):
        return None
    return dealt


def _clean_tricks(hand: HandRecord, players: tuple[str, ...], facts: Facts) -> _Walk | None:
    """The tricks and what the checks after them read (``_Walk``); None if any trick is off."""
    lines = hand.tricks
    if len(lines) != TRICKS_PER_HAND:
        return None
    seat = {p: i for i, p in enumerate(players)}
    leader = players[(seat[hand.dealer.text] + 1) % 4]
    orders = {p: (p, players[(i + 1) % 4], players[(i + 2) % 4], players[(i + 3) % 4])
              for p, i in seat.items()}  # the order of play from each leader
    played: dict[str, list[Card]] = {p: [] for p in players}
    off_suit: list[tuple[str, str, int]] = []  # who did not follow which suit led, in which trick
    lacks = dict.fromkeys(players, "")  # the suits each player has shown he lacks, so far
    points = dict.fromkeys(players, 0)
    won = dict.fromkeys(players, 0)
    seen: set[Card] = set()
    tricks = []
    try:
        for index, line in enumerate(lines):
            order = orders[leader]
            if not _regular_trick(line, index + 1, order):
                return None
            # None (a token that is not a card) has no facts: the KeyError below
            cards: list[Card] = list(map(_card_of, line.cards))
            suit, best, _ = facts[cards[0]]
            winner, taken = leader, 0
            for who, card in zip(order, cards, strict=True):
                his_suit, strength, card_points = facts[card]
                played[who].append(card)
                if his_suit in lacks[who]:
                    return None  # a suit he did not follow before: maybe a revoke
                if his_suit != suit:
                    off_suit.append((who, suit, index))
                    lacks[who] += suit
                elif strength > best:
                    winner, best = who, strength
                taken += card_points
            seen.update(cards)
            tricks.append(_new(PlayedTrick, (index + 1, leader, tuple(zip(order, cards, strict=True)),
                                             winner, line.cards)))
            points[winner] += taken
            won[winner] += 1
            leader = winner
    except KeyError:
        return None  # a token that is not a card (None), or a ten in a 48-card pack
    if len(seen) != 4 * TRICKS_PER_HAND:
        return None  # a card played twice
    return _Walk(tuple(tricks), played, off_suit, points, won, seen)


def _regular_trick(line: TrickLine, number: int, order: tuple[str, ...]) -> bool:
    """Four cards, led by the right player, numbered right if numbered, its players (if
    named) in the order of play, gathered by its winner (no ``| gathered by``)."""
    return (line.leader.text == order[0] and len(line.cards) == 4 and line.gatherer is None
            and (line.number is None or line.number == number)
            and (line.players is None or tuple(n.text for n in line.players) == order))


def _plays_what_he_held(hand: HandRecord, players: tuple[str, ...], held: dict[str, frozenset[Card]],
                        played: dict[str, list[Card]]) -> bool:
    """Each plays only cards he held after the exchange, and all of them but the one card a
    player who takes his face-down card without discarding has over."""
    takers = {e.player.text for e in hand.exchange or () if e.action == "takes"}
    return all(held[p].issuperset(played[p]) and len(held[p]) == len(played[p]) + (p in takers)
               for p in players)


def _may_revoke(walk: _Walk, held: dict[str, frozenset[Card]]) -> bool:
    """Whether a card off the suit led might be a revoke: its player holds a card of that suit
    he never plays. (One who plays the suit in a later trick: ``_clean_tricks`` gave up.)"""
    for who, suit, _index in walk.off_suit:
        played = walk.played[who]
        if len(held[who]) > len(played) and any(  # he keeps a card: one who took, say
                card.suit == suit for card in held[who].difference(played)):
            return True
    return False


def talon_of(knobs: Knobs, played: Collection[Card], held: dict[str, frozenset[Card]]) -> tuple[Card, ...]:
    """The talon: the cards under the basket, nobody's after the exchange and never played.

    A card in a hand is never in the talon, played or not: one who takes his face-down card
    without discarding keeps a card over, and the talon holds three (RULES §2).
    """
    kept = set().union(*held.values())
    return tuple(c for c in full_deck(knobs.deck) if c not in played and c not in kept)
