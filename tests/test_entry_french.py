"""The entry page in French: a record whose header says ``langue: fr`` is written in French
(cards and keywords as ``format --lang fr`` writes them), its lines already on disk untouched;
an English record as ever. The page's own words in French are in test_entry_browser_fr.py."""
from __future__ import annotations

import pytest
from conftest import SAMPLES
from entrydevice import EXAMPLE, Device, example, without_comments
from starlette.testclient import TestClient
from typer.testing import CliRunner

from reversis_score.cli import app as cli
from reversis_score.serve.app import create_app
from reversis_score.serve.entry_spelling import Spelling, is_french

LOCAL = "http://127.0.0.1"
runner = CliRunner()


@pytest.fixture
def web(tmp_path):
    return TestClient(create_app(tmp_path), base_url=LOCAL, follow_redirects=False)


def taps_of_the_example() -> list[list[str]]:
    hand = example()
    taps = [[f"dealer: {hand.dealer}"]]
    taps += [[" ".join(c[:11]) + (" " if p == hand.dealer else " | ") + c[11]] for p, c in hand.deal()]
    taps += [[card] if action == "discards" else [action] for _, action, card in hand.exchange()]
    taps += [[card] for card in hand.cards()]
    taps += [["table", f"{payer} -> {payee} {amount}"] for payer, payee, amount in hand.table()]
    return taps


def test_a_french_record_tapped_at_the_table_is_written_as_format_lang_fr_writes_it(web, tmp_path):
    form = example().header_form("exemple") | {"lang": "fr"}
    assert web.post("/entry", data={"csrf": web.app.state.ctx.csrf, **form}).status_code == 303
    assert (tmp_path / "exemple.rvs").read_text("utf-8").startswith("langue: fr\nséance: ")
    device = Device(web, "exemple")
    assert device.view["record_lang"] == "fr"
    for tap in taps_of_the_example():
        answer = device.tap(*tap)
        assert answer.status_code == 200, (tap, answer.json())
    stripped = tmp_path / "stripped.txt"
    stripped.write_text(without_comments(EXAMPLE.read_text("utf-8")), "utf-8")
    french = runner.invoke(cli, ["format", "--lang", "fr", str(stripped)]).output
    assert (tmp_path / "exemple.rvs").read_text("utf-8") == french
    assert "levées:" in device.view["hand_text"] and "tricks:" not in device.view["hand_text"]
    # and it settles as its English twin does
    english = runner.invoke(cli, ["format", str(stripped)]).output
    (tmp_path / "twin.rvs").write_text(english, "utf-8")
    ledgers = [runner.invoke(cli, ["settle", str(tmp_path / f), "--format", "json"]).output
               for f in ("exemple.rvs", "twin.rvs")]
    assert ledgers[0].replace("exemple.rvs", "twin.rvs") == ledgers[1]


def test_a_french_record_keeps_its_own_lines_and_takes_up_its_last_hand(web, tmp_path):
    """The French sample, its last hand cut short: the entry page takes the hand up where it
    stands and writes the next cards in French; every line before stays byte for byte."""
    text = (SAMPLES / "fr" / "regles-fr-salon.rvs").read_text("utf-8")
    lines = text.rstrip("\n").split("\n")
    cut = len(lines) - 2  # the last hand without its last trick lines
    kept = "\n".join(lines[:cut]) + "\n"
    (tmp_path / "salon.rvs").write_text(kept, "utf-8")
    for toml in SAMPLES.glob("*.toml"):
        (tmp_path / toml.name).write_bytes(toml.read_bytes())
    device = Device(web, "salon")
    assert device.view["record_lang"] == "fr"
    english = Spelling.of(text).english.rstrip("\n").split("\n")
    for line in english[cut:]:
        for card in line.split("#")[0].split(":", 1)[1].split():
            answer = device.tap(card)
            assert answer.status_code == 200, (line, answer.json())
    written = (tmp_path / "salon.rvs").read_text("utf-8")
    last_hand = kept.rindex("\ncoup ")
    assert written[:last_hand] == kept[:last_hand]  # the hands before: not a byte changed
    assert "  Théo:           DC DP 4T 8C\n  Théo:           5C AP 9P 8P\n" in written[last_hand:]  # French
    (tmp_path / "whole.rvs").write_text(text, "utf-8")
    ledgers = [runner.invoke(cli, ["settle", str(tmp_path / f), "--format", "json"]).output
               for f in ("salon.rvs", "whole.rvs")]
    assert ledgers[0].replace("salon.rvs", "whole.rvs") == ledgers[1]


def test_an_english_record_stays_english():
    text = EXAMPLE.read_text("utf-8")
    spelling = Spelling.of(text)
    assert not spelling.french and spelling.on_disk("anything") == "anything"
    assert is_french("langue: fr\nplayers: A B C D\n") and not is_french("hand 1\nlangue: fr\n")
