"""The record pipeline in one call: bytes → records → rules → replayed hands, with every problem.

``check_text`` is what ``check``, ``format`` and ``settle`` all start from (one reading,
many consumers).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from reversis_score.notation.diagnostics import Diagnostic
from reversis_score.notation.parse import ParseResult, read_text
from reversis_score.notation.records import HandRecord, Header
from reversis_score.replay.play import Play
from reversis_score.replay.tricks import card_problems, is_unfinished, replay, unfinished_problems
from reversis_score.rules.houserules import RuleSet, resolve


@dataclass(slots=True)
class CheckedHand:
    """One hand after replay: the record, the Play (None if it could not be replayed), problems."""

    number: int
    first_line: int
    record: HandRecord | None
    play: Play | None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.play is not None and not any(d.is_error for d in self.diagnostics)


@dataclass(slots=True)
class CheckedSession:
    """A whole record checked: header, rules, hands, and every diagnostic in file order."""

    file: str
    header: Header
    rules: RuleSet
    hands: list[CheckedHand]
    header_diagnostics: list[Diagnostic]
    lines: list[str]

    @property
    def players(self) -> tuple[str, ...]:
        return self.header.player_names

    @property
    def diagnostics(self) -> list[Diagnostic]:
        out = list(self.header_diagnostics)
        for hand in self.hands:
            out.extend(hand.diagnostics)
        return [d for d in out if d.severity != "hidden"]

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if not d.is_error]

    @property
    def ok(self) -> bool:
        return not self.errors

    def settleable_hands(self) -> list[CheckedHand]:
        """The hands before the first bad one (pools carry from hand to hand)."""
        out = []
        if any(d.is_error for d in self.header_diagnostics):
            return out
        for hand in self.hands:
            if not hand.ok:
                break
            out.append(hand)
        return out


def check_text(text: str, file: str = "-", record_dir: Path | None = None,
               rules_override: str | None = None, strict: bool = False,
               tricks_only: bool = False) -> CheckedSession:
    """Parse, resolve the rules and replay every hand of a record.

    ``tricks_only`` replays the tricks without the recorded deal and exchange (to compare a
    48-card record under a 52-card preset, or the reverse).
    """
    parsed = read_text(text, file)
    if tricks_only:
        for hand in parsed.hands:
            if hand.record is not None:
                hand.record = replace(hand.record, deal=None, exchange=None)
    return check_parsed(parsed, record_dir, rules_override, strict)


def check_parsed(parsed: ParseResult, record_dir: Path | None = None,
                 rules_override: str | None = None, strict: bool = False) -> CheckedSession:
    """Resolve the rules and replay every parsed hand."""
    ruleset, rule_diags = resolve(parsed.header, record_dir, rules_override, parsed.file)
    header_diags = parsed.header_diagnostics + rule_diags
    session = CheckedSession(parsed.file, parsed.header, ruleset, [], header_diags, parsed.lines)
    if strict and any(d.is_error for d in header_diags):
        return _first_error_only(session)
    players = parsed.header.player_names
    # Hands are checked whenever the players are known, even under other header errors
    # (nothing is settled then: see settleable_hands).
    can_replay = len(players) == 4 and len(set(players)) == 4 and not any(
        d.is_error and d.span and d.span.line == _players_line(parsed.header) for d in header_diags)
    previous_dealer = None
    for ph in parsed.hands:
        hand = CheckedHand(ph.number, ph.first_line, ph.record, None, list(ph.diagnostics))
        if ph.record is not None and can_replay and not any(d.is_error for d in ph.diagnostics):
            if ph is parsed.hands[-1] and is_unfinished(ph.record):  # `record` stopped mid-hand
                found = unfinished_problems(ph.record, players, ruleset.knobs, previous_dealer)
            else:
                hand.play, found = replay(ph.record, players, ruleset.knobs, previous_dealer)
            hand.diagnostics.extend(found)
        elif ph.record is not None:
            hand.diagnostics.extend(card_problems(ph.record, ruleset.knobs))
            hand.diagnostics.sort(key=_position)
        if ph.record is not None:
            previous_dealer = ph.record.dealer.text
        session.hands.append(hand)
        if strict and any(d.is_error for d in hand.diagnostics):
            return _first_error_only(session)
    return session


def _players_line(header: Header) -> int | None:
    return dict(header.lines).get("players")


def _position(diag: Diagnostic) -> tuple[int, int]:
    return (diag.span.line, diag.span.column) if diag.span else (0, 0)


def _first_error_only(session: CheckedSession) -> CheckedSession:
    first = session.errors[0]
    session.header_diagnostics = [d for d in session.header_diagnostics if d is first]
    for hand in session.hands:
        hand.diagnostics = [d for d in hand.diagnostics if d is first]
    return session

