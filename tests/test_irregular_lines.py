"""The lines of the irregularities the texts speak of (docs/notation.md): a player who discards
two cards and plays with ten, a trick gathered by another than its winner, an exposed talon
card, and parlett's optional rule; how they read, replay, format, record, and fail."""
from __future__ import annotations

import pytest
from builders import PARTY_DUMP
from conftest import SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.notation.parse import read_text
from reversis_score.pipeline import check_text

runner = CliRunner()
HEAD = "players: Anne Bruno Claire Denis\nrules: {rules}\n\nhand 1\ndealer: Denis\n"
# Anne wins tricks 1–8 on spades, Bruno trick 9 (dealer Denis): PARTY_DUMP's first nine.
NINE = "".join(f"  {t}\n" for t in PARTY_DUMP[:9])
TEN_CARDS = (HEAD.format(rules="manuscrit") + "exchange:\n  Claire discards 3D 2D\ntricks:\n" + NINE
             + "  Bruno: 3C 4D 4C 5S\n  Denis: 2C 4S AH\n")
GATHERED = (HEAD.format(rules="manuscrit") + "tricks:\n" + NINE
            + "  Bruno: 3C 4D 4C 5S | gathered by Claire\n  Claire: 3D 2C 4S AH\n")
PLAIN = HEAD.format(rules="parlett") + "tricks:\n" + NINE + "  Bruno: 3C 4D 4C 5S\n  Denis: 2C 4S AH 3D\n"


def check(text: str, *options: str):
    return runner.invoke(app, ["check", "-", *options], input=text)


# ---------------------------------------------------------------- reading
def test_the_new_lines_read_into_their_records():
    text = (HEAD.format(rules="parlett") + "exchange:\n  Anne discards 7H 8H\n"
            "  Claire exposes and discards 3C\ntricks:\n  Anne: 2C JC 7C 5C | gathered by Bruno\n"
            "irregular: expose Denis\n")
    hand = read_text(text).hands[0].record
    assert hand is not None
    anne, claire = hand.exchange
    assert (anne.action, str(anne.card.card), str(anne.second.card)) == ("discards-two", "7H", "8H")
    assert (anne.second.span.line, anne.second.span.column) == (7, 20)
    assert (claire.action, str(claire.card.card), claire.second) == ("exposes", "3C", None)
    trick = hand.tricks[0]
    assert trick.gatherer.text == "Bruno" and trick.gatherer.span.column == 35
    assert [(i.kind, i.player.text) for i in hand.irregulars] == [("expose", "Denis")]


@pytest.mark.parametrize(("line", "message"), [
    ("  Anne: 2C JC 7C 5C | gathered Bruno",
     ":7:21: error: hand 1: unexpected '|': expected the end of the line"),
    ("  Anne: 2C JC 7C 5C | gathered by",
     ":7:34: error: hand 1: this line ends too soon: expected a player's name"),
    ("  Anne discards 7H 8H 9H", ":7:23: error: hand 1: unexpected '9H'"),
    ("  Anne exposes 7H", ":7:16: error: hand 1: unexpected '7H'"),
])
def test_malformed_lines_are_notation_errors(line, message):
    section = "exchange" if "discards" in line or "exposes" in line else "tricks"
    result = check(HEAD.format(rules="parlett") + f"{section}:\n{line}\n")
    assert result.exit_code == 1 and message in result.output


# ---------------------------------------------------------------- replay
def test_the_ten_card_player_sits_out_the_last_trick_and_the_talon_holds_five():
    session = check_text(TEN_CARDS)
    assert session.errors == []
    play = session.hands[0].play
    assert play.ten_cards == frozenset({"Claire"})
    assert [w for w, _ in play.tricks[-1].plays] == ["Denis", "Anne", "Bruno"]
    assert sorted(map(str, play.talon)) == ["2D", "2S", "3D", "3H", "3S"]


