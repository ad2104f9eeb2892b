"""The ledger as the JSON document of docs/ledger.md (``reversis-ledger/1``, docs/ledger.schema.json).

``write_json`` writes the document as the hands are settled (head, each hand, tail), byte for
byte what ``json_text`` of the whole document gives (``json.dumps(..., indent=2)`` with each
pools list on one line); ``to_json`` is that writer collected.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence

from reversis_score.ledger.build import Ledger, LedgerHand, LedgerStream, settle_up
from reversis_score.rules.knobs import KNOB_NAMES, knob_json
from reversis_score.settle.hand import Outcome
from reversis_score.settle.items import Item

FORMAT = "reversis-ledger/1"


def ledger_document(ledger: Ledger) -> dict:
    """The whole ledger as plain JSON-ready data."""
    return {**head_document(ledger), "hands": [hand_document(ledger, h) for h in ledger.hands],
            **tail_document(ledger)}


def head_document(ledger: Ledger | LedgerStream) -> dict:
    """What stands before the hands: format, session and rules."""
    header = ledger.session.header
    knobs = ledger.rules.knobs
    return {
        "format": FORMAT,
        "session": {"title": header.title, "date": header.date.isoformat() if header.date else None,
                    "file": ledger.session.file, "players": list(ledger.players),
                    "stake": header.stake, **night_document(header)},
        "rules": {"preset": ledger.rules.preset,
                  "changed": {k: knob_json(v) for k, v in ledger.rules.changed.items()},
                  "knobs": {name: knob_json(getattr(knobs, name)) for name in KNOB_NAMES},
                  "source": ledger.rules.source},
    }


def night_document(header) -> dict:
    """The night's lines in its season, each only when the record gives it (``club``,
    ``carried``, ``paid``: ``true`` or the sums handed over, ``rate``)."""
    out: dict = {}
    if header.club:
        out["club"] = header.club
    if header.carried is not None:
        out["carried"] = list(header.carried)
    if header.paid_all is not None or header.paid:
        out["paid"] = bool(header.paid_all) if not header.paid else \
            [{"payer": p.payer, "payee": p.payee, "amount": p.amount} for p in header.paid]
    if header.rate is not None:
        out["rate"] = header.rate._asdict()  # unit, amount, currency
    return out


def tail_document(ledger: Ledger | LedgerStream) -> dict:
    """What follows the hands: totals, pools, warnings and the settle-up (known at the end)."""
    return {
        "totals": dict(ledger.totals),
        "pools": list(ledger.pools),
        "warnings": [{"hand": w.hand, "trick": w.trick, "message": w.message}
                     for w in ledger.warnings],
        "settle_up": [{"payer": a, "payee": b, "amount": n} for a, b, n in settle_up_of(ledger)],
    }


def settle_up_of(ledger: Ledger | LedgerStream) -> list[tuple[str, str, int]]:
    """The fewest transfers that settle what the players owe one another."""
    return settle_up(ledger.between_players())


def hand_document(ledger: Ledger | LedgerStream, hand: LedgerHand) -> dict:
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
    """The ledger document as JSON text (written by the streaming writer)."""
    parts: list[str] = []
    write_json(ledger, parts.append)
    return "".join(parts)


def write_json(ledger: Ledger | LedgerStream, write: Callable[[str], object],
               hand_doc: Callable[[LedgerHand], dict] | None = None, indent: str = "",
               end: str = "\n", head_doc: dict | None = None,
               tail_doc: Callable[[], dict] | None = None) -> None:
    """Write the ledger document hand by hand: byte for byte ``json_text(ledger_document(...))``,
    without ever holding more than one hand's document.

    ``hand_doc`` makes a hand's document (default ``hand_document``); ``indent`` prefixes
    every line but the first, and ``end`` follows the last (a document inside a list).
    ``head_doc`` and ``tail_doc`` (called once the hands are written) stand for
    ``head_document`` and ``tail_document`` where a document adds keys to them (export's).
    """
    make = hand_doc or (lambda hand: hand_document(ledger, hand))
    head = _dumps(head_document(ledger) if head_doc is None else head_doc)
    write(_indented(head[:-2], indent) + ",\n" + indent + '  "hands": [')
    first = True
    hand_dumps = _HandDumps()
    for hand in ledger.hands:
        text = _indented(hand_dumps(make(hand)), indent + "    ")
        write(("\n" if first else ",\n") + indent + "    " + text)
        first = False
    write(("]" if first else "\n" + indent + "  ]") + ",\n")
    tail = _dumps(tail_document(ledger) if tail_doc is None else tail_doc())
    write(indent + _indented(tail[2:], indent) + end)


def _dumps(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


# A hand's pools lists, each written on one line: a long session holds hundreds of pools, one
# number a line they were most of the document, and the pure-Python indenting encoder most of
# the time of an export. Inside a JSON string a quote is escaped, so ``"pools_before": "`` can
# only be the key itself.
_POOL_KEYS = ("pools_before", "pools_after")
_MARK = "\u2063pools\u2063"


_MULTILINE_POOLS = re.compile(r'("pools_(?:before|after)": )\[\n\s+(-?\d+(?:,\n\s+-?\d+)*)\n\s*\]')


def one_line_pools(text: str) -> str:
    """JSON text of ``json.dumps(..., indent=2)`` with each hand's pools list on one line: the
    layout of every ledger document this program writes."""
    return _MULTILINE_POOLS.sub(lambda m: m.group(1) + "[" + re.sub(r",\n\s+", ", ", m.group(2)) + "]", text)


def json_text(data: object) -> str:
    """A ledger document (or a hand's, or a list of them) as JSON text, and a newline."""
    return one_line_pools(_dumps(data)) + "\n"


class _HandDumps:
    """A hand's document as ``_dumps`` writes it, but each pools list on one line. A hand's
    ``pools_before`` is the hand before's ``pools_after``: its text is written once."""

    def __init__(self) -> None:
        self.pools = PoolsText()

    def __call__(self, doc: dict) -> str:
        lists = {key: doc[key] for key in _POOL_KEYS if isinstance(doc.get(key), list) and doc[key]}
        if not lists:
            return _dumps(doc)
        text = _dumps({k: _MARK if k in lists else v for k, v in doc.items()})
        for key, amounts in lists.items():
            text = text.replace(f'"{key}": "{_MARK}"', f'"{key}": {self.pools(amounts)}', 1)
        return text


class PoolsText:
    """Hand after hand, each pools list as JSON writes it on one line (``[5, 10, 40]``), made
    from the list before's: a hand's ``pools_before`` is the hand before's ``pools_after``, whose
    text is given again, and only the latest pools move (§4: a remise, a take, antes), so the
    older ones keep their text and only the changed tail is turned into text again. One for
    each stream of hands (it remembers the last list)."""

    def __init__(self) -> None:
        self.last: tuple[tuple[int, ...], str] = ((), "[]")
        self.words: list[str] = []  # the last list's amounts as text, one a pool

    def __call__(self, amounts: Sequence[int]) -> str:
        amounts = tuple(amounts)
        if amounts != self.last[0]:
            same = _common_prefix(self.last[0], amounts)
            self.words = self.words[:same] + [str(a) for a in amounts[same:]]
            self.last = (amounts, "[" + ", ".join(self.words) + "]")
        return self.last[1]


def _common_prefix(old: Sequence, new: Sequence) -> int:
    """How many leading items two lists share. Only their ends differ, most often in their
    last item or two: the first test is whether the shorter is the other's beginning, the
    next whether they differ only from the last item that differs (each one slice compared in
    C); else by halving."""
    high = min(len(old), len(new))
    if old[:high] == new[:high]:
        return high
    last = high - 1
    while old[last] == new[last]:  # the last item that differs: they differ somewhere below high
        last -= 1
    if old[:last] == new[:last]:
        return last
    low, high = 0, last
    while low < high - 1:  # old[:low] == new[:low] and old[:high] != new[:high]
        middle = (low + high) // 2
        if old[:middle] == new[:middle]:
            low = middle
        else:
            high = middle
    return low


def _indented(text: str, indent: str) -> str:
    """Every line after the first prefixed by ``indent`` (JSON text has no raw newline in a string)."""
    return text.replace("\n", "\n" + indent) if indent else text
