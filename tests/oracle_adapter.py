"""Feed the engine's replayed hands to the independent oracle and compare, hand by hand."""
from __future__ import annotations

import oracle

from reversis_score.ledger.build import build_ledger
from reversis_score.pipeline import check_text
from reversis_score.rules.knobs import KNOB_NAMES


def oracle_hand(play) -> dict:
    """The oracle's description of one replayed hand."""
    return {
        "dealer": play.dealer,
        "void": play.void,
        "tricks": [{"leader": t.leader, "cards": [str(c) for _, c in t.plays]} for t in play.tricks],
        "held": {p: sorted(str(c) for c in play.held.get(p, ())) for p in play.players},
        "announce": play.record.announce.text if play.record.announce else None,
        "irregular": [(kind, who) for kind, who in play.acknowledged],
        "claims_waived": play.record.claims_waived,
        "barred": sorted(play.barred),
        "takers": sorted(e.player.text for e in play.record.exchange or () if e.action == "takes"),
        # read off the record's own lines, not the Play: the oracle plays these rules itself
        "ten_cards": sorted(e.player.text for e in play.record.exchange or () if e.action == "discards-two"),
        "gathered": {n: line.gatherer.text for n, line in enumerate(play.record.tricks, 1) if line.gatherer},
    }


def knobs_dict(knobs) -> dict:
    return {name: list(v) if isinstance(v, tuple) else v
            for name, v in ((n, getattr(knobs, n)) for n in KNOB_NAMES)}


def compare_text(text: str, rules: str | None = None, record_dir=None) -> list[str]:
    """Differences between the engine and the oracle on a record (empty when they agree)."""
    session = check_text(text, "t.rvs", record_dir, rules_override=rules)
    assert session.errors == [], [d.message for d in session.errors]
    ledger = build_ledger(session)
    hands = [h.play for h in session.settleable_hands()]
    expected = oracle.settle_session(knobs_dict(session.rules.knobs), list(session.players),
                                     [oracle_hand(p) for p in hands])
    diffs = []
    for got, want in zip(ledger.settled, expected, strict=True):
        s = got.settlement
        if s.net != want["net"] or list(s.pools_after) != list(want["pools_after"]):
            mine = [(i.kind, i.payer, i.payee, i.amount) for i in s.items if i.counts]
            diffs.append(f"hand {got.number} ({session.rules.preset}): engine net {s.net} pools "
                         f"{list(s.pools_after)}; oracle net {want['net']} pools {want['pools_after']}\n"
                         f"  engine items {mine}\n  oracle items {want['items']}")
    return diffs

