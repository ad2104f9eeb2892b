"""Fixed, hand-worked records for the Lark Transformer (notation/transform.py), each with its
exact findings or its exact record (issue 43).

Written for the mutants of transform.py that the other fast tests let live
(bench/mutants-notation-transform.md). Each test reads a small record through Lark (the quick
readers of notation/fast.py and lexicon.py are kept out, or never take such a record) and states
what must come back, to the column and the word. No hypothesis, no subprocess.

Players sit Anne Bruno Claire Denis in order of play.
"""
from __future__ import annotations

import dataclasses

from reversis_score.notation.cards import Card
from reversis_score.notation.parse import _parse_with_recovery, read_text

PLAYERS = "players: Anne Bruno Claire Denis\n"


def findings(text: str) -> list[tuple]:
    """Every diagnostic of a record: (line, column, width, hand, trick, message)."""
    return [(d.span.line, d.span.column, d.span.width, d.hand, d.trick, d.message)
            for d in read_text(text).diagnostics]


def lark_hand(chunk: str, number: int = 1, offset: int = 2):
    """A hand chunk read by Lark alone (whose first line is line ``offset + 1``): its record and
    its findings as ``findings`` gives them."""
    record, diags = _parse_with_recovery(chunk, "hand", offset, context=number)
    return record, [(d.span.line, d.span.column, d.span.width, d.hand, d.trick, d.message) for d in diags]


def lark_header(text: str):
    """A header read by Lark alone, with what it says."""
    record, diags = _parse_with_recovery(text, "header", 0, context=None, keep_partial=True)
    return record, [(d.span.line, d.span.column, d.span.width, d.hand, d.trick, d.message) for d in diags]


