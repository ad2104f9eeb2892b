"""``why NAME`` (one name): one player's night, or season — every payment to and from him,
grouped by whom he paid or was paid by (each other player, and the pools), and within each by
what for (the party, A♦ forced, the pool taken…), closing on his net.

"Why did I lose 96?" The answer is a short table: per counterparty, what he paid, what he
received and the net, and under it the kinds that make it up. ``grouped`` is a pure function
over ``(hand, item)`` pairs, so that anything holding ledger items (the session's ledger here,
a league's database rows elsewhere) can ask it.

>>> from reversis_score.settle.items import Item
>>> items = [(1, Item(0, None, "party", None, "Anne", "Bruno", 10, None, "")),
...          (2, Item(0, None, "party", None, "Bruno", "Anne", 4, None, "")),
...          (2, Item(1, None, "pool-ante", None, "Anne", "pool:1", 5, None, ""))]
>>> night = grouped(items, "Anne")
>>> [(g.side, g.paid, g.received) for g in night.groups], night.net
([('Bruno', 10, 4), ('pool', 5, 0)], -11)
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from reversis_score.i18n import _, fill, ngettext
from reversis_score.render.tables import Block
from reversis_score.render.words import human_number, signed
from reversis_score.report.why import POOL, WhyProblem, kind_words, norm_side, side_words
from reversis_score.settle.items import Item


@dataclass(frozen=True, slots=True)
class KindSum:
    """What one kind of payment (``A♦ forced``, ``the party``) came to with one counterparty."""

    kind: str
    card: str | None
    words: str  # the kind in words, as the why table says it
    paid: int
    received: int
    count: int

    @property
    def net(self) -> int:
        return self.received - self.paid


@dataclass(frozen=True, slots=True)
class Counterparty:
    """Everything between the player and one side: another player, or the pools (``pool``)."""

    side: str
    paid: int
    received: int
    kinds: tuple[KindSum, ...]

    @property
    def net(self) -> int:
        return self.received - self.paid


@dataclass(frozen=True, slots=True)
class PlayerNight:
    """One player's payments, grouped; ``net`` is what he won (negative: lost)."""

    player: str
    hand: int | None
    hands: int  # how many hands had a payment of his
    groups: tuple[Counterparty, ...]

    @property
    def paid(self) -> int:
        return sum(g.paid for g in self.groups)

    @property
    def received(self) -> int:
        return sum(g.received for g in self.groups)

    @property
    def net(self) -> int:
        return self.received - self.paid


def grouped(items: Iterable[tuple[int, Item]], player: str, hand: int | None = None,
            hands: int | None = None) -> PlayerNight:
    """Every counted item to or from ``player`` (``(hand number, item)`` pairs, in any order),
    by counterparty (the players by name, then the pools), each by kind in order of size;
    ``hands``: how many hands the items cover (default: those with a payment of his)."""
    sums: dict[str, dict[tuple[str, str | None], list]] = {}
    seen: set[int] = set()
    for number, item in items:
        if not item.counts or player not in (item.payer, item.payee) or item.payer == item.payee:
            continue
        paying = item.payer == player
        side = norm_side(item.payee if paying else item.payer)
        kinds = sums.setdefault(side, {})
        key = (item.kind, item.card if item.kind.startswith(("ace-", "quinola-")) else None)
        row = kinds.setdefault(key, [kind_words(item), 0, 0, 0])
        row[1 if paying else 2] += item.amount
        row[3] += 1
        seen.add(number)
    groups = []
    for side, kinds in sums.items():
        rows = tuple(sorted((KindSum(kind, card, words, paid, got, n)
                             for (kind, card), (words, paid, got, n) in kinds.items()),
                            key=lambda k: (-abs(k.net), k.words)))
        groups.append(Counterparty(side, sum(k.paid for k in rows), sum(k.received for k in rows), rows))
    groups.sort(key=lambda g: (g.side == POOL, g.net, g.side))  # who cost him most first; the pools last
    return PlayerNight(player, hand, len(seen) if hands is None else hands, tuple(groups))


def one_player(ledger, player: str, hand: int | None = None) -> PlayerNight:
    """``grouped`` over a session's settled hands (one hand, or all)."""
    players = ledger.players
    if player not in players:
        from reversis_score.notation.suggest import nearest
        meant = nearest(player, players)
        hint = fill(_("; did you mean {names}?"), names=fill(_("'{name}'"), name=meant)) if meant else ""
        raise WhyProblem(fill(ngettext("{names} is not a player of this session (players: {players}){hints}",
                                       "{names} are not players of this session (players: {players}){hints}",
                                       1), names=fill(_("'{name}'"), name=player),
                              players=" ".join(players), hints=hint))
    numbers = [h.number for h in ledger.settled]
    if hand is not None and hand not in numbers:
        raise WhyProblem(fill(_("no settled hand {hand} (settled hands: {numbers})"), hand=hand,
                              numbers=", ".join(map(str, numbers)) or _("none")))
    items = ((h.number, item) for h in ledger.settled if hand is None or h.number == hand
             for item in h.settlement.items)
    return grouped(items, player, hand, 1 if hand is not None else len(numbers))


# ------------------------------------------------------------------ words, tables, JSON
def net_words(night: PlayerNight) -> str:
    """``Anne lost 96 in 12 hands: she paid 140 and received 44.``"""
    scope = (fill(_(" in hand {hand}"), hand=night.hand) if night.hand is not None
             else fill(ngettext(" in {n} hand", " in {n} hands", night.hands), n=night.hands))
    if night.net > 0:
        head = fill(_("{player} won {amount}"), player=night.player, amount=human_number(night.net))
    elif night.net < 0:
        head = fill(_("{player} lost {amount}"), player=night.player, amount=human_number(-night.net))
    else:
        head = fill(_("{player} came out even"), player=night.player)
    return fill(_("{head}{scope}: paid {paid}, received {received}."), head=head, scope=scope,
                paid=human_number(night.paid), received=human_number(night.received))


def player_blocks(night: PlayerNight) -> list[Block]:
    """A row per counterparty (what was paid, received, the net), each followed by its kinds."""
    rows: list[list] = []
    for g in night.groups:
        rows.append([side_words(g.side), "", g.paid, g.received, signed(g.net)])
        rows += [["", f"{k.words} ×{k.count}", k.paid or "", k.received or "", signed(k.net)]
                 for k in g.kinds]
    title = fill(_("{player}: every payment, by whom and for what"), player=night.player) + (
        fill(_(", hand {hand}"), hand=night.hand) if night.hand is not None else "")
    headers = [_("with"), _("for"), _("paid"), _("received"), _("net")]
    table = Block(title, headers, rows) if rows else Block(title, [], [[_("no payment")]])
    return [table, Block("", [], [[net_words(night)]])]


def player_document(night: PlayerNight) -> dict[str, object]:
    """The answer as JSON-ready data."""
    return {"player": night.player, "hand": night.hand, "hands": night.hands,
            "paid": night.paid, "received": night.received, "net": night.net,
            "by_counterparty": [{"side": g.side, "paid": g.paid, "received": g.received, "net": g.net,
                                 "by_kind": [{"kind": k.kind, "card": k.card, "words": k.words,
                                              "paid": k.paid, "received": k.received, "net": k.net,
                                              "count": k.count} for k in g.kinds]}
                                for g in night.groups],
            "words": net_words(night)}
