"""The events of a hand played card by card: what its tricks say was paid for.

One settlement, two ways in. A hand recorded by its events gives them (replay/events.py); a
hand recorded trick by trick has them found here, from its replay and the rules (who wins the
party is a rule: ties, barred players, the espagnolette). The settlement (hand.py) reads only
these events, and the laws on the Play.
"""
from __future__ import annotations

from reversis_score.notation.cards import QUINOLA
from reversis_score.replay.play import HandEvents, Play, ReversisEvent
from reversis_score.rules.knobs import Knobs
from reversis_score.settle.party import decide
from reversis_score.settle.side import PAYING, card_play


def events_of(play: Play, knobs: Knobs) -> HandEvents:
    """The events of a replayed hand (a hand recorded by its events carries its own)."""
    if play.events is not None:
        return play.events
    points, won = dict(play.points), dict(play.tricks_won)
    if play.void:
        return HandEvents(points=points, tricks_won=won, talon=play.talon)
    gathered = {number for number, _, _ in play.gathered}
    # one pass over the hand's cards; only an Ace or Quinola costs a call
    cards = tuple([card_play(t, i, who, card, t.number in gathered) for t in play.tricks
                   for i, (who, card) in enumerate(t.plays) if card in PAYING])  # a list: no generator
    # Who held Quinola after the exchange, played or not: one who took his face-down card without
    # discarding may keep it unplayed ("s'il le possédait", docs/rules.md §9).
    holder = next((p for p, held in play.held.items() if QUINOLA in held), None) \
        or next((c.player for c in cards if c.card == QUINOLA), None)
    talon_cards = 0 if knobs.deck == 52 else len(play.talon)
    rev = None if knobs.pairwise else find_reversis(play)
    esp = espagnolette_of(play, rev.player if rev else None)
    esp_won = esp is not None and play.tricks_won[esp] == 0
    winner = loser = None
    if rev is None and not knobs.pairwise:
        result = decide(play, knobs, esp, esp_won)
        winner, loser = result.winner, result.loser
    return HandEvents(winner, loser, play.talon, None, talon_cards, points, won, cards, rev, esp, esp_won,
                      holder)


def find_reversis(play: Play) -> ReversisEvent | None:
    """A player who wins the first nine tricks has undertaken the reversis (unless barred)."""
    if len(play.tricks) < 11:
        return None
    winners = {t.winner for t in play.tricks[:9]}
    if len(winners) != 1:
        return None
    player = winners.pop()
    if player in play.barred:
        return None  # a barred player cannot make the reversis (§7): a party hand
    breaking = next((t for t in play.tricks[9:] if t.winner != player), None)
    early = any(card.is_quinola and who == player for t in play.tricks[:9] for who, card in t.plays)
    late = any(card.is_quinola and who == player for t in play.tricks[9:] for who, card in t.plays)
    if breaking is None:
        return ReversisEvent(player, quinola_early=early, quinola_late=late)
    # The breaker's Quinola took the breaking trick on the reversis player's heart lead (§8).
    # Quinola placed on another suit's lead is not forced (§5: forced is "he followed suit with
    # it"), even when its player gathers the trick (``| gathered by``).
    card = breaking.winning_card
    by_quinola = card.is_quinola and breaking.leader == player and breaking.suit == card.suit
    return ReversisEvent(player, breaking.winner, breaking.number, by_quinola, early, late)


def espagnolette_of(play: Play, reversis_player: str | None) -> str | None:
    """The player playing the espagnolette this hand, if any (never the reversis player)."""
    if play.espagnolette is None or not play.espagnolette_undertaken:
        return None
    return None if play.espagnolette == reversis_player else play.espagnolette
