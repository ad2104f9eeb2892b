"""tests/gen.py writes the laws' notation lines (docs/notation.md): two discards, an exposed
card, and a trick gathered by another; the package reads them back and settles them."""
import gen
from builders import net_of, settle

PLAYERS = ("Anne", "Bruno", "Claire", "Denis")


def _tricks(lines, gathered=None):
    """gen Tricks from ``Leader: cards`` lines (a three-card trick skips the ten-card Anne)."""
    out = []
    for number, line in enumerate(lines, 1):
        leader, cards = line.split(": ")
        order = gen.rotation(PLAYERS, leader)
        cards = cards.split()
        if len(cards) == 3:
            order = tuple(p for p in order if p != "Anne")
        plays = tuple(zip(order, cards, strict=True))
        winner = gen.trick_winner(plays)
        by = (gathered or {}).get(number)
        out.append(gen.Trick(number, leader, plays, by or winner, by))
    return tuple(out)


def _record(exchange, tricks, rules="manuscrit"):
    deal = gen.Deal("Denis", {
        "Anne": tuple("AH 2S 3S 4S 5S 6S 7S 8S 9S KH QH".split()),
        "Bruno": tuple("JH JS AC KC QC JC 9C 8C 7C AS 9H".split()),
        "Claire": tuple("3D 4D 5D 6D 7D 8D 9D JD QD KD 2D".split()),
        "Denis": tuple("2H 2C 3C 4C 5C 6C 3H 4H 5H 6H 7H 8H".split())},
        {"Anne": "QS", "Bruno": "KS", "Claire": "AD"})
    hand = gen.Hand(1, PLAYERS, "Denis", deal=deal, exchange=exchange, tricks=tricks)
    return gen.to_rvs(gen.Session(PLAYERS, (hand,), rules=rules))


TEN_CARD_TRICKS = ["Anne: AH JH 3D 2H", "Anne: 2S JS 4D 2C", "Bruno: AC 5D 3C 3S", "Bruno: KC 6D 4C 4S",
                   "Bruno: QC 7D 5C 5S", "Bruno: JC 8D 6C 6S", "Bruno: 9C 9D 3H 7S", "Bruno: 8C JD 4H 8S",
                   "Bruno: 7C QD 5H 9S", "Bruno: AS KD 6H QS", "Bruno: KS AD 7H"]


def test_gen_writes_two_discards_and_an_exposed_card():
    exchange = {"Anne": gen.ExchangeAction("discards-two", "KH", "QH"),
                "Bruno": gen.ExchangeAction("exposes", "9H"),
                "Claire": gen.ExchangeAction("discards", "2D"), "Denis": gen.ExchangeAction("discards", "8H")}
    text = _record(exchange, _tricks(TEN_CARD_TRICKS))
    assert "  Anne discards KH QH\n" in text and "  Bruno exposes and discards 9H\n" in text
    assert "  Bruno: KS AD 7H\n" in text
    # Anne with ten cards is paid for forcing Quinola; Bruno, barred, pays what he owes.
    assert net_of(settle(text))["Anne"] == 38
    without = gen.to_rvs(gen.Session(PLAYERS, (gen.Hand(1, PLAYERS, "Denis", exchange=exchange,
                                                        tricks=_tricks(TEN_CARD_TRICKS)),)),
                         with_exchange=False)
    assert "irregular: expose Bruno" in without


def test_gen_writes_a_trick_gathered_by_another():
    exchange = {"Anne": gen.ExchangeAction("discards", "KH"), "Bruno": gen.ExchangeAction("discards", "9H"),
                "Claire": gen.ExchangeAction("discards", "2D"), "Denis": gen.ExchangeAction("discards", "8H")}
    tricks = _tricks(TEN_CARD_TRICKS[:10] + ["Bruno: KS AD 7H QH"], {3: "Claire"})
    assert "  Bruno: AC 5D 3C 3S | gathered by Claire\n" in _record(exchange, tricks)
