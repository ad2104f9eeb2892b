"""The session ledger: hands settled in order, balances, totals, pools, settle-up (docs/ledger.md).

The hands are settled one at a time from a running state (``Running``: pools, totals, the
nets between players), so a session can be settled as a stream (``stream_ledger``) and
written hand by hand; ``build_ledger`` collects the same hands into a whole Ledger.

Conservation is checked as each hand is added: a hand whose players' nets plus the pools'
growth is not 0 is an internal error, reported as such and never shown as if fine.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import TYPE_CHECKING, Protocol, TypeGuard

from reversis_score.i18n import _, fill, number
from reversis_score.notation.diagnostics import Diagnostic
from reversis_score.pipeline import CheckedHand, CheckedSession, SessionStream
from reversis_score.rules.houserules import RuleSet
from reversis_score.rules.knobs import Knobs
from reversis_score.settle.hand import HandSettlement, settle_hand
from reversis_score.settle.items import Item
from reversis_score.settle.pools import PoolTable, basket, one_basket, shown


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


class _Sums:
    """Balances and what went into the pools, read off the totals and the nets between
    players: a whole Ledger's, or a LedgerStream's once it is exhausted."""

    __slots__ = ()
    if TYPE_CHECKING:
        stake: int

        @property
        def players(self) -> tuple[str, ...]: ...

        @property
        def totals(self) -> dict[str, int]: ...

        def between_players(self) -> dict[str, int]: ...

    @property
    def balances(self) -> dict[str, int]:
        return {p: self.stake + self.totals[p] for p in self.players}

    def into_pools(self, between: dict[str, int] | None = None) -> dict[str, int]:
        """What each player paid into the pools, less what he took from them (``between``:
        ``between_players()`` when the caller has it already, which saves a pass over the items)."""
        between = self.between_players() if between is None else between
        return {p: between[p] - self.totals[p] for p in self.players}


@dataclass(slots=True)
class Ledger(_Sums):
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

    def between_players(self) -> dict[str, int]:
        """Each player's net from payments between players only (pool payments left out)."""
        net = {p: 0 for p in self.players}
        for hand in self.settled:
            if hand.settlement is None:
                continue
            for player, amount in between_of(hand.settlement, self.players).items():
                net[player] += amount
        return net


