"""Fixed, hand-worked records for replay/ (issue 43 item 4): each a short record and the exact
findings it must produce (line, column and message, hand and trick), or the replayed fact.

In the style of tests/test_edges.py and tests/test_stages.py: no hypothesis, no subprocess, so
that a mutation run over replay/ can afford them on every mutant (bench/mutate.py).
Players sit Anne Bruno Claire Denis in order of play.
"""
from __future__ import annotations

import pytest
from builders import EXAMPLE_TRICKS, hand, record
from test_stages import findings  # (line, column, message) of each problem, its hand and trick first

from reversis_score.pipeline import check_text


def tricks_with(*changes: tuple[int, str]) -> list[str]:
    """The example hand's tricks (dealer Bruno), some lines changed (trick number, new line)."""
    tricks = list(EXAMPLE_TRICKS)
    for number, line in changes:
        tricks[number - 1] = line
    return tricks


def test_the_example_hand_is_clean():
    assert findings(record(hand("Bruno", EXAMPLE_TRICKS))) == []
    assert findings(record(hand("Bruno", EXAMPLE_TRICKS)), "warning") == []


# ================================================================ a hand cut short: in progress or unfinished
T = EXAMPLE_TRICKS


@pytest.mark.parametrize("tricks, expected", [
    (T[:5] + ["Bruno: 7D 3C"], [(12, 3, "hand 1 in progress (trick 6)")]),
    (T[:5], [(11, 3, "hand 1 in progress (trick 6)")]),
    (T[:10] + ["Claire: QS"], [(17, 3, "hand 1 in progress (trick 11)")]),
    ([], [(5, 9, "hand 1 in progress (trick 1)")]),  # at the dealer's name
])
def test_a_last_hand_cut_short_with_nothing_wrong_is_in_progress(tricks, expected):
    text = record(hand("Bruno", tricks))
    assert findings(text) == [] and findings(text, "warning") == []
    assert findings(text, "note") == expected


def test_a_last_hand_cut_short_with_a_mistake_is_unfinished():
    text = record(hand("Bruno", T[:4] + ["Anne: 9S KS 4S 2C"]))
    assert findings(text) == [
        (11, 18, "hand 1, trick 5: 2♣ is played twice: it was played in trick 1"),
        (11, 3, "hand 1 is unfinished: 5 of 11 tricks recorded (`reversis-score record` resumes it)")]
    assert findings(text, "note") == []


def test_a_hand_cut_short_before_another_is_a_mistake():
    text = record(hand("Bruno", T[:5] + ["Bruno: 7D 3C"]), hand("Claire", T))
    assert findings(text)[0] == (12, 3, "hand 1: the hand stops in trick 6, after 2 of its 4 cards: a "
                                        "hand is "
                                         "11 tricks (or 'void: misdeal')")
    assert findings(text, "note") == []


@pytest.mark.parametrize("tricks, expected", [
    (T[:3] + ["5. Anne: JS 7S 2S 5S"],
     [(10, 3, "hand 1, trick 4: this trick is numbered 5 but is trick 4 of the hand: a trick line before "
              "it is "
              "missing, or its number is wrong")]),
    (T[:4] + ["4. Anne: 9S KS 4S QD"],
     [(11, 3, "hand 1, trick 5: this trick is numbered 4 but is trick 5 of the hand: a trick line before "
              "it is "
              "written twice, or its number is wrong")]),  # the numbers say why: not "unfinished"
    (T + ["Claire: QS 9H 3S 8C"], [(18, 3, "hand 1: the hand has 12 tricks: a hand is 11 tricks (or 'void: "
                                            "misdeal')")]),
])
def test_a_trick_numbered_out_of_place_or_a_twelfth_trick_is_said(tricks, expected):
    assert findings(record(hand("Bruno", tricks))) == expected


# ================================================================ a hand by its events
def events_hand(*lines: str, dealer: str = "Bruno", rules: str = "parlett") -> str:
    body = "".join(f"  {line}\n" for line in lines)
    return f"players: Anne Bruno Claire Denis\nrules: {rules}\n\nhand 1\ndealer: {dealer}\nevents:\n{body}"


PARTY = ["party: Anne wins, Claire loses", "talon: 6S 7H 6D QC"]
NOT_CHECKED = [(6, 1, "hand 1 is recorded by its events; its play is not checked")]


@pytest.mark.parametrize("lines, expected", [
    (["7. Bruno leads AD", "7. Bruno places AS, Claire takes it"],
     [(10, 19, "hand 1, trick 7: Bruno plays A♦ and A♠ in trick 7: one card a player a trick")]),
    (["7. Bruno places AS, Claire takes it", "7. Bruno places AD, Claire takes it"],
     [(10, 19, "hand 1, trick 7: Bruno plays A♠ and A♦ in trick 7: one card a player a trick")]),
    (["7. Bruno leads AD", "7. Claire leads AH"],
     [(10, 3, "hand 1, trick 7: trick 7 is led by Bruno and by Claire: one player leads a trick")]),
    (["7. Bruno forces AC from Claire", "7. Denis leads AD"],
     [(10, 3, "hand 1, trick 7: trick 7 is led by Bruno and by Denis: one player leads a trick")]),
    (["7. Bruno forces AC from Claire", "7. Anne forces AH from Denis"],
     [(10, 3, "hand 1, trick 7: trick 7 is led by Bruno and by Anne: one player leads a trick")]),
    (["7. Bruno places AS, Claire takes it", "7. Denis places AD, Anne takes it"],
     [(10, 23, "hand 1, trick 7: trick 7 is taken by Claire and by Anne: one player takes a trick")]),
    (["7. Bruno leads AD", "8. Claire leads AD"],
     [(10, 19, "hand 1, trick 8: A♦ is led twice, in trick 7 and in trick 8: each card is played once")]),
    (["7. Bruno leads QC"], [(9, 18, "hand 1, trick 7: Q♣ is paid nothing: the events are the Aces and "
                                     "Quinola")]),
    (["7. Bruno forces AC from Bruno"],
     [(9, 6, "hand 1, trick 7: Bruno forces A♣ from Bruno: a card is forced by another player's lead")]),
    (["7. Bruno places AC, Bruno takes it"],
     [(9, 23, "hand 1, trick 7: Bruno places A♣ in a trick Bruno takes: a placed card goes to another player "
              "(or write 'Bruno gathers it')")]),
    (["12. Bruno leads AD"], [(9, 3, "hand 1: trick 12 is not a trick of the hand: tricks are numbered 1 "
                                     "to 11")]),
    (["0. Bruno leads AD"], [(9, 3, "hand 1: trick 0 is not a trick of the hand: tricks are numbered 1 "
                                    "to 11")]),
    (["7. Bruno places AS on S, Claire takes it"],
     [(9, 19, "hand 1, trick 7: A♠ on a ♠ lead follows suit: it is forced ('7. LEADER forces AS from "
              "Bruno'), "
              "not placed")]),
])
def test_the_cards_of_an_events_hand_get_their_exact_findings(lines, expected):
    assert findings(events_hand(*PARTY, *lines)) == expected


@pytest.mark.parametrize("lines", [
    ["7. Bruno places AS, Claire takes it", "7. Denis places AD, Claire takes it"],  # one taker, two cards
    ["7. Bruno leads AD", "7. Denis places AS, Claire takes it"],
    ["7. Bruno forces AC from Claire", "7. Bruno forces AH from Denis"],  # one leader forcing twice
    ["7. Bruno places AS on H, Claire takes it"], ["7. Bruno leads JH"], ["7. Bruno forces JH from Claire"],
])
def test_the_cards_of_an_events_hand_that_agree_are_not_checked_further(lines):
    text = events_hand(*PARTY, *lines)
    assert findings(text) == [] and findings(text, "warning") == NOT_CHECKED


@pytest.mark.parametrize("lines, expected", [
    (["party: Anne wins with 3 points, Claire loses", "talon: 6S 7H 6D QC", "points: Anne 4"],
     [(9, 11, "hand 1: Anne's points are given twice, 3 and 4")]),
    (["party: Anne wins with 3 points in 2 tricks, Claire loses", "talon: 6S 7H 6D QC", "points: Anne 3 "
                                                                                        "in 1 tricks"],
     [(9, 11, "hand 1: Anne's tricks are given twice, 2 and 1")]),
])
def test_the_points_of_an_events_hand_are_given_once(lines, expected):
    assert findings(events_hand(*lines)) == expected


def test_pairwise_rules_need_every_players_points():
    assert findings(events_hand("points: Anne 1, Bruno 2, Claire 30", rules="dafydd")) == [
        (6, 1, "hand 1: these rules pay by points: every player's points are needed ('points: Anne N, "
               "Bruno N, "
               "Claire N, Denis N'); Denis has none")]
    text = events_hand("points: Anne 1, Bruno 2, Claire 30, Denis 4", rules="dafydd")
    assert findings(text) == [] and findings(text, "warning") == NOT_CHECKED


# ================================================================ a trick led by the wrong player
_NOT_CHECKED_ON = "; the tricks from this one on are not checked"


