"""The commands' own words in French (issue 32): --help of every command and option, each
command's lines, notes, summaries, errors and questions, and the ledger's findings; the same
runs in English say what they always said.

The tables' headings and the rules' sentences are other modules' (render/, report/, settle/):
here only what the command itself writes is asserted.
"""
from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import sys

import pytest
import typer
from conftest import SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app

runner = CliRunner()
GROUP = typer.main.get_command(app)
COMMANDS = list(GROUP.commands)  # type: ignore[attr-defined]
NNBSP = "\u202f"
CLUB = str(SAMPLES / "club-night.rvs")


def run(*args: str, input: str | None = None, env: dict[str, str] | None = None):
    return runner.invoke(app, list(args), input=input, env=env)


def flat(text: str) -> str:
    """A help page's words, whatever the width: one space between words, and a word broken at
    its hyphen ("settle-" "up") whole again."""
    return " ".join(text.split()).replace("- ", "-")


def declared(command: str | None) -> list[str]:
    """The English help texts a command declares: its own, and each of its parameters'."""
    cmd = GROUP if command is None else GROUP.commands[command]  # type: ignore[attr-defined]
    texts = [cmd.help] + [getattr(p, "help", None) for p in cmd.params]
    if command is None:
        texts += [c.get_short_help_str(limit=1_000_000) for c in GROUP.commands.values()]  # type: ignore[attr-defined]
    return [flat(t) for t in texts if t]


def help_page(command: str | None, *lang: str, env: dict[str, str] | None = None) -> str:
    result = run(*lang, *([command] if command else []), "--help", env={"COLUMNS": "80", **(env or {})})
    assert result.exit_code == 0, result.output
    return result.output


# ------------------------------------------------------------------ --help
@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_every_help_page_is_french_with_lang_fr_and_under_a_french_locale(command):
    english = flat(help_page(command))
    texts = declared(command)
    assert texts and all(text in english for text in texts)  # what is looked for is there in English
    for french in (help_page(command, "--lang", "fr"), help_page(command, env={"LANG": "fr_FR.UTF-8"})):
        words = flat(french)
        left = [text for text in texts if text in words]
        assert not left, f"{command}: English left in French --help: {left}"
        for english_word in ("Usage:", "Examples:", "Show this message and exit.", "Commands:",
                             "[required]", "[default:"):
            assert english_word not in french, (command, english_word)
        assert f"Usage{NNBSP}:" in french and "Afficher ce message et sortir." in french
        assert f"Exemples{NNBSP}:" in french


def test_french_help_keeps_the_machine_words_and_the_examples_as_written():
    french = help_page("export", "--lang", "fr")
    assert "--format <json|csv|markdown|sqlite>" in french and "--to CHEMIN" in french
    assert french.startswith(f"Usage{NNBSP}: reversis-score export [OPTIONS] FICHIER...\n")
    assert "    reversis-score export club.rvs --format csv --what hands --to hands.csv" in french
    assert "Exporter les registres des séances" in french
    root = help_page(None, "--lang", "fr")
    assert root.startswith(f"Usage{NNBSP}: reversis-score [OPTIONS] COMMANDE [ARGS]...\n")
    forget = help_page("forget", "--lang", "fr")
    assert "reversis-score forget [OPTIONS] BASE SÉANCE..." in forget
    assert "\n  SÉANCE...  Les séances" in forget
    assert "Commandes\u202f:" in root and "(par défaut 1\u202f024)" in root
    assert "Lire des relevés (.rvs) jusqu’à N Mio (par défaut 64)." in flat(root)


def test_english_help_is_as_ever():
    root = help_page(None)
    assert root.startswith("Usage: reversis-score [OPTIONS] COMMAND [ARGS]...\n\n  Score games of Reversis")
    assert "  --max-ledger-mib N    Read ledger files of up to N MiB (default 1024).\n" in root
    assert "\n  Examples:\n    reversis-score record club.rvs\n" in root
    forget = help_page("forget")
    assert "Remove sessions from a season database. Shows what it removes and asks first." in forget
    assert "  -h, --help  Show this message and exit.\n" in forget


