"""A card played, changed where it lies (record/fix.py through the entry route), and the
words of the entry page (entry_words.py): what the Recorder says, for a touch screen."""
from __future__ import annotations

import pytest
from entrydevice import EXAMPLE, Device, without_comments
from starlette.testclient import TestClient
from typer.testing import CliRunner

from reversis_score import i18n
from reversis_score.cli import app as cli
from reversis_score.serve.app import create_app
from reversis_score.serve.entry_words import face, for_people

LOCAL = "http://127.0.0.1"
HEADER = "session: Test\nplayers: Anne Bruno Claire Denis\nstake: 100\n"
FIVE = "\nhand 1\ndealer: Bruno\ntricks:\n" + "".join(f"  {t}\n" for t in [
    "Claire: 2C JC 7C 5C", "Denis: 6H 7H KH 4H", "Bruno: 9D 8D 3D KD", "Anne: JS 7S 2S 5S",
    "Anne: 9S KS 4S QD"])
runner = CliRunner()


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "night.rvs").write_text(HEADER + FIVE, "utf-8")
    return tmp_path


def fix(device: Device, trick: int, player: str, card: str):
    answer = device.client.post(f"/entry/{device.name}/tap", headers={"X-CSRF-Token": device.csrf},
                                json={"seen": device.view["seen"], "pending": device.view["pending"],
                                      "entries": [], "fix": {"trick": trick, "player": player, "card": card}})
    if "view" in answer.json():
        device.view = answer.json()["view"]
    return answer


def tricks(folder) -> list[str]:
    text = (folder / "night.rvs").read_text("utf-8")
    return [" ".join(line.split()) for line in text.split("tricks:\n")[1].strip("\n").split("\n")]


def test_a_wrong_card_is_changed_and_every_later_card_kept(folder):
    device = Device(TestClient(create_app(folder), base_url=LOCAL), "night")
    answer = fix(device, 2, "Anne", "8H")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["said"] == ["7♥ → 8♥ (Anne, trick 2); the 14 cards after it are kept"]
    assert tricks(folder)[1] == "Denis: 6H 8H KH 4H" and len(tricks(folder)) == 5
    written = folder / "night.rvs"
    assert written.read_text("utf-8") == runner.invoke(cli, ["format", str(written)]).output


def test_a_change_that_turns_a_trick_round_keeps_each_card_with_its_player(folder):
    device = Device(TestClient(create_app(folder), base_url=LOCAL), "night")
    # Claire's J♣ of trick 1 made 3♣: Anne's 7♣ wins, and Anne leads trick 2
    answer = fix(device, 1, "Denis", "3C")
    said = answer.json()["said"]
    assert said[0].startswith("J♣ → 3♣ (Denis, trick 1)")
    assert tricks(folder)[0] == "Claire: 2C 3C 7C 5C"
    # trick 2 was led by Denis; Anne leads it now: the cards stay their players', Anne first
    assert tricks(folder)[1] == "Anne: 7H KH 4H 6H"
    assert device.view["question"] == "card"


def test_a_change_refused_changes_nothing(folder):
    device = Device(TestClient(create_app(folder), base_url=LOCAL), "night")
    before = (folder / "night.rvs").read_text("utf-8")
    answer = fix(device, 2, "Anne", "2C")  # played in trick 1
    assert answer.status_code == 422
    assert "2♣" in answer.json()["refused"][0] and "2C" not in answer.json()["refused"][0]
    assert (folder / "night.rvs").read_text("utf-8") == before
    assert fix(device, 7, "Anne", "2H").status_code == 422  # no such card yet
    assert device.client.post("/entry/night/tap", headers={"X-CSRF-Token": device.csrf},
                              json={"seen": device.view["seen"], "entries": [],
                                    "fix": {"trick": "2", "player": "Anne"}}).status_code == 400


