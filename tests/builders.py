"""Small records written by hand for engine tests: a header, then hands of trick lines."""
from __future__ import annotations

from reversis_score.ledger.build import Ledger, build_ledger
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

# The tricks of docs/notation.md's example (dealer Bruno), settled in docs/rules.md §13.
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

# Dealer Denis. Bruno wins trick 10 and leads K♥ to trick 11, where Denis (opposite him)
# must play Quinola: Parlett's "40 fish from the Quinola player and 10 from each neighbour".
FORCED_LAST = [
    "Anne: AS 8C 3D 2S",
    "Anne: KS 9C 4D 3S",
    "Anne: QS JC 5D 4S",
    "Anne: JS QC 6D 2D",
    "Anne: 9S KC 7D 3C",
    "Anne: 8S 7H 8D 4C",
    "Anne: 7S 8H 9D 5C",
    "Anne: 6S 9H JD 6C",
    "Anne: 2C AC QD 7C",
    "Bruno: QH KD 6H 3H",
    "Bruno: KH AD JH 2H",
]

# Dealer Denis holds the four Aces: he places A♥ on a spade lead in trick 1 while holding A♠
# (a revoke under the espagnolette's right), then A♠, A♦, A♣ on heart leads; he takes no trick.
ESPAGNOLETTE_WON = [
    "Anne: KS 2S 3D AH",
    "Anne: 2H KH 4D AS",
    "Bruno: 3H 5D AD 3S",
    "Bruno: 4H 6D AC 4S",
    "Bruno: 5H 7D KC 5S",
    "Bruno: 6H 8D QC 6S",
    "Bruno: 7H 9D JC 7S",
    "Bruno: 8H JD 9C 8S",
    "Bruno: 9H QD 8C 9S",
    "Bruno: QH KD 7C JS",
    "Bruno: 2D 5C 6C QS",
]

# The same, but Denis keeps A♦ and must play it on Bruno's diamond lead in trick 11: he
# takes a trick and loses the espagnolette.
ESPAGNOLETTE_LOST = ESPAGNOLETTE_WON[:2] + ["Bruno: 3H 5D 6C 3S"] + ESPAGNOLETTE_WON[3:10] + [
    "Bruno: 2D 5C AD QS"]

# Dealer Denis; Anne holds Quinola, A♥, A♣, A♦ and announces the espagnolette. She leads A♥
# and takes trick 1 (lost), places Quinola in trick 3 (taking the pool) and A♦ in trick 8.
ESPAGNOLETTE_LOST_WITH_POOL = [
    "Anne: AH 8H 5H 7H",
    "Anne: 4D KD 2D 9D",
    "Bruno: 4S JS 2S JH",
    "Claire: 2C KC AC 7C",
    "Anne: 6C 9C 3C QC",
    "Denis: 9H 5C 4H QH",
    "Claire: 6S AS 7D 9S",
    "Denis: KS AD 7S 8S",
    "Denis: 6H 6D 2H 4C",
    "Denis: 8C 3D 8D JC",
    "Claire: JD 5S 5D 3H",
]

# Dealer Denis; Anne leads her eleven spades and makes the reversis while Denis, holding
# Quinola, A♥, A♦, A♣ and no spade, has announced the espagnolette.
REVERSIS_AGAINST_ESPAGNOLETTE = [
    "Anne: AS 2S 2D JH",
    "Anne: KS 2H 3D AH",
    "Anne: QS 3H 4D AD",
    "Anne: JS 4H 5D AC",
    "Anne: 9S 5H 6D KC",
    "Anne: 8S 6H 7D QC",
    "Anne: 7S 7H 8D JC",
    "Anne: 6S 8H 9D 9C",
    "Anne: 5S 9H JD 8C",
    "Anne: 4S QH QD 7C",
    "Anne: 3S KH KD 6C",
]

# Dealer Denis holds the four Aces and revokes under the espagnolette's right (A♥, A♦, A♣
# on spade leads while holding A♠); Anne wins tricks 1–9 and Bruno breaks her reversis in
# trick 10 with Quinola on her heart lead, where Denis places A♠.
REVERSIS_BROKEN_WITH_ESPAGNOLETTE = [
    "Anne: KS 2D 2S AH",
    "Anne: QS 3H 3D AD",
    "Anne: JS 4H 4D AC",
    "Anne: 9S 5H 5D KC",
    "Anne: 8S 6H 6D QC",
    "Anne: 7S 7H 7D JC",
    "Anne: 6S 8H 8D 9C",
    "Anne: 5S 9H 9D 8C",
    "Anne: 4S QH JD 7C",
    "Anne: 2H JH QD AS",
    "Bruno: KH KD 6C 3S",
]
