"""Deal and exchange against the play: each player plays exactly what he held after the exchange.

With no deal recorded, a player's hand is the cards he played. With a deal but no exchange,
the exchange is inferred from the play where it can be.
"""
from __future__ import annotations

from typing import cast

from reversis_score.i18n import N_, _, fill, ngettext
from reversis_score.notation.cards import Card
from reversis_score.notation.records import HandRecord, PlacedCard
from reversis_score.rules.knobs import Knobs

Stray = tuple[str, Card, PlacedCard]  # a player, a card not held, where it is written
# What a dealer (or anyone in a 52-card game) may not do instead of discarding.
_CANNOT = {"keeps": N_("{player} cannot keep: {whose} discards one card{twelve}"),
           "peeks": N_("{player} cannot peek: {whose} discards one card{twelve}"),
           "takes": N_("{player} cannot take without discarding: {whose} discards one card{twelve}")}


def check_holdings(hand: HandRecord, players: tuple[str, ...], knobs: Knobs,
                   played: dict[str, list[Card]], found,
                   finished: bool = True) -> tuple[dict[str, frozenset[Card]], set[str]]:
    """Each player's hand after the exchange, and the barred players; problems go to ``found``.

    In a hand not ``finished`` a card held and not yet played is no problem.
    """
    barred = {i.player.text for i in hand.irregulars if i.kind in ("peek", "expose")}
    barred |= {e.player.text for e in hand.exchange or () if e.action in ("peeks", "exposes", "takes")}
    _check_exchange_lines(hand, players, knobs, found)
    if hand.deal is None:
        _check_discards_not_played(hand, played, found)
        return {p: frozenset(played[p]) for p in players}, barred
    dealt = _check_deal(hand, players, knobs, found)
    if dealt is None or found.has_errors:
        return {p: frozenset(played[p]) for p in players}, barred
    held = {}
    for player in players:
        cards, face_down = dealt[player]
        line = next((e for e in hand.exchange or () if e.player.text == player), None)
        held[player] = (_after_exchange(cards, face_down, line, player, hand, found, played[player]) if line
                        else _infer(cards, face_down, set(played[player])))
    _compare(hand, players, played, held, dealt, found, finished)
    return held, barred


def _check_exchange_lines(hand: HandRecord, players, knobs: Knobs, found) -> None:
    if hand.exchange is None:
        return
    seen = set()
    for line in hand.exchange:
        who = line.player.text
        if who in seen:
            found.rule(fill(_("{player} has two exchange lines"), player=who), line.span)
        seen.add(who)
        if line.action in ("discards-two", "exposes"):
            _check_irregular_exchange(line, hand, knobs, found)
        elif (who == hand.dealer.text or knobs.deck == 52) and line.action != "discards":
            whose = _("the dealer") if who == hand.dealer.text else _("in a 52-card game every player")
            twelve = "" if line.action != "keeps" else \
                fill(_(", or {player} would play with 12 cards"), player=who)
            found.rule(fill(_(_CANNOT[line.action]), player=who, whose=whose, twelve=twelve), line.span)
    # A ten-card player's line may stand alone when the rest of the exchange is not recorded
    # (docs/notation.md): only an exchange of other lines must name everyone.
    if hand.deal is not None and not all(line.action == "discards-two" for line in hand.exchange):
        for player in players:
            if player not in seen:
                found.rule(fill(_("the exchange has no line for {player}"), player=player), hand.span)


def _check_irregular_exchange(line, hand: HandRecord, knobs: Knobs, found) -> None:
    """Two cards discarded, or a talon card exposed: laws (§10) that need laws and a talon."""
    who = line.player.text
    what = _("discard two cards") if line.action == "discards-two" else _("expose a card of the talon")
    if not knobs.has_laws:
        found.rule(fill(_("{player} cannot {what} under these rules: they have no laws (RULES §10)"),
                        player=who, what=what), line.span)
    elif line.action == "exposes" and knobs.deck == 52:
        found.rule(fill(_("{player} cannot {what}: a 52-card game has no talon"), player=who, what=what),
                   line.span)
    elif line.second is not None and line.card is not None and line.second.card == line.card.card:
        found.rule(fill(_("{player} discards {card} twice: two discards are two cards"), player=who,
                        card=line.card.known.shown()), line.second.span)


