"""More fixed, hand-worked records for replay/ (issue 43 item 4): the survivors of the mutation
run over replay/ (bench/mutants-replay.md) that tests/test_fixed_replay.py did not kill. Each
a short record and its exact findings, or the replay's exact answer. Same style, same players.
"""
from __future__ import annotations

import dataclasses

import pytest
from builders import EXAMPLE_TRICKS, hand, record
from test_fixed_replay import DEAL, EXCHANGE, PARTY, events_hand, tricks_with
from test_stages import findings

from reversis_score.notation.parse import read_text
from reversis_score.replay.clean import clean_play
from reversis_score.replay.tricks import replay_detailed, replay_unfinished
from reversis_score.rules.knobs import PRESETS

T = EXAMPLE_TRICKS
PLAYERS = ("Anne", "Bruno", "Claire", "Denis")
NEXT = hand("Claire", T)  # a hand after it: the first is finished, not in progress


def first_hand(text: str) -> list[tuple[int, int, str]]:
    return [f for f in findings(text) if f[2].startswith("hand 1")]


def record_of(text: str):
    return read_text(text, "t.rvs").hands[0].record


@pytest.mark.parametrize("tricks, expected", [
    ([], [(5, 9, "hand 1: the hand has 0 tricks: a hand is 11 tricks (or 'void: misdeal')")]),  # the dealer
    (T[:1], [(7, 3, "hand 1: the hand has 1 trick: a hand is 11 tricks (or 'void: misdeal')")]),
    (T[:10], [(16, 3, "hand 1: the hand has 10 tricks: a hand is 11 tricks (or 'void: misdeal')")]),
    # two short tricks at the end: not one record cut short, so the count and each trick
    (T[:8] + ["Bruno: 9C AC KC", "Claire: JH AH 2H"],
     [(16, 3, "hand 1: the hand has 10 tricks: a hand is 11 tricks (or 'void: misdeal')"),
      (15, 3, "hand 1, trick 9: a trick has 4 cards, one from each player: this one has 3"),
      (16, 3, "hand 1, trick 10: a trick has 4 cards, one from each player: this one has 3")]),
    # cut short in trick 6: said once, and its cards are not walked (2♣ again is not said)
    (T[:5] + ["Bruno: 7D 2C"],
     [(12, 3, "hand 1: the hand stops in trick 6, after 2 of its 4 cards: a hand is 11 tricks (or 'void: "
              "misdeal')")]),
])
def test_a_finished_hand_of_the_wrong_length_is_said_once(tricks, expected):
    assert first_hand(record(hand("Bruno", tricks), NEXT)) == expected


def test_a_name_misspelt_all_through_the_hand_is_said_once():
    tricks = [t.replace("Bruno", "Brunoo") for t in T]  # the dealer and four trick leaders
    play, found = replay_detailed(record_of(record(hand("Brunoo", tricks))), PLAYERS, PRESETS["parlett"])
    assert play is None and [(d.span.line, d.span.column, d.message, d.player) for d in found] == [
        (5, 9, "'Brunoo' is not a player of this session (players: Anne Bruno Claire Denis); did you mean "
               "'Bruno'? ('Brunoo' stands for 'Bruno' all through the hand: is the 'players:' line right?)",
         "Brunoo")]


def test_the_dealer_of_an_events_hand_is_a_name_checked():
    assert findings(events_hand(*PARTY, dealer="Brunoo")) == [
        (5, 9, "hand 1: 'Brunoo' is not a player of this session (players: Anne Bruno Claire Denis); did you "
               "mean 'Bruno'? ('Brunoo' stands for 'Bruno' all through the hand: is the 'players:' line "
               "right?)")]


def test_clean_tricks_beside_events_are_not_replayed_in_one_pass():
    text = record(hand("Bruno", T, before="events:\n  party: Anne wins, Claire loses\n"))
    assert findings(text) == [(6, 1, "hand 1: a hand is recorded by its tricks or by its events, not both")]


def test_an_announce_that_does_not_stand_leaves_no_play():
    play, found = replay_detailed(record_of(record(hand("Bruno", T, before="announce: espagnolette Anne\n"))),
                                  PLAYERS, PRESETS["parlett"])
    assert play is None and [d.severity for d in found] == ["error"]


def test_a_hand_in_progress_whose_tricks_cannot_be_followed_gives_no_tricks():
    text = record(hand("Bruno", T[:4] + ["Anne: 9S KS 4S 2C"]))
    tricks, found = replay_unfinished(record_of(text), PLAYERS, PRESETS["parlett"])
    assert tricks == () and [d.message for d in found] == ["2♣ is played twice: it was played in trick 1"]