@pytest.mark.parametrize("number, line, expected", [
    (1, "Anne: 2C JC 7C 5C", (7, 3, "hand 1, trick 1: Claire leads this trick as the player after the dealer "
                                    "(Bruno), not Anne" + _NOT_CHECKED_ON)),
    (3, "Claire: 9D 8D 3D KD", (9, 3, "hand 1, trick 3: Bruno leads this trick as the winner of trick 2, not "
                                      "Claire (or are Claire's 4♥ and Bruno's K♥ in trick 2 written in each "
                                      "other's place?)" + _NOT_CHECKED_ON)),
    (6, "Denis: 7D 3C 5D 4D", (12, 3, "hand 1, trick 6: Bruno leads this trick as the winner of trick 5, not "
                                      "Denis (or are Denis's Q♦ and Bruno's K♠ in trick 5 written in each "
                                      "other's place?)" + _NOT_CHECKED_ON)),
    (8, "Anne: 9C AC KC 6C", (14, 3, "hand 1, trick 8: Bruno leads this trick as the winner of trick 7, not "
                                     "Anne (or are Anne's 2♦ and Bruno's A♦ in trick 7 written in each "
                                     "other's "
                                     "place?)" + _NOT_CHECKED_ON)),
    # Claire's 8♠ in Bruno's place would not have won trick 7 (Bruno's A♦ led, then 8♠ led): no hint
    (8, "Claire: 9C AC KC 6C", (14, 3, "hand 1, trick 8: Bruno leads this trick as the winner of trick "
                                       "7, not "
                                       "Claire" + _NOT_CHECKED_ON)),
])
def test_a_trick_led_by_the_wrong_player_says_who_leads_it_and_maybe_why(number, line, expected):
    assert findings(record(hand("Bruno", tricks_with((number, line))))) == [expected]


# ================================================================ the deal and the exchange against the play
# The example's deal and exchange (docs/notation.md), dealer Bruno.
DEAL = ("deal:\n  Anne: 7C 2D 4D 3S JS 7H 4C KD 2H 8H 6C | 9S\n  Bruno: AS JD 9C KS 5C 7S KH AD 8C 7D 9D 6D\n"
        "  Claire: QS JH 2C 4S 4H 8D AC 8S 3C QH 2S | 6S\n  Denis: 5D 3D QD 5S 6H JC QC AH 3H KC 5H | 9H\n")
EXCHANGE = "exchange:\n  Anne discards 7H\n  Bruno discards 6D\n  Claire keeps\n  Denis discards QC\n"
_OWN = ("{p} plays {c} but did not hold it after the exchange: it is {p}'s own face-down card; taking it "
        "without discarding makes 12 cards: if {p} did, write `{p} takes without discarding`")


@pytest.mark.parametrize("before, changes, expected", [
    (DEAL + EXCHANGE, (), []),
    (DEAL, (), []),  # no exchange: inferred from the play
    (DEAL + EXCHANGE.replace("Denis discards QC", "Denis takes without discarding"), (), []),  # 12 held
    (DEAL + EXCHANGE, [(4, "Anne: JS 7S 6S 5S")],
     [(20, 15, "hand 1, trick 4: " + _OWN.format(p="Claire", c="6♠"))]),
    (DEAL + EXCHANGE.replace("Anne discards 7H", "Anne keeps"), (),
     [(21, 9, "hand 1, trick 5: " + _OWN.format(p="Anne", c="9♠"))]),
    (DEAL + EXCHANGE, [(2, "Denis: 6H 7H KH 4H")],
     [(18, 13, "hand 1, trick 2: Anne plays 7♥ but did not hold it after the exchange: Anne discarded it")]),
    (DEAL + EXCHANGE, [(11, "Claire: 6S 9H 3S QS")],
     [(27, 20, "hand 1, trick 11: Bruno plays Q♠ but did not hold it after the exchange: it was dealt to "
               "Claire"),
      (27, 11, "hand 1, trick 11: " + _OWN.format(p="Claire", c="6♠"))]),
    (DEAL + EXCHANGE.replace("Bruno discards 6D", "Bruno keeps"), (),
     [(13, 3, "hand 1: Bruno cannot keep: the dealer discards one card, or Bruno would play with 12 cards")]),
    (DEAL + EXCHANGE.replace("Bruno discards 6D", "Bruno takes without discarding"), (),
     [(13, 3, "hand 1: Bruno cannot take without discarding: the dealer discards one card")]),
    (DEAL + EXCHANGE.replace("Bruno discards 6D", "Bruno peeks and discards 6D"), (),
     [(13, 3, "hand 1: Bruno cannot peek: the dealer discards one card")]),
    (DEAL + EXCHANGE + "  Anne discards 7H\n", (), [(16, 3, "hand 1: Anne has two exchange lines")]),
    (DEAL + EXCHANGE.replace("  Claire keeps\n", ""), (), [(4, 1, "hand 1: the exchange has no line for "
                                                                  "Claire")]),
    (DEAL.replace("Bruno: AS", "Bruno: QS") + EXCHANGE, (), [(9, 11, "hand 1: Q♠ is dealt twice (also to "
                                                                     "Bruno)")]),
    (DEAL + "  Anne: 7C 2D 4D 3S JS 7H 4C KD 2H 8H 6C | 9S\n" + EXCHANGE, (),
     [(11, 3, "hand 1: Anne has two deal lines")]),
    (DEAL.replace("  Denis: 5D 3D QD 5S 6H JC QC AH 3H KC 5H | 9H\n", "") + EXCHANGE, (),
     [(4, 1, "hand 1: the deal has no line for Denis")]),
    (DEAL.replace("Anne: 7C ", "Anne: ") + EXCHANGE, (),
     [(7, 3, "hand 1: Anne is dealt 10 cards: a player gets 11 in a 48-card game")]),
    (DEAL.replace("9D 6D", "9D | 6D") + EXCHANGE, (),
     [(8, 3, "hand 1: Bruno is dealt 11 cards: the dealer gets 12 in a 48-card game"),
      (8, 45, "hand 1: Bruno gets no face-down card: the dealer takes none")]),
    (DEAL.replace("8H 6C | 9S", "8H 6C 9S") + EXCHANGE, (),
     [(7, 3, "hand 1: Anne is dealt 12 cards: a player gets 11 in a 48-card game"),
      (7, 3, "hand 1: Anne's deal line needs '|' and the face-down card after the 11 cards")]),
    (DEAL + EXCHANGE.replace("Anne discards 7H", "Anne discards QS"), (),
     [(12, 17, "hand 1: Anne discards Q♠, which was not dealt to Anne")]),
    ("exchange:\n  Anne discards JS\n", (), [(7, 17, "hand 1: Anne discards J♠ and then plays it")]),
])
def test_the_deal_and_the_exchange_against_the_play_get_their_exact_findings(before, changes, expected):
    assert findings(record(hand("Bruno", tricks_with(*changes), before=before))) == expected


TEN = tricks_with((11, "Claire: QS 9H 8C"))  # Anne plays with ten: trick 11 has three cards


@pytest.mark.parametrize("exchange, rules, header, expected", [
    ("Anne discards 7H 3S", "parlett", "", []),
    ("Anne discards 7H 7H", "parlett", "", [(7, 20, "hand 1: Anne discards 7♥ twice: two discards are "
                                                    "two cards")]),
    ("Anne discards 7H 3S", "dafydd", "",
     [(7, 3, "hand 1: Anne cannot discard two cards under these rules: they have no laws (RULES §10)")]),
    ("Anne discards 7H JS", "parlett", "", [(7, 20, "hand 1: Anne discards J♠ and then plays it")]),
])
def test_a_player_who_discards_two_plays_with_ten(exchange, rules, header, expected):
    assert findings(record(hand("Bruno", TEN, before=f"exchange:\n  {exchange}\n"), rules=rules,
                           header=header)) == expected


@pytest.mark.parametrize("exchange, rules, header, expected", [
    ("Claire exposes and discards 4C", "dafydd", "",
     [(7, 3, "hand 1: Claire cannot expose a card of the talon under these rules: they have no laws "
             "(RULES §10)")]),
    ("Claire exposes and discards 2S", "parlett", "rule deck: 52\n",
     [(8, 3, "hand 1: Claire cannot expose a card of the talon: a 52-card game has no talon"),
      (8, 31, "hand 1: Claire discards 2♠ and then plays it")]),
])
def test_a_talon_card_exposed_needs_laws_and_a_talon(exchange, rules, header, expected):
    assert findings(record(hand("Bruno", EXAMPLE_TRICKS, before=f"exchange:\n  {exchange}\n"), rules=rules,
                           header=header)) == expected


@pytest.mark.parametrize("cards, face_down, played, held", [
    ("AS KS", "QS", "AS QS", "AS QS"),  # he played his face-down card: he took it, and held what he played
    ("AS KS", "QS", "AS QS JS", "AS KS QS"),  # ... a card he was never dealt: dealt and face-down
    ("AS KS", "QS", "AS", "AS"),  # the face-down card unplayed, not 11 cards: what he played, all dealt
    ("AS KS", None, "AS", "AS"),  # no face-down card (the dealer): what he played, when he was dealt it
    ("AS KS", None, "AS JS", "AS KS"),
])
def test_an_exchange_not_written_is_inferred_from_the_play(cards, face_down, played, held):
    from reversis_score.notation.cards import Card
    from reversis_score.replay.holdings import _infer

    def of(text: str) -> frozenset:
        return frozenset(Card.parse(c) for c in text.split())
    down = Card.parse(face_down) if face_down else None
    assert _infer(of(cards), down, set(of(played))) == of(held)
    eleven = of("AS KS QS JS 9S 8S 7S 6S 5S 4S 3S")
    assert _infer(eleven, Card.parse("2S"), {Card.parse("AH")}) == eleven


# ================================================================ parlett's exchange after a remise
# FORCED_LAST (dealer Denis): Denis's Quinola forced in trick 11 pays a remise, pool:1 (50) stands after.
_REMISE = ("a remise has been paid and pool:1 (50) still stands: under exchange_after_remise (parlett's "
           "optional "
           "rule) every player discards and draws, and none discards Quinola, until every pool is won")
_SKIP = [(21, 9, "hand 2: the deal passes to Anne after Denis, but Bruno deals (tables do skip: settled "
                 "as recorded)")]


