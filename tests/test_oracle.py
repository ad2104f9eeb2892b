"""Hand-computed checks of the oracle (tests/oracle.py) against docs/rules.md.

Seats, in order of play: Anne 0, Bruno 1, Claire 2, Denis 3. Opposite pairs: Anne-Claire and
Bruno-Denis; every other pair are neighbours. Card points: A 4, K 3, Q 2, J 1.
Every designed hand below was checked card by card: each player holds exactly the 11 cards he
plays (no deal recorded), the talon is the 4 cards never played, and the oracle itself rejects
a wrong leader or an unacknowledged revoke, so the records are legal.
"""
from oracle import PRESETS, settle_session
from oracle_settle import Book, Table

P = ["Anne", "Bruno", "Claire", "Denis"]


def hand(dealer, text, **kw):
    """A hand from trick lines 'Leader: c1 c2 c3 c4' (cards in order of play from the leader)."""
    tricks = []
    for line in filter(str.strip, text.splitlines()):
        leader, cards = line.split(":")
        tricks.append({"leader": leader.strip(), "cards": cards.split()})
    assert len(tricks) == 11
    return {"dealer": dealer, "void": False, "tricks": tricks, "held": {}, "announce": None,
            "irregular": [], "claims_waived": False, "barred": [], **kw}


def settle(preset, *hands, **changed):
    return settle_session({**PRESETS[preset], **changed}, P, list(hands))


def nets(r):
    return [r["net"][p] for p in P]


def counted(r):
    """The items that count, as (kind, payer, payee, amount), a pool written "pool"."""
    def side(name):
        return "pool" if name.startswith("pool:") else name
    return [(i.kind, side(i.payer), side(i.payee), i.amount) for i in r["items"] if i.cancelled_by is None]


# --- the worked hand of docs/rules.md §13 (record in docs/notation.md), dealer Bruno ------------------
WORKED = hand("Bruno", """
Claire: 2C JC 7C 5C
Denis: 6H 8H KH 4H
Bruno: 9D 8D 3D KD
Anne: JS 7S 2S 5S
Anne: 9S KS 4S QD
Bruno: 7D 3C 5D 4D
Bruno: AD 8S 3H 2D
Bruno: 9C AC KC 6C
Claire: JH AH 2H JD
Denis: 5H 4C AS QH
Claire: QS 9H 3S 8C
""")


def test_worked_hand():
    (r,) = settle("parlett", WORKED)
    assert r["net"] == {"Anne": 39, "Bruno": -14, "Claire": -64, "Denis": -11}
    assert r["pools_after"] == [50]
    assert counted(r) == [
        ("pool-ante", "Anne", "pool", 5), ("pool-ante", "Bruno", "pool", 5),
        ("pool-ante", "Claire", "pool", 5), ("pool-ante", "Denis", "pool", 5),
        ("dealer-ante", "Bruno", "pool", 5),
        ("ace-forced", "Claire", "Bruno", 1),        # trick 8: A♣ forced on Bruno's club lead
        ("remise", "Claire", "pool", 25),            # trick 9: Quinola led -> remise doubles pool
        ("ace-forced", "Denis", "Claire", 1),        # trick 9: A♥ forced on Claire's heart lead
        ("ace-dumped", "Claire", "Bruno", 2),        # trick 10 (doubled): A♠ dumped, Claire wins
        ("party", "Claire", "Anne", 12),             # (4 + Q♣ 2) x2 opposite
        ("ace-led", "Bruno", "Anne", 2),             # trick 7: A♦ led, 1 x factor 2
        ("quinola-led", "Claire", "Anne", 20),       # trick 9: 10 x2 opposite
        ("quinola-led", "Bruno", "Anne", 5),
        ("quinola-led", "Denis", "Anne", 5),
    ]


def test_worked_hand_claims_waived():
    # The led Ace/Quinola payments lapse (Anne loses 2+20+5+5); the remise stands (§13 rule 4).
    (r,) = settle("parlett", {**WORKED, "claims_waived": True})
    assert nets(r) == [39 - 32, -14 + 7, -64 + 20, -11 + 5]
    assert r["pools_after"] == [50]


