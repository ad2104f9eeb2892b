"""Settlement items — one payment each, with its why — and the book a hand writes them into."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from reversis_score.i18n import _, number
from reversis_score.notation.cards import Card
from reversis_score.replay.play import Play
from reversis_score.rules.knobs import Knobs
from reversis_score.settle.pools import PoolTable, shown


def fill(template: str, **values: object) -> str:
    """Put values into a why's ``{name}`` slots (not str.format: names may hold braces)."""
    for key, value in values.items():
        template = template.replace("{" + key + "}", str(value))
    return template


_new = tuple.__new__


class Item(NamedTuple):
    """One payment: who pays whom, how much, at which trick, for what, and why.

    A named tuple, not a frozen dataclass: a hand writes about nine, and a tuple is made in C
    where a frozen dataclass sets each of its nine fields through ``object.__setattr__``
    (a sixth of a hand's settlement). Same fields, repr, equality and hash between items.
    """

    seq: int
    trick: int | None
    kind: str
    card: str | None
    payer: str
    payee: str
    amount: int
    cancelled_by: str | None
    why: str

    @property
    def counts(self) -> bool:
        """Whether the item counts in the sums (it is not cancelled)."""
        return self.cancelled_by is None


# What a player with ten cards is still paid: "mais s'il rompt un reversis, il en sera payé;
# & s'il force le quinola, il en sera payé" (manuscrit).
TEN_CARDS_PAID = frozenset(("reversis-broken", "quinola-forced"))


def ten_cards_lapse(play: Play, kind: str, payee: str) -> bool:
    """Whether a payment to ``payee`` lapses because he discarded two cards and plays with ten:
    "il n'a droit à aucun payement quelconque", save for a broken reversis or a forced Quinola."""
    return payee in play.ten_cards and kind not in TEN_CARDS_PAID


@dataclass
class HandBook:
    """Everything one hand's settlement writes: items in time order and the pools as they move.

    ``cancelling`` marks every item written while it is set (the reversis's tricks 1–9).
    """

    play: Play
    knobs: Knobs
    pools: PoolTable
    items: list[Item] = field(default_factory=list)
    cancelling: str | None = None
    revokers: frozenset[str] = frozenset()
    unpaid: frozenset[str] = frozenset()  # paid nothing this hand: every item to them is "barred"

    def multiplier(self, payer: str, payee: str, trick: int | None) -> tuple[int, list[str]]:
        """Side-payment multiplier between two players in a trick, and the reasons, e.g. ['×2 opposite']."""
        factor = 1
        notes: list[str] = []
        if self.knobs.opposite_doubles_side and self.play.opposite(payer, payee):
            factor, notes = factor * 2, notes + [_("×2 opposite")]
        if trick is not None and trick in self.knobs.double_tricks:
            factor, notes = factor * 2, notes + [fill(_("×2 in trick {trick}"), trick=trick)]
        return factor, notes

    def pay(self, kind: str, payer: str, payee: str, amount: int, why: str,
            trick: int | None = None, card: Card | None = None,
            cancelled_by: str | None = None) -> Item | None:
        """Write one item (nothing for an amount of 0). Payments to a revoker lapse (§13 rule 8)."""
        if amount <= 0:
            return None
        cancelled = self.cancelling or cancelled_by
        if cancelled is None and payee in self.revokers:
            cancelled = "revoke"
        elif cancelled is None and payee in self.unpaid:
            cancelled = "barred"
        if cancelled is None and self.play.ten_cards and ten_cards_lapse(self.play, kind, payee):
            cancelled = "barred"
            why += _("; {payee} discarded two cards and plays with ten, and is paid nothing but for "
                     "breaking a reversis or forcing Quinola (RULES §10)").format(payee=payee)
        item = _new(Item, (len(self.items) + 1, trick, kind, str(card) if card else None, payer, payee,
                           amount, cancelled, why))  # Item(...), made in C: every item of every hand
        self.items.append(item)
        return item

    # ---------------------------------------------------------------- the pools
    def into_latest_pool(self, kind: str, payer: str, amount: int, why: str,
                         trick: int | None = None) -> Item | None:
        """A payment into the latest pool (forming one if none stands)."""
        if amount <= 0 or self.pools.mode == "none":
            return None
        index = self.pools.pay_latest(amount)
        return self.pay(kind, payer, PoolTable.name(index), amount,
                        fill(why, pool=shown(PoolTable.name(index))), trick)

    def remise(self, payer: str, why: str, trick: int | None = None,
               card: Card | None = None) -> Item | None:
        """``payer`` pays a remise: it doubles the latest pool or forms a new one (§4, rule 2)."""
        if self.pools.mode == "none":
            return None
        doubles = self.pools.doubling and self.pools.stands or self.pools.mode == "single"
        index, amount = self.pools.remise()
        how = _("doubling") if doubles else _("forming")
        text = fill(why, amount=number(amount), pool=shown(PoolTable.name(index)), how=how)
        return self.pay("remise", payer, PoolTable.name(index), amount, text, trick, card)

    def take_pool(self, taker: str, why: str, trick: int | None, card: Card | None,
                  blocked: str | None = None) -> Item | None:
        """``taker`` takes the latest pool; a blocked taker's item is kept but the pool stays."""
        if not self.pools.stands:
            return None
        index = self.pools.latest
        amount = self.pools.amounts[index]
        # Under the reversis the take happens and is undone later by ``restore``.
        blocked = blocked or ("revoke" if taker in self.revokers else
                              "barred" if taker in self.unpaid or taker in self.play.ten_cards else None)
        if blocked is None:
            self.pools.take_latest()
        text = fill(why, amount=number(amount), pool=shown(PoolTable.name(index)))
        return self.pay("pool-take", PoolTable.name(index), taker, amount, text, trick, card, blocked)

    def restore(self, snapshot: PoolTable) -> None:
        """Put the pools back as they were (the reversis returns tricks 1–9's movements)."""
        self.pools.amounts[:] = snapshot.amounts
        self.pools.doubling = snapshot.doubling
        self.pools.last_taken = snapshot.last_taken