def _check_discards_not_played(hand: HandRecord, played, found) -> None:
    for line in hand.exchange or ():
        for placed in (line.card, line.second):
            if placed and placed.known in played.get(line.player.text, ()):
                found.rule(fill(_("{player} discards {card} and then plays it"), player=line.player.text,
                                card=placed.known.shown()), placed.span, player=line.player.text)


def _check_deal(hand: HandRecord, players, knobs: Knobs, found):
    """The dealt cards per player, as (hand, face-down card); None if the deal is malformed."""
    dealt: dict[str, tuple[frozenset[Card], Card | None]] = {}
    seen: dict[Card, str] = {}
    for line in hand.deal or ():
        who = line.player.text
        if who in dealt:
            found.rule(fill(_("{player} has two deal lines"), player=who), line.span)
            continue
        _check_deal_size(line, who == hand.dealer.text, knobs, found)
        # the replay reads a hand only when every token is a card (PlacedCard.known)
        cards = cast("list[Card]", [placed.card for placed in line.cards])
        down = line.face_down.known if line.face_down else None
        if seen.keys().isdisjoint(cards) and len(set(cards)) == len(cards) and down not in seen \
                and down not in cards:
            seen.update(dict.fromkeys(cards, who))  # the usual deal line: no card twice
            if down is not None:
                seen[down] = who
        else:
            for placed in line.cards + ((line.face_down,) if line.face_down else ()):
                if placed.known in seen:
                    found.rule(fill(_("{card} is dealt twice (also to {player})"), card=placed.known.shown(),
                                    player=seen[placed.known]), placed.span)
                seen[placed.known] = who
        dealt[who] = (frozenset(cards), down)
    for player in players:
        if player not in dealt:
            found.rule(fill(_("the deal has no line for {player}"), player=player), hand.span)
    return None if found.has_errors else dealt


def _check_deal_size(line, is_dealer: bool, knobs: Knobs, found) -> None:
    who = line.player.text
    if knobs.deck == 52:
        want, face_down = 12, False
    else:
        want, face_down = (12, False) if is_dealer else (11, True)
    role = _("the dealer") if is_dealer else _("a player")
    if len(line.cards) != want:
        count = len(line.cards)
        said = ngettext("{player} is dealt {count} card: {role} gets {want} in a {deck}-card game",
                        "{player} is dealt {count} cards: {role} gets {want} in a {deck}-card game", count)
        found.rule(fill(said, player=who, count=count, role=role, want=want, deck=knobs.deck), line.span)
    if face_down and line.face_down is None:
        found.rule(fill(_("{player}'s deal line needs '|' and the face-down card after the 11 cards"),
                        player=who), line.span)
    if not face_down and line.face_down is not None:
        why = _("the dealer takes none") if is_dealer else \
            fill(_("nobody gets one in a {deck}-card game"), deck=knobs.deck)
        found.rule(fill(_("{player} gets no face-down card: {why}"), player=who, why=why),
                   line.face_down.span)


def _after_exchange(cards: frozenset[Card], face_down: Card | None, line, player: str,
                    hand: HandRecord, found, played: list[Card]) -> frozenset[Card]:
    if line.action == "keeps":
        return cards
    if line.action == "takes":
        return cards | {face_down} if face_down else cards
    rest = cards
    discards = [placed for placed in (line.card, line.second) if placed is not None]  # ``second``:
    for placed in discards:  # two discarded, and ten cards to play with
        if placed.card not in cards:
            found.rule(fill(_("{player} discards {card}, which was not dealt to {player}"), player=player,
                            card=placed.card.shown()), placed.span, player=player)
            # The discard is miswritten, the exchange was made: the cards discarded are those of
            # the hand never played, when the play shows as many (no second error follows).
            taken = cards | {face_down} if face_down else cards
            kept = taken & set(played)
            return kept if len(taken - kept) == len(discards) else cards
        rest = rest - {placed.card}
    return rest | {face_down} if face_down else rest


