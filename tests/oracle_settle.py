"""The oracle's settlement of one hand (docs/rules.md §4–§10), from what tests/oracle.py read of
the record: the dealer, the tricks, each player's cards after the exchange, the talon, the bars
and the laws. Standard library only; it never imports the package.
"""
from __future__ import annotations

from typing import NamedTuple

POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
QUINOLA = "JH"
PAID_WITH_TEN = ("reversis-broken", "quinola-forced")  # §10: all a ten-card player is paid


class Item(NamedTuple):
    kind: str
    payer: str
    payee: str
    amount: int
    trick: int | None
    cancelled_by: str | None


def suit(c: str) -> str:
    return c[-1]


class Table:
    """The pools on the table (§4, §13 rules 2, 3, 7). Lives across hands."""

    def __init__(self, mode: str):
        self.mode = mode
        self.pools: list[int] = [0] if mode == "single" else []
        self.remised = False  # a remise paid since the table last formed a pool from antes
        self.last_taken = 0  # the pool most recently taken (rule 3)

    def snapshot(self) -> tuple:
        return list(self.pools), self.remised, self.last_taken

    def restore(self, state: tuple) -> None:
        pools, self.remised, self.last_taken = state
        self.pools = list(pools)

    def standing(self) -> bool:
        return any(self.pools)

    def put(self, amount: int, new: bool = False) -> str:
        """Pay into the latest pool (a new one when ``new`` or none stands); the pool's name."""
        if self.mode == "single":
            self.pools[0] += amount
        elif new or not self.pools:
            self.pools.append(amount)
        else:
            self.pools[-1] += amount
        return f"pool:{len(self.pools)}"


class Book:
    """One hand's items, and who may not be paid in it (§7, §10)."""

    def __init__(self, k: dict, players: list[str], table: Table, hand: dict):
        self.k, self.players, self.table = k, players, table
        self.items: list[Item] = []
        self.cancelling: str | None = None  # "reversis" while tricks 1-9 of a reversis are written
        irregular = hand["irregular"]
        self.revokers = {p for kind, p in irregular if kind == "revoke"}
        self.barred = set(hand["barred"])
        self.unpaid = set(hand["takers"]) if k["taker_paid"] == "nothing" else set()
        self.ten = set(hand["ten_cards"])

    def opposite(self, a: str, b: str) -> bool:
        return (self.players.index(a) - self.players.index(b)) % 4 == 2

    def mult(self, a: str, b: str, t: int | None) -> int:
        m = 2 if self.k["opposite_doubles_side"] and self.opposite(a, b) else 1
        return m * (2 if t in self.k["double_tricks"] else 1)

    def pay(self, kind: str, payer: str, payee: str, amount: int, trick: int | None = None,
            cancelled: str | None = None) -> int:
        """Write one item; what it counts (0 when cancelled)."""
        assert payer != payee, (kind, payer)
        if amount <= 0:
            return 0
        why = self.cancelling or cancelled
        if why is None and payee in self.revokers:
            why = "revoke"  # §10: the revoker receives nothing this hand
        elif why is None and payee in self.unpaid:
            why = "barred"  # §10, taker_paid: nothing
        if why is None and payee in self.ten and kind not in PAID_WITH_TEN:
            why = "barred"  # §10: ten cards
        self.items.append(Item(kind, payer, payee, amount, trick, why))
        return 0 if why else amount

    def into_pool(self, kind: str, payer: str, amount: int, trick: int | None = None,
                  new: bool = False) -> None:
        if self.k["pools"] == "none" or amount <= 0:
            return
        self.pay(kind, payer, self.table.put(amount, new), amount, trick)

    def remise(self, payer: str, trick: int | None = None) -> None:
        """A remise: the latest pool's amount, doubling it or forming a new pool (§4 rule 2)."""
        t = self.table
        if t.mode == "none":
            return
        amount = t.pools[-1] if t.standing() else t.last_taken
        if amount > 0:
            self.into_pool("remise", payer, amount, trick, new=t.mode == "multiple" and t.remised)
        t.remised = True

    def take(self, taker: str, trick: int | None, blocked: str | None = None) -> int:
        """The latest pool to ``taker``; a blocked taker's item is kept and the pool stays."""
        t = self.table
        if not t.standing():
            return 0
        blocked = blocked or ("revoke" if taker in self.revokers else
                              "barred" if taker in self.unpaid | self.ten else None)
        index = len(t.pools) - 1
        amount = t.pools[index]
        if blocked is None:
            if t.mode == "single":
                t.pools[0] = 0
            else:
                t.pools.pop()
            t.last_taken = amount
        return self.pay("pool-take", f"pool:{index + 1}", taker, amount, trick, blocked)


