"""docs/rules.md §13's worked hand, fish by fish: the example record of docs/notation.md."""
from reversis_score.ledger.build import build_ledger
from reversis_score.pipeline import check_text


def settle(text):
    session = check_text(text, "example.rvs")
    assert session.errors == []
    return build_ledger(session)


def test_worked_hand_nets_and_pool(example_text):
    # docs/rules.md §13: "Nets: Anne +39, Bruno −14, Claire −64, Denis −11; pool after: 50."
    hand = settle(example_text).hands[0].settlement
    assert hand.net == {"Anne": 39, "Bruno": -14, "Claire": -64, "Denis": -11}
    assert hand.pools_before == () and hand.pools_after == (50,)


def test_worked_hand_items_in_order(example_text):
    hand = settle(example_text).hands[0].settlement
    got = [(i.trick, i.kind, i.card, i.payer, i.payee, i.amount) for i in hand.items]
    assert got == [
        # no pool: each player antes 5 and Bruno, the dealer, adds 5 -> 25
        (None, "pool-ante", None, "Anne", "pool:1", 5),
        (None, "pool-ante", None, "Bruno", "pool:1", 5),
        (None, "pool-ante", None, "Claire", "pool:1", 5),
        (None, "pool-ante", None, "Denis", "pool:1", 5),
        (None, "dealer-ante", None, "Bruno", "pool:1", 5),
        # trick 8: Claire's A♣ forced on Bruno's club lead
        (8, "ace-forced", "AC", "Claire", "Bruno", 1),
        # trick 9: Claire leads Quinola: a remise of 25 doubles the pool to 50
        (9, "remise", "JH", "Claire", "pool:1", 25),
        # trick 9: Denis's A♥ forced on Claire's heart lead
        (9, "ace-forced", "AH", "Denis", "Claire", 1),
        # trick 10 (doubled): Bruno dumps A♠ on Denis's heart lead won by Claire's Q♥
        (10, "ace-dumped", "AS", "Claire", "Bruno", 2),
        # party: 4 + talon (7♥ 6♦ 6♠ Q♣ = 2) = 6, ×2 opposite (Anne, Claire)
        (None, "party", None, "Claire", "Anne", 12),
        # led payments to the party winner, in trick order
        (7, "ace-led", "AD", "Bruno", "Anne", 2),
        (9, "quinola-led", "JH", "Claire", "Anne", 20),
        (9, "quinola-led", "JH", "Bruno", "Anne", 5),
        (9, "quinola-led", "JH", "Denis", "Anne", 5),
    ]
    assert [i.seq for i in hand.items] == list(range(1, 15))
    assert all(i.cancelled_by is None and "RULES §" in i.why for i in hand.items)


def test_worked_hand_points_and_party(example_text):
    hand = settle(example_text).hands[0].settlement
    assert hand.play.points == {"Anne": 4, "Bruno": 12, "Claire": 15, "Denis": 7}
    assert sorted(map(str, hand.play.talon)) == ["6D", "6S", "7H", "QC"]
    assert (hand.outcome.party_winner, hand.outcome.party_loser, hand.outcome.party_value) == \
        ("Anne", "Claire", 6)
