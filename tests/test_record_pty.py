"""``record`` at a real (pseudo-)terminal, as a new user would try it: prompts, tab
completion, the bottom toolbar, a wrong card refused and explained, Ctrl-C, a resume that
goes on from the last line written, an Ace payment shown as it falls, the hand's settlement."""
from __future__ import annotations

import os
import re
import sys

import pexpect

from reversis_score.record.complete import candidates
from reversis_score.record.session import Recorder

COMMAND = [sys.executable, "-c", "from reversis_score.cli import main; main()", "record"]


def spawn(path) -> pexpect.spawn:
    env = dict(os.environ, TERM="xterm", COLUMNS="80", LINES="24")
    return pexpect.spawn(COMMAND[0], COMMAND[1:] + [str(path)], env=env, encoding="utf-8",
                         dimensions=(24, 80), timeout=20)


def wait(child: pexpect.spawn, text: str) -> None:
    """Wait for ``text``, answering the terminal's cursor-position requests on the way (as a
    terminal does: prompt_toolkit places the bottom toolbar by them)."""
    while child.expect([re.escape("\x1b[6n"), re.escape(text)]) == 0:
        child.send("\x1b[1;1R")


def answer(child: pexpect.spawn, prompt: str, text: str) -> None:
    wait(child, prompt.rstrip())  # the terminal draws a prompt's last space as a move
    child.sendline(text)


def test_prompts_completion_refusal_ctrl_c_and_resume(tmp_path):
    path = tmp_path / "table.rvs"
    child = spawn(path)
    answer(child, "session name (Enter: none): ", "Club night")
    answer(child, "date (Enter: ", "2026-11-20")
    answer(child, "players, in order of play: ", "Anne Bruno Claire Denis")
    answer(child, "rules, a preset or a .toml file (Enter: parlett): ", "")
    answer(child, "stake (Enter: none): ", "100")
    wait(child, "hand 1, dealer:")
    child.send("Bru\t")  # completes the name
    wait(child, "Bruno")
    child.sendline("")
    wait(child, "hand 1: Bruno deals")
    answer(child, "(Enter: no deal): ", "")
    answer(child, "announce: espagnolette NAME (Enter: none): ", "")
    answer(child, "trick 1, Claire: ", "2C JC 7C 5C")
    wait(child, "trick 1: Denis wins it with J♣")
    answer(child, "trick 2, Denis: ", "6H 8H KH 5C")  # 5♣ went in trick 1
    wait(child, "refused: Claire cannot play 5C: hand 1, trick 2: 5♣ is played twice")
    answer(child, "trick 2, Denis: ", "6H 8H KH 4H")
    wait(child, "trick 2: Bruno wins it with K♥")
    answer(child, "trick 3, Bruno: ", "9D 8D")  # then Ctrl-C: this trick is lost
    wait(child, "trick 3, Denis:")
    wait(child, "hand 1, trick 3 — Bruno leads; ♦ led")  # the bottom toolbar
    child.sendintr()
    wait(child, "interrupted")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    text = path.read_text("utf-8")
    assert text.endswith("tricks:\n  Claire: 2C JC 7C 5C\n  Denis:  6H 8H KH 4H\n")

    child = spawn(path)
    wait(child, "resuming at hand 1, trick 3 (2 of 11 recorded)")
    wait(child, "trick 3, Bruno:")
    child.send("und\t")  # a command completes too
    wait(child, "undo")
    child.sendline("")  # nothing of trick 3 is written: undo takes back trick 2
    wait(child, "took back: Denis: 6H 8H KH 4H")
    tricks = [("Denis", "6H 8H KH 4H"), ("Bruno", "9D 8D 3D KD"), ("Anne", "JS 7S 2S 5S"),
              ("Anne", "9S KS 4S QD"), ("Bruno", "7D 3C 5D 4D"), ("Bruno", "AD 8S 3H 2D"),
              ("Bruno", "9C AC KC 6C")]
    for number, (leader, cards) in enumerate(tricks, 2):
        answer(child, f"trick {number}, {leader}: ", cards)
    wait(child, "trick 8: Claire's A♣ is forced on Bruno's ♣ lead: Claire pays Bruno 1")  # at once
    for number, (leader, cards) in enumerate([("Claire", "JH AH 2H JD"), ("Denis", "5H 4C AS QH"),
                                              ("Claire", "QS 9H 3S 8C")], 9):
        answer(child, f"trick {number}, {leader}: ", cards)
    wait(child, "Hand 1 settled: Anne wins the party (6); pools after: 50")
    answer(child, "hand 2, dealer (Enter: Claire): ", "quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert path.read_text("utf-8").endswith("  Claire: QS 9H 3S 8C\n")


def test_completion_offers_the_cards_still_playable():
    recorder = Recorder("t.rvs", interactive=False)
    for line in ["players: Anne Bruno Claire Denis", "dealer: Bruno", "2C JC 7C"]:
        recorder.enter(line)
    offered = candidates(recorder, "")
    assert "5C" in offered and "2C" not in offered and "JC" not in offered
    assert "undo" in offered and len([c for c in offered if re.fullmatch(r"[2-9AKQJT][SHDC]", c)]) == 45
    recorder.enter("5C")
    assert candidates(recorder, "irregular revoke ")[:2] == ["Anne", "Bruno"]


def test_completion_offers_his_own_cards_when_the_deal_is_known():
    from test_record import DEAL
    recorder = Recorder("t.rvs", interactive=False)
    entries = ["players: Anne Bruno Claire Denis", "dealer: Bruno", *DEAL.splitlines(), "2C JC 7C 5C", "6H"]
    for line in entries:
        assert not recorder.enter(line).refused, line
    offered = [c for c in candidates(recorder, "") if len(c) == 2 and c[1] in "SHDC"]
    assert offered == ["8H", "2H"]  # Anne, after the exchange: 8♥ 2♥ (7♥ discarded), and ♥ is led