@dataclass(slots=True)
class Running:
    """What one hand hands on to the next: the pools, the totals, the nets between players.

    This is all a session keeps while it is settled hand by hand; each LedgerHand can be
    written and let go as soon as it is made.
    """

    players: tuple[str, ...]
    stake: int
    knobs: Knobs
    pools: PoolTable
    totals: dict[str, int]
    between: dict[str, int]
    last: LedgerHand | None = None  # the last settled hand, which --split-pools closes
    basket: str | None = None  # the one basket's French word (settle/pools.py), None for pools

    @classmethod
    def start(cls, players: tuple[str, ...], stake: int, knobs: Knobs, preset: str | None = None,
              carried: tuple[int, ...] | None = None) -> Running:
        """Nothing paid yet; no pool standing, or those ``carried`` from the last night.
        ``preset`` names the one basket in French."""
        return cls(players, stake, knobs, PoolTable(knobs.pools, brought(knobs.pools, carried)),
                   {p: 0 for p in players}, {p: 0 for p in players}, basket=basket(knobs.pools, preset))

    @property
    def balances(self) -> dict[str, int]:
        return {p: self.stake + self.totals[p] for p in self.players}

    def settle(self, hand: CheckedHand) -> LedgerHand:
        """Settle one good hand (replayed: ``hand.ok``) and carry its pools and nets forward."""
        play = hand.play
        assert play is not None
        settlement, self.pools = settle_hand(play, self.knobs, self.pools)
        settlement = in_basket_words(settlement, self.basket)
        net = settlement.net  # once: both the check and the totals read it
        check_conservation(settlement, net)
        self._add(settlement, net, +1)
        status = "void" if play.void else "settled"
        self.last = LedgerHand(hand.number, play.dealer, status, settlement, self.balances)
        return self.last

    def _add(self, settlement: HandSettlement, net: dict[str, int], sign: int) -> None:
        for player, amount in net.items():
            self.totals[player] += sign * amount
        for player, amount in between_of(settlement, self.players).items():
            self.between[player] += sign * amount

    def split_pools(self, rules: RuleSet) -> None:
        """Divide every standing pool equally (RULES §4, interpretation), closing the last hand.

        What does not divide by four stays on the table.
        """
        last = self.last
        if last is None or last.settlement is None:
            return
        s = last.settlement
        items = list(s.items)
        left = []
        for index, amount in enumerate(s.pools_after):
            share, rest = divmod(amount, 4)
            name = PoolTable.name(index)
            for player in self.players:
                if share:
                    left_over = fill(_(", {rest} left on the table"), rest=number(rest)) if rest else ""
                    sharing = rules.knobs.pools_at_close == "share"
                    said = (_("end of the session: {pool} ({amount}) is split equally, {share} to each "
                              "player{left} (--split-pools, RULES §4)") if not sharing
                            else _("end of the night: {pool} ({amount}) is shared equally, {share} to each "
                                   "player{left} (pools_at_close: share, RULES §4)"))
                    items.append(Item(len(items) + 1, None, "pool-split", None, name, player, share, None,
                                      one_basket(fill(said, pool=shown(name), amount=number(amount),
                                                      share=number(share), left=left_over), self.basket)))
            left.append(rest)
        kept = [amount for amount in left if amount] if rules.knobs.pools == "multiple" else left
        split = replace(s, items=tuple(items), pools_after=tuple(kept))
        check_conservation(split)
        self._add(s, s.net, -1)
        self._add(split, split.net, +1)
        last.settlement = split
        last.balances = self.balances
        self.pools = PoolTable(self.pools.mode, list(kept), self.pools.doubling, self.pools.last_taken)


def brought(mode: str, carried: tuple[int, ...] | None) -> list[int]:
    """The pools a night starts with (``carried:``): as listed with several pools, in the one
    basket with one, none without pools. A carried pool was not formed from this night's
    antes, so the night's first remise forms a new pool (docs/rules.md §13)."""
    amounts = [a for a in carried or () if a]
    if mode == "single":
        return [sum(amounts)]
    return amounts if mode == "multiple" else []


def closes_by_sharing(rules: RuleSet, split_pools: bool) -> bool:
    """Whether the pools left at the close are shared out: ``--split-pools``, or the house rule
    ``pools_at_close: share``."""
    return split_pools or rules.knobs.pools_at_close == "share"


def in_basket_words(settlement: HandSettlement, noun: str | None) -> HandSettlement:
    """A hand's settlement with its whys said of the one basket ``noun`` (settle/pools.py:
    « la corbeille », « le panier »); as it is with several pools, or in English."""
    if noun is None:
        return settlement
    return replace(settlement, items=tuple(item._replace(why=one_basket(item.why, noun))
                                           for item in settlement.items))


def between_of(settlement: HandSettlement, players: tuple[str, ...]) -> dict[str, int]:
    """Each player's net in one hand from payments between players only (pools left out)."""
    net = {p: 0 for p in players}
    for item in settlement.items:
        if item.cancelled_by is None and item.payer in net and item.payee in net:  # Item.counts
            net[item.payer] -= item.amount
            net[item.payee] += item.amount
    return net


def ledger_hands(hands: Iterable[CheckedHand], run: Running, header_ok: bool, rules: RuleSet,
                 split_pools: bool = False) -> Iterator[LedgerHand]:
    """The ledger's hands, one at a time: every hand before the first bad one is settled, then
    that bad hand (status ``error``, no items). The hands after it are still read through, so
    that a stream's diagnostics are all seen.

    A settled hand is handed on only when the next is known, since ``split_pools`` closes the
    last settled hand.
    """
    pending: LedgerHand | None = None
    stopped = False
    for hand in hands:
        if stopped or hand.in_progress:  # a hand still being played is not in the books yet
            continue
        if header_ok and hand.ok:
            settled = run.settle(hand)
            if pending is not None:
                yield pending
            pending = settled
            continue
        stopped = True
        yield from _close(pending, run, rules, split_pools)
        pending = None
        yield LedgerHand(hand.number, _dealer_of(run.players, hand), "error", None, run.balances)
    yield from _close(pending, run, rules, split_pools)