def test_an_unknown_command_is_said_in_french_with_its_suggestion():
    result = run("--lang", "fr", "chek")
    assert result.exit_code == 2
    assert (f"Erreur{NNBSP}: Commande inconnue{NNBSP}: 'chek'. Vouliez-vous dire 'check'{NNBSP}?"
            in result.output)
    assert "Essayez «" in result.output and "reversis-score -h" in result.output
    assert "pour l’aide" in result.output
    english = run("chek").output
    assert "Error: No such command 'chek'. Did you mean 'check'?" in english
    assert "Try 'reversis-score -h' for help." in english


# ------------------------------------------------------------------ check, settle
def test_check_s_summary_and_usage_errors_in_french(tmp_path):
    result = run("--lang", "fr", "check", CLUB)
    assert result.exit_code == 0
    assert result.output.endswith(f"club-night.rvs{NNBSP}: 12 donnes, joueurs Anne Bruno Claire Denis, "
                                  f"règles parlett{NNBSP}: ok\n")
    assert run("check", CLUB, env={"LANG": "fr_FR.UTF-8"}).output == result.output
    empty = run("--lang", "fr", "check", str(tmp_path))
    assert empty.exit_code == 2
    assert empty.output == (f"erreur{NNBSP}: {tmp_path}{NNBSP}: aucun relevé (.rvs) dans ce dossier "
                            "ni en dessous\n")
    missing = run("--lang", "fr", "check", str(tmp_path / "none.rvs"))
    assert missing.exit_code == 2 and missing.output.startswith(f"erreur{NNBSP}: ")


def test_a_yes_or_no_knob_asks_for_oui_or_non_in_french(tmp_path):
    """A French reader may write « oui » or « non » (a knob's French value), so the French
    refusal offers those, not the English words."""
    record = tmp_path / "k.rvs"
    record.write_text("langue: fr\njoueurs: Anne Bruno Claire Denis\nrègles: regles-fr\n"
                      "règle opposite_doubles_side: peut-être\n", "utf-8")
    said = run("--lang", "fr", "check", str(record)).output
    offered = "«\u00a0oui\u00a0» ou «\u00a0non\u00a0»"
    assert f"'opposite_doubles_side'{NNBSP}: {offered} est attendu, non 'peut-être'" in said
    record.write_text(record.read_text("utf-8").replace("peut-être", "oui"), "utf-8")
    assert run("--lang", "fr", "check", str(record)).exit_code == 0
    record.write_text(record.read_text("utf-8").replace(": oui", ": maybe"), "utf-8")
    assert "'opposite_doubles_side' expected yes or no, not 'maybe'" in run("check", str(record)).output


def test_check_in_english_is_as_ever(tmp_path):
    assert run("check", CLUB).output.endswith(
        "club-night.rvs: 12 hands, players Anne Bruno Claire Denis, rules parlett: ok\n")
    assert run("check", str(tmp_path)).output == \
        f"error: {tmp_path}: no record (.rvs) in this folder or under it\n"


def test_settle_s_errors_in_french():
    result = run("--lang", "fr", "settle", CLUB, "--hand", "99")
    assert result.exit_code == 2
    assert result.output == (f"erreur{NNBSP}: pas de donne 99 réglée (donnes réglées{NNBSP}: "
                             "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)\n")
    compare = run("--lang", "fr", "settle", CLUB, "--compare", "", "--hand", "1")
    assert compare.exit_code == 2 and "--compare montre les totaux côte à côte" in compare.output
    english = run("settle", CLUB, "--hand", "99").output
    assert english.startswith("error: no settled hand 99 (settled hands: 1, 2")


def test_the_pool_split_at_the_end_says_why_in_french():
    def whys(*lang):
        out = run(*lang, "settle", CLUB, "--split-pools", "--format", "json").output
        return [i["why"] for h in json.loads(out)["hands"] for i in h["items"] if i["kind"] == "pool-split"]
    french, english = whys("--lang", "fr"), whys()
    assert french and english and len(french) == len(english)
    assert all(w.startswith(f"fin de la séance{NNBSP}: le panier ") and "à chaque joueur" in w
               and w.endswith("(--split-pools, RÈGLES §4)") for w in french)
    assert all(w.startswith("end of the session: pool:") and "to each player" in w for w in english)


