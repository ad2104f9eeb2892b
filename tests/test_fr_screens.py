"""No English word on a French screen (issue 45): every page of ``serve`` (in-process), every
command's output and ``--help``, and every message of the catalogue, under ``--lang fr``.

What a person reads is walked word by word once the parts that are not French prose are set
aside: the record's own lines and quotes ('…', `…`), names (players, sessions), files, options
and their values as typed (``--format csv``, ``<letters|symbols>``: the command line's own
words), knob and preset names, and JSON keys. What is left must hold none of the English words
of the translator's check (tests/test_fr_words.py: ``ENGLISH``). The issue's list comes first,
each as a case of its own.
"""
from __future__ import annotations

import html
import json
import re
import shlex
import shutil

import pytest
from conftest import DATA, ROOT, SAMPLES
from starlette.testclient import TestClient
from test_fr_words import CATALOGUES, ENGLISH, MACHINE, messages
from test_tour_fr import session_names
from typer.testing import CliRunner

from reversis_score import i18n
from reversis_score.cli import app
from reversis_score.serve.app import create_app

runner = CliRunner()
FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9"}
LOCAL = "http://127.0.0.1"
NAMES = {"Anne", "Bruno", "Claire", "Denis", "Élise", "Marie", "Gaspard", "Théo", "Chevalier", "Vaux",
         "Abbé", "Marquise", "Mme", "Olu", "Priya", "Quentin", "Rosa"}
NAMES |= {p.stem for p in SAMPLES.glob("*.rvs")}  # a session named after its file: club-night
# Not prose: a record's line under a message, a caret, an example command, notation and names
# quoted, a file, an address, an option with its value, a metavar's choices, a knob, pool:N.
RECORD_LINE = re.compile(r"^\s*\d+ \||^\s*\||^\s+reversis-score |^\$ ")
NOT_PROSE = re.compile(r"\{\w+\}|'[^'\n]*'|`[^`\n]*`|“[^”\n]*”|\"[^\"\n]*\"|<[\w|.-]+>|\[[\w|.-]+\]"
                       r"|\S+\.(?:rvs|json|db|html|csv|md|toml|sqlite)\b|\b\w+://\S+|(?<![\w-])/[\w/.-]+"
                       r"|--[\w-]+(?:[ =][a-z][\w-]*)?|\b\w+_\w+\b|\bpool:\d+\b|\bpool\b(?=:)"
                       r"|\[par défaut\u202f: [^\]]*\]")  # an option's default, as typed
WORD = re.compile(r"[^\W\d_][\w\-’]*")


def english_in(text: str, extra: tuple[str, ...] = ()) -> list[str]:
    """The English words a French reader meets in ``text``, each with its line."""
    for name in session_names():
        text = text.replace(name, " ")
    found = []
    for line in text.splitlines():
        if RECORD_LINE.match(line):
            continue
        prose = NOT_PROSE.sub(" ", line)
        for word in WORD.findall(prose):
            if word.lower() in MACHINE or word in NAMES or word in extra:
                continue
            for part in re.split(r"[-’]", word):
                if part.lower() in ENGLISH:
                    found.append(f"{part!r} in {line.strip()[:160]!r}")
    return found


# The issue's list: what a French-speaking scorer met, each checked where it was met ------------

def french(*args: str, input: str | None = None) -> str:
    result = runner.invoke(app, ["--lang", "fr", *args], input=input, env={"COLUMNS": "120"})
    return result.output