@pytest.mark.parametrize("tricks, exchange, expected", [
    (EXAMPLE_TRICKS, ["Anne takes without discarding", "Bruno discards 6D", "Claire keeps", "Denis "
                                                                                            "discards JH"],
     [(23, 3, "hand 2: Anne takes without discarding, but " + _REMISE),
      (25, 3, "hand 2: Claire keeps (no discard, no draw), but " + _REMISE),
      (26, 18, "hand 2: Denis discards Quinola (J♥), but " + _REMISE)]),
    (TEN, ["Anne discards 7H JH"], [(23, 20, "hand 2: Anne discards Quinola (J♥), but " + _REMISE)]),
    (EXAMPLE_TRICKS, ["Anne discards 7H", "Bruno discards 6D", "Claire discards 6S", "Denis discards QC"],
     []),
])
def test_after_a_remise_every_player_discards_and_none_discards_quinola(tricks, exchange, expected):
    from builders import FORCED_LAST
    lines = "".join(f"  {line}\n" for line in exchange)
    text = record(hand("Denis", FORCED_LAST), hand("Bruno", tricks, before="exchange:\n" + lines),
                  header="rule exchange_after_remise: yes\n")
    assert findings(text) == expected and findings(text, "warning") == _SKIP
    off = record(hand("Denis", FORCED_LAST), hand("Bruno", tricks, before="exchange:\n" + lines))
    assert findings(off) == []  # the optional rule not taken: nothing to say


@pytest.mark.parametrize("line, expected", [
    ("Claire: QS 9H 6S 8C", (27, 17, "hand 1, trick 11: Anne plays 6♠ but did not hold it after the "
                                     "exchange: it "
                                     "is Claire's face-down card")),
    ("Claire: QS 9H 3S 6S", (27, 20, "hand 1, trick 11: Bruno plays 6♠ but did not hold it after the "
                                     "exchange: "
                                     "it is Claire's face-down card (the dealer takes no face-down card)")),
    ("Claire: QS 9H 8C 3S", (27, 17, "hand 1, trick 11: Anne plays 8♣ and Bruno plays 3♠, but Anne holds "
                                     "3♠ and "
                                     "Bruno holds 8♣: the two cards are swapped")),
])
def test_a_card_not_held_says_where_it_was(line, expected):
    assert findings(record(hand("Bruno", tricks_with((11, line)), before=DEAL + EXCHANGE))) == [expected]


# ================================================================ what a hand in progress already proves
_UNFINISHED = "hand 1 is unfinished: {} of 11 tricks recorded (`reversis-score record` resumes it)"
_CAUSE = ("hand 1, trick 4: " + _OWN.format(p="Claire", c="6♠") + "; the tricks after it are not checked")


@pytest.mark.parametrize("tricks, before, rules, expected", [
    # a player whose hand is known (deal and exchange) revokes at once; with the deal alone, not yet
    (["Claire: 2C JC 8H 5C"], DEAL + EXCHANGE, "parlett",
     [(17, 17, "hand 1, trick 1: Anne plays 8♥ on a ♣ lead while holding 4♣, which Anne holds after the "
               "exchange "
               "and has not played so far — a revoke; if it happened, add `irregular: revoke Anne`"),
      (17, 3, _UNFINISHED.format(1))]),
    (["Claire: 2C JC 8H 5C", "Denis: 6H 7C KH 4H"], "", "parlett",
     [(7, 17, "hand 1, trick 1: Anne plays 8♥ on a ♣ lead while holding 7♣, which Anne plays in trick 2 "
              "— a revoke; "
              "if it happened, add `irregular: revoke Anne`"), (8, 3, _UNFINISHED.format(2))]),
    (["Zed: 2C JC 7C 5C"], "", "parlett",
     [(7, 3, "hand 1: 'Zed' is not a player of this session (players: Anne Bruno Claire Denis)"),
      (7, 3, _UNFINISHED.format(1))]),
    (["Claire: 2C JC 10C 5C"], "", "parlett",
     [(7, 17, "hand 1, trick 1: there are no tens in a 48-card pack: '10C'"), (7, 3, _UNFINISHED.format(1))]),
    (T[:2], "irregular: revoke Anne\n", "dafydd",
     [(6, 12, "hand 1: these rules have no laws (RULES §10): 'irregular:' lines are not allowed"),
      (9, 3, _UNFINISHED.format(2))]),
    ([], "void: misdeal\n", "parlett", [(7, 1, "hand 1: a void hand (void: misdeal) has no 'tricks:'")]),
    (["Claire: 2C JC 7C AC", "Denis: 6H 8H KH 4H"], DEAL + EXCHANGE, "parlett",
     [(17, 20, "hand 1, trick 1: Bruno plays A♣ but did not hold it after the exchange: it was dealt to "
               "Claire; the "
               "tricks after it are not checked"), (18, 3, _UNFINISHED.format(2))]),
    (T[:3] + ["Anne: 3S 7S 6S 5S", "Anne: 9S KS 4S QD"], DEAL + EXCHANGE, "parlett",
     [(20, 15, _CAUSE), (21, 3, _UNFINISHED.format(5))]),
])
def test_a_hand_in_progress_reports_what_its_tricks_already_prove(tricks, before, rules, expected):
    text = record(hand("Bruno", tricks, before=before), rules=rules)
    assert findings(text) == expected and findings(text, "note") == []


def test_a_hand_in_progress_after_a_dealer_out_of_turn_is_still_in_progress():
    text = record(hand("Bruno", T), hand("Bruno", T[:2]))
    assert findings(text) == []
    assert findings(text, "warning") == [(20, 9, "hand 2: the deal passes to Claire after Bruno, but "
                                                 "Bruno deals "
                                                 "(tables do skip: settled as recorded)")]
    assert findings(text, "note") == [(23, 3, "hand 2 in progress (trick 3)")]


@pytest.mark.parametrize("changes, before, expected", [
    ([(1, "Claire: 2C JC 7C AC")], DEAL + EXCHANGE,
     (17, 20, "hand 1, trick 1: Bruno plays A♣ but did not hold it after the exchange: it was dealt to "
              "Claire; the "
              "tricks after it are not checked")),
    ([(1, "Claire: 2C JC 7C AC")], DEAL,
     (12, 20, "hand 1, trick 1: Bruno plays A♣ but did not hold it after the exchange: it was dealt to "
              "Claire; the "
              "tricks after it are not checked")),
    ([(4, "Anne: 3S 7S 6S 5S")], DEAL + EXCHANGE, (20, 15, _CAUSE)),
])
def test_a_wrong_leader_is_reported_once_at_the_card_that_caused_it(changes, before, expected):
    assert findings(record(hand("Bruno", tricks_with(*changes), before=before))) == [expected]


@pytest.mark.parametrize("exchange, tricks, expected", [
    # a ten in a 48-card pack, wherever it is written: the second of two discards too (it passed unseen)
    ("Anne discards 7H 10H", TEN, [(7, 20, "hand 1: there are no tens in a 48-card pack: '10H'")]),
    ("Anne discards 10H 7H", TEN, [(7, 17, "hand 1: there are no tens in a 48-card pack: '10H'")]),
    ("Anne discards 10H", EXAMPLE_TRICKS, [(7, 17, "hand 1: there are no tens in a 48-card pack: '10H'")]),
])
def test_a_ten_discarded_in_a_48_card_pack_is_refused(exchange, tricks, expected):
    text = record(hand("Bruno", tricks, before=f"exchange:\n  {exchange}\n"))
    assert findings(text) == expected
    assert [d.family for d in check_text(text, "t.rvs").errors] == ["notation"]


@pytest.mark.parametrize("changes, expected", [
    # two cards not held in one trick, but not each other's: two mistakes, not a swap
    ([(11, "Claire: QS 9H 8C 6S")],
     [(27, 17, "hand 1, trick 11: Anne plays 8♣ but did not hold it after the exchange: it was dealt to "
               "Bruno"),
      (27, 20, "hand 1, trick 11: Bruno plays 6♠ but did not hold it after the exchange: it is Claire's "
               "face-down "
               "card (the dealer takes no face-down card)")]),
    # Claire keeps her hand and plays Anne's face-down card: no word of twelve cards (it is not hers)
    ([(4, "Anne: JS 7S 9S 5S"), (5, "Anne: 2S KS 4S QD")],
     [(21, 9, "hand 1, trick 5: Anne plays 2♠ but did not hold it after the exchange: it was dealt to "
              "Claire"),
      (20, 15, "hand 1, trick 4: Claire plays 9♠ but did not hold it after the exchange: it is Anne's "
               "face-down "
               "card")]),
])
def test_cards_not_held_that_are_no_swap_are_each_said(changes, expected):
    assert findings(record(hand("Bruno", tricks_with(*changes), before=DEAL + EXCHANGE))) == expected


def test_pairwise_rules_name_every_player_without_points():
    assert findings(events_hand("points: Anne 1, Bruno 2", rules="dafydd")) == [
        (6, 1, "hand 1: these rules pay by points: every player's points are needed ('points: Anne N, "
               "Bruno N, "
               "Claire N, Denis N'); Claire, Denis have none")]


def test_a_hand_is_in_progress_only_with_its_note_and_no_error():
    from reversis_score.notation.diagnostics import Diagnostic
    from reversis_score.replay.tricks import IN_PROGRESS, is_in_progress
    note, warning = Diagnostic("n", None, "rule", IN_PROGRESS), Diagnostic("w", None, "rule", "warning")
    error = Diagnostic("e", None, "rule", "error")
    assert is_in_progress([note]) and is_in_progress([warning, note])
    assert not is_in_progress([note, error]) and not is_in_progress([warning]) and not is_in_progress([])


