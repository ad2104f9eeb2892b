"""``record`` in French: at a real (pseudo-)terminal with ``LANG=fr_FR.UTF-8`` a new record is
written in French (``langue: fr``, French cards and keywords), its prompts, refusals, help and
hand's table are French, the French command words work beside the English ones, and a French
record is taken up in French; the file settles as its English twin. Piped, a record's
``langue: fr`` line decides, and English stays English."""
from __future__ import annotations

import json
import os
import sys

import pexpect
from test_record_pty import answer, wait
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.record.session import Recorder
from reversis_score.record.words import understood

COMMAND = [sys.executable, "-c", "from reversis_score.cli import main; main()", "record"]
PLAYERS = "Anne Bruno Claire Denis"
# One hand dealt by Bruno (the English pty test's), trick by trick: leader, French cards, English.
TRICKS = [("Claire", "2T VT 7T 5T", "2C JC 7C 5C"), ("Denis", "6C 8C RC 4C", "6H 8H KH 4H"),
          ("Bruno", "9K 8K 3K RK", "9D 8D 3D KD"), ("Anne", "VP 7P 2P 5P", "JS 7S 2S 5S"),
          ("Anne", "9P RP 4P DK", "9S KS 4S QD"), ("Bruno", "7K 3T 5K 4K", "7D 3C 5D 4D"),
          ("Bruno", "AK 8P 3C 2K", "AD 8S 3H 2D"), ("Bruno", "9T AT RT 6T", "9C AC KC 6C"),
          ("Claire", "VC AC 2C VK", "JH AH 2H JD"), ("Denis", "5C 4T AP DC", "5H 4C AS QH"),
          ("Claire", "DP 9C 3P 8T", "QS 9H 3S 8C")]
ENGLISH_TWIN = (f"session: Soirée du club\ndate: 2026-11-20\nplayers: {PLAYERS}\nrules: parlett\n"
                "stake: 100\n\nhand 1\ndealer: Bruno\ntricks:\n"
                + "".join(f"  {who}: {en}\n" for who, _fr, en in TRICKS))
runner = CliRunner()


def spawn(path, **env: str) -> pexpect.spawn:
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("LC_ALL", "LC_MESSAGES", "LANG", "REVERSIS_SCORE_LANG")}
    environment.update({"TERM": "xterm", "COLUMNS": "80", "LINES": "24", "LANG": "fr_FR.UTF-8", **env})
    return pexpect.spawn(COMMAND[0], COMMAND[1:] + [str(path)], env=environment, encoding="utf-8",
                         dimensions=(24, 80), timeout=20)


