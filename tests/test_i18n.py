"""French for people, English as ever: the catalogues, the choice of language, Click's words.

The scope of "every message has its French" is the modules of i18n.CATALOGUED: those whose
words for people all go through the catalogue. The modules not yet listed still write English
whatever the language (the next session converts them and extends that list).
"""
import gettext
import importlib
import io
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from reversis_score import i18n
from reversis_score.cli import app

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = sorted(i18n.LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))
runner = CliRunner()


def read(po: Path):
    with po.open("rb") as f:
        return read_po(f)


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.name)
def test_each_committed_mo_is_its_po_compiled(po):
    """The wheel ships the .mo; the .po is what people edit: they never drift apart."""
    compiled = io.BytesIO()
    write_mo(compiled, read(po), use_fuzzy=False)
    assert po.with_suffix(".mo").read_bytes() == compiled.getvalue(), \
        "run: python tests/catalogue.py (it compiles every .po)"


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.name)
def test_the_mo_gives_every_translation_of_the_po(po):
    with po.with_suffix(".mo").open("rb") as f:
        mo = gettext.GNUTranslations(f)
    for message in read(po):
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            assert mo.ngettext(*message.id, 1) == (message.string[0] or message.id[0])
            assert mo.ngettext(*message.id, 5) == (message.string[1] or message.id[1])
        else:
            assert mo.gettext(message.id) == (message.string or message.id)


def extracted():
    keywords = {"_": None, "N_": None, "ngettext": (1, 2), "_knob": (2,)}
    for module in i18n.CATALOGUED:
        path = ROOT / (module.replace(".", "/") + ".py")
        for line, message, _comments, _context in extract_from_file("python", path, keywords=keywords):
            yield module, line, message


