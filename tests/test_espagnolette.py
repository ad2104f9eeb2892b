"""The espagnolette (RULES.md §9), won and lost, worked by hand.

Dealer Denis holds A♠ A♥ A♦ A♣; Anne 0, Bruno 1, Claire 2, Denis 3 in order of play, so
Bruno sits opposite Denis.
"""
from builders import ESPAGNOLETTE_LOST, ESPAGNOLETTE_WON, hand, items_of, net_of, record, settle

STARTS = {"pool-ante", "dealer-ante"}


def played(ledger):
    return [i for i in items_of(ledger) if i[1] not in STARTS]


def test_espagnolette_won_by_revoking_wins_the_party_and_keeps_his_aces():
    ledger = settle(record(hand("Denis", ESPAGNOLETTE_WON)))
    assert played(ledger) == [
        (1, "ace-dumped", "AH", "Anne", "Denis", 1, None),
        (2, "ace-dumped", "AS", "Bruno", "Denis", 2, None),   # ×2 opposite
        (3, "ace-dumped", "AD", "Bruno", "Denis", 4, None),   # A♦ 2, ×2 opposite
        (4, "ace-dumped", "AC", "Bruno", "Denis", 2, None),
        # Denis wins the party whatever the points; the loser is Bruno (32 points).
        # Talon J♥ 4♣ 3♣ 2♣: 1 point, so 4 + 1 = 5, ×2 opposite.
        (None, "party", None, "Bruno", "Denis", 10, None),
    ]
    outcome = ledger.hands[0].settlement.outcome
    assert outcome.espagnolette == {"player": "Denis", "result": "won"}
    assert net_of(ledger) == {"Anne": -6, "Bruno": -23, "Claire": -5, "Denis": 9}


def test_espagnolette_announced_is_the_same_undertaking():
    ledger = settle(record(hand("Denis", ESPAGNOLETTE_WON, before="announce: espagnolette Denis\n")))
    assert ledger.hands[0].settlement.outcome.espagnolette["result"] == "won"


def test_espagnolette_lost_pays_back_his_aces_twice_and_loses_the_party():
    ledger = settle(record(hand("Denis", ESPAGNOLETTE_LOST)))
    assert played(ledger) == [
        (1, "ace-dumped", "AH", "Anne", "Denis", 1, None),
        (2, "ace-dumped", "AS", "Bruno", "Denis", 2, None),
        (4, "ace-dumped", "AC", "Bruno", "Denis", 2, None),
        (11, "ace-forced", "AD", "Denis", "Bruno", 8, None),   # 2 ×2 opposite ×2 trick 11
        # He loses the party in place of Bruno; the winner among the others is Claire
        # (0 points, no trick); they are neighbours: 4 + 1.
        (None, "party", None, "Denis", "Claire", 5, None),
        # Every dump payment back, twice over.
        (1, "espagnolette-return", None, "Denis", "Anne", 2, None),
        (2, "espagnolette-return", None, "Denis", "Bruno", 4, None),
        (4, "espagnolette-return", None, "Denis", "Bruno", 4, None),
    ]
    assert ledger.hands[0].settlement.outcome.espagnolette == {"player": "Denis", "result": "lost"}
    assert net_of(ledger) == {"Anne": -4, "Bruno": 7, "Claire": 0, "Denis": -28}


def test_espagnolette_lost_under_manuscrit_doubles_trick_one():
    # manuscrit doubles tricks 1 and 11: A♥ placed in trick 1 pays 2, returned as 4.
    ledger = settle(record(hand("Denis", ESPAGNOLETTE_LOST), rules="manuscrit"))
    items = played(ledger)
    assert (1, "ace-dumped", "AH", "Anne", "Denis", 2, None) in items
    assert (1, "espagnolette-return", None, "Denis", "Anne", 4, None) in items
