"""``audit``: what was paid at the table (``table:`` lines) against the settlement.

Tables route payments their own way: one player pays the pool for another and is repaid,
two payments go as one, a debt is netted. So the verdict compares each player's net and the
pools' growth, never line by line. Only where they differ are the lines matched to the items
(same payer and payee, a line covering one or more items, all pools counted as one side), and
the leftovers — missing, unexpected, wrong amount — are put in words with their rule. Leftovers
whose effects cancel out are differences of routing, not of money, and are set aside.

>>> flow_words("Anne", "pool", 5), owed_words("pool", "Bruno", 80)
('Anne paid 5 into the pools', 'Bruno should have taken 80 from the pools')
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations

from reversis_score.i18n import N_, _, fill, ngettext
from reversis_score.ledger.build import Ledger, SettledHand, settle_up
from reversis_score.notation.records import TableLine
from reversis_score.render.tables import Block, rules_line, session_title
from reversis_score.render.words import human_number, signed
from reversis_score.report.why import POOL, norm_side, reason_of, rule_of
from reversis_score.rules.knobs import Knobs
from reversis_score.settle.hand import HandSettlement
from reversis_score.settle.items import Item

MAX_SUBSET = 14  # beyond this many items or findings, exact subset search is skipped (2^14 is cheap)
_CANCELLED = {"reversis": N_("the reversis returns every payment of tricks 1–9 (RULES §8)"),
              "revoke": N_("nothing is paid to a revoker (RULES §10, §13 rule 8)"),
              "barred": N_("a barred player, or one playing with ten cards, receives nothing "
                           "(RULES §7, §10, §13 rule 9)")}
# The notes of a why that say a payment was doubled (its English or its French).
_DOUBLED = re.compile(r"×2 (?:opposite|in trick \d+|vis-à-vis|à la levée \d+)")


@dataclass(frozen=True, slots=True)
class Finding:
    """One difference between the table and the settlement, between two sides."""

    kind: str  # missing | unexpected | wrong-amount
    payer: str
    payee: str
    paid: int  # at the table, payer to payee
    due: int  # by the settlement, payer to payee
    items: tuple[Item, ...]
    lines: tuple[TableLine, ...]
    words: str

    def effect(self) -> dict[str, int]:
        """The table minus the settlement, for each of the two sides."""
        extra = self.paid - self.due
        return {self.payer: -extra, self.payee: extra}


@dataclass(frozen=True, slots=True)
class HandAudit:
    """One hand with ``table:`` lines: nets paid and due, and what explains any difference."""

    number: int
    lines: tuple[TableLine, ...]
    paid: dict[str, int]  # each player's net at the table, and ``pool``: the pools' growth
    due: dict[str, int]  # the same by the settlement
    findings: tuple[Finding, ...]  # what explains the difference
    routed: tuple[Finding, ...]  # differences of routing that cancel out

    @property
    def matches(self) -> bool:
        """Whether every player's net and the pools' growth are what the settlement says."""
        return self.paid == self.due


@dataclass(slots=True)
class Audit:
    """A session's audit: one entry per hand with table lines, and the corrections."""

    ledger: Ledger
    hands: list[HandAudit] = field(default_factory=list)
    unaudited: list[int] = field(default_factory=list)

    @property
    def agrees(self) -> bool:
        """Whether every audited hand matches (vacuously true with no table lines)."""
        return all(h.matches for h in self.hands)

    def owed(self) -> dict[str, int]:
        """What each side must still receive (+) or pay (−) for the table to match the settlement."""
        tally = AuditTally.start(self.ledger.players)
        for hand in self.hands:
            tally.add(hand)
        return tally.owed

    def corrections(self) -> list[tuple[str, str, int]]:
        """The fewest transfers that put everyone where the settlement says (pools included)."""
        return settle_up(self.owed())


@dataclass(slots=True)
class AuditTally:
    """What a session's audit block says, kept hand by hand: which hands were audited, whether
    all matched, and what each side is owed (a stream's audit holds no hand)."""

    numbers: list[int]
    owed: dict[str, int]
    agrees: bool = True

    @classmethod
    def start(cls, players: tuple[str, ...]) -> AuditTally:
        return cls([], {side: 0 for side in (*players, POOL)})

    def add(self, hand: HandAudit) -> None:
        """One more audited hand."""
        self.numbers.append(hand.number)
        self.agrees = self.agrees and hand.matches
        for side in self.owed:
            self.owed[side] += hand.due[side] - hand.paid[side]


