"""The tables and text reports in French, and in English as ever: ``settle`` (with
``--itemised``, ``--hand``, ``--compare``), ``audit``, ``why``, ``season`` and ``export --format
markdown``, each compared with its golden output in tests/golden/tables/<lang>/ (rewritten only
with ``pytest --update-golden``, then read).

The English goldens were written from the output before the tables were translated: they
prove the English unchanged. The French ones hold the headings, the sentences and the numbers
of the tables (« 1 250 », « 15 novembre 2026 »); the why of each payment is settle/'s and the
violations replay/'s, in French as far as those are converted.
"""
import re

import pytest
from conftest import ROOT
from typer.testing import CliRunner

from reversis_score import i18n
from reversis_score.blocks import Block
from reversis_score.cli import app

GOLDEN = ROOT / "tests" / "golden" / "tables"
CLUB, SALON = "samples/club-night.rvs", "samples/regles-fr-salon.rvs"
DISPUTED = "tests/data/ledgers/autumn-1-disputed.rvs"
SEASON = ("tests/data/ledgers/autumn-1.rvs", "tests/data/ledgers/autumn-2.rvs", CLUB)

CASES = {
    "settle-club-night": ["settle", CLUB],
    "settle-itemised-salon": ["settle", SALON, "--itemised"],
    "settle-hand-club-night": ["settle", CLUB, "--hand", "2"],
    "settle-markdown-salon": ["settle", SALON, "--format", "markdown"],
    "settle-compare-club-night": ["settle", CLUB, "--compare", "parlett,dafydd,regles-fr", "--itemised"],
    "audit-club-night": ["audit", CLUB],
    "audit-disputed": ["audit", DISPUTED],
    "why-club-night": ["why", CLUB, "Anne", "Claire", "--pools"],
    "why-club-night-hand": ["why", CLUB, "Bruno", "Denis", "--hand", "4"],
    "why-unknown-players": ["why", CLUB, "Anna", "Zoe"],
    "why-markdown-salon": ["why", SALON, "Élise", "Théo", "--format", "markdown"],
    "export-markdown": ["export", CLUB, SALON, "--format", "markdown"],
    "season": ["season", "{db}"],
    "season-since": ["season", "{db}", "--since", "2026-10-01"],
    "season-player": ["season", "{db}", "--player", "Anne", "--format", "markdown"],
    "season-unknown-player": ["season", "{db}", "--player", "Anna"],
}

# English words of the tables and reports: none is left in their French output. The lines of a
# why (settle/'s words, its rule cited) and a record's own title are left aside.
ENGLISH = re.compile(r"\b(?:hands?|tricks?|dealer|outcome|pools?|balances?|stake|sessions?|players?|pays|"
                     r"paid|owes|wins|loses|breaks|makes|the|and|of|with|from|into|left|Settle|Between|"
                     r"running|even|Season|Play|Audit|agrees|DIFFERS|nothing|missing|unexpected|Warnings|"
                     r"items|Talon|leader|winner|what|rule|payment|amount|none|reading|won|lost)\b")
ASIDE = ("RULES", "RÈGLES", "Club night at the Rue de Lille", "Autumn league", "these rules")


