"""A French record (``langue: fr``) read and written, to the letter and the column (issue 43).

Fixed, hand-checked texts for the mutants of notation/french.py that the other fast tests let live
(bench/mutants-notation.md): one English record holding every keyword, phrase and kind of line of
the notation, and its French twin as docs/fr/notation.md spells it (R roi, D dame, V valet; P
pique, C cœur, K carreau, T trèfle). ``format --lang fr`` writes the one from the other, the
reader reads the French back to the English, and every place of the French record points at what
is written there. No hypothesis, no subprocess: the file runs in well under a second.
"""
from __future__ import annotations

import dataclasses

import pytest

from reversis_score.notation.french import (
    Spelled,
    french_hint,
    french_keywords,
    french_spelling,
    hand_word_players,
    old_hand_line,
    to_english,
    to_french,
)
from reversis_score.notation.lexicon import read_header_repeats
from reversis_score.notation.parse import _parse_with_recovery, read_text
from reversis_score.notation.records import Name, PlacedCard, Span

ENGLISH = """\
session: Night at the club # a comment
date: 2026-03-12
players: Anne Bruno "Marie Claire" Denis
rules: regles-fr
rule espagnolette_pays: as-any
rule reversis_pays: by-trick # why
stake: 300
club: The Club
paid: yes
paid: Anne -> Bruno 12
jeton: 0.50 EUR
carried: 25 40

hand 1
dealer: Bruno
deal:
  Anne: 7C 2D 4D 3S JS 7H 4C KD 2H 8H 6C | 9S
exchange:
  Anne discards 7H
  Bruno keeps
  "Marie Claire" peeks and discards QC
  Denis exposes and discards JS
  Anne takes without discarding
  Bruno discards 2S 3S
announce: espagnolette Denis
tricks:
  Claire: 2C JC 7C 5C
  3. Bruno: 9D 8D 3D KD | gathered by Anne
  Bruno 9C, Claire AC, Denis KC, Anne 6C
irregular: revoke Anne
irregular: out-of-turn Bruno
irregular: peek Denis
irregular: expose Anne
irregular: misdeal Bruno
claims: waived
table:
  Anne -> pool 5
  pool:1 -> Bruno 10

hand 2
dealer: Anne
void: misdeal

hand 3
dealer: Denis
events:
  party: Anne wins with 3 points in 2 tricks, Bruno loses
  points: Anne 4 in 2 tricks, Bruno 12
  talon: 6S 7H 6D QC
  talon: 2 points
  3. Anne places AD on S, Bruno takes it
  4. Anne places AH, Bruno gathers it
  7. Bruno leads AD
  8. Bruno forces AC from Denis
  reversis: Anne makes it
  reversis: Anne, broken by Bruno in trick 10 with Quinola
  espagnolette: Denis wins
  espagnolette: Anne loses
"""

FRENCH = """\
langue: fr
séance: Night at the club # a comment
date: 2026-03-12
joueurs: Anne Bruno "Marie Claire" Denis
règles: regles-fr
règle espagnolette_pays: comme-un-autre
règle reversis_pays: par-levée # why
fiches: 300
club: The Club
réglé: oui
réglé: Anne -> Bruno 12
jeton: 0.50 EUR
reporté: 25 40

coup 1
donneur: Bruno
donne:
  Anne: 7T 2K 4K 3P VP 7C 4T RK 2C 8C 6T | 9P
écart:
  Anne écarte 7C
  Bruno garde
  "Marie Claire" regarde et écarte DT
  Denis découvre et écarte VP
  Anne prend sans écarter
  Bruno écarte 2P 3P
annonce: espagnolette Denis
levées:
  Claire: 2T VT 7T 5T
  3. Bruno: 9K 8K 3K RK | ramassée par Anne
  Bruno 9T, Claire AT, Denis RT, Anne 6T
irrégulier: renonce Anne
irrégulier: avant-son-tour Bruno
irrégulier: regard Denis
irrégulier: découverte Anne
irrégulier: maldonne Bruno
réclamations: abandonnées
table:
  Anne -> panier 5
  panier:1 -> Bruno 10

coup 2
donneur: Anne
nul: maldonne

coup 3
donneur: Denis
événements:
  partie: Anne gagne avec 3 points en 2 levées, Bruno perd
  points: Anne 4 en 2 levées, Bruno 12
  talon: 6P 7C 6K DT
  talon: 2 points
  3. Anne place AK sur P, Bruno la prend
  4. Anne place AC, Bruno la ramasse
  7. Bruno joue AK
  8. Bruno force AT à Denis
  reversis: Anne le fait
  reversis: Anne, rompu par Bruno à la levée 10 avec le quinola
  espagnolette: Denis gagne
  espagnolette: Anne perd
"""