def test_worked_hand_revoke_cancels_receipts():
    # Anne acknowledged as a revoker: every payment due to her lapses (party 12, led 2+20+5+5)
    # and she pays a fine of 10 into the latest pool at the end: pool 50 -> 60.
    (r,) = settle("parlett", {**WORKED, "irregular": [("revoke", "Anne")]})
    assert nets(r) == [-15, -7, -32, -6]
    assert r["pools_after"] == [60]


def test_worked_hand_barred_winner():
    # Anne barred: she cannot win; the next in the ranking (Denis 7) wins. Claire (15) pays
    # Denis 6 (neighbours). Led payments go to Denis: Bruno's A♦ 2 x2 (opposite) = 4; Claire's
    # Quinola 10 (neighbours), Anne 5, Bruno 5 x2 (opposite) = 10.
    (r,) = settle("parlett", {**WORKED, "barred": ["Anne"]})
    assert nets(r) == [-10, -21, -48, 29]
    assert r["pools_after"] == [50]


def test_worked_hand_dafydd_pairwise():
    # Points Anne 4 < Denis 7 < Bruno 12 < Claire 15: each pays 2 to every player with fewer.
    (r,) = settle("dafydd", WORKED)
    assert nets(r) == [6, -2, -6, 2]
    assert r["pools_after"] == []


# --- §5 check: heart led to the last trick draws Quinola from the player opposite ----------
# Dealer Denis, so Anne leads trick 1. Every trick is all one suit (everyone follows).
# Talon: JD QD KD AD = 10 points.
FORCED_LAST = hand("Denis", """
Anne: 2S 3S 4S 5S
Denis: 6S 7S 8S 9S
Claire: JS QS KS AS
Bruno: 2C 3C 4C 5C
Anne: 6C 7C 8C 9C
Denis: JC QC KC AC
Claire: 2D 3D 4D 5D
Bruno: 6D 7D 8D 9D
Anne: 2H 3H 4H 5H
Denis: 6H 9H 7H 8H
Anne: QH KH JH AH
""")
# t1 Denis 0 | t2 Claire (9S) 0 | t3 Bruno's A♠ forced: Bruno pays leader Claire 1; 10 pts
# t4 Anne | t5 Denis | t6 Claire's A♣ forced: pays leader Denis 1; 10 pts | t7 Bruno | t8 Anne
# t9 Denis | t10 Anne (9H) | t11 Anne leads QH, Claire (opposite) forced Quinola:
#   Claire pays Anne 10 x2 (opposite) x2 (trick 11) = 40, Bruno and Denis 5 x2 = 10 each,
#   Claire pays a remise of 25 (pool -> 50); Denis's A♥ forced: pays Anne 1 x2 = 2; 10 pts.
# Points: Anne 0 (3 tricks), Bruno 10 (2), Claire 10 (2), Denis 10 (4): Anne wins, Denis loses
# (tie on points -> most tricks). Party 4 + 10 = 14, neighbours.
# Anne -5 +40+10+10+2+14 = 71; Bruno -5-1-10 = -16; Claire -5+1-1-40-25 = -70;
# Denis -10+1-10-2-14 = -35.  Sum -50 = -(pool growth).


def test_section5_check_40_and_10():
    (r,) = settle("parlett", FORCED_LAST)
    assert ("quinola-forced", "Claire", "Anne", 40) in counted(r)
    assert ("quinola-forced", "Bruno", "Anne", 10) in counted(r)
    assert ("quinola-forced", "Denis", "Anne", 10) in counted(r)
    assert ("remise", "Claire", "pool", 25) in counted(r)
    assert nets(r) == [71, -16, -70, -35]
    assert r["pools_after"] == [50]