def _close(pending: LedgerHand | None, run: Running, rules: RuleSet,
           split_pools: bool) -> Iterator[LedgerHand]:
    if pending is None:
        return
    if closes_by_sharing(rules, split_pools):
        run.split_pools(rules)
    yield pending


def build_ledger(session: CheckedSession, split_pools: bool = False) -> Ledger:
    """Settle every hand before the first bad one, carrying the pools and balances.

    With ``split_pools`` the pools left at the end are divided equally among the players
    (RULES §4, interpretation): pool-split items close the last settled hand.
    """
    stake = session.header.stake or 0
    run = Running.start(session.players, stake, session.rules.knobs, session.rules.preset,
                        session.header.carried)
    ledger = Ledger(session, session.rules, stake, totals=run.totals)
    ledger.warnings = list(session.warnings)
    header_ok = not any(d.is_error for d in session.header_diagnostics)
    ledger.hands = list(ledger_hands(session.hands, run, header_ok, session.rules, split_pools))
    ledger.pools = tuple(run.pools.amounts)
    return ledger


@dataclass(slots=True)
class LedgerStream(_Sums):
    """A ledger written as it is settled: ``hands`` yields each hand once; ``totals``,
    ``pools``, ``warnings`` and ``between_players()`` are complete when it is exhausted."""

    session: SessionStream
    rules: RuleSet
    stake: int
    hands: Iterator[LedgerHand]
    run: Running
    warnings: list[Diagnostic]

    @property
    def players(self) -> tuple[str, ...]:
        return self.session.players

    @property
    def totals(self) -> dict[str, int]:
        return self.run.totals

    @property
    def pools(self) -> tuple[int, ...]:
        return tuple(self.run.pools.amounts)

    def between_players(self) -> dict[str, int]:
        """Each player's net from payments between players only, so far."""
        return dict(self.run.between)


def stream_ledger(session: SessionStream, split_pools: bool = False) -> LedgerStream:
    """Settle a session stream hand by hand, keeping only the running state."""
    stake = session.header.stake or 0
    run = Running.start(session.players, stake, session.rules.knobs, session.rules.preset,
                        session.header.carried)
    warnings = [d for d in session.header_diagnostics if not d.is_error and d.severity != "hidden"]
    header_ok = not any(d.is_error for d in session.header_diagnostics)
    seen = _noting_warnings(session.hands, warnings)
    hands = ledger_hands(seen, run, header_ok, session.rules, split_pools)
    return LedgerStream(session, session.rules, stake, hands, run, warnings)


def _noting_warnings(hands: Iterable[CheckedHand], warnings: list[Diagnostic]) -> Iterator[CheckedHand]:
    for hand in hands:
        warnings.extend(d for d in hand.diagnostics if d.severity == "warning")
        yield hand


def check_conservation(settlement: HandSettlement, net: dict[str, int] | None = None) -> None:
    """Players' nets (``net``, when already known) plus the pools' growth must be exactly 0."""
    net = settlement.net if net is None else net
    total = sum(net.values()) + settlement.pool_growth
    if total != 0:
        raise ConservationError(fill(_("hand {hand}: nets {net} and pool growth {growth} do not balance "
                                       "({total})"), hand=settlement.play.number, net=net,
                                     growth=settlement.pool_growth, total=f"{total:+d}"))


def _dealer_of(players: tuple[str, ...], hand: CheckedHand) -> str | None:
    if hand.record is not None and hand.record.dealer.text in players:
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