def test_a_later_card_no_longer_possible_is_taken_out_and_said(folder):
    device = Device(TestClient(create_app(folder), base_url=LOCAL), "night")
    # Anne's 7♥ of trick 2 made 2S: but Claire plays 2♠ in trick 4 — taken out from there
    answer = fix(device, 2, "Anne", "2S")
    said = answer.json()["said"]
    assert said[0].startswith("7♥ → 2♠ (Anne, trick 2)")
    assert said[1].startswith("no longer possible, taken out: 2♠ (Claire, trick 4), 5♠ (Denis, trick")
    assert len(tricks(folder)) == 4 and tricks(folder)[-1] == "Anne: JS 7S"  # Claire to play


def test_the_view_says_where_each_card_went(folder):
    text = without_comments(EXAMPLE.read_text("utf-8"))
    (folder / "night.rvs").write_text(text[:text.index("  Anne: JS 7S 2S 5S")], "utf-8")
    view = Device(TestClient(create_app(folder), base_url=LOCAL), "night").view
    cards = view["cards"]
    assert cards["KH"] == {"state": "played", "note": "K♥: played by Bruno in trick 2 — tap to change"}
    assert cards["7H"]["state"] == "talon" and cards["7H"]["note"] == "7♥: in the talon"
    assert cards["JS"]["state"] == "live"  # Anne leads trick 4 and holds it
    assert cards["AS"]["state"] == "away" and cards["AS"]["note"] == "A♠: in Bruno's hand"


@pytest.mark.parametrize("said, shown", [
    ("Anne cannot play 2C: trick 2: 2♣ is played twice", "Anne cannot play 2♣: trick 2: 2♣ is played twice"),
    ("a revoke; or `undo` back to trick 3 to correct it", "a revoke; or fix the card where it lies: tap it"),
    ("the deal needs a line for each (or `undo`)", "the deal needs a line for each (or Undo)"),
    ("took back `Hugo: KH 6H 2C 6C` from hand 1", "took back “Hugo: K♥ 6♥ 2♣ 6♣” from hand 1"),
    ("announce: espagnolette NAME (Enter: none):", "announce: espagnolette a name:"),
    ("take back it? (y/N): ", "take back it?:"),
    ("Denis has 10D and TC, not 9h", "Denis has 10♦ and 10♣, not 9h"),
    ("as Anne says, AS is high", "as Anne says, A♠ is high"),
])
def test_what_the_recorder_says_is_worded_for_people(said, shown):
    assert for_people(said) == shown


def test_a_card_is_written_as_people_write_it():
    assert [face(c) for c in ["AS", "TD", "10h", "QC"]] == ["A♠", "10♦", "10♥", "Q♣"]


NNBSP = "\u202f"


@pytest.mark.parametrize("said, shown", [
    (f"une renonce{NNBSP}; ou «\u00a0annuler\u00a0» jusqu’à la levée 3 pour le corriger",
     f"une renonce{NNBSP}; ou corrigez la carte là où elle est{NNBSP}: touchez-la"),
    ("la donne demande une ligne pour chaque joueur (ou «\u00a0annuler\u00a0»)",
     "la donne demande une ligne pour chaque joueur (ou Annuler la dernière)"),
    (f"annonce{NNBSP}: espagnolette NOM (Entrée{NNBSP}: aucune){NNBSP}: ",
     f"annonce{NNBSP}: espagnolette un nom{NNBSP}:"),
    (f"reprendre club.rvs{NNBSP}? (o/N){NNBSP}: ", f"reprendre club.rvs{NNBSP}?{NNBSP}:"),
    (f"paiement à la table, PAYEUR -> RECEVEUR MONTANT (Entrée{NNBSP}: fini){NNBSP}: ",
     f"paiement à la table, qui a payé qui{NNBSP}:"),
    (f"Donne 3 réglée{NNBSP}: Bruno gagne la partie (8){NNBSP}; paniers après{NNBSP}: 55 60",
     f"Donne 3 réglée{NNBSP}: Bruno gagne la partie (8)"),
])
def test_what_the_recorder_says_in_french_is_worded_for_people_in_french(said, shown):
    """record/'s French keyboard words (« annuler », Entrée, (o/N), CARTE…) never reach the page."""
    with i18n.speaking("fr"):
        assert for_people(said) == shown
