"""Fixed, hand-worked cases for rules/ (issue 43 item 4): knob values and their words, the
presets' citations and quotations, house-rules TOML files with their exact diagnostics.

No hypothesis, no subprocess, no CLI: each test is a call or a short record with the exact
answer, cheap enough for a mutation run over rules/ to afford on every mutant (bench/mutate.py).
"""
from __future__ import annotations

import pytest

from reversis_score.rules import knobs, presets


@pytest.mark.parametrize("value, text", [
    (True, "yes"), (False, "no"), ((10, 11), "10 11"), ((), "none"), (48, "48"), ("by-trick", "by-trick"),
])
def test_a_knob_value_is_written_as_a_record_writes_it(value, text):
    assert knobs.knob_text(value) == text
    assert knobs.knob_said(value) == text


def test_a_knob_value_is_said_in_french_as_a_french_record_writes_it():
    from reversis_score.i18n import speaking
    with speaking("fr"):
        assert [knobs.knob_said(v) for v in (True, False, (), (10, 11), "by-trick", "tricks")] == [
            "oui", "non", "aucune", "10 11", "par-levée", "levées"]


def test_a_knob_value_for_the_ledger_is_a_list_or_itself():
    assert knobs.knob_json((10, 11)) == [10, 11] and knobs.knob_json(()) == []
    assert knobs.knob_json(5) == 5 and knobs.knob_json("fixed") == "fixed" and knobs.knob_json(True) is True


def test_a_knobs_doc_is_english_for_the_docs_and_french_in_french():
    from reversis_score.i18n import speaking
    assert knobs.knob_doc("deck", english=True) == (
        "the pack: 48 (no tens) or 52 (tens rank between J and 9, worth 0)")
    with speaking("fr"):
        assert knobs.knob_doc("deck") == (
            "le jeu\u202f: 48 cartes (sans les dix) ou 52 (les dix entre le valet et le 9, sans valeur)")
        assert knobs.knob_doc("deck", english=True).startswith("the pack: 48")


@pytest.mark.parametrize("name, raw, value", [
    ("broken_reversis", "par-levée", "by-trick"), ("opposite_doubles_side", "oui", True),
    ("opposite_doubles_side", "non", False), ("tie_rule", "le-plus-près", "nearest"),
    ("double_tricks", [11, 10, 11], (10, 11)), ("double_tricks", (), ()),
    ("opposite_doubles_side", False, False),
    ("pool_ante", 7, 7), ("deck", 52, 52),
])
def test_a_knob_value_as_french_or_toml_writes_it(name, raw, value):
    assert knobs.parse_knob_value(name, raw) == value


@pytest.mark.parametrize("name, raw, message", [
    ("tie_rule", "x", "'tie_rule' prend levées ou le-plus-près, non 'x'"),
    ("opposite_doubles_side", "peut-être",
     "'opposite_doubles_side'\u202f: «\u00a0oui\u00a0» ou «\u00a0non\u00a0» est attendu, non 'peut-être'"),
])
def test_a_knob_value_refused_in_french_says_so_in_french(name, raw, message):
    from reversis_score.i18n import speaking
    with speaking("fr"), pytest.raises(ValueError) as caught:
        knobs.parse_knob_value(name, raw)
    assert str(caught.value) == message


@pytest.mark.parametrize("name, raw, message", [
    ("tie_rule", ["a"], "'tie_rule' takes tricks or nearest, not a list"),
    ("tie_rule", {"a": 1}, "'tie_rule' takes tricks or nearest, not a table"),
    ("tie_rule", "x" * 100, "'tie_rule' takes tricks or nearest, not '" + "x" * 77 + "… (100 characters)'"),
    ("opposite_doubles_side", 3, "'opposite_doubles_side' expected yes or no, not '3'"),
    ("double_tricks", [1, "x"], "'double_tricks' expected a whole number, not 'x'"),
    ("double_tricks", [12], "'double_tricks' trick numbers run from 1 to 11, not a list"),
    ("deck", "2000000", "'deck' takes 48 or 52, not '2000000'"),
])
def test_a_knob_value_refused_quotes_what_it_was_given(name, raw, message):
    with pytest.raises(ValueError) as caught:
        knobs.parse_knob_value(name, raw)
    assert str(caught.value) == message


