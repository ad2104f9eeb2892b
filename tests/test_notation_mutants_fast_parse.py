"""Fixed, hand-worked hands for the quick reader (notation/fast.py) and the chunking and recovery
around Lark (notation/parse.py), each with its exact result (issue 43).

Written for the mutants of those two files that the other fast tests let live
(bench/mutants-notation-fast-parse.md). A quick read is checked twice: against the record Lark
builds for the same chunk (every field and span, by repr) and against what the hand must say
(its numbers, names and columns, worked out by hand); a chunk the quick reader must leave to
Lark is checked to be left. No hypothesis, no subprocess: the file runs in about a second.

Players sit Anne Bruno Claire Denis in order of play.
"""
from __future__ import annotations

import pytest

from reversis_score import i18n
from reversis_score.notation import fast
from reversis_score.notation.diagnostics import NOTATION
from reversis_score.notation.fast import read_hand
from reversis_score.notation.parse import ParseResult, _parse_with_recovery, decode, read_head, read_text
from reversis_score.notation.records import HandRecord, Span

PLAYERS = "players: Anne Bruno Claire Denis\n"


def quick(chunk: str, first_line: int = 1, expected: int = 1) -> HandRecord:
    """The quick reader's record of a chunk, checked to be the very one Lark builds."""
    record = read_hand(chunk, first_line, expected)
    assert record is not None, chunk
    lark, diagnostics = _parse_with_recovery(chunk, "hand", first_line - 1, context=expected)
    assert diagnostics == [], chunk
    assert repr(record) == repr(lark), chunk
    return record


def left_to_lark(chunk: str, first_line: int = 1, expected: int = 1) -> None:
    assert read_hand(chunk, first_line, expected) is None, chunk


# ================================================================ parse.py: a hand Lark could not read
def test_a_hand_lark_cannot_read_has_its_number_and_the_notation_family():
    result = read_text(PLAYERS + "hand 1\ndealer: Anne\ntricks:\n  Anne: AS KS QS JS\n  Anne = 2H\n")
    [diagnostic] = result.diagnostics
    assert (diagnostic.span, diagnostic.hand, diagnostic.trick, diagnostic.family) == (
        Span(6, 10, 2), 1, None, NOTATION)
    assert result.hands[0].record is None


def test_a_session_keeps_the_name_of_its_file():
    session = read_text(PLAYERS + "hand 1\ndealer: Anne\nvoid: misdeal\n", "club.rvs").session()
    assert (session.file, [h.number for h in session.hands]) == ("club.rvs", [1])


# ================================================================ parse.py: a record with a 'lang:' line
def spelled(text: str) -> tuple[ParseResult, list[tuple]]:
    """A record with a 'lang:' line read as file x.rvs: the result, and (line, column, width,
    severity, message) of each diagnostic."""
    result = read_text(text, "x.rvs")
    assert (result.file, result.lines) == ("x.rvs", text.split("\n"))
    return result, [(d.span.line, d.span.column, d.span.width, d.severity, d.message)
                    for d in result.diagnostics]


NOT_A_HEADER_LINE = ("unexpected 'joueurs:': expected a header line (session:, date:, players:, rules:, "
                     "rule KNOB: VALUE, stake:)")


def test_a_language_neither_french_nor_english_is_said_at_its_own_line_and_column():
    # the first line is empty: the 'lang:' line is the second, and its language the 7th column
    result, found = spelled("\nlang: de\njoueurs: Anne Bruno Claire Denis\n")
    assert found == [(3, 1, 8, "error", NOT_A_HEADER_LINE),
                     (2, 7, 2, "error", "the record's language is 'fr' (French cards and words) or 'en', "
                                        "not 'de'")]
    assert result.header.lang is None
    # a language of one letter is one column wide; the line's indent moves the column
    _, found = spelled("\n  lang: x\njoueurs: Anne Bruno Claire Denis\n")
    assert found[1][:3] == (2, 9, 1)


def test_a_french_hand_written_main_is_read_with_a_warning_four_columns_wide():
    result, found = spelled("lang: fr\njoueurs: Anne Bruno Claire Denis\n\nmain 1\ndonneur: Anne\n")
    assert found == [(4, 1, 4, "warning", "a French record's hand begins 'coup 1' ('main' is the cards a "
                                          "player holds): read as one all the same")]
    assert (result.header.lang, [h.number for h in result.hands]) == ("fr", [1])
    # indented, it is said at its word, wherever the word stands
    _, found = spelled("lang: fr\njoueurs: Anne Bruno Claire Denis\n\n      main 1\ndonneur: Anne\n")
    assert found[0][:3] == (4, 7, 4)


