"""``why NAME`` (one name) and the why page from a player's name (issue 40): every payment to
and from the player, by counterparty and by kind, closing on his net."""
from __future__ import annotations

import json
import re
import shutil

from conftest import ROOT
from starlette.testclient import TestClient
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.ledger.build import build_ledger
from reversis_score.pipeline import check_text
from reversis_score.report.why_player import grouped, one_player
from reversis_score.serve.app import create_app

runner = CliRunner()
CLUB = ROOT / "samples" / "club-night.rvs"
GOLDEN = ROOT / "tests" / "golden"


def ledger():
    return build_ledger(check_text(CLUB.read_text("utf-8"), str(CLUB)))


def test_each_player_s_groups_add_up_to_his_session_total():
    led = ledger()
    for player in led.players:
        night = one_player(led, player)
        assert night.net == led.totals[player]
        for group in night.groups:
            assert group.paid == sum(k.paid for k in group.kinds)
            assert group.received == sum(k.received for k in group.kinds)
        between = [g for g in night.groups if g.side != "pool"]
        assert sum(g.net for g in between) == led.between_players()[player]


def test_grouped_is_a_pure_function_of_items_in_any_order():
    led = ledger()
    items = [(h.number, item) for h in led.settled for item in h.settlement.items]
    assert grouped(items, "Denis") == grouped(list(reversed(items)), "Denis")
    hand3 = one_player(led, "Denis", 3)
    assert hand3.net == next(h for h in led.settled if h.number == 3).settlement.net["Denis"]


def test_why_with_one_name_in_the_terminal_and_as_json():
    said = runner.invoke(app, ["why", str(CLUB), "Anne"])
    assert said.exit_code == 0, said.output
    assert "Anne: every payment, by whom and for what" in said.stdout
    assert "Anne lost 106 in 12 hands: paid 208, received 102." in said.stdout
    assert "the pools" in said.stdout and "reversis broken ×1" in said.stdout
    doc = json.loads(runner.invoke(app, ["why", str(CLUB), "Anne", "--format", "json"]).stdout)
    assert doc["net"] == -106 and [g["side"] for g in doc["by_counterparty"]][-1] == "pool"
    french = runner.invoke(app, ["--lang", "fr", "why", str(CLUB), "Anne"])
    assert "Anne a perdu 106 en 12 donnes\u202f: payé 208, reçu 102." in french.stdout
    wrong = runner.invoke(app, ["why", str(CLUB), "Ann"])
    assert wrong.exit_code == 2 and "did you mean 'Anne'?" in wrong.output


def page(tmp_path, lang: str) -> str:
    shutil.copy(CLUB, tmp_path / "club-night.rvs")
    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1")
    answer = client.get("/session/club-night/why?a=Denis&b=", headers={"Accept-Language": lang})
    assert answer.status_code == 200
    main = answer.text[answer.text.index("<main"):answer.text.index("</main>") + 7]
    return re.sub(r"\n+", "\n", main) + "\n"


def test_the_why_page_of_one_player_is_as_its_golden_file_in_both_languages(tmp_path, update_golden):
    for lang in ("en", "fr"):
        got = page(tmp_path, lang)
        golden = GOLDEN / f"why-player-{lang}.html"
        if update_golden:
            golden.write_text(got, "utf-8")
        assert got == golden.read_text("utf-8"), lang
