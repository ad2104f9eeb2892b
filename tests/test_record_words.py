"""``record`` speaks as a scorer thinks: the header from its options (asking only what is
missing, piped or not), names with commas, the words it knows (and says so when it does not),
a dealer who is not a player, a revoke said from the cards entered, Tab offering the suit led
first; at a real terminal (pexpect) and piped."""
from __future__ import annotations

import os
import re
import sys

import pexpect
from test_record import DEAL, TRICKS, fmt, record
from test_record_pty import answer, wait

from reversis_score.record.complete import candidates
from reversis_score.record.session import Recorder
from reversis_score.record.words import understood

PLAYERS = "Anne Bruno Claire Denis"
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
COMMAND = [sys.executable, "-c", "from reversis_score.cli import main; main()", "record"]


def spawn(path, *options: str) -> pexpect.spawn:
    env = dict(os.environ, TERM="xterm", COLUMNS="80", LINES="24")
    return pexpect.spawn(COMMAND[0], COMMAND[1:] + [str(path), *options], env=env, encoding="utf-8",
                         dimensions=(24, 80), timeout=20)


# ------------------------------------------------------------------ the header from the options
def test_piped_entries_after_header_options_begin_with_the_hand(tmp_path):
    target = tmp_path / "rev.rvs"
    entries = "Bruno\n" + "\n".join(TRICKS[:2]) + "\n"
    result = record(target, entries, "--players", PLAYERS, "--verbose")
    assert result.exit_code == 0, result.output
    assert "hand 1: Bruno deals" in result.stdout
    assert target.read_text("utf-8").startswith(f"players: {PLAYERS}\n\nhand 1\ndealer: Bruno\n")
    ruled = record(tmp_path / "ruled.rvs", entries, "--players", PLAYERS, "--rules", "denexa")
    assert ruled.exit_code == 0, ruled.output  # the first entry is the dealer, not the stake
    assert (tmp_path / "ruled.rvs").read_text("utf-8").startswith(f"players: {PLAYERS}\nrules: denexa\n\n")


def test_piped_header_options_without_the_players_ask_only_for_them(tmp_path):
    target = tmp_path / "rev.rvs"
    result = record(target, f"{PLAYERS}\nBruno\n{TRICKS[0]}\n", "--session", "Club", "--stake", "100")
    assert result.exit_code == 0, result.output
    assert target.read_text("utf-8").startswith(
        f"session: Club\nplayers: {PLAYERS}\nstake: 100\n\nhand 1\ndealer: Bruno\n")


