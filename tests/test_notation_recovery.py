"""The reading of a record past a bad line (notation/parse.py's recovery), for a line the grammar
does not take for a blank one (issue 43: found by a mutant of parse.parse_header).

Kept apart from tests/test_notation_mutants_fast_parse.py, whose tests are tried on the mutants
of the run made before this was fixed (bench/mutate.py --verify-forked runs them on that code).
"""
from __future__ import annotations

import pytest

from reversis_score.notation.parse import read_text
from reversis_score.notation.records import Span

PLAYERS = "players: Anne Bruno Claire Denis\n"


@pytest.mark.parametrize("space", ["\f", "\x0b", "\u00a0", "\u3000"])
def test_a_header_line_of_other_spaces_is_reported_and_the_header_kept(space):
    # such a line is no blank line to the grammar: it is reported and blanked as any bad line, and
    # the players and stake around it are kept (they were lost: every hand then had no players)
    result = read_text(PLAYERS + space + "\nstake: 100\nhand 1\ndealer: Anne\nvoid: misdeal\n")
    assert [p.text for p in result.header.players] == ["Anne", "Bruno", "Claire", "Denis"]
    assert result.header.stake == 100
    [diagnostic] = result.diagnostics
    assert (diagnostic.span, diagnostic.message) == (Span(2, 1, 1), (
        f"unexpected '{space}': expected a header line (session:, date:, players:, rules:, rule KNOB: VALUE, "
        "stake:)"))