# ------------------------------------------------------------------ export, forget, season, report
def test_export_says_what_it_did_in_french_and_its_errors(tmp_path):
    db = str(tmp_path / "s.db")
    added = run("--lang", "fr", "export", CLUB, "--to", db)
    assert added.exit_code == 0, added.output
    assert added.output == f"{CLUB}{NNBSP}: ajouté à {db} (12 donnes, séance club-night)\n"
    again = run("--lang", "fr", "export", CLUB, "--to", db)
    assert again.output.startswith(
        f"{CLUB}{NNBSP}: remplacé dans {db} (12 donnes, séance club-night){NNBSP}: ")
    no_to = run("--lang", "fr", "export", CLUB, "--format", "sqlite")
    assert no_to.exit_code == 2
    assert no_to.output == f"erreur{NNBSP}: --format sqlite demande --to FICHIER.db\n"
    txt = run("--lang", "fr", "export", CLUB, "--to", str(tmp_path / "x.txt"))
    assert txt.exit_code == 2
    assert f"l’extension .txt ne dit pas quel format écrire{NNBSP}; nommez" in txt.output
    english = run("export", CLUB, "--to", str(tmp_path / "e.db"))
    assert english.output == f"{CLUB}: added to {tmp_path / 'e.db'} (12 hands, session club-night)\n"


def test_forget_asks_in_french_and_takes_oui_or_non(tmp_path):
    db = str(tmp_path / "s.db")
    assert run("export", CLUB, "--to", db).exit_code == 0
    refused = run("--lang", "fr", "forget", db, "club-night", input="non\n")
    assert refused.exit_code == 1
    assert f"{db}{NNBSP}: 1 séance à retirer{NNBSP}:\n" in refused.output
    assert f"  club-night (séance 1){NNBSP}: " in refused.output and "12 donnes" in refused.output
    assert f"La retirer{NNBSP}? [o/N]{NNBSP}: " in refused.output
    assert refused.output.endswith("rien n’a été retiré\n")
    unknown = run("--lang", "fr", "forget", db, "club-nite", "--yes")
    assert unknown.exit_code == 2 and "aucune séance nommée «\u00a0club-nite\u00a0»" in unknown.output
    removed = run("--lang", "fr", "forget", db, "club-night", input="oui\n")
    assert removed.exit_code == 0, removed.output
    assert removed.output.endswith(f"1 séance retirée de {db}{NNBSP}: club-night\n")


def test_forget_in_english_is_as_ever(tmp_path):
    db = str(tmp_path / "s.db")
    run("export", CLUB, "--to", db)
    refused = run("forget", db, "club-night", input="n\n")
    assert refused.exit_code == 1 and "Remove it? [y/N]: " in refused.output
    assert f"{db}: 1 session to remove:\n" in refused.output and refused.output.endswith("nothing removed\n")
    removed = run("forget", db, "club-night", "--yes")
    assert removed.output.endswith(f"removed 1 session from {db}: club-night\n")


def test_season_and_report_in_french(tmp_path):
    bad = run("--lang", "fr", "season", str(tmp_path / "s.db"), "--since", "hier")
    assert bad.exit_code == 2
    assert bad.output == (f"erreur{NNBSP}: --since hier{NNBSP}: ce n’est pas une date "
                          "(écrivez-la AAAA-MM-JJ)\n")
    page = tmp_path / "n.html"
    wrote = run("--lang", "fr", "report", CLUB, "-o", str(page))
    assert wrote.exit_code == 0 and wrote.output == f"{page} écrit{NNBSP}: 12 donnes, 4 joueurs\n"
    assert run("report", CLUB, "-o", str(page)).output == f"wrote {page}: 12 hands, 4 players\n"


# ------------------------------------------------------------------ verify
def test_verify_s_summary_and_findings_in_french(tmp_path):
    ledger = tmp_path / "l.json"
    ledger.write_text(run("settle", CLUB, "--format", "json").output)
    sound = run("--lang", "fr", "verify", str(ledger))
    assert sound.exit_code == 0 and sound.output == f"{ledger}{NNBSP}: 12 donnes{NNBSP}: cohérent\n"
    same = run("--lang", "fr", "verify", str(ledger), "--record", CLUB)
    assert same.output == (f"{ledger}{NNBSP}: 12 donnes{NNBSP}: cohérent{NNBSP}; c’est le registre auquel se "
                           f"règle {CLUB}\n")
    doc = json.loads(ledger.read_text())
    doc["hands"][0]["items"][0]["amount"] += 1
    ledger.write_text(json.dumps(doc))
    broken = run("--lang", "fr", "verify", str(ledger))
    assert broken.exit_code == 1
    lines = broken.output.splitlines()
    assert any(re.fullmatch(rf"{re.escape(str(ledger))}{NNBSP}: donne 1, net{NNBSP}: le solde net d(e |’)\w+ "
                            r"est \S+, les lignes font \S+", line) for line in lines), lines
    assert re.fullmatch(rf"{re.escape(str(ledger))}{NNBSP}: 12 donnes{NNBSP}: \d+ problèmes?", lines[-1])
    english = run("verify", str(ledger)).output.splitlines()
    assert any(re.fullmatch(rf"{re.escape(str(ledger))}: hand 1, net: \w+'s net is \S+, the items sum to \S+",
                            line) for line in english)
    assert re.fullmatch(rf"{re.escape(str(ledger))}: 12 hands: \d+ problems?", english[-1])


