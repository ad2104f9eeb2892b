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
    """(module or template, line, message) of every catalogued message: the modules of
    i18n.CATALOGUED (Babel's extractor) and the templates of i18n.CATALOGUED_TEMPLATES
    (Jinja2's extractor for Babel), as tests/catalogue.py extracts them."""
    import catalogue
    keywords = {"_": None, "N_": None, "ngettext": (1, 2), "_knob": (2,)}
    for module in i18n.CATALOGUED:
        path = ROOT / (module.replace(".", "/") + ".py")
        for line, message, _comments, _context in extract_from_file("python", path, keywords=keywords):
            yield module, line, message
    for path in catalogue.templates():
        for line, message in catalogue.template_messages(path):
            yield str(path.relative_to(ROOT)), line, message


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
        if module in counts:  # (a template is counted by its own test)
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
            # i18n.fill gives French « {de_X} » (« de X » elided), « {a_X} » (« à X », « aux
            # paniers ») and « {que_X} » (« qu’Anne ») for each {X} of the English
            wanted |= {prefix + name[1:] for name in wanted for prefix in ("{de_", "{a_", "{que_")}
            for string in strings:
                if string:
                    assert set(field.findall(string)) <= wanted, (po.name, message.id, string)


def test_a_template_s_french_names_the_english_s_placeholders():
    """A template's message fills %(name)s (Jinja2's i18n extension): its French must name the
    same ones, else the page fails to render; and a literal % is written %%."""
    import re

    import catalogue
    field = re.compile(r"%\((\w+)\)s|%%")
    catalog = read(i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po")
    for path in catalogue.templates():
        for _line, message in catalogue.template_messages(path):
            ids = message if isinstance(message, tuple) else (message,)
            found = catalog.get(ids[0])
            strings = found.string if isinstance(found.string, tuple) else (found.string,)
            wanted = set(field.findall(ids[-1])) | set(field.findall(ids[0])) | {"num"}
            for string in strings:
                assert set(field.findall(string)) <= wanted, (path.name, ids[0], string)
                assert not re.search(r"%(?![(%])", string), (path.name, string)


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
    assert french.exit_code == 0 and "Commandes\u202f:" in french.output and "Commands:" not in french.output
    english = runner.invoke(app, ["--help"])
    assert "Commands:" in english.output and "Commandes" not in english.output


def test_lang_follows_the_locale_and_lang_en_overrides_it():
    assert "Commandes\u202f:" in runner.invoke(app, ["--help"], env={"LANG": "fr_FR.UTF-8"}).output
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
    assert any("donne et met 5 dans la corbeille (" in w for w in french)  # regles-fr's one basket
    parlett = [item["why"] for hand in json.loads(runner.invoke(app, [
        "--lang", "fr", "settle", "samples/club-night.rvs", "--format", "json"]).output)["hands"]
        for item in hand["items"]]
    assert any("donne et met 5 au dernier panier, le panier " in w for w in parlett)  # pool:N in French
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
    assert any("qui double le panier 1" in w and "paye une remise de 25" in w for w in whys)
    assert any("\u202f; ×2 vis-à-vis\u202f: Denis paye 10 à Bruno" in w for w in whys)


def items(sample: str, *lang: str, options: tuple[str, ...] = ()) -> list[dict]:
    """Every item of ``settle SAMPLE --format json`` (its why in the language asked), with its hand."""
    import json
    result = runner.invoke(app, [*lang, "settle", f"samples/{sample}", "--format", "json", *options])
    assert result.exit_code == 0, result.output
    return [dict(item, hand=hand["number"]) for hand in json.loads(result.output)["hands"]
            for item in hand["items"]]


def why_of(items_: list[dict], hand: int, kind: str, payer: str | None = None) -> str:
    """The why of the first item of ``kind`` in ``hand`` (paid by, or else to, ``payer``)."""
    return next(i["why"] for i in items_ if i["hand"] == hand and i["kind"] == kind
                and payer in (None, i["payer"], i["payee"]))


def test_the_party_and_the_led_aces_say_why_in_french_the_cards_in_french_ranks(monkeypatch):
    """settle/party.py: the glossary's sentence (« 0 point (0 levée) », the talon as the party's
    « écart », R♦ for K♦); a led Ace is owed to the party's winner (« a joué l’A♣ »)."""
    monkeypatch.chdir(ROOT)
    french, english = items("club-night.rvs", "--lang", "fr"), items("club-night.rvs")
    assert why_of(french, 1, "party") == (
        "Bruno gagne la partie avec 0 point (0 levée), Denis la perd avec 19\u202f; valeur 4 + écart 6 "
        "(3♠ R♦ 2♦ R♣), ×2 vis-à-vis\u202f: Denis paye 20 à Bruno (RÈGLES §6)")
    assert why_of(french, 1, "ace-led") == (
        "levée 10\u202f: Denis a joué l’A♣\u202f; Bruno gagne la partie\u202f; ×2 vis-à-vis, ×2 à la levée "
        "10\u202f: Denis paye 4 à Bruno (RÈGLES §5)")
    assert why_of(french, 7, "party").startswith(
        "Anne gagne la partie avec 5 points (2 levées), Bruno la perd")
    assert why_of(english, 1, "party") == (
        "Bruno wins the party with 0 points (0 tricks), Denis loses it with 19; value 4 + talon 6 "
        "(3♠ K♦ 2♦ K♣), ×2 opposite: Denis pays Bruno 20 (RULES §6)")
    assert why_of(english, 1, "ace-led") == ("trick 10: Denis led A♣; Bruno wins the party; ×2 opposite, "
                                             "×2 in trick 10: Denis pays Bruno 4 (RULES §5)")
    salon = items("regles-fr-salon.rvs", "--lang", "fr")  # a party counted in jetons: 5 fiches a point
    assert "gagne la remise (1\u202f010)" in why_of(salon, 6, "pool-take")  # « 1 010 », regles-fr's words
    assert ("valeur (0 + écart 6 (8♠ A♥ 5♥ D♦) + 4 × 4 cartes) × 5 fiches\u202f: Marie Claire paye 110 "
            "à Élise") in why_of(salon, 1, "party")


def test_the_reversis_made_and_broken_say_why_in_french(monkeypatch):
    """settle/reversis.py: « faire le reversis », « rompre le reversis d’Anne » (elided), vis-à-vis
    and « de côté »; the remise a reversis broken at trick 11 pays."""
    monkeypatch.chdir(ROOT)
    french, english = items("club-night.rvs", "--lang", "fr"), items("club-night.rvs")
    assert why_of(french, 4, "reversis-made", "Denis") == \
        "Bruno fait le reversis (les 11 levées)\u202f: Denis, vis-à-vis, paye 32 à Bruno (RÈGLES §8)"
    assert why_of(french, 4, "reversis-made", "Anne") == \
        "Bruno fait le reversis (les 11 levées)\u202f: Anne, de côté, paye 16 à Bruno (RÈGLES §8)"
    assert why_of(french, 8, "reversis-broken") == \
        "Claire rompt le reversis d’Anne avec le quinola (V♥) à la levée 10\u202f: Anne paye 64 à Claire " \
        "(RÈGLES §8)"
    assert why_of(english, 4, "reversis-made", "Anne") == \
        "Bruno makes the reversis (all 11 tricks): Anne, a neighbour, pays Bruno 16 (RULES §8)"
    assert why_of(english, 8, "reversis-broken") == \
        "Claire breaks Anne's reversis by Quinola (J♥) in trick 10: Anne pays Claire 64 (RULES §8)"
    salon = items("regles-fr-salon.rvs", "--lang", "fr")
    assert why_of(salon, 3, "reversis-broken") == \
        "Élise rompt le reversis de Théo à la levée 11\u202f: Théo paye 32 à Élise (RÈGLES §8)"
    assert why_of(salon, 3, "remise", "Théo") == (
        "le reversis de Théo est rompu à la levée 11 (broken_reversis: par-levée, §13 règle 13)\u202f: Théo "
        "paye la remise de 120 (RÈGLES §8)")


def test_the_espagnolette_won_lost_and_paid_back_says_why_in_french(monkeypatch):
    """settle/party.py and espagnolette.py: the party won or lost by the espagnolette, and what a
    lost espagnolette pays back (manuscrit: twice what passed between two other players)."""
    monkeypatch.chdir(ROOT)
    french = items("club-night.rvs", "--lang", "fr")
    assert why_of(french, 6, "party").startswith(
        "Claire gagne la partie par l’espagnolette (sans faire de levée), Bruno la perd\u202f; "
        "valeur 4 + écart 4")
    assert why_of(french, 11, "party").startswith(
        "Anne perd l’espagnolette et avec elle la partie\u202f; Denis la gagne\u202f; "
        "valeur 4 + écart 1 (2♠ 8♦ V♣ 2♣)")
    chateau = items("manuscrit-chateau.rvs", "--lang", "fr")
    assert why_of(chateau, 2, "espagnolette-return", "Chevalier") == (
        "Abbé a perdu l’espagnolette\u202f: Chevalier a payé 10 à Mme de Vaux à la levée 1, passé entre deux "
        "autres joueurs pour le quinola (V♥)\u202f; Abbé paye le double à Chevalier, 20 (RÈGLES §9)")
    english = items("manuscrit-chateau.rvs")
    assert why_of(english, 2, "espagnolette-return", "Chevalier") == (
        "Abbé lost the espagnolette: Chevalier paid Mme de Vaux 10 in trick 1, it passed between two other "
        "players for Quinola (J♥); Abbé pays Chevalier twice that, 20 (RULES §9)")
    assert "force le quinola (V♥) d’Abbé" in why_of(chateau, 2, "quinola-forced")  # « de » elided


def test_a_pool_taken_is_le_panier_in_french_and_pool_for_the_machines(monkeypatch):
    """The sentence names « le panier 3 »; the item's payer, read by the ledger's tools, stays pool:3."""
    monkeypatch.chdir(ROOT)
    french, english = items("club-night.rvs", "--lang", "fr"), items("club-night.rvs")
    take = next(i for i in french if i["hand"] == 5 and i["kind"] == "pool-take")
    assert take["payer"] == "pool:3" and take["payee"] == "Bruno"
    assert take["why"] == ("levée 11\u202f: Bruno place le quinola (V♥) et gagne le dernier panier, le "
                           "panier 3 (70) (RÈGLES §4, §5)")
    assert why_of(english, 5, "pool-take") == \
        "trick 11: Bruno places Quinola (J♥) and takes the latest pool, pool:3 (70) (RULES §4, §5)"
    assert [(i["kind"], i["payer"], i["payee"], i["amount"]) for i in french] == \
        [(i["kind"], i["payer"], i["payee"], i["amount"]) for i in english]  # only the sentences differ


def test_the_replay_s_notes_are_french(monkeypatch, tmp_path):
    """« donne N relevée par ses événements » and « donne 12 en cours (levée 6) », as check says them."""
    monkeypatch.chdir(ROOT)
    said = runner.invoke(app, ["--lang", "fr", "check", "tests/data/events-example.rvs"])
    assert said.exit_code == 0
    assert "donne 1 relevée par ses événements\u202f: son jeu n’est pas vérifié" in said.output
    assert "recorded by its events" not in said.output
    text = (ROOT / "samples" / "club-night.rvs").read_text("utf-8")
    head, _, rest = text.partition("\nhand 12")
    before, _, lines = rest.partition("tricks:\n")
    cut = tmp_path / "cut.rvs"
    cut.write_text(head + "\nhand 12" + before + "tricks:\n" + "".join(lines.splitlines(True)[:5]), "utf-8")
    said = runner.invoke(app, ["--lang", "fr", "check", str(cut)])
    assert said.exit_code == 0 and "donne 12 en cours (levée 6)" in said.output
    english = runner.invoke(app, ["check", str(cut)])
    assert "note: hand 12 in progress (trick 6)" in english.output


def test_a_knob_s_bad_value_is_said_in_french(tmp_path):
    """rules/knobs.py's values and rules/houserules.py's names, through the catalogue."""
    record = tmp_path / "k.rvs"
    record.write_text("players: A B C D\nrule quinola_forced: lots\nrule double_tricks: 12\n"
                      "rule pools: many\nrule quinola_forcd: 5\nhand 1\ndealer: A\nvoid: misdeal\n", "utf-8")
    said = runner.invoke(app, ["--lang", "fr", "check", str(record)]).output
    assert "'quinola_forced'\u202f: un nombre entier est attendu, non 'lots'" in said
    assert "'double_tricks'\u202f: les levées sont numérotées de 1 à 11, non '12'" in said
    assert "'pools' prend plusieurs ou unique ou aucun, non 'many'" in said
    assert "réglage inconnu 'quinola_forcd'\u202f; vouliez-vous dire 'quinola_forced'\u202f?" in said
    english = runner.invoke(app, ["check", str(record)]).output
    assert "'quinola_forced' expected a whole number, not 'lots'" in english
    assert "'pools' takes multiple or single or none, not 'many'" in english


def test_the_pools_split_at_the_end_say_why_in_french(monkeypatch):
    """ledger/build.py's --split-pools items: « le panier 1 », the item's payer still pool:1."""
    monkeypatch.chdir(ROOT)
    french = items("club-night.rvs", "--lang", "fr", options=("--split-pools",))
    english = items("club-night.rvs", options=("--split-pools",))
    split = [i for i in french if i["kind"] == "pool-split"]
    assert split and all(i["payer"].startswith("pool:") for i in split)
    assert split[0]["why"].startswith("fin de la séance\u202f: le panier ")
    said = next(i["why"] for i in english if i["kind"] == "pool-split")
    assert said.startswith("end of the session: pool:")


def test_a_french_record_is_told_the_line_to_add_in_its_own_words(monkeypatch, tmp_path):
    """The replay's hints quote the notation; for a record written in French (``langue: fr``)
    they quote it in French, in either language of output, and the line they give is read."""
    monkeypatch.chdir(ROOT)
    written = runner.invoke(app, ["format", "samples/bad/unacknowledged-revoke.rvs", "--lang", "fr"])
    record = tmp_path / "renonce.rvs"
    record.write_text(written.output, "utf-8")
    for lang in (["--lang", "fr"], ["--lang", "en"]):
        said = runner.invoke(app, [*lang, "check", str(record)])
        assert said.exit_code == 1 and "`irrégulier: renonce Denis`" in said.output
        assert "irregular: revoke" not in said.output
    record.write_text(written.output.replace("levées:", "irrégulier: renonce Denis\nlevées:", 1), "utf-8")
    assert runner.invoke(app, ["--lang", "fr", "check", str(record)]).exit_code == 0
    english = runner.invoke(app, ["check", "samples/bad/unacknowledged-revoke.rvs"]).output
    assert "`irregular: revoke Denis`" in english  # an English record, as ever


def test_every_french_message_is_set_the_french_way():
    """A translator's check of the catalogue's typography (docs: the glossary's): a narrow
    no-break space (U+202F) before « : ; ? ! », never a plain one; the apostrophe ’, never the
    ASCII ' inside a word; « … » with no-break spaces inside. The notation a message quotes
    ('hand 3', `irregular: revoke Denis`) keeps its own spelling, as does an address's query
    (?token=…); a « or » the English uses as an arrow (« first, last ») is an arrow."""
    import re
    catalog = read(i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po")
    wrong = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in filter(None, strings if message.id else ()):
            bare = re.sub(r"'[^']*'|`[^`]*`|\?\w+=\S*", "", string)
            arrows = "".join(c for c in "«»" if c in str(message.id))
            quoted = re.sub(f"[{arrows}]", "", string) if arrows else string
            if re.search(r" [:;?!]|\w'\w", bare) or re.search(r"«(?!\u00a0)|(?<!\u00a0)»", quoted):
                wrong.append(string)
    assert not wrong, wrong


@pytest.mark.parametrize("sample", sorted(p.name for p in (ROOT / "samples").glob("*.rvs")))
def test_no_why_of_a_sample_holds_an_english_word_in_french(monkeypatch, sample):
    """Every payment of every sample, its pools split at the end too, explained in French: the
    words for a machine aside (a knob and its value in parentheses, ``pool:N`` in the payer)."""
    import re
    monkeypatch.chdir(ROOT)
    english = re.compile(r"\b(?:pays|the|trick|tricks|wins|loses|and|with|of|player|pool|takes|places|"
                         r"forced|led|into|doubling|forming|opposite|neighbour|party|value|fish)\b")
    whys = {i["why"] for i in items(sample, "--lang", "fr", options=("--split-pools",))}
    assert whys
    for why in whys:
        assert not english.search(re.sub(r"\([^()]*:[^()]*\)", "", why)), why
