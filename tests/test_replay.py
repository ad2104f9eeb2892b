"""Replay: leaders, winners, talon, holdings against the deal, revokes with their evidence."""
import pytest
from builders import EXAMPLE_TRICKS, hand, record

from reversis_score.pipeline import check_text


def problems(text, severity="error"):
    session = check_text(text, "t.rvs")
    return [d.message for d in session.diagnostics if d.severity == severity]


def test_example_replays_with_the_right_winners(example_text):
    session = check_text(example_text, "t.rvs")
    play = session.hands[0].play
    assert [t.winner for t in play.tricks] == ["Denis", "Bruno", "Anne", "Anne", "Bruno", "Bruno",
                                               "Bruno", "Claire", "Denis", "Claire", "Claire"]
    assert play.tricks_won == {"Anne": 2, "Bruno": 4, "Claire": 3, "Denis": 2}


@pytest.mark.parametrize("old, new, message", [
    ("  Bruno:  AS JD 9C KS 5C 7S KH AD 8C 7D 9D 6D",
     "  Bruno:  AS JD 9C KS 5C 7S KH AD 8C 7D 9D",
     "Bruno is dealt 11 cards: the dealer gets 12 in a 48-card game"),
    ("  Denis:  5D 3D QD 5S 6H JC QC AH 3H KC 5H | 9H", "  Denis:  5D 3D QD 5S 6H JC QC AH 3H KC 5H",
     "Denis's deal line needs '|' and the face-down card after the 11 cards"),
    ("  Bruno:  AS JD 9C KS 5C 7S KH AD 8C 7D 9D 6D", "  Bruno:  AS",
     "Bruno is dealt 1 card: the dealer gets 12 in a 48-card game"),
    ("  Claire keeps", "  Claire discards 9D", "Claire discards 9♦, which was not dealt to Claire"),
    ("  Denis discards QC\n", "", "the exchange has no line for Denis"),
    ("  Bruno discards 6D", "  Bruno keeps",
     "Bruno cannot keep: the dealer discards one card, or Bruno would play with 12 cards"),
    ("  Anne:   7C 2D 4D 3S JS 7H 4C KD 2H 8H 6C | 9S", "  Anne:   7C 2D 4D 3S JS 7H 4C KD 2H 8H 6C | 6D",
     "6♦ is dealt twice (also to Anne)"),
])
def test_deal_and_exchange_must_agree_with_the_play(example_text, old, new, message):
    assert old in example_text
    assert message in problems(example_text.replace(old, new))


def test_the_dealer_takes_no_face_down_card(example_text):
    # Bruno (the dealer) plays 9♥, Denis's face-down card that Denis did not take.
    text = example_text.replace("  Denis discards QC", "  Denis keeps").replace(
        "Denis: 5H 4C AS QH", "Denis: 5H 4C 9H QH").replace("Claire: QS 9H 3S 8C", "Claire: QS QC 3S 8C")
    found = problems(text)
    assert any("Bruno plays 9♥ but did not hold it after the exchange: it is Denis's face-down card "
               "(the dealer takes no face-down card)" in m for m in found)


def test_wrong_leader_names_who_should_lead():
    tricks = list(EXAMPLE_TRICKS)
    tricks[0] = "Denis: JC 7C 5C 2C"
    assert "Claire leads this trick as the player after the dealer (Bruno), not Denis; " \
           "the tricks from this one on are not checked" in \
        problems(record(hand("Bruno", tricks)))


def test_explicit_form_must_follow_the_order_of_play():
    tricks = list(EXAMPLE_TRICKS)
    tricks[7] = "Bruno 9C, Denis KC, Claire AC, Anne 6C"
    found = problems(record(hand("Bruno", tricks)))
    assert any("expected Claire, found Denis" in m for m in found)


def test_revoke_evidence_from_the_held_hand(example_text):
    # With the deal recorded, the evidence can be a card still in his hand... here the later trick.
    text = example_text.replace("  Bruno 9C, Claire AC, Denis KC, Anne 6C",
                                "  Bruno 9C, Claire AC, Denis 5S, Anne 6C").replace(
        "  Anne: JS 7S 2S 5S", "  Anne: JS 7S 2S KC")
    found = problems(text)
    assert found[0].startswith("Denis plays K♣ on a ♠ lead while holding 5♠, "
                               "which Denis plays in trick 8 — a revoke")
    assert problems(text.replace("table:", "irregular: revoke Denis\ntable:")) == []


def test_warnings_do_not_stop_settlement():
    text = record(hand("Bruno", EXAMPLE_TRICKS), hand("Bruno", EXAMPLE_TRICKS, "irregular: revoke Anne\n"))
    warnings = problems(text, "warning")
    assert any("the deal passes to Claire after Bruno, but Bruno deals" in w for w in warnings)
    assert any("no revoke by Anne shows in the tricks" in w for w in warnings)
    assert problems(text) == []


def test_misdeal_is_the_dealers():
    assert any("a misdeal is the dealer's" in m for m in
               problems(record(hand("Bruno", EXAMPLE_TRICKS, "irregular: misdeal Anne\n"))))


def test_void_hand_takes_no_tricks():
    tricks = "\n".join("  " + t for t in EXAMPLE_TRICKS)
    text = record(f"dealer: Bruno\nvoid: misdeal\ntricks:\n{tricks}\n")
    assert "a void hand (void: misdeal) has no 'tricks:'" in problems(text)


def test_an_error_in_one_hand_does_not_stop_the_others():
    bad = list(EXAMPLE_TRICKS)
    bad[3] = "Anne: JS 7S 2S"
    text = record(hand("Bruno", bad), hand("Claire", bad))
    session = check_text(text, "t.rvs")
    assert sorted({d.hand for d in session.errors}) == [1, 2]