# ================================================================ revokes and the espagnolette announced
REVOKES = [(1, "Claire: 2C JC 8H 5C"), (2, "Denis: 6H 7C KH 4H")]  # Anne's 8♥ and 7♣ trade places


@pytest.mark.parametrize("changes, before, rules, expected, warnings", [
    (REVOKES, "", "parlett",
     [(7, 17, "hand 1, trick 1: Anne plays 8♥ on a ♣ lead while holding 7♣, which Anne plays in trick 2 "
              "— a revoke; "
              "if it happened, add `irregular: revoke Anne`"),
      (8, 13, "hand 1, trick 2: Anne plays 7♣ on a ♥ lead while holding 2♥, which Anne plays in trick 9 "
              "— a revoke; "
              "if it happened, add `irregular: revoke Anne`")], []),
    (REVOKES, "irregular: revoke Anne\n", "parlett", [], []),
    ((), "irregular: revoke Anne\n", "parlett", [],
     [(6, 12, "hand 1: 'irregular: revoke Anne' is acknowledged but no revoke by Anne shows in the "
              "tricks (settled "
              "as acknowledged)")]),
    ((), "announce: espagnolette Anne\n", "parlett",
     [(6, 24, "hand 1: Anne announces the espagnolette but holds no Ace after the exchange: it takes all "
              "four Aces, "
              "or Quinola and three Aces")], []),
    ((), "announce: espagnolette Anne\n", "dafydd", [(6, 24, "hand 1: these rules have no espagnolette "
                                                             "(RULES §6)")],
     []),
    ((), DEAL + EXCHANGE + "announce: espagnolette Bruno\n", "parlett",
     [(16, 24, "hand 1: Bruno announces the espagnolette but holds A♦ A♠ after the exchange: it takes "
               "all four "
               "Aces, or Quinola and three Aces")], []),
])
def test_revokes_and_an_announced_espagnolette_get_their_exact_findings(changes, before, rules, expected,
                                                                       warnings):
    text = record(hand("Bruno", tricks_with(*changes), before=before), rules=rules)
    assert findings(text) == expected and findings(text, "warning") == warnings


# ================================================================ irregular lines, the order of play
@pytest.mark.parametrize("changes, before, header, expected", [
    ((), "irregular: misdeal Anne\n", "",
     [(6, 20, "hand 1: a misdeal is the dealer's: Bruno deals this hand, not Anne")]),
    ([(8, "Bruno 9C, Denis KC, Claire AC, Anne 6C")], "", "",
     [(14, 13, "hand 1, trick 8: the players of a trick follow the order of play from the leader (Bruno "
               "Claire Denis "
               "Anne): expected Claire, found Denis")]),
    ([(8, "Bruno: 9C AC KC 6C | gathered by Denis")], "", "",  # Denis's trick now: he leads the next
     [(15, 3, "hand 1, trick 9: Denis leads this trick as the winner of trick 8, not Claire; the tricks "
              "from this "
              "one on are not checked")]),
    ([(8, "Bruno: 9C AC KC 6C | gathered by Denis"), (9, "Denis: AH 2H JD JH")], "", "", []),
    ([(11, "Claire: QS 9H 8C")], "", "",
     [(17, 3, "hand 1, trick 11: a trick has 4 cards, one from each player: this one has 3; a player who "
              "discarded "
              "two cards plays with ten and has no card for it: if so, write `NAME discards C1 C2` in "
              "the exchange")]),
    ([(3, "Bruno: 9D 8D 3D")], "", "",
     [(9, 3, "hand 1, trick 3: a trick has 4 cards, one from each player: this one has 3")]),
    ((), "exchange:\n  Anne keeps\n", "rule deck: 52\n",
     [(8, 3, "hand 1: Anne cannot keep: in a 52-card game every player discards one card, or Anne would "
             "play with "
             "12 cards")]),
    ((), DEAL.split("  Bruno:")[0], "rule deck: 52\n",
     [(8, 3, "hand 1: Anne is dealt 11 cards: a player gets 12 in a 52-card game"),
      (8, 44, "hand 1: Anne gets no face-down card: nobody gets one in a 52-card game"),
      (5, 1, "hand 1: the deal has no line for Bruno"), (5, 1, "hand 1: the deal has no line for Claire"),
      (5, 1, "hand 1: the deal has no line for Denis")]),
])
def test_irregular_lines_and_the_order_of_play_get_their_exact_findings(changes, before, header, expected):
    assert findings(record(hand("Bruno", tricks_with(*changes), before=before), header=header)) == expected


def test_a_trick_gathered_by_its_own_winner_says_so():
    text = record(hand("Bruno", tricks_with((8, "Bruno: 9C AC KC 6C | gathered by Claire"))))
    assert findings(text) == []
    assert findings(text, "warning") == [(14, 36, "hand 1, trick 8: Claire wins trick 8 and gathers it: "
                                                  "'| gathered by "
                                                  "Claire' says nothing (settled as played)")]


_BARRED = ("players: Anne Bruno Claire Denis\nrules: parlett\n\nhand 1\ndealer: Bruno\nirregular: peek Anne\n"
           "events:\n")


@pytest.mark.parametrize("text, expected", [
    (_BARRED + "  talon: 3 points\n  reversis: Anne makes it\n",
     [(9, 13, "hand 1: Anne is barred this hand and cannot make the reversis (RULES §7): record the "
              "hand's party")]),
    (_BARRED + "  talon: 3 points\n  party: Anne wins, Claire loses\n",
     [(9, 10, "hand 1: Anne cannot win the party: barred this hand (RULES §7, §10)")]),
    (events_hand("talon: 3 points", "reversis: Anne makes it", "points: Anne 1, Bruno 2, Claire 3, Denis 4",
                 rules="dafydd"), [(8, 3, "hand 1: these rules have no reversis (RULES §6): every player "
                                          "pays by points")]),
    (events_hand("points: Anne 1, Bruno 2, Claire 3, Denis 4", "espagnolette: Anne wins", rules="dafydd"),
     [(8, 3, "hand 1: these rules have no espagnolette (RULES §6)")]),
])
def test_an_events_hand_against_its_rules_and_its_barred_player(text, expected):
    assert findings(text) == expected


# ================================================================ more cards not held; each finding's fields
_EVENTS_DEALT = ("players: Anne Bruno Claire Denis\nrules: parlett\n\nhand 1\ndealer: Bruno\n"
                 + DEAL.replace("| 9S", "| AS").replace("Bruno: AS ", "Bruno: 9S ")
                 + "events:\n  party: Anne wins, Claire loses\n  talon: 7H 6S 9H 6D\n")


@pytest.mark.parametrize("text, expected", [
    (record(hand("Bruno", tricks_with((6, "Bruno: 6D 3C 5D 4D")), before=DEAL + EXCHANGE)),
     [(22, 10, "hand 1, trick 6: Bruno plays 6♦ but did not hold it after the exchange: Bruno discarded "
               "it")]),
    (_EVENTS_DEALT + "  7. Claire places AS, Anne takes it\n",
     [(14, 20, "hand 1, trick 7: Claire plays A♠ but did not hold it after the exchange: it is Anne's "
               "face-down "
               "card")]),
    (record(hand("Bruno", T, before=DEAL.replace("| 9S", "| 10S") + EXCHANGE)),
     [(7, 44, "hand 1: there are no tens in a 48-card pack: '10S'")]),
    (events_hand("party: Anne wins, Claire loses", "talon: 10S 6S 7H 6D"),
     [(8, 10, "hand 1: there are no tens in a 48-card pack: '10S'")]),
    # a hand the notation cannot read is not replayed, but its tens are still said, in its hand
    (record(hand("Bruno", tricks_with((3, "Bruno: 9D 8D 3D KD extra")), before="exchange:\n  Anne "
                                                                               "discards 10H\n")),
     [(7, 17, "hand 1: there are no tens in a 48-card pack: '10H'"),
      (11, 22, "hand 1, trick 3: 'extra' is not a card: expected a card such as AS or 9♥")]),
])
def test_more_cards_not_held_or_not_in_the_pack(text, expected):
    assert findings(text) == expected


def test_a_player_named_this_is_no_misnumbered_trick():
    # unfinished_problems knows a misnumbered trick by its message's first words, "this trick is..."
    text = record(hand("Bruno", ["Claire: 2C JC 8H 5C"], before=DEAL + EXCHANGE)).replace("Anne", "this")
    assert [m for _, _, m in findings(text)][-1] == (
        "hand 1 is unfinished: 1 of 11 tricks recorded (`reversis-score record` resumes it)")


def test_the_findings_of_a_hand_in_progress_name_their_hand_family_and_player():
    done = check_text(record(hand("Bruno", T[:5])), "t.rvs").diagnostics
    assert [(d.family, d.severity, d.hand) for d in done] == [("rule", "note", 1)]
    cut = check_text(record(hand("Bruno", T[:4] + ["Anne: 9S KS 4S 2C"])), "t.rvs").diagnostics
    assert [(d.family, d.severity, d.hand) for d in cut] == [("rule", "error", 1), ("rule", "error", None)]
    from builders import FORCED_LAST
    exchange = "exchange:\n  Anne keeps\n  Bruno discards 6D\n  Claire discards 6S\n  Denis discards JH\n"
    text = record(hand("Denis", FORCED_LAST), hand("Bruno", T, before=exchange),
                  header="rule exchange_after_remise: yes\n")
    assert [(d.player, d.hand, d.family) for d in check_text(text, "t.rvs").errors] == [
        ("Anne", 2, "rule"), ("Denis", 2, "rule")]


