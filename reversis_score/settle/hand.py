"""Settle one replayed hand, in the time order of docs/rules.md §13 rule 1.

Start (antes, a redeal's fine) → each trick, card by card → at the end: the reversis, the
party, the led payments, the espagnolette's returns, the fines.
"""
from __future__ import annotations

from dataclasses import dataclass

from reversis_score.replay.play import Play
from reversis_score.rules.knobs import Knobs
from reversis_score.settle.espagnolette import espagnolette_undertaken, pay_back
from reversis_score.settle.items import HandBook, Item
from reversis_score.settle.laws import antes, end_fines, pairwise, redeal_fine, unpaid_takers, void_fine
from reversis_score.settle.party import decide, pay_led, pay_party
from reversis_score.settle.pools import PoolTable
from reversis_score.settle.reversis import Reversis, breaking_trick_payments, find_reversis, pay_reversis
from reversis_score.settle.side import LedCard, settle_trick


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

    @property
    def pool_growth(self) -> int:
        return sum(self.pools_after) - sum(self.pools_before)


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
        pairwise(book)
        outcome = Outcome("pairwise")
    else:
        outcome = _play_out(book)
        end_fines(book)
    return HandSettlement(play, tuple(book.items), outcome, before, tuple(_shown(pools))), pools


def _shown(pools: PoolTable) -> list[int]:
    return list(pools.amounts)


def _play_out(book: HandBook) -> Outcome:
    play, knobs = book.play, book.knobs
    rev = find_reversis(play, knobs)
    esp = espagnolette_undertaken(book, rev.player if rev else None)
    led: list[LedCard] = []
    _tricks(book, rev, led)
    if rev is not None:
        pay_reversis(book, rev, esp)
        kind = "reversis-made" if rev.made else "reversis-broken"
        return Outcome(kind, reversis_player=rev.player, breaker=rev.breaker,
                       espagnolette={"player": esp, "result": "reversis"} if esp else None)
    esp_won = esp is not None and play.tricks_won[esp] == 0
    result = decide(play, knobs, esp, esp_won)
    pay_party(book, result, esp)
    pay_led(book, led, result.winner)
    if esp is not None and not esp_won:
        pay_back(book, esp)
    return Outcome("party", result.winner, result.loser, result.value if result.winner else None,
                   espagnolette={"player": esp, "result": "won" if esp_won else "lost"} if esp else None)


def _tricks(book: HandBook, rev: Reversis | None, led: list[LedCard]) -> None:
    """Side payments trick by trick; under a reversis, tricks 1–9 are written and returned."""
    snapshot = book.pools.copy()
    for trick in book.play.tricks:
        if rev is None:
            settle_trick(book, trick, led)
        elif trick.number <= 9:
            book.cancelling = "reversis"
            settle_trick(book, trick, led)
        else:
            if book.cancelling:
                book.cancelling = None
                book.restore(snapshot)  # every pool movement of tricks 1–9 is returned (§8)
            if trick is rev.breaking_trick:
                breaking_trick_payments(book, rev)