def test_with_changes_reads_each_value_as_text_or_toml():
    changed = knobs.with_changes(knobs.PRESETS["parlett"], {"double_tricks": "none", "pool_ante": 3,
                                                           "opposite_doubles_side": "no"})
    assert (changed.double_tricks, changed.pool_ante, changed.opposite_doubles_side) == ((), 3, False)
    assert knobs.changed_knobs(changed, "parlett") == {"double_tricks": (), "pool_ante": 3,
                                                       "opposite_doubles_side": False}
    with pytest.raises(ValueError, match="^'pool_ante' must be at least 0, not -1$"):
        knobs.with_changes(knobs.PARLETT, {"pool_ante": -1})


# ================================================================ the presets' words
@pytest.mark.parametrize("preset, knob, said", [
    ("parlett", "fine_redeal", "the engine's default (docs/rules.md)"),
    ("dafydd", "fine_redeal", "source silent: the parlett value"),
    ("regles-fr", "pools_at_close",
     "a reading, the sources being silent: the one basket stays with the club from night to night"),
    ("parlett", "pool_ante", "Before play begins a pool is formed by the contribution of five fish from "
                             "each player."),
])
def test_a_presets_value_cites_where_it_comes_from(preset, knob, said):
    assert presets.citation(preset, knob) == said


def test_a_presets_value_cites_where_it_comes_from_in_french():
    from reversis_score.i18n import speaking
    with speaking("fr"):
        assert [presets.citation(p, k) for p, k in (("parlett", "fine_redeal"), ("dafydd", "fine_redeal"),
                                                   ("manuscrit", "pools_at_close"))] == [
            "la valeur du programme (docs/rules.md)", "la source se tait\u202f: la valeur de parlett",
            "une lecture, les sources se taisant\u202f: la corbeille reste au club d’une soirée à l’autre"]


@pytest.mark.parametrize("preset, text, said", [
    ("regles-fr", "Il paye. / Il met. (Our note.)",
     "«\u00a0Il paye.\u00a0» / «\u00a0Il met.\u00a0» (Our note.)"),
    ("manuscrit", "Il paye.", "«\u00a0Il paye.\u00a0»"),
    ("parlett", "It pays. / It takes.", "“It pays.” / “It takes.”"),
    ("denexa", "It pays (twice).", "“It pays (twice).”"),  # no ". (": the brackets are the source's
    ("dafydd", "It pays. (a) b", "“It pays. (a) b”"),  # no closing bracket at the end: no note
    ("parlett", "It pays. (twice) more. (Our note.)", "“It pays. (twice) more.” (Our note.)"),  # the last one
])
def test_a_sentence_is_quoted_in_its_sources_typography(preset, text, said):
    assert presets.quoted(preset, text) == said


def test_the_engines_note_after_a_sentence_is_translated_only_when_asked():
    from reversis_score.i18n import speaking
    text = presets.BY_NAME["denexa"].knobs["double_tricks"][1]
    sentence = ("“In that case, the player who was forced to play the ace pays the person who led to the "
                "trick one credit.”")
    with speaking("fr"):
        assert presets.quoted("denexa", text, translated=True) == (
            sentence + " (Montants fixes à chaque levée\u202f: aucune levée n’est dite double.)")
        assert presets.quoted("denexa", text) == (
            sentence + " (Flat amounts in every trick: no trick is named as doubled.)")


# ================================================================ house rules: the TOML file
_PRESETS = "parlett, denexa, regles-fr, manuscrit, dafydd"


