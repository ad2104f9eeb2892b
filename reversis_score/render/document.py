"""The ledger as the JSON document of docs/ledger.md (``reversis-ledger/1``, docs/ledger.schema.json)."""
from __future__ import annotations

import json

from reversis_score.ledger.build import Ledger, LedgerHand
from reversis_score.rules.knobs import KNOB_NAMES, knob_json
from reversis_score.settle.hand import Outcome
from reversis_score.settle.items import Item

FORMAT = "reversis-ledger/1"


def ledger_document(ledger: Ledger) -> dict:
    """The whole ledger as plain JSON-ready data."""
    header = ledger.session.header
    knobs = ledger.rules.knobs
    return {
        "format": FORMAT,
        "session": {"title": header.title, "date": header.date.isoformat() if header.date else None,
                    "file": ledger.session.file, "players": list(ledger.players),
                    "stake": header.stake},
        "rules": {"preset": ledger.rules.preset,
                  "changed": {k: knob_json(v) for k, v in ledger.rules.changed.items()},
                  "knobs": {name: knob_json(getattr(knobs, name)) for name in KNOB_NAMES},
                  "source": ledger.rules.source},
        "hands": [hand_document(ledger, h) for h in ledger.hands],
        "totals": dict(ledger.totals),
        "pools": list(ledger.pools),
        "warnings": [{"hand": w.hand, "trick": w.trick, "message": w.message}
                     for w in ledger.warnings],
        "settle_up": [{"payer": a, "payee": b, "amount": n} for a, b, n in settle_up_of(ledger)],
    }


def settle_up_of(ledger: Ledger):
    from reversis_score.ledger.build import settle_up
    return settle_up(ledger.between_players())


def hand_document(ledger: Ledger, hand: LedgerHand) -> dict:
    """One hand: status, outcome, items, net, pools and balances."""
    doc: dict = {"number": hand.number, "dealer": hand.dealer, "status": hand.status}
    s = hand.settlement
    if s is None:
        doc.update({"items": [], "balances": dict(hand.balances)})
        return doc
    play = s.play
    doc.update({
        "talon": [str(c) for c in play.talon],
        "points": dict(play.points),
        "tricks_won": dict(play.tricks_won),
        "outcome": outcome_document(s.outcome),
        "items": [item_document(i) for i in s.items],
        "net": s.net,
        "pools_before": list(s.pools_before),
        "pools_after": list(s.pools_after),
        "balances": dict(hand.balances),
        "audit": None,
    })
    return doc


def outcome_document(outcome: Outcome) -> dict:
    return {"kind": outcome.kind, "party_winner": outcome.party_winner,
            "party_loser": outcome.party_loser, "party_value": outcome.party_value,
            "reversis_player": outcome.reversis_player, "breaker": outcome.breaker,
            "espagnolette": outcome.espagnolette}


def item_document(item: Item) -> dict:
    return {"seq": item.seq, "trick": item.trick, "kind": item.kind, "card": item.card,
            "payer": item.payer, "payee": item.payee, "amount": item.amount,
            "cancelled_by": item.cancelled_by, "why": item.why}


def to_json(ledger: Ledger) -> str:
    return json.dumps(ledger_document(ledger), ensure_ascii=False, indent=2) + "\n"
