"""One test per construct of docs/notation.md: what each piece of the notation reads as."""
import datetime as dt

import pytest
from builders import EXAMPLE_TRICKS
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.notation.cards import Card
from reversis_score.notation.parse import read_text
from reversis_score.pipeline import check_text

HEAD = "players: Anne Bruno Claire Denis\n"
TRICKS = "tricks:\n" + "".join(f"  {line}\n" for line in EXAMPLE_TRICKS)
HAND = "hand 1\ndealer: Bruno\n" + TRICKS


def parse_ok(text):
    result = read_text(text, "t.rvs")
    assert result.errors == [], [d.message for d in result.errors]
    return result


def only_hand(text):
    return parse_ok(text).hands[0].record


def test_header_lines(example_text):
    header = parse_ok(example_text).header
    assert header.title == "Club night at the Rue de Lille"
    assert header.date == dt.date(2026, 11, 15)
    assert header.player_names == ("Anne", "Bruno", "Claire", "Denis")
    assert header.rules == "parlett" and header.stake == 100


def test_rule_lines_in_header():
    header = parse_ok(HEAD + "rule double_tricks: 10 11\nrule ace_forced: 5\n").header
    assert [(r.knob, r.value) for r in header.rule_lines] == [("double_tricks", "10 11"), ("ace_forced", "5")]


def test_hand_and_dealer():
    hand = only_hand(HEAD + HAND)
    assert hand.number == 1 and hand.dealer.text == "Bruno" and len(hand.tricks) == 11


def test_bare_hand_takes_next_number():
    text = HEAD + HAND + "hand\ndealer: Claire\nvoid: misdeal\nhand 3\ndealer: Denis\nvoid: misdeal\n"
    assert [h.number for h in parse_ok(text).hands] == [1, 2, 3]


def test_deal_with_face_down_card(example_text):
    deal = only_hand(example_text + "").deal
    anne = deal[0]
    assert anne.player.text == "Anne" and len(anne.cards) == 11 and str(anne.face_down.card) == "9S"
    assert deal[1].face_down is None and len(deal[1].cards) == 12


@pytest.mark.parametrize("line, action, card", [
    ("Anne discards 7H", "discards", "7H"),
    ("Claire keeps", "keeps", None),
    ("Denis peeks and discards QC", "peeks", "QC"),
    ("Denis takes without discarding", "takes", None),
])
def test_exchange_lines(line, action, card):
    hand = only_hand(HEAD + "hand\ndealer: Bruno\nexchange:\n  " + line + "\n" + TRICKS)
    (ex,) = hand.exchange
    assert ex.action == action and (str(ex.card.card) if ex.card else None) == card


def test_announce_espagnolette():
    hand = only_hand(HEAD + "hand\ndealer: Bruno\nannounce: espagnolette Denis\n" + TRICKS)
    assert hand.announce.text == "Denis"


def test_short_trick_form_and_positions():
    hand = only_hand(HEAD + HAND)
    first = hand.tricks[0]
    assert first.leader.text == "Claire" and [str(c.card) for c in first.cards] == ["2C", "JC", "7C", "5C"]
    assert first.players is None
    assert (first.cards[1].span.line, first.cards[1].span.column) == (5, 14)


def test_explicit_trick_form():
    text = HEAD + HAND.replace("  Bruno: 9C AC KC 6C", "  Bruno 9C, Claire AC, Denis KC, Anne 6C")
    trick = only_hand(text).tricks[7]
    assert [n.text for n in trick.players] == ["Bruno", "Claire", "Denis", "Anne"]
    assert [str(c.card) for c in trick.cards] == ["9C", "AC", "KC", "6C"]


def test_numbered_trick_lines():
    text = HEAD + HAND.replace("  Bruno: 9D", "  3. Bruno: 9D").replace("  Claire: QS", "  11. Claire: QS")
    hand = only_hand(text)
    assert hand.tricks[2].number == 3 and hand.tricks[10].number == 11


def test_symbol_suits_and_any_case():
    text = HEAD + HAND.replace("AD 8S 3H 2D", "A♦ 8♠ 3h 2d")
    assert [c.card for c in only_hand(text).tricks[6].cards] == \
        [Card("A", "D"), Card("8", "S"), Card("3", "H"), Card("2", "D")]


@pytest.mark.parametrize("kind", ["revoke", "out-of-turn", "peek", "misdeal"])
def test_irregular_lines(kind):
    hand = only_hand(HEAD + HAND + f"irregular: {kind} Bruno\n")
    assert [(i.kind, i.player.text) for i in hand.irregulars] == [(kind, "Bruno")]


def test_void_misdeal():
    hand = only_hand(HEAD + "hand\ndealer: Bruno\nvoid: misdeal\n")
    assert hand.void and hand.tricks == ()


def test_claims_waived():
    assert only_hand(HEAD + HAND + "claims: waived\n").claims_waived


def test_table_lines():
    hand = only_hand(HEAD + HAND + "table:\n  Anne -> pool 5\n  Claire -> Bruno 1\n  Denis -> pool:2 3\n")
    assert [(t.payer, t.payee, t.amount) for t in hand.table] == \
        [("Anne", "pool", 5), ("Claire", "Bruno", 1), ("Denis", "pool:2", 3)]


def test_comments_and_blank_lines():
    text = ("# a comment\n\n" + HEAD.rstrip() + "   # trailing\n\n\n"
            + HAND.replace("tricks:", "tricks: # c\n\n  # own line"))
    assert only_hand(text).dealer.text == "Bruno"


def test_quoted_and_non_ascii_names():
    text = 'players: "Marie Claire" Élise J-P O\'Neil\nhand\ndealer: Élise\nvoid: misdeal\n'
    result = parse_ok(text)
    assert result.header.player_names == ("Marie Claire", "Élise", "J-P", "O'Neil")


def test_crlf_bom_tabs_and_no_final_newline():
    text = "\ufeff" + (HEAD + HAND).replace("\n", "\r\n").replace("  ", "\t").rstrip("\r\n")
    assert len(only_hand(text).tricks) == 11


def test_tens_only_in_a_52_card_game():
    bad = check_text(HEAD + HAND.replace("9C AC", "TC AC"), "t.rvs")
    assert any("there are no tens in a 48-card pack: 'TC'" in d.message for d in bad.errors)
    assert Card.parse("10c") == Card("T", "C") and Card.parse("Th") == Card("T", "H")


def test_whole_example_checks_clean(example_text):
    session = check_text(example_text, "example.rvs")
    assert session.errors == [] and session.warnings == []


def test_an_empty_carried_line_keeps_its_own_line_and_its_comment(tmp_path, monkeypatch):
    # A survivor of the mutation run showed it: Lark's 'carried:' alone was placed on line 1, so
    # `format` moved its comment away from it.
    text = ("players: Anne Bruno Claire Denis\nstake: 5\n\ncarried:   # none tonight\n"
            "hand 1\ndealer: Anne\nvoid: misdeal\n")
    result = read_text(text)
    assert result.header.carried == ()
    assert result.header.lines == (("players", 1), ("stake", 2), ("carried", 4))
    (tmp_path / "night.rvs").write_text(text, "utf-8")
    monkeypatch.chdir(tmp_path)
    formatted = CliRunner().invoke(app, ["format", "night.rvs"])
    assert formatted.exit_code == 0, formatted.output
    assert "carried: none  # none tonight\n" in formatted.output
