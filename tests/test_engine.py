"""Settlement items kind by kind, with the numbers worked by hand in the comments.

Seats in order of play: Anne 0, Bruno 1, Claire 2, Denis 3; Anne–Claire and Bruno–Denis sit
opposite. parlett doubles side payments between opposite players and in tricks 10 and 11.
"""
from builders import EXAMPLE_TRICKS, PARTY_DUMP, hand, items_of, net_of, record, settle

ANTES = [(None, "pool-ante", None, p, "pool:1", 5, None) for p in ("Anne", "Bruno", "Claire", "Denis")]


def test_quinola_dumped_takes_the_pool_and_party_and_ace_led():
    ledger = settle(record(hand("Denis", PARTY_DUMP)))
    assert items_of(ledger) == ANTES + [
        (None, "dealer-ante", None, "Denis", "pool:1", 5, None),         # pool 25
        (1, "quinola-dumped", "JH", "Anne", "Bruno", 5, None),            # neighbours, trick 1
        (1, "pool-take", "JH", "pool:1", "Bruno", 25, None),              # Bruno takes the 25
        (1, "ace-dumped", "AD", "Anne", "Claire", 4, None),               # A♦ 2, ×2 opposite
        (1, "ace-dumped", "AC", "Anne", "Denis", 1, None),
        # Points: Anne 36 (tricks 1–8), Bruno 4 (A♥), Claire 0, Denis 0 (no trick each):
        # Denis, the dealer, comes first in the preference order. Talon 3♠ 2♠ 2♦ 2♣: 0 points.
        (None, "party", None, "Anne", "Denis", 4, None),
        # Led Aces, in trick order: Anne's A♠ in trick 1 (1, neighbours); Bruno's A♥ in
        # trick 11: 1 ×2 (opposite Denis) ×2 (trick 11) = 4.
        (1, "ace-led", "AS", "Anne", "Denis", 1, None),
        (11, "ace-led", "AH", "Bruno", "Denis", 4, None),
    ]
    assert net_of(ledger) == {"Anne": -20, "Bruno": 21, "Claire": -1, "Denis": 0}
    assert ledger.hands[0].settlement.pools_after == ()


def test_claims_waived_lapses_led_payments_but_not_the_remise():
    ledger = settle(record(hand("Bruno", EXAMPLE_TRICKS, "claims: waived\n")))
    kinds = [i[1] for i in items_of(ledger)]
    assert "ace-led" not in kinds and "quinola-led" not in kinds and "remise" in kinds
    # §13 nets without the led payments: Anne 39 − 2 − 20 − 5 − 5 = 7.
    assert net_of(ledger) == {"Anne": 7, "Bruno": -14 + 7, "Claire": -64 + 20, "Denis": -11 + 5}


def test_fines_out_of_turn_and_redeal():
    ledger = settle(record(hand("Bruno", EXAMPLE_TRICKS,
                                "irregular: out-of-turn Denis\nirregular: misdeal Bruno\n")))
    items = items_of(ledger)
    # The redeal's 5 comes at the start, after the dealer's ante; out-of-turn 5 at the end.
    assert items[5] == (None, "fine", None, "Bruno", "pool:1", 5, None)
    assert items[-1] == (None, "fine", None, "Denis", "pool:1", 5, None)
    assert ledger.hands[0].settlement.pools_after == (25 + 5 + 25 + 5 + 5,)  # remise doubled 30


def test_acknowledged_revoke_cancels_what_is_due_to_him_and_fines_him():
    ledger = settle(record(hand("Denis", PARTY_DUMP, "irregular: revoke Bruno\n")))
    items = items_of(ledger)
    assert (1, "quinola-dumped", "JH", "Anne", "Bruno", 5, "revoke") in items
    assert (1, "pool-take", "JH", "pool:1", "Bruno", 25, "revoke") in items   # the pool stays
    assert items[-1] == (None, "fine", None, "Bruno", "pool:1", 10, None)
    assert ledger.hands[0].settlement.pools_after == (35,)
    assert net_of(ledger)["Bruno"] == -5 - 4 - 10


