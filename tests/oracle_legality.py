"""The oracle's verdict on a record's legality, from docs/rules.md alone (issue 43 item 5).

The settlement oracle (tests/oracle.py) settles only what the engine accepts; this judges,
hand by hand, whether the play a record writes could have happened, and where it first could
not: its verdict is None (accepted) or the trick of the first problem (0: the deal, the
exchange or an announcement, before any trick). It reads the notation stage's records and
nothing of the engine's replay, with the oracle's own holdings (§2) and trick replay (§3, §9,
§10: tests/oracle_settle.py's ``replay``, which raises at an illegal play):

- §2: the dealer is dealt 12 cards, every other player 11 and a face-down card, and no card
  twice; a player discards a card he holds;
- §1, §3: the player after the dealer leads trick 1 and each trick's winner the next; each
  player follows suit when he can (his later cards, or what he still holds, prove he could);
  11 tricks; no card is played twice;
- §9: only a player who holds, after the exchange, all four Aces or Quinola and three Aces may
  announce the espagnolette, and only he may revoke in tricks 1 to 9;
- §10: a revoke the record acknowledges (`irregular: revoke NAME`) stands.

Hands recorded by their events, void hands and hands with claims are not judged (None).
"""
from __future__ import annotations

import re

from oracle import _seated, card, holdings, knobs_for
from oracle_settle import qualifies, replay


def judge_records(header, hands, rules: str | None = None) -> dict[int, int | None]:
    """Each hand's number and its verdict: None (legal) or the trick of its first problem."""
    knobs = knobs_for(header, rules)
    players = [p.text for p in header.players]
    return {record.number: judge_hand(knobs, players, record) for record in hands}


def judge_hand(k: dict, players: list[str], record) -> int | None:
    if record.void or record.events is not None or record.claims_waived or not record.tricks:
        return None
    size = k["deck"]
    named = _names_problem(players, record)
    if named is not None:
        return named
    if _deal_problem(players, record, size) or _exchange_problem(players, record):
        return 0
    for number, trick in enumerate(record.tricks, 1):
        short = number == 11 and any(e.action == "discards-two" for e in record.exchange or ())
        if (trick.number is not None and trick.number != number) or number > 11 \
                or len(trick.cards) != (3 if short else 4):
            return number
    held, _talon, said = holdings(players, record, size)
    if record.announce is not None and not qualifies(held[record.announce.text]):
        return 0
    first = _played_twice(players, record, said["ten_cards"])
    hand = {"dealer": record.dealer.text, "held": held, "ten_cards": said["ten_cards"],
            "irregular": [(i.kind, i.player.text) for i in record.irregulars],
            "tricks": [{"leader": t.leader.text, "cards": [card(c) for c in t.cards],
                        "gatherer": t.gatherer.text if t.gatherer else None} for t in record.tricks]}
    rights = {p for p in players if qualifies(held[p])}
    try:
        if len(hand["tricks"]) != 11:
            return min(first or 99, len(hand["tricks"]) + 1 if len(hand["tricks"]) < 11 else 12)
        replay(k, players, hand, rights)
    except (ValueError, AssertionError) as problem:
        found = re.match(r"trick (\d+)", str(problem))
        at = int(found.group(1)) if found else 0
        return min(at, first) if first else at
    return first


def _deal_problem(players: list[str], record, size: int) -> bool:
    """§2: the deal's sizes, no card dealt twice, and discards of cards held."""
    if record.deal is None:
        return False
    dealer = record.dealer.text
    seen: list[str] = []
    for line in record.deal:
        cards = [card(c) for c in line.cards]
        if line.player.text == dealer:
            if len(cards) != size // 4 or line.face_down is not None:
                return True
        elif len(cards) != size // 4 - 1 or line.face_down is None:
            return True
        seen += cards + ([card(line.face_down)] if line.face_down else [])
    if len(set(seen)) != len(seen):
        return True
    dealt = {line.player.text: {card(c) for c in line.cards}
             | ({card(line.face_down)} if line.face_down else set()) for line in record.deal}
    for e in record.exchange or ():
        for c in (e.card, e.second):
            if c is not None and card(c) not in dealt.get(e.player.text, set()):
                return True
    return False


def _played_twice(players: list[str], record, ten: set[str]) -> int | None:
    """The trick where a card is played a second time (§3: each card once), if any."""
    seen: set[str] = set()
    for number, trick in enumerate(record.tricks, 1):
        for _who, placed in zip(_seated(players, trick.leader.text, len(trick.cards), ten), trick.cards,
                                strict=False):
            c = card(placed)
            if c in seen:
                return number
            seen.add(c)
    return None


def _names_problem(players: list[str], record) -> int | None:
    """§1: every name a hand writes is one of the four players: 0 before the tricks (deal,
    exchange, announcement, irregularities), else the trick that names another."""
    before = [line.player for line in record.deal or ()] + [e.player for e in record.exchange or ()] \
        + ([record.announce] if record.announce else []) + [i.player for i in record.irregulars]
    names = before + [n for t in record.tricks
                      for n in (t.leader, *(t.players or ()), *([t.gatherer] if t.gatherer else []))]
    # a name that is no player's is a problem of the record, found before its play is read
    return 0 if any(n.text not in players for n in names) else None


def _exchange_problem(players: list[str], record) -> bool:
    """§2: an exchange, when recorded with a deal, has a line for every player."""
    if record.exchange is None or record.deal is None:
        return False
    return {e.player.text for e in record.exchange} != set(players)