def test_format_writes_every_line_of_the_notation_the_french_way():
    assert to_french(ENGLISH) == FRENCH


def test_a_french_record_is_read_in_the_grammar_s_spelling_line_for_line():
    english, spelled = to_english(FRENCH)
    assert english == " " * len("langue: fr") + "\n" + ENGLISH  # the 'langue:' line blanked, in place
    assert spelled.language == "fr"


def unplaced(value):
    """A record without its places (spans, line numbers), to compare a French record with its twin."""
    if isinstance(value, Span):
        return None
    if isinstance(value, Name):
        return value.text
    if isinstance(value, PlacedCard):
        return value.card
    if isinstance(value, (tuple, list)):
        return tuple(unplaced(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple(unplaced(getattr(value, f.name)) for f in dataclasses.fields(value) if f.name != "lines")
    return value


def test_a_french_record_reads_to_the_english_record_s_values():
    french, english = read_text(FRENCH), read_text(ENGLISH)
    assert french.diagnostics == english.diagnostics == []
    assert french.header.lang == "fr" and english.header.lang is None
    assert unplaced(dataclasses.replace(french.header, lang=None)) == unplaced(english.header)
    assert [unplaced(h.record) for h in french.hands] == [unplaced(h.record) for h in english.hands]
    # and those values are the ones written
    assert french.header.player_names == ("Anne", "Bruno", "Marie Claire", "Denis")
    assert [(r.knob, r.value) for r in french.header.rule_lines] == [
        ("espagnolette_pays", "as-any"), ("reversis_pays", "by-trick")]
    assert (french.header.paid_all, french.header.carried, french.header.club) == (True, (25, 40), "The Club")
    ours = french.hands[0].record
    assert [(i.kind, i.player.text) for i in ours.irregulars] == [
        ("revoke", "Anne"), ("out-of-turn", "Bruno"), ("peek", "Denis"), ("expose", "Anne"),
        ("misdeal", "Bruno")]
    assert [e.action for e in ours.exchange] == [
        "discards", "keeps", "peeks", "exposes", "takes", "discards-two"]
    assert ours.claims_waived and [(t.payer, t.payee, t.amount) for t in ours.table] == [
        ("Anne", "pool", 5), ("pool:1", "Bruno", 10)]
    assert french.hands[1].record.void
    events = french.hands[2].record.events
    assert [(c.how, c.suit, c.gathered) for c in events.cards] == [
        ("placed", "S", False), ("placed", None, True), ("led", None, False), ("forced", None, False)]
    assert [(r.trick, r.by_quinola) for r in events.reversis] == [(None, False), (10, True)]


def places(value, found: list) -> list:
    """Every name and card of a record, with its place."""
    if isinstance(value, (Name, PlacedCard)):
        found.append(value)
    elif isinstance(value, (tuple, list)):
        for item in value:
            places(item, found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            places(getattr(value, f.name), found)
    return found


def test_every_name_and_card_of_a_french_record_points_at_what_is_written_there():
    lines = FRENCH.split("\n")
    result = read_text(FRENCH)
    found = places([result.header] + [h.record for h in result.hands], [])
    assert len(found) == 81
    for item in found:
        span = item.span
        written = lines[span.line - 1][span.column - 1:span.column - 1 + span.width]
        if isinstance(item, Name):
            assert written.strip('"') == item.text, item
        else:
            assert written == french_spelling(item.token), item  # the token is the grammar's: 'AD'


def test_the_places_of_a_french_record_s_keywords_are_the_french_words():
    result = read_text(FRENCH)
    hand = result.hands[0].record
    assert hand.irregulars[1].span == Span(32, 13, 14)  # 'avant-son-tour', where 'out-of-turn' is 11 wide
    assert hand.exchange[2].card.span == Span(22, 36, 2)  # after 'regarde et écarte'
    assert hand.tricks[1].gatherer.span == Span(29, 40, 4)  # after '| ramassée par'
    events = result.hands[2].record.events
    assert (events.cards[0].card.span, events.cards[0].other.span) == (Span(52, 17, 2), Span(52, 27, 5))
    assert events.reversis[1].breaker.span == Span(57, 29, 5)  # after ', rompu par'
    assert result.header.rule_lines[1].value_span == Span(7, 22, 9)  # 'par-levée'


# ================================================================ a French record's mistakes
HEAD = "langue: fr\njoueurs: Anne Bruno Claire Denis\n"


@pytest.mark.parametrize(("body", "said"), [
    ("coup 1\ndonneur: Anne\nlevées:\n  Anne: AP RX DP VP\n",
     [(6, 12, 2, "error", "'RX' is not a card: expected a card such as RP or 9♥")]),
    ("coup 1\ndonneur: Anne\nlevées:\n  Anne: AP RP DP VP KS\n",  # an English card: no French one
     [(6, 21, 2, "error", "'KS' is not a card: expected a card such as RP or 9♥")]),
    ("coup 1\ndonneurr: Anne\nnul: maldonne\n",
     [(4, 1, 9, "error", "hand 1 skipped: its second line is not `donneur: NAME` (every hand names its "
                         "dealer); did you mean 'donneur:'?")]),
    ("coup 1\ndonneur: Anne\nécart:\n  Anne écarte\n",
     [(6, 14, 1, "error", "this line ends too soon: expected a card such as RP or 9♥ (hand 1 is skipped: "
                          "it is not replayed or settled until this is put right)")]),
    ("coup 1\ndonneur: Anne\nirrégulier: oops Anne\n",
     [(5, 13, 4, "error", "unexpected 'oops': expected an irregularity: renonce, avant-son-tour, regard, "
                          "découverte or maldonne (hand 1 is skipped: it is not replayed or settled until "
                          "this is put right)")]),
    ("Coup 1\ndonneur: Anne\nnul: maldonne\n",
     [(3, 1, 6, "error", "hand 1 skipped: its first line is not `coup N` (write it in lower case: 'coup 1', "
                         "not 'Coup 1')")]),
    ("main 1\ndonneur: Anne\nnul: maldonne\n",
     [(3, 1, 4, "warning", "a French record's hand begins 'coup 1' ('main' is the cards a player holds): "
                           "read as one all the same")]),
    ("coup\ndonneur: Anne\nnul: maldonne\nmain\ndonneur: Anne\nnul: maldonne\n",
     [(6, 1, 4, "warning", "a French record's hand begins 'coup' ('main' is the cards a player holds): "
                           "read as one all the same")]),
])
def test_a_french_record_s_mistake_is_said_with_its_french_words_at_its_french_place(body, said):
    assert [(d.span.line, d.span.column, d.span.width, d.severity, d.message)
            for d in read_text(HEAD + body).diagnostics] == said


def test_a_language_that_is_neither_french_nor_english_is_refused_at_its_word():
    text = "langue: de\njoueurs: Anne Bruno Claire Denis\ncoup 1\ndonneur: Anne\nnul: maldonne\n"
    assert [(d.span, d.message) for d in read_text(text).diagnostics][-1] == (
        Span(1, 9, 2), "the record's language is 'fr' (French cards and words) or 'en', not 'de'")


def test_players_named_as_a_hand_begins_are_each_refused_where_they_stand():
    text = "langue: fr\n# c\njoueurs: coup Bruno main \"main\" Main\ncoup 1\ndonneur: Bruno\nnul: maldonne\n"
    assert hand_word_players(text) == [(3, 10, "coup"), (3, 21, "main")]
    assert hand_word_players("langue: fr\ncoup 1\njoueurs: coup\n") == []  # a players line after a hand
    assert old_hand_line("coup 1\n  main 12 # x\nmain 3\n") == (2, 3, "12")
    assert old_hand_line("coup 1\nmain\n") == (2, 1, "")
    assert old_hand_line("coup 1\nmaine 2\n") is None


# ================================================================ small functions
def test_a_french_card_in_an_english_record_is_hinted_and_an_english_one_is_not():
    assert french_hint("RC") == ("; 'RC' is a French card: add the header line 'lang: fr' to write the "
                                 "record in French")
    assert french_hint("AS") == french_hint("KS") == french_hint("ZZ") == ""  # 'AS' is a card both ways


def test_a_ten_keeps_its_suit_symbol_in_french():
    assert (french_spelling("10♥"), french_spelling("10h"), french_spelling("T♣")) == ("10♥", "10C", "10♣")


def test_a_message_names_the_keywords_the_french_way():
    assert french_keywords("'players:' names 5 players; expected 'party: A wins, B loses' in tricks: x") == (
        "'joueurs:' names 5 players; expected 'partie: A gagne, B perd' in levées: x")
    assert french_keywords("a void hand (void: misdeal) has no 'deal:'") == (
        "a void hand (nul: maldonne) has no 'donne:'")


def test_a_place_in_the_english_text_is_carried_back_to_the_french_text():
    french = HEAD + "coup 1\ndonneur: Anne\névénements:\n  3. Anne place RP sur P, Bruno la prend\n"
    english, spelled = to_english(french)
    assert english.split("\n")[5] == "  3. Anne places KS on S, Bruno takes it"
    # 'places' (11-16) is 'place' (11-15): the column after it moves back one; a column inside a
    # word is its first; 'on' (21-22) is 'sur' (20-22), so 'S' at 24 is 'P' at 24
    assert [spelled.column(6, c) for c in (10, 11, 14, 17, 18, 19, 20, 21, 23, 24, 26)] == [
        10, 11, 11, 16, 17, 17, 19, 20, 23, 24, 26]
    assert spelled.column(6, 17, end=True) == 16 and spelled.column(6, 23, end=True) == 23
    assert spelled.span(Span(6, 18, 2)) == Span(6, 17, 2)  # 'KS' is 'RP'
    assert spelled.span(Span(6, 11, 3)) == Span(6, 11, 5)  # a span ending inside a word ends with it
    assert spelled.span(Span(6, 24, 1)) == Span(6, 24, 1)  # 'S' is 'P'
    assert spelled.span(Span(6, 11, 6)) == Span(6, 11, 5)  # 'places' is 'place'
    assert spelled.span(Span(6, 11, 12)) == Span(6, 11, 12)  # 'places KS on' is 'place RP sur'
    assert spelled.span(Span(1, 1, 3)) == Span(1, 1, 3)  # a line without swaps (the blanked one): as it is
    assert spelled.span(Span(4, 1, 7)) == Span(4, 1, 8)  # 'dealer:' is 'donneur:'
    assert spelled.message(6, "'KS' is not a card") == "'RP' is not a card"
    assert spelled.message(6, "'places KS on S'") == "'place KS on S'"  # a quoted line: its first word
    assert spelled.message(-6, "KS") == "RP" and spelled.message(-6, "Zoé") == "Zoé"
    assert Spelled("en").remap(Span(1, 1)) == Span(1, 1)


@pytest.mark.parametrize(("line", "french"), [
    ('  "Jo with Al" keeps', '  "Jo with Al" garde'),  # a phrase inside a quoted name stays as written
    ("  Anne peeks  and\tdiscards QC", "  Anne regarde et écarte DT"),  # a phrase spaced otherwise
    ("  Anne: AS KS QS JS # AS on S", "  Anne: AP RP DP VP # AS on S"),  # a comment stays as written
    ('"Jo on Al": AS', '"Jo on Al": AP'),  # a quoted name at the start of its line
    ('  "A B" 2S, "Jo with Al" 3S', '  "A B" 2P, "Jo with Al" 3P'),  # the second quoted name of a line
    ("  Simon -> Bruno 5", "  Simon -> Bruno 5"),  # after a name ending in 'on', no suit
])
def test_format_in_french_leaves_quoted_names_and_comments_as_written(line, french):
    assert to_french(line) == "langue: fr\n" + french


@pytest.mark.parametrize("name", ["avec", "donneur", "coup", "Rc"])
def test_a_player_named_as_a_french_word_or_card_cannot_be_written_in_french(name):
    with pytest.raises(ValueError) as caught:
        to_french(f"players: Anne {name} Claire Denis")
    assert str(caught.value) == (f"the player's name '{name}' reads as a card or a keyword in a French "
                                 "record: write it in quotes to write the record in French")


@pytest.mark.parametrize("header", [
    ENGLISH.split("\nhand 1\n")[0] + "\n",
    'players:\tAnne  "Marie Claire"\tBruno Denis   # in order of play\n\nstake:  40\n  date: 2026-01-02\n'
    "rule deck : 52\nrules: parlett\n",
])
def test_the_quick_header_reader_builds_the_very_header_lark_builds(header):
    quick, said = read_header_repeats(header)
    built, diagnostics = _parse_with_recovery(header, "header", 0, context=None, keep_partial=True)
    assert said == diagnostics == []
    assert repr(quick) == repr(built)  # every value and every place
    assert quick.lines[0] == ("title", 1) or quick.lines[0] == ("players", 1)


def test_a_name_that_reads_as_a_french_card_is_refused_once_and_read_as_written_elsewhere():
    text = (HEAD.replace("Anne", "Vc") + "coup 1\ndonneur: Vc\nlevées:\n  Vc: AP RP DP VP\n"
            "  Bruno AC, Vc RC, Claire DC, Denis 2C\n")
    result = read_text(text)
    assert [(d.span, d.message) for d in result.diagnostics] == [
        (Span(2, 10, 2), "a player may not be named 'Vc': it reads as a card")]
    hand = result.hands[0].record
    assert repr((hand.dealer, hand.tricks[0].leader, hand.tricks[1].players[1])) == repr((
        Name("Vc", Span(4, 10, 2)), Name("Vc", Span(6, 3, 2)), Name("Vc", Span(7, 13, 2))))


def test_a_phrase_inside_a_quoted_name_of_a_french_record_is_not_read_as_one():
    assert to_english("langue: fr\n  \"Jo avec Al\" garde")[0] == "          \n  \"Jo avec Al\" keeps"
    # a phrase spaced otherwise is the phrase all the same
    assert to_english("langue: fr\n  Anne regarde  et\técarte DT")[0] == (
        "          \n  Anne peeks and discards QC")


def test_a_line_of_a_french_record_with_nothing_to_turn_keeps_its_names_where_they_are():
    result = read_text(HEAD + "coup 1\ndonneur: Anne\nlevées:\n  Anne: A♠ 2♠ 3♠ 4♠\n")
    assert result.diagnostics == []
    assert repr(result.hands[0].record.tricks[0].leader) == repr(Name("Anne", Span(6, 3, 4)))


def test_a_french_players_line_takes_its_names_as_written_even_a_french_word():
    text = "langue: fr\njoueurs: Anne garde Claire Denis\ncoup 1\ndonneur: garde\nnul: maldonne\n"
    result = read_text(text)
    assert result.diagnostics == []  # 'garde' is no keyword: only 'keeps' would be
    assert result.header.player_names == ("Anne", "garde", "Claire", "Denis")
    assert repr(result.hands[0].record.dealer) == repr(Name("garde", Span(4, 10, 5)))
    # after a name that ends in 'sur', no suit is read
    assert to_english("langue: fr\n  Tsur -> Bruno 5")[0] == "          \n  Tsur -> Bruno 5"


def test_a_hash_inside_a_quoted_name_begins_no_comment_and_a_line_is_turned_from_its_first_column():
    assert to_french('  "A#1": AS KS # AS') == 'langue: fr\n  "A#1": AP RP # AS'
    assert to_english('langue: fr\n  "A#1": AP RP # AP')[0] == '          \n  "A#1": AS KS # AP'
    assert to_english("langue: fr\nRP DP")[0] == "          \nKS QS"  # no keyword: from column 1
    assert to_english("langue: fr\n  Anne écarte AP # garde avec")[0] == (
        "          \n  Anne discards AS # garde avec")  # a comment's words stay as written


def test_a_french_record_s_lang_line_is_blanked_wherever_it_stands_in_the_header():
    for head in ("# a comment\nlangue: fr\n", "\nlangue: fr\n"):
        result = read_text(head + "joueurs: A B C D\ncoup 1\ndonneur: A\nnul: maldonne\n")
        assert result.diagnostics == [] and result.header.lang == "fr"
    # written with the English words alone, it has nothing to carry back: its messages stay English
    result = read_text("langue: fr\nplayers: A B C\nhand 1\ndealer: A\nvoid: misdeal\n")
    assert [(d.span, d.message) for d in result.diagnostics] == [
        (Span(2, 10, 1), "'players:' names 3 players; Reversis is played by exactly four")]


def test_the_words_a_french_record_s_first_lines_are_found_at():
    assert old_hand_line("\nmain 2\n") == (2, 1, "2")
    assert hand_word_players("joueurs: coup B C D\ncoup 1\n") == [(1, 10, "coup")]
    assert hand_word_players("joueurs: coup B C D\n") == [(1, 10, "coup")]  # no hand yet
    assert hand_word_players("\njoueurs: coup B C D\n") == [(2, 10, "coup")]