def test_section5_check_denexa_no_multipliers():
    # denexa: no doubling at all -> 10, 5, 5; A♥ forced 1. Party 14 (neighbours).
    (r,) = settle("denexa", FORCED_LAST)
    assert ("quinola-forced", "Claire", "Anne", 10) in counted(r)
    assert nets(r) == [-5 + 10 + 5 + 5 + 1 + 14, -5 - 1 - 5, -5 + 1 - 1 - 10 - 25, -10 + 1 - 5 - 1 - 14]


# --- espagnolette: Claire holds all four Aces, dealer Denis ------------------------------
# Claire: AH AS AD AC 2D 3D 4D 5D 6D 7D + (8D | KD). Talon QS KS JH 9C = 6 points.
ESP_1_9 = """
Anne: 2S 3S AH 4S
Denis: 5S 6S 7S 2D
Bruno: 2C AS 3C 4C
Anne: 5C 6C AD 7C
Denis: 8S 9S JS AC
Bruno: 2H 3D 3H 4H
Anne: 5H 6H 4D 7H
Denis: 8H 9H KH 5D
Bruno: QH 6D 8C JC
"""
# t1 Claire dumps A♥ while holding A♠ (a revoke under her right: she has undertaken);
#    Denis wins: pays her 1. t2 she revokes again (2D). t3 A♠ dumped, Anne (opposite) wins:
#    1 x2 = 2. t4 A♦ dumped, Denis wins: 2. t5 A♣ dumped (no spade left), Bruno wins: 1.
ESP_WON = hand("Denis", ESP_1_9 + """
Bruno: 9D 7D QD KD
Anne: KC JD 8D QC
""")


def test_espagnolette_won():
    # Claire takes no trick: she wins the party. Points: Anne 15 (t3 4, t6 0, t10 5, t11 6),
    # Bruno 11, Denis 8, Claire 0. Loser Anne; 4 + talon 6 = 10, x2 opposite = 20.
    # Claire -5 +1+2+2+1 +20 = 21; Anne -5-2-20 = -27; Bruno -5-1 = -6; Denis -10-1-2 = -13.
    (r,) = settle("parlett", ESP_WON)
    assert nets(r) == [-27, -6, 21, -13]
    assert r["pools_after"] == [25]
    assert ("party", "Anne", "Claire", 20) in counted(r)


# Same deal but Claire keeps K♦ (Anne gets 8♦): forced to follow diamonds in trick 11, she wins it.
ESP_LOST = hand("Denis", ESP_1_9 + """
Bruno: 9D 7D KC 8D
Bruno: JD KD QC QD
""")


def test_espagnolette_lost():
    # Points: Anne 4 (2 tricks), Bruno 14 (5), Denis 8 (3), Claire 8 (1). The normal loser
    # would be Bruno; Claire loses in his place and pays the normal winner Anne 10 x2 = 20.
    # She pays back twice each dump payment: Denis 2 and 4, Anne 4, Bruno 2.
    # Claire -5 +6 -20 -12 = -31; Anne -5-2+20+4 = 17; Bruno -5-1+2 = -4; Denis -10-3+6 = -7.
    (r,) = settle("parlett", ESP_LOST)
    assert nets(r) == [17, -4, -31, -7]
    assert r["pools_after"] == [25]
    assert ("party", "Claire", "Anne", 20) in counted(r)
    assert ("espagnolette-return", "Claire", "Denis", 4) in counted(r)


# Claire holds all four Aces but follows suit throughout (dealer Denis; talon 9H JH QH KH = 6).
FOLLOWS = hand("Denis", """
Anne: 2S 3S AS 4S
Claire: 5S 6S 7S 8S
Bruno: 9S JS QS KS
Anne: 2C 3C AC 4C
Claire: 5C 6C 7C 8C
Bruno: 9C JC QC KC
Anne: 2H 3H AH 4H
Claire: 5H 6H 7H 8H
Bruno: 2D AD 3D 4D
Claire: 5D 6D 7D 8D
Bruno: 9D JD QD KD
""")
# Her Aces are forced and win: she pays Anne 1 x2 (opposite) in t1, t4, t7 and Bruno 2 (A♦)
# in t9. Points: Claire 16 (4 tricks), Anne 18 (3), Bruno 0 (4), Denis 0 (0).