def test_a_hand_in_progress_whose_last_trick_has_a_card_too_many_says_so():
    text = record(hand("Bruno", T, before="exchange:\n  Anne discards 7H 3S\n"))
    tricks, found = replay_unfinished(record_of(text), PLAYERS, PRESETS["parlett"])
    assert tricks == () and [d.message for d in found] == [
        "Anne discarded two cards and plays with ten, so the last trick has 3 cards: this one has 4"]


def test_a_token_that_is_not_a_card_is_said_by_the_replay_too():
    # the notation says it first and the pipeline replays no such hand; the replay, given it, says it too
    text = record(hand("Bruno", tricks_with((2, "Denis: 6H 8H KX 4H"))))
    for replayed in (replay_detailed, replay_unfinished):
        _, found = replayed(record_of(text), PLAYERS, PRESETS["parlett"])
        assert [(d.span.line, d.span.column, d.family, d.trick, d.message) for d in found] == [
            (8, 16, "notation", 2, "'KX' is not a card")]


def test_a_discard_not_dealt_beside_a_swap_reads_the_dealt_cards():
    # Bruno, the dealer, discards Q♠ (Claire's) and plays Anne's 7♣ for his own 5♣: the play does not
    # show his discard, so his hand is his twelve dealt cards, and the swap is one mistake, said as such
    ex = EXCHANGE.replace("Bruno discards 6D", "Bruno discards QS")
    text = record(hand("Bruno", tricks_with((1, "Claire: 2C JC 5C 7C")), before=DEAL + ex))
    play, found = replay_detailed(record_of(text), PLAYERS, PRESETS["parlett"])
    assert play is None and [(d.span.line, d.span.column, d.trick, d.player, d.message) for d in found] == [
        (13, 18, None, "Bruno", "Bruno discards Q♠, which was not dealt to Bruno"),
        (17, 17, 1, "Anne", "Anne plays 5♣ and Bruno plays 7♣, but Anne holds 7♣ and Bruno holds 5♣: the two "
                            "cards are swapped")]


def test_the_talon_of_a_52_card_game_keeps_its_tens():
    # 44 cards played, none a ten: the eight that stay out (docs/rules.md: no talon is scored) are the
    # 48-card talon and the four tens, in pack order (an events hand says none: the test below)
    knobs = dataclasses.replace(PRESETS["parlett"], deck=52)
    hand_ = record_of(record(hand("Bruno", T), header="rule deck: 52\n"))
    detailed, found = replay_detailed(hand_, PLAYERS, knobs)
    once = clean_play(hand_, PLAYERS, knobs)
    assert found == [] and detailed is not None and once is not None
    assert [str(c) for c in detailed.talon] == [str(c) for c in once.talon] == [
        "TS", "6S", "TH", "7H", "TD", "6D", "QC", "TC"]


# Denis holds the four Aces and always follows suit: a clean hand, and under pairwise rules no espagnolette
FOUR_ACES = ["Claire: 3D QD 6D 7D", "Denis: AH 5H 6H 4H", "Denis: AC 4C 3C 6C", "Denis: KS 2S 9S 4S",
             "Denis: AS QS 2C 8S", "Denis: KC 6S 7C JH", "Denis: 9H QH 8C KD", "Anne: 7S QC 3S KH",
             "Anne: 5S JC 2D 5C", "Anne: 2H 5D 4D 3H", "Denis: AD 8H 9C 9D"]


@pytest.mark.parametrize("rules, qualified", [("parlett", "Denis"), ("dafydd", None)])
def test_the_one_pass_names_the_espagnolette_as_the_detailed_replay_does(rules, qualified):
    hand_ = record_of(record(hand("Bruno", FOUR_ACES), rules=rules))
    once = clean_play(hand_, PLAYERS, PRESETS[rules])
    detailed, found = replay_detailed(hand_, PLAYERS, PRESETS[rules])
    assert found == [] and once is not None and once == detailed and once.espagnolette == qualified


def test_an_events_hand_of_a_52_card_game_leaves_no_talon_from_its_deal():
    # twelve cards each, one discarded each: eight cards stay out, and no talon is read from the deal
    text = ("players: Anne Bruno Claire Denis\nrules: parlett\nrule deck: 52\n\nhand 1\ndealer: Bruno\n"
            "deal:\n  Anne: 7C 2D 4D 3S JS 7H 4C KD 2H 8H 6C 9S\n"
            "  Bruno: AS JD 9C KS 5C 7S KH AD 8C 7D 9D 6D\n"
            "  Claire: QS JH 2C 4S 4H 8D AC 8S 3C QH 2S 6S\n  Denis: 5D 3D QD 5S 6H JC QC AH 3H KC 5H 9H\n"
            "exchange:\n  Anne discards 7H\n  Bruno discards 6D\n  Claire discards 6S\n  Denis discards QC\n"
            "events:\n  party: Anne wins, Claire loses\n")
    play, found = replay_detailed(record_of(text), PLAYERS, dataclasses.replace(PRESETS["parlett"], deck=52))
    assert found == [] and play is not None and play.talon == ()
