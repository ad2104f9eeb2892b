"""The espagnolette (docs/rules.md §9), won and lost, worked by hand.

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


def test_espagnolette_lost_after_taking_the_pool_returns_it_twice():
    from builders import ESPAGNOLETTE_LOST_WITH_POOL
    announced = "announce: espagnolette Anne\n"
    ledger = settle(record(hand("Denis", ESPAGNOLETTE_LOST_WITH_POOL, before=announced)))
    assert played(ledger) == [
        (3, "quinola-dumped", "JH", "Claire", "Anne", 10, None),  # 5 ×2 opposite
        (3, "pool-take", "JH", "pool:1", "Anne", 25, None),
        (4, "ace-forced", "AC", "Anne", "Claire", 2, None),       # on Claire's club lead
        (7, "ace-forced", "AS", "Denis", "Claire", 1, None),
        (8, "ace-dumped", "AD", "Denis", "Anne", 2, None),
        # Anne took tricks 1 and 4: she loses the party; among the others Bruno (3 points)
        # wins. Talon Q♠ 3♠ K♥ Q♦ = 7: 4 + 7 = 11, neighbours.
        (None, "party", None, "Anne", "Bruno", 11, None),
        (1, "ace-led", "AH", "Anne", "Bruno", 1, None),            # her A♥ led in trick 1
        (3, "espagnolette-return", None, "Anne", "Claire", 20, None),
        (8, "espagnolette-return", None, "Anne", "Denis", 4, None),
        # The 25 she took comes back twice over, as a new pool (no pool stood any more).
        (None, "pool-return", None, "Anne", "pool:1", 50, None),
    ]
    assert net_of(ledger)["Anne"] == -5 + 10 + 25 - 2 + 2 - 11 - 1 - 20 - 4 - 50
    assert ledger.pools == (50,)


def test_espagnolette_alone_pays_a_made_reversis():
    from builders import REVERSIS_AGAINST_ESPAGNOLETTE
    text = record(hand("Denis", REVERSIS_AGAINST_ESPAGNOLETTE, before="announce: espagnolette Denis\n"))
    ledger = settle(text)
    # Everything of tricks 1–9 (Denis's Quinola and Aces placed, his pool) is returned; the
    # espagnolette alone pays Anne all 64 (16 + 16 + 32); Bruno and Claire pay nothing.
    assert [i for i in played(ledger) if i[6] is None] == [
        (None, "reversis-made", None, "Denis", "Anne", 64, None)]
    assert ledger.hands[0].settlement.outcome.espagnolette == {"player": "Denis", "result": "reversis"}
    assert net_of(ledger) == {"Anne": 59, "Bruno": -5, "Claire": -5, "Denis": -74}


def test_a_broken_reversis_and_the_espagnolette_in_parlett_and_manuscrit():
    from builders import REVERSIS_BROKEN_WITH_ESPAGNOLETTE
    text = record(hand("Denis", REVERSIS_BROKEN_WITH_ESPAGNOLETTE))
    # parlett: the reversis player pays the breaker; trick 10 is doubled, so Bruno's Quinola
    # forced on Anne's heart lead pays her 10×2, Claire (opposite) 5×2×2, Denis 5×2.
    ledger = settle(text)
    assert [i for i in played(ledger) if i[6] is None] == [
        (10, "quinola-forced", "JH", "Bruno", "Anne", 20, None),
        (10, "quinola-forced", "JH", "Claire", "Anne", 20, None),
        (10, "quinola-forced", "JH", "Denis", "Anne", 10, None),
        (None, "reversis-broken", None, "Anne", "Bruno", 64, None),
    ]
    # manuscrit: "l'Espagnolette paye tout le reversis à celui qui rompt"; and the Quinola
    # that broke it pays nothing: "Celui qui rompt le reversis à la bonne, reçoit 64 fiches de
    # celui qui l'avoit entrepris. Les autres joueurs n'ont rien." (broken_by_quinola: none)
    ledger = settle(record(hand("Denis", REVERSIS_BROKEN_WITH_ESPAGNOLETTE), rules="manuscrit"))
    assert [i for i in played(ledger) if i[6] is None] == [
        (None, "reversis-broken", None, "Denis", "Bruno", 64, None),
    ]
    assert net_of(ledger) == {"Anne": -10, "Bruno": 54, "Claire": -10, "Denis": -79}  # antes 10, 15
