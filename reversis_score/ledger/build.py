"""The session ledger: hands settled in order, balances, totals, pools, settle-up (docs/ledger.md).

Conservation is checked as each hand is added: a hand whose players' nets plus the pools'
growth is not 0 is an internal error, reported as such and never shown as if fine.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Protocol, TypeGuard

from reversis_score.notation.diagnostics import Diagnostic
from reversis_score.pipeline import CheckedHand, CheckedSession
from reversis_score.rules.houserules import RuleSet
from reversis_score.settle.hand import HandSettlement, settle_hand
from reversis_score.settle.items import Item
from reversis_score.settle.pools import PoolTable


class ConservationError(Exception):
    """Fish appeared or vanished in a hand: a bug in the engine, never a record's fault."""


@dataclass(slots=True)
class LedgerHand:
    """A hand's line in the ledger: settled, void, or the first bad hand (no items)."""

    number: int
    dealer: str | None
    status: str  # settled | void | error
    settlement: HandSettlement | None
    balances: dict[str, int]


class SettledHand(Protocol):
    """A ledger hand with its settlement: every hand but the first bad one (``Ledger.settled``)."""

    number: int
    dealer: str | None
    status: str
    balances: dict[str, int]

    @property
    def settlement(self) -> HandSettlement: ...


def is_settled(hand: LedgerHand) -> TypeGuard[SettledHand]:
    """Whether the hand was settled (or found void), so that its settlement is there."""
    return hand.settlement is not None


@dataclass(slots=True)
class Ledger:
    """Everything ``settle`` shows and every export writes."""

    session: CheckedSession
    rules: RuleSet
    stake: int
    hands: list[LedgerHand] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    pools: tuple[int, ...] = ()
    warnings: list[Diagnostic] = field(default_factory=list)

    @property
    def players(self) -> tuple[str, ...]:
        return self.session.players

    @property
    def settled(self) -> list[SettledHand]:
        return [h for h in self.hands if is_settled(h)]

    @property
    def balances(self) -> dict[str, int]:
        return {p: self.stake + self.totals[p] for p in self.players}

    def between_players(self) -> dict[str, int]:
        """Each player's net from payments between players only (pool payments left out)."""
        net = {p: 0 for p in self.players}
        for hand in self.settled:
            for item in hand.settlement.items:
                if item.counts and item.payer in net and item.payee in net:
                    net[item.payer] -= item.amount
                    net[item.payee] += item.amount
        return net

    def into_pools(self) -> dict[str, int]:
        """What each player paid into the pools, less what he took from them."""
        between = self.between_players()
        return {p: between[p] - self.totals[p] for p in self.players}


def build_ledger(session: CheckedSession, split_pools: bool = False) -> Ledger:
    """Settle every hand before the first bad one, carrying the pools and balances.

    With ``split_pools`` the pools left at the end are divided equally among the players
    (RULES §4, interpretation): pool-split items close the last settled hand.
    """
    knobs = session.rules.knobs
    stake = session.header.stake or 0
    ledger = Ledger(session, session.rules, stake, totals={p: 0 for p in session.players})
    ledger.warnings = list(session.warnings)
    pools = PoolTable(knobs.pools)
    settleable = session.settleable_hands()
    for hand in settleable:
        settlement, pools = settle_hand(hand.play, knobs, pools)
        check_conservation(settlement)
        for player, amount in settlement.net.items():
            ledger.totals[player] += amount
        status = "void" if hand.play.void else "settled"
        ledger.hands.append(LedgerHand(hand.number, hand.play.dealer, status, settlement,
                                       ledger.balances))
    ledger.pools = tuple(pools.amounts)
    if split_pools and ledger.hands:
        _split_pools(ledger)
    bad = _first_bad(session, len(settleable))
    if bad is not None:
        ledger.hands.append(LedgerHand(bad.number, _dealer_of(session, bad), "error", None,
                                       ledger.balances))
    return ledger


def _split_pools(ledger: Ledger) -> None:
    """Divide every standing pool equally; what does not divide by four stays on the table."""
    last = ledger.hands[-1]
    s = last.settlement
    items = list(s.items)
    left = []
    for index, amount in enumerate(s.pools_after):
        share, rest = divmod(amount, 4)
        name = PoolTable.name(index)
        for player in ledger.players:
            if share:
                items.append(Item(len(items) + 1, None, "pool-split", None, name, player, share, None,
                                  f"end of the session: {name} ({amount}) is split equally, {share} "
                                  f"to each player{f', {rest} left on the table' if rest else ''} "
                                  "(--split-pools, RULES §4)"))
        left.append(rest)
    kept = [amount for amount in left if amount] if ledger.rules.knobs.pools == "multiple" else left
    split = replace(s, items=tuple(items), pools_after=tuple(kept))
    check_conservation(split)
    for player in ledger.players:
        ledger.totals[player] += split.net[player] - s.net[player]
    last.settlement = split
    last.balances = ledger.balances
    ledger.pools = tuple(kept)


def check_conservation(settlement: HandSettlement) -> None:
    """Players' nets plus the pools' growth must be exactly 0."""
    total = sum(settlement.net.values()) + settlement.pool_growth
    if total != 0:
        raise ConservationError(f"hand {settlement.play.number}: nets {settlement.net} and pool "
                                f"growth {settlement.pool_growth} do not balance ({total:+d})")


def _first_bad(session: CheckedSession, settled: int) -> CheckedHand | None:
    if settled < len(session.hands):
        return session.hands[settled]
    return None


def _dealer_of(session: CheckedSession, hand: CheckedHand) -> str | None:
    if hand.record is not None and hand.record.dealer.text in session.players:
        return hand.record.dealer.text
    return None


def settle_up(net: dict[str, int]) -> list[tuple[str, str, int]]:
    """The fewest transfers (payer, payee, amount) that settle nets summing to zero."""
    players = [p for p in net if net[p] != 0]
    groups = _zero_sum_groups(players, net)
    transfers = []
    for group in groups:
        transfers.extend(_greedy({p: net[p] for p in group}))
    return transfers


def _zero_sum_groups(players: list[str], net: dict[str, int]) -> list[list[str]]:
    """Split into as many zero-sum groups as possible: each group needs len − 1 transfers."""
    if not players:
        return []
    for size in range(2, len(players)):
        for group in combinations(players, size):
            if sum(net[p] for p in group) == 0:
                rest = [p for p in players if p not in group]
                return [list(group)] + _zero_sum_groups(rest, net)
    return [players]


def _greedy(net: dict[str, int]) -> list[tuple[str, str, int]]:
    owed = dict(net)
    transfers = []
    while any(owed.values()):
        payer = min(owed, key=lambda p: (owed[p], p))
        payee = max(owed, key=lambda p: (owed[p], p))
        amount = min(-owed[payer], owed[payee])
        if amount <= 0:
            break
        transfers.append((payer, payee, amount))
        owed[payer] += amount
        owed[payee] -= amount
    return transfers
