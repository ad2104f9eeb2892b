"""Small records written by hand for engine tests: a header, then hands of trick lines."""
from __future__ import annotations

from reversis_score.ledger import Ledger, build_ledger
from reversis_score.pipeline import check_text

PLAYERS = "Anne Bruno Claire Denis"


def record(*hands: str, rules: str = "parlett", header: str = "") -> str:
    """A session text: each hand is ``dealer`` + trick lines (+ optional extra lines)."""
    text = f"players: {PLAYERS}\nrules: {rules}\n{header}"
    for hand in hands:
        text += "\nhand\n" + hand.strip("\n") + "\n"
    return text


def hand(dealer: str, tricks: list[str], extra: str = "", before: str = "") -> str:
    """One hand: ``dealer: X``, optional lines before the tricks, the tricks, extra lines."""
    body = "\n".join("  " + t for t in tricks)
    return f"dealer: {dealer}\n{before}tricks:\n{body}\n{extra}"


def settle(text: str) -> Ledger:
    """Check and settle a record that must be clean."""
    session = check_text(text, "test.rvs")
    assert session.errors == [], [d.message for d in session.errors]
    return build_ledger(session)


def items_of(ledger: Ledger, number: int = 1) -> list[tuple]:
    """(trick, kind, card, payer, payee, amount, cancelled_by) of a hand's items."""
    hand = next(h for h in ledger.hands if h.number == number).settlement
    return [(i.trick, i.kind, i.card, i.payer, i.payee, i.amount, i.cancelled_by) for i in hand.items]


def net_of(ledger: Ledger, number: int = 1) -> dict[str, int]:
    return next(h for h in ledger.hands if h.number == number).settlement.net


# Anne wins every trick by leading spades from the top; the others are void in spades.
REVERSIS_MADE = [
    "Anne: AS JH AD AC",
    "Anne: KS KH KD KC",
    "Anne: QS QH QD QC",
    "Anne: JS 9H JD JC",
    "Anne: 9S 8H 9D 9C",
    "Anne: 8S 7H 8D 8C",
    "Anne: 7S 6H 7D 7C",
    "Anne: 6S 5H 6D 6C",
    "Anne: 5S 4H 5D 5C",
    "Anne: 4S 3H 4D 4C",
    "Anne: 3S AH 3D 3C",
]

# Anne wins tricks 1–9; in trick 10 she leads 2H and Bruno wins it with Quinola, forced.
REVERSIS_BROKEN_BY_QUINOLA = [
    "Anne: AS 3S AD AC",
    "Anne: KS KH KD KC",
    "Anne: QS QH QD QC",
    "Anne: JS 9H JD JC",
    "Anne: 9S 8H 9D 9C",
    "Anne: 8S 7H 8D 8C",
    "Anne: 7S 6H 7D 7C",
    "Anne: 6S 5H 6D 6C",
    "Anne: 5S 4H 5D 5C",
    "Anne: 2H JH 4D 4C",
    "Bruno: AH 3D 3C 4S",
]

# A party hand (dealer Denis): Anne wins tricks 1–8, Bruno 9–11. Trick 1: Bruno places
# Quinola, Claire A♦ and Denis A♣ on Anne's spade lead; trick 11: Bruno leads A♥.
PARTY_DUMP = [
    "Anne: AS JH AD AC",
    "Anne: KS KH KD KC",
    "Anne: QS QH QD QC",
    "Anne: JS 9H JD JC",
    "Anne: 9S 8H 9D 9C",
    "Anne: 8S 7H 8D 8C",
    "Anne: 7S 6H 7D 7C",
    "Anne: 6S 5H 6D 6C",
    "Anne: 2H 4H 5D 5C",
    "Bruno: 3H 4D 4C 5S",
    "Bruno: AH 3D 3C 4S",
]

# The tricks of NOTATION.md's example (dealer Bruno), settled in RULES.md §13.
EXAMPLE_TRICKS = [
    "Claire: 2C JC 7C 5C",
    "Denis: 6H 8H KH 4H",
    "Bruno: 9D 8D 3D KD",
    "Anne: JS 7S 2S 5S",
    "Anne: 9S KS 4S QD",
    "Bruno: 7D 3C 5D 4D",
    "Bruno: AD 8S 3H 2D",
    "Bruno: 9C AC KC 6C",
    "Claire: JH AH 2H JD",
    "Denis: 5H 4C AS QH",
    "Claire: QS 9H 3S 8C",
]