@pytest.fixture(scope="module")
def season_db(tmp_path_factory):
    """A season database of three sessions, written by export."""
    db = tmp_path_factory.mktemp("season") / "season.db"
    args = ["--lang", "en", "export", *SEASON, "--format", "sqlite", "--to", str(db)]
    result = CliRunner().invoke(app, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return db


def run(lang: str, args: list[str], db, monkeypatch, env: dict[str, str | None] | None = None) -> str:
    monkeypatch.chdir(ROOT)
    chosen = ["--lang", lang] if env is None else []
    result = CliRunner().invoke(app, [*chosen, *(a.format(db=db) for a in args)], env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return f"{result.output}exit status: {result.exit_code}\n"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", CASES)
def test_each_table_is_its_golden(name, lang, season_db, monkeypatch, update_golden):
    got = run(lang, CASES[name], season_db, monkeypatch)
    golden = GOLDEN / lang / f"{name}.txt"
    if update_golden:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(got, "utf-8")
    assert golden.exists(), f"no golden file {lang}/{golden.name}: run pytest --update-golden and read it"
    assert got == golden.read_text("utf-8")
    assert "Traceback" not in got and "internal error" not in got


@pytest.mark.parametrize("name", CASES)
def test_the_french_tables_hold_no_english_word(name, season_db, monkeypatch):
    got = run("fr", CASES[name], season_db, monkeypatch)
    left = [line for line in got.splitlines() if not any(a in line for a in ASIDE)
            and ENGLISH.search(line.replace("pool:", "").replace("`settle`", ""))]
    assert left == []


def test_the_locale_chooses_french_as_lang_does(season_db, monkeypatch):
    by_option = run("fr", CASES["settle-itemised-salon"], season_db, monkeypatch)
    locale = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "fr_FR.UTF-8", "REVERSIS_SCORE_LANG": None}
    by_locale = run("", CASES["settle-itemised-salon"], season_db, monkeypatch, env=locale)
    assert by_locale == by_option


def test_french_numbers_dates_and_typography(season_db, monkeypatch):
    salon = run("fr", CASES["settle-itemised-salon"], season_db, monkeypatch)
    assert "12 mars 2026" in salon and "1\u202f000" in salon and "1\u202f285" in salon  # thousands grouped
    assert "\u2212525" in salon and "-525" not in salon  # the minus sign kept
    assert "règles\u202f: regles-fr" in salon and "Élise gagne la partie (110)" in salon
    assert "as forcé" in salon and "V♥" in salon and "J♥" not in salon.split("Donne 1 — paiements")[1][:2000]
    season = run("fr", CASES["season-since"], season_db, monkeypatch)
    assert "du 4 octobre 2026 au 15 novembre 2026 (depuis le 1er octobre 2026)" in season
    assert "+7,4" in season and "Denis paye 151 à Bruno" in season
    why = run("fr", CASES["why-club-night"], season_db, monkeypatch)
    assert ("Anne doit 82 à Claire\u202f: 9 paiements d’Anne à Claire (136), "
            "3 paiements de Claire à Anne (54).") in why
    assert "'" not in why.replace("`", "")  # French apostrophes, « guillemets »


def test_an_unknown_player_is_named_in_guillemets(season_db, monkeypatch):
    got = run("fr", CASES["why-unknown-players"], season_db, monkeypatch)
    assert "«\u00a0Anna\u00a0» et «\u00a0Zoe\u00a0» ne sont pas des joueurs de cette séance" in got
    assert got.endswith("exit status: 2\n")


def test_a_table_too_wide_becomes_a_list_with_french_colons():
    from reversis_score.render.tables import write_blocks
    i18n.set_language("fr")
    block = Block("", ["donne", "issue", "pourquoi"], [[1, "Claire gagne la partie (6)", "x " * 40]])
    text = write_blocks([block], "table", 24, "list")
    assert "  issue\u202f: Claire" in text and "donne 1" in text


def test_the_tables_words_keep_the_ledger_words_for_machines(season_db, monkeypatch):
    """JSON keys, CSV headings and the item kinds in them stay English in French."""
    got = run("fr", ["settle", SALON, "--format", "csv"], season_db, monkeypatch)
    assert got.startswith("session,file,hand,seq,trick,kind,card,payer,payee,amount,cancelled_by,why")
    assert ",ace-forced,AS," in got and "pool:1" in got
    got = run("fr", ["season", "{db}", "--format", "csv"], season_db, monkeypatch)
    assert got.startswith("player,sessions,hands,total,from_players")


def test_a_replaced_session_says_what_changed_in_french(tmp_path, monkeypatch):
    db = str(tmp_path / "season.db")
    monkeypatch.chdir(ROOT)
    for lang in ("en", "fr"):
        result = CliRunner().invoke(app, ["--lang", lang, "export", CLUB, "--format", "sqlite", "--to", db])
        assert result.exit_code == 0, result.output
    assert "le même relevé\u202f; donnes 12 → 12\u202f; Anne −106 → −106, Bruno +98 → +98" in result.output
    copy = tmp_path / "other.rvs"
    copy.write_bytes((ROOT / CLUB).read_bytes())
    result = CliRunner().invoke(app, ["--lang", "fr", "export", str(copy), "--format", "sqlite", "--to", db])
    assert "le même relevé (les mêmes octets) est déjà dans la saison comme séance " \
        "«\u00a0samples/club-night\u00a0»" in result.output


def test_the_season_chart_speaks_french():
    from reversis_score.render.season_chart import panel
    i18n.set_language("fr")
    svg = panel("Anne", [(1, -1250), (2, 40)], 3, -1250, 40)
    assert "\u2068Anne\u2069\u202f: net cumulé après chaque séance jouée (2 sur 3), maintenant +40" in svg
    assert "\u2068Anne\u2069, après la séance 1\u202f: \u22121\u202f250" in svg and ">séance 1<" in svg
    i18n.set_language("en")
    assert ">session 1<" in panel("Anne", [(1, -1250)], 3, -1250, 40)


def test_a_database_that_is_not_one_is_said_in_french(tmp_path, monkeypatch):
    missing, record = str(tmp_path / "nope.db"), CLUB
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["--lang", "fr", "season", missing])
    assert f"{missing}\u202f: pas de base (écrivez-en une avec «\u00a0reversis-score export" in result.output
    result = CliRunner().invoke(app, ["--lang", "fr", "season", record])
    assert f"{record}\u202f: pas une base SQLite (" in result.output and result.exit_code == 2
    result = CliRunner().invoke(app, ["--lang", "en", "season", missing])
    assert f"{missing}: no such database (write one with 'reversis-score export" in result.output


