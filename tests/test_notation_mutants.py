"""Fixed, hand-worked records for the reader (notation/), each with its exact findings (issue 43).

Written for the mutants of notation/ that the other fast tests let live (bench/mutants-notation.md):
each test reads a small record, or calls one function of notation/, and states what must come
back, to the column and the word. No hypothesis, no subprocess: the file runs in about a second.

Players sit Anne Bruno Claire Denis in order of play.
"""
from __future__ import annotations

import os
import types
from decimal import Decimal

import pytest

from reversis_score.notation import lalr
from reversis_score.notation.cards import Card
from reversis_score.notation.diagnostics import Diagnostic, render
from reversis_score.notation.french import english_value, record_language, to_english
from reversis_score.notation.lexicon import (
    is_count,
    is_pool_side,
    per_fish,
    pool_number,
    quote,
    trick_number,
    uncommented,
)
from reversis_score.notation.parse import decode, in_grammar_spelling, normalise, read_text, split_chunks
from reversis_score.notation.records import (
    DealLine,
    EventCard,
    ExchangeLine,
    Name,
    PlacedCard,
    ReversisLine,
    Span,
)
from reversis_score.notation.suggest import did_you_mean, nearest

PLAYERS = "players: Anne Bruno Claire Denis\n"
VOID = "dealer: Anne\nvoid: misdeal\n"


def findings(text: str) -> list[tuple]:
    """Every diagnostic of a record: (line, column, width, hand, trick, message)."""
    return [(d.span.line, d.span.column, d.span.width, d.hand, d.trick, d.message)
            for d in read_text(text).diagnostics]


def hands(text: str) -> list[tuple[int, int, bool]]:
    """Each hand chunk read: (its number, its first line, whether it was skipped)."""
    return [(h.number, h.first_line, h.record is None) for h in read_text(text).hands]


def card(token: str, line: int, column: int) -> PlacedCard:
    return PlacedCard(Card.parse(token), token, Span(line, column, len(token)))


# ================================================================ a hand line miswritten
SKIPPED = "hand {number} skipped: its first line is not `hand N` ({fix})"


@pytest.mark.parametrize(("line", "number", "fix"), [
    # a number beyond the one expected is taken as written: the hands after it count on from it
    ("Hand 3", 3, "write it in lower case: 'hand 3', not 'Hand 3'"),
    # a number below it is not: the hand keeps the number expected, the fix quotes what was written
    ("Hand 1", 2, "write it in lower case: 'hand 1', not 'Hand 1'"),
    ("Hand 2", 2, "write it in lower case: 'hand 2', not 'Hand 2'"),
    # no number: the one expected
    ("HAND", 2, "write it in lower case: 'hand 2', not 'HAND'"),
])
def test_a_hand_line_in_capitals_skips_its_hand_with_the_number_it_takes(line, number, fix):
    text = PLAYERS + "hand 1\n" + VOID + line + "\n" + VOID + "hand\n" + VOID
    assert findings(text) == [(5, 1, len(line), number, None, SKIPPED.format(number=number, fix=fix))]
    assert hands(text) == [(1, 2, False), (number, 5, True), (number + 1, 8, False)]


def test_a_hand_line_without_its_space_says_where_the_space_goes():
    text = PLAYERS + "hand 1\n" + VOID + "  hand2 # a comment\n" + VOID
    fix = "a space goes between 'hand' and its number: 'hand 2'"
    assert findings(text) == [(5, 3, 5, 2, None, SKIPPED.format(number=2, fix=fix))]
    assert hands(text) == [(1, 2, False), (2, 5, True)]


# ================================================================ exchange lines
def test_discards_written_against_its_card_is_read_as_two_tokens():
    # 'discards2S': no space, so the one-token NAME_DISCARDS terminal does not match and the
    # grammar's NAME _DISCARDS CARD rule reads the line (transform.py's second branch)
    text = PLAYERS + "hand 1\ndealer: Anne\nexchange:\n  Anne discards2S 3S\n  Bruno discards2H\n"
    result = read_text(text)
    assert result.diagnostics == []
    two, one = result.hands[0].record.exchange
    assert two.player == Name("Anne", Span(5, 3, 4)) and two.span == Span(5, 3, 4)
    assert repr((two.action, two.card, two.second)) == repr(  # a card's place too, as == does not
        ("discards-two", card("2S", 5, 16), card("3S", 5, 19)))
    assert one.player == Name("Bruno", Span(6, 3, 5))
    assert repr((one.action, one.card, one.second)) == repr(("discards", card("2H", 6, 17), None))