def test_the_events_warning_is_known_by_its_words_family_and_hand():
    from reversis_score.notation.diagnostics import Diagnostic
    from reversis_score.replay.events import is_not_checked, not_checked
    said = not_checked(3, None)
    assert (said.message, said.family, said.severity, said.hand) == (
        "hand 3 is recorded by its events; its play is not checked", "rule", "warning", 3)
    assert is_not_checked(said) and is_not_checked(not_checked(3, None, "hidden"))
    assert not is_not_checked(Diagnostic(said.message, None, "notation", "warning", 3))
    assert not is_not_checked(Diagnostic(said.message, None, "rule", "warning", None))
    assert not is_not_checked(Diagnostic(said.message, None, "rule", "warning", 4))


def test_an_events_talon_is_kept_in_the_packs_order_and_a_second_card_names_its_player():
    from reversis_score.notation.cards import Card
    session = check_text(events_hand("party: Anne wins, Claire loses", "talon: 6S 9S 6D 7H"), "t.rvs")
    assert session.hands[0].play.talon == tuple(Card.parse(c) for c in ("9S", "6S", "7H", "6D"))
    text = events_hand(*PARTY, "7. Bruno leads AD", "7. Bruno places AS, Claire takes it")
    assert [(d.player, d.trick, d.hand) for d in check_text(text, "t.rvs").errors] == [("Bruno", 7, 1)]


def test_a_void_hand_replays_to_nothing_played():
    text = "players: Anne Bruno Claire Denis\n\nhand\ndealer: Bruno\nirregular: revoke Anne\nvoid: misdeal\n"
    session = check_text(text, "t.rvs")
    play = session.hands[0].play
    zero = {"Anne": 0, "Bruno": 0, "Claire": 0, "Denis": 0}
    assert (play.void, play.dealer, play.tricks, play.talon, play.held, play.points, play.tricks_won) == (
        True, "Bruno", (), (), {}, zero, zero)
    assert (play.barred, play.revokes, play.espagnolette, play.espagnolette_undertaken,
            play.acknowledged) == (
        frozenset(), (), None, False, (("revoke", "Anne"),))


# ================================================================ revokes' evidence; the espagnolette
# ESPAGNOLETTE_WON's deal (dealer Denis holds the four Aces), as its play implies it.
ESPAGNOLETTE_DEAL = ("deal:\n  Anne: KS 2H 3S 4S 5S 6S 7S 8S 9S JS QS | JH\n"
                     "  Bruno: 2S KH 3H 4H 5H 6H 7H 8H 9H QH 2D | 4C\n"
                     "  Claire: 3D 4D 5D 6D 7D 8D 9D JD QD KD 5C | 3C\n"
                     "  Denis: AH AS AD AC KC QC JC 9C 8C 7C 6C 2C\n"
                     "exchange:\n  Anne keeps\n  Bruno keeps\n  Claire keeps\n  Denis discards 2C\n")


def test_the_espagnolettes_revoke_in_a_hand_in_progress_is_his_right():
    # Denis places A♥ on a spade lead in trick 1 while holding A♠: under the espagnolette, no revoke
    from builders import ESPAGNOLETTE_WON
    for tricks, note in ((ESPAGNOLETTE_WON[:2], [(18, 3, "hand 1 in progress (trick 3)")]),
                         (ESPAGNOLETTE_WON, [])):
        text = record(hand("Denis", tricks, before=ESPAGNOLETTE_DEAL))
        assert findings(text) == [] and findings(text, "warning") == [] and findings(text, "note") == note


def test_a_revoke_proved_by_a_card_held_and_never_played():
    # Anne takes her face-down card without discarding: she holds 7♥ to the end, and plays 4♣ on
    # Denis's heart lead in trick 10
    text = record(hand("Bruno", T, before=DEAL + EXCHANGE.replace("Anne discards 7H", "Anne takes "
                                                                                      "without discarding")))
    assert findings(text) == [
        (26, 13, "hand 1, trick 10: Anne plays 4♣ on a ♥ lead while holding 7♥, which Anne holds after "
                 "the exchange and "
                 "never plays — a revoke; if it happened, add `irregular: revoke Anne`")]


def test_a_hand_in_progress_with_the_deal_alone_proves_no_revoke_yet():
    # no exchange line: what each player held after the exchange is not known
    text = record(hand("Bruno", ["Claire: 2C JC 8H 5C"], before=DEAL))
    assert findings(text) == [] and findings(text, "note") == [(12, 3, "hand 1 in progress (trick 2)")]
    text = record(hand("Bruno", T[:3], before=DEAL))
    assert findings(text) == [] and findings(text, "note") == [(14, 3, "hand 1 in progress (trick 4)")]


def test_a_hand_in_progress_with_a_wrong_line_is_not_replayed_further():
    tricks = T[:1] + ["Denis: 6H 8H KH 2C"]  # 2♣ played twice: the walk through the tricks would say so
    text = record(hand("Bruno", tricks, before="irregular: revoke Anne\n"), rules="dafydd")
    assert findings(text) == [
        (6, 12, "hand 1: these rules have no laws (RULES §10): 'irregular:' lines are not allowed"),
        (9, 3, _UNFINISHED.format(2))]


def test_a_card_discarded_and_played_names_its_player():
    text = record(hand("Bruno", T, before="exchange:\n  Anne discards JS\n"))
    assert [(d.player, d.hand) for d in check_text(text, "t.rvs").errors] == [("Anne", 1)]


def test_a_trick_is_gathered_only_by_one_who_played_to_it():
    text = record(hand("Bruno", tricks_with((11, "Claire: QS 9H 8C | gathered by Anne")),
                       before="exchange:\n  Anne discards 7H 3S\n"))
    assert findings(text) == [(19, 34, "hand 1, trick 11: Anne gathers trick 11 but plays no card in it: a "
                                       "trick is gathered by one of the players who played to it")]


def test_without_the_deal_a_hand_in_progress_knows_no_espagnolette():
    # Denis plays his four Aces in tricks 1-4, but with no deal what he held is not known: his A♥ on
    # a spade lead while he holds A♠ is a revoke, exchange lines or not
    from builders import ESPAGNOLETTE_WON
    revoke = ("hand 1, trick 1: Denis plays A♥ on a ♠ lead while holding A♠, which Denis plays in trick 2 — "
              "a revoke; if it happened, add `irregular: revoke Denis`")
    unfinished = "hand 1 is unfinished: 4 of 11 tricks recorded (`reversis-score record` resumes it)"
    exchange = "exchange:\n  Anne keeps\n  Bruno keeps\n  Claire keeps\n  Denis discards 2C\n"
    assert findings(record(hand("Denis", ESPAGNOLETTE_WON[:4], before=exchange))) == [
        (12, 18, revoke), (15, 3, unfinished)]
    assert findings(record(hand("Denis", ESPAGNOLETTE_WON[:4]))) == [(7, 18, revoke), (10, 3, unfinished)]


# ================================================================ an events hand's talon and deal
_EV = "players: Anne Bruno Claire Denis\nrules: parlett\n\nhand 1\ndealer: Bruno\n"
_WON = "party: Bruno wins, Claire loses"


@pytest.mark.parametrize("text, expected", [
    (events_hand(_WON, "talon: 17 points"),
     [(8, 10, "hand 1: a talon of 4 cards holds at most 16 points under these rules: 17 is written")]),
    (events_hand(_WON, "talon: 16 points"), []),
    (events_hand(_WON, "talon: 17 points", rules="manuscrit"), []),  # A♦ 5 and Quinola 4 there
    (events_hand(_WON, "talon: 18 points", rules="manuscrit"),
     [(8, 10, "hand 1: a talon of 4 cards holds at most 17 points under these rules: 18 is written")]),
    (events_hand(_WON, "talon: 99 points").replace("rules: parlett", "rules: parlett\nrule deck: 52"), []),
    (_EV + DEAL + EXCHANGE + f"events:\n  {_WON}\n  talon: 7H 6D QC 6S\n", []),
    (_EV + DEAL + EXCHANGE + f"events:\n  {_WON}\n  talon: 7H 6D QC 5S\n",
     [(18, 10, "hand 1: the talon is not the deal's: the deal leaves 6♠ 7♥ 6♦ Q♣")]),
    (_EV + DEAL + EXCHANGE + f"events:\n  {_WON}\n  talon: 7H 6D QC\n",
     [(18, 10, "hand 1: the talon holds 4 cards: 3 are written")]),
    # Denis takes his face-down card without discarding: one card fewer in the talon
    (_EV + DEAL + EXCHANGE.replace("Denis discards QC", "Denis takes without discarding")
     + f"events:\n  {_WON}\n  talon: 7H 6D 6S\n", []),
    # Anne discards two: one card more
    (_EV + f"exchange:\n  Anne discards 7H 3S\nevents:\n  {_WON}\n  talon: 7H 3S 6D QC 6S\n", []),
    (_EV + f"exchange:\n  Anne discards 7H 3S\nevents:\n  {_WON}\n  talon: 7H 3S 6D QC\n",
     [(10, 10, "hand 1: the talon holds 5 cards: 4 are written")]),
    (_EV + f"exchange:\n  Anne discards 7H 3S\nevents:\n  {_WON}\n  talon: 19 points\n", []),
    (_EV + f"exchange:\n  Anne discards 7H 3S\nevents:\n  {_WON}\n  talon: 20 points\n",
     [(10, 10, "hand 1: a talon of 5 cards holds at most 19 points under these rules: 20 is written")]),
    # the deal without the exchange: each holds his hand and his face-down card
    (_EV + DEAL + f"events:\n  {_WON}\n  talon: 6 points\n  7. Anne leads AS\n",
     [(14, 17, "hand 1, trick 7: Anne plays A♠ but did not hold it after the exchange: it was dealt to "
               "Bruno")]),
    (_EV + DEAL + f"events:\n  {_WON}\n  talon: 6 points\n  7. Anne leads 9S\n",
     [(14, 17, "hand 1, trick 7: 9♠ is paid nothing: the events are the Aces and Quinola")]),
    (_EV + DEAL + EXCHANGE + f"events:\n  {_WON}\n  talon: 7H 6D QC 6S\n  7. Anne leads AC\n",
     [(19, 17, "hand 1, trick 7: Anne plays A♣ but did not hold it after the exchange: it was dealt to "
               "Claire")]),
    (_EV + DEAL + EXCHANGE + f"events:\n  {_WON}\n  talon: 7H 6D QC 6S\n  7. Claire leads AC\n", []),
])
def test_an_events_talon_against_its_rules_and_its_deal(text, expected):
    assert findings(text) == expected