# ------------------------------------------------------------------ the comparison
def audit_ledger(ledger: Ledger) -> Audit:
    """Audit every settled hand that has ``table:`` lines."""
    tables = {h.number: h.record.table for h in ledger.session.hands if h.record is not None}
    result = Audit(ledger)
    for hand in ledger.settled:
        table = tables.get(hand.number)
        if table is None:
            result.unaudited.append(hand.number)
        else:
            result.hands.append(audit_hand(hand, table, ledger.rules.knobs))
    return result


def audit_hand(hand: SettledHand, table: tuple[TableLine, ...], knobs: Knobs) -> HandAudit:
    """Compare one hand's table lines with its settlement."""
    s = hand.settlement
    items = [i for i in s.items if i.counts and norm_side(i.payer) != norm_side(i.payee)]
    lines = [t for t in table if norm_side(t.payer) != norm_side(t.payee)]  # pool to pool: no money moves
    paid, due = _nets(lines, s.play.players), _nets(items, s.play.players)
    findings: list[Finding] = []
    for pair in _pairs(items, lines):
        findings += _pair_findings(hand.number, pair, items, lines, s, knobs)
    if paid == due:
        return HandAudit(hand.number, table, paid, due, (), tuple(findings))
    difference = {side: paid[side] - due[side] for side in paid if paid[side] != due[side]}
    explaining, routed = _explaining(findings, difference)
    return HandAudit(hand.number, table, paid, due, tuple(explaining), tuple(routed))


def _nets(flows, players) -> dict[str, int]:
    net = {p: 0 for p in (*players, POOL)}
    for flow in flows:
        net[norm_side(flow.payer)] -= flow.amount
        net[norm_side(flow.payee)] += flow.amount
    return net


def _pairs(items, lines) -> list[tuple[str, str]]:
    """Every pair of sides that items or lines join, each pair once, in a fixed order."""
    pairs = set()
    for flow in [*items, *lines]:
        a, b = norm_side(flow.payer), norm_side(flow.payee)
        pairs.add((a, b) if a <= b else (b, a))
    return sorted(pairs)


def _between(flows, pair) -> list:
    return [f for f in flows if {norm_side(f.payer), norm_side(f.payee)} == set(pair)]


def _pair_findings(number: int, pair, items, lines, s: HandSettlement, knobs: Knobs) -> list[Finding]:
    """Match lines to items between two sides; put what is left in words."""
    mine, theirs = _between(items, pair), _between(lines, pair)
    left_items, left_lines = _match(mine, theirs)
    a = pair[0]
    owed = sum(i.amount if norm_side(i.payer) == a else -i.amount for i in left_items)
    paid = sum(t.amount if norm_side(t.payer) == a else -t.amount for t in left_lines)
    if owed == paid:
        return []  # netted at the table: one payment for two debts the other way
    if not left_lines:
        return [_missing(number, i) for i in left_items]
    if not left_items:
        return [_unexpected(number, t, s) for t in left_lines]
    return [_wrong_amount(number, left_items, left_lines, s, knobs)]


def _match(items: list[Item], lines: list[TableLine]) -> tuple[list[Item], list[TableLine]]:
    """Pair each line with the fewest unmatched items, same direction, summing to its amount."""
    left = list(items)
    unmatched = []
    for line in lines:
        same = [i for i in left if (norm_side(i.payer), norm_side(i.payee))
                == (norm_side(line.payer), norm_side(line.payee))]
        group = _subset(same, line.amount)
        if group is None:
            unmatched.append(line)
        else:
            left = [i for i in left if i not in group]
    return left, unmatched


def _subset(items: list[Item], amount: int) -> tuple[Item, ...] | None:
    """The smallest, earliest group of items whose amounts sum to ``amount``."""
    limit = len(items) if len(items) <= MAX_SUBSET else 2
    for size in range(1, limit + 1):
        for group in combinations(items, size):
            if sum(i.amount for i in group) == amount:
                return group
    return None