def test_when_the_ten_card_player_wins_trick_10_the_next_player_leads_the_last():
    # Denis deals and discards two (twelve less two): his 4♣ takes trick 10, and he has no card
    # left, so Anne, after him in order of play, leads trick 11.
    text = (HEAD.format(rules="manuscrit") + "exchange:\n  Denis discards 2C 2D\ntricks:\n" + NINE
            + "  Bruno: 3C 4D 4C 5S\n  Anne: 4S AH 3D\n")
    session = check_text(text)
    assert session.errors == []
    assert session.hands[0].play.tricks[-1].leader == "Anne"
    wrong = check(text.replace("  Anne: 4S AH 3D", "  Denis: 4S AH 3D"))
    assert wrong.exit_code == 1
    assert "Anne leads this trick as the winner of trick 10, not Denis" in wrong.output


def test_a_gathered_trick_counts_for_its_gatherer_who_leads_next():
    play = check_text(GATHERED).hands[0].play
    assert play.tricks[9].winner == "Claire" and play.gathered == ((10, "Claire", "Denis"),)
    assert play.tricks_won["Claire"] == 2 and play.tricks_won["Denis"] == 0


def test_gathered_by_its_own_winner_is_a_warning():
    result = check(PLAIN.replace("Bruno: 3C 4D 4C 5S", "Bruno: 3C 4D 4C 5S | gathered by Denis"))
    assert result.exit_code == 0
    assert "warning: hand 1, trick 10: Denis wins trick 10 and gathers it" in result.output


# ---------------------------------------------------------------- bad input
def test_an_unacknowledged_ten_card_hand_is_an_error_with_the_line_and_the_count():
    result = check(TEN_CARDS.replace("exchange:\n  Claire discards 3D 2D\n", ""))
    assert result.exit_code == 1
    assert ":17:3: error: hand 1, trick 11: a trick has 4 cards, one from each player: this one " \
           "has 3; a player who discarded two cards plays with ten" in " ".join(result.output.split())
    assert "`NAME discards C1 C2`" in result.output


def test_a_ten_card_or_twelve_card_deal_line_is_an_error_with_the_count():
    deal = ("deal:\n  Anne: AS KS QS JS 9S 8S 7S 6S 2H 3S | 2S\n"
            "  Bruno: JH KH QH 9H 8H 7H 6H 5H 4H 3C AH 3H | 5S\n")
    result = check(HEAD.format(rules="parlett") + deal + "tricks:\n" + NINE)
    assert result.exit_code == 1
    assert ":7:3: error: hand 1: Anne is dealt 10 cards: a player gets 11 in a 48-card game" in result.output
    assert ":8:3: error: hand 1: Bruno is dealt 12 cards: a player gets 11 in a 48-card game" in result.output


def test_an_acknowledged_ten_card_player_who_plays_the_last_trick_is_an_error():
    result = check(TEN_CARDS.replace("  Denis: 2C 4S AH\n", "  Denis: 2C 4S AH 3D\n"))
    assert result.exit_code == 1
    assert ("error: hand 1, trick 11: Claire discarded two cards and plays with ten, so the last "
            "trick has 3 cards: this one has 4") in " ".join(result.output.split())


def test_a_trick_gathered_by_a_player_who_did_not_play_in_it_is_an_error_naming_the_line():
    result = check(TEN_CARDS.replace("  Denis: 2C 4S AH\n", "  Denis: 2C 4S AH | gathered by Claire\n"))
    assert result.exit_code == 1
    assert (":19:33: error: hand 1, trick 11: Claire gathers trick 11 but plays no card in it"
            in result.output)


def test_a_trick_gathered_by_someone_not_at_the_table_is_an_error():
    result = check(PLAIN.replace("Bruno: 3C 4D 4C 5S", "Bruno: 3C 4D 4C 5S | gathered by Bruce"))
    assert result.exit_code == 1 and "'Bruce' is not a player of this session" in result.output
    assert "did you mean 'Bruno'?" in result.output


def test_two_discards_need_laws_and_two_cards():
    dafydd = check(HEAD.format(rules="dafydd") + "exchange:\n  Claire discards 3D 2D\n")
    assert dafydd.exit_code == 1
    assert "Claire cannot discard two cards under these rules: they have no laws" in dafydd.output
    twice = check(TEN_CARDS.replace("Claire discards 3D 2D", "Claire discards 3D 3D"))
    assert twice.exit_code == 1 and "Claire discards 3♦ twice" in twice.output