def _infer(cards: frozenset[Card], face_down: Card | None, played: set[Card]) -> frozenset[Card]:
    """With no exchange recorded: he took his face-down card if he played it."""
    if face_down is not None and face_down in played:
        return frozenset(played) if played - {face_down} <= cards else cards | {face_down}
    return cards if len(cards) == 11 else frozenset(played) if played <= cards else cards


def _compare(hand: HandRecord, players, played, held, dealt, found, finished: bool = True) -> None:
    where = {}
    for number, trick in enumerate(hand.tricks, 1):
        for placed in trick.cards:
            where[placed.card] = (number, placed)
    extras = {p: [c for c in played[p] if c not in held[p]] for p in players}
    # each player's first card not held: two in one trick may be one mistake (a swap)
    firsts = {p: (*where[extra[0]], extra[0]) for p, extra in extras.items() if extra}
    said = set()
    for player in players:
        extra = extras[player]
        if player in firsts and player not in said:
            number, placed, card = firsts[player]
            strays = [(player, card, placed)] + [
                (other, c, p) for other, (n, p, c) in firsts.items() if n == number and other != player]
            message = stray_message(strays[:2] if len(strays) == 2 else strays[:1], held, hand, dealt)
            if len(strays) == 2 and _swapped(strays[:2], held):
                said.add(strays[1][0])
            found.rule(message, placed.span, number, player)
        unplayed = len(held[player]) - len(played[player])
        if finished and not extra and unplayed > (1 if _took_extra(hand, player) else 0):
            missing = sorted((c for c in held[player] if c not in played[player]), key=str)
            found.rule(fill(_("{player} held {cards} after the exchange but never plays them"), player=player,
                            cards=" ".join(c.shown() for c in missing)), hand.span, player=player)


def stray_message(strays: list[Stray], held, hand: HandRecord, dealt) -> str:
    """Cards played by players who did not hold them, in one trick: two that each player's
    neighbour held are one mistake (a swap); otherwise the first is the cause."""
    if len(strays) == 2 and _swapped(strays, held):
        (a, card_a, _place), (b, card_b, _place) = strays
        said = _("{a} plays {card_a} and {b} plays {card_b}, but {a} holds {card_b} and {b} holds {card_a}: "
                 "the two cards are swapped")
        return fill(said, a=a, b=b, card_a=card_a.shown(), card_b=card_b.shown())
    who, card, _place = strays[0]
    return fill(_("{player} plays {card} but did not hold it after the exchange{where}"), player=who,
                card=card.shown(), where=whereabouts(card, who, hand, dealt))


def _swapped(strays: list[Stray], held) -> bool:
    """Two cards played by two players who each held the other's: one mistake, a swap."""
    (a, card_a, _place), (b, card_b, _place) = strays
    return card_a in held[b] and card_b in held[a]


def _took_extra(hand: HandRecord, player: str) -> bool:
    return any(e.player.text == player and e.action == "takes" for e in hand.exchange or ())


def whereabouts(card: Card, player: str, hand: HandRecord, dealt) -> str:
    for who, (cards, face_down) in dealt.items():
        if card == face_down:
            note = _(" (the dealer takes no face-down card)") if player == hand.dealer.text else ""
            said = _(": it is {player}'s own face-down card{note}{hint}") if who == player \
                else _(": it is {owner}'s face-down card{note}{hint}")
            return fill(said, player=player, owner=who, note=note, hint=_twelve_hint(player, who, hand))
        if card in cards and who != player:
            return fill(_(": it was dealt to {player}"), player=who)
    for line in hand.exchange or ():
        if any(placed and placed.card == card for placed in (line.card, line.second)):
            return fill(_(": {player} discarded it"), player=line.player.text)
    return ""


def _twelve_hint(player: str, owner: str, hand: HandRecord) -> str:
    """A player who kept his hand and plays his own face-down card would hold twelve: the
    record says so only with ``takes without discarding``."""
    kept = any(e.player.text == player and e.action == "keeps" for e in hand.exchange or ())
    if owner != player or not kept:
        return ""
    return fill(_("; taking it without discarding makes 12 cards: if {player} did, write "
                  "`{player} takes without discarding`"), player=player)
