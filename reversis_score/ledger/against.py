"""Is this the ledger of that record? A JSON ledger against the ledger the record settles to.

``verify LEDGER --record FILE`` settles the record and hands both documents here. Hands are
matched by number; within a hand, items are lined up by what they are (trick, kind, card,
payer, payee, cancellation), so that an item missing or added is reported as such and does not
make every later item differ; an item present in both is then compared key by key. Then
each hand's net and pools, and the session's totals and pools.

>>> doc = {"session": {"players": ["A", "B", "C", "D"]}, "rules": {"knobs": {}}, "hands": [],
...        "totals": {}, "pools": []}
>>> compare_documents(doc, doc, "night.rvs")
[]
"""
from __future__ import annotations

from difflib import SequenceMatcher

from reversis_score.i18n import _, fill
from reversis_score.ledger.verify import Finding

ITEM_KEYS = ("trick", "kind", "card", "payer", "payee", "amount", "cancelled_by")
HAND_KEYS = ("status", "net", "pools_before", "pools_after")


def compare_documents(ledger: dict, settled: dict, record: str) -> list[Finding]:
    """Every place where ``ledger`` differs from ``settled``, the ledger ``record`` settles to."""
    said = _Saying(record)
    if ledger["session"]["players"] != settled["session"]["players"]:
        return [said.differs(None, None, "session.players", ledger["session"]["players"],
                             settled["session"]["players"])]
    found = _session(ledger, settled, said)
    theirs = {h["number"]: h for h in settled["hands"]}
    ours = {h["number"]: h for h in ledger["hands"]}
    for number in sorted(set(theirs) | set(ours)):
        if number not in ours:
            found.append(Finding(number, None, "hands",
                                 fill(_("missing: {record} settles hand {hand}"), record=record,
                                      hand=number)))
        elif number not in theirs:
            found.append(Finding(number, None, "hands",
                                 fill(_("{record} has no hand {hand} to settle"), record=record,
                                      hand=number)))
        else:
            found += _hand(ours[number], theirs[number], said)
    for key in ("totals", "pools"):
        if ledger[key] != settled[key]:
            found.append(said.differs(None, None, key, ledger[key], settled[key]))
    return found


class _Saying:
    """How a difference is worded: what the ledger has, what the record settles to."""

    def __init__(self, record: str):
        self.record = record

    def differs(self, hand: int | None, seq: int | None, key: str, ours, theirs) -> Finding:
        return Finding(hand, seq, key, fill(_("the ledger has {ours}, {record} settles to {theirs}"),
                                            ours=_text(ours), record=self.record, theirs=_text(theirs)))


def _text(value) -> str:
    if value is None:
        return _("none")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, dict):
        return ", ".join(f"{k} {v:+d}" if isinstance(v, int) and not isinstance(v, bool) and v
                         else f"{k} {v}" for k, v in value.items())
    if isinstance(value, list):
        return "[" + " ".join(map(str, value)) + "]"
    return str(value)


SESSION_KEYS = ("title", "date")


def _session(ledger: dict, settled: dict, said: _Saying) -> list[Finding]:
    """The session's title, date, stake and file hash, and the rules the two were settled
    under: the preset, the knobs it changed, and every knob."""
    found = []
    ours_s, theirs_s = ledger["session"], settled["session"]
    if (ours_s.get("stake") or 0) != (theirs_s.get("stake") or 0):
        found.append(said.differs(None, None, "session.stake", ours_s.get("stake"), theirs_s.get("stake")))
    for key in SESSION_KEYS:
        if ours_s.get(key) != theirs_s.get(key):
            found.append(said.differs(None, None, f"session.{key}", ours_s.get(key), theirs_s.get(key)))
    # export writes the record's hash: a ledger that has one must have the record's.
    if "sha256" in ours_s and ours_s["sha256"] != theirs_s.get("sha256"):
        found.append(Finding(None, None, "session.sha256",
                             fill(_("the ledger has {ours}, the hash of {record} is {theirs}"),
                                  ours=_text(ours_s["sha256"]), record=said.record,
                                  theirs=_text(theirs_s.get("sha256")))))
    for key in ("preset", "changed"):
        if ledger["rules"].get(key) != settled["rules"].get(key):
            found.append(said.differs(None, None, f"rules.{key}", ledger["rules"].get(key),
                                      settled["rules"].get(key)))
    ours, theirs = ledger["rules"]["knobs"], settled["rules"]["knobs"]
    for knob in sorted(set(ours) | set(theirs)):
        if ours.get(knob) != theirs.get(knob):
            found.append(said.differs(None, None, f"rules.knobs.{knob}", ours.get(knob),
                                      theirs.get(knob)))
    return found


def _hand(ours: dict, theirs: dict, said: _Saying) -> list[Finding]:
    """One hand: its items lined up, then its status, net and pools."""
    number = ours["number"]
    found = _items(number, ours["items"], theirs["items"], said)
    for key in HAND_KEYS:
        if ours.get(key) != theirs.get(key):
            found.append(said.differs(number, None, key, ours.get(key), theirs.get(key)))
    return found


def _what(item: dict) -> tuple:
    """An item without its amount and number: what lines two items up."""
    return tuple(item[k] for k in ITEM_KEYS if k != "amount")


def _items(number: int, ours: list[dict], theirs: list[dict], said: _Saying) -> list[Finding]:
    found = []
    matcher = SequenceMatcher(None, [_what(i) for i in ours], [_what(i) for i in theirs],
                              autojunk=False)
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op in ("equal", "replace") and a1 - a0 == b1 - b0:
            for mine, right in zip(ours[a0:a1], theirs[b0:b1], strict=True):
                found += [said.differs(number, mine["seq"], key, mine[key], right[key])
                          for key in ITEM_KEYS if mine[key] != right[key]]
            continue
        found += [Finding(number, i["seq"], "items",
                          fill(_("{payment}: {record} settles to no such item"), payment=_payment(i),
                               record=said.record)) for i in ours[a0:a1]]
        found += [Finding(number, None, "items",
                          fill(_("missing from the ledger: {record} settles to {payment} as item {seq}"),
                               record=said.record, payment=_payment(i), seq=i["seq"]))
                  for i in theirs[b0:b1]]
    return found


def _payment(item: dict) -> str:
    trick = fill(_("trick {trick}, "), trick=item["trick"]) if item["trick"] else ""
    cancelled = fill(_(", cancelled by {by}"), by=item["cancelled_by"]) if item["cancelled_by"] else ""
    return fill(_("{payer} pays {payee} {amount} ({trick}{kind}{cancelled})"), payer=item["payer"],
                payee=item["payee"], amount=item["amount"], trick=trick, kind=item["kind"],
                cancelled=cancelled)
