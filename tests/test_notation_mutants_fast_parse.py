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

from reversis_score.notation.diagnostics import NOTATION
from reversis_score.notation.fast import read_hand
from reversis_score.notation.parse import _parse_with_recovery, read_text
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