def test_an_events_hand_reads_its_talon_and_hands_from_its_deal_and_exchange():
    from reversis_score.notation.cards import Card

    def cards(text: str) -> tuple:
        return tuple(Card.parse(c) for c in text.split())

    def replayed(text: str):
        session = check_text(text, "t.rvs")
        assert session.errors == []
        play = session.hands[0].play
        return play.events.talon, play.events.talon_points, play.events.talon_cards, play.held
    talon, points, count, held = replayed(_EV + DEAL + EXCHANGE + f"events:\n  {_WON}\n")
    assert (talon, points, count) == (cards("6S 7H 6D QC"), None, 4)  # the deal's talon, in the pack's order
    assert "9H" in map(str, held["Denis"]) and "QC" not in map(str, held["Denis"])
    talon, points, count, held = replayed(_EV + DEAL + f"events:\n  {_WON}\n  talon: 6 points\n")
    assert (talon, points, count) == (None, 6, 4)
    # no exchange line: each holds his hand and his face-down card
    assert {p: len(c) for p, c in held.items()} == {"Anne": 12, "Bruno": 12, "Claire": 12, "Denis": 12}
    taker = EXCHANGE.replace("Denis discards QC", "Denis takes without discarding")
    assert replayed(_EV + DEAL + taker + f"events:\n  {_WON}\n")[:3] == (cards("6S 7H 6D"), None, 3)
    assert replayed(_EV + f"exchange:\n  Anne discards 7H 3S\nevents:\n  {_WON}\n")[:3] == (None, None, 5)
    # without the deal, nobody knows which card a taker keeps over: the talon is every card not played
    taker = _EV + f"exchange:\n  Denis takes without discarding\nevents:\n  {_WON}\n"
    assert replayed(taker)[:3] == (None, None, 4)


@pytest.mark.parametrize("text, expected", [
    (_EV + "announce: espagnolette Denis\nevents:\n  party: Anne wins, Claire loses\n  talon: 6 points\n"
     "  espagnolette: Anne wins\n", [(10, 17, "hand 1: Denis announces the espagnolette but Anne plays it")]),
    (_EV + DEAL + EXCHANGE + "events:\n  party: Anne wins, Claire loses\n  talon: 7H 6D QC 6S\n  "
                             "espagnolette: Anne wins\n",
     [(19, 17, "hand 1: Anne plays the espagnolette but holds no Ace after the exchange: it takes all "
               "four Aces, or "
               "Quinola and three Aces")]),
    (events_hand("party: Claire loses", "talon: 6 points"), []),  # the loser alone: the winner is not known
    (events_hand("party: Claire wins", "talon: 6 points"),
     [(6, 1, "hand 1 has no party: write its winner and loser ('party: A wins, B loses'), or its reversis")]),
    (events_hand("talon: 6 points", "reversis: Anne makes it", "reversis: Anne makes it"),
     [(9, 3, "hand 1: the reversis is given twice: Anne's reversis is made or broken, not both")]),
    (events_hand("party: Anne wins, Claire loses", "party: Anne wins, Claire loses",
                 "points: Anne 1, Bruno 2, Claire 3, Denis 4", rules="dafydd"),
     [(8, 10, "hand 1: the party is given twice: one 'party:' line names its winner and its loser")]),
])
def test_an_events_party_espagnolette_and_reversis_get_their_exact_findings(text, expected):
    assert findings(text) == expected


@pytest.mark.parametrize("reversis, espagnolette, expected", [
    ("reversis: Anne makes it", "espagnolette: Anne wins", (None, False, None)),  # his reversis annuls it
    ("reversis: Anne makes it", "espagnolette: Denis loses", ("Denis", True, "Denis")),
])
def test_an_espagnolette_beside_a_reversis(reversis, espagnolette, expected):
    play = check_text(events_hand("talon: 6 points", reversis, espagnolette), "t.rvs").hands[0].play
    assert (play.espagnolette, play.espagnolette_undertaken, play.events.espagnolette) == expected


# ================================================================ a clean hand in one pass (replay/clean.py)
_TAKES = EXCHANGE.replace("Denis discards QC", "Denis takes without discarding")
_PEEKS = EXCHANGE.replace("Denis discards QC", "Denis peeks and discards QC")


@pytest.mark.parametrize("text, rules, previous, quick, problems", [
    # the usual shapes: the one pass gives the detailed replay's very Play
    (record(hand("Bruno", T)), "parlett", None, True, 0),
    (record(hand("Bruno", T)), "parlett", "Anne", True, 0),
    (record(hand("Bruno", T)), "dafydd", None, True, 0),
    (record(hand("Bruno", T, before=DEAL + EXCHANGE)), "parlett", None, True, 0),
    (record(hand("Bruno", T, before=DEAL + _PEEKS)), "parlett", None, True, 0),
    (record(hand("Bruno", T, before=DEAL + _TAKES)), "parlett", None, True, 0),
    (record(hand("Bruno", tricks_with((3, "3. Bruno: 9D 8D 3D KD")))), "parlett", None, True, 0),
    (record(hand("Bruno", tricks_with((8, "Bruno 9C, Claire AC, Denis KC, Anne 6C")))), "parlett", None, True,
     0),
    # anything else: the detailed replay reads it (and says what is wrong, if anything)
    (record(hand("Bruno", T)), "parlett", "Claire", False, 1),  # the deal out of turn
    (record(hand("Bruno", T, before=DEAL)), "parlett", None, False, 0),
    (record(hand("Bruno", T, before=EXCHANGE)), "parlett", None, False, 0),
    (record(hand("Bruno", T, before=DEAL + EXCHANGE)), "dafydd", None, False, 7),
    (record(hand("Bruno", tricks_with((3, "4. Bruno: 9D 8D 3D KD")))), "parlett", None, False, 1),
    (record(hand("Bruno", tricks_with((8, "Bruno: 9C AC KC 6C | gathered by Claire")))), "parlett", None,
     False, 1),
    (record(hand("Bruno", T, before="announce: espagnolette Anne\n")), "parlett", None, False, 1),
    (record(hand("Bruno", tricks_with(*REVOKES))), "parlett", None, False, 2),
    (record(hand("Bruno", T, before="irregular: revoke Anne\n")), "parlett", None, False, 1),
    (record(hand("Bruno", T[:10])), "parlett", None, False, 1),
])
def test_a_clean_hand_is_replayed_in_one_pass_and_any_other_in_detail(text, rules, previous, quick, problems):
    from reversis_score.notation.parse import read_text
    from reversis_score.replay.clean import clean_play
    from reversis_score.replay.tricks import replay_detailed
    from reversis_score.rules.knobs import PRESETS
    record_, knobs = read_text(text, "t.rvs").hands[0].record, PRESETS[rules]
    players = ("Anne", "Bruno", "Claire", "Denis")
    once = clean_play(record_, players, knobs, previous)
    detailed, found = replay_detailed(record_, players, knobs, previous)
    assert (once is not None, len(found)) == (quick, problems)
    if once is not None:
        assert once == detailed


def test_pairwise_rules_give_no_espagnolette_a_right_to_revoke_in_a_hand_in_progress():
    from builders import ESPAGNOLETTE_WON
    text = record(hand("Denis", ESPAGNOLETTE_WON[:2], before=ESPAGNOLETTE_DEAL),
                  header="rule party: pairwise-stake\n")
    assert findings(text) == [
        (18, 18, "hand 1, trick 1: Denis plays A♥ on a ♠ lead while holding A♠, which Denis plays in trick "
                 "2 — a revoke; if it happened, add `irregular: revoke Denis`"),
        (19, 3, "hand 1 is unfinished: 2 of 11 tricks recorded (`reversis-score record` resumes it)")]


@pytest.mark.parametrize("exchange, expected", [
    # four exchange lines, but not one for each player: the one pass gives up, the detailed replay says why
    (EXCHANGE.replace("Claire keeps", "Anne discards 7H"),
     [(14, 3, "hand 1: Anne has two exchange lines"), (4, 1, "hand 1: the exchange has no line for Claire")]),
    (EXCHANGE.replace("Claire keeps", "Zed keeps"),
     [(14, 3, "hand 1: 'Zed' is not a player of this session (players: Anne Bruno Claire Denis)")]),
])
def test_an_exchange_of_four_lines_not_one_each_is_read_in_detail(exchange, expected):
    assert findings(record(hand("Bruno", T, before=DEAL + exchange))) == expected


def test_three_cards_not_held_in_one_trick_are_three_mistakes_even_with_a_swap_among_them():
    # Anne's 8♣ and Bruno's 3♠ would be a swap, but Denis's 6♠ (Claire's face-down card) is a third
    text = record(hand("Bruno", tricks_with((11, "Claire: QS 6S 8C 3S")), before=DEAL + EXCHANGE))
    not_held = "hand 1, trick 11: {} plays {} but did not hold it after the exchange: {}"
    assert findings(text) == [
        (27, 17, not_held.format("Anne", "8♣", "it was dealt to Bruno")),
        (27, 20, not_held.format("Bruno", "3♠", "it was dealt to Anne")),
        (27, 14, not_held.format("Denis", "6♠", "it is Claire's face-down card"))]
    assert [(d.player, d.trick) for d in check_text(text, "t.rvs").errors] == [("Anne", 11), ("Bruno", 11),
                                                                                ("Denis", 11)]


