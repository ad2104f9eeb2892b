"""``why A B``: every item between two players, in order, with the running sum and the net.

This is the answer to a dispute at the table ("why do I owe Claire 40?"): the payments the
settlement makes between exactly those two players, both directions, hand by hand, each with
its trick, card and rule; optionally what each paid into and took from the pools.

It also holds the small wording helpers that ``audit`` shares: an item's rule (``§5``), its
reason in words, and a side's name (``the pools``).

>>> rule_of("trick 8: Claire pays Bruno 1 (RULES §5)"), side_words("pool:2")
('§5', 'the pools')
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from reversis_score.ledger.build import Ledger, settle_up
from reversis_score.render.tables import Block, card_symbol
from reversis_score.settle.items import Item

POOL = "pool"  # every pool side, once normalised: 'pool' is reserved, so no player has this name
_POOL_SIDE = re.compile(r"^pool(:\d+)?$")
_RULE = re.compile(r"\s*\(RULES (§[^)]*)\)\s*$")
_KIND_RULE = {"pool-ante": "§4", "dealer-ante": "§4", "remise": "§4", "pool-take": "§4",
              "pool-return": "§8", "party": "§6", "pairwise": "§6", "reversis-made": "§8",
              "reversis-broken": "§8", "espagnolette-return": "§9", "fine": "§10",
              "pool-split": "§4"}


class WhyProblem(Exception):
    """A question ``why`` cannot answer: an unknown name or hand (a usage error)."""


# ------------------------------------------------------------------ wording shared with audit
def is_pool(side: str) -> bool:
    """Whether a payer/payee names a pool (``pool``, ``pool:N``) rather than a player."""
    return bool(_POOL_SIDE.match(side))


def norm_side(side: str) -> str:
    """A player's name, or ``pool`` for any pool: tables route pool payments their own way."""
    return POOL if is_pool(side) else side


def side_words(side: str) -> str:
    """A side as said in words: a player's name, or ``the pools``."""
    return "the pools" if is_pool(side) else side


def rule_of(why: str, kind: str | None = None) -> str:
    """The rule a why cites (``§5``, ``§5, §4``), or the kind's usual section."""
    found = _RULE.search(why)
    if found:
        return found.group(1).strip().rstrip(",")
    return _KIND_RULE.get(kind or "", "§5")


def reason_of(item: Item) -> str:
    """An item's why without its rule and without the closing ``: X pays Y N`` already said."""
    text = _RULE.sub("", item.why)
    tail = f": {item.payer} pays {item.payee} {item.amount}"
    return text[: -len(tail)] if text.endswith(tail) else text


def kind_words(item: Item) -> str:
    """``A♦ forced``, ``Quinola led``, ``the party``, ``remise``."""
    if item.kind.startswith(("ace-", "quinola-")) and item.card:
        what = "Quinola" if item.kind.startswith("quinola") else card_symbol(item.card)
        return f"{what} {item.kind.split('-', 1)[1]}"
    return {"party": "the party", "pool-take": "takes the pool"}.get(item.kind, item.kind.replace("-", " "))


# ------------------------------------------------------------------ the answer
@dataclass(frozen=True, slots=True)
class WhyLine:
    """One item between the two, with its effect on the running sum (``a`` owes ``b``)."""

    hand: int
    item: Item
    effect: int  # +amount when a pays b, −amount when b pays a, 0 when cancelled
    running: int


@dataclass(frozen=True, slots=True)
class PoolSummary:
    """What one player paid into the pools and took from them, by kind."""

    player: str
    paid: int
    took: int
    by_kind: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class WhyAnswer:
    """The answer to ``why A B``: the lines between them and, with --pools, the pools."""

    a: str
    b: str
    hand: int | None
    lines: tuple[WhyLine, ...]
    pools: tuple[PoolSummary, ...] | None
    settled_up: int | None = None  # what a pays b in the session's settle-up (None: one hand)

    @property
    def net(self) -> int:
        """What ``a`` owes ``b`` (negative: ``b`` owes ``a``)."""
        return self.lines[-1].running if self.lines else 0


