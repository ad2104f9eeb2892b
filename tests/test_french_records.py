"""Records written in French (``langue: fr``): French cards and keywords read as their English
twins, every place and quoted word as written; ``format --lang`` rewrites either way."""
import json

import pytest
from conftest import ROOT, SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.notation.french import french_card, french_spelling, to_french
from reversis_score.notation.parse import read_text

runner = CliRunner()
SESSIONS = sorted(SAMPLES.glob("*.rvs"))
TWINS = sorted((SAMPLES / "fr").glob("*.rvs"))


def invoke(monkeypatch, *args, input=None):
    monkeypatch.chdir(ROOT)
    return runner.invoke(app, list(args), input=input)


def ledger(monkeypatch, path) -> dict:
    result = invoke(monkeypatch, "settle", str(path.relative_to(ROOT)), "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    data["session"].pop("file")  # the one difference: the file it was read from
    return data


@pytest.mark.parametrize(("french", "english"), [
    ("RP", "KS"), ("DC", "QH"), ("VK", "JD"), ("AT", "AC"), ("10T", "10C"), ("9c", "9H"), ("V♥", "J♥"),
    ("R♠", "K♠"), ("2♦", "2♦")])
def test_french_cards_are_their_english_twins(french, english):
    assert french_card(french) == english
    assert french_spelling(english) == french.upper()


@pytest.mark.parametrize("token", ["KS", "QH", "JD", "TC", "ZZ", "R", "RX", "1P"])
def test_english_letters_are_no_french_card(token):
    assert french_card(token) is None


def test_there_is_a_french_twin_and_it_is_written_in_french():
    assert TWINS
    for twin in TWINS:
        text = twin.read_text("utf-8")
        assert text.startswith("langue: fr\n") and "\njoueurs:" in text and "\ncoup 1" in text
        assert "\nlevées:" in text and "players:" not in text and "tricks:" not in text


@pytest.mark.parametrize("twin", TWINS, ids=lambda p: p.stem)
def test_the_french_twin_settles_to_its_english_twin_s_ledger(twin, monkeypatch):
    english = SAMPLES / twin.name
    assert ledger(monkeypatch, twin) == ledger(monkeypatch, english)
    result = invoke(monkeypatch, "check", str(twin.relative_to(ROOT)))
    assert result.exit_code == 0 and result.output.rstrip().endswith(": ok")


@pytest.mark.parametrize("path", SESSIONS, ids=lambda p: p.stem)
def test_format_in_french_then_in_english_gives_back_format_s_bytes(path, tmp_path, monkeypatch):
    plain = invoke(monkeypatch, "format", str(path))
    french = invoke(monkeypatch, "format", "--lang", "fr", str(path))
    assert plain.exit_code == 0 and french.exit_code == 0, french.output
    assert french.output.startswith("langue: fr\n") and french.output != plain.output
    (tmp_path / "fr.rvs").write_text(french.output, "utf-8")
    back = invoke(monkeypatch, "format", "--lang", "en", str(tmp_path / "fr.rvs"))
    assert back.exit_code == 0 and back.output == plain.output
    again = invoke(monkeypatch, "format", str(tmp_path / "fr.rvs"))  # a French record stays French
    assert again.output == french.output


@pytest.mark.parametrize("path", SESSIONS, ids=lambda p: p.stem)
def test_events_written_in_french_read_back_to_the_same_record(path, tmp_path, monkeypatch):
    events = invoke(monkeypatch, "format", "--events", str(path))
    assert events.exit_code == 0
    french = to_french(events.output)
    assert "partie:" in french or "talon:" in french or "événements:" not in french
    (tmp_path / "fr.rvs").write_text(french, "utf-8")
    back = invoke(monkeypatch, "format", "--lang", "en", str(tmp_path / "fr.rvs"))
    assert back.exit_code == 0, back.output
    assert back.output == invoke(monkeypatch, "format", "-", input=events.output).output


def test_without_the_line_c_is_clubs_and_a_french_card_says_which_line_to_add(tmp_path, monkeypatch):
    record = tmp_path / "r.rvs"
    record.write_text("players: A B C D\nhand 1\ndealer: B\ntricks:\n  C: RC 2S 3S 4S\n", "utf-8")
    result = invoke(monkeypatch, "check", str(record))
    assert result.exit_code == 1
    assert ("'RC' is not a card: expected a card such as AS or 9♥; 'RC' is a French card: add the "
            "header line 'lang: fr' to write the record in French") in result.output
    assert read_text("players: A B C D\nhand 1\ndealer: B\ntricks:\n  C: AC 2S 3S 4S\n"
                     ).hands[0].record.tricks[0].cards[0].card == ("A", "C")  # A♣, as ever


FRENCH_BAD = """langue: fr
joueurs: Anne Bruno Claire Denis
règles: parlett

main 1
donneur: Anne
écart:
  Bruno  écarte 3P
  Claire écarte KS
levées:
  Bruno:  7C VC DC 8C | ramassée par Zoé
"""


def test_a_french_record_s_errors_point_at_what_is_written_and_quote_it(tmp_path, monkeypatch):
    record = tmp_path / "fr.rvs"
    record.write_text(FRENCH_BAD, "utf-8")
    result = invoke(monkeypatch, "check", str(record))
    assert result.exit_code == 1
    assert ("fr.rvs:9:17: error: hand 1: 'KS' is not a card: expected a card such as RP or 9♥\n"
            "   9 |   Claire écarte KS\n"
            "     |                 ^^") in result.output
    record.write_text(FRENCH_BAD.replace("écarte KS", "écarte RP"), "utf-8")
    result = invoke(monkeypatch, "check", str(record))
    assert ("fr.rvs:11:38: error: hand 1: 'Zoé' is not a player of this session" in result.output
            and "|                                      ^^^" in result.output), result.output


def test_a_french_record_s_pools_are_named_as_it_writes_them_and_a_name_as_typed(tmp_path, monkeypatch):
    salon = (SAMPLES / "fr" / "regles-fr-salon.rvs").read_text("utf-8")
    record = tmp_path / "fr.rvs"
    cut = salon.index("coup 2")
    record.write_text(salon[:cut] + "table:\n  Théo -> panier:0 5\n\n" + salon[cut:], "utf-8")
    said = invoke(monkeypatch, "check", str(record)).output
    assert "'panier:0' is not a pool: pools are numbered from panier:1, the oldest" in said
    record.write_text(salon[:cut] + "table:\n  Théo -> panier:3 5\n\n" + salon[cut:], "utf-8")
    said = invoke(monkeypatch, "check", str(record)).output
    assert ("there is no panier:3 to pay at the table: 1 pool stands in this hand (panier:1 is the oldest)"
            in said)
    french = invoke(monkeypatch, "--lang", "fr", "check", str(record)).output
    assert "il n’y a pas de panier:3 à payer à la table" in french
    assert "(panier:1 est le plus ancien)" in french
    record.write_text('langue: fr\nplayers: Anne Bruno Claire "pool:1"\nrègles: regles-fr\n', "utf-8")
    said = invoke(monkeypatch, "check", str(record)).output
    assert "a player may not be named 'pool:1': it names a pool" in said  # as typed, not 'panier:1'


def test_a_keyword_a_french_record_misses_is_named_in_french(tmp_path, monkeypatch):
    record = tmp_path / "fr.rvs"
    record.write_text("langue: fr\njoueurs: Anne Bruno Claire RT\nmain 1\ndonneur: Anne\ndonneur: Anne\n",
                      "utf-8")
    result = invoke(monkeypatch, "check", str(record))
    assert "2:28: error: a player may not be named 'RT': it reads as a card" in result.output
    assert ("5:1: error: hand 1: unexpected 'donneur:': expected a section of the hand (donne:, écart:"
            in result.output)
    assert "players Anne Bruno Claire RT," in result.output


def test_lang_en_is_english_and_another_language_is_an_error(tmp_path, monkeypatch):
    record = tmp_path / "r.rvs"
    record.write_text("lang: en\nplayers: A B C D\nhand 1\ndealer: A\nvoid: misdeal\n", "utf-8")
    assert invoke(monkeypatch, "check", str(record)).exit_code == 0
    record.write_text("lang: de\nplayers: A B C D\nhand 1\ndealer: A\nvoid: misdeal\n", "utf-8")
    result = invoke(monkeypatch, "check", str(record))
    assert result.exit_code == 1
    assert "r.rvs:1:7: error: the record's language is 'fr' (French cards and words) or 'en', not 'de'" \
        in result.output


def test_a_name_that_reads_as_a_french_card_is_not_written_in_french(tmp_path, monkeypatch):
    record = tmp_path / "r.rvs"
    record.write_text("players: Anne Bruno Claire Rc\nhand 1\ndealer: Anne\nvoid: misdeal\n", "utf-8")
    result = invoke(monkeypatch, "format", "--lang", "fr", str(record))
    assert result.exit_code == 1 and "'Rc' reads as a card or a keyword in a French record" in result.output


def test_a_french_record_opens_its_hands_with_coup_and_still_reads_main_with_a_warning(tmp_path, monkeypatch):
    """« coup 1 » opens a hand (the manuscrit's word); « main 1 » (the cards a player holds) is
    still read, with a warning that says to write « coup »: the same ledger as the English twin."""
    twin = SAMPLES / "fr" / "regles-fr-salon.rvs"
    text = twin.read_text("utf-8")
    assert "\ncoup 1" in text and "\nmain " not in text
    old = tmp_path / "old.rvs"
    old.write_text(text.replace("\ncoup ", "\nmain "), "utf-8")
    assert ledger(monkeypatch, twin) == ledger(monkeypatch, SAMPLES / "regles-fr-salon.rvs")
    said = invoke(monkeypatch, "--lang", "fr", "check", str(old)).output
    assert "avertissement\u202f: dans un relevé français, une donne s’ouvre par 'coup 1'" in said
    assert said.count("avertissement\u202f:") == 1 and "\n   9 | main 1" in said
    result = invoke(monkeypatch, "settle", str(old), "--format", "json")
    data = json.loads(result.stdout)
    data["session"].pop("file")
    english = ledger(monkeypatch, SAMPLES / "regles-fr-salon.rvs")
    data.pop("warnings"), english.pop("warnings")
    assert data == english


def test_a_french_record_names_its_preset_and_its_knobs_values_the_french_way(tmp_path, monkeypatch):
    """« règles: règles-fr » (with its accent) and « règle tie_rule: le-plus-près » read as
    regles-fr and nearest: the same ledger; format --lang en writes the notation's values."""
    text = (SAMPLES / "fr" / "regles-fr-salon.rvs").read_text("utf-8")
    record = tmp_path / "salon.rvs"
    rules = "règles: règles-fr\nrègle tie_rule: le-plus-près\nrègle broken_reversis: par-levée\n" \
        "règle opposite_doubles_party: non\n"
    record.write_text(text.replace("règles: regles-fr\n", rules), "utf-8")
    result = invoke(monkeypatch, "settle", str(record), "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    data["session"].pop("file")
    assert data == ledger(monkeypatch, SAMPLES / "regles-fr-salon.rvs")
    english = invoke(monkeypatch, "format", "--lang", "en", str(record)).output
    assert "rule tie_rule: nearest\nrule broken_reversis: by-trick\n" in english
    assert "rule opposite_doubles_party: no\n" in english
    french = invoke(monkeypatch, "format", "--lang", "fr", str(tmp_path / "salon.rvs")).output
    assert "règle tie_rule: le-plus-près\n" in french


def test_a_french_keyword_misspelt_gets_its_did_you_mean_and_french_cards_their_hint(tmp_path, monkeypatch):
    """'Levées:' in a French record: « vouliez-vous dire 'levées:' ? » ('Anne:' is a name, not
    'annonce:'); a line of French cards in an English record: the hint for each, however many."""
    record = tmp_path / "f.rvs"
    record.write_text("langue: fr\njoueurs: A B C D\ncoup 1\ndonneur: A\nLevées:\n  A: RC DC VK 2C\n",
                      "utf-8")
    said = invoke(monkeypatch, "--lang", "fr", "check", str(record)).output
    assert "'Levées:' n’est pas une ligne de la notation\u202f; vouliez-vous dire 'levées:'\u202f?" in said
    english = tmp_path / "e.rvs"
    english.write_text("players: Anne B C D\nhand 1\ndealer: Anne\ntricks:\n  Anne: RC DC VK AT\n", "utf-8")
    said = invoke(monkeypatch, "check", str(english)).output
    assert said.count("is a French card: add the header line 'lang: fr'") == 4 and "announce" not in said
    english.write_text("players: Anne B C D\nhand 1\ndealer: Anne\ntricks:\n  Anne: RC, B: DC VK AT\n",
                       "utf-8")
    said = invoke(monkeypatch, "check", str(english)).output
    assert "'RC' is a French card" in said


def test_main_typed_at_a_french_table_is_quoted_as_typed(tmp_path, monkeypatch):
    record = tmp_path / "r.rvs"
    record.write_text("langue: fr\njoueurs: A B C D\n\ncoup 1\ndonneur: A\nnul: maldonne\n", "utf-8")
    said = invoke(monkeypatch, "--lang", "fr", "record", str(record), "-", input="Main 2\n").output
    assert "'Main 2'" in said and "Hand" not in said


@pytest.mark.parametrize("word", ["coup", "main"])
def test_a_player_named_as_a_hand_begins_is_refused_at_the_players_line_and_read_in_quotes(word, tmp_path,
                                                                                          monkeypatch):
    """A player called « coup » or « main » without quotes would open a hand at the head of his
    deal line: the record is refused where the name is written, not ten lines further on;
    in quotes, it reads as the twin with « Gaspard »."""
    twin = SAMPLES / "fr" / "regles-fr-salon.rvs"
    bare, quoted = tmp_path / "bare.rvs", tmp_path / "quoted.rvs"
    bare.write_text(twin.read_text("utf-8").replace("Gaspard", word), "utf-8")
    quoted.write_text(twin.read_text("utf-8").replace("Gaspard", f'"{word}"'), "utf-8")
    said = invoke(monkeypatch, "check", str(bare))
    assert said.exit_code == 1
    first = said.output.splitlines()[0]
    assert first.endswith(f"bare.rvs:5:31: error: a player of a French record may not be named {word} "
                          f"without quotes: a line that begins '{word}' begins a hand; write \"{word}\"")
    assert invoke(monkeypatch, "check", str(quoted)).exit_code == 0
    french = invoke(monkeypatch, "--lang", "fr", "check", str(bare)).output
    assert f"ne peut s’appeler {word} sans guillemets" in french
    assert invoke(monkeypatch, "check", str(tmp_path / "quoted.rvs")).exit_code == 0
    capital = tmp_path / "capital.rvs"
    capital.write_text(twin.read_text("utf-8").replace("Gaspard", word.capitalize()), "utf-8")
    assert invoke(monkeypatch, "check", str(capital)).exit_code == 0  # 'Coup: …' opens no hand
    english_key = tmp_path / "players.rvs"  # a French record may write the English 'players:'
    english_key.write_text(bare.read_text("utf-8").replace("joueurs:", "players:"), "utf-8")
    said = invoke(monkeypatch, "check", str(english_key))
    assert said.exit_code == 1 and said.output.splitlines()[0].endswith(
        f"players.rvs:5:31: error: a player of a French record may not be named {word} without quotes: "
        f"a line that begins '{word}' begins a hand; write \"{word}\"")
