"""Side payments for Aces and Quinola (docs/rules.md §5), card by card as the trick is played.

Placed (dumped) cards are paid by the trick's winner; forced cards pay the trick's leader;
led cards are owed to the party winner and settled at the end of the hand (party.py). Each is
one of the hand's events (a CardPlay): found in a trick (``card_plays``) or recorded as such.
"""
from __future__ import annotations

from reversis_score.i18n import N_, Phrase, _, fill
from reversis_score.notation.cards import ACES, QUINOLA, SUIT_SYMBOLS, Card
from reversis_score.replay.play import CardPlay, PlayedTrick
from reversis_score.settle.items import HandBook

# The cards with side payments, the Aces and Quinola: one set lookup a card instead of two
# property calls, as most cards of a trick pay nothing.
PAYING = ACES | {QUINOLA}
_new = tuple.__new__  # a CardPlay made in C, every field given in order


# An Ace or Quinola led: its payment waits for the party winner (one of the hand's CardPlays).
LedCard = CardPlay


# Filled in later by the HandBook (the remise's amount and pool, whether it doubles or forms it).
AMOUNT, HOW, POOL = "{amount}", "{how}", "{pool}"


# The commonest whys, their fields given in order (i18n.Phrase: no keywords, no str.format).
_CARD = Phrase(N_("{card}"), "card")
_PAYS = Phrase(N_("trick {trick}: {event}{notes}: {payer} pays {payee} {amount} (RULES §5)"),
               "trick", "event", "notes", "payer", "payee", "amount")
_PLACED_ON = Phrase(N_("{player} places {card} on a {suit} lead {taken} {winner}"),
                    "player", "card", "suit", "taken", "winner")
_PLACED_IN = Phrase(N_("{player} places {card} in a trick {taken} {winner}"),
                    "player", "card", "taken", "winner")
_FORCED = Phrase(N_("{player}'s {card} is forced on {leader}'s {suit} lead"),
                 "player", "card", "leader", "suit")


def card_name(card: Card) -> str:
    """The card in a why: ``Quinola (J♥)``, ``A♦`` (in French with its article: « le quinola
    (V♥) », « l’A♦ »)."""
    return _("Quinola (J♥)") if card.is_quinola else _CARD(card.symbol())


def ace_value(book: HandBook, card: Card, base: int) -> int:
    """An Ace's payment: A♦ pays ``diamond_ace_factor`` times the others."""
    return base * (book.knobs.diamond_ace_factor if card.suit == "D" else 1)


def with_notes(notes: list[str]) -> str:
    return fill(_("; {notes}"), notes=", ".join(notes)) if notes else ""


def card_plays(trick: PlayedTrick, gathered: bool = False) -> list[CardPlay]:
    """The Aces and Quinola of one trick, in order of play: led, forced or placed."""
    return [card_play(trick, position, player, card, gathered)
            for position, (player, card) in enumerate(trick.plays) if card in PAYING]


def card_play(trick: PlayedTrick, position: int, player: str, card: Card, gathered: bool = False) -> CardPlay:
    """The Ace or Quinola ``card`` that ``player`` played at ``position`` of ``trick``."""
    suit = trick.plays[0][1].suit  # the suit led
    if position == 0:
        return _new(CardPlay, (trick.number, "led", player, card, None, suit, False))
    if card.suit == suit:
        return _new(CardPlay, (trick.number, "forced", player, card, trick.leader, suit, False))
    return _new(CardPlay, (trick.number, "placed", player, card, trick.winner, suit, gathered))

# (render/tally.py counts a Quinola led whose remise is all it paid by this sentence)
LED_QUINOLA_REMISE = N_("trick {trick}: {player} leads Quinola (J♥) and pays a remise of {amount}, {how} "
                        "{pool} (RULES §5, §4)")


def settle_trick(book: HandBook, trick: PlayedTrick, led: list[CardPlay]) -> None:
    """Every Ace and Quinola of one trick, in order of play."""
    gathered = any(t == trick.number for t, _, _ in book.play.gathered)
    for play in card_plays(trick, gathered):
        settle_card(book, play, led)