def plain(value):
    """A record's value as plain tuples, every field and span in: the records compare on some
    fields only (records.py's _compared_on), and a span left wrong must show."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        return tuple(plain(v) for v in value)
    if dataclasses.is_dataclass(value):
        return tuple(plain(getattr(value, f.name)) for f in dataclasses.fields(value))
    return value


def name(text: str, line: int, column: int, width: int | None = None) -> tuple:
    return (text, (line, column, len(text) if width is None else width))


def placed(token: str, line: int, column: int, card: str | None = "") -> tuple:
    """A PlacedCard as ``plain`` gives it (it keeps its span's three numbers flat)."""
    return (token if card == "" else card, token, line, column, len(token))


# ---------------------------------------------------------------- the exchange

def test_every_kind_of_exchange_line_keeps_its_player_s_place():
    chunk = ("hand 1\ndealer: Anne\nexchange:\n  Anne discards 7H\n  Bruno peeks and discards 8S\n"
             "  Claire exposes and discards 9D\n  Denis takes without discarding\n")
    record, said = lark_hand(chunk)
    assert said == []
    assert plain(record.exchange) == (
        (name("Anne", 6, 3), "discards", placed("7H", 6, 17), (6, 3, 4), None),
        (name("Bruno", 7, 3), "peeks", placed("8S", 7, 28), (7, 3, 5), None),
        (name("Claire", 8, 3), "exposes", placed("9D", 8, 31), (8, 3, 6), None),
        (name("Denis", 9, 3), "takes", None, (9, 3, 5), None),
    )


# ---------------------------------------------------------------- wording.describe_unexpected

def test_a_header_line_in_a_hand_is_blanked_itself_and_the_hand_read_on():
    # wording.describe_unexpected mutmut_150 of the last notation/ run: the special case's line
    # to blank was the one before it (the dealer's), so nothing after it was read
    text = PLAYERS + "\nhand 1\ndealer: Anne\nstake: 5\nvoid: misdeal\nvoid: misdeal\n"
    assert findings(text) == [
        (5, 1, 5, 1, None, "'stake' is a header line and stands after the first hand: header lines come "
                           "before the first hand"),
        (7, 1, 5, 1, None, "'void:' is given twice in hand 1"),
    ]


# ---------------------------------------------------------------- events

def test_numbers_too_large_in_events_are_said_where_written_and_read_as_none_or_talon_0():
    chunk = ("hand 1\ndealer: Anne\nevents:\n"
             "  party: Anne wins with 99999999999 points in 3 tricks, Claire loses with 14 points in "
             "12345678901 tricks\n"
             "  points: Bruno 12345678901, Denis 4 in 2 tricks\n"
             "  talon: 99999999999 points\n")
    record, said = lark_hand(chunk)
    assert said == [(6, 25, 11, 1, None, "'99999999999' is too large a number"),
                    (6, 88, 11, 1, None, "'12345678901' is too large a number"),
                    (7, 17, 11, 1, None, "'12345678901' is too large a number"),
                    (8, 10, 18, 1, None, "'99999999999' is too large a number")]
    events = record.events
    assert plain(events.party) == (((True, (name("Anne", 6, 10), None, 3, (6, 10, 4))),
                                    (False, (name("Claire", 6, 57), 14, None, (6, 57, 6)))),)
    assert plain(events.points) == (((name("Bruno", 7, 11), None, None, (7, 11, 5)),
                                     (name("Denis", 7, 30), 4, 2, (7, 30, 5))),)
    assert plain(events.talon) == ((0, (8, 10, 18)),)  # 0 beside its error


def test_card_reversis_and_espagnolette_events_keep_every_place():
    chunk = ("hand 1\ndealer: Anne\nevents:\n"
             "  3. Anne places AD on s, Bruno takes it\n"
             "  4. Claire places 10H on \u2665, Denis gathers it\n"
             "  5. Bruno places QS, Anne takes it\n"
             "  6. Denis leads KC\n"
             "  7. Anne forces QH from Claire\n"
             "  8. Bruno leads XX\n"
             "  reversis: Claire makes it\n"
             "  reversis: Denis, broken by Anne in trick 9 with Quinola\n"
             "  reversis: Denis, broken by Bruno in trick 12345678901\n"
             "  espagnolette: Bruno wins\n"
             "  espagnolette: Anne loses\n"
             "  12345678901. Anne leads 7S\n")
    record, said = lark_hand(chunk)
    assert said == [(11, 18, 2, 1, None, "'XX' is not a card: expected a card such as AS or 9♥"),
                    (14, 45, 11, 1, None, "'12345678901' is too large a number"),
                    (17, 3, 12, 1, None, "'12345678901.' is not a trick number: tricks are numbered 1 to 11")]
    events = record.events
    assert plain(events.cards) == (
        (3, "placed", name("Anne", 6, 6), placed("AD", 6, 18), name("Bruno", 6, 27), "S", False, (6, 3, 2)),
        (4, "placed", name("Claire", 7, 6), placed("10H", 7, 20, "TH"), name("Denis", 7, 30), "H", True,
         (7, 3, 2)),
        (5, "placed", name("Bruno", 8, 6), placed("QS", 8, 19), name("Anne", 8, 23), None, False, (8, 3, 2)),
        (6, "led", name("Denis", 9, 6), placed("KC", 9, 18), None, None, False, (9, 3, 2)),
        # forced: the player is the one forced, the other the leader who forced him
        (7, "forced", name("Claire", 10, 26), placed("QH", 10, 18), name("Anne", 10, 6), None, False,
         (10, 3, 2)),
        (8, "led", name("Bruno", 11, 6), placed("XX", 11, 18, None), None, None, False, (11, 3, 2)),
        (None, "led", name("Anne", 17, 16), placed("7S", 17, 27), None, None, False, (17, 3, 12)),
    )
    assert plain(events.reversis) == (
        (name("Claire", 12, 13), None, None, False, (12, 3, 9)),
        (name("Denis", 13, 13), name("Anne", 13, 30), 9, True, (13, 3, 9)),
        (name("Denis", 14, 13), name("Bruno", 14, 30), None, False, (14, 3, 9)),
    )
    assert plain(events.espagnolette) == ((name("Bruno", 15, 17), True, (15, 3, 13)),
                                          (name("Anne", 16, 17), False, (16, 3, 13)))
    assert (events.party, events.points, events.talon) == ((), (), ())


# ---------------------------------------------------------------- tricks

def test_short_explicit_and_gathered_trick_lines_keep_every_place_and_count_their_tricks():
    chunk = ("hand 1\ndealer: Anne\ntricks:\n"
             "  Anne: 7S 8S 9S 10S\n"
             "  12345678901. Bruno: 7H 8H 9H 10H | gathered by Claire\n"
             "  3. Claire 7D, Denis 8D, Anne 9D, Bruno XD\n"
             "  Denis 7C, Anne 8C, Bruno 9C, Claire 10C | gathered by Anne\n"
             "  Anne: KS\n")
    record, said = lark_hand(chunk)
    # the trick of a finding is the line's place among the trick lines, whatever its number says
    assert said == [(7, 3, 12, 1, 2, "'12345678901.' is not a trick number: tricks are numbered 1 to 11"),
                    (8, 42, 2, 1, 3, "'XD' is not a card: expected a card such as AS or 9♥")]
    assert plain(record.tricks) == (
        (None, name("Anne", 6, 3), (placed("7S", 6, 9), placed("8S", 6, 12), placed("9S", 6, 15),
                                     placed("10S", 6, 18, "TS")), None, (6, 3, 4), None),
        (None, name("Bruno", 7, 16), (placed("7H", 7, 23), placed("8H", 7, 26), placed("9H", 7, 29),
                                       placed("10H", 7, 32, "TH")), None, (7, 3, 12), name("Claire", 7, 50)),
        (3, name("Claire", 8, 6), (placed("7D", 8, 13), placed("8D", 8, 23), placed("9D", 8, 32),
                                    placed("XD", 8, 42, None)),
         (name("Claire", 8, 6), name("Denis", 8, 17), name("Anne", 8, 27), name("Bruno", 8, 36)), (8, 3, 2),
         None),
        (None, name("Denis", 9, 3), (placed("7C", 9, 9), placed("8C", 9, 18), placed("9C", 9, 28),
                                      placed("10C", 9, 39, "TC")),
         (name("Denis", 9, 3), name("Anne", 9, 13), name("Bruno", 9, 22), name("Claire", 9, 32)), (9, 3, 5),
         name("Anne", 9, 57)),
        (None, name("Anne", 10, 3), (placed("KS", 10, 9),), None, (10, 3, 4), None),
    )


# ---------------------------------------------------------------- table, void, claims, irregular

def test_payments_at_the_table_and_the_one_line_items_keep_their_places_and_say_what_is_wrong():
    chunk = ("hand 1\ndealer: Anne\nvoid: misdeal\ntable:\n"
             "  Anne -> Bruno 5\n"
             '  pool:2 -> "Claire" 0\n'
             '  "pool:0" -> pool:1 99999999999\n'
             "  Denis -> Denis 7\n"
             "  pool:3 -> pool:3 7\n"
             "  Anne -> pool:0 3\n"
             "claims: waived\nirregular: revoke Bruno\n")
    record, said = lark_hand(chunk)
    most = "expected a whole number of fish from 1 to 1,000,000,000"
    assert said == [(8, 22, 1, 1, None, f"'0' is not an amount: {most}"),
                    (9, 22, 11, 1, None, f"'99999999999' is not an amount: {most}"),
                    (9, 3, 8, 1, None, "'pool:0' is not a pool: pools are numbered from pool:1, the oldest"),
                    (10, 9, 2, 1, None, "'Denis' pays itself: payer and payee must differ"),
                    (11, 10, 2, 1, None, "'pool:3' pays itself: payer and payee must differ"),
                    (12, 11, 6, 1, None,
                     "'pool:0' is not a pool: pools are numbered from pool:1, the oldest")]
    assert plain(record.table) == (
        ("Anne", "Bruno", 5, (7, 8, 2), (7, 3, 4), (7, 11, 5)),
        ("pool:2", "Claire", 0, (8, 10, 2), (8, 3, 6), (8, 13, 8)),
        ("pool:0", "pool:1", 0, (9, 12, 2), (9, 3, 8), (9, 15, 6)),
        ("Denis", "Denis", 7, (10, 9, 2), (10, 3, 5), (10, 12, 5)),
        ("pool:3", "pool:3", 7, (11, 10, 2), (11, 3, 6), (11, 13, 6)),
        ("Anne", "pool:0", 3, (12, 8, 2), (12, 3, 4), (12, 11, 6)),
    )
    assert record.void is True and plain(record.void_span) == (5, 1, 5)
    assert record.claims_waived is True
    assert plain(record.irregulars) == (("revoke", name("Bruno", 14, 19), (14, 12, 6)),)
    assert plain(record.span) == (3, 1, 4) and plain(record.dealer) == name("Anne", 4, 9)
    assert record.lines == (("hand", 3), ("dealer", 4), ("void", 5), ("table", 6), ("claims", 13),
                            ("irregular", 14))


# ---------------------------------------------------------------- the header

def test_a_header_read_by_lark_says_each_of_its_mistakes_at_its_place():
    header, said = lark_header("session: The long night\ndate: 2026-13-01\nplayers: Anne \"Bruno B\" Anne\n"
                               "stake: 1000000001\nrules: parlett\nrule quinola_pays: 4\n"
                               "paid: Anne -> Zoe 5\nstake: 10\n")
    assert said == [
        (2, 7, 10, None, None, "'2026-13-01' is not a date: write it as YYYY-MM-DD, e.g. 2026-11-15"),
        (4, 8, 10, None, None, "'1000000001' is not a stake: expected a whole number of fish up to "
                               "1,000,000,000, e.g. 100"),
        (8, 8, 2, None, None, "'stake' is given twice (first on line 4); each header key is given once"),
        (3, 10, 4, None, None, "'players:' names 3 players; Reversis is played by exactly four"),
        (3, 25, 4, None, None, "'Anne' is named twice in 'players:': four distinct names are needed"),
        (7, 7, 13, None, None, "'Zoe' is not one of the players (Anne Bruno B Anne): a payment at the table "
                               "is between two of them"),
    ]
    assert header.title == "The long night" and header.date is None and header.has_players
    assert plain(header.players) == (name("Anne", 3, 10), name("Bruno B", 3, 15, 9), name("Anne", 3, 25))
    assert header.rules == "parlett" and plain(header.rules_span) == (5, 8, 7)
    assert plain(header.rule_lines) == (("quinola_pays", "4", (6, 6, 12), (6, 20, 1)),)
    assert header.stake == 10  # the last stake given
    assert plain(header.paid) == (("Anne", "Zoe", 5, (7, 7, 13)),)
    assert header.lines == (("title", 1), ("date", 2), ("players", 3), ("stake", 4), ("rules", 5),
                            ("rule", 6), ("paid", 7), ("stake", 8))


def test_a_header_s_lengths_and_counts_are_said_with_their_numbers():
    title, long_name = "T" * 201, "n" * 41
    header, said = lark_header(f"session: {title}\ndate: 2026-11-15\nplayers: {long_name}\n"
                               "rule quinola_pays: 4\nrule quinola_pays: 5\nclub: 3\n")
    assert said == [
        (5, 6, 12, None, None, "'rule quinola_pays' is given twice (first on line 4); each header key is "
                               "given once"),
        (3, 10, 41, None, None, "'players:' names 1 player; Reversis is played by exactly four"),
        (3, 10, 41, None, None, f"'{long_name}' is 41 characters long: a player's name is at most 40"),
        (1, 1, 210, None, None, "the session's title is 201 characters long: at most 200"),
    ]
    assert header.title == title and str(header.date) == "2026-11-15" and header.club == "3"
    assert plain(header.rule_lines) == (("quinola_pays", "4", (4, 6, 12), (4, 20, 1)),
                                        ("quinola_pays", "5", (5, 6, 12), (5, 20, 1)))
    assert (header.rules, header.rules_span, header.stake, header.paid) == (None, None, None, ())


def test_players_alone_is_said_at_its_keyword_and_a_header_without_it_has_no_players():
    header, said = lark_header("players:\n")
    assert said == [(1, 1, 8, None, None,
                     "'players:' names no player: name the four players in order of play")]
    assert header.players == () and header.has_players and header.lines == (("players", 1),)
    header, said = lark_header("session: Friday\nrules: parlett\n")
    assert said == [] and header.players == () and not header.has_players
    assert (header.title, header.rules, plain(header.rules_span)) == ("Friday", "parlett", (2, 8, 7))


# ---------------------------------------------------------------- a hand's lines

def test_deal_and_exchange_lines_keep_every_place_and_a_hand_says_its_sections_out_of_place():
    chunk = ("hand 3\ndealer: Anne\ndeal:\n"
             "  Anne: 7S 8S | 9S\n"
             "  Bruno: 7H 8H\n"
             "  Claire:7D   XD | YY\n"
             "exchange:\n"
             "  Anne keeps\n"
             "  Bruno discards 7H\n"
             "  Claire discards 7D XD\n"
             '  "Denis D" keeps\n'
             "tricks:\n  Anne: 7S\n"
             "deal:\n  Anne: 7S\n"
             "announce: espagnolette Bruno\n")
    record, said = lark_hand(chunk)
    assert said == [(3, 6, 1, 1, None, "hand 3 is out of order: hands count up from 1, so this is hand 1"),
                    (8, 15, 2, 1, None, "'XD' is not a card: expected a card such as AS or 9♥"),
                    (8, 20, 2, 1, None, "'YY' is not a card: expected a card such as AS or 9♥"),
                    (12, 22, 2, 1, None, "'XD' is not a card: expected a card such as AS or 9♥"),
                    (16, 1, 5, 1, None, "'deal:' is given twice in hand 1"),
                    (18, 1, 9, 1, None, "'announce:' must come before 'tricks:' in a hand")]
    assert record.number == 1 and plain(record.span) == (3, 1, 4)
    assert plain(record.deal) == (
        (name("Anne", 6, 3), (placed("7S", 6, 9), placed("8S", 6, 12)), placed("9S", 6, 17), (6, 3, 4)),
        (name("Bruno", 7, 3), (placed("7H", 7, 10), placed("8H", 7, 13)), None, (7, 3, 5)),
        (name("Claire", 8, 3), (placed("7D", 8, 10), placed("XD", 8, 15, None)), placed("YY", 8, 20, None),
         (8, 3, 6)),
    )
    assert plain(record.exchange) == (
        (name("Anne", 10, 3), "keeps", None, (10, 3, 4), None),
        (name("Bruno", 11, 3), "discards", placed("7H", 11, 18), (11, 3, 5), None),
        (name("Claire", 12, 3), "discards-two", placed("7D", 12, 19), (12, 3, 6), placed("XD", 12, 22, None)),
        (name("Denis D", 13, 3, 9), "keeps", None, (13, 3, 9), None),
    )
    assert plain(record.announce) == name("Bruno", 18, 24)
    assert plain(record.tricks) == (
        (None, name("Anne", 15, 3), (placed("7S", 15, 9),), None, (15, 3, 4), None),)
    assert record.lines == (("hand", 3), ("dealer", 4), ("deal", 5), ("exchange", 9), ("tricks", 14),
                            ("deal", 16), ("announce", 18))
    assert (record.events, record.irregulars, record.void, record.void_span, record.claims_waived,
            record.table) == (None, (), False, None, False, None)


def test_a_void_hand_says_each_section_it_should_not_have_and_a_hand_number_is_checked():
    chunk = ('hand 12345678901\ndealer: "Anne"\nvoid: misdeal\ndeal:\n  Anne: 7S\nexchange:\n  Anne keeps\n'
             "announce: espagnolette Bruno\ntricks:\n  Anne: 7S\nevents:\n  6. Denis leads KC\n"
             "irregular: revoke Bruno\n")
    record, said = lark_hand(chunk)
    void = "a void hand (void: misdeal) has no"
    assert said == [
        (3, 6, 11, 1, None, "'12345678901' is not a hand number: expected a whole number, or 'hand' alone"),
        (6, 1, 5, 1, None, f"{void} 'deal:'"),
        (8, 1, 9, 1, None, f"{void} 'exchange:'"),
        (11, 1, 7, 1, None, f"{void} 'tricks:'"),
        (13, 1, 7, 1, None, f"{void} 'events:'"),
        (10, 1, 9, 1, None, f"{void} 'announce:'"),
    ]
    assert record.number == 1 and record.void and plain(record.void_span) == (5, 1, 5)
    assert plain(record.dealer) == name("Anne", 4, 9, 6)  # as wide as written, quotes and all
    assert plain(record.irregulars) == (("revoke", name("Bruno", 15, 19), (15, 12, 6)),)
    record, said = lark_hand("hand\ndealer: Anne\nvoid: misdeal\n", number=4, offset=9)
    assert said == [] and record.number == 4 and plain(record.span) == (10, 1, 4)
    assert record.lines == (("hand", 10), ("dealer", 11), ("void", 12))
    record, said = lark_hand("hand 2\ndealer: Anne\nclaims: waived\n", number=2)
    assert said == [] and record.number == 2 and record.claims_waived and not record.void


def test_a_quoted_name_against_keeps_or_discards_is_read_as_its_own_token():
    # no space after the quote: NAME_KEEPS and NAME_DISCARDS do not match, the grammar's
    # NAME _KEEPS and NAME _DISCARDS CARD rules read the lines (ex_keeps's second branch)
    record, said = lark_hand('hand 1\ndealer: Anne\nexchange:\n  "Anne A"keeps\n  "Bruno"discards 7H\n')
    assert said == []
    assert plain(record.exchange) == (
        (name("Anne A", 6, 3, 8), "keeps", None, (6, 3, 8), None),
        (name("Bruno", 7, 3, 7), "discards", placed("7H", 7, 19), (7, 3, 7), None),
    )


def test_four_players_a_name_of_40_and_a_title_of_200_characters_are_said_nothing_of():
    title, long_name = "T" * 200, "n" * 40
    header, said = lark_header(f"session: {title}\nplayers: Anne {long_name} Claire Denis\n")
    assert said == []
    assert header.title == title and header.has_players
    assert plain(header.players) == (name("Anne", 2, 10), name(long_name, 2, 15), name("Claire", 2, 56),
                                     name("Denis", 2, 63))


def test_a_one_letter_name_is_one_column_wide():
    record, said = lark_hand("hand 1\ndealer: Z\nexchange:\n  Z keeps\n")
    assert said == []
    assert plain(record.dealer) == name("Z", 4, 9)
    assert plain(record.exchange) == ((name("Z", 6, 3), "keeps", None, (6, 3, 1), None),)


def test_a_french_card_in_an_english_record_gets_its_hint_and_an_empty_name_is_refused():
    record, said = lark_hand("hand 1\ndealer: Anne\ntricks:\n  Anne: RP 10C\n")
    assert said == [(6, 9, 2, 1, 1, "'RP' is not a card: expected a card such as AS or 9♥; 'RP' is a French "
                                    "card: add the header line 'lang: fr' to write the record in French")]
    assert plain(record.tricks[0].cards) == (placed("RP", 6, 9, None), placed("10C", 6, 12, "TC"))
    header, said = lark_header('session: x\nplayers: Anne Bruno "" Denis\n')
    assert said == [(2, 21, 2, None, None, "a player's name cannot be empty")]
    assert plain(header.players[2]) == name("", 2, 21, 2)