_KEEPS = "exchange:\n  Anne keeps\n  Bruno discards 6D\n  Claire keeps\n  Denis discards QC\n"


@pytest.mark.parametrize("text, expected, players", [
    (_EVENTS_DEALT + "  7. Bruno places AS, Anne takes it\n",
     [(14, 19, "hand 1, trick 7: Bruno plays A♠ but did not hold it after the exchange: it is Anne's "
               "face-down card "
               "(the dealer takes no face-down card)")], [("Bruno", 7)]),
    (_EVENTS_DEALT.replace("events:", _KEEPS + "events:") + "  7. Anne places AS, Claire takes it\n",
     [(19, 18, "hand 1, trick 7: " + _OWN.format(p="Anne", c="A♠")),
      (18, 10, "hand 1: the talon is not the deal's: the deal leaves A♠ 6♠ 6♦ Q♣")],
     [("Anne", 7), (None, None)]),
    (events_hand(*PARTY, "7. Bruno leads AD", "8. Claire places AD, Anne takes it"),
     [(10, 20, "hand 1, trick 8: A♦ is led in trick 7 and placed in trick 8: each card is played once")],
     [(None, 8)]),
    (_EV + f"exchange:\n  Anne discards 7H 3S\nevents:\n  {_WON}\n  talon: 6 points\n  11. Anne leads AD\n",
     [(11, 3, "hand 1, trick 11: Anne plays with ten cards (two discarded) and plays no card in trick 11")],
     [(None, 11)]),
    (record(hand("Bruno", T, before=DEAL + EXCHANGE.replace("Bruno discards 6D", "Bruno discards QS"))),
     [(13, 18, "hand 1: Bruno discards Q♠, which was not dealt to Bruno")], [("Bruno", None)]),
])
def test_cards_not_held_or_twice_name_their_player_and_trick(text, expected, players):
    assert findings(text) == expected
    assert [(d.player, d.trick) for d in check_text(text, "t.rvs").errors] == players


@pytest.mark.parametrize("line, played", [
    ("7. Claire places AS on H, Bruno gathers it", ("placed", "Claire", "AS", "Bruno", "H", True)),
    ("7. Claire places AS, Claire gathers it", ("placed", "Claire", "AS", "Claire", None, True)),
    ("7. Claire leads AS", ("led", "Claire", "AS", None, "S", False)),
])
def test_an_events_card_is_read_with_its_suit_led_and_who_gathered_it(line, played):
    play = check_text(events_hand(*PARTY, line), "t.rvs").hands[0].play
    (card,) = play.events.cards
    assert (card.trick, card.how, card.player, str(card.card), card.other, card.suit,
            card.gathered) == (7, *played)


@pytest.mark.parametrize("deal, expected", [
    # a card twice within one line, a face-down card that is also in its line or another's: each said once
    (DEAL.replace("Anne: 7C 2D", "Anne: 7C 7C"), [(7, 12, "hand 1: 7♣ is dealt twice (also to Anne)")]),
    (DEAL.replace("6C | 9S", "6C | 6C"), [(7, 44, "hand 1: 6♣ is dealt twice (also to Anne)")]),
    (DEAL.replace("2S | 6S", "2S | 7C"), [(9, 46, "hand 1: 7♣ is dealt twice (also to Anne)")]),
    (DEAL.replace("| 9S", "| AS"), [(8, 10, "hand 1: A♠ is dealt twice (also to Anne)")]),
    # a deal line given twice before the others: the others are still read
    (DEAL.replace("  Bruno:", "  Anne: 7C 2D 4D 3S JS 7H 4C KD 2H 8H 6C | 9S\n  Bruno:"),
     [(8, 3, "hand 1: Anne has two deal lines")]),
])
def test_a_card_dealt_twice_is_said_where_it_is_written_again(deal, expected):
    assert findings(record(hand("Bruno", T, before=deal + EXCHANGE))) == expected


def test_a_dealer_who_is_no_player_is_said_before_any_replay():
    assert findings(record(hand("Zed", T))) == [
        (5, 9, "hand 1: 'Zed' is not a player of this session (players: Anne Bruno Claire Denis)")]


@pytest.mark.parametrize("lines, expected", [
    # a reversis is the first nine tricks: a card another takes in trick 9 breaks the record, in trick 10 not
    (["reversis: Anne makes it", "9. Denis places AC, Bruno takes it"],
     [(8, 3, "hand 1, trick 9: Anne takes the first nine tricks with the reversis, but Bruno takes trick "
             "9")]),
    (["reversis: Anne, broken by Bruno in trick 10", "10. Denis places AC, Bruno takes it"], []),
    # an events hand with a deal that lacks a line: said, and no card is checked against it
    ([], []),
])
def test_an_events_reversis_is_the_first_nine_tricks(lines, expected):
    if lines:
        assert findings(events_hand("talon: 6 points", *lines)) == expected
    else:
        text = (_EV + DEAL.replace("  Denis: 5D 3D QD 5S 6H JC QC AH 3H KC 5H | 9H\n", "")
                + f"events:\n  {_WON}\n  talon: 6 points\n  7. Anne leads AD\n")
        assert findings(text) == [(4, 1, "hand 1: the deal has no line for Denis")]


@pytest.mark.parametrize("lines, reversis", [
    (["reversis: Anne makes it", "5. Anne leads JH"], ("Anne", None, None, False, True, False)),
    (["reversis: Anne makes it", "9. Anne leads JH"], ("Anne", None, None, False, True, False)),
    (["reversis: Anne makes it", "10. Anne leads JH"], ("Anne", None, None, False, False, True)),
    (["reversis: Anne, broken by Bruno in trick 10", "10. Bruno forces JH from Anne"],
     ("Anne", "Bruno", 10, False, False, True)),
    (["reversis: Anne makes it", "5. Bruno leads JH"], ("Anne", None, None, False, False, False)),  # not hers
])
def test_an_events_reversis_knows_when_its_player_played_quinola(lines, reversis):
    play = check_text(events_hand("talon: 6 points", *lines), "t.rvs").hands[0].play
    rev = play.events.reversis
    assert (rev.player, rev.breaker, rev.trick, rev.by_quinola, rev.quinola_early,
            rev.quinola_late) == reversis


def test_an_events_hands_cards_are_in_trick_order_the_lead_first():
    text = events_hand(*PARTY, "7. Claire places AS on H, Bruno takes it", "7. Bruno leads AH",
                       "3. Denis leads AD")
    play = check_text(text, "t.rvs").hands[0].play
    assert [(c.trick, c.how, c.player) for c in play.events.cards] == [
        (3, "led", "Denis"), (7, "led", "Bruno"), (7, "placed", "Claire")]


def test_an_exchange_without_a_deal_leaves_the_written_talon_as_it_is():
    text = (_EV + "exchange:\n  Anne discards 7H\n  Bruno discards 6D\n  Claire keeps\n  Denis discards QC\n"
            f"events:\n  {_WON}\n  talon: 7H 6D QC 6S\n")
    assert findings(text) == []


@pytest.mark.parametrize("text, expected", [
    (_EV + DEAL + EXCHANGE + "events:\n  party: Bruno wins, Claire loses\n  talon: 7H 6D QC 6S\n"
     "  espagnolette: Bruno wins\n",
     [(19, 17, "hand 1: Bruno plays the espagnolette but holds A♦ A♠ after the exchange: it takes all "
               "four Aces, "
               "or Quinola and three Aces")]),
    (events_hand("party: Denis wins, Claire loses", "talon: 6 points", "3. Denis places AC, Bruno takes it",
                 "5. Anne places AD, Denis takes it", "espagnolette: Denis wins"),
     [(11, 17, "hand 1, trick 5: Denis wins the espagnolette (no trick taken) but takes trick 5")]),
    (events_hand("party: Anne wins, Bruno loses", "party: Claire loses, Denis loses", "talon: 6 points"),
     [(8, 10, "hand 1: the party is given twice: one 'party:' line names its winner and its loser"),
      (8, 10, "hand 1: the party has two losers, Bruno and Claire: one player loses it")]),
    # a tie in points: the winner is still written as the winner
    (events_hand("party: Anne wins with 5 points, Claire loses with 5 points", "talon: 6 points"), []),
])
def test_an_events_espagnolette_and_party_get_their_exact_findings(text, expected):
    assert findings(text) == expected


def test_an_events_hand_without_an_espagnolette_has_none_won():
    events = check_text(events_hand(*PARTY), "t.rvs").hands[0].play.events
    assert (events.winner, events.loser, events.espagnolette, events.espagnolette_won, events.reversis) == (
        "Anne", "Claire", None, False, None)


_ZED = "hand 1: 'Zed' is not a player of this session (players: Anne Bruno Claire Denis)"