def settle_card(book: HandBook, play: CardPlay, led: list[CardPlay]) -> None:
    """One Ace or Quinola: a led card waits for the party; forced and placed ones pay now."""
    if play.how == "led":
        led.append(play)
        if play.card.is_quinola and book.knobs.quinola_led_remise:
            why = _(LED_QUINOLA_REMISE)
            book.remise(play.player, fill(why, trick=play.trick, player=play.player, amount=AMOUNT, how=HOW,
                                           pool=POOL),
                        play.trick, play.card)
    elif play.how == "forced":
        assert play.other is not None  # the leader: a forced card is never led
        forced(book, play.trick, play.other, play.player, play.card)
    else:
        dumped(book, play)


def pay_card(book: HandBook, kind: str, payer: str, payee: str, base: int, trick: int,
             card: Card, event: str, cancelled: str | None = None) -> None:
    """One Ace or Quinola payment at its trick's multipliers, its why naming the event."""
    factor, notes = book.multiplier(payer, payee, trick)
    amount = base * factor
    book.pay(kind, payer, payee, amount,
             _PAYS(trick, event, with_notes(notes), payer, payee, amount),
             trick, card, cancelled)


def dumped(book: HandBook, play: CardPlay) -> None:
    """A card placed on another suit: the trick's winner pays; Quinola also takes the pool.

    Placed on a trick its own player gathers (``| gathered by``), the card stays in his own
    trick: it was placed on nobody, so nothing is paid and no pool taken (RULES §10)."""
    winner, n, player, card = play.other, play.trick, play.player, play.card
    assert winner is not None  # who took the trick: a placed card is never led
    if winner == player:
        return
    barred = "barred" if card.is_quinola and player in book.play.barred else None
    base = book.knobs.quinola_dumped if card.is_quinola else ace_value(book, card, book.knobs.ace_dumped)
    kind = "quinola-dumped" if card.is_quinola else "ace-dumped"
    taken = _("gathered by") if play.gathered else _("won by")  # gathered by another: it counts for him
    if play.suit:
        event = _PLACED_ON(player, card_name(card), SUIT_SYMBOLS[play.suit], taken, winner)
    else:
        event = _PLACED_IN(player, card_name(card), taken, winner)
    pay_card(book, kind, winner, player, base, n, card, event, barred)
    if card.is_quinola and takes_pool(book, n):
        why = _("trick {trick}: {player} places Quinola (J♥) and takes the latest pool, {pool} ({amount}) "
                "(RULES §4, §5)")
        book.take_pool(player, fill(why, trick=n, player=player, pool=POOL, amount=AMOUNT), n, card, barred)


def takes_pool(book: HandBook, trick: int) -> bool:
    """Quinola placed takes the pool, except in tricks 10–11 where the knob says not."""
    return book.knobs.quinola_pool_in_last_tricks or trick < 10


def forced(book: HandBook, n: int, leader: str, player: str, card: Card, remise: bool = True) -> None:
    """A card forced on its suit's lead: its holder pays the leader (Quinola: the others too)."""
    event = _FORCED(player, card_name(card), leader, SUIT_SYMBOLS[card.suit])
    barred = "barred" if card.is_quinola and leader in book.play.barred else None
    base = book.knobs.quinola_forced if card.is_quinola else ace_value(book, card, book.knobs.ace_forced)
    kind = "quinola-forced" if card.is_quinola else "ace-forced"
    pay_card(book, kind, player, leader, base, n, card, event, barred)
    if not card.is_quinola:
        return
    for other in book.play.players:
        if other not in (player, leader):
            pay_card(book, kind, other, leader, book.knobs.quinola_forced_others, n, card,
                     fill(_("{event}; each other player pays the leader"), event=event), barred)
    if remise:
        why = _("trick {trick}: {player}'s Quinola (J♥) is forced and {player} pays a remise of {amount}, "
                "{how} {pool} (RULES §5, §4)")
        book.remise(player, fill(why, trick=n, player=player, amount=AMOUNT, how=HOW, pool=POOL), n, card)