# ================================================================ events
def test_a_made_reversis_has_no_breaker_no_trick_and_no_late_quinola():
    text = PLAYERS + "hand 1\ndealer: Anne\nevents:\n  reversis: Anne makes it\n"
    result = read_text(text)
    assert result.diagnostics == []
    assert result.hands[0].record.events.reversis == (
        ReversisLine(Name("Anne", Span(5, 13, 4)), None, None, False, Span(5, 3, 9)),)


def name(text: str, line: int, column: int) -> Name:
    return Name(text, Span(line, column, len(text)))


@pytest.mark.parametrize(("line", "expected"), [
    ("10. Bruno places AS on H, Claire takes it",
     EventCard(10, "placed", name("Bruno", 5, 7), card("AS", 5, 20),
               name("Claire", 5, 29), "H", False, Span(5, 3, 3))),
    ("10. Bruno places AS on ♦, Claire gathers it",
     EventCard(10, "placed", name("Bruno", 5, 7), card("AS", 5, 20),
               name("Claire", 5, 29), "D", True, Span(5, 3, 3))),
    # each suit's symbol, and a suit's letter in any case
    *[(f"2. Anne places {ace} on {suit}, Bruno takes it", EventCard(2, "placed", name("Anne", 5, 6),
        card(ace, 5, 18), name("Bruno", 5, 27), letter, False, Span(5, 3, 2)))
      for ace, suit, letter in (("AS", "♥", "H"), ("AH", "♠", "S"), ("AH", "♣", "C"), ("AH", "s", "S"))],
    ("10. Bruno places AS, Claire takes it",
     EventCard(10, "placed", name("Bruno", 5, 7), card("AS", 5, 20),
               name("Claire", 5, 24), None, False, Span(5, 3, 3))),
    ("7. Bruno leads AD",
     EventCard(7, "led", name("Bruno", 5, 6), card("AD", 5, 18), None, None, False, Span(5, 3, 2))),
    ("8. Bruno forces AC from Claire",  # the player is the one who had to play it; the other, the leader
     EventCard(8, "forced", name("Claire", 5, 27), card("AC", 5, 19),
               name("Bruno", 5, 6), None, False, Span(5, 3, 2))),
])
def test_an_ace_s_event_is_read_to_its_exact_places(line, expected):
    result = read_text(PLAYERS + "hand 1\ndealer: Anne\nevents:\n  " + line + "\n")
    assert result.diagnostics == []
    assert repr(result.hands[0].record.events.cards) == repr((expected,))  # every place, as == does not


@pytest.mark.parametrize(("line", "trick", "by_quinola"), [
    ("reversis: Anne, broken by Bruno in trick 10", 10, False),
    ("reversis: Anne, broken by Bruno in trick 11 with Quinola", 11, True)])
def test_a_broken_reversis_names_its_breaker_its_trick_and_whether_quinola_broke_it(line, trick, by_quinola):
    result = read_text(PLAYERS + "hand 1\ndealer: Anne\nevents:\n  " + line + "\n")
    assert result.diagnostics == []
    assert result.hands[0].record.events.reversis == (ReversisLine(
        Name("Anne", Span(5, 13, 4)), Name("Bruno", Span(5, 29, 5)), trick, by_quinola, Span(5, 3, 9)),)


# ================================================================ a line that is not the dealer's
DEALER = "hand 1 skipped: its second line is not `dealer: NAME` (every hand names its dealer)"


def test_a_misspelt_dealer_line_gets_its_did_you_mean():
    assert findings(PLAYERS + "hand 1\ndeeler: Anne\nvoid: misdeal\n") == [
        (3, 1, 7, 1, None, DEALER + "; did you mean 'dealer:'?")]
    # a player's name is no near miss of a keyword: no hint
    assert findings(PLAYERS + "hand 1\nAnne: Anne\nvoid: misdeal\n") == [(3, 1, 5, 1, None, DEALER)]


# ================================================================ small functions
def test_a_token_that_is_no_card_is_refused_in_words():
    with pytest.raises(ValueError) as caught:
        Card.parse("ZZ")
    assert str(caught.value) == "'ZZ' is not a card: expected a card such as AS or 9♥"


@pytest.mark.parametrize(("name", "choices", "meant"), [
    ("Cl", ["Claire", "Bruno"], "Claire"),  # the only one it begins
    ("Cl", ["Claire", "Clara"], None),  # two begin with it, and neither is close enough
    ("Clare", ["Bruno", "Claire", "Clara"], "Claire"),  # the closest
    ("ANNE", ["Bruno", "Anne"], "Anne"),  # too far for difflib: the one that differs in case only
    ("x", ["Anne"], None),
])
def test_the_nearest_name_is_the_one_meant(name, choices, meant):
    assert nearest(name, choices) == meant
    assert did_you_mean(name, choices) == (f"; did you mean '{meant}'?" if meant else "")