def answer(ledger: Ledger, a: str, b: str, hand: int | None = None,
           pools: bool = False) -> WhyAnswer:
    """Every item between ``a`` and ``b`` (one hand, or all), in order, with the running sum."""
    _check_question(ledger, a, b, hand)
    lines, running = [], 0
    for ledger_hand in _hands(ledger, hand):
        between = [item for item in ledger_hand.settlement.items if {item.payer, item.payee} == {a, b}]
        for item in sorted(between, key=_trick_order):
            effect = 0 if not item.counts else item.amount if item.payer == a else -item.amount
            running += effect
            lines.append(WhyLine(ledger_hand.number, item, effect, running))
    summaries = tuple(_pool_summary(ledger, p, hand) for p in (a, b)) if pools else None
    return WhyAnswer(a, b, hand, tuple(lines), summaries,
                     None if hand is not None else settle_up_between(ledger, a, b))


def _trick_order(item: Item) -> tuple[int, int]:
    """A hand's items by trick (a led card's payment at the trick it was led), then what is
    paid at the end of the hand (the party, the reversis), each in the settlement's order."""
    return (item.trick if item.trick is not None else 99, item.seq)


def settle_up_between(ledger: Ledger, a: str, b: str) -> int:
    """What ``a`` pays ``b`` in the settle-up of ``settle`` (negative: ``b`` pays ``a``; 0: no
    transfer between them)."""
    for payer, payee, amount in settle_up(ledger.between_players()):
        if (payer, payee) == (a, b):
            return amount
        if (payer, payee) == (b, a):
            return -amount
    return 0


def _check_question(ledger: Ledger, a: str, b: str, hand: int | None) -> None:
    players = ledger.players
    unknown = [n for n in (a, b) if n not in players]
    if unknown:
        from reversis_score.notation.suggest import nearest
        names = " and ".join(f"'{n}'" for n in unknown)
        meant = [m for m in (nearest(n, players) for n in unknown) if m is not None]
        quoted = " and ".join(f"'{m}'" for m in meant)
        hints = f"; did you mean {quoted}?" if meant else ""
        raise WhyProblem(f"{names} {'is not a player' if len(unknown) == 1 else 'are not players'} "
                         f"of this session (players: {' '.join(players)}){hints}")
    if a == b:
        raise WhyProblem(f"name two different players (players: {' '.join(players)})")
    if hand is not None and hand not in [h.number for h in ledger.settled]:
        numbers = ", ".join(str(h.number) for h in ledger.settled) or "none"
        raise WhyProblem(f"no settled hand {hand} (settled hands: {numbers})")


def _hands(ledger: Ledger, hand: int | None):
    return [h for h in ledger.settled if hand is None or h.number == hand]


def _pool_summary(ledger: Ledger, player: str, hand: int | None) -> PoolSummary:
    paid = took = 0
    by_kind: dict[str, int] = {}
    for ledger_hand in _hands(ledger, hand):
        for item in ledger_hand.settlement.items:
            if not item.counts or player not in (item.payer, item.payee):
                continue
            if is_pool(item.payee):
                paid += item.amount
                by_kind[item.kind] = by_kind.get(item.kind, 0) + item.amount
            elif is_pool(item.payer):
                took += item.amount
    return PoolSummary(player, paid, took, by_kind)


# ------------------------------------------------------------------ words, tables, JSON
def closing_words(ans: WhyAnswer) -> str:
    """``Anne owes Claire 40: 3 payments from Anne to Claire (52), 2 payments from Claire to Anne (12).``"""
    out = [line for line in ans.lines if line.effect > 0]
    back = [line for line in ans.lines if line.effect < 0]
    scope = f" in hand {ans.hand}" if ans.hand is not None else ""
    parts = [f"{_count(lines)} from {payer} to {payee} ({abs(sum(x.effect for x in lines))})"
             for lines, payer, payee in ((out, ans.a, ans.b), (back, ans.b, ans.a)) if lines]
    detail = ", ".join(parts) or "no payment between them"
    if ans.net > 0:
        head = f"{ans.a} owes {ans.b} {ans.net}{scope}"
    elif ans.net < 0:
        head = f"{ans.b} owes {ans.a} {-ans.net}{scope}"
    else:
        head = f"{ans.a} and {ans.b} are even{scope}"
    return f"{head}: {detail}."


