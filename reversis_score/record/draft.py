"""The hand being recorded, kept as `.rvs` lines in the canonical order of its parts, and
checked after every entry by the real parser (``parse_hand``) and replay (``replay_unfinished``,
then ``replay`` once the hand is whole): the same functions ``check`` runs.

>>> d = HandDraft(1)
>>> d.add("head", "hand 1"); d.add("head", "dealer: B"); d.trick, d.leader = ["2C", "JC"], "B"
>>> print(d.text(pending=True)[0], end="")
hand 1
dealer: B
tricks:
B: 2C JC
"""
from __future__ import annotations

from dataclasses import dataclass, field

from reversis_score.notation.diagnostics import Diagnostic
from reversis_score.notation.parse import ParsedHand, parse_hand
from reversis_score.notation.records import HandRecord, Header, Session
from reversis_score.render.rvs import format_record, quote
from reversis_score.replay.play import PlayedTrick
from reversis_score.replay.tricks import TRICKS_PER_HAND, replay, replay_unfinished
from reversis_score.rules.knobs import Knobs

PARTS = ("head", "deal", "exchange", "announce", "tricks", "events", "tail", "table")
SECTION_KEYWORDS = {"deal": "deal:", "exchange": "exchange:", "tricks": "tricks:", "events": "events:",
                    "table": "table:"}


@dataclass
class Check:
    """What the parser and replay say about the draft with an entry added."""

    record: HandRecord | None
    tricks: tuple[PlayedTrick, ...]
    refusals: list[Diagnostic]  # errors on the new lines: the entry is refused
    others: list[Diagnostic]  # errors elsewhere (a revoke a later card reveals) and warnings


@dataclass
class HandDraft:
    """One hand: its committed lines per part, the block (deal or exchange lines waiting for
    the fourth), the trick being played (card tokens), and the next question."""

    number: int
    parts: dict[str, list[str]] = field(default_factory=lambda: {p: [] for p in PARTS})
    entered: list[str] = field(default_factory=list)  # the part of each content line, for undo
    block: list[str] = field(default_factory=list)
    block_kind: str | None = None
    trick: list[str] = field(default_factory=list)
    leader: str = ""  # who leads the trick being played
    cursor: str = "deal"  # deal, exchange, announce, tricks, events
    events_done: bool = False  # a hand recorded by its events: the scorer said they are all given
    _parsed: tuple[str, ParsedHand] | None = field(default=None, repr=False, compare=False)
    _checked: tuple | None = field(default=None, repr=False, compare=False)  # (key, record, tricks, found)

    def add(self, part: str, line: str, content: bool = True) -> None:
        """Commit one line to a part (``content`` False for a comment line)."""
        self.parts[part].append(line)
        if content:
            self.entered.append(part)

    def undo_line(self) -> str | None:
        """Take back the last content line entered (and the comments just before it)."""
        if not self.entered:
            return None
        part = self.entered.pop()
        lines = self.parts[part]
        taken = lines.pop()
        while lines and lines[-1].lstrip().startswith("#"):
            lines.pop()
        return taken

    @property
    def trick_lines(self) -> list[str]:
        return [line for line in self.parts["tricks"] if not _is_keyword_or_comment(line, "tricks")]

    @property
    def started_play(self) -> bool:
        return bool(self.trick_lines or self.trick)

    def text(self, pending: bool = False, extra: tuple[str, str] | None = None) -> tuple[str, set[int]]:
        """The hand's `.rvs` text, with the block and trick being played when ``pending``, and
        one ``extra`` (part, line); and the line numbers of what is not committed."""
        out: list[str] = []
        new: set[int] = set()
        for part in PARTS:
            lines = [(line, False) for line in self.parts[part]]
            if pending and part == self.block_kind:
                lines += [(line, True) for line in self.block]
            if pending and part == "tricks" and self.trick:
                lines.append((f"{quote(self.leader)}: {' '.join(self.trick)}", True))
            if extra and extra[0] == part:
                lines.append((extra[1], True))
            keyword = SECTION_KEYWORDS.get(part)
            if keyword and lines and not any(_is_keyword_or_comment(t, part, True) for t, _ in lines):
                lines.insert(0, (keyword, False))
            for line, is_new in lines:
                out.append(line)
                if is_new:
                    new.add(len(out))
        return "\n".join(out) + "\n", new

    def parse(self, pending: bool = False,
              extra: tuple[str, str] | None = None) -> tuple[ParsedHand, set[int]]:
        text, new = self.text(pending, extra)
        # A tap asks for the same text several times (who plays, the live cards, the view):
        # the last text's parse is kept, a pure function of it.
        if self._parsed is None or self._parsed[0] != text:
            self._parsed = (text, parse_hand(text, 1, self.number))
        return self._parsed[1], new

    def check(self, players: tuple[str, ...], knobs: Knobs, previous_dealer: str | None,
              extra: tuple[str, str] | None = None) -> Check:
        """Parse and replay the hand so far with ``extra`` added: refusals are the errors found
        on a line not yet committed."""
        text, new = self.text(True, extra)
        key = (text, players, knobs, previous_dealer)
        if self._checked is None or self._checked[0] != key:
            parsed, _ = self.parse(True, extra)
            found = list(parsed.diagnostics)
            tricks: tuple[PlayedTrick, ...] = ()
            if parsed.record is not None and not parsed.diagnostics and parsed.record.events is not None:
                # a hand by its events is checked whole at each line; what it still lacks (its
                # party) is said on the section's first line, never a new one: no refusal
                found = replay(parsed.record, players, knobs, previous_dealer)[1]
            elif parsed.record is not None and not parsed.diagnostics:
                tricks, found = replay_unfinished(parsed.record, players, knobs, previous_dealer)
            self._checked = (key, parsed.record, tricks, tuple(found))
        _, record, tricks, found = self._checked
        refusals = [d for d in found if d.is_error and (d.span is None or d.span.line in new
                                                         or record is None)]
        others = [d for d in found if d not in refusals]
        return Check(record, tricks, refusals, others)

    def formatted(self, pending: bool = False) -> str:
        """The committed lines in the canonical layout that ``format`` writes; with ``pending``,
        the deal or exchange lines and the cards of the trick under way too."""
        text, _ = self.text(pending)
        parsed = parse_hand(text, 1, self.number)
        if parsed.record is None:  # cannot happen: only checked lines are committed
            return text
        return format_record(Session(Header(), (parsed.record,)), text)

    @property
    def by_events(self) -> bool:
        """Whether the hand is recorded by its events (``events:``)."""
        return self.cursor == "events"

    def whole(self) -> bool:
        """Eleven tricks, its events all given, or void."""
        return len(self.trick_lines) == TRICKS_PER_HAND or self.events_done or any(
            line.startswith("void") for line in self.parts["tail"])


def _is_keyword_or_comment(line: str, part: str, keyword_only: bool = False) -> bool:
    stripped = line.lstrip()
    keyword = SECTION_KEYWORDS.get(part, "\0")[:-1]
    if stripped.startswith(keyword) and stripped[len(part):].lstrip().startswith(":"):
        return True
    return not keyword_only and stripped.startswith("#")
