"""One entry typed at ``record``: a command, a `.rvs` line (keyword or section line) or a bare
answer to the question asked, with its comment split off.

>>> e = read_entry("  tricks:   # from here on")
>>> e.kind, e.word, e.comment
('keyword', 'tricks', '# from here on')
>>> read_entry("irregular revoke Bruno").kind, read_entry("7h 8h").cards
('command', ('7h', '8h'))
"""
from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from reversis_score.notation.cards import looks_like_card
from reversis_score.render.rvs import find_comments

COMMANDS = ("undo", "show", "help", "quit", "table", "void", "claims waived")
KEYWORDS = ("session", "date", "players", "rules", "stake", "dealer", "deal", "exchange",
            "announce", "tricks", "events", "irregular", "void", "claims", "table")
# The lines of an events section (``party: ...``): read as keyword entries, kept for the section.
EVENT_WORDS = ("party", "points", "talon", "reversis", "espagnolette")
_KEYWORD = re.compile(r"(" + "|".join(KEYWORDS + EVENT_WORDS) + r")[ \t]*:(.*)\Z", re.DOTALL)
_RULE = re.compile(r"rule[ \t]+\S")
_HAND = re.compile(r"hand(?![\w'\-])(.*)\Z")
_IRREGULAR = re.compile(r"irregular[ \t]+(\S+)[ \t]+(\S.*)\Z")


@dataclass(frozen=True, slots=True)
class Entry:
    """An entry: its kind (blank, comment, command, keyword, text), the text without its
    comment, the command or keyword word, what follows it, and the comment."""

    kind: str
    text: str
    word: str = ""
    rest: str = ""
    comment: str | None = None

    @property
    def cards(self) -> tuple[str, ...] | None:
        """The card tokens when the whole entry is one to four cards (a trick's cards)."""
        words = tuple(self.text.replace(",", " ").split())
        if self.kind == "text" and 0 < len(words) <= 4 and all(looks_like_card(w) for w in words):
            return words
        return None

    def line(self, text: str | None = None) -> str:
        """``text`` (this entry's own by default) with the entry's comment after it."""
        text = self.text if text is None else text
        return f"{text}  {self.comment}" if self.comment and text else (self.comment or text)


def read_entry(raw: str) -> Entry:
    """Classify one line typed by the scorer (or read from standard input)."""
    raw = raw.lstrip("\ufeff")  # a byte-order mark opens a file, not an entry
    found = find_comments(raw.rstrip("\r\n")).get(1)
    comment = found[0] if found else None
    text = raw.rstrip()
    if comment:
        text = text[: len(text) - len(comment)]
    text = text.strip().replace("\t", " ")
    if not text:
        return Entry("comment" if comment else "blank", "", comment=comment)
    simple = " ".join(text.split())
    if simple in COMMANDS:
        return Entry("command", text, simple, "", comment)
    irregular = _IRREGULAR.match(simple)
    if irregular:
        return Entry("command", text, "irregular", simple[len("irregular"):].strip(), comment)
    match = _KEYWORD.match(text)
    if match:
        return Entry("keyword", text, match.group(1), match.group(2).strip(), comment)
    if _RULE.match(text):
        return Entry("keyword", text, "rule", text[4:].strip(), comment)
    match = _HAND.match(text)
    if match:
        return Entry("keyword", text, "hand", match.group(1).strip(), comment)
    return Entry("text", text, comment=comment)


class Ahead:
    """Entries one by one, able to look ahead to the end of the hand under way."""

    def __init__(self, lines: Iterable[str]):
        self.lines = iter(lines)
        self.buffer: deque[str] = deque()

    def __iter__(self) -> Iterator[str]:
        while True:
            if self.buffer:
                yield self.buffer.popleft()
                continue
            line = next(self.lines, None)
            if line is None:
                return
            yield line

    def rest_of_hand(self) -> list[str]:
        """The lines still to come before the next hand begins (read now, given later)."""
        while not any(read_entry(line).word in ("hand", "dealer") for line in self.buffer):
            line = next(self.lines, None)
            if line is None:
                break
            self.buffer.append(line)
        return list(self.buffer)
