"""``record`` takes a hand by its events (issue 33): `events:` after the dealer, one event a
line, Enter when all are given; the same Recorder and checks as the web page's events page."""
from __future__ import annotations

import json

from conftest import DATA
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.record.session import Recorder

runner = CliRunner()
EXAMPLE = DATA / "events-example.rvs"


def record(path, entries: str):
    return runner.invoke(app, ["record", str(path)], input=entries)


def test_feeding_an_events_record_writes_it_as_format_does(tmp_path):
    target = tmp_path / "out.rvs"
    result = record(target, EXAMPLE.read_text("utf-8"))
    assert result.exit_code == 0, result.output
    assert target.read_text("utf-8") == runner.invoke(app, ["format", str(EXAMPLE)]).output
    settled = [json.loads(runner.invoke(app, ["settle", str(p), "--format", "json"]).stdout)["totals"]
               for p in (EXAMPLE, target)]
    assert settled[0] == settled[1]


def recorder() -> Recorder:
    r = Recorder("new.rvs", interactive=True)
    for line in ["players: Anne Bruno Claire Denis", "rules: parlett"]:
        assert not r.enter(line).refused
    return r


def test_enter_ends_the_events_and_settles_the_hand():
    r = recorder()
    assert not r.enter("dealer: Bruno").refused
    said = r.enter("events:").said
    assert said == ["by events: the party, the talon, each Ace and Quinola, a reversis; "
                    "Enter when all are given"]
    assert r.question == "events"
    for line in ["party: Anne wins, Claire loses", "talon: 7 points", "3. Anne places AD, Bruno takes it",
                 "9. Denis places AS, Bruno takes it"]:
        reply = r.enter(line)
        assert not reply.refused, reply.refused
    reply = r.enter("")
    assert not reply.refused
    assert "Hand 1 settled: Anne wins the party (11)" in " ".join(reply.said)
    assert r.question == "after"
    assert "  9. Denis places AS, Bruno takes it\n" in r.document()


def test_a_bad_event_is_refused_and_enter_needs_a_party():
    r = recorder()
    r.enter("dealer: Bruno")
    r.enter("events:")
    assert r.enter("3. Anne places AD, Bruno takes it").refused == []
    refused = r.enter("7. Claire places AD, Denis takes it").refused
    assert refused and "A♦ is placed twice, in trick 3 and in trick 7" in refused[0]
    refused = r.enter("").refused
    assert refused and "hand 1 has no party" in refused[0]
    assert r.question == "events"
    assert r.enter("party: Claire wins, Anne loses").refused == []
    assert r.enter("undo").said == ["took back: party: Claire wins, Anne loses"]
    assert r.enter("reversis: Bruno makes it").refused == []
    assert r.enter("").refused == []
    assert "reversis: Bruno makes it" in r.document()


def test_a_hand_by_events_cannot_follow_tricks():
    r = recorder()
    r.enter("dealer: Bruno")
    assert r.enter("2C JC 7C 5C").refused == []
    assert r.enter("events:").refused == ["this hand is recorded card by card: its events cannot follow its "
                                          "tricks (`undo` them first)"]


def test_a_record_ending_in_a_hand_by_events_is_taken_up(tmp_path):
    target = tmp_path / "night.rvs"
    target.write_text(EXAMPLE.read_text("utf-8"), "utf-8")
    result = record(target, "dealer: Anne\nevents:\nparty: Bruno wins, Denis loses\ntalon: 4 points\n")
    assert result.exit_code == 0, result.output
    text = target.read_text("utf-8")
    before = EXAMPLE.read_text("utf-8")
    assert text.startswith(before[:before.index("hand 3")])  # the hand taken up is written again
    assert text.endswith("hand 4\ndealer: Anne\nevents:\n  party: Bruno wins, Denis loses\n"
                         "  talon: 4 points\n")
    check = runner.invoke(app, ["check", str(target)])
    assert check.exit_code == 0 and "4 hands" in check.output