def test_qualified_but_not_undertaken_is_a_normal_player():
    # No announce, no revoke: no espagnolette. Denis wins, Anne loses: 4 + 6 = 10, neighbours.
    (r,) = settle("parlett", FOLLOWS)
    assert nets(r) == [-5 + 6 - 10, -5 + 2, -5 - 8, -10 + 10]


def test_announced_espagnolette_that_takes_tricks_is_lost():
    # Announced: Claire loses the party in Anne's place and pays the normal winner Denis 10
    # (neighbours); she received no dump payment, so nothing is returned.
    (r,) = settle("parlett", {**FOLLOWS, "announce": "Claire"})
    assert nets(r) == [-5 + 6, -5 + 2, -5 - 8 - 10, -10 + 10]
    assert ("party", "Claire", "Denis", 10) in counted(r)


# Quinola + three Aces: swap A♥ (to the talon) and J♥ (to Claire). Talon QS KS AH 9C = 9.
def _with_quinola(h):
    out = dict(h, tricks=[dict(t, cards=["JH" if c == "AH" else c for c in t["cards"]]) for t in h["tricks"]])
    return out


def test_espagnolette_quinola_won_takes_pool():
    # t1: Quinola dumped, Denis wins: pays Claire 5 (neighbours), Claire takes the pool (25).
    # Points: Anne 15, Bruno 11, Denis 5, Claire 0 -> Claire wins, Anne pays (4+9) x2 = 26.
    # Claire -5 +5 +25 +2+2+1 +26 = 56; Anne -5-2-26 = -33; Bruno -6; Denis -10-5-2 = -17.
    (r,) = settle("parlett", _with_quinola(ESP_WON))
    assert nets(r) == [-33, -6, 56, -17]
    assert r["pools_after"] == []


def test_espagnolette_quinola_lost_returns_pool_twice():
    # Points: Anne 4, Bruno 14, Denis 5, Claire 8. Claire pays Anne (4+9) x2 = 26; returns
    # Denis 10 and 4, Anne 4, Bruno 2; and 2 x 25 = 50 into a reinstated pool (§13 rule 7).
    # Claire -5 +5+25+5 -26 -20 -50 = -66; Anne -5-2+26+4 = 23; Bruno -4; Denis -10-7+14 = -3.
    (r,) = settle("parlett", _with_quinola(ESP_LOST))
    assert nets(r) == [23, -4, -66, -3]
    assert r["pools_after"] == [50]
    assert ("pool-return", "Claire", "pool", 50) in counted(r)


def test_espagnolette_quinola_lost_manuscrit():
    # manuscrit: basket 4x10 + 5 = 45; trick 1 is doubled: Denis pays Claire 5 x2 = 10 and she
    # takes 45. Talon (A♦/J♥ absent) 9 -> party 13 x2 = 26 to Anne. Returns doubled: Denis 20
    # and 4, Anne 4, Bruno 2 (no Ace/Quinola passed between the others). Instead of the pool
    # she pays a remise: the basket is empty, so it equals the pool she took, 45 (rule 3).
    # Claire -10 +10+45+5 -26 -30 -45 = -51; Anne -10-2+26+4 = 18; Bruno -10-1+2 = -9;
    # Denis -15-10-2+24 = -3.
    (r,) = settle("manuscrit", _with_quinola(ESP_LOST))
    assert nets(r) == [18, -9, -51, -3]
    assert r["pools_after"] == [45]


# --- the reversis: Anne, dealer Denis, leads and wins tricks 1-9 --------------------------
REV_1_9 = """
Anne: AS 2S 3S 4S
Anne: KS 5S 6S 7S
Anne: QS 8S 9S JS
Anne: AC 2C 3C 4C
Anne: KC 5C 6C 7C
Anne: QC 8C 9C JC
Anne: AH QH 2H 3H
Anne: KH 4H 5H 6H
Anne: JH 7H 8H 9H
"""
# Aces led in t1, t4, t7 and Quinola led in t9 (its remise): all returned by the reversis.