def test_a_french_record_streamed_keeps_the_name_of_its_file():
    text = "lang: fr\njoueurs: Anne Bruno Claire Denis\ncoup 1\ndonneur: Anne\nnulle: maldonne\n"
    head = read_head(text, "x.rvs")
    assert (head.file, head.lines, [h.number for h in head.hands]) == ("x.rvs", text.split("\n"), [1])


def test_a_french_player_named_as_a_hand_begins_is_refused_at_his_name():
    _, found = spelled("lang: fr\njoueurs: Anne coup Claire Denis\n")
    assert found == [(2, 15, 4, "error", "a player of a French record may not be named coup without quotes: "
                                         "a line that begins 'coup' begins a hand; write \"coup\"")]


def test_an_english_record_s_main_and_coup_are_no_french_hand_words():
    # neither the old French hand line nor a French player named 'coup' is looked for under 'lang: en'
    result, found = spelled("lang: en\nplayers: Anne Bruno Claire Denis\nmain 1\n")
    assert found == [(3, 1, 4, "error", "unexpected 'main': expected a header line (session:, date:, "
                                        "players:, rules:, rule KNOB: VALUE, stake:)")]
    assert result.header.lang == "en"
    _, found = spelled("lang: en\njoueurs: Anne coup Claire Denis\n")
    assert found == [(2, 1, 8, "error", NOT_A_HEADER_LINE)]


# ================================================================ lexicon.py: the old survivor of its run
def test_a_header_key_given_six_times_is_summed_up_in_french_by_its_count():
    # (lexicon.KeyRepeats.close mutmut_9: ngettext given None for the count, which English reads
    # as a plural and French's plural rule refuses)
    text = PLAYERS + "stake: 5\n" * 6
    with i18n.speaking("fr"):
        last = read_text(text).diagnostics[-1]
    assert (last.span, last.message) == (Span(6, 8, 1), (
        "'stake' est donné 6 fois, d’abord à la ligne 2\u202f; chaque clé de l’en-tête se donne une fois "
        "(cette ligne et 1 de plus ne sont pas citées une à une)"))


def test_a_generic_syntax_error_in_french_says_the_hand_is_skipped():
    # the generic messages are known in French by their catalogue's wording, placeholders and all
    text = PLAYERS + "hand 1\ndealer: Anne\ntricks:\n  Anne: AS KS QS JS\n  Anne = 2H\n"
    with i18n.speaking("fr"):
        [diagnostic] = read_text(text).diagnostics
    assert (diagnostic.span, diagnostic.hand, diagnostic.message) == (Span(6, 10, 2), 1, (
        "'2H' inattendu\u202f; attendu\u202f: ',' entre les paires NOM CARTE de la forme explicite ou la fin "
        "de la ligne (donne 1 sautée\u202f: elle n’est ni rejouée ni réglée tant que ce n’est pas corrigé)"))


def test_a_byte_that_is_not_utf8_is_placed_on_its_own_line_after_two_newlines():
    # the column counts from the last newline before the byte, in characters ('é' is one)
    text, diagnostic = decode(b"players: A\n\n\xc3\xa9a\xff")
    assert text is None and diagnostic is not None
    assert (diagnostic.span, diagnostic.message) == (
        Span(3, 3, 1), "the file is not UTF-8 text: byte 0xff cannot start or continue a character")


def test_a_record_read_without_a_file_name_is_named_dash():
    text = PLAYERS + "hand 1\ndealer: Anne\nvoid: misdeal\n"
    assert (read_text(text).file, read_text(text, "x.rvs").file) == ("-", "x.rvs")
    assert read_text(text).lines == text.split("\n")


# ================================================================ fast.py: payments at the table
TABLE = "hand 1\ndealer: Anne\nvoid: misdeal\ntable:\n  {}\n"


def test_a_payment_into_the_first_pool_is_read_quickly_and_into_pool_0_left_to_lark():
    [paid] = quick(TABLE.format("Anne -> pool:1 3")).table
    assert (paid.payer, paid.payee, paid.amount, paid.payee_span) == ("Anne", "pool:1", 3, Span(5, 11, 6))
    left_to_lark(TABLE.format("Anne -> pool:0 3"))
    _, diagnostics = _parse_with_recovery(TABLE.format("Anne -> pool:0 3"), "hand", 0, context=1)
    assert [(d.span, d.message) for d in diagnostics] == [
        (Span(5, 11, 6), "'pool:0' is not a pool: pools are numbered from pool:1, the oldest")]