def test_barred_player_gets_no_quinola_pool_and_cannot_win_the_party():
    ledger = settle(record(hand("Denis", PARTY_DUMP, "irregular: peek Bruno\n")))
    items = items_of(ledger)
    assert (1, "quinola-dumped", "JH", "Anne", "Bruno", 5, "barred") in items
    assert (1, "pool-take", "JH", "pool:1", "Bruno", 25, "barred") in items
    assert ledger.hands[0].settlement.pools_after == (25,)

    # In the example, Anne (4 points) peeks: Denis (7) wins the party instead; Claire loses.
    ledger = settle(record(hand("Bruno", EXAMPLE_TRICKS, "irregular: peek Anne\n")))
    party = [i for i in items_of(ledger) if i[1] in ("party", "ace-led", "quinola-led")]
    assert party == [
        (None, "party", None, "Claire", "Denis", 6, None),    # neighbours: 4 + 2
        (7, "ace-led", "AD", "Bruno", "Denis", 4, None),      # A♦ 2 ×2 opposite
        (9, "quinola-led", "JH", "Claire", "Denis", 10, None),
        (9, "quinola-led", "JH", "Anne", "Denis", 5, None),
        (9, "quinola-led", "JH", "Bruno", "Denis", 10, None),  # 5 ×2 opposite
    ]


def test_void_hand_pays_the_fine_and_nothing_else():
    ledger = settle(record("dealer: Bruno\nvoid: misdeal\n"))
    assert items_of(ledger) == ANTES + [
        (None, "dealer-ante", None, "Bruno", "pool:1", 5, None),
        (None, "fine", None, "Bruno", "pool:1", 20, None),
    ]
    assert ledger.hands[0].status == "void" and ledger.pools == (45,)


def test_remises_double_then_form_new_pools_and_quinola_takes_the_latest():
    # RULES §4's worked example: 25 → remise 25 → 50; next dealer 5 → 55; a remise of 55
    # forms pool 2; next dealer 5 → 60; a remise of 60 forms pool 3; Quinola takes pool 3.
    three = [hand("Bruno", EXAMPLE_TRICKS)] * 3
    ledger = settle(record(*three, hand("Denis", PARTY_DUMP), hand("Denis", PARTY_DUMP),
                           hand("Bruno", EXAMPLE_TRICKS)))
    pools = [(h.settlement.pools_before, h.settlement.pools_after) for h in ledger.hands]
    assert pools == [((), (50,)), ((50,), (55, 55)), ((55, 55), (55, 60, 60)),
                     ((55, 60, 60), (55, 60)),      # Denis antes 5 to pool 3 (65); Bruno takes it
                     ((55, 60), (55,)),             # 60 + 5 taken
                     ((55,), (60, 60))]             # no antes since hand 1: the remise forms a pool
    take = [i for i in items_of(ledger, 4) if i[1] == "pool-take"]
    assert take == [(1, "pool-take", "JH", "pool:3", "Bruno", 65, None)]
    remise = [i for i in items_of(ledger, 2) if i[1] == "remise"]
    assert remise == [(9, "remise", "JH", "Claire", "pool:2", 55, None)]


def test_every_hand_conserves_fish_and_balances_chain():
    ledger = settle(record(hand("Bruno", EXAMPLE_TRICKS), hand("Denis", PARTY_DUMP),
                           header="stake: 100\n"))
    running = {p: 100 for p in ledger.players}
    for h in ledger.hands:
        s = h.settlement
        assert sum(s.net.values()) + sum(s.pools_after) - sum(s.pools_before) == 0
        running = {p: running[p] + s.net[p] for p in running}
        assert h.balances == running


def test_split_pools_divides_what_is_left_and_keeps_the_remainder():
    from reversis_score.ledger.build import build_ledger
    from reversis_score.pipeline import check_text
    ledger = build_ledger(check_text(record(hand("Bruno", EXAMPLE_TRICKS)), "t.rvs"), split_pools=True)
    splits = [i for i in items_of(ledger) if i[1] == "pool-split"]
    # 50 left: 12 to each player, 2 stay on the table.
    assert splits == [(None, "pool-split", None, "pool:1", p, 12, None)
                      for p in ("Anne", "Bruno", "Claire", "Denis")]
    assert ledger.pools == (2,) and ledger.totals == {"Anne": 51, "Bruno": -2, "Claire": -52, "Denis": 1}