def test_reversis_made():
    # Talon QD JD 8D 9D. Anne wins 10 and 11 too: Bruno and Denis pay 16, Claire 32; she played
    # Quinola in trick 9, so she takes the latest pool as restored (25).
    # Anne -5 +64 +25 = 84; Bruno -21; Claire -37; Denis -10-16 = -26; pools [25] -> [].
    h = hand("Denis", REV_1_9 + """
Anne: AD 2D 3D 4D
Anne: KD 5D 6D 7D
""")
    (r,) = settle("parlett", h)
    assert nets(r) == [84, -21, -37, -26]
    assert r["pools_after"] == []
    assert {i[0] for i in counted(r)} == {"pool-ante", "dealer-ante", "reversis-made", "pool-take"}


REV_BROKEN = hand("Denis", REV_1_9 + """
Anne: KD AD 2D 3D
Bruno: 4D 5D 6D QD
""")
# t10: Bruno's A♦ beats Anne's K♦ (no side payment: reversis), Bruno breaks it; t11 Anne wins.


def test_reversis_broken():
    # Anne pays the breaker Bruno 64, and a remise since she played Quinola in trick 9: the t9
    # remise was returned, so the restored pool (25) is doubled -> 50.
    # Anne -5-64-25 = -94; Bruno -5+64 = 59; Claire -5; Denis -10.
    (r,) = settle("parlett", REV_BROKEN)
    assert nets(r) == [-94, 59, -5, -10]
    assert r["pools_after"] == [50]


def test_reversis_broken_by_trick_regles_fr():
    # regles-fr: basket 45. Broken at trick 10 by a neighbour: what he would have paid, 16;
    # plus the remise for Quinola played in tricks 1-9: 45 -> 90.
    (r,) = settle("regles-fr", REV_BROKEN)
    assert nets(r) == [-10 - 16 - 45, -10 + 16, -10, -15]
    assert r["pools_after"] == [90]


def test_barred_player_cannot_undertake_a_reversis():
    # Anne barred: winning the first nine tricks is no reversis; the hand settles as a party.
    h = hand("Denis", REV_1_9 + """
Anne: AD 2D 3D 4D
Anne: KD 5D 6D 7D
""", barred=["Anne"])
    (r,) = settle("parlett", h)
    # Anne took 37 points and all 11 tricks: she loses; the others tie at 0 points, 0 tricks
    # -> preference: the dealer Denis wins. 4 + talon (Q 2, J 1) = 7, neighbours.
    # Her t9 Quinola lead: remise 25 (pool 50). Led payments to Denis: A♠, A♣, A♥ 1 each,
    # A♦ (t10, doubled) 2 x2 = 4, Quinola 10 and 5 from Bruno x2 (opposite) and 5 from Claire.
    assert ("party", "Anne", "Denis", 7) in counted(r)
    assert nets(r) == [-5 - 25 - 7 - 3 - 4 - 10, -5 - 10, -5 - 5, -10 + 7 + 3 + 4 + 10 + 10 + 5]
    assert r["pools_after"] == [50]


# Anne holds eleven spades and wins every trick; Claire holds Quinola and A♣ A♥ A♦ and dumps
# them (no side payments under a reversis). Talon 2S 9H QH KH. Nobody else has a spade.
REV_ESP = hand("Denis", """
Anne: AS 9C AC 2D
Anne: KS JC AH 3D
Anne: QS QC AD 4D
Anne: JS KC JH 5D
Anne: 9S 2H 2C 6D
Anne: 8S 3H 3C 7D
Anne: 7S 4H 4C 8D
Anne: 6S 5H 5C 9D
Anne: 5S 6H 6C JD
Anne: 4S 7H 7C QD
Anne: 3S 8H 8C KD
""")


def test_reversis_made_paid_by_the_espagnolette():
    # Claire could not revoke (no spades), so she has undertaken only if she announced.
    # Announced: she alone pays Anne 64. Anne -5+64 = 59; Claire -69; Bruno -5; Denis -10.
    (r,) = settle("parlett", {**REV_ESP, "announce": "Claire"})
    assert nets(r) == [59, -5, -69, -10]
    assert r["pools_after"] == [25]
    # Not announced: the ordinary 16 / 32 / 16.
    (r,) = settle("parlett", REV_ESP)
    assert nets(r) == [59, -21, -37, -26]


