"""Settle one replayed hand, in the time order of docs/rules.md §13 rule 1.

Start (antes, a redeal's fine) → each Ace and Quinola, trick by trick → at the end: the
reversis, the party, the led payments, the espagnolette's returns, the fines.

The rule functions read the hand's events (HandEvents) and its laws (the Play's barred players,
revokes, ten-card players): a hand played card by card has its events found from its tricks
(played.py), a hand recorded by its events carries them. One settlement, two ways in.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from reversis_score.replay.play import CardPlay, HandEvents, Play
from reversis_score.rules.knobs import Knobs
from reversis_score.settle.espagnolette import pay_back
from reversis_score.settle.items import HandBook, Item
from reversis_score.settle.laws import antes, end_fines, pairwise, redeal_fine, unpaid_takers, void_fine
from reversis_score.settle.party import party_value, pay_led, pay_party
from reversis_score.settle.played import events_of
from reversis_score.settle.pools import PoolTable
from reversis_score.settle.reversis import breaking_trick_payments, pay_reversis
from reversis_score.settle.side import settle_card


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the hand ended (the ledger's ``outcome``)."""

    kind: str  # party | reversis-made | reversis-broken | pairwise | void
    party_winner: str | None = None
    party_loser: str | None = None
    party_value: int | None = None
    reversis_player: str | None = None
    breaker: str | None = None
    espagnolette: dict | None = None  # {"player", "result": won | lost | reversis}


@dataclass(frozen=True, slots=True)
class HandSettlement:
    """One hand settled: its items, outcome, nets and the pools before and after."""

    play: Play
    items: tuple[Item, ...]
    outcome: Outcome
    pools_before: tuple[int, ...]
    pools_after: tuple[int, ...]
    # What the pools gained this hand, summed once: the ledger's check and the hand's row both
    # read it, and late in a pool session each list holds a thousand pools.
    pool_growth: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pool_growth", sum(self.pools_after) - sum(self.pools_before))

    @property
    def net(self) -> dict[str, int]:
        """Each player's gain (+) or loss (−) this hand: every item that counts."""
        net = {p: 0 for p in self.play.players}
        for item in self.items:
            if item.cancelled_by is not None:  # not Item.counts: read for every item of every hand
                continue
            if item.payer in net:
                net[item.payer] -= item.amount
            if item.payee in net:
                net[item.payee] += item.amount
        return net


def settle_hand(play: Play, knobs: Knobs, pools: PoolTable) -> tuple[HandSettlement, PoolTable]:
    """Settle a hand on the pools as they stand; return it and the pools after it."""
    pools = pools.copy()
    before = tuple(_shown(pools))
    revokers = frozenset(p for k, p in play.acknowledged if k == "revoke")
    book = HandBook(play, knobs, pools, revokers=revokers, unpaid=unpaid_takers(play, knobs))
    antes(book)
    redeal_fine(book)
    if play.void:
        void_fine(book)
        outcome = Outcome("void")
    elif knobs.pairwise:
        pairwise(book, events_of(play, knobs).points)
        outcome = Outcome("pairwise")
    else:
        outcome = _play_out(book, events_of(play, knobs))
        end_fines(book)
    return HandSettlement(play, tuple(book.items), outcome, before, tuple(_shown(pools))), pools


def _shown(pools: PoolTable) -> list[int]:
    return list(pools.amounts)


def _play_out(book: HandBook, events: HandEvents) -> Outcome:
    rev, esp = events.reversis, events.espagnolette
    if rev is not None and esp == rev.player:
        esp = None  # the reversis player plays no espagnolette
    led: list[CardPlay] = []
    _side_payments(book, events, led)
    if rev is not None:
        pay_reversis(book, rev, esp)
        kind = "reversis-made" if rev.made else "reversis-broken"
        return Outcome(kind, reversis_player=rev.player, breaker=rev.breaker,
                       espagnolette={"player": esp, "result": "reversis"} if esp else None)
    esp_won = esp is not None and events.espagnolette_won
    pay_party(book, events)
    pay_led(book, led, events.winner)
    if esp is not None and not esp_won:
        pay_back(book, esp, events.quinola_holder)
    value = party_value(events, book.knobs) if events.winner and events.loser else None
    return Outcome("party", events.winner, events.loser, value,
                   espagnolette={"player": esp, "result": "won" if esp_won else "lost"} if esp else None)


def _side_payments(book: HandBook, events: HandEvents, led: list[CardPlay]) -> None:
    """Aces and Quinola in order of play; under a reversis, tricks 1–9's are written and returned."""
    rev = events.reversis
    if rev is None:
        for card in events.cards:
            settle_card(book, card, led)
        return
    snapshot = book.pools.copy()
    book.cancelling = "reversis"
    for card in events.cards:
        if card.trick <= 9:
            settle_card(book, card, led)
    book.cancelling = None
    book.restore(snapshot)  # every pool movement of tricks 1–9 is returned (§8)
    breaking_trick_payments(book, rev)
