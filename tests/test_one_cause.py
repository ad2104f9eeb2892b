"""One cause, one message: a mistake that makes what follows unreadable is said once, at its
cause, with what it made the checker skip; and the words around it (did you mean, -h, help,
usage lines, no pronoun for a player, an empty file)."""
import re

import pytest
from conftest import BAD, SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.pipeline import check_text

runner = CliRunner()
CLUB = (SAMPLES / "club-night.rvs").read_text("utf-8")


def problems(text: str):
    session = check_text(text, "t.rvs")
    return len(session.hands), session.errors, session.warnings


@pytest.mark.parametrize("written", ["Hand 2", "HAND 2", "hand2", "Hand 2:"])
def test_a_miswritten_hand_line_skips_that_hand_alone(written):
    hands, errors, warnings = problems(CLUB.replace("\nhand 2\n", f"\n{written}\n"))
    assert hands == 12 and warnings == []
    (error,) = errors
    assert error.message.startswith("hand 2 skipped: its first line is not `hand N`")
    assert error.span.line == CLUB.split("\n").index("hand 2") + 1


def test_a_capital_hand_says_what_to_write_and_what_was_written():
    # Issue 31: "('hand' is written in lower case: 'hand 2')" read as if it were so already.
    _, errors, _ = problems(CLUB.replace("\nhand 2\n", "\nHand 2\n"))
    assert errors[0].message.endswith("(write it in lower case: 'hand 2', not 'Hand 2')")


def test_a_miswritten_first_hand_line_is_not_read_as_header():
    hands, errors, _ = problems(CLUB.replace("\nhand 1    # first pool: 25\n", "\nHand 1\n"))
    assert hands == 12 and [e.message[:14] for e in errors] == ["hand 1 skipped"]


def test_a_hand_without_its_dealer_line_is_one_error_and_no_false_warning():
    hands, errors, warnings = problems(CLUB.replace("hand 2\ndealer: Bruno\n", "hand 2\n"))
    assert hands == 12 and warnings == []
    (error,) = errors
    assert error.message.startswith("hand 2 skipped: its second line is not `dealer: NAME`")
    _, errors, warnings = problems(CLUB.replace("hand 2\ndealer: Bruno\n", "hand 2\ndealer:\n"))
    assert len(errors) == 1 and warnings == []


def test_two_cards_swapped_are_one_error_at_the_swap():
    text = CLUB.replace("  Bruno: 7H JH QH 8H", "  Bruno: 7H QH JH 8H")
    (error,) = problems(text)[1]
    assert (error.hand, error.trick) == (1, 1)
    assert error.message == ("Claire plays Q♥ and Denis plays J♥, but Claire holds J♥ and Denis "
                             "holds Q♥: the two cards are swapped; the tricks after it are not checked")


def test_a_card_off_is_reported_at_itself_not_at_the_next_leader():
    text = CLUB.replace("  Denis: 8C 3C 7C 6C", "  Denis: 8C 3C 7C 9C")
    (error,) = problems(text)[1]
    assert (error.hand, error.trick) == (1, 2)
    assert error.message.startswith("Claire plays 9♣ but did not hold it after the exchange: "
                                    "it was dealt to Denis")


def test_a_wrong_leader_with_no_deal_asks_about_a_swap():
    sheet = (SAMPLES / "parlett-scoresheet.rvs").read_text("utf-8")
    (error,) = problems(sheet.replace("  Olu: 4S 2S 9S KS", "  Olu: 4S KS 9S 2S"))[1]
    assert "(or are Rosa's 2♠ and Priya's K♠ in trick 2 written in each other's place?)" in error.message
    assert error.message.endswith("the tricks from this one on are not checked")


def test_a_players_line_misspelt_is_said_once_for_the_record():
    misspelt = CLUB.replace("players: Anne Bruno Claire Denis", "players: Anne Bruno Clare Denis")
    _, errors, _ = problems(misspelt)
    (error,) = errors
    assert "did you mean 'Clare'?" in error.message and "'players:' line" in error.message


def test_a_name_misspelt_twice_in_a_hand_where_the_player_also_appears_is_two_errors():
    text = CLUB.replace("  Anne: KS 2S JS 7S", "  Ane: KS 2S JS 7S", 1).replace(
        "  Anne: 8S 6S 4S QD", "  Ane: 8S 6S 4S QD", 1)
    _, errors, _ = problems(text)
    assert [e.message.endswith("did you mean 'Anne'?") for e in errors] == [True, True]


def test_a_misspelt_keyword_is_said_alone():
    (error,) = problems(CLUB.replace("\ntricks:\n", "\ntrick:\n", 1))[1]
    assert error.message == "'trick:' is not a line of the notation; did you mean 'tricks:'?"


def test_the_bad_samples_and_every_message_name_no_player_he_or_she():
    pronoun = re.compile(r"\b(he|him|his|himself|she|her|hers|herself)\b", re.I)
    for path in sorted(BAD.glob("*.rvs")):
        said = path.with_suffix(".expected").read_text("utf-8")
        assert not pronoun.search(said), path.name


# ------------------------------------------------------------------ the command line
def test_settle_on_an_empty_file_says_so_and_nothing_else(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty.rvs").write_text("\n  \n")
    for command in (["settle", "empty.rvs"], ["check", "empty.rvs"], ["audit", "empty.rvs"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1
        assert result.stdout == ""
        assert result.stderr == ("empty.rvs:1:1: error: the file is empty: a record begins with its "
                                 "header ('players: A B C D'), then its hands\n")


def test_why_offers_the_name_meant():
    result = runner.invoke(app, ["why", str(SAMPLES / "club-night.rvs"), "Anne", "Clare"])
    assert result.exit_code == 2
    assert "'Clare' is not a player" in result.stderr and "did you mean 'Claire'?" in result.stderr


def test_rules_offers_the_preset_or_knob_meant():
    assert "did you mean 'parlett'?" in runner.invoke(app, ["rules", "parlet"]).stderr
    result = runner.invoke(app, ["rules", "quinola_poo"])
    assert "did you mean 'quinola_pool_in_last_tricks'?" in result.stderr


@pytest.mark.parametrize("command", ["check", "format", "settle", "rules", "audit", "why", "export",
                                     "season", "report", "verify", "record"])
def test_dash_h_is_help_on_every_command(command):
    result = runner.invoke(app, [command, "-h"])
    assert result.exit_code == 0 and result.stdout.startswith(f"Usage: reversis-score {command} ")
    assert "-h, --help" in result.stdout


def test_usage_lines_say_file_dots_where_several_files_are_taken():
    first = {c: runner.invoke(app, [c, "-h"]).stdout.splitlines()[0] for c in ("check", "settle", "export")}
    assert first["check"] == "Usage: reversis-score check [OPTIONS] FILE..."
    assert first["export"] == "Usage: reversis-score export [OPTIONS] FILE..."
    assert first["settle"] == "Usage: reversis-score settle [OPTIONS] FILE"
    assert "{" not in runner.invoke(app, ["why", "-h"]).stdout


def test_help_says_what_split_pools_compare_and_what_do():
    settle = " ".join(runner.invoke(app, ["settle", "-h"]).stdout.split())
    assert "each pool is divided equally among the four players" in settle
    assert "side by side, one column per reading" in settle and '--compare "" compares all five' in settle
    export = " ".join(runner.invoke(app, ["export", "-h"]).stdout.split())
    assert "one row per payment" in export and "one row per hand" in export