# Anne leads spades and wins tricks 1-9, then leads 2♥ in trick 10: Bruno's only heart is
# Quinola, which wins. Talon QH KH AH KD.
REV_BY_QUINOLA = hand("Denis", """
Anne: AS 2C 2S 3S
Anne: KS 3C 3H 2D
Anne: QS 4C 4H 3D
Anne: JS 5C 5H 4D
Anne: 9S 6C 6H 5D
Anne: 8S 7C 7H 6D
Anne: 7S 8C 8H 7D
Anne: 6S 9C 9H 8D
Anne: 5S JC KC 9D
Anne: 2H JH AC JD
Bruno: QC AD QD 4S
""")


def test_reversis_broken_by_quinola():
    # forced (parlett): Anne pays Bruno 64 and receives the forced-Quinola payments of trick 10
    # (doubled): Bruno 10 x2 = 20, Claire 5 x2 x2 (opposite) = 20, Denis 5 x2 = 10. No remise.
    (r,) = settle("parlett", REV_BY_QUINOLA)
    assert nets(r) == [-5 - 64 + 50, -5 + 64 - 20, -5 - 20, -10 - 10]
    assert r["pools_after"] == [25]
    # flat (denexa): Anne pays 64, Bruno pays her 10, nothing else (net 54, as Denexa says).
    (r,) = settle("denexa", REV_BY_QUINOLA)
    assert nets(r) == [-5 - 54, -5 + 54, -5, -10]


# --- §4 pools ---------------------------------------------------------------------------
def test_section4_worked_pool_example_table():
    t = Table("multiple")
    book = Book(PRESETS["parlett"], P, t, {"irregular": [], "barred": [], "takers": [], "ten_cards": []})
    for p in P:
        book.into_pool("pool-ante", p, 5)
    book.into_pool("dealer-ante", "Anne", 5)
    assert t.pools == [25]
    book.remise("Anne")
    assert t.pools == [50]                   # the first remise doubles the pool
    book.into_pool("dealer-ante", "Bruno", 5)
    assert t.pools == [55]                   # next dealer adds 5
    book.remise("Bruno")
    assert t.pools == [55, 55]               # a remise of 55 forms pool 2
    book.into_pool("dealer-ante", "Claire", 5)
    assert t.pools == [55, 60]
    book.remise("Claire")
    assert t.pools == [55, 60, 60]           # a remise of 60 forms pool 3
    assert book.take("Denis", 3) == 60       # placing Quinola takes pool 3 (60)
    assert t.pools == [55, 60]
    assert book.items[-1] == ("pool-take", "pool:3", "Denis", 60, 3, None)


def test_section4_pools_over_a_session():
    # Hands 1-3: the §5 hand (Claire's Quinola forced, dealer Denis each time: a skipped deal is
    # only a warning). Hand 4: Claire's espagnolette places Quinola and takes the latest pool.
    # Hand 5: a remise with older pools standing forms a new pool (§13 rule 2).
    rs = settle("parlett", FORCED_LAST, FORCED_LAST, FORCED_LAST, _with_quinola(ESP_WON), FORCED_LAST)
    assert [r["pools_after"] for r in rs] == [[50], [55, 55], [55, 60, 60], [55, 60], [55, 65, 65]]
    assert ("pool-take", "pool", "Claire", 65) in counted(rs[3])
    # hand 4 without antes: Claire +5 +65 +2+2+1 +26 = 101; Anne -28; Bruno -1; Denis -12
    assert nets(rs[3]) == [-28, -1, 101, -12]


def test_void_misdeal():
    (r,) = settle("parlett", {"dealer": "Bruno", "void": True, "tricks": [], "irregular": []})
    assert nets(r) == [-5, -30, -5, -5]
    assert r["pools_after"] == [45]
