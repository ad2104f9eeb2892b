"""The seams between faces that issue 38 found broken, one test each: a French record's hand
and why pages, a player named like a pool, ``format --events`` of an espagnolette annulled by
its own reversis, ``record`` piped in French, and a header key given 50,000 times.
tests/test_matrix.py walks every form through every face; these name each mistake."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest
from conftest import DATA, SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.pipeline import check_text
from reversis_score.render.rvs import as_events

runner = CliRunner()
EXAMPLE = DATA / "notation-example.rvs"


# ------------------------------------------------------------------ a French record's pages
def test_every_page_of_the_french_salon_answers_in_both_languages(tmp_path):
    from starlette.testclient import TestClient

    from reversis_score.serve.app import create_app
    shutil.copy(SAMPLES / "fr" / "regles-fr-salon.rvs", tmp_path)
    client = TestClient(create_app(tmp_path), base_url="http://127.0.0.1", follow_redirects=False)
    session = client.get("/session/regles-fr-salon")
    assert session.status_code == 200
    hands = sorted({int(n) for n in re.findall(r"/session/regles-fr-salon/hand/(\d+)", session.text)})
    assert hands == list(range(1, 8))
    for lang in ("fr", "en"):
        language = {"Accept-Language": lang}
        for n in hands:
            page = client.get(f"/session/regles-fr-salon/hand/{n}", headers=language)
            assert page.status_code == 200 and f'<html lang="{lang}">' in page.text, (lang, n)
        why = client.get("/session/regles-fr-salon/why?a=Élise&b=Théo", headers=language)
        assert why.status_code == 200 and "Élise" in why.text
    # the hand page names the players as the record writes them, the quoted name too
    assert "Marie Claire" in client.get("/session/regles-fr-salon/hand/1").text


# ------------------------------------------------------------------ names like pools
@pytest.mark.parametrize("name", ['"pool:1"', '"pool:x"', '"panier:2"', '"pool"'])
def test_a_player_named_like_a_pool_is_a_notation_error(tmp_path, name):
    path = tmp_path / "n.rvs"
    path.write_text(EXAMPLE.read_text("utf-8").replace("Anne", name), "utf-8")
    for command in ("check", "settle"):
        result = runner.invoke(app, [command, str(path)])
        assert result.exit_code == 1, result.output
        assert f"a player may not be named '{name.strip(chr(34))}': it names a pool" in result.stderr
        assert "internal error" not in result.output


def test_a_table_line_paying_an_unknown_name_that_begins_with_pool_is_refused(tmp_path):
    path = tmp_path / "n.rvs"
    path.write_text(EXAMPLE.read_text("utf-8").replace("  Anne -> pool 5", "  poolboy -> pool 5"), "utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1 and "'poolboy' is not a player of this session" in result.stderr


# ------------------------------------------------------------------ format --events
def items(text: str) -> list:
    from reversis_score.ledger.build import build_ledger
    session = check_text(text, "t.rvs")
    assert not session.errors, [d.message for d in session.errors]
    return [[(i.kind, i.payer, i.payee, i.amount, i.trick, i.cancelled_by) for i in h.settlement.items]
            for h in build_ledger(session).hands]


def test_format_events_of_an_espagnolette_annulled_by_its_own_reversis_checks_and_settles_alike():
    text = (DATA / "espagnolette-own-reversis.rvs").read_text("utf-8")
    events, _ = as_events(text, "t.rvs")
    assert events is not None and "  espagnolette: Claire loses\n" in events
    assert items(events) == items(text)


# ------------------------------------------------------------------ record piped, in French
def piped(tmp_path, args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    command = [sys.executable, "-c", "from reversis_score.cli import main; main()", *args]
    return subprocess.run([*command, str(tmp_path / "x.rvs"), "--players", "Anne Bruno Claire Denis",
                           "--rules", "regles-fr"],
                          input="Claire\n9P 5P RP 7P\n", capture_output=True, text=True,
                          env={**environment, **env}, cwd=tmp_path, timeout=60)


@pytest.mark.parametrize("how", ["--lang fr", "LANG=fr_FR.UTF-8"])
def test_record_piped_in_french_writes_a_french_record(tmp_path, how):
    args, env = (["--lang", "fr", "record"], {}) if how.startswith("--") else \
        (["record"], {"LANG": "fr_FR.UTF-8"})
    done = piped(tmp_path, args, env)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "x.rvs").read_text("utf-8") == (
        "langue: fr\njoueurs: Anne Bruno Claire Denis\nrègles: regles-fr\n\ncoup 1\ndonneur: Claire\n"
        "levées:\n  Denis: 9P 5P RP 7P\n")


# ------------------------------------------------------------------ repeated errors summed up
def test_a_header_key_given_50000_times_is_said_three_times_then_summed_up(tmp_path):
    lines = EXAMPLE.read_text("utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("rules:")) + 1
    path = tmp_path / "r.rvs"
    path.write_text("\n".join(lines[:at] + ["rule pool_ante: 5"] * 50_000 + lines[at:]), "utf-8")
    first = at + 1
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    said = [line for line in result.stderr.splitlines() if "error:" in line]
    assert said == [f"{path}:{first + n}:6: error: 'rule pool_ante' is given twice (first on line {first}); "
                    "each header key is given once" for n in (1, 2, 3)] + [
        f"{path}:{first + 4}:6: error: 'rule pool_ante' is given 50,000 times, first on line {first}; each "
        "header key is given once (this line and 49,995 more are not listed one by one)"]
    french = runner.invoke(app, ["--lang", "fr", "check", str(path)])
    assert f"'rule pool_ante' est donné 50\u202f000 fois, d’abord à la ligne {first}" in french.stderr