# ================================================================ fast.py: a list ended by a one-line item
def test_a_deal_ended_by_a_one_line_item_is_read_quickly():
    # 'irregular: peek Claire' fits a deal line's shape (NAME: CARDS); its keyword ends the deal instead
    record = quick("hand 1\ndealer: Anne\ndeal:\n  Anne: AS KS\n  Bruno: 2H 3H | 4H\nirregular: peek Claire\n"
                   "claims: waived\n")
    assert [(d.player.text, [c.token for c in d.cards], d.face_down) for d in record.deal] == [
        ("Anne", ["AS", "KS"], None), ("Bruno", ["2H", "3H"], record.deal[1].face_down)]
    assert record.deal[1].face_down.token == "4H" and record.deal[1].face_down.span == Span(5, 18, 2)
    assert record.claims_waived and [i.kind for i in record.irregulars] == ["peek"]
    assert record.lines == (("hand", 1), ("dealer", 2), ("deal", 3), ("irregular", 6), ("claims", 7))


@pytest.mark.parametrize(("section", "width"), [
    ("deal:\n  Anne: AS KS\n", 5), ("exchange:\n  Anne keeps\n", 9), ("tricks:\n  Anne: AS KS QS JS\n", 7),
    ("announce: espagnolette Bruno\n", 9)])
def test_a_void_hand_with_a_deal_exchange_tricks_or_announce_is_left_to_lark(section, width):
    chunk = "hand 1\ndealer: Anne\nvoid: misdeal\n" + section
    left_to_lark(chunk)
    _, diagnostics = _parse_with_recovery(chunk, "hand", 0, context=1)
    keyword = section.split(":")[0]
    assert [(d.span, d.message) for d in diagnostics] == [
        (Span(4, 1, width), f"a void hand (void: misdeal) has no '{keyword}:'")]


# ================================================================ fast.py: tricks
def test_a_numbered_trick_is_read_quickly_with_its_number_and_its_span():
    record = quick("hand 1\ndealer: Anne\ntricks:\n  1. Anne: AS KS QS JS\n  02. Anne: 2H 3H 4H 5H\n")
    assert [(t.number, t.span, t.leader.text, t.leader.span) for t in record.tricks] == [
        (1, Span(4, 3, 2), "Anne", Span(4, 6, 4)), (2, Span(5, 3, 3), "Anne", Span(5, 7, 4))]


def test_a_trick_number_too_long_to_be_one_is_left_to_lark():
    number = "1" * 40
    chunk = f"hand 1\ndealer: Anne\ntricks:\n  {number}. Anne: AS KS QS JS\n"
    left_to_lark(chunk)
    left_to_lark(f"hand 1\ndealer: Anne\ntricks:\n  {number}. Anne AS, Bruno KS\n")
    _, diagnostics = _parse_with_recovery(chunk, "hand", 0, context=1)
    assert [d.span for d in diagnostics] == [Span(4, 3, 41)]


def test_cards_never_read_before_are_placed_on_their_line(monkeypatch):
    # a spelling the quick reader has not met yet goes the slow way, which learns it
    monkeypatch.setattr(fast, "_KNOWN", {})
    record = quick("hand 1\ndealer: Anne\ntricks:\n  Anne: AS KS QS JS\n", first_line=7)
    assert [(c.token, c.line, c.column) for c in record.tricks[0].cards] == [
        ("AS", 10, 9), ("KS", 10, 12), ("QS", 10, 15), ("JS", 10, 18)]
    assert fast._KNOWN["AS"] == record.tricks[0].cards[0].card


def test_a_record_streamed_without_a_file_name_is_named_dash():
    text = PLAYERS + "hand 1\ndealer: Anne\nvoid: misdeal\n"
    assert (read_head(text).file, read_head("lang: fr\n" + text).file) == ("-", "-")