@pytest.mark.parametrize("toml, findings", [
    ('pool_ante = 3\nbase = 3\n',
     [("'base' names a preset (" + _PRESETS + "), not 3", (2, 1, 4), "base = 3")]),
    ('base = [1]\n', [("'base' names a preset (" + _PRESETS + "), not a list", (1, 1, 4), "base = [1]")]),
    ('base = true\n', [("'base' names a preset (" + _PRESETS + "), not true", (1, 1, 4), "base = true")]),
    ('base = 1979-05-27\n',
     [("'base' names a preset (" + _PRESETS + "), not 1979-05-27", (1, 1, 4), "base = 1979-05-27")]),
    ('base = {a = 1}\n',
     [("'base' names a preset (" + _PRESETS + "), not a table", (1, 1, 4), "base = {a = 1}")]),
    ('\nbase = "parlet"\n',
     [("unknown preset 'parlet'; did you mean 'parlett'?", (2, 1, 4), 'base = "parlet"')]),
    ('pool_ante = 1\n\npool_ante = \n',
     [("not valid TOML: Invalid value (at line 3, column 13)", (3, 1, 1), "pool_ante = ")]),
    ('pool_ante = 1\nb',
     [("not valid TOML: Expected '=' after a key in a key/value pair (at end of document)", None, None)]),
    ('x = ' + '[' * 2000 + ']' * 2000 + '\n',
     [("not TOML that can be read: nested too deeply", None, None)]),
    ('pool_ante = ' + '1' * 5000 + '\n',
     [("not TOML that can be read: a number has too many digits", None, None)]),
    ('# the rate\nfish = "lots"\n',
     [("'lots' is not a rate: write an amount and a currency code, e.g. 'fish: 0.50 EUR'", (2, 1, 4),
       'fish = "lots"')]),
    ('\n   pool_ante = "ten"\n',
     [("'pool_ante' expected a whole number, not 'ten'", (2, 4, 9), '   pool_ante = "ten"')]),
    ('double_trick = [10]\n',
     [("unknown knob 'double_trick'; did you mean 'double_tricks'?", (1, 1, 12), "double_trick = [10]")]),
])
def test_a_house_rules_file_gets_its_exact_findings(tmp_path, toml, findings):
    from reversis_score.rules.houserules import load_toml
    (tmp_path / "h.toml").write_text(toml, "utf-8")
    ruleset, diags = load_toml(tmp_path / "h.toml", "h.toml")
    assert [(d.message, d.span and (d.span.line, d.span.column, d.span.width), d.source_line)
            for d in diags] == findings
    assert all(d.file == "h.toml" and d.severity == "error" for d in diags)
    assert (ruleset.preset, ruleset.source, ruleset.rate) == ("parlett", "h.toml", None)


def test_a_house_rules_file_sets_its_base_its_knobs_and_its_rate(tmp_path):
    from reversis_score.rules.houserules import load_toml
    (tmp_path / "h.toml").write_text('base = "règles-fr"\n  "double_tricks" = [10, 11]\njeton = "0.50 EUR"\n'
                                     'fine_revoke = 3\n', "utf-8")
    ruleset, diags = load_toml(tmp_path / "h.toml", "house")
    assert diags == [] and (ruleset.preset, ruleset.source) == ("regles-fr", "house")
    assert ruleset.changed == {"double_tricks": (10, 11), "fine_revoke": 3}
    assert (ruleset.rate.unit, ruleset.rate.amount, ruleset.rate.currency) == ("jeton", "0.50", "EUR")
    assert ruleset.knobs == knobs.with_values(knobs.PRESETS["regles-fr"], {"double_tricks": (10, 11),
                                                                          "fine_revoke": 3})


def test_only_the_first_twenty_unknown_keys_get_a_suggestion(tmp_path):
    from reversis_score.rules.houserules import load_toml
    keys = [f"double_trick{'s' * (i % 2)}x{i}" for i in range(20)] + ["double_trick"]
    (tmp_path / "h.toml").write_text("".join(f"{k} = 1\n" for k in keys) + "pool_ante = 2\n", "utf-8")
    ruleset, diags = load_toml(tmp_path / "h.toml", "h.toml")
    assert all(d.message.endswith("; did you mean 'double_tricks'?") for d in diags[:20])
    assert diags[0].message == "unknown knob 'double_trickx0'; did you mean 'double_tricks'?"
    assert diags[-1].message == "unknown knob 'double_trick'"  # the 21st: no difflib any more
    assert ruleset.knobs.pool_ante == 2
    assert [d.span.line for d in diags] == list(range(1, 22))


