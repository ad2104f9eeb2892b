"""The engine against the independent oracle, hand by hand and item by item.

The oracle is given the notation stage's output alone (the header and the hand records that
``read_text`` parses) and works out everything else itself: the knobs, the holdings after the
exchange, the talon, the bars, the laws, the replay and the settlement. The engine runs the
whole pipeline on the same text. Every item is compared (kind, payer, payee, amount, trick,
cancelled_by), as a multiset per hand (their order is the ledger's business), then the nets and
the pools after the hand.
"""
from __future__ import annotations

from collections import Counter

import oracle

from reversis_score.ledger.build import build_ledger
from reversis_score.notation.parse import read_text
from reversis_score.pipeline import check_text


def engine_items(settlement) -> list[tuple]:
    return [(i.kind, i.payer, i.payee, i.amount, i.trick, i.cancelled_by) for i in settlement.items]


def compare_text(text: str, rules: str | None = None, record_dir=None) -> list[str]:
    """Differences between the engine and the oracle on a record (empty when they agree)."""
    session = check_text(text, "t.rvs", record_dir, rules_override=rules)
    assert session.errors == [], [d.message for d in session.errors]
    ledger = build_ledger(session)
    parsed = read_text(text, "t.rvs")  # the notation stage: all the oracle is given
    records = [h.record for h in parsed.hands if h.record is not None]
    expected = {h["number"]: h for h in oracle.settle_records(parsed.header, records, rules, record_dir)}
    diffs = []
    for got in ledger.settled:
        want = expected[got.number]
        s = got.settlement
        mine, theirs = Counter(engine_items(s)), Counter(tuple(i) for i in want["items"])
        if mine != theirs or s.net != want["net"] or list(s.pools_after) != list(want["pools_after"]):
            diffs.append(f"hand {got.number} ({session.rules.preset}): engine net {s.net} pools "
                         f"{list(s.pools_after)}; oracle net {want['net']} pools {want['pools_after']}\n"
                         f"  engine only: {sorted(mine - theirs, key=str)}\n"
                         f"  oracle only: {sorted(theirs - mine, key=str)}")
    return diffs