def settle_up_words(ans: WhyAnswer) -> str | None:
    """What the settle-up asks of the two, and why it may differ from their net: it nets every
    player against all the others at once. None for one hand (the settle-up is the session's)."""
    given = ans.settled_up
    if given is None:
        return None
    payer, payee = (ans.a, ans.b) if given > 0 else (ans.b, ans.a)
    if given == ans.net:
        return (f"The settle-up of `settle` asks the same: {payer} pays {payee} {abs(given)}."
                if given else "The settle-up of `settle` has no transfer between them either.")
    nets = "it nets what each player owes all the others into the fewest transfers, so"
    if given:
        head = (f"In the settle-up of `settle`, {payer} pays {payee} {abs(given)} instead: {nets} "
                "one transfer also carries fish owed to or by the other players.")
    else:
        head = (f"The settle-up of `settle` has no transfer between {ans.a} and {ans.b}: {nets} "
                f"the {abs(ans.net)} is settled within the transfers with the other players.")
    return head + " Each player's total is the same either way."


def _count(lines) -> str:
    return f"{len(lines)} payment{'s' * (len(lines) != 1)}"


def why_blocks(ans: WhyAnswer) -> list[Block]:
    """The items table, the closing net, and (with --pools) the pools block."""
    title = f"Between {ans.a} and {ans.b}" + (f", hand {ans.hand}" if ans.hand is not None else "")
    rows = [[line.hand, line.item.trick or "", card_symbol(line.item.card), kind_words(line.item),
             rule_of(line.item.why, line.item.kind), f"{line.item.payer} → {line.item.payee}",
             line.item.amount, _running(line, ans.a, ans.b)] for line in ans.lines]
    headers = ["hand", "trick", "card", "what", "rule", "payment", "amount", "running"]
    blocks = [Block(title, headers, rows) if rows else
              Block(title, [], [["no payment between them"]])]
    notes = [[closing_words(ans)]]
    route = settle_up_words(ans)
    if route:
        notes.append([route])
    if any(line.effect == 0 for line in ans.lines):
        notes.append(["items marked 'cancelled' were written and returned: they count in no sum "
                      "(RULES §8, §13 rules 8–9)"])
    blocks.append(Block("", [], notes))
    if ans.pools is not None:
        blocks.append(pools_block(ans.pools))
    return blocks


def _running(line: WhyLine, a: str, b: str) -> str:
    """Who owes the other what so far: ``Anne owes 30``, ``Claire owes 16``, ``even``."""
    n = line.running
    text = f"{a} owes {n}" if n > 0 else f"{b} owes {-n}" if n < 0 else "even"
    return f"{text} (cancelled: {line.item.cancelled_by})" if line.effect == 0 else text


def pools_block(pools: tuple[PoolSummary, ...]) -> Block:
    """What each of the two paid into and took from the pools, and as what."""
    rows = [[s.player, s.paid, s.took, f"{s.paid - s.took:+d}" if s.paid != s.took else "0",
             ", ".join(f"{k} {n}" for k, n in s.by_kind.items()) or "—"] for s in pools]
    return Block("The pools", ["player", "paid into the pools", "took from the pools",
                               "net into the pools", "paid as"], rows)


def why_document(ans: WhyAnswer) -> dict[str, object]:
    """The answer as JSON-ready data: items with their effect and running sum, the net."""
    doc: dict[str, object] = {"players": [ans.a, ans.b], "hand": ans.hand,
           "items": [{"hand": line.hand, "seq": line.item.seq, "trick": line.item.trick,
                      "kind": line.item.kind, "card": line.item.card, "payer": line.item.payer,
                      "payee": line.item.payee, "amount": line.item.amount,
                      "cancelled_by": line.item.cancelled_by,
                      "rule": rule_of(line.item.why, line.item.kind), "why": line.item.why,
                      "effect": line.effect, "running": line.running} for line in ans.lines],
           "net": ans.net, "words": closing_words(ans)}
    if ans.settled_up is not None:
        doc["settle_up"] = {"a_pays_b": ans.settled_up, "words": settle_up_words(ans)}
    if ans.pools is not None:
        doc["pools"] = [{"player": s.player, "paid": s.paid, "took": s.took, "by_kind": s.by_kind}
                        for s in ans.pools]
    return doc