@pytest.mark.parametrize(("header", "language"), [
    ("players: A B C D\nlangue: fr\n", "fr"), ("lang: en\nplayers: A B C D\n", "en"),
    ("lang:  de # a comment\n", "de"), ("players: A B C D\n", None)])
def test_a_record_s_language_is_its_lang_line_s(header, language):
    assert record_language(header) == language


@pytest.mark.parametrize(("written", "value"), [
    ("oui", "yes"), (" Par-Levée ", "by-trick"), ("à-rebours", "reverse"), ("aucune", "none"),
    ("48", "48"), ("ad5-jh4", "ad5-jh4")])
def test_a_knob_value_written_in_french_is_its_english_twin(written, value):
    assert english_value(written) == value


def test_a_rate_per_jeton_is_a_fifth_of_it_per_fish():
    assert per_fish("jeton", "0.50") == Decimal("0.1")
    assert per_fish("fish", "0.05") == Decimal("0.05")
    assert per_fish("fish", "x") == Decimal(0)


def test_the_grammar_s_spelling_of_a_record_is_its_own_unless_it_names_its_language():
    english = PLAYERS + "hand 1\n" + VOID
    assert in_grammar_spelling(english) == (english, None)
    french = "langue: fr\njoueurs: Anne Bruno Claire Denis\ncoup 1\ndonneur: Anne\nnul: maldonne\n"
    text, spelled = in_grammar_spelling(french)
    assert (text, spelled) == to_english(french)
    assert text == "          \nplayers: Anne Bruno Claire Denis\nhand 1\ndealer: Anne\nvoid: misdeal\n"


def test_cards_apart_by_tabs_or_two_spaces_keep_their_own_columns():
    result = read_text(PLAYERS + "hand 1\ndealer: Anne\ntricks:\n  Anne: AS  KS\tQS JS\n")
    assert result.diagnostics == []
    assert [(c.token, c.span) for c in result.hands[0].record.tricks[0].cards] == [
        ("AS", Span(5, 9, 2)), ("KS", Span(5, 13, 2)), ("QS", Span(5, 16, 2)), ("JS", Span(5, 19, 2))]


def test_a_header_key_given_twice_is_named_as_written():
    text = "session: a\nsession: b\n" + PLAYERS + "players: A B C D\nhand 1\n" + VOID
    assert [(d.span, d.message) for d in read_text(text).diagnostics] == [
        (Span(2, 1, 10), "'session' is given twice (first on line 1); each header key is given once"),
        (Span(4, 10, 1), "'players' is given twice (first on line 3); each header key is given once")]


# ================================================================ a night's header lines
NIGHT = [
    ("club: " + "c" * 200, {"club": "c" * 200}, []),
    ("club: " + "c" * 201, {"club": None},
     [(2, 7, 201, "the club's name is 201 characters long: at most 200")]),
    ("carried: None", {"carried": ()}, []),
    ("carried: NONE", {"carried": ()}, []),
    ("carried: Aucun", {"carried": ()}, []),
    ("carried:", {"carried": ()}, []),
    ("carried: 25, 40", {"carried": (25, 40)}, []),
    ("carried: 25 x", {"carried": None},
     [(2, 10, 4, "'x' is not a pool: 'carried:' lists the pools brought from the last night, oldest first, "
                 "e.g. 'carried: 25 40'")]),
    ("paid: YES", {"paid_all": True}, []),
    ("paid: Non", {"paid_all": False}, []),
    ("paid: Anne -> Bruno 0", {"paid_all": None, "paid": ()},
     [(2, 7, 15, "'0' is not an amount of fish: expected a whole number from 1 to 1,000,000,000")]),
    ("paid: Anne -> Anne 3", {"paid": ()},
     [(2, 7, 14, "'Anne' pays himself: a payment at the table is between two players")]),
    ("paid: Anne => Bruno 3", {"paid": ()},
     [(2, 7, 15, "'Anne => Bruno 3' is not a payment at the table: write 'paid: yes', or "
                 "'paid: Anne -> Bruno 12' for each sum handed over")]),
    ("jeton: 0,50 EUR", {"rate": ("jeton", "0.50", "EUR")}, []),
    ("fish: 1 XYZ", {"rate": None},
     [(2, 7, 5, "'1 XYZ' is not a rate: write an amount and a currency code, e.g. 'fish: 0.50 EUR'")]),
]


@pytest.mark.parametrize(("line", "fields", "said"), NIGHT, ids=[n[0][:20] for n in NIGHT])
def test_a_night_s_header_line_gives_its_value_or_its_message(line, fields, said):
    result = read_text(PLAYERS + line + "\nhand 1\n" + VOID)
    assert {name: getattr(result.header, name) for name in fields} == fields
    assert [(d.span.line, d.span.column, d.span.width, d.message) for d in result.diagnostics] == said