def settled(path) -> dict:
    result = runner.invoke(app, ["--lang", "en", "settle", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    data["session"].pop("file")
    return data


def test_a_session_recorded_in_french_at_a_terminal_is_a_french_record_that_settles_as_its_twin(tmp_path):
    path = tmp_path / "soirée.rvs"
    child = spawn(path)
    wait(child, "ce relevé s’écrit en français (langue: fr)\u202f: cartes RP DC VK AT")
    wait(child, "tapez aide pour les commandes.")
    answer(child, "nom de la séance (Entrée\u202f: aucun)\u202f: ", "Soirée du club")
    answer(child, "date (Entrée\u202f: ", "2026-11-20")
    answer(child, "joueurs, dans l’ordre de jeu\u202f: ", "Anne Bruno Claire Denis")
    answer(child, "règles, un préréglage ou un fichier .toml (Entrée\u202f: parlett)\u202f: ", "")
    answer(child, "fiches de chaque joueur au départ (Entrée\u202f: aucune)\u202f: ", "100")
    answer(child, "donne 1, donneur\u202f: ", "aide")  # the help says how French cards are typed
    wait(child, "RC est le roi de cœur, VC le quinola")
    wait(child, "annuler              reprendre la dernière carte")
    answer(child, "donne 1, donneur\u202f: ", "Brunot")
    wait(child, "«\u00a0Brunot\u00a0» n’est pas un joueur de cette séance")
    wait(child, "«\u00a0Bruno\u00a0»\u202f?")  # did you mean
    answer(child, "donne 1, donneur\u202f: ", "Bruno")
    wait(child, "donne 1\u202f: donneur Bruno")
    answer(child, "donne, les 11 cartes d’Anne | carte du talon (Entrée\u202f: pas de donne)\u202f: ", "")
    answer(child, "annonce\u202f: espagnolette NOM (Entrée\u202f: aucune)\u202f: ", "")
    answer(child, "levée 1, Claire\u202f: ", TRICKS[0][1])
    wait(child, "levée 1\u202f: Denis la fait avec V♣")
    answer(child, "levée 2, Denis\u202f: ", "6C 8C RC 5T")  # 5♣ went in trick 1
    wait(child, "écrit\u202f: 6♥ 8♥ R♥")  # the cards before the refused one stand
    wait(child, "Claire ne peut pas jouer 5T\u202f: ")
    answer(child, "levée 2, Claire\u202f: ", "KS")  # an English letter: no French card
    wait(child, "«\u00a0KS\u00a0» n’est pas une carte d’un relevé en français")
    answer(child, "levée 2, Claire\u202f: ", "4C")
    wait(child, "levée 2\u202f: Bruno la fait avec R♥")
    answer(child, "levée 3, Bruno\u202f: ", "9K 8K")
    wait(child, "levée 3, Denis\u202f:")
    wait(child, "donne 1, levée 3 — Bruno a la main\u202f; ♦ demandé")  # the bottom toolbar
    child.sendline("annuler")  # the French word for undo
    wait(child, "repris\u202f: 8♦")
    answer(child, "levée 3, Claire\u202f: ", "quitter")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = path.read_text("utf-8")
    assert text.startswith("langue: fr\nséance: Soirée du club\ndate: 2026-11-20\njoueurs: Anne Bruno Claire "
                           "Denis\nrègles: parlett\nfiches: 100\n\ncoup 1\ndonneur: Bruno\nlevées:\n")
    assert text.endswith("  Claire: 2T VT 7T 5T\n  Denis:  6C 8C RC 4C\n  Bruno:  9K\n")

    child = spawn(path)  # taken up in French, where it stopped
    wait(child, "reprise\u202f: la donne 1 en est à la levée 3 (levées notées\u202f: 2 sur 11\u202f; "
                "en jeu\u202f: 9♦).")
    answer(child, "levée 3, Claire\u202f: ", "8K 3K RK")
    for number, (leader, cards, _english) in enumerate(TRICKS[3:], 4):
        answer(child, f"levée {number}, {leader}\u202f: ", cards)
    wait(child, "Donne 1 réglée\u202f: ")
    wait(child, "joueur")
    wait(child, "cette donne")
    answer(child, "donne 2, donneur (Entrée\u202f: Claire)\u202f: ", "quitter")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    check = runner.invoke(app, ["check", str(path)])
    assert check.exit_code == 0 and check.output.rstrip().endswith(": ok"), check.output
    twin = tmp_path / "twin.rvs"
    twin.write_text(ENGLISH_TWIN, "utf-8")
    assert settled(path) == settled(twin)
    english = runner.invoke(app, ["format", "--lang", "en", str(path)])
    assert english.stdout == runner.invoke(app, ["format", str(twin)]).stdout


def test_an_english_record_stays_english_under_a_french_locale(tmp_path):
    path = tmp_path / "club.rvs"
    path.write_text(f"players: {PLAYERS}\n\nhand 1\ndealer: Bruno\ntricks:\n  Claire: 2C JC 7C 5C\n", "utf-8")
    child = spawn(path)
    wait(child, "reprise\u202f: la donne 1 en est à la levée 2 (levées notées\u202f: 1 sur 11).")
    answer(child, "levée 2, Denis\u202f: ", "6H 8H KH 4H")  # English letters: H is hearts
    wait(child, "levée 2\u202f: Bruno la fait avec R♥")  # said to people in French letters
    answer(child, "levée 3, Bruno\u202f: ", "quit")  # the English words work too
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert path.read_text("utf-8").endswith("  Claire: 2C JC 7C 5C\n  Denis:  6H 8H KH 4H\n")


def test_in_english_nothing_changes_and_a_french_record_is_still_written_in_french(tmp_path):
    path = tmp_path / "fr.rvs"
    french = "".join(f"  {who}: {fr}\n" for who, fr, _en in TRICKS[:2])
    path.write_text(f"langue: fr\njoueurs: {PLAYERS}\n\ncoup 1\ndonneur: Bruno\nlevées:\n{french}", "utf-8")
    child = spawn(path, LANG="C.UTF-8")
    wait(child, "resuming: hand 1 is at trick 3 (2 of 11 recorded).")
    answer(child, "trick 3, Bruno: ", "help")
    wait(child, "This record is written in French (langue: fr): enter its cards with the French")
    answer(child, "trick 3, Bruno: ", "9K 8K 3K RK")
    wait(child, "trick 3: Anne wins it with K♦")
    answer(child, "trick 4, Anne: ", "quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert path.read_text("utf-8").endswith("  Denis:  6C 8C RC 4C\n  Bruno:  9K 8K 3K RK\n")


def test_piped_a_record_s_langue_line_decides_and_refusals_are_french(tmp_path):
    source = tmp_path / "twin.rvs"
    source.write_text(ENGLISH_TWIN, "utf-8")
    french = runner.invoke(app, ["format", "--lang", "fr", str(source)]).stdout
    target = tmp_path / "piped.rvs"
    result = runner.invoke(app, ["--lang", "fr", "record", str(target)], input=french)
    assert result.exit_code == 0, result.output
    assert target.read_text("utf-8") == french
    assert result.stderr == (f"{target}\u202f: 20 lignes saisies\u202f; la donne 1 est finie\u202f; "
                             "ensuite\u202f: le donneur de la donne 2.\n")
    bad = runner.invoke(app, ["--lang", "fr", "record", str(target)], input="coup 2\ndonneur: Claire\nAS\n")
    assert bad.exit_code == 1
    assert "«\u00a0AS\u00a0» n’est pas une carte d’un relevé en français" in bad.stderr
    assert target.read_text("utf-8").endswith("coup 2\ndonneur: Claire\n")
    english = runner.invoke(app, ["record", str(tmp_path / "en.rvs")], input=ENGLISH_TWIN)
    assert english.exit_code == 0 and not english.stderr.count("lignes")
    assert (tmp_path / "en.rvs").read_text("utf-8") == runner.invoke(app, ["format", str(source)]).stdout


def test_the_french_command_words_are_understood_when_french_is_spoken():
    assert understood("annuler", "card", ("A", "B", "C", "D"), french=True) == ("undo", None)
    assert understood("quitter  # fin", "card", ("A", "B", "C", "D"), french=True) == ("quit  # fin", None)
    assert understood("irrégulier renonce B", "card", ("A", "B", "C", "D"), french=True) == (
        "irregular revoke B", None)
    assert understood("réclamations abandonnées", "card", (), french=True)[0] == "claims waived"
    english = understood("annuler", "card", ("A", "B", "C", "D"))  # English: not a word it knows
    assert english[1] is not None and english[1].startswith("'annuler' is not a card")
    assert understood("RC", "card", ("A", "B", "C", "D"), french_record=True) == ("RC", None)


def test_a_french_record_holds_the_grammar_s_lines_and_writes_french():
    recorder = Recorder("x.rvs", interactive=False)
    recorder.typed_as_written = True
    for line in ["langue: fr", f"joueurs: {PLAYERS}", "donneur: Bruno", "2T VT 7T 5T", "6C 8C"]:
        assert not recorder.enter(line).refused, line
    assert recorder.hand is not None and recorder.hand.trick == ["6H", "8H"]
    assert recorder.document() == (f"langue: fr\njoueurs: {PLAYERS}\n\ncoup 1\ndonneur: Bruno\nlevées:\n"
                                   "  Claire: 2T VT 7T 5T\n  Denis:  6C 8C\n")
    assert recorder.enter("lang: en").refused  # the language is the header's
    name = Recorder("y.rvs", interactive=False)
    name.typed_as_written = True
    assert not name.enter("langue: fr").refused
    assert name.enter('joueurs: Rc Bruno Claire Denis').refused  # 'Rc' would read as a card


def test_tab_offers_the_cards_as_a_french_record_spells_them_and_the_french_commands():
    from reversis_score.record.complete import candidates
    recorder = Recorder("x.rvs", interactive=False)
    recorder.typed_as_written = True
    for line in ["langue: fr", f"joueurs: {PLAYERS}", "donneur: Bruno", "2T VT 7T 5T"]:
        assert not recorder.enter(line).refused, line
    offered = candidates(recorder, "")
    assert offered[:3] == ["AP", "RP", "DP"] and "annuler" in offered and "undo" in offered
    assert "KS" not in offered and "JH" not in offered
    assert candidates(recorder, "RC ")[:3] == ["AC", "RC", "DC"]  # the suit led (cœur, RC typed) first
    english = Recorder("y.rvs", interactive=False)
    for line in [f"players: {PLAYERS}", "dealer: Bruno"]:
        assert not english.enter(line).refused, line
    assert candidates(english, "")[:2] == ["AS", "KS"] and "annuler" not in candidates(english, "")


def test_undo_into_a_finished_hand_is_confirmed_with_oui_in_french():
    from reversis_score import i18n
    from reversis_score.record import show
    i18n.set_language("fr")  # (the autouse fixture gives the language back to the environment)
    recorder = Recorder("x.rvs", interactive=True)
    recorder.typed_as_written = True
    lines = ["langue: fr", f"joueurs: {PLAYERS}", "donneur: Bruno", "levées:"] + [fr for _w, fr, _e in TRICKS]
    for line in lines:
        assert not recorder.enter(line).refused, line
    assert show.prompt(recorder) == "donne 2, donneur (Entrée\u202f: Claire)\u202f: "
    said = recorder.enter(understood("annuler", recorder.question, recorder.players, True, True)[0]).said
    assert said == ["ceci reprend «\u00a0Claire: DP 9C 3P 8T\u00a0» de la donne 1, qui est finie\u202f: "
                    "«\u00a0annuler\u00a0» encore (ou oui) pour le faire"]
    assert show.prompt(recorder).endswith("\u202f? (o/N)\u202f: ")
    assert recorder.enter("oui").said == ["repris\u202f: Claire: DP 9C 3P 8T"]
    assert recorder.document().endswith("  Denis:  5C 4T AP DC\n")


def test_the_entry_page_s_entries_continue_a_french_record_in_french(tmp_path):
    """The page's buttons send the grammar's spelling (4H): a French record it takes up is
    written on in French all the same."""
    from reversis_score.record.resume import resume
    text = (f"langue: fr\njoueurs: {PLAYERS}\n\ncoup 1\ndonneur: Bruno\nlevées:\n  Claire: 2T VT 7T 5T\n"
            "  Denis:  6C 8C\n")
    recorder, problems = resume(text, "x.rvs", tmp_path, False, text)
    assert recorder is not None and not problems and not recorder.typed_as_written
    assert not recorder.enter("KH 4H").refused
    assert recorder.document() == text.replace("6C 8C", "6C 8C RC 4C")


def test_lang_en_typed_first_makes_a_french_terminal_s_new_record_english():
    recorder = Recorder("x.rvs", interactive=True)
    recorder.spelling, recorder.typed_as_written = "fr", True  # as a French terminal starts one
    assert recorder.enter("lang: en").said == ["this record is written in English: cards KS QH JD AC, "
                                               "keywords in English"]
    for line in [f"players: {PLAYERS}", "dealer: Bruno", "2C JC 7C 5C"]:
        assert not recorder.enter(line).refused, line
    assert recorder.document() == (f"players: {PLAYERS}\n\nhand 1\ndealer: Bruno\ntricks:\n"
                                   "  Claire: 2C JC 7C 5C\n")
    assert recorder.enter("langue: de").refused == [
        "the record's language is 'fr' (French cards and words) or 'en', not 'de'"]


def test_a_french_record_piped_is_refused_in_its_own_words(tmp_path):
    """A French record whose header ends at its players (``coup 1`` comes while the header is
    still asked for); a revoke refused, the line to add written as the record writes it."""
    from test_record import DEAL
    from test_record import TRICKS as ENGLISH_TRICKS

    from reversis_score.notation.french import to_french
    english = (f"players: {PLAYERS}\n\nhand 1\ndealer: Bruno\n{DEAL}tricks:\n" + "\n".join(ENGLISH_TRICKS[:3])
               + "\nAnne: JS 7S 2S KC\n")
    result = runner.invoke(app, ["--lang", "fr", "record", str(tmp_path / "r.rvs")], input=to_french(english))
    assert result.exit_code == 1
    assert "donne 1, levée 4\u202f: " in result.stderr and "`irrégulier: renonce Denis`" in result.stderr
    assert (tmp_path / "r.rvs").read_text("utf-8").startswith(f"langue: fr\njoueurs: {PLAYERS}\n\ncoup 1\n")


def test_ctrl_c_is_said_in_french(tmp_path):
    path = tmp_path / "c.rvs"
    child = spawn(path)
    answer(child, "nom de la séance (Entrée\u202f: aucun)\u202f: ", "Club")
    wait(child, "date (Entrée\u202f:")
    child.sendintr()
    wait(child, "interrompu\u202f: tout ce qui a été saisi est écrit")
    wait(child, f"«\u00a0reversis-score record {path}\u00a0» reprend là.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert path.read_text("utf-8") == "langue: fr\nséance: Club\n"