@pytest.mark.parametrize("lines, where", [
    # a name no player has, wherever an events hand writes it, with every kind of line after it
    (["party: Zed wins, Claire loses", "points: Anne 3", "7. Bruno leads AD", "espagnolette: Denis loses"],
     (7, 10)),
    (["party: Anne wins, Claire loses", "points: Zed 3", "7. Bruno leads AD", "talon: 6 points"], (8, 11)),
    (["party: Anne wins, Claire loses", "talon: 6 points", "7. Zed leads AD", "reversis: Anne makes it"],
     (9, 6)),
    (["party: Anne wins, Claire loses", "talon: 6 points", "7. Bruno places AD, Zed takes it",
      "reversis: Anne makes it"], (9, 23)),
    (["talon: 6 points", "reversis: Zed makes it", "espagnolette: Denis loses"], (8, 13)),
    (["talon: 6 points", "reversis: Anne, broken by Zed in trick 10", "espagnolette: Denis loses"], (8, 29)),
])
def test_an_unknown_name_anywhere_in_an_events_hand_is_said(lines, where):
    assert findings(events_hand(*lines)) == [(*where, _ZED)]


@pytest.mark.parametrize("before", [
    "irregular: expose Anne\n", "exchange:\n  Anne peeks and discards 7H\n",
    "exchange:\n  Anne exposes and discards 7H\n", "exchange:\n  Anne takes without discarding\n"])
def test_a_barred_player_wins_no_party_in_an_events_hand(before):
    text = _EV + before + "events:\n  party: Anne wins, Claire loses\n  talon: 6 points\n"
    line = 8 if before.startswith("irregular") else 9
    assert findings(text) == [(line, 10, "hand 1: Anne cannot win the party: barred this hand (RULES §7, "
                                         "§10)")]


def test_pairwise_rules_read_no_reversis_line_further():
    text = events_hand("reversis: Anne, broken by Anne in trick 10", "points: Anne 1, Bruno 2, Claire 3, "
                                                                     "Denis 4",
                       rules="dafydd")
    assert findings(text) == [(7, 3, "hand 1: these rules have no reversis (RULES §6): every player pays "
                                     "by points")]


def test_an_events_hands_play():
    from reversis_score.notation.cards import Card
    text = events_hand("party: Anne wins, Denis loses", "talon: 6 points", "7. Bruno forces JH from Claire",
                       "8. Denis leads AD", "espagnolette: Denis loses")
    play = check_text(text, "t.rvs").hands[0].play
    assert (play.void, play.tricks, play.talon, play.points, play.tricks_won, play.barred, play.revokes) == (
        False, (), (), {}, {}, frozenset(), ())
    assert play.held == {"Anne": frozenset(), "Bruno": frozenset(), "Claire": {Card("J", "H")},
                         "Denis": {Card("A", "D")}}  # no deal: what each is written to play
    assert (play.espagnolette, play.espagnolette_undertaken, play.ten_cards, play.gathered,
            play.events.quinola_holder) == ("Denis", True, frozenset(), (), "Claire")


def test_a_revoke_acknowledged_leaves_another_players_revokes_said():
    # Anne's revokes are acknowledged; Claire's (her 2♠ and 8♦ trade places in tricks 3 and 4) are not
    claire = [(3, "Bruno: 9D 2S 3D KD"), (4, "Anne: JS 7S 8D 5S")]
    text = record(hand("Bruno", tricks_with(*REVOKES, *claire), before="irregular: revoke Anne\n"))
    assert findings(text) == [
        (10, 13, "hand 1, trick 3: Claire plays 2♠ on a ♦ lead while holding 8♦, which Claire plays in "
                 "trick 4 — a "
                 "revoke; if it happened, add `irregular: revoke Claire`"),
        (11, 15, "hand 1, trick 4: Claire plays 8♦ on a ♠ lead while holding 4♠, which Claire plays in "
                 "trick 5 — a "
                 "revoke; if it happened, add `irregular: revoke Claire`")]
    assert [(d.player, d.trick) for d in check_text(text, "t.rvs").errors] == [("Claire", 3), ("Claire", 4)]
    text = record(hand("Bruno", T, before="irregular: revoke Anne\n"))
    acknowledged = check_text(text, "t.rvs").diagnostics
    assert [(d.player, d.severity) for d in acknowledged] == [("Anne", "warning")]


def test_the_espagnolettes_right_to_revoke_ends_with_trick_nine():
    # Denis keeps A♥ to trick 11: his 6♣ on spades in trick 1 is his right, his 7♣ on hearts in trick 10 not
    from builders import ESPAGNOLETTE_WON
    tricks = list(ESPAGNOLETTE_WON)
    tricks[0], tricks[10] = "Anne: KS 2S 3D 6C", "Bruno: 2D 5C AH QS"
    assert findings(record(hand("Denis", tricks, before=ESPAGNOLETTE_DEAL))) == [
        (26, 16, "hand 1, trick 10: Denis plays 7♣ on a ♥ lead while holding A♥, which Denis plays in trick "
                 "11 — a revoke; if it happened, add `irregular: revoke Denis`")]


def test_an_events_hands_exchange_and_espagnolette_findings_name_their_player():
    exchange = EXCHANGE.replace("Anne discards 7H", "Anne discards QS")
    text = _EV + DEAL + exchange + f"events:\n  {_WON}\n  talon: 6 points\n"
    assert findings(text) == [(12, 17, "hand 1: Anne discards Q♠, which was not dealt to Anne")]
    assert [(d.player, d.hand) for d in check_text(text, "t.rvs").errors] == [("Anne", 1)]
    text = (_EV + DEAL + EXCHANGE + "events:\n  party: Bruno wins, Claire loses\n  talon: 7H 6D QC 6S\n"
            "  espagnolette: Bruno wins\n")
    assert [(d.player, d.hand) for d in check_text(text, "t.rvs").errors] == [("Bruno", 1)]


_TWO_TENS = "exchange:\n  Anne discards 7H 3S\n  Bruno discards 6D 8C\n"


@pytest.mark.parametrize("tricks, before, expected, notes", [
    # a short trick before the last is a mistake, not a game in progress
    (T[:2] + ["Bruno: 9D 8D 3D"] + T[3:5], "",
     [(11, 3, "hand 1: the hand has 5 tricks: a hand is 11 tricks (or 'void: misdeal')"),
      (9, 3, "hand 1, trick 3: a trick has 4 cards, one from each player: this one has 3")], []),
    (T[:10] + ["Claire: QS 9H 3S 8C 2C"], "",
     [(17, 3, "hand 1, trick 11: a trick has 4 cards, one from each player: this one has 5")], []),
    # two players with ten: the last trick is whole with two cards
    (tricks_with((11, "Claire: QS 9H")), _TWO_TENS, [], []),
    (tricks_with((11, "Claire: QS 9H 3S")), _TWO_TENS,
     [(20, 3, "hand 1, trick 11: Anne and Bruno discarded two cards and play with ten, so the last trick "
              "has 2 "
              "cards: this one has 3")], []),
])
def test_a_hand_is_in_progress_only_when_its_last_trick_alone_is_short(tricks, before, expected, notes):
    text = record(hand("Bruno", tricks, before=before))
    assert findings(text) == expected and findings(text, "note") == notes


def test_a_trick_gathered_by_its_winner_names_him_in_the_warning():
    text = record(hand("Bruno", tricks_with((8, "Bruno: 9C AC KC 6C | gathered by Claire"))))
    assert [(d.player, d.severity) for d in check_text(text, "t.rvs").diagnostics] == [("Claire", "warning")]


def test_a_ten_card_players_exchange_line_may_stand_alone_beside_the_deal():
    assert findings(record(hand("Bruno", TEN, before=DEAL + "exchange:\n  Anne discards 7H 3S\n"))) == []


def test_an_unknown_name_in_the_first_of_two_party_lines_is_said():
    text = events_hand("party: Zed wins, Claire loses", "party: Anne wins, Claire loses", "talon: 6 points")
    assert findings(text) == [(7, 10, _ZED)]


def test_an_irregular_line_given_twice_is_said():
    twice = "irregular: revoke Anne\nirregular: revoke Anne\n"
    assert findings(record(hand("Bruno", tricks_with(*REVOKES), before=twice))) == [
        (7, 12, "hand 1: 'irregular: revoke Anne' is given twice")]


@pytest.mark.parametrize("text, expected, notes", [
    # a ten among an events hand's cards, its talon written as cards
    (events_hand(*PARTY, "7. Bruno leads 10D"), [(9, 18, "hand 1, trick 7: there are no tens in a "
                                                         "48-card pack: '10D'")],
     []),
    # a last trick of five cards, or a short trick before the last: mistakes, not a game in progress
    (record(hand("Bruno", T[:5] + ["Bruno: 7D 3C 5D 4D 6D"])),
     [(12, 3, "hand 1: the hand has 6 tricks: a hand is 11 tricks (or 'void: misdeal')"),
      (12, 3, "hand 1, trick 6: a trick has 4 cards, one from each player: this one has 5")], []),
    (record(hand("Bruno", T[:3] + ["Anne: JS 7S 2S"] + T[4:5])),
     [(11, 3, "hand 1: the hand has 5 tricks: a hand is 11 tricks (or 'void: misdeal')"),
      (10, 3, "hand 1, trick 4: a trick has 4 cards, one from each player: this one has 3")], []),
    # a ten in a 52-card game is a card
    (record(hand("Bruno", ["Claire: 2C JC TC 5C"]), header="rule deck: 52\n"), [],
     [(8, 3, "hand 1 in progress (trick 2)")]),
])
def test_tens_and_short_tricks_in_hands_in_progress(text, expected, notes):
    assert findings(text) == expected and findings(text, "note") == notes


def test_a_name_misspelt_all_through_a_hand_is_said_once_and_another_still_said():
    text = record(hand("Bruno", tricks_with((8, "Zed: 9C AC KC 6C")))).replace("  Anne:", "  Ann:")
    assert findings(text) == [
        (10, 3, "hand 1: 'Ann' is not a player of this session (players: Anne Bruno Claire Denis); did you "
                "mean 'Anne'? ('Ann' stands for 'Anne' all through the hand: is the 'players:' line right?)"),
        (14, 3, _ZED)]