def test_a_house_rules_file_that_cannot_be_read_is_said_where_the_record_names_it(tmp_path):
    from reversis_score.notation.records import Span
    from reversis_score.rules.houserules import load_toml
    (tmp_path / "bad.toml").write_bytes(b'base = "\xff"\n')
    _, (diag,) = load_toml(tmp_path / "bad.toml", "bad.toml")
    assert (diag.message, diag.span, diag.file) == ("cannot read house rules bad.toml: not UTF-8 text", None,
                                                    "bad.toml")
    ruleset, (diag,) = load_toml(tmp_path / "none.toml", "none.toml", Span(2, 8, 9))
    assert (diag.message, diag.span, diag.file) == ("cannot read house rules none.toml: no such file",
                                                    Span(2, 8, 9), None)
    assert (ruleset.preset, ruleset.source, ruleset.knobs) == ("parlett", "none.toml", knobs.PARLETT)


def test_a_toml_value_is_named_by_its_kind_or_as_toml_writes_it():
    """Never by Python's name for its type ('not a int')."""
    import datetime

    from reversis_score.rules.houserules import _echo
    values = (3, 1.5, [1], {}, True, False, datetime.date(1979, 5, 27), datetime.time(7, 32))
    assert [_echo(v) for v in values] == ["3", "1.5", "a list", "a table", "true", "false", "1979-05-27",
                                          "07:32:00"]


def test_each_top_level_key_is_placed_once_at_its_first_line():
    from reversis_score.rules.houserules import _key_places
    lines = ['a = 1', '  "b" = 2', "'c'=3", 'a = 4', 'no equals', ' = 5', '[t]', '"" = 6', 'd = "x=y"']
    assert _key_places(lines) == {"a": (1, 1), "b": (2, 3), "c": (3, 1), "d": (9, 1)}
    assert _key_places(['Xa = 1', "bX = 2"]) == {"Xa": (1, 1), "bX": (2, 1)}  # only quotes are stripped


def test_a_finding_of_a_key_not_written_or_past_the_end_names_the_file_only():
    from reversis_score.rules.houserules import _toml_diag
    lines = ["a = 1", "b = 2"]
    assert _toml_diag("h.toml", lines, "b", "m").span.line == 2
    assert _toml_diag("h.toml", lines, "z", "m").span is None
    for key, line in (("z", 0), (None, 3), (None, 0)):
        diag = _toml_diag("h.toml", lines, key, "m", line)
        assert (diag.message, diag.span, diag.file, diag.source_line) == ("m", None, "h.toml", None)
    diag = _toml_diag("h.toml", lines, None, "m", 2)
    assert (diag.span.line, diag.span.column, diag.span.width, diag.source_line) == (2, 1, 1, "b = 2")
    diag = _toml_diag("h.toml", lines, "z", "m", 1, places={"z": (2, 5)})
    assert (diag.span.line, diag.span.column, diag.span.width) == (2, 5, 1)


# ================================================================ house rules: which file a record may name
_BESIDE = ("'rules: {}' is not read: a record's header names a preset or a .toml file beside the record "
           "(--rules-dir DIR allows the files under DIR)")
_UNDER = ("'rules: {}' is not read: a record's header names a preset or a .toml file beside the record or "
          "under --rules-dir")


@pytest.fixture
def folders(tmp_path, monkeypatch):
    from reversis_score.reading import RULES_DIRS_ENV
    monkeypatch.delenv(RULES_DIRS_ENV, raising=False)
    (tmp_path / "rec").mkdir()
    (tmp_path / "other").mkdir()
    (tmp_path / "rec" / "h.toml").write_text("pool_ante = 3\n")
    (tmp_path / "other" / "o.toml").write_text("pool_ante = 4\n")
    return tmp_path


@pytest.mark.parametrize("ref, found", [
    ("parlet", (None, None)), ("h.toml", "rec/h.toml"), ("x/y", _BESIDE.format("x/y")),
    ("a\\b", _BESIDE.format("a\\b")), ("h.txt/", _BESIDE.format("h.txt/")),
    ("../other/o.toml", _BESIDE.format("../other/o.toml")), ("a\0.toml", _BESIDE.format("a\0.toml")),
])
def test_a_record_names_only_a_toml_file_beside_it(folders, ref, found):
    from reversis_score.rules.houserules import _house_rules_path
    answer = _house_rules_path(ref, folders / "rec")
    if isinstance(found, tuple):
        assert answer == found
    else:
        assert answer == ((folders / found, None) if found == "rec/h.toml" else (None, found))