# ---------------------------------------------------------------- the play
def replay(k: dict, players: list[str], hand: dict, esp_rights: set[str]):
    """Tricks -> [(t, leader, [(player, card)], winner)] and who revoked under the espagnolette's
    right; checks the leaders and suit-following (an unacknowledged revoke is an error).

    A ten-card player sits out trick 11; should he win trick 10, the next player in order of
    play leads it. A trick gathered by another than its winner counts for the gatherer (§10)."""
    seat = {p: i for i, p in enumerate(players)}
    order = "AKQJT98765432" if k["deck"] == 52 else "AKQJ98765432"
    remaining = {p: set(hand["held"][p]) for p in players}
    revokers = {p for kind, p in hand["irregular"] if kind == "revoke"}
    ten = hand["ten_cards"]
    leader = players[(seat[hand["dealer"]] + 1) % 4]
    tricks, revoked = [], set()
    assert len(hand["tricks"]) == 11, "11 tricks"
    for t, tr in enumerate(hand["tricks"], 1):
        seated = [players[(seat[leader] + j) % 4] for j in range(4)]
        if t == 11:
            seated = [p for p in seated if p not in ten]
            leader = seated[0]
        if tr["leader"] != leader:
            raise ValueError(f"trick {t}: {leader} should lead, not {tr['leader']}")
        plays = list(zip(seated, tr["cards"], strict=True))
        led = suit(plays[0][1])
        for p, c in plays:
            if c not in remaining[p]:
                raise ValueError(f"trick {t}: {p} plays {c}, not in his hand")
            remaining[p].discard(c)
            if suit(c) != led and any(suit(x) == led for x in remaining[p]):
                if p in esp_rights and t <= 9:
                    revoked.add(p)
                elif p not in revokers:
                    raise ValueError(f"trick {t}: unacknowledged revoke by {p}")
        winner = min((order.index(c[0]), p) for p, c in plays if suit(c) == led)[1]
        if tr["gatherer"]:
            winner = tr["gatherer"]
        tricks.append((t, leader, plays, winner))
        leader = winner
    return tricks, revoked


def qualifies(cards: set[str]) -> bool:
    """§9: all four Aces, or Quinola and three Aces, after the exchange."""
    aces = sum(1 for c in cards if c[0] == "A")
    return aces == 4 or (aces >= 3 and QUINOLA in cards)


# ---------------------------------------------------------------- side payments
def side_payments(book: Book, tricks, esp: str | None, led_cards: list, receipts: dict) -> None:
    """§5, trick by trick: placed and forced cards now, led ones kept for the party winner.
    ``receipts`` collects what the espagnolette player received (for §9's returns)."""
    k = book.k
    for t, leader, plays, w in tricks:
        led = suit(plays[0][1])
        for h, c in plays:
            if c[0] != "A" and c != QUINOLA:
                continue
            if h == w and suit(c) != led:
                continue  # placed on a trick he gathers himself: placed on nobody (§10)
            if h == leader:
                led_cards.append((t, h, c))
                if c == QUINOLA and k["quinola_led_remise"]:
                    book.remise(h, t)
            elif c == QUINOLA and suit(c) == led:
                forced_quinola(book, t, h, leader, remise=True)
            elif c == QUINOLA:
                barred = "barred" if h in book.barred else None
                got = book.pay("quinola-dumped", w, h, k["quinola_dumped"] * book.mult(w, h, t), t, barred)
                pool = book.take(h, t, barred) if (t < 10 or k["quinola_pool_in_last_tricks"]) else 0
                if h == esp:
                    receipts["dumps"].append((w, got, t))
                    receipts["pool"] = pool
            else:
                base = k["diamond_ace_factor"] if c == "AD" else 1
                if suit(c) == led:
                    amount = base * k["ace_forced"] * book.mult(h, leader, t)
                    got = book.pay("ace-forced", h, leader, amount, t)
                    if leader == esp:
                        receipts["aces"].append((h, got, t))
                else:
                    got = book.pay("ace-dumped", w, h, base * k["ace_dumped"] * book.mult(w, h, t), t)
                    if h == esp:
                        receipts["dumps"].append((w, got, t))
                        receipts["aces"].append((w, got, t))


def forced_quinola(book: Book, t: int, holder: str, leader: str, remise: bool) -> None:
    """§5: Quinola forced: the holder pays the leader, the two others pay him too; a remise."""
    k = book.k
    barred = "barred" if leader in book.barred else None
    book.pay("quinola-forced", holder, leader, k["quinola_forced"] * book.mult(holder, leader, t), t, barred)
    for o in book.players:
        if o not in (holder, leader):
            book.pay("quinola-forced", o, leader, k["quinola_forced_others"] * book.mult(o, leader, t), t,
                     barred)
    if remise:
        book.remise(holder, t)