def _explaining(findings: list[Finding], difference: dict[str, int]) -> tuple[list, list]:
    """The fewest findings whose effects add up to the difference; the rest cancel out."""
    if len(findings) > MAX_SUBSET:
        return findings, []
    for size in range(1, len(findings) + 1):
        for group in combinations(range(len(findings)), size):
            total: dict[str, int] = {}
            for index in group:
                for side, amount in findings[index].effect().items():
                    total[side] = total.get(side, 0) + amount
            if {k: v for k, v in total.items() if v} == difference:
                return ([findings[i] for i in group],
                        [f for i, f in enumerate(findings) if i not in group])
    return findings, []


# ------------------------------------------------------------------ words
def flow_words(payer: str, payee: str, amount: int) -> str:
    """A payment made: ``Anne paid Bruno 4``, ``Anne paid 5 into the pools``."""
    n = human_number(amount)
    if payee == POOL:
        return fill(_("{payer} paid {amount} into the pools"), payer=payer, amount=n)
    if payer == POOL:
        return fill(_("{payee} took {amount} from the pools"), payee=payee, amount=n)
    return fill(_("{payer} paid {payee} {amount}"), payer=payer, payee=payee, amount=n)


def owed_words(payer: str, payee: str, amount: int) -> str:
    """A payment due: ``Anne should have paid Bruno 4``."""
    n = human_number(amount)
    if payee == POOL:
        return fill(_("{payer} should have paid {amount} into the pools"), payer=payer, amount=n)
    if payer == POOL:
        return fill(_("{payee} should have taken {amount} from the pools"), payee=payee, amount=n)
    return fill(_("{payer} should have paid {payee} {amount}"), payer=payer, payee=payee, amount=n)


def _lines_ref(lines) -> str:
    numbers = [str(t.span.line) for t in lines]
    said = ngettext(" (line {numbers})", " (lines {numbers})", len(numbers))
    return said.format(numbers=", ".join(numbers))


def _missing(number: int, item: Item) -> Finding:
    payer, payee = norm_side(item.payer), norm_side(item.payee)
    words = fill(_("hand {number}: missing — {owed}: {reason} (RULES {rule})"), number=number,
                 owed=owed_words(payer, payee, item.amount), reason=reason_of(item),
                 rule=rule_of(item.why, item.kind))
    return Finding("missing", payer, payee, 0, item.amount, (item,), (), words)


def _unexpected(number: int, line: TableLine, s: HandSettlement) -> Finding:
    payer, payee = norm_side(line.payer), norm_side(line.payee)
    words = fill(_("hand {number}: unexpected — {paid}{lines}, but the settlement has no such payment"),
                 number=number, paid=flow_words(payer, payee, line.amount), lines=_lines_ref([line]))
    returned = next(((i, i.cancelled_by) for i in s.items if i.cancelled_by is not None
                     and i.amount == line.amount
                     and (norm_side(i.payer), norm_side(i.payee)) == (payer, payee)), None)
    if returned is not None:
        item, cancelled_by = returned
        words += fill(_(": {reason}; {cancelled}"), reason=reason_of(item),
                      cancelled=_(_CANCELLED[cancelled_by]))
    elif payer != POOL and payee != POOL:
        words += fill(_(": no rule makes {payer} pay {payee} anything more in this hand"), payer=payer,
                      payee=payee)
    return Finding("unexpected", payer, payee, line.amount, 0, (), (line,), words)


def _wrong_amount(number: int, items: list[Item], lines: list[TableLine],
                  s: HandSettlement, knobs: Knobs) -> Finding:
    first = lines[0]
    payer, payee = norm_side(first.payer), norm_side(first.payee)  # the table's direction
    sign = {payer: 1, payee: -1}
    paid = sum(t.amount * sign[norm_side(t.payer)] for t in lines)
    due = sum(i.amount * sign[norm_side(i.payer)] for i in items)
    due_text = human_number(due) if due > 0 else _("nothing") if due == 0 else flow_words(payee, payer, -due)
    if len(items) == 1:
        item = items[0]
        hint = _hint(item, paid, s, knobs)
        reasons = fill(_("{reason} (RULES {rule})"), reason=reason_of(item) + (", " + hint if hint else ""),
                       rule=rule_of(item.why, item.kind))
    else:
        reasons = _("; ").join(fill(_("{amount} — {reason} (RULES {rule})"), amount=human_number(i.amount),
                                    reason=reason_of(i), rule=rule_of(i.why, i.kind)) for i in items)
    words = fill(_("hand {number}: {paid}{lines}, the settlement has {due}: {reasons}"), number=number,
                 paid=flow_words(payer, payee, paid), lines=_lines_ref(lines), due=due_text, reasons=reasons)
    return Finding("wrong-amount", payer, payee, paid, due, tuple(items), tuple(lines), words)