def test_a_record_names_a_toml_file_under_rules_dir_too(folders, monkeypatch):
    from reversis_score.reading import RULES_DIRS_ENV
    from reversis_score.rules.houserules import _house_rules_path, rules_dirs
    monkeypatch.setenv(RULES_DIRS_ENV, f"::{folders / 'other'}:")
    assert rules_dirs() == [folders / "other"]
    monkeypatch.setenv(RULES_DIRS_ENV, f"{folders / 'other'}:{folders / 'rec'}")
    assert rules_dirs() == [folders / "other", folders / "rec"]
    monkeypatch.delenv(RULES_DIRS_ENV)
    assert rules_dirs() == []
    monkeypatch.setenv(RULES_DIRS_ENV, f"::{folders / 'other'}:")
    assert _house_rules_path("../other/o.toml", folders / "rec") == (folders / "rec/../other/o.toml", None)
    assert _house_rules_path(str(folders / "rec/h.toml"), folders / "rec") == (folders / "rec/h.toml", None)
    assert _house_rules_path("x.toml/", folders / "rec") == (None, _UNDER.format("x.toml/"))
    assert _house_rules_path("/etc/x.toml", folders / "rec") == (None, _UNDER.format("/etc/x.toml"))


def _header(text: str, twice: int = 0):
    from reversis_score.notation.parse import parse_header
    header, diags = parse_header("players: A B C D\n" + text)
    assert len(diags) == twice and all("is given twice" in d.message for d in diags)  # parse's findings
    return header


def test_a_records_rules_line_reads_its_file_or_says_why_not(folders):
    from reversis_score.rules.houserules import resolve
    header = _header("rules: h.toml\nrule pool_ante: 6\n")
    ruleset, diags = resolve(header, folders / "rec")
    assert diags == []
    assert (ruleset.preset, ruleset.source, ruleset.knobs.pool_ante) == ("parlett", "h.toml", 6)
    header = _header("rules: ../other/o.toml\n")
    ruleset, (diag,) = resolve(header, folders / "rec")
    assert (diag.message, diag.span.line, diag.span.column) == (_BESIDE.format("../other/o.toml"), 2, 8)
    assert (ruleset.preset, ruleset.source, ruleset.knobs, ruleset.rate) == (
        "parlett", "parlett", knobs.PARLETT, None)
    header = _header("rules: nosuch.toml\n")
    for where in (folders / "rec", None):  # None: a record read from stdin
        ruleset, (diag,) = resolve(header, where)
        assert (diag.message, diag.span.line, diag.span.column, diag.file) == (
            "cannot read house rules nosuch.toml: no such file", 2, 8, None)
        assert (ruleset.preset, ruleset.source) == ("parlett", "nosuch.toml")


def test_the_command_lines_rules_read_any_toml_file_and_report_it_by_its_file(folders, monkeypatch):
    from reversis_score.rules.houserules import resolve
    monkeypatch.chdir(folders)
    header = _header("rules: ../other/o.toml\n")
    for override in ("rec/h.toml", str(folders / "rec/h.toml"), "other/o.toml"):
        ruleset, diags = resolve(header, folders / "rec", override=override)
        assert diags == [] and ruleset.source == override and ruleset.knobs.pool_ante in (3, 4)
    ruleset, (diag,) = resolve(header, folders / "rec", override="rec/none.toml")
    assert (diag.message, diag.span, diag.file) == ("cannot read house rules rec/none.toml: no such file",
                                                    None, "rec/none.toml")
    (folders / "plain").write_text("pool_ante = 9\njeton = '0.25 EUR'\n")
    ruleset, diags = resolve(header, None, override="./plain")  # a path, even without .toml
    assert diags == [] and ruleset.knobs.pool_ante == 9 and ruleset.rate.amount == "0.25"
    ruleset, (diag,) = resolve(header, None, override="plain")  # a bare name: a preset's
    assert (ruleset.preset, ruleset.source, ruleset.knobs) == ("parlett", "parlett", knobs.PARLETT)
    assert diag.message.startswith("unknown preset 'plain' (presets: parlett, denexa, regles-fr, manuscrit, "
                                   "dafydd; or a house-rules .toml file)") and diag.span is None
    (folders / "x.toml").write_text("pool_ante = 8\n")
    ruleset, diags = resolve(header, folders / "rec", override="x.toml")  # no folder in its name
    assert diags == [] and (ruleset.source, ruleset.knobs.pool_ante) == ("x.toml", 8)
    assert (ruleset.preset, ruleset.rate) == ("parlett", None)
    ruleset, diags = resolve(header, None, override="règles-fr")
    assert diags == [] and (ruleset.preset, ruleset.source) == ("regles-fr", "regles-fr")


