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


def completed(child: pexpect.spawn, typed: str, rest: str) -> None:
    """Wait for ``typed`` completed by ``rest`` on the screen (the terminal may draw the two
    apart, with its control sequences between them)."""
    drawn = re.escape(typed) + r"(?:\x1b\[[0-9;?]*[A-Za-z])*" + re.escape(rest)
    while child.expect([re.escape("\x1b[6n"), drawn]) == 0:
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
    completed(child, "Bru", "no")
    child.sendline("")
    wait(child, "hand 1: Bruno deals")
    answer(child, "(Enter: no deal): ", "")
    answer(child, "announce: espagnolette NAME (Enter: none): ", "")
    answer(child, "trick 1, Claire: ", "2C JC 7C 5C")
    wait(child, "trick 1: Denis wins it with J♣")
    answer(child, "trick 2, Denis: ", "6H 8H KH 5C")  # 5♣ went in trick 1
    wait(child, "written: 6♥ 8♥ K♥")  # the cards before the refused one stand
    wait(child, "refused: Claire cannot play 5C: hand 1, trick 2: 5♣ is played twice")
    answer(child, "trick 2, Claire: ", "4H")
    wait(child, "trick 2: Bruno wins it with K♥")
    answer(child, "trick 3, Bruno: ", "9D 8D")  # then Ctrl-C: the trick under way is kept too
    wait(child, "trick 3, Denis:")
    wait(child, "hand 1, trick 3 — Bruno leads; ♦ led")  # the bottom toolbar
    child.sendintr()
    wait(child, "interrupted")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    text = path.read_text("utf-8")
    assert text.endswith("tricks:\n  Claire: 2C JC 7C 5C\n  Denis:  6H 8H KH 4H\n  Bruno:  9D 8D\n")

    child = spawn(path)
    wait(child, "resuming: hand 1 is at trick 3 (2 of 11 recorded, 9D 8D played).")
    wait(child, "trick 3, Denis:")
    child.send("und\t")  # a command completes too
    completed(child, "und", "o")
    child.sendline("")
    wait(child, "took back 8D")
    answer(child, "trick 3, Claire: ", "8D 3D KD")
    tricks = [("Anne", "JS 7S 2S 5S"), ("Anne", "9S KS 4S QD"), ("Bruno", "7D 3C 5D 4D"),
              ("Bruno", "AD 8S 3H 2D"), ("Bruno", "9C AC KC 6C")]
    for number, (leader, cards) in enumerate(tricks, 4):
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


# Every kind of prompt, in order: (the prompt, what is typed at it, whether Ctrl-C is pressed
# there first, and what a resume asks again before it: a question passed with Enter).
TRICK_LINES = [("Denis", "6H 8H KH 4H"), ("Bruno", "9D 8D 3D KD"), ("Anne", "JS 7S 2S 5S"),
               ("Anne", "9S KS 4S QD"), ("Bruno", "7D 3C 5D 4D"), ("Bruno", "AD 8S 3H 2D"),
               ("Bruno", "9C AC KC 6C"), ("Claire", "JH AH 2H JD"), ("Denis", "5H 4C AS QH"),
               ("Claire", "QS 9H 3S 8C")]