# ================================================================ the parser's tables on disk
@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "one" / "two"  # neither exists yet
    monkeypatch.setenv("REVERSIS_SCORE_CACHE", str(folder))
    lalr.parser.cache_clear()
    yield folder
    lalr.parser.cache_clear()


def test_the_cache_folder_is_the_setting_s_else_xdg_s_else_the_home_s(monkeypatch, tmp_path):
    monkeypatch.delenv("REVERSIS_SCORE_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert lalr.cache_dir() == tmp_path / "xdg" / "reversis-score"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert lalr.cache_dir() == tmp_path / "home" / ".cache" / "reversis-score"
    home = tmp_path / "home" / ".cache" / "reversis-score"
    assert lalr.cache_path() == home / f"lalr-{lalr.cache_key()[:32]}.pickle"
    monkeypatch.setenv("REVERSIS_SCORE_CACHE", str(tmp_path / "mine"))
    assert lalr.cache_dir() == tmp_path / "mine"


def test_the_key_follows_the_options_and_python_s_minor_version_not_its_micro(monkeypatch):
    key = lalr.cache_key("grammar")
    monkeypatch.setitem(lalr.OPTIONS, "lexer", "basic")
    assert lalr.cache_key("grammar") != key
    monkeypatch.undo()
    for version, same in (((3, 11, 0), True), ((3, 11, 9), True), ((3, 12, 0), False), ((4, 11, 0), False)):
        monkeypatch.setattr(lalr, "sys", types.SimpleNamespace(version_info=version))
        keys = {lalr.cache_key("grammar")}
        monkeypatch.setattr(lalr, "sys", types.SimpleNamespace(version_info=(3, 11, 5)))
        keys.add(lalr.cache_key("grammar"))
        assert (len(keys) == 1) == same, version


def test_the_tables_are_written_beside_their_file_then_renamed_into_a_private_folder(cache, monkeypatch):
    renamed = []
    real = os.replace
    monkeypatch.setattr(lalr.os, "replace", lambda a, b: (renamed.append((a, b)), real(a, b))[1])
    built, _ = lalr.parser()  # builds the tables, and saves them
    path = lalr.cache_path()
    assert path.exists() and path.parent == cache
    assert (cache.stat().st_mode & 0o777) == 0o700
    (temp, final), = renamed
    temp = os.path.basename(temp)
    assert os.path.dirname(renamed[0][0]) == str(cache) and final == path
    assert temp.startswith(f".{path.name}.") and temp.endswith(".tmp")
    assert path.read_bytes().startswith(lalr.cache_key().encode("ascii") + b"\n")
    assert b"RecordBuilder" not in path.read_bytes()  # the Transformer is attached at load, not kept
    assert lalr.save_cached(built, path) is True


def test_tables_that_fail_to_be_written_leave_no_temporary_file(cache):
    class Broken:
        def save(self, out, exclude):
            out.write(b"half")
            raise OSError("disk full")

    cache.mkdir(parents=True)
    path = cache / "tables.pickle"
    assert lalr.save_cached(Broken(), path) is False
    assert list(cache.iterdir()) == []


# ================================================================ the records' equality
def test_a_record_tuple_is_equal_and_hashed_on_its_compared_fields_alone_and_only_to_its_own_class():
    anne, anne_there = Name("Anne", Span(1, 1, 4)), Name("Anne", Span(9, 9, 4))
    bruno = Name("Bruno", Span(1, 1, 5))
    assert anne == anne_there and not anne != anne_there and hash(anne) == hash(anne_there) == hash(("Anne",))
    assert anne != bruno and not anne == bruno
    assert anne != ("Anne", Span(1, 1, 4)) and not anne == ("Anne", Span(1, 1, 4))  # a plain tuple: never
    assert Name.__eq__(anne, "Anne") is NotImplemented and Name.__ne__(anne, "Anne") is NotImplemented
    ace, ace_there = card("AS", 1, 1), PlacedCard(Card("A", "S"), "as", Span(5, 5, 2))
    assert ace == ace_there and hash(ace) == hash(ace_there) == hash((Card("A", "S"),))
    assert ace != card("KS", 1, 1)
    deal = DealLine(anne, (ace,), None, Span(1, 1))
    assert deal == DealLine(anne_there, (ace_there,), None, Span(7, 7))  # its span is not compared
    assert hash(deal) == hash(DealLine(anne_there, (ace_there,), None, Span(7, 7)))
    assert hash(deal) == hash((anne, (ace,), None))
    assert deal != DealLine(anne, (ace,), card("KS", 1, 1), Span(1, 1))
    keeps = ExchangeLine(anne, "keeps", None, Span(1, 1))
    assert keeps != ExchangeLine(anne, "takes", None, Span(1, 1)) and keeps != deal


# ================================================================ a diagnostic as text
def test_a_diagnostic_is_its_place_its_severity_its_hand_and_trick_then_its_line_and_caret():
    lines = [""] * 6 + ["  ZZ"]
    assert render(Diagnostic("'ZZ' is not a card", Span(7, 3, 2)), "x.rvs", lines) == (
        "x.rvs:7:3: error: 'ZZ' is not a card\n"
        "   7 |   ZZ\n"
        "     |   ^^")
    assert render(Diagnostic("'ZZ' is not a card", Span(7, 3, 2), hand=2, trick=5), "x.rvs", lines) == (
        "x.rvs:7:3: error: hand 2, trick 5: 'ZZ' is not a card\n"
        "   7 |   ZZ\n"
        "     |   ^^")
    # a message that names its hand first takes no prefix; a line beyond the text has no excerpt
    assert render(Diagnostic("hand 3 skipped: x", Span(1, 1), hand=3), "x.rvs", ["a"]) == (
        "x.rvs:1:1: error: hand 3 skipped: x\n   1 | a\n     | ^")
    assert render(Diagnostic("beyond", Span(9, 1, 1)), "x.rvs", ["a"]) == "x.rvs:9:1: error: beyond"
    assert render(Diagnostic("no place", None, hand=3), "x.rvs", None) == "x.rvs: error: hand 3: no place"
    # another file's diagnostic (a house-rules TOML file) brings its own line
    toml = Diagnostic("bad toml", Span(2, 5, 3), file="h.toml", source_line="ab = xyz\n")
    assert render(toml, "x.rvs", ["a"]) == "h.toml:2:5: error: bad toml\n   2 | ab = xyz\n     |     ^^^"
    assert render(Diagnostic("bad", Span(2, 1), file="h.toml"), "x.rvs", ["a"]) == (
        "h.toml:2:1: error: bad\n   2 | \n     | ^")  # its line unknown: shown empty
    assert render(Diagnostic("nowhere", Span(0, 1)), "x.rvs", ["a", "b"]) == "x.rvs:0:1: error: nowhere"


def test_a_long_line_is_cut_around_its_caret_and_a_wide_caret_is_cut_to_sixty():
    long = "  Anne: " + "AS " * 60 + "ZZ " + "KS " * 30  # 281 characters, ZZ at column 189
    said = Diagnostic("'ZZ' is not a card", Span(7, 189, 2), hand=2, trick=5)
    shown = render(said, "x.rvs", [""] * 6 + [long])
    head, line, caret = shown.split("\n")
    assert head == "x.rvs:7:189: error: hand 2, trick 5: 'ZZ' is not a card"
    assert line == "   7 | …" + long[148:268] + "…"  # from 40 characters before the caret, 120 of them
    assert caret == "     | " + " " * 41 + "^^" and line[7 + 41:7 + 43] == "ZZ"
    tabbed = "\tZZ" + "x" * 300
    shown = render(Diagnostic("w", Span(7, 3, 500), severity="warning", hand=1), "x.rvs", [""] * 6 + [tabbed])
    assert shown.split("\n") == ["x.rvs:7:3: warning: hand 1: w", "   7 | " + (" ZZ" + "x" * 300)[:120] + "…",
                                 "     |   " + "^" * 60]
    exactly = "  ZZ" + "x" * 113 + "   "  # 120 characters, the last three spaces: shown whole, as written
    assert render(Diagnostic("w", Span(1, 3, 2)), "x.rvs", [exactly]).split("\n")[1] == "   1 | " + exactly


# ================================================================ the header's words
VOID_HAND = "hand 1\n" + VOID
TWICE = "'{key}' is given twice (first on line 2); each header key is given once"


def test_a_key_given_often_is_said_three_times_then_summed_up_once():
    assert findings(PLAYERS + "stake: 1\n" * 6 + VOID_HAND) == [
        (3, 8, 1, None, None, TWICE.format(key="stake")), (4, 8, 1, None, None, TWICE.format(key="stake")),
        (5, 8, 1, None, None, TWICE.format(key="stake")),
        (6, 8, 1, None, None, "'stake' is given 6 times, first on line 2; each header key is given once "
                              "(this line and 1 more are not listed one by one)")]
    assert findings(PLAYERS + "rule deck: 48\n" * 5 + VOID_HAND)[2:] == [
        (5, 6, 4, None, None, TWICE.format(key="rule deck")),
        (6, 6, 4, None, None, "'rule deck' is given 5 times, first on line 2; each header key is given once "
                              "(this line and 0 more are not listed one by one)")]


@pytest.mark.parametrize(("players", "said"), [
    ('"" "pool:2" panier deal', [
        (1, 10, 2, "a player's name cannot be empty"),
        (1, 13, 8, "a player may not be named 'pool:2': it names a pool in table lines and in the ledger"),
        (1, 22, 6, "a player may not be named 'panier': it names a pool in table lines and in the ledger"),
        (1, 29, 4, "a player may not be named 'deal': it is a keyword")]),
    ('Anne Bruno Claire AS', [(1, 28, 2, "a player may not be named 'AS': it reads as a card")]),
    ('Anne Bruno Claire "  "', [(1, 28, 4, "a player's name cannot be empty")]),
    ('Anne Bruno Claire', [(1, 10, 4, "'players:' names 3 players; Reversis is played by exactly four")]),
    ('Anne', [(1, 10, 4, "'players:' names 1 player; Reversis is played by exactly four")]),
    ('Anne Bruno Anne Denis',
     [(1, 21, 4, "'Anne' is named twice in 'players:': four distinct names are needed")]),
    ('Anne Bruno Claire ' + 'D' * 41,
     [(1, 28, 41, f"'{'D' * 41}' is 41 characters long: a player's name is at most 40")]),
    ('Anne Bruno Claire ' + 'D' * 40, []),
])
def test_a_players_line_gets_each_of_its_problems_at_its_name(players, said):
    assert [f[:3] + f[5:] for f in findings(f"players: {players}\n" + VOID_HAND)] == said


@pytest.mark.parametrize(("line", "said"), [
    ("session: " + "s" * 201, (1, 1, 210, "the session's title is 201 characters long: at most 200")),
    ("stake: 1000000001", (1, 8, 10, "'1000000001' is not a stake: expected a whole number of fish up to "
                                     "1,000,000,000, e.g. 100")),
    ("date: 2026-13-01", (1, 7, 10, "'2026-13-01' is not a date: write it as YYYY-MM-DD, e.g. 2026-11-15")),
])
def test_a_header_value_that_does_not_read_is_said_at_it(line, said):
    assert [f[:3] + f[5:] for f in findings(line + "\n" + PLAYERS + VOID_HAND)] == [said]


def test_the_words_of_the_notation():
    sides = ["pool", "pool:3", "pool:x", "pool:" + "1" * 11, "pool:" + "1" * 10, "Anne"]
    assert [pool_number(x) for x in sides] == [None, 3, 0, 0, 1111111111, None]
    assert [is_pool_side(x) for x in ["pool", "pool:2", "pools", "Anne"]] == [True, True, False, False]
    assert [quote(x) for x in ["Anne", "Marie Claire", "d'Eon", "9x"]] == [
        "Anne", '"Marie Claire"', "d'Eon", '"9x"']
    assert [is_count(x) for x in ["0", "1000000000", "1000000001", "٣", "0" * 20 + "1", "12a"]] == [
        True, True, False, False, True, False]
    assert (trick_number("3."), trick_number("0" * 20 + "3."), trick_number("1" * 11 + ".")) == (3, 3, None)
    assert trick_number("1234567890.") == 1234567890  # ten digits: still read
    assert uncommented(["a # b", "c"]) == ["a ", "c"] and uncommented(['"x" # y', "d#"]) == ['"x" ', "d"]
    assert uncommented(['"x # y"']) is None  # a '#' that may stand in a quoted name: Lark's
    assert uncommented(['a # "b']) == ["a "]  # a quote after the comment's '#' is the comment's


# ================================================================ syntax errors said in words
SKIP = " (hand 1 is skipped: it is not replayed or settled until this is put right)"
SECTION = "a section of the hand (deal:, exchange:, announce:, tricks:, irregular:, void:, claims:, table:)"


@pytest.mark.parametrize(("text", "said"), [
    (PLAYERS + "hand 1\n" + VOID + "stake: 5\n",
     [(5, 1, 5, 1, "'stake' is a header line and stands after the first hand: header lines come before the "
                   "first hand")]),
    (PLAYERS + "hand 1\n" + VOID + "  rule deck: 48\n",
     [(5, 3, 4, 1, "'rule' is a header line and stands after the first hand: header lines come before the "
                   "first hand")]),
    (PLAYERS + "dealer: Anne\nhand 1\n" + VOID,
     [(2, 1, 6, None, "'dealer' before any hand: a hand begins with a 'hand' line")]),
    (PLAYERS + "  tricks:\nhand 1\n" + VOID,
     [(2, 3, 6, None, "'tricks' before any hand: a hand begins with a 'hand' line")]),
    (PLAYERS + "hand 1\ndealer: Anne\n  trick:\n  Anne: AS KS QS JS\n",
     [(4, 3, 6, 1, "'trick:' is not a line of the notation; did you mean 'tricks:'?")]),
    (PLAYERS + "hand 1\ndealer: Anne\n\ttrickss: x\n",
     [(4, 2, 8, 1, "'trickss:' is not a line of the notation; did you mean 'tricks:'?"),
      (4, 10, 1, 1, "unexpected 'x': expected the end of the line")]),
    (PLAYERS + "hand 1\ndealer: Anne\n  levés: x\n",  # a French near miss, in an English record
     [(4, 3, 6, 1, "'levés:' is not a line of the notation; did you mean 'tricks:'?"),
      (4, 11, 1, 1, "unexpected 'x': expected the end of the line")]),
    (PLAYERS + "hand 1\ndealer: Anne\ntricks:\n  Anne: AS KS QS JS | gathered by\n",
     [(5, 34, 1, 1, "this line ends too soon: expected a player's name" + SKIP)]),
    (PLAYERS + "hand 1\ndealer: Anne\nannounce:",
     [(4, 10, 1, 1, "this line ends too soon: expected 'espagnolette NAME'" + SKIP)]),
    (PLAYERS + "hand 1\n",
     [(2, 7, 1, 1, "expected the dealer line ('dealer: NAME'), found the end of the hand" + SKIP)]),
    (PLAYERS + "hand 1\ndealer: Anne\nvoid: " + "m" * 40 + "\n",
     [(4, 7, 40, 1, "unexpected '" + "m" * 27 + "...': expected 'misdeal'" + SKIP)]),
    (PLAYERS + "hand 1\ndealer: Anne\ntricks:\n  Anne, RC DC VK AT\n",
     [(5, 7, 1, 1, "unexpected ',': expected a card such as AS or 9♥ or ':'; 'RC' is a French card: add the "
                   "header line 'lang: fr' to write the record in French" + SKIP)]),
    ("players: Anne Bruno Claire Denis\nXX\n",  # a line of X is no blank line
     [(2, 1, 2, None, "unexpected 'XX': expected a header line (session:, date:, players:, rules:, rule "
                      "KNOB: VALUE, stake:)")]),
    ("players: Anne Bruno Claire Denis\nwhat is this\n",
     [(2, 1, 4, None, "unexpected 'what': expected a header line (session:, date:, players:, rules:, rule "
                      "KNOB: VALUE, stake:)")]),
    ("players: Anne Bruno Claire Denis\nrules: \n",
     [(2, 8, 1, None, "this line ends too soon: expected a value")]),
    ("", [(1, 1, 1, None, "the file is empty: a record begins with its header ('players: A B C D'), then its "
                          "hands")]),
    ("session: x\n" + "hand 1\n" + VOID,
     [(1, 1, 1, None, "the header has no 'players:' line: name the four players in order of play")]),
])
def test_a_syntax_error_is_said_in_the_scorer_s_words_at_its_place(text, said):
    assert [f[:4] + f[5:] for f in findings(text)] == said


MORE_SYNTAX = [
    (PLAYERS + "deal:\nhand 1\n" + VOID,
     [(2, 1, 4, None, "'deal' before any hand: a hand begins with a 'hand' line")]),
    (PLAYERS + "hand 1\n" + VOID + "  rule deck 48\n",  # a rule line without its colon, after a hand
     [(5, 3, 4, 1, "'rule' is a header line and stands after the first hand: header lines come before the "
                   "first hand")]),
    (PLAYERS + "hand 1\ndealer: Anne\nevents:\n  points: Anne 3 2, Bruno 0\n",  # three things expected
     [(5, 18, 2, 1, "unexpected '2,': expected 'in N tricks', ',' between the explicit form's NAME CARD "
                    "pairs or the end of the line" + SKIP)]),
    (PLAYERS + "hand 1\ndealer: Anne\nstake: 5\n",  # said once: the line put aside is its own
     [(4, 1, 5, 1, "'stake' is a header line and stands after the first hand: header lines come before the "
                   "first hand")]),
    (PLAYERS + "hand 1\n# a comment\n",  # the end is met after the last line that says something
     [(3, 12, 1, 1, "expected the dealer line ('dealer: NAME'), found the end of the hand" + SKIP)]),
    (PLAYERS + "exchange:\nhand 1\n" + VOID,
     [(2, 1, 8, None, "'exchange' before any hand: a hand begins with a 'hand' line")]),
    (PLAYERS + "hand 1\n" + VOID + "session: a: b\n",  # the key is the word before the first colon
     [(5, 1, 7, 1, "'session' is a header line and stands after the first hand: header lines come before "
                   "the first hand")]),
    (PLAYERS + "hand 1\ndealer: Anne\n  trick: a: b\n",
     [(4, 3, 6, 1, "'trick:' is not a line of the notation; did you mean 'tricks:'?"),
      (4, 11, 2, 1, "unexpected 'a:': expected the end of the line")]),
    # two words before the colon, or no colon: no keyword misspelt
    (PLAYERS + "hand 1\ndealer: Anne\n  deal er: Anne\n",
     [(4, 3, 4, 1, "unexpected 'deal': expected " + SECTION + SKIP)]),
    (PLAYERS + "hand 1\ndealer: Anne\n  trick\n",
     [(4, 3, 5, 1, "unexpected 'trick': expected " + SECTION + SKIP)]),
    # a word of 30 characters is quoted whole, one of 31 cut
    (PLAYERS + "hand 1\ndealer: Anne\nvoid: " + "m" * 30 + "\n",
     [(4, 7, 30, 1, "unexpected '" + "m" * 30 + "': expected 'misdeal'" + SKIP)]),
    (PLAYERS + "hand 1\ndealer: Anne\nvoid: " + "m" * 31 + "\n",
     [(4, 7, 31, 1, "unexpected '" + "m" * 27 + "...': expected 'misdeal'" + SKIP)]),
    # a French card after the comment is no hint; one after a colon is
    (PLAYERS + "hand 1\ndealer: Anne\ntricks:\n  Anne, AS # RC # x\n",
     [(5, 7, 1, 1, "unexpected ',': expected a card such as AS or 9♥ or ':'" + SKIP)]),
    (PLAYERS + "hand 1\ndealer: Anne\ntricks:\n  Anne, x:RC\n",
     [(5, 7, 1, 1, "unexpected ',': expected a card such as AS or 9♥ or ':'; 'RC' is a French card: add the "
                   "header line 'lang: fr' to write the record in French" + SKIP)]),
    (PLAYERS + "hand 1\ndealer: Anne\nvoid:\u00a0misdeal\n",  # a space no terminal reads: itself, alone
     [(4, 6, 1, 1, "unexpected '\u00a0': expected 'misdeal'" + SKIP)]),
]


@pytest.mark.parametrize(("text", "said"), MORE_SYNTAX)
def test_a_syntax_error_s_key_word_and_hint_are_the_ones_written(text, said):
    assert [f[:4] + f[5:] for f in findings(text)] == said


# ================================================================ text, lines and chunks
def test_bytes_that_are_not_utf8_are_said_at_their_line_and_column():
    message = "the file is not UTF-8 text: byte 0xff cannot start or continue a character"
    text, said = decode(b"players: A\n  B\xff C\n")
    assert text is None and (said.message, said.span) == (message, Span(2, 4, 1))
    text, said = decode(b"players: \xc3\xa9\xff\n")  # 'é' is one column, not two bytes
    assert text is None and (said.message, said.span) == (message, Span(1, 11, 1))
    assert decode(b"\xef\xbb\xbfa\r\nb\rc") == ("a\nb\nc\n", None)


def test_text_is_composed_and_ends_with_a_newline():
    assert normalise("E\u0301lise") == "Élise\n" and normalise("") == "" and normalise("a\n") == "a\n"


def test_a_record_is_cut_before_each_line_that_begins_with_hand():
    assert split_chunks("hand 1\nx\n  hand 2\nhandy\nhand\n") == (
        "", [(1, "hand 1\nx\n"), (3, "  hand 2\nhandy\n"), (5, "hand\n")])
    assert split_chunks("p\nhand\n") == ("p\n", [(2, "hand\n")])
    assert split_chunks("p\nhandy\n") == ("p\nhandy\n", [])


def test_a_misspelt_header_keyword_is_put_right_and_its_whole_value_read():
    result = read_text("sesion: Night: at the club\n" + PLAYERS + VOID_HAND)
    assert result.header.title == "Night: at the club"  # the value keeps its own colon
    assert [(d.span, d.message) for d in result.diagnostics] == [
        (Span(1, 1, 7), "'sesion:' is not a line of the notation; did you mean 'session:'?")]


def test_an_event_s_trick_number_too_long_is_said_at_it():
    text = PLAYERS + "hand 1\ndealer: Anne\nevents:\n  12345678901. Anne leads AD\n"
    assert findings(text) == [
        (5, 3, 12, 1, None, "'12345678901.' is not a trick number: tricks are numbered 1 to 11")]



def test_each_key_given_again_is_summed_up_in_its_place_among_the_others():
    text = (PLAYERS + "session: a\nsession: b\n" + "stake: 1\n" * 5 + "date: 2026-01-01\ndate: 2026-01-02\n"
            + VOID_HAND)
    twice = "'{key}' is given twice (first on line {line}); each header key is given once"
    assert [(d.span.line, d.message) for d in read_text(text).diagnostics] == [
        (3, twice.format(key="session", line=2)), (5, twice.format(key="stake", line=4)),
        (6, twice.format(key="stake", line=4)), (7, twice.format(key="stake", line=4)),
        (8, "'stake' is given 5 times, first on line 4; each header key is given once (this line and 0 more "
            "are not listed one by one)"),
        (10, twice.format(key="date", line=9))]
