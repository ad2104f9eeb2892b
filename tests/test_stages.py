"""Fixed, hand-worked records for the notation, the rules and the replay (issue 43 item 4).

Each test gives a short record and the exact findings it must produce (message, line and
column, or the replayed fact), in the style of tests/test_edges.py: no hypothesis, no
subprocess, so that a mutation run over notation/, rules/ and replay/ can afford them on every
mutant (bench/mutate.py). They catch in particular the mutants that lived under the
settlement's tests (bench/mutants.md).

Players sit Anne Bruno Claire Denis in order of play.
"""
from __future__ import annotations

import pytest
from builders import EXAMPLE_TRICKS, hand, record

from reversis_score.pipeline import check_text


def findings(text: str, severity: str = "error") -> list[tuple[int, int, str]]:
    """(line, column, message) of every problem of one severity, in order."""
    session = check_text(text, "t.rvs")
    return [(d.span.line if d.span else 0, d.span.column if d.span else 0, d.message)
            for d in session.diagnostics if d.severity == severity]


def messages(text: str, severity: str = "error") -> list[str]:
    return [m for _, _, m in findings(text, severity)]


# ================================================================ the notation: cards
@pytest.mark.parametrize("card, message", [
    ("KQS", "'KQS' is not a card: expected a card such as AS or 9♥"),
    ("K", "'K' is not a card: expected a card such as AS or 9♥"),
    ("ZS", "'ZS' is not a card: expected a card such as AS or 9♥"),
])
def test_a_card_of_three_letters_or_one_is_a_notation_error(card, message):
    tricks = list(EXAMPLE_TRICKS)
    tricks[0] = tricks[0].replace("2C", card, 1)
    assert message in messages(record(hand("Bruno", tricks)))