ANNOUNCE = "announce: espagnolette NAME (Enter: none): "
STEPS = [
    ("session name (Enter: none): ", "Club night", True, []),
    ("date (Enter: ", "2026-11-20", True, []),
    ("players, in order of play: ", "Anne Bruno Claire Denis", True, []),
    ("rules, a preset or a .toml file (Enter: parlett): ", "", True, []),
    ("stake (Enter: none): ", "100", True, []),
    ("hand 1, dealer: ", "Bruno", True, []),
    ("deal, Anne's 11 cards | face-down (Enter: no deal): ", "7C 2D 4D 3S JS 7H 4C KD 2H 8H 6C | 9S", True,
     []),
    ("deal, Bruno's 12 cards: ", "AS JD 9C KS 5C 7S KH AD 8C 7D 9D 6D", True, []),
    ("deal, Claire's 11 cards | face-down: ", "QS JH 2C 4S 4H 8D AC 8S 3C QH 2S | 6S", False, []),
    ("deal, Denis's 11 cards | face-down: ", "5D 3D QD 5S 6H JC QC AH 3H KC 5H | 9H", True, []),
    ("exchange, Anne discards CARD (or two), or keeps (Enter: no exchange): ", "7H", True, []),
    ("exchange, Bruno discards CARD (or two): ", "6D", False, []),
    ("exchange, Claire discards CARD (or two), or keeps: ", "keeps", True, []),
    ("exchange, Denis discards CARD (or two), or keeps: ", "QC", False, []),
    (ANNOUNCE, "", True, []),
    ("trick 1, Claire: ", "2C", True, [(ANNOUNCE, "")]),  # no announce is not written: asked again
    ("trick 1, Denis: ", "JC", True, []),
    ("trick 1, Anne: ", "7C", True, []),
    ("trick 1, Bruno: ", "5C", True, []),
    *[(f"trick {n}, {leader}: ", cards, False, []) for n, (leader, cards) in enumerate(TRICK_LINES, 2)],
    ("hand 2, dealer (Enter: Claire): ", "table", True, []),
    ("table payment, PAYER -> PAYEE AMOUNT (Enter: done): ", "Anne -> pool 5", False, []),
    # a finished hand resumes at the next dealer, whatever it was at: `table` opens the payments again
    ("table payment, PAYER -> PAYEE AMOUNT (Enter: done): ", "", True,
     [("hand 2, dealer (Enter: Claire): ", "table")]),
    ("hand 2, dealer (Enter: Claire): ", "undo", False, []),
    ("take back `Anne -> pool 5` from hand 1, which is finished? (y/N): ", "", True,
     [("hand 2, dealer (Enter: Claire): ", "undo")]),
    ("hand 2, dealer (Enter: Claire): ", "quit", True, []),
]


def expected(path, accepted: list[str]) -> str:
    """What the file must hold: the entries accepted so far, as an unbroken run writes them
    (``^C``: a question under way, the payments at the table or an undo to confirm, is let go)."""
    recorder = Recorder(str(path), path.parent, interactive=True)
    for entry in accepted:
        if entry == "^C":
            recorder.confirming = recorder.table_open = False
            continue
        assert not recorder.enter(entry).refused, entry
    return recorder.document()


def test_ctrl_c_at_every_prompt_keeps_everything_accepted_and_goes_on_at_that_prompt(tmp_path):
    path = tmp_path / "night.rvs"
    accepted: list[str] = []
    child = spawn(path)
    for prompt, typed, interrupt, asked_again in STEPS:
        if interrupt:
            wait(child, prompt.rstrip())
            child.sendintr()
            wait(child, "interrupted")
            child.expect(pexpect.EOF)
            child.close()
            assert child.exitstatus == 130, prompt
            held = path.read_text("utf-8") if path.exists() else ""
            assert held == expected(path, accepted), prompt
            accepted.append("^C")
            child = spawn(path)
            if path.exists():
                wait(child, "resuming: ")
            for again, answer_again in asked_again:
                answer(child, again, answer_again)
                accepted.append(answer_again)
        answer(child, prompt, typed)
        accepted.append(typed)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert path.read_text("utf-8") == expected(path, accepted)
    assert path.read_text("utf-8").endswith("  Claire: QS 9H 3S 8C\ntable:\n  Anne -> pool 5\n")


def test_a_half_line_is_offered_a_repair_at_the_terminal(tmp_path):
    path = tmp_path / "half.rvs"
    whole = "players: Anne Bruno Claire Denis\n\nhand 1\ndealer: Bruno\ntricks:\n  Claire: 2C JC 7C 5C\n"
    path.write_text(whole + "  Anne: ", "utf-8")
    child = spawn(path)
    wait(child, "drop the half line 7, '  Anne: ', and go on? [y/N]:")
    child.sendline("y")
    wait(child, "dropped the half line at its end, line 7: '  Anne: '")
    answer(child, "trick 2, Denis: ", "quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and path.read_text("utf-8") == whole