def test_verify_against_a_record_says_the_differences_in_french(tmp_path):
    ledger = tmp_path / "l.json"
    doc = json.loads(run("settle", CLUB, "--format", "json").output)
    doc["session"]["title"] = "Autre soirée"
    ledger.write_text(json.dumps(doc))
    result = run("--lang", "fr", "verify", str(ledger), "--record", CLUB)
    assert result.exit_code == 1
    assert f"session.title{NNBSP}: le registre a Autre soirée, {CLUB} se règle à Club night" in result.output
    not_json = tmp_path / "n.json"
    not_json.write_text('{"format": "reversis-ledger/9"}')
    newer = run("--lang", "fr", "verify", str(not_json))
    assert newer.exit_code == 1 and "un registre au format reversis-ledger/9, plus récent" in newer.output


# ------------------------------------------------------------------ serve
def test_serve_s_errors_and_busy_port_in_french(tmp_path):
    assert run("--lang", "fr", "serve", str(tmp_path / "nowhere")).output == \
        f"erreur{NNBSP}: {tmp_path / 'nowhere'}{NNBSP}: ce n’est pas un dossier\n"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-c", "from reversis_score.cli import main; main()",
                               "--lang", "fr", "serve", str(tmp_path), "--port", str(port)],
                              capture_output=True, text=True, timeout=120)
    said = (done.stdout + done.stderr).strip().splitlines()
    assert done.returncode == 2
    assert len(said) == 1, said
    assert re.fullmatch(rf"le port {port} est occupé{NNBSP}: essayez --port \d+", said[0]), said


def test_format_s_errors_in_french(tmp_path):
    result = run("--lang", "fr", "format", "-", "--in-place", input=(SAMPLES / "club-night.rvs").read_text())
    assert result.exit_code == 2
    assert result.output == f"erreur{NNBSP}: --in-place demande un fichier, pas l’entrée standard\n"


def test_record_needs_a_file_in_french(tmp_path):
    result = run("--lang", "fr", "record", str(tmp_path))
    assert result.exit_code == 2
    assert result.output.startswith(f"erreur{NNBSP}: {tmp_path}{NNBSP}: record demande un fichier où écrire")
    shutil.rmtree(tmp_path)


def test_click_s_usage_errors_in_french_and_in_english_as_ever():
    said = {args: run("--lang", "fr", *args).output.splitlines()[-1]
            for args in [("check",), ("settle", CLUB, "--format", "yaml"), ("check", "--bogus", CLUB),
                         ("check", "-j", "0", CLUB)]}
    assert said[("check",)] == f"Erreur{NNBSP}: Argument manquant 'FICHIER'."
    assert said[("settle", CLUB, "--format", "yaml")] == (
        f"Erreur{NNBSP}: Valeur invalide pour '--format'{NNBSP}: 'yaml' n’est pas l’un de 'table', 'json', "
        "'csv', 'markdown'.")
    assert said[("check", "--bogus", CLUB)] == f"Erreur{NNBSP}: Option inconnue{NNBSP}: --bogus " \
                                                f"(options possibles{NNBSP}: --jobs)"
    assert said[("check", "-j", "0", CLUB)] == (
        f"Erreur{NNBSP}: Valeur invalide pour '--jobs' / '-j'{NNBSP}: 0 n’est pas dans l’intervalle x>=1.")
    assert run("check").output.splitlines()[-1] == "Error: Missing argument 'FILE'."
    assert run("check", "-j", "0", CLUB).output.splitlines()[-1] == \
        "Error: Invalid value for '--jobs' / '-j': 0 is not in the range x>=1."


