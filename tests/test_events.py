"""Hands recorded by their events (issue 33): read, formatted, settled, and used by every
command and page as any other hand."""
from __future__ import annotations

import json
import re
import shutil

import pytest
from conftest import DATA, SAMPLES
from starlette.testclient import TestClient
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.ledger.build import build_ledger
from reversis_score.notation.parse import read_text
from reversis_score.pipeline import check_text
from reversis_score.render.rvs import as_events, format_record
from reversis_score.serve.app import create_app

EXAMPLE = DATA / "events-example.rvs"
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def nets(text: str, rules: str | None = None) -> list[dict[str, int]]:
    ledger = build_ledger(check_text(text, "t.rvs", rules_override=rules))
    return [h.settlement.net for h in ledger.hands if h.settlement is not None]


def test_the_example_is_clean_and_said_once_not_checked():
    session = check_text(EXAMPLE.read_text("utf-8"), "x")
    assert session.errors == []
    said = [d.message for d in session.warnings]
    assert said == ["hand 1 is recorded by its events; its play is not checked"]
    assert len(session.hands) == 3 and all(h.play is not None and h.play.events for h in session.hands)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_only_check_says_not_checked_whatever_the_record_s_language(lang, tmp_path):
    """The warning is known by its code, not its words: a French record's words are its own.
    (The ledger's own list of warnings keeps it: only the diagnostics on stderr leave it out.)"""
    record = tmp_path / "night.rvs"
    written = run("format", "--events", "--lang", lang, EXAMPLE)
    assert written.exit_code == 0, written.output
    record.write_text(written.stdout, "utf-8")
    assert "its play is not checked" in run("check", record).output
    for command in ("settle", "audit"):
        said = run(command, record)
        assert said.exit_code == 0 and "not checked" not in said.stderr, (command, said.stderr)


def test_format_keeps_an_events_hand_and_its_comments():
    text = EXAMPLE.read_text("utf-8")
    once = format_record(read_text(text).session(), text)
    assert "  7. Bruno leads AD  # trick number, who, what" in once
    assert "  reversis: Anne, broken by Bruno in trick 10 with Quinola" in once
    assert format_record(read_text(once).session(), once) == once
    assert nets(once) == nets(text)


def test_hands_by_events_and_by_tricks_mix_in_one_record():
    example = (DATA / "notation-example.rvs").read_text("utf-8").split("table:")[0]
    events, _ = as_events(example)
    assert events is not None
    section = events[events.index("events:"):]
    mixed = example + "\nhand 2\ndealer: Claire\n" + section + "\nhand 3\ndealer: Denis\nvoid: misdeal\n"
    session = check_text(mixed, "m")
    assert session.errors == [] and len(session.hands) == 3
    ledger = build_ledger(session)
    first, second, _ = (h.settlement for h in ledger.hands)
    assert first is not None and second is not None
    assert first.net == nets(example)[0]
    antes = ("pool-ante", "dealer-ante")
    paid = [(i.kind, i.payer, i.trick) for i in first.items if i.kind not in antes]
    assert paid == [(i.kind, i.payer, i.trick) for i in second.items if i.kind not in antes]  # other pools


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.rvs")), ids=lambda p: p.name)
def test_format_events_of_each_sample_settles_the_same(path, tmp_path):
    result = run("format", "--events", path)
    assert result.exit_code == 0, result.output
    written = tmp_path / path.name
    written.write_text(result.stdout, "utf-8")
    for toml in SAMPLES.glob("*.toml"):
        shutil.copy(toml, tmp_path / toml.name)
    assert "\ntricks:" not in result.stdout
    before = json.loads(run("settle", path, "--format", "json").stdout)
    after = json.loads(run("settle", written, "--format", "json").stdout)
    for a, b in zip(before["hands"], after["hands"], strict=True):
        assert [(i["kind"], i["payer"], i["payee"], i["amount"], i["trick"]) for i in a["items"]] == \
            [(i["kind"], i["payer"], i["payee"], i["amount"], i["trick"]) for i in b["items"]]
        assert a["pools_after"] == b["pools_after"] and a["net"] == b["net"]
    assert before["totals"] == after["totals"]


def test_format_events_refuses_a_record_with_errors():
    result = run("format", "--events", SAMPLES / "bad" / "card-played-twice.rvs")
    assert result.exit_code == 1
    assert "not written as events: the record has errors" in result.output


def test_audit_why_and_export_read_events_hands(tmp_path):
    example = tmp_path / "night.rvs"
    events, _ = as_events((DATA / "notation-example.rvs").read_text("utf-8"))
    assert events is not None
    example.write_text(events, "utf-8")
    audit = run("audit", example)
    assert audit.exit_code == 0 and "agrees" in audit.stdout
    why = run("why", example, "Anne", "Claire")
    assert why.exit_code == 0 and "Claire owes Anne 32" in why.stdout
    db = tmp_path / "season.sqlite"
    assert run("export", example, EXAMPLE, "--format", "sqlite", "--to", db).exit_code == 0
    season = run("season", db)
    assert season.exit_code == 0 and "2 sessions" in season.stdout
    csv = run("export", EXAMPLE, "--format", "csv", "--what", "hands").stdout
    assert "Bruno breaks Anne's reversis" in csv
    ledger = json.loads(run("settle", EXAMPLE, "--format", "json").stdout)
    assert ledger["hands"][0]["points"] == {"Anne": 4, "Claire": 15}
    assert ledger["hands"][1]["outcome"]["kind"] == "reversis-broken"


def test_the_report_and_the_hand_page_show_an_events_hand(tmp_path):
    page = tmp_path / "page.html"
    assert run("report", EXAMPLE, "-o", page).exit_code == 0
    assert "Bruno breaks Anne" in re.sub("<[^>]+>", "", page.read_text("utf-8"))  # names in <bdi>
    records = tmp_path / "records"
    records.mkdir()
    shutil.copy(EXAMPLE, records / "night.rvs")
    client = TestClient(create_app(records), base_url="http://127.0.0.1", follow_redirects=False)
    hand = re.sub("<[^>]+>", "", client.get("/session/night/hand/1").text)  # names in <bdi>
    assert "The hand, recorded by its events" in hand
    assert "recorded by its events: what was paid for" in hand
    assert "Bruno led A♦; Anne wins the party" in hand
    assert "Anne wins the party with 4 points (2 tricks)" in hand
    assert client.get("/session/night").status_code == 200


def test_a_card_placed_in_a_trick_its_player_gathers_pays_nothing():
    text = ("players: Anne Bruno Claire Denis\n\nhand 1\ndealer: Bruno\nevents:\n"
            "  party: Claire wins, Bruno loses\n  talon: 3 points\n  11. Anne places AS, Anne gathers it\n"
            "  4. Denis places AD, Anne takes it\n")
    session = check_text(text, "g")
    assert session.errors == []
    (settled,) = (h.settlement for h in build_ledger(session).hands)
    assert settled is not None
    assert [(i.kind, i.card) for i in settled.items if i.card] == [("ace-dumped", "AD")]
    refused = check_text(text.replace("Anne gathers it", "Anne takes it"), "t").errors
    assert [d.message for d in refused] == [
        "Anne places A♠ in a trick Anne takes: a placed card goes to another player "
        "(or write 'Anne gathers it')"]