def _hint(item: Item, paid: int, s: HandSettlement, knobs: Knobs) -> str:
    """Why a side payment is not doubled, or is: the usual cause of a wrong amount."""
    players = s.play.players
    if item.payer not in players or item.payee not in players or not item.kind.startswith(("ace", "quinola")):
        return ""
    notes = _DOUBLED.findall(item.why)
    if paid == 2 * item.amount and not notes:
        why = []
        if not s.play.opposite(item.payer, item.payee):
            why.append(fill(_("{a} and {b} sit side by side"), a=item.payer, b=item.payee))
        if item.trick is not None and item.trick not in knobs.double_tricks:
            why.append(fill(_("trick {trick} is not a doubled trick"), trick=item.trick))
        return _("not doubled") + (" (" + _("; ").join(why) + ")" if why else "")
    if paid == 2 * item.amount:
        return fill(_("doubled only once ({notes})"), notes=", ".join(notes))
    if 2 * paid == item.amount and notes:
        return fill(_("doubled: {notes}"), notes=", ".join(notes))
    return ""


def correction_words(payer: str, payee: str, amount: int) -> str:
    """``Anne owes Bruno 6 more``; with the pools: who pays in or takes back."""
    n = human_number(amount)
    if payee == POOL:
        return fill(_("{payer} owes the pools {amount} more (into the latest pool)"), payer=payer, amount=n)
    if payer == POOL:
        return fill(_("{payee} takes {amount} back from the pools"), payee=payee, amount=n)
    return fill(_("{payer} owes {payee} {amount} more"), payer=payer, payee=payee, amount=n)


# ------------------------------------------------------------------ tables and JSON
def _cell(paid: int, due: int) -> str:
    """``+85 (due +81)``: a table cell, so with the typographic minus of the human kinds."""
    return signed(paid) if paid == due else fill(_("{paid} (due {due})"), paid=signed(paid), due=signed(due))


def audit_blocks(audit: Audit) -> list[Block]:
    """The verdict per hand, the findings in words, and the corrections."""
    ledger = audit.ledger
    count = len(audit.hands)
    file = ledger.session.file
    head = [[rules_line(ledger)],
            [fill(ngettext("{file}: {count} hand with table: lines",
                           "{file}: {count} hands with table: lines", count), file=file, count=count)
             if count else fill(_("{file}: no hand has table: lines, nothing to audit"), file=file)]]
    if audit.unaudited and audit.hands:
        head.append([fill(ngettext("not audited (no table: lines): hand {numbers}",
                                   "not audited (no table: lines): hands {numbers}", len(audit.unaudited)),
                          numbers=", ".join(map(str, audit.unaudited)))])
    blocks = [Block(fill(_("Audit — {session}"), session=session_title(ledger)), [], head)]
    if not audit.hands:
        return blocks
    players = list(ledger.players)
    rows = [[h.number, len(h.lines), _("agrees") if h.matches else _("DIFFERS")]
            + [_cell(h.paid[p], h.due[p]) for p in (*players, POOL)] for h in audit.hands]
    blocks.append(Block(_("Paid at the table (nets), against the settlement"),
                        [_("hand"), _("lines"), _("verdict"), *players, _("pools")], rows))
    words = [[f.words] for h in audit.hands for f in h.findings]
    if words:
        blocks.append(Block(_("What explains the differences"), [], words))
    transfers = audit.corrections()
    fixes = [[correction_words(*t)] for t in transfers] or [
        [_("nothing to correct: the table paid what the settlement says")]]
    if sum(1 for n in audit.owed().values() if n) > 2:  # with two sides, one transfer says it all
        fixes.insert(0, [_shortfalls(audit)])
    blocks.append(Block(_("Corrections"), [], fixes))
    return blocks


def _shortfalls(audit: Audit) -> str:
    """``to put right: Claire must pay 6; Bruno must receive 1`` — before the fewest transfers."""
    words = [fill(_("{side} must receive {amount}") if n > 0 else _("{side} must pay {amount}"),
                  side=_("the pools") if side == POOL else side, amount=human_number(abs(n)))
             for side, n in audit.owed().items() if n]
    return fill(_("to put right: {shortfalls}. The fewest transfers that do it:"),
                shortfalls=_("; ").join(words))
