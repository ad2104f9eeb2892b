"""What the cards held prove: revokes with their evidence, and who may play the espagnolette.

A card off the suit led is a revoke only when the record shows the player could have followed:
a card of that suit he plays later, or one still in his hand after the exchange.
"""
from __future__ import annotations

from reversis_score.i18n import _, fill
from reversis_score.notation.cards import ACES, QUINOLA, SUIT_SYMBOLS, Card
from reversis_score.notation.records import HandRecord
from reversis_score.replay.findings import Findings
from reversis_score.replay.play import TRICKS_PER_HAND, PlayedTrick, Revoke
from reversis_score.rules.knobs import Knobs


def find_revokes(tricks: tuple[PlayedTrick, ...], held: dict[str, frozenset[Card]],
                 espagnolette: str | None) -> list[Revoke]:
    """Every failure to follow suit that the record proves he could have followed."""
    revokes = []
    played: dict[str, list[tuple[int, Card]]] = {}  # each player's cards, by trick position
    # Most cards off the suit led come from a player who had run out of it: he plays that suit
    # in no later trick and holds no card of it that he never plays. Such a play needs no search.
    last_of_suit: dict[tuple[str, str], int] = {}
    for index, trick in enumerate(tricks):
        for who, card in trick.plays:
            his = played.get(who)
            if his is None:
                his = played[who] = []
            elif his[-1][0] == index:
                continue  # his first card of the trick only, should he appear twice
            his.append((index, card))
            last_of_suit[who, card.suit] = index
    kept_suits = {}  # the suits of the cards he holds and never plays
    for who, cards in held.items():
        gone = {card for _, card in played.get(who, ())}
        kept_suits[who] = {card.suit for card in cards if card not in gone}
    for trick in tricks:
        suit = trick.plays[0][1].suit
        for (who, card), placed in zip(trick.plays[1:], trick.placed[1:], strict=True):
            if card.suit == suit:
                continue
            if last_of_suit.get((who, suit), -1) < trick.number and suit not in kept_suits.get(who, ()):
                continue
            evidence = _follow_evidence(who, trick, tricks, held, played.get(who, []))
            if evidence:
                right = who == espagnolette and trick.number <= 9
                revokes.append(Revoke(who, trick.number, card, suit, evidence,
                                      placed.span, right))
    return revokes


def _follow_evidence(who: str, trick: PlayedTrick, tricks, held,
                     played: list[tuple[int, Card]]) -> str | None:
    """A card of the led suit he plays later, or still held after the exchange, if any.

    ``played`` lists his cards by trick position: it looks at his own cards only.
    """
    suit = trick.plays[0][1].suit
    for index, card in played:
        if index >= trick.number and card.suit == suit:
            return fill(_("{card}, which {player} plays in trick {trick}"), card=card.shown(), player=who,
                        trick=tricks[index].number)
    suited = [card for card in held.get(who, ()) if card.suit == suit]
    if not suited:
        return None
    before = {card for index, card in played if index < trick.number}
    # Mid-hand (a record being entered, or cut short) the rest of the play is not known yet:
    # "never plays" would say what no card entered shows.
    rest = _("never plays") if len(tricks) >= TRICKS_PER_HAND else _("has not played so far")
    for card in sorted(suited, key=str):
        if card not in before:
            return fill(_("{card}, which {player} holds after the exchange and {rest}"), card=card.shown(),
                        player=who, rest=rest)
    return None


def qualifies_espagnolette(cards: frozenset[Card]) -> bool:
    """All four Aces, or Quinola and at least three Aces (RULES §9)."""
    aces = len(ACES.intersection(cards))  # one set operation in C, not a look at every card
    return aces == 4 or (aces == 3 and QUINOLA in cards)


def report_revokes(revokes: list[Revoke], hand: HandRecord, found: Findings) -> None:
    """Each revoke not acknowledged is an error; an acknowledgement with no revoke, a warning."""
    acknowledged = {i.player.text: i for i in hand.irregulars if i.kind == "revoke"}
    for r in revokes:
        if r.under_espagnolette or r.player in acknowledged:
            continue
        said = _("{player} plays {card} on a {suit} lead while holding {evidence} — a revoke; if it "
                 "happened, add `irregular: revoke {player}`")
        found.rule(fill(said, player=r.player, card=r.card.shown(), suit=SUIT_SYMBOLS[r.led_suit],
                        evidence=r.evidence), r.span, r.trick, r.player)
    real = {r.player for r in revokes if not r.under_espagnolette}
    for player, irr in acknowledged.items():
        if player not in real:
            said = _("'irregular: revoke {player}' is acknowledged but no revoke by {player} shows in the "
                     "tricks (settled as acknowledged)")
            found.rule(fill(said, player=player), irr.span, None, player, "warning")


def check_announce(hand: HandRecord, qualified: str | None, held, knobs: Knobs,
                    found: Findings) -> bool:
    """Whether an announced espagnolette stands: the rules have one, and the player qualifies."""
    if hand.announce is None:
        return False
    who = hand.announce.text
    if knobs.pairwise:
        found.rule(_("these rules have no espagnolette (RULES §6)"), hand.announce.span)
        return False
    if who != qualified:
        aces = " ".join(c.shown() for c in sorted(held[who], key=str) if c.is_ace or c.is_quinola)
        said = _("{player} announces the espagnolette but holds {aces} after the exchange: it takes all four "
                 "Aces, or Quinola and three Aces")
        found.rule(fill(said, player=who, aces=aces or _("no Ace")), hand.announce.span)
        return False
    return True
