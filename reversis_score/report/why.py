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

from reversis_score.i18n import N_, _, fill, ngettext
from reversis_score.ledger.build import Ledger, settle_up
from reversis_score.render.tables import Block, basket_of, card_symbol
from reversis_score.render.words import cancelled_name, human_number, kind_name, side_name, signed
from reversis_score.settle.items import Item
from reversis_score.settle.pools import one_basket

POOL = "pool"  # every pool side, once normalised: 'pool' is reserved, so no player has this name
_POOL_SIDE = re.compile(r"^pool(:\d+)?$")
_RULE = re.compile(r"\s*\((?:RULES|RÈGLES) (§[^)]*)\)\s*$")  # a why in English or in French
_KIND_RULE = {"pool-ante": "§4", "dealer-ante": "§4", "remise": "§4", "pool-take": "§4",
              "pool-return": "§8", "party": "§6", "pairwise": "§6", "reversis-made": "§8",
              "reversis-broken": "§8", "espagnolette-return": "§9", "fine": "§10",
              "pool-split": "§4"}
# A kind in the words of the why table's "what" column (the Aces and Quinola aside).
_KIND_WORDS = {"party": N_("the party"), "pool-take": N_("takes the pool"), "pool-ante": N_("pool ante"),
               "dealer-ante": N_("dealer ante"), "remise": N_("remise"), "pool-return": N_("pool return"),
               "pool-split": N_("pool split"), "pairwise": N_("pairwise"),
               "reversis-made": N_("reversis made"),
               "reversis-broken": N_("reversis broken"), "espagnolette-return": N_("espagnolette return"),
               "fine": N_("fine")}
_CARD_WORDS = {"dumped": N_("{card} dumped"), "forced": N_("{card} forced"), "led": N_("{card} led")}
_QUINOLA_WORDS = {"dumped": N_("Quinola dumped"), "forced": N_("Quinola forced"), "led": N_("Quinola led")}


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
    return _("the pools") if is_pool(side) else side


def rule_of(why: str, kind: str | None = None) -> str:
    """The rule a why cites (``§5``, ``§5, §4``), or the kind's usual section."""
    found = _RULE.search(why)
    if found:
        return found.group(1).strip().rstrip(",")
    return _KIND_RULE.get(kind or "", "§5")


def reason_of(item: Item) -> str:
    """An item's why without its rule and without the closing ``: X pays Y N`` already said."""
    text = _RULE.sub("", item.why)
    tail = fill(_(": {payer} pays {payee} {amount}"), payer=item.payer, payee=item.payee, amount=item.amount)
    return text[: -len(tail)] if text.endswith(tail) else text


def kind_words(item: Item) -> str:
    """``A♦ forced``, ``Quinola led``, ``the party``, ``remise``."""
    how = item.kind.split("-", 1)[-1]
    if item.kind.startswith(("ace-", "quinola-")) and item.card and how in _CARD_WORDS:
        if item.kind.startswith("quinola"):
            return _(_QUINOLA_WORDS[how])
        return fill(_(_CARD_WORDS[how]), card=card_symbol(item.card))
    if item.kind in _KIND_WORDS:
        return _(_KIND_WORDS[item.kind])
    return item.kind.replace("-", " ")


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
    basket: str | None = None  # the one basket's French word (settle/pools.py), None for pools

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
                     None if hand is not None else settle_up_between(ledger, a, b), basket_of(ledger))


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
        names = _names(unknown)
        meant = [m for m in (nearest(n, players) for n in unknown) if m is not None]
        hints = fill(_("; did you mean {names}?"), names=_names(meant)) if meant else ""
        said = ngettext("{names} is not a player of this session (players: {players}){hints}",
                        "{names} are not players of this session (players: {players}){hints}", len(unknown))
        raise WhyProblem(fill(said, names=names, players=" ".join(players), hints=hints))
    if a == b:
        raise WhyProblem(fill(_("name two different players (players: {players})"),
                              players=" ".join(players)))
    if hand is not None and hand not in [h.number for h in ledger.settled]:
        numbers = ", ".join(str(h.number) for h in ledger.settled) or _("none")
        raise WhyProblem(fill(_("no settled hand {hand} (settled hands: {numbers})"), hand=hand,
                              numbers=numbers))