def test_a_file_that_cannot_be_read_is_said_in_french(tmp_path):
    missing = run("--lang", "fr", "check", str(tmp_path / "none.rvs"))
    assert missing.output == f"erreur{NNBSP}: {tmp_path / 'none.rvs'}{NNBSP}: fichier introuvable\n"
    folder = run("--lang", "fr", "verify", str(tmp_path))
    assert folder.exit_code == 2
    assert folder.output == f"erreur{NNBSP}: {tmp_path}{NNBSP}: c’est un dossier, pas un registre\n"
    big = tmp_path / "big.rvs"
    big.write_bytes(b"x" * (2 * 1024 * 1024))
    large = run("--lang", "fr", "--max-record-mib", "1", "check", str(big))
    assert large.output == (f"erreur{NNBSP}: {big}{NNBSP}: plus de 1 Mio, la limite d’un relevé "
                            "(--max-record-mib N la relève)\n")
    english = run("check", str(tmp_path / "none.rvs")).output
    assert english == f"error: {tmp_path / 'none.rvs'}: no such file\n"


def test_serve_s_start_up_lines_in_french(tmp_path):
    import queue
    import threading

    from webserver import free_port
    shutil.copy(CLUB, tmp_path / "club-night.rvs")
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", "from reversis_score.cli import main; main()",
                             "--lang", "fr", "serve", str(tmp_path), "--port", str(port), "--read-only"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue[str] = queue.Queue()
    def read() -> None:
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))
    threading.Thread(target=read, daemon=True).start()
    said = []
    try:
        while not said or "prête" not in said[-1]:
            said.append(lines.get(timeout=60))
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert said[0] == f"les relevés de {tmp_path} sont servis (lecture seule) à http://127.0.0.1:{port}/"
    assert re.fullmatch(rf"1 relevé lu en \d+,\d s{NNBSP}: la page de la saison est prête", said[-1]), said


@pytest.mark.parametrize("command", [None, "check", "export", "serve"])
def test_lang_en_under_a_french_locale_gives_the_english_help_byte_for_byte(command):
    assert help_page(command, "--lang", "en", env={"LANG": "fr_FR.UTF-8"}) == help_page(command)


def test_the_progress_bar_s_words_in_french(monkeypatch):
    from reversis_score import i18n
    from reversis_score.cli.batch import FileReport, Progress
    progress = Progress(3, 100, False)
    progress.advance(FileReport("a.rvs", hands=1250), 10)
    monkeypatch.setattr(i18n, "_chosen", ["fr"])
    assert progress._said() == "1/3 fichiers, 1\u202f250 donnes"
    monkeypatch.setattr(i18n, "_chosen", ["en"])
    assert progress._said() == "1/3 files, 1,250 hands"


def test_forget_in_french_asks_again_after_another_answer_and_no_answer_is_non(tmp_path):
    db = str(tmp_path / "s.db")
    run("export", CLUB, "--to", db)
    silent = run("--lang", "fr", "forget", db, "club-night", input="")
    assert silent.exit_code == 1 and silent.output.endswith("rien n’a été retiré\n")
    again = run("--lang", "fr", "forget", db, "club-night", input="peut-être\no\n")
    assert again.exit_code == 0 and "répondez o (oui) ou n (non)\n" in again.output
    assert again.output.endswith(f"1 séance retirée de {db}{NNBSP}: club-night\n")


def test_report_has_its_own_lang_for_the_pages_it_writes(tmp_path):
    """`report FILE --lang fr` writes a French page whatever the locale, `--lang en` an English one."""
    french, english = tmp_path / "fr.html", tmp_path / "en.html"
    said = run("report", CLUB, "--lang", "fr", "-o", str(french))
    assert said.exit_code == 0 and said.output.startswith(f"{french} écrit{NNBSP}: 12 donnes")
    assert '<html lang="fr"' in french.read_text("utf-8")
    said = run("--lang", "fr", "report", CLUB, "--lang", "en", "-o", str(english))
    assert said.exit_code == 0 and said.output.startswith(f"wrote {english}")
    page = english.read_text("utf-8")
    assert '<html lang="en"' in page and "Balances" in page and "Soldes" not in page
