"""Fixed, hand-worked records for the Lark Transformer (notation/transform.py), each with its
exact findings or its exact record (issue 43).

Written for the mutants of transform.py that the other fast tests let live
(bench/mutants-notation-transform.md). Each test reads a small record through Lark (the quick
readers of notation/fast.py and lexicon.py are kept out, or never take such a record) and states
what must come back, to the column and the word. No hypothesis, no subprocess.

Players sit Anne Bruno Claire Denis in order of play.
"""
from __future__ import annotations

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