def _names(names: list[str]) -> str:
    """``'Zoe'`` or ``'Zoe' and 'Bob'`` (French: « Zoe » et « Bob »)."""
    return _(" and ").join(fill(_("'{name}'"), name=n) for n in names)


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
    scope = fill(_(" in hand {hand}"), hand=ans.hand) if ans.hand is not None else ""
    parts = [fill(_("{payments} from {payer} to {payee} ({amount})"), payments=_count(lines), payer=payer,
                  payee=payee, amount=human_number(abs(sum(x.effect for x in lines))))
             for lines, payer, payee in ((out, ans.a, ans.b), (back, ans.b, ans.a)) if lines]
    detail = ", ".join(parts) or _("no payment between them")
    if ans.net > 0:
        head = fill(_("{a} owes {b} {amount}"), a=ans.a, b=ans.b, amount=human_number(ans.net)) + scope
    elif ans.net < 0:
        head = fill(_("{a} owes {b} {amount}"), a=ans.b, b=ans.a, amount=human_number(-ans.net)) + scope
    else:
        head = fill(_("{a} and {b} are even"), a=ans.a, b=ans.b) + scope
    return fill(_("{head}: {detail}."), head=head, detail=detail)


def settle_up_words(ans: WhyAnswer) -> str | None:
    """What the settle-up asks of the two, and why it may differ from their net: it nets every
    player against all the others at once. None for one hand (the settle-up is the session's)."""
    given = ans.settled_up
    if given is None:
        return None
    payer, payee = (ans.a, ans.b) if given > 0 else (ans.b, ans.a)
    given_text = human_number(abs(given))
    if given == ans.net:
        return (fill(_("The settle-up of `settle` asks the same: {payer} pays {payee} {amount}."),
                     payer=payer, payee=payee, amount=given_text)
                if given else _("The settle-up of `settle` has no transfer between them either."))
    if given:
        head = fill(_("In the settle-up of `settle`, {payer} pays {payee} {amount} instead: it nets what "
                      "each player owes all the others into the fewest transfers, so one transfer also "
                      "carries fish owed to or by the other players."),
                    payer=payer, payee=payee, amount=given_text)
    else:
        head = fill(_("The settle-up of `settle` has no transfer between {a} and {b}: it nets what each "
                      "player owes all the others into the fewest transfers, so the {amount} is settled "
                      "within the transfers with the other players."),
                    a=ans.a, b=ans.b, amount=human_number(abs(ans.net)))
    return head + _(" Each player's total is the same either way.")


def _count(lines) -> str:
    return ngettext("{n} payment", "{n} payments", len(lines)).format(n=human_number(len(lines)))


def why_blocks(ans: WhyAnswer) -> list[Block]:
    """The items table, the closing net, and (with --pools) the pools block."""
    title = fill(_("Between {a} and {b}"), a=ans.a, b=ans.b) + (
        fill(_(", hand {hand}"), hand=ans.hand) if ans.hand is not None else "")
    rows = [[line.hand, line.item.trick or "", card_symbol(line.item.card), kind_words(line.item),
             rule_of(line.item.why, line.item.kind),
             f"{side_name(line.item.payer)} → {side_name(line.item.payee)}",
             line.item.amount, _running(line, ans.a, ans.b)] for line in ans.lines]
    headers = [_("hand"), _("trick"), _("card"), _("what"), _("rule"), _("payment"), _("amount"),
               _("running")]
    blocks = [Block(title, headers, rows) if rows else
              Block(title, [], [[_("no payment between them")]])]
    notes = [[closing_words(ans)]]
    route = settle_up_words(ans)
    if route:
        notes.append([route])
    if any(line.effect == 0 for line in ans.lines):
        notes.append([_("items marked 'cancelled' were written and returned: they count in no sum "
                        "(RULES §8, §13 rules 8–9)")])
    blocks.append(Block("", [], notes))
    if ans.pools is not None:
        blocks.append(pools_block(ans.pools, ans.basket))
    return blocks


def _running(line: WhyLine, a: str, b: str) -> str:
    """Who owes the other what so far: ``Anne owes 30``, ``Claire owes 16``, ``even``."""
    n = line.running
    owes = _("{player} owes {amount}")
    text = (fill(owes, player=a, amount=human_number(n)) if n > 0
            else fill(owes, player=b, amount=human_number(-n)) if n < 0 else _("even"))
    if line.effect != 0:
        return text
    return fill(_("{running} (cancelled: {cause})"), running=text,
                cause=cancelled_name(line.item.cancelled_by))


def pools_block(pools: tuple[PoolSummary, ...], basket: str | None = None) -> Block:
    """What each of the two paid into and took from the pools, and as what (of a game with
    one basket, its French word: settle/pools.py)."""
    rows = [[s.player, s.paid, s.took, signed(s.paid - s.took),
             one_basket(", ".join(f"{kind_name(k)} {human_number(n)}" for k, n in s.by_kind.items()) or "—",
                        basket)]
            for s in pools]
    headings = (_("player"), _("paid into the pools"), _("took from the pools"), _("net into the pools"),
                _("paid as"))
    return Block(one_basket(_("The pools"), basket), [one_basket(h, basket) for h in headings], rows)


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