def test_the_optional_rule_refuses_a_discarded_quinola():
    # Hand 1 pays a remise (Denis's Quinola forced in trick 11); in hand 2 Denis discards it.
    forced = ("rule exchange_after_remise: yes\n\nhand 1\ndealer: Denis\ntricks:\n"
              "  Anne: AS 8C 3D 2S\n  Anne: KS 9C 4D 3S\n  Anne: QS JC 5D 4S\n  Anne: JS QC 6D 2D\n"
              "  Anne: 9S KC 7D 3C\n  Anne: 8S 7H 8D 4C\n  Anne: 7S 8H 9D 5C\n  Anne: 6S 9H JD 6C\n"
              "  Anne: 2C AC QD 7C\n  Bruno: QH KD 6H 3H\n  Bruno: KH AD JH 2H\n"
              "\nhand 2\ndealer: Anne\nexchange:\n  Denis discards JH\n")
    result = check("players: Anne Bruno Claire Denis\n" + forced)
    assert result.exit_code == 1
    assert "Denis discards Quinola (J♥), but a remise has been paid and pool:1 (50) still stands" \
        in " ".join(result.output.split())


# ---------------------------------------------------------------- format and record
@pytest.mark.parametrize("text", [TEN_CARDS, GATHERED], ids=["ten-cards", "gathered"])
def test_format_writes_the_new_lines_back_and_reads_them_alike(text, tmp_path):
    source = tmp_path / "in.rvs"
    source.write_text(text.replace("3D 2D", "3d  2D").replace("| gathered by", "|gathered  by"))
    once = runner.invoke(app, ["format", str(source)]).output
    again = tmp_path / "once.rvs"
    again.write_text(once)
    assert runner.invoke(app, ["format", str(again)]).output == once
    assert read_text(once).session().hands == read_text(text).session().hands
    flat = " ".join(once.split())
    assert ("Claire discards 3D 2D" in flat) or ("Bruno: 3C 4D 4C 5S | gathered by Claire" in flat)


def test_exposes_and_expose_are_written_back():
    text = (HEAD.format(rules="parlett") + "exchange:\n  Claire  exposes   and discards 3c\n"
            "tricks:\n  Anne: 2C JC 7C 5C\nirregular:  expose Denis\n")
    out = runner.invoke(app, ["format", "-"], input=text).output
    assert "  Claire exposes and discards 3C\n" in out and "irregular: expose Denis\n" in out