def numbers(text: str) -> list[str]:
    """Every number of an output, as English writes it (« 1 250 » is 1250, « +7,4 » is +7.4)."""
    plain = text.replace("\u202f", "").replace("\u2212", "-")
    return re.findall(r"[+-]?\d+(?:[.,]\d+)?", plain.replace(",", "."))


@pytest.mark.parametrize("path", sorted((ROOT / "samples").glob("*.rvs")), ids=lambda p: p.stem)
def test_french_and_english_tables_say_the_same_numbers(path, season_db, monkeypatch):
    """Each sample's settle (its title, with its date, aside): only the words change."""
    args = ["settle", str(path.relative_to(ROOT))]
    english, french = (run(lang, args, season_db, monkeypatch).split("\n", 1)[1] for lang in ("en", "fr"))
    assert numbers(french) == numbers(english)
    assert len(french.splitlines()) == len(english.splitlines())


def test_the_tables_french_numbers_are_babels():
    from reversis_score.render.words import french_int
    i18n.set_language("fr")
    for n in (0, 7, -7, 999, 1000, -1250, 12345, 1_000_000, -987_654_321, 10**12):
        assert french_int(n) == i18n.number(n)


def test_a_night_has_one_hash_and_one_tally_whatever_the_language_it_was_exported_in(tmp_path, monkeypatch):
    """The season's figures (a Quinola led whose remise is all it paid among them) and the hash
    that finds the same night under another name do not read the words: a night exported in
    English and again in French is the same night."""
    import sqlite3
    monkeypatch.chdir(ROOT)
    records = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "samples").glob("*.rvs"))
               if CliRunner().invoke(app, ["check", str(p)]).exit_code == 0]
    figures = {}
    for lang in ("en", "fr"):
        db = tmp_path / f"{lang}.db"
        result = CliRunner().invoke(app, ["--lang", lang, "export", *records, "--to", str(db)])
        assert result.exit_code == 0, result.output
        with sqlite3.connect(db) as conn:
            figures[lang] = (conn.execute("SELECT name, hands_sha256 FROM sessions ORDER BY name").fetchall(),
                             conn.execute("SELECT * FROM players ORDER BY session_id, seat").fetchall())
    assert len(figures["en"][0]) >= 5 and figures["en"] == figures["fr"]
    with sqlite3.connect(tmp_path / "fr.db") as conn:
        assert conn.execute("SELECT sum(quinola_led) FROM players").fetchone()[0] > 0


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_quinola_led_whose_remise_is_all_it_paid_is_counted_in_either_language(lang):
    """render/tally.py knows that remise by its why's sentence, in the language it was said in."""
    from reversis_score.render.tally import SessionTally
    from reversis_score.settle.side import LED_QUINOLA_REMISE
    with i18n.speaking(lang):
        why = i18n.fill(i18n._(LED_QUINOLA_REMISE), trick=3, player="Bruno", amount=55, how="x", pool="y")
    tally = SessionTally(("Anne", "Bruno", "Claire", "Denis"))
    hand = (1, "Anne", "settled", "party", "words", "Claire", "Denis", None, None, None, None)
    tally.add(hand, [(1, 1, 3, "remise", "QH", "Bruno", "pool:1", 55, None, why)])
    assert tally.stats["Bruno"]["quinola_led"] == 1