def test_a_records_rule_lines_each_set_a_knob_and_only_the_first_twenty_unknown_get_a_hint():
    from reversis_score.rules.houserules import resolve
    lines = "".join(f"rule double_trick{i}: 1\n" for i in range(20)) + "rule double_trick: 1\n"
    header = _header("rules: denexa\nrule pool_ante: 6\nrule pool_ante: 7\nrule pool_ante: 6\n"
                     "rule deck: 50\nrule deck: 50\n" + lines + "rule fine_revoke: 3\n", twice=3)
    ruleset, diags = resolve(header, None)
    assert (ruleset.preset, ruleset.source, ruleset.knobs.pool_ante, ruleset.knobs.fine_revoke) == (
        "denexa", "denexa", 6, 3)
    assert [(d.message, d.span.line) for d in diags[:3]] == [
        ("'deck' takes 48 or 52, not '50'", 6), ("'deck' takes 48 or 52, not '50'", 7),
        ("unknown knob 'double_trick0'; did you mean 'double_tricks'?", 8)]
    assert all(d.message.endswith("; did you mean 'double_tricks'?") for d in diags[2:22])
    assert diags[-1].message == "unknown knob 'double_trick'" and len(diags) == 23
    ruleset, diags = resolve(_header(""), None)
    assert diags == [] and (ruleset.preset, ruleset.source, ruleset.knobs, ruleset.rate) == (
        "parlett", "parlett", knobs.PARLETT, None)


def test_the_talon_counts_as_its_knob_says_from_any_sequence_of_cards():
    from reversis_score.notation.cards import Card
    talon = [Card.parse(c) for c in ("AD", "JH", "KS", "2C")]
    assert knobs.talon_points(talon, knobs.PARLETT) == 4 + 1 + 3 + 0  # card points: A 4, Quinola 1, K 3
    assert knobs.talon_points(tuple(talon), knobs.PRESETS["manuscrit"]) == knobs.talon_points(
        talon, knobs.PRESETS["manuscrit"])
    ad5_jh3 = knobs.with_values(knobs.PARLETT, {"talon_values": "ad5-jh3"})
    assert knobs.talon_points(talon, ad5_jh3) == 5 + 3 + 3
    assert knobs.talon_points(talon, knobs.with_values(knobs.PARLETT, {"deck": 52})) == 0


def test_the_largest_talon_is_the_best_cards_of_the_pack():
    parlett = knobs.PARLETT
    assert [knobs.largest_talon(parlett), knobs.largest_talon(parlett, 1), knobs.largest_talon(parlett, 0),
            knobs.largest_talon(parlett, -1)] == [16, 4, 0, 0]
    assert knobs.largest_talon(knobs.PRESETS["manuscrit"]) == 17
    assert knobs.largest_talon(knobs.with_values(parlett, {"deck": 52})) == 0


def test_a_presets_readings_where_every_source_is_silent_are_its_values():
    # presets.READINGS: regles-fr and manuscrit carry their one basket to the next night.
    names = ("parlett", "denexa", "regles-fr", "manuscrit", "dafydd")
    assert [knobs.PRESETS[p].pools_at_close for p in names] == ["stay", "stay", "carry", "carry", "stay"]
    assert knobs.PRESETS["regles-fr"].double_tricks == (11,) and knobs.PRESETS["denexa"].double_tricks == ()