def test_at_a_terminal_header_options_ask_nothing_more(tmp_path):
    path = tmp_path / "t.rvs"
    child = spawn(path, "--players", "Anne, Bruno, Claire, Denis", "--stake", "100")
    answer(child, "hand 1, dealer: ", "Bruno")
    wait(child, "hand 1: Bruno deals")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert path.read_text("utf-8") == f"players: {PLAYERS}\nstake: 100\n\nhand 1\ndealer: Bruno\n"

    other = tmp_path / "u.rvs"
    child = spawn(other, "--session", "Club")
    answer(child, "players, in order of play: ", "Anne, Bruno, Claire, Denis")
    answer(child, "hand 1, dealer: ", "quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert other.read_text("utf-8") == f"session: Club\nplayers: {PLAYERS}\n"


# ------------------------------------------------------------------ the words it knows
def test_names_with_commas_are_names(tmp_path):
    target = tmp_path / "c.rvs"
    result = record(target, "Club\n2026-11-20\nAnne, Bruno, Claire, Denis\nparlett\n100\nBruno\n")
    assert result.exit_code == 0, result.output
    assert f"players: {PLAYERS}\n" in target.read_text("utf-8")
    keyword = record(tmp_path / "k.rvs", "players: Anne, Bruno,Claire , Denis\ndealer: Bruno\n")
    assert keyword.exit_code == 0, keyword.output
    assert understood('players: "A, B" C D E', "players", ()) == ('players: "A, B" C D E', None)


def test_other_words_for_the_commands_are_the_commands(tmp_path):
    target = tmp_path / "q.rvs"
    for word in ("exit", "bye", "q", "Exit"):
        assert understood(word, "card", tuple(PLAYERS.split())) == ("quit", None)
    assert understood("?", "card", ()) == ("help", None)
    result = record(target, f"Bruno\n{TRICKS[0]}\n?\nexit\n{TRICKS[1]}\n", "--players", PLAYERS, "--verbose")
    assert result.exit_code == 0, result.output
    assert "quit (or exit)" in result.stdout
    assert target.read_text("utf-8").endswith(f"  Claire: {TRICKS[0]}\n")  # nothing after exit


def test_a_word_it_does_not_know_is_answered_with_the_words_it_knows(tmp_path):
    target = tmp_path / "w.rvs"
    result = record(target, "Bruno\n2C JC\nclear\n", "--players", PLAYERS)
    assert result.exit_code == 1
    said = result.stderr.splitlines()[0]
    assert said.endswith("'clear' is not a word record knows: the commands are undo (take back the last "
                         "card), show, help, quit, void, claims waived, table and irregular KIND NAME; type "
                         "help for what each does")
    assert "line ends too soon" not in result.stderr
    other = record(tmp_path / "x.rvs", "Bruno\n2C JC\nwhatever\n", "--players", PLAYERS)
    assert "'whatever' is not a card, and not a word record knows: the commands are undo" in other.stderr


def test_the_help_has_no_line_cut_short():
    from reversis_score.record.words import HELP
    assert "..." not in HELP and all(len(line) <= 80 for line in HELP.splitlines())
    for word in ("undo", "irregular", "void", "claims waived", "table", "show", "help", "quit"):
        assert f"\n  {word}" in HELP


def test_a_dealer_who_is_not_a_player_is_said_so(tmp_path):
    result = record(tmp_path / "d.rvs", "Mrac\n", "--players", "Anne Bruno Claire Marc")
    assert result.exit_code == 1
    said = "'Mrac' is not a player of this session (players: Anne Bruno Claire Marc); did you mean 'Marc'?"
    assert said in result.stderr
    assert "all through the hand" not in result.stderr
    keyword = record(tmp_path / "e.rvs", "dealer: Mrac\n", "--players", "Anne Bruno Claire Marc")
    assert keyword.exit_code == 1 and said in keyword.stderr


# ------------------------------------------------------------------ revokes, Tab
def test_a_revoke_mid_hand_is_said_from_the_cards_entered(tmp_path):
    target = tmp_path / "r.rvs"
    entries = "dealer: Bruno\n" + DEAL + "tricks:\n" + "\n".join(TRICKS[:3]) + "\nAnne: JS 7S 2S KC\n"
    result = record(target, entries, "--players", PLAYERS)
    assert result.exit_code == 1
    assert ("Denis plays K♣ on a ♠ lead while holding 5♠, which Denis holds after the exchange and has not "
            "played so far — a revoke") in result.stderr
    assert "never plays" not in result.stderr


def test_tab_offers_the_suit_led_first():
    recorder = Recorder("t.rvs", interactive=False)
    for line in [f"players: {PLAYERS}", "dealer: Bruno", "2C JC 7C 5C", "6H"]:
        assert not recorder.enter(line).refused, line
    offered = [c for c in candidates(recorder, "") if len(c) == 2 and c[1] in "SHDC"]
    assert offered[:11] == ["AH", "KH", "QH", "JH", "9H", "8H", "7H", "5H", "4H", "3H", "2H"]
    assert "AS" in offered[11:]
    fresh = Recorder("t.rvs", interactive=False)
    for line in [f"players: {PLAYERS}", "dealer: Bruno", "2C JC 7C 5C"]:
        fresh.enter(line)
    typed = [c for c in candidates(fresh, "6H ") if len(c) == 2 and c[1] in "SHDC"]
    assert typed[0] == "AH" and all(c[1] == "H" for c in typed[:12])


def test_tab_at_a_real_terminal_offers_the_suit_led(tmp_path):
    path = tmp_path / "tab.rvs"
    child = spawn(path, "--players", PLAYERS)
    answer(child, "hand 1, dealer: ", "Bruno")
    answer(child, "(Enter: no deal): ", "")
    answer(child, "announce: espagnolette NAME (Enter: none): ", "")
    answer(child, "trick 1, Claire: ", TRICKS[0])
    wait(child, "trick 2, Denis:")
    child.send("6H \t")  # the menu of what may come next: the hearts first, then the rest
    drawn = ""
    while "2H" not in drawn or "AS" not in drawn:
        child.expect([re.escape("\x1b[6n"), r"\S+"])
        if child.after == "\x1b[6n":
            child.send("\x1b[1;1R")
        drawn += ESCAPES.sub(" ", child.before + str(child.after))
    menu = [w for w in drawn.split() if re.fullmatch(r"[2-9AKQJT][SHDC]", w) and w != "6H"]
    assert menu[:11] == ["AH", "KH", "QH", "JH", "9H", "8H", "7H", "5H", "4H", "3H", "2H"], menu
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert fmt(path).endswith(f"  Claire: {TRICKS[0]}\n")


def test_at_a_real_terminal_clear_is_answered_and_exit_quits(tmp_path):
    path = tmp_path / "words.rvs"
    child = spawn(path, "--players", PLAYERS)
    answer(child, "hand 1, dealer: ", "Mrac")
    wait(child, "'Mrac' is not a player of this session")
    answer(child, "hand 1, dealer: ", "Bruno")
    answer(child, "(Enter: no deal): ", "")
    answer(child, "announce: espagnolette NAME (Enter: none): ", "")
    answer(child, "trick 1, Claire: ", "2C")
    answer(child, "trick 1, Denis: ", "clear")
    wait(child, "'clear' is not a word record knows: the commands are undo")
    answer(child, "trick 1, Denis: ", "help")
    wait(child, "quit (or exit)")
    answer(child, "trick 1, Denis: ", "exit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert path.read_text("utf-8").endswith("tricks:\n  Claire: 2C\n")
