"""The problems one hand's replay finds: rule violations and notation errors, tagged with the hand.

Its own module, below tricks.py and evidence.py, so that both write into it without importing
each other.
"""
from __future__ import annotations

from reversis_score.notation.diagnostics import NOTATION, RULE, Diagnostic
from reversis_score.notation.records import Span


class Findings:
    """Collects the diagnostics of one hand, tagged with the hand number."""

    def __init__(self, hand: int):
        self.hand = hand
        self.items: list[Diagnostic] = []

    def rule(self, message: str, span: Span | None, trick: int | None = None,
             player: str | None = None, severity: str = "error") -> None:
        self.items.append(Diagnostic(message, span, RULE, severity, self.hand, trick, player))

    def notation(self, message: str, span: Span | None, trick: int | None = None) -> None:
        self.items.append(Diagnostic(message, span, NOTATION, "error", self.hand, trick))

    @property
    def has_errors(self) -> bool:
        return any(d.is_error for d in self.items)