@pytest.fixture
def here(tmp_path, monkeypatch):
    for folder in ("samples", "tests"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_knob_values_of_rules_and_rules_diff_are_french(here):
    said = french("rules", "regles-fr") + french("rules", "--diff", "parlett", "regles-fr")
    for english in ("nearest", "by-trick", "unless-quinola-late", "barred", " single ", " yes ", " no "):
        assert english not in said, english
    assert re.search(r"broken_reversis +fixe +par-levée", said)
    assert re.search(r"tie_rule +le-plus-près", said) and re.search(r"taker_paid +sans-droit", said)


def test_a_why_names_its_knob_s_value_the_french_way(here):
    said = french("settle", "--itemised", "samples/regles-fr-salon.rvs")
    assert "(broken_reversis: par-levée, §13 règle 13)" in said and "by-trick" not in said


def test_a_french_record_s_error_names_misdeal_and_the_language_line_in_french(here, tmp_path):
    record = tmp_path / "r.rvs"
    record.write_text("langue: fr\njoueurs: A B C D\ncoup 1\ndonneur: A\nlevées:\n  B: AP 2P 3P 4P\n\n"
                      "coup 2\ndonneur: B\nnul: maldonne\n", "utf-8")
    said = french("check", str(record))
    assert "'nul: maldonne'" in said and "misdeal" not in said
    english = tmp_path / "e.rvs"
    english.write_text("players: A B C D\nhand 1\ndealer: A\ntricks:\n  A: RC DC VK AT\n", "utf-8")
    said = french("check", str(english))
    assert "la ligne 'langue: fr'" in said and "'lang: fr'" not in said


def test_the_help_pages_say_neither_why_nor_extra_and_set_their_headings_the_french_way(here):
    serve = french("serve", "--help")
    assert "chaque donne, why" not in serve and "extra" not in serve
    root = french("--help")
    assert "Options\u202f:" in root and "Commandes\u202f:" in root and "Marquer les parties" not in root
    assert "\nOptions:" not in root and "Commandes:" not in root


def test_errors_and_warnings_have_their_narrow_space(here):
    said = french("check", "samples/bad/not-a-card.rvs")
    assert ": erreur\u202f: " in said and "erreur: " not in said


def test_the_entry_page_s_menus_name_the_pools_in_french(tmp_path):
    shutil.copy(SAMPLES / "club-night.rvs", tmp_path / "club-night.rvs")
    page = TestClient(create_app(tmp_path), base_url=LOCAL).get("/entry/club-night", headers=FRENCH).text
    words = json.loads(re.search(r'<script type="application/json" id="entry-words">(.*?)</script>',
                                 page, re.S).group(1))
    assert words["sides"] == {"pool": "les paniers", "pool:1": "panier 1", "pool:2": "panier 2"}


# Every command and every page ---------------------------------------------------------------

def _commands() -> list[str]:
    """What a French table runs: each command's --help, and each command on the samples."""
    names = sorted(c.name for c in app.registered_commands if c.name) + ["rules", "settle"]
    helps = ["--help", *sorted({f"{name} --help" for name in names})]
    runs = []
    for record in ("samples/club-night.rvs", "samples/regles-fr-salon.rvs", "samples/manuscrit-chateau.rvs",
                   "samples/fr/regles-fr-salon.rvs", "samples/regles-fr-maison.rvs"):
        runs += [f"check {record}", f"settle {record}", f"settle --itemised {record}",
                 f"settle --hand 2 {record}", f"audit {record}"]
    runs += ["why samples/club-night.rvs Anne Claire --pools",
             "why samples/regles-fr-salon.rvs Élise Théo --pools",
             "why samples/manuscrit-chateau.rvs Abbé Marquise --pools",
             "export --format markdown samples/club-night.rvs",
             "rules", "rules parlett", "rules regles-fr", "rules manuscrit", "rules denexa", "rules dafydd",
             "rules règles-fr", "rules tie_rule", "rules --diff parlett regles-fr",
             "rules --diff manuscrit regles-fr",
             "settle --compare '' samples/club-night.rvs", "check samples/bad/misspelt-knob.rvs",
             "check samples/bad/not-a-card.rvs", "check tests/data/french-card-in-english.rvs",
             "settle --nothing samples/club-night.rvs", "settle"]
    return helps + runs


COMMANDS = _commands()


@pytest.mark.parametrize("command", COMMANDS)
def test_a_command_says_no_english_word_in_french(command, here):
    said = french(*shlex.split(command))
    found = english_in(said)
    assert not found, "\n".join(found[:20])


def test_record_at_a_french_table_says_no_english_word(here, tmp_path):
    record = tmp_path / "r.rvs"
    record.write_text("langue: fr\njoueurs: Anne Bruno Claire Denis\n\ncoup 1\ndonneur: Bruno\nlevées:\n",
                      "utf-8")
    said = french("record", str(record), "-", input="2T VT 7T 5T\n6C 8C\nannuler\nAS\nMain 2\nvoir\naide\n")
    found = english_in(said)
    assert not found, "\n".join(found[:20])


def test_the_season_and_a_ledger_s_verification_say_no_english_word(here, tmp_path):
    db = tmp_path / "season.db"
    said = french("export", "samples/club-night.rvs", "samples/regles-fr-salon.rvs", "--format", "sqlite",
                  "--to", str(db))
    said += french("season", str(db))
    ledger = tmp_path / "l.json"
    settled = runner.invoke(app, ["settle", "samples/club-night.rvs", "--format", "json"])
    ledger.write_text(settled.stdout, "utf-8")
    said += french("verify", str(ledger))
    found = english_in(said)
    assert not found, "\n".join(found[:20])


PAGES = ["/", "/session/club-night", "/session/regles-fr-salon", "/session/manuscrit-chateau",
         "/session/salon-fr", "/session/club-night/hand/2", "/session/club-night/hand/2?step=12",
         "/session/regles-fr-salon/hand/6", "/session/example/why?a=Anne&b=Claire",
         "/session/regles-fr-salon/why?a=Élise&b=Théo", "/entry", "/session/nobody", "/entry/club-night",
         "/entry/club-night/events", "/entry/salon-fr", "/entry/salon-fr/events", "/no/such/page"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    for name in ("club-night.rvs", "regles-fr-salon.rvs", "manuscrit-chateau.rvs", "maison.toml"):
        shutil.copy(SAMPLES / name, folder / name)
    shutil.copy(SAMPLES / "fr" / "regles-fr-salon.rvs", folder / "salon-fr.rvs")
    shutil.copy(DATA / "notation-example.rvs", folder / "example.rvs")
    return TestClient(create_app(folder), base_url=LOCAL, follow_redirects=False)


# The data a page hands its script: its words (every one), and of the entry page's view what is
# said to a person (the record's own lines, ``hand_text``, are the scorer's, as written).
WORDS_DATA = ("entry-words", "events-words")
SAID_KEYS = {"ask", "status", "note", "label", "undo", "settled_html", "seen"}  # a choice: its label


def _said(value: object, every: bool) -> list[str]:
    """The sentences of a page's data for its script (a JSON value): its strings with a space
    (a single word is a state or a card for the script, not for a person)."""
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in _said(v, every or k in SAID_KEYS)]
    if isinstance(value, list):
        return [s for v in value for s in _said(v, every)]
    return [value] if every and isinstance(value, str) and " " in value.strip() else []


def page_words(page: str) -> str:
    """What a reader reads of a page: its text, the titles and labels of its elements, and the
    sentences its scripts write (handed to them by the page)."""
    page = re.sub(r'<pre id="hand-text">.*?</pre>', "", page, flags=re.S)  # the record's own lines
    attributes = [html.unescape(m.group(2)) for m in
                  re.finditer(r'\b(title|aria-label|placeholder|alt|data-label|data-word)="([^"]*)"', page)]
    data = [s for m in re.finditer(r'<script type="application/json" id="([^"]*)"[^>]*>(.*?)</script>',
                                   page, re.S)
            for s in _said(json.loads(m.group(2)), m.group(1) in WORDS_DATA)]
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", "\n", page))
    return "\n".join([text, *attributes, *data])


@pytest.mark.parametrize("url", PAGES)
def test_a_page_says_no_english_word_in_french(site, url):
    answer = site.get(url, headers=FRENCH)
    assert answer.status_code == (404 if url in ("/session/nobody", "/no/such/page") else 200), url
    assert '<html lang="fr">' in answer.text, url
    found = english_in(page_words(answer.text))
    assert not found, url + "\n" + "\n".join(found[:20])


def test_every_message_of_the_catalogue_says_no_english_word():
    """The catalogue's every French message, as the translator's check reads it (its English
    words: test_fr_words.py), and the sentences a message is filled into."""
    from test_fr_words import check
    found = [str(p) for po in CATALOGUES for msgid, text in messages(po) for p in check(msgid, text)
             if p.rule == "english"]
    assert not found, "\n".join(found[:20])
    assert i18n.LOCALE_DIR.exists()