def test_record_takes_a_ten_card_hand_card_by_card(tmp_path):
    # The exchange answered at its prompt, then the cards one trick a line: the last trick is
    # three cards, and the record written is the one format writes.
    target = tmp_path / "new.rvs"
    lines = ["players: Anne Bruno Claire Denis", "rules: manuscrit", "dealer: Denis", "exchange:",
             "3S", "3H", "3D 2D", "2S", "tricks:"]
    lines += [" ".join(t.split()[1:]) for t in NINE.strip("\n").split("\n")]
    lines += ["3C 4D 4C 5S", "2C 4S", "AH"]
    result = runner.invoke(app, ["record", "--verbose", str(target)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "Hand 1 settled: Bruno wins the party (4)" in result.output
    written = target.read_text("utf-8")
    assert "  Claire discards 3D 2D\n" in written and "  Denis: 2C 4S AH\n" in written
    assert written == runner.invoke(app, ["format", str(target)]).output


def test_record_takes_a_gathered_trick_as_a_whole_line(tmp_path):
    target = tmp_path / "new.rvs"
    lines = ["players: Anne Bruno Claire Denis", "rules: manuscrit", "dealer: Denis", "", "", "tricks:"]
    lines += [t.strip() for t in NINE.strip("\n").split("\n")]
    lines += ["Bruno: 3C 4D 4C 5S | gathered by Claire", "3D 2C 4S AH"]
    result = runner.invoke(app, ["record", "--verbose", str(target)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "trick 10: Claire gathers it, won by Denis with 4♣: it counts for Claire" in result.output
    assert "  Bruno:  3C 4D 4C 5S | gathered by Claire\n" in target.read_text("utf-8")


# ---------------------------------------------------------------- the independent oracle agrees
FORCING = (HEAD.format(rules="manuscrit") + "exchange:\n  Anne discards KH QH\n  Bruno discards 9H\n"
           "  Claire discards 2D\n  Denis discards 8H\ntricks:\n  Anne: AH JH 3D 2H\n  Anne: 2S JS 4D 2C\n"
           "  Bruno: AC 5D 3C 3S\n  Bruno: KC 6D 4C 4S\n  Bruno: QC 7D 5C 5S\n  Bruno: JC 8D 6C 6S\n"
           "  Bruno: 9C 9D 3H 7S\n  Bruno: 8C JD 4H 8S\n  Bruno: 7C QD 5H 9S\n  Bruno: AS KD 6H QS\n"
           "  Bruno: KS AD 7H\n")
EXPOSED = (HEAD.format(rules="regles-fr") + "tricks:\n  Anne: AS KH AD QC\n  Anne: KS QH KD JC\n"
           "  Anne: QS 9H QD 9C\n  Anne: JS 8H JD 8C\n  Anne: 9S 7H 9D 7C\n  Anne: 8S 6H 8D 6C\n"
           "  Anne: 7S 5H 7D 5C\n  Anne: 6S 4H 6D 4C\n  Anne: 5S 3H 5D 3C\n  Anne: 2H AC AH 2C\n"
           "  Claire: 3D 4D 4S KC\nirregular: expose Claire\n")


@pytest.mark.parametrize("preset", ["parlett", "denexa", "regles-fr", "manuscrit"])
@pytest.mark.parametrize("text", [TEN_CARDS, GATHERED, FORCING, EXPOSED],
                         ids=["ten-cards", "gathered", "ten-cards-forcing", "exposed"])
def test_the_oracle_settles_them_alike(text, preset):
    from oracle_adapter import compare_text
    assert compare_text(text, preset) == []


def test_an_unacknowledged_twelve_card_hand_is_an_error_that_says_so():
    # Anne keeps (her face-down card goes to the talon) and yet plays it: she would hold twelve.
    result = runner.invoke(app, ["check", str(SAMPLES / "bad" / "plays-a-card-not-held.rvs")])
    assert result.exit_code == 1
    assert ("plays-a-card-not-held.rvs:26:9: error: hand 1, trick 5: Anne plays 9♠ but "
            "did not hold it after the exchange: it is Anne's own face-down card; taking it without "
            "discarding makes 12 cards: if Anne did, write `Anne takes without discarding`"
            in " ".join(result.output.split()))


def test_record_passes_the_last_lead_on_from_a_ten_card_winner_also_after_undo(tmp_path):
    # Denis deals and discards two; his 4♣ takes trick 10, so Anne leads trick 11.
    target = tmp_path / "new.rvs"
    lines = ["players: Anne Bruno Claire Denis", "rules: manuscrit", "dealer: Denis", "exchange:",
             "3S", "3H", "2S", "2C 2D", "tricks:"]
    lines += [" ".join(t.split()[1:]) for t in NINE.strip("\n").split("\n")]
    lines += ["3C 4D 4C 5S", "4S AH 3D", "undo", "yes", "4S AH 3D"]  # undo past a finished hand asks
    result = runner.invoke(app, ["record", "--verbose", str(target)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("trick 11: Anne wins it with 4♠") == 2
    assert "  Anne:  4S AH 3D\n" in target.read_text("utf-8")
    assert runner.invoke(app, ["check", str(target)]).exit_code == 0


def test_a_dealer_who_keeps_twelve_cards_is_an_error_with_the_line_and_the_count():
    result = check(HEAD.format(rules="parlett") + "exchange:\n  Denis keeps\ntricks:\n" + NINE)
    assert result.exit_code == 1
    assert ":7:3: error: hand 1: Denis cannot keep: the dealer discards one card, or Denis would play " \
           "with 12 cards" in " ".join(result.output.split())
