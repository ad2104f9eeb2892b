"""Fixed, hand-worked records for replay/ (issue 43 item 4): each a short record and the exact
findings it must produce (line, column and message, hand and trick), or the replayed fact.

In the style of tests/test_edges.py and tests/test_stages.py: no hypothesis, no subprocess, so
that a mutation run over replay/ can afford them on every mutant (bench/mutate.py).
Players sit Anne Bruno Claire Denis in order of play.
"""
from __future__ import annotations

from builders import EXAMPLE_TRICKS, hand, record

from reversis_score.pipeline import check_text


def findings(text: str, severity: str = "error") -> list[tuple[int, int, str]]:
    """(line, column, message) of every problem of one severity, in order, the message after
    its hand and trick as `check` writes them."""
    session = check_text(text, "t.rvs")
    return [(d.span.line if d.span else 0, d.span.column if d.span else 0, _where(d) + d.message)
            for d in session.diagnostics if d.severity == severity]


def _where(d) -> str:
    if d.hand is None or d.message.startswith(f"hand {d.hand} "):
        return ""
    return f"hand {d.hand}" + (f", trick {d.trick}" if d.trick else "") + ": "


def tricks_with(*changes: tuple[int, str]) -> list[str]:
    """The example hand's tricks (dealer Bruno), some lines changed (trick number, new line)."""
    tricks = list(EXAMPLE_TRICKS)
    for number, line in changes:
        tricks[number - 1] = line
    return tricks


def test_the_example_hand_is_clean():
    assert findings(record(hand("Bruno", EXAMPLE_TRICKS))) == []
    assert findings(record(hand("Bruno", EXAMPLE_TRICKS)), "warning") == []
