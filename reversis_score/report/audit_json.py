"""The audit in the ledger JSON (docs/ledger.md): each audited hand's ``audit`` block and the
session's, for a whole ledger (``audited_document``) or hand by hand (``audited_hand_document``
with an ``AuditTally``, as export writes a stream)."""
from __future__ import annotations

from reversis_score.ledger.build import Ledger, LedgerHand, LedgerStream, is_settled, settle_up
from reversis_score.notation.records import TableLine
from reversis_score.render.document import hand_document, item_document, ledger_document
from reversis_score.report.audit import POOL, Audit, AuditTally, HandAudit, audit_hand, correction_words


def hand_audit_document(hand: HandAudit) -> dict:
    """The ``audit`` block of one hand in the ledger JSON (docs/ledger.md)."""
    def sides(net: dict[str, int]) -> dict[str, int]:
        return {_side_json(k): v for k, v in net.items()}
    return {
        "matches": hand.matches,
        "missing": [item_document(f.items[0]) for f in hand.findings if f.kind == "missing"],
        "unexpected": [{"payer": t.payer, "payee": t.payee, "amount": t.amount, "line": t.span.line}
                       for f in hand.findings if f.kind == "unexpected" for t in f.lines],
        "wrong_amount": [{"payer": _side_json(f.payer), "payee": _side_json(f.payee), "paid": f.paid,
                          "due": f.due, "items": [i.seq for i in f.items],
                          "lines": [t.span.line for t in f.lines]}
                         for f in hand.findings if f.kind == "wrong-amount"],
        "paid": sides(hand.paid), "due": sides(hand.due),
        "explanation": [f.words for f in hand.findings],
        "routed_differently": len(hand.routed),
    }


def _side_json(side: str) -> str:
    return "pools" if side == POOL else side


def audited_document(audit: Audit) -> dict:
    """The ledger JSON with every audited hand's ``audit`` block and the corrections."""
    doc = ledger_document(audit.ledger)
    by_number = {h.number: h for h in audit.hands}
    for hand in doc["hands"]:
        if hand["number"] in by_number and hand["status"] != "error":
            hand["audit"] = hand_audit_document(by_number[hand["number"]])
    tally = AuditTally.start(audit.ledger.players)
    for hand in audit.hands:
        tally.add(hand)
    doc["audit"] = tally_document(tally)
    return doc


def audited_hand_document(ledger: Ledger | LedgerStream, hand: LedgerHand,
                          table: tuple[TableLine, ...] | None, tally: AuditTally) -> dict:
    """One hand's document with its ``audit`` block (when it has table lines), counted in
    ``tally``: ``audited_document`` hand by hand, for a stream."""
    doc = hand_document(ledger, hand)
    if table is not None and is_settled(hand):
        audited = audit_hand(hand, table, ledger.rules.knobs)
        tally.add(audited)
        doc["audit"] = hand_audit_document(audited)
    return doc


def tally_document(tally: AuditTally) -> dict:
    """The ledger JSON's ``audit`` block: the verdict, the hands, what is owed, the corrections."""
    return {"matches": tally.agrees, "hands": list(tally.numbers),
            "owed": {_side_json(k): v for k, v in tally.owed.items()},
            "corrections": [{"payer": _side_json(a), "payee": _side_json(b), "amount": n,
                             "words": correction_words(a, b, n)}
                            for a, b, n in settle_up(tally.owed)]}