def test_a_first_hand_miswritten_after_an_empty_first_line_is_skipped_and_the_next_read():
    # the header ends where the miswritten first hand begins, on line 3 (the record's first line
    # is empty); the hands after it are read on
    void = "dealer: Anne\nvoid: misdeal\n"
    result = read_text("\n" + PLAYERS + "Hand 1\n" + void + "hand 2\n" + void)
    assert [(h.number, h.first_line, h.record is None) for h in result.hands] == [(1, 3, True), (2, 6, False)]
    assert [(d.span, d.hand, d.message) for d in result.diagnostics] == [
        (Span(3, 1, 6), 1, "hand 1 skipped: its first line is not `hand N` (write it in lower case: "
                           "'hand 1', not 'Hand 1')")]


# ================================================================ fast.py: sections out of order
def test_sections_out_of_order_are_left_to_lark():
    chunk = "hand 1\ndealer: Anne\ntricks:\n  Anne: AS KS QS JS\nexchange:\n  Anne keeps\n"
    left_to_lark(chunk)
    _, diagnostics = _parse_with_recovery(chunk, "hand", 0, context=1)
    assert [(d.span, d.message) for d in diagnostics] == [
        (Span(5, 1, 9), "'exchange:' must come before 'tricks:' in a hand")]
    # in order, the same hand is read quickly
    record = quick("hand 1\ndealer: Anne\nexchange:\n  Anne keeps\ntricks:\n  Anne: AS KS QS JS\n")
    assert record.lines == (("hand", 1), ("dealer", 2), ("exchange", 3), ("tricks", 5))


# ================================================================ fast.py: the lines of a hand
def test_a_hand_of_its_two_first_lines_alone_is_read_quickly():
    record = quick("hand 1\ndealer: Anne\n")
    assert (record.number, record.dealer.text, record.deal, record.tricks) == (1, "Anne", None, ())
    left_to_lark("hand 1\n")


@pytest.mark.parametrize("line", ["  Anne: AS KS", "\f", "\u00a0", "X", "XX"])
def test_a_line_outside_any_section_is_left_to_lark(line):
    # a deal line before 'deal:', and lines blank to str.strip() but not to the grammar
    left_to_lark(f"hand 1\ndealer: Anne\n{line}\nvoid: misdeal\n")
    left_to_lark(f"hand 1\ndealer: Anne\n{line}\n")


# ================================================================ parse.py: the recovery's findings
SKIPPED_TAIL = " (hand 1 is skipped: it is not replayed or settled until this is put right)"


def lark_findings(chunk: str) -> list[tuple[Span, str]]:
    _, diagnostics = _parse_with_recovery(chunk, "hand", 0, context=1)
    return [(d.span, d.message) for d in diagnostics]


def test_a_dealer_line_blanked_for_its_error_is_not_said_missing_too():
    assert lark_findings("hand 1\ndealer: Anne Bruno\nvoid: misdeal\n") == [
        (Span(2, 14, 5), "unexpected 'Bruno': expected the end of the line" + SKIPPED_TAIL)]


def test_every_syntax_error_of_a_hand_is_said_the_first_with_the_hand_skipped():
    assert lark_findings("hand 1\ndealer: Anne\nvoid: x\nclaims: y\n") == [
        (Span(3, 7, 1), "unexpected 'x': expected 'misdeal'" + SKIPPED_TAIL),
        (Span(4, 9, 1), "unexpected 'y': expected 'waived'")]


def test_a_hand_stops_at_twenty_syntax_errors():
    # twenty bad lines, each failing on other terminals than the ones before; the 21st is not said
    bad = ("deal:\n  Anne AS\n  Anne: AS | \n  Anne: AS | KS QS\n  Anne:\n  : AS\n  Anne: AS KS,\n"
           "exchange:\n  Anne\n  Anne takes AS\n  Anne exposes\n  void:\n  claims:\n  announce:\n"
           "  announce: espagnolette\n  irregular:\ntricks:\n  Anne = 2H\n  Anne: AS KS | x\n  1.\n"
           "  1. Anne\n  1 Anne: AS\ntable:\n  Anne ->\n  Anne -> Bruno\n")
    found = lark_findings("hand 1\ndealer: Anne\n" + bad)
    assert len(found) == 20
    assert [span.line for span, _ in found][-3:] == [23, 24, 26]  # not line 27's


def test_lines_failing_alike_are_said_once():
    assert lark_findings("hand 1\ndealer: Anne\ntricks:\n  Anne = 2H\n  Bruno = 3H\n") == [
        (Span(4, 10, 2), "unexpected '2H': expected ',' between the explicit form's NAME CARD pairs or the "
                         "end of the line" + SKIPPED_TAIL)]