def test_every_message_of_the_catalogued_modules_has_its_french():
    catalog = read(i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po")
    missing = []
    for module, line, message in extracted():
        key = message if isinstance(message, str) else message[0]
        found = catalog.get(key)
        strings = () if found is None else (found.string if isinstance(found.string, tuple)
                                            else (found.string,))
        if not strings or not all(strings):
            missing.append(f"{module}:{line}: {key!r}")
    assert not missing, "no French (python tests/catalogue.py, then translate):\n" + "\n".join(missing)


def test_every_catalogued_module_exists_and_has_messages():
    counts = {module: 0 for module in i18n.CATALOGUED}
    for module, _line, _message in extracted():
        counts[module] += 1
    for module, count in counts.items():
        importlib.import_module(module)
        assert count, f"{module} is listed but has no message for the catalogue"


def test_french_placeholders_are_the_english_ones():
    """A translation that drops or misspells a {name} would raise or lose a value."""
    import re
    field = re.compile(r"\{[^{}]*\}")
    for po in CATALOGUES:
        for message in read(po):
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            wanted = set(field.findall(ids[-1])) | set(field.findall(ids[0]))
            # i18n.fill gives French « {de_X} » (« de X » elided) for each {X} of the English
            wanted |= {"{de_" + name[1:] for name in wanted}
            for string in strings:
                if string:
                    assert set(field.findall(string)) <= wanted, (po.name, message.id, string)


@pytest.mark.parametrize(("env", "lang"), [
    ({}, "en"), ({"LANG": "fr_FR.UTF-8"}, "fr"), ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LC_ALL": "fr_CA.UTF-8", "LANG": "en_US"}, "fr"), ({"LC_ALL": "C", "LANG": "fr_FR"}, "en"),
    ({"LC_MESSAGES": "fr_BE", "LANG": "C"}, "fr"), ({"LANG": "C.UTF-8"}, "en"), ({"LANG": "fr"}, "fr"),
    ({i18n.LANG_ENV: "en", "LANG": "fr_FR"}, "en"),
])
def test_the_language_is_the_locale_s_first_variable_that_is_set(env, lang):
    assert i18n.from_environment(env) == lang


def test_french_numbers_and_dates_by_babel_the_minus_sign_kept(monkeypatch):
    import datetime as dt
    monkeypatch.setattr(i18n, "_chosen", ["fr"])
    assert i18n.number(1250) == "1\u202f250"
    assert i18n.number(-1250) == "\u22121\u202f250"
    assert i18n.long_date(dt.date(2026, 11, 27)) == "27 novembre 2026"
    monkeypatch.setattr(i18n, "_chosen", ["en"])
    assert i18n.number(-1250) == "-1250" and i18n.long_date(dt.date(2026, 11, 27)) == "2026-11-27"


def test_lang_is_a_global_option_and_the_run_after_is_english_again():
    french = runner.invoke(app, ["--lang", "fr", "--help"])
    assert french.exit_code == 0 and "Commandes:" in french.output and "Commands:" not in french.output
    english = runner.invoke(app, ["--help"])
    assert "Commands:" in english.output and "Commandes" not in english.output


def test_lang_follows_the_locale_and_lang_en_overrides_it():
    assert "Commandes:" in runner.invoke(app, ["--help"], env={"LANG": "fr_FR.UTF-8"}).output
    assert "Commands:" in runner.invoke(app, ["--lang", "en", "--help"], env={"LANG": "fr_FR.UTF-8"}).output


def test_click_s_own_messages_come_from_its_domain_in_french():
    result = runner.invoke(app, ["--lang", "fr", "chek"])
    assert result.exit_code == 2 and "Commande inconnue\u202f: 'chek'" in result.output
    assert "No such command 'chek'" in runner.invoke(app, ["chek"]).output


def test_an_unknown_language_is_a_usage_error():
    result = runner.invoke(app, ["--lang", "de", "--help"])
    assert result.exit_code == 2


def test_rules_in_french_explains_each_knob_in_french_and_quotes_each_source_its_own_way():
    result = runner.invoke(app, ["--lang", "fr", "rules", "regles-fr"], env={"COLUMNS": "400"})
    assert result.exit_code == 0
    out = result.output
    assert "regles-fr\u202f: chaque réglage" in out and "ce qu’il décide" in out
    assert "§5\u202f: un as forcé (ou joué)\u202f: celui qui l’avait paye" in out
    assert "what it decides" not in out and "its holder pays" not in out
    # the value beside « paye 1 jeton » is said in fiches and jetons
    ace = next(line for line in out.splitlines() if line.startswith("ace_forced "))
    assert "5 fiches (1 jeton)" in ace
    assert "«\u00a0De même que le joueur à qui l'on force un as paye 1 jeton" in ace
    fine = next(line for line in out.splitlines() if line.startswith("fine_revoke "))
    assert "10 fiches (2 jetons)" in fine
    english = runner.invoke(app, ["--lang", "fr", "rules", "double_tricks"]).output
    assert "“These amounts are doubled" in english and "«\u00a0Tous les payements susdits" in english


def test_rules_in_english_is_as_ever():
    out = runner.invoke(app, ["rules", "regles-fr"], env={"COLUMNS": "400"}).output
    assert "«" not in out and "fiches (" not in out and "what it decides" in out
    ace = next(line for line in out.splitlines() if line.startswith("ace_forced "))
    assert ace.split()[1] == "5"


def test_the_rule_book_quotes_each_source_in_its_own_typography():
    rules = (ROOT / "docs" / "rules.md").read_text("utf-8")
    assert "- regles-fr (5): «\u00a0Si c'est la quinola en renonce, il recevra 1 jeton.\u00a0»" in rules
    assert "- parlett (" in rules and "“" in rules
    assert "“Si c'est la quinola" not in rules and "“Quand le jeu commence" not in rules


def test_the_antes_and_fines_say_why_in_french_and_in_english_as_ever(monkeypatch):
    """settle/laws.py's sentences (the first of settle/ in the catalogue); the JSON keys stay."""
    import json
    monkeypatch.chdir(ROOT)

    def whys(*lang):
        result = runner.invoke(app, [*lang, "settle", "samples/regles-fr-salon.rvs", "--format", "json"])
        return [item["why"] for hand in json.loads(result.output)["hands"] for item in hand["items"]]
    french = whys("--lang", "fr")
    assert any(w.startswith("coup nul pour maldonne relevée après l’écart\u202f: Théo met 20 d’amende")
               for w in french)
    assert any("donne et met 5 au dernier panier, pool:" in w for w in french)
    assert any(w.startswith("hand void for a misdeal found after the discard: Théo pays 20") for w in whys())


def test_the_aces_and_quinola_say_why_in_french_with_the_sources_words(monkeypatch):
    """settle/side.py and items.py: the glossary's sentences (forcer, donner en renonce, vis-à-vis)."""
    import json
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, ["--lang", "fr", "settle", "samples/club-night.rvs", "--format", "json"])
    whys = [item["why"] for hand in json.loads(result.output)["hands"] for item in hand["items"]]
    assert ("levée 1\u202f: Bruno demande ♥ et force le quinola (V♥) de Claire\u202f: Claire paye 10 à Bruno "
            "(RÈGLES §5)") in whys
    assert ("levée 6\u202f: Bruno donne l’A♥ en renonce sur ♦, levée faite par Claire\u202f: Claire paye 1 à "
            "Bruno (RÈGLES §5)") in whys
    assert any("qui double pool:1" in w and "paye une remise de 25" in w for w in whys)
    assert any("\u202f; ×2 vis-à-vis\u202f: Denis paye 10 à Bruno" in w for w in whys)
