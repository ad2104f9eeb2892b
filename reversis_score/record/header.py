"""The header steps of ``record``: session name, date, players, rules, stake, each checked by
the real header parser and the rules it names (``Recorder`` in session.py adds the hands).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path

from reversis_score.i18n import _
from reversis_score.notation.diagnostics import Diagnostic, where_prefix
from reversis_score.notation.parse import parse_header
from reversis_score.notation.records import Header, Session
from reversis_score.record import entries
from reversis_score.record.entries import Entry, read_entry
from reversis_score.render.rvs import format_record, quote
from reversis_score.rules.houserules import RuleSet, resolve

HEADER_QUESTIONS = ("session", "date", "players", "rules", "stake")


@dataclass
class Reply:
    """What an entry did: lines for the scorer, the reasons it was refused, and whether to stop."""

    said: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    quit: bool = False


def explain(diag: Diagnostic) -> str:
    """A problem in words, with its hand and trick."""
    return where_prefix(diag.hand, diag.trick) + diag.message


class HeaderSteps:
    """The header questions; the hand steps (``HandSteps``) build on this."""

    def __init__(self, file: str = "-", folder: Path | None = None, interactive: bool = True,
                 today: dt.date | None = None):
        self.file, self.folder, self.interactive = file, folder or Path("."), interactive
        self.today = today or dt.date.today()
        self.header_lines: list[str] = []
        self.header = Header()
        self.ruleset: RuleSet | None = None
        self.asked = 0  # how many header questions are answered or passed
        self.passed: set[str] = set()  # questions the command line's options settled
        self.in_header = True
        self.comments: list[str] = []  # comment lines waiting for the next line written
        self.kept_header: tuple[list[str], str] | None = None  # a resumed header, as on disk
        # The record's language (its header's `langue: fr`): every line is held in the
        # grammar's spelling and written in this one (record/entries.py: a record written in French).
        self.spelling = "en"
        # Whether entries come in the record's spelling (typed at a terminal, a file's lines),
        # or always in the grammar's (the entry page's buttons).
        self.typed_as_written = False

    # ------------------------------------------------------------ what is asked
    @property
    def players(self) -> tuple[str, ...]:
        return self.header.player_names

    @property
    def question(self) -> str:
        """What the next entry answers: a header question, or a hand's (see HandSteps)."""
        if self.in_header and self.asked < len(HEADER_QUESTIONS):
            return HEADER_QUESTIONS[self.asked]
        return self.hand_question()

    def hand_question(self) -> str:
        raise NotImplementedError

    def pass_questions(self, words: set[str]) -> None:
        """Header questions not to ask: the command line gave the header (``--players`` and
        the rest), so only what it left out and cannot go without (the players) is asked."""
        self.passed |= words
        if "players" not in self.passed and not self.header.has_players:  # back to them
            self.asked = min(self.asked, HEADER_QUESTIONS.index("players"))
        self._skip_passed()

    def _skip_passed(self) -> None:
        while self.asked < len(HEADER_QUESTIONS) and HEADER_QUESTIONS[self.asked] in self.passed:
            self.asked += 1

    # ------------------------------------------------------------ entries
    @property
    def french(self) -> bool:
        """Whether the record is written in French (``langue: fr``)."""
        return self.spelling == entries.FRENCH

    def explain(self, diag: Diagnostic) -> str:
        """A problem in words (``explain``), its cards and keywords as the record spells them."""
        text = explain(diag)
        return entries.message(text) if self.french else text

    def shown(self, text: str) -> str:
        """Record lines of the grammar's spelling (or a card token) as the record writes them."""
        return entries.written(text) if self.french else text

    def shown_card(self, token: str) -> str:
        """A card token of the grammar (``KH``) as the record spells it (``RC`` in French)."""
        return entries.token(token) if self.french else token

    def enter(self, raw: str) -> Reply:
        """Take one entry (a line as typed) and say what came of it."""
        language = entries.language_line(raw)
        if language is not None:
            return self.language_line(language)
        if self.french and self.typed_as_written and not self.bare_header_answer(raw):
            card = entries.english_card(raw)
            if card is not None:
                return Reply(refused=[entries.not_french(card)])
            typed, raw = raw, entries.to_grammar(raw)
            reply = self._entered(raw)
            return entries.as_typed(reply, raw, typed)
        return self._entered(raw)

    def _entered(self, raw: str) -> Reply:
        """Take one entry in the grammar's spelling."""
        entry = read_entry(raw)
        if entry.kind == "blank":
            return self.accept_default() if self.interactive else Reply()
        if entry.kind == "comment":
            self.comments.append(entry.comment or "")
            return Reply()
        if entry.word in ("session", "date", "players", "rules", "rule", "stake", *entries.NIGHT_WORDS):
            return self.header_line(entry, entry.line())
        if self.in_header and entry.kind == "text" and self.asked < len(HEADER_QUESTIONS):
            word = HEADER_QUESTIONS[self.asked]
            return self.header_line(entry, entry.line(f"{word}: {entry.text}"), word)
        return self.hand_entry(entry)

    def hand_entry(self, entry: Entry) -> Reply:
        raise NotImplementedError

    def bare_header_answer(self, raw: str) -> bool:
        """An answer to a header question (a name, a date, the players): free text, as written."""
        return self.in_header and self.asked < len(HEADER_QUESTIONS) and not entries.keyword_line(raw)

    def language_line(self, language: str) -> Reply:
        """``langue: fr`` (or ``lang: en``): the language the record is written in."""
        if language not in entries.LANGUAGES:
            return Reply(refused=[_("the record's language is 'fr' (French cards and words) or 'en', "
                                    "not '{language}'").format(language=language)])
        if not self.in_header:
            return Reply(refused=[_("the record's language is its header's: a `langue: fr` line comes "
                                    "before the first hand")])
        if language == entries.FRENCH and self.header.has_players:
            problem = entries.unwritable(self.header_text())
            if problem:
                return Reply(refused=[problem])
        self.spelling = language
        self.kept_header = None  # the header is written again, with its language
        return Reply(said=[entries.written_in(language)])

    def accept_default(self) -> Reply:
        """Enter at a prompt: take what it proposes."""
        if not (self.in_header and self.asked < len(HEADER_QUESTIONS)):
            return self.accept_hand_default()
        word = HEADER_QUESTIONS[self.asked]
        if word == "players":
            return Reply(refused=[_("the four players are needed, in order of play")])
        if word == "date":
            return self.header_line(read_entry(""), f"date: {self.today.isoformat()}", word)
        if word == "rules":  # written, so that a resume knows the question was answered
            return self.header_line(read_entry(""), "rules: parlett", word)
        self.asked += 1
        self._skip_passed()
        return Reply()

    def accept_hand_default(self) -> Reply:
        raise NotImplementedError

    def header_line(self, entry: Entry, line: str, word: str | None = None) -> Reply:
        """A header line, checked by the real header parser and the rules it names."""
        word = word or entry.word
        if not self.in_header:
            return Reply(refused=[_("'{word}:' belongs to the header, which is written: header lines "
                                    "come before the first hand").format(word=self.keyword(word))])
        lines = self.header_lines + self.comments + [line]
        header, diags = parse_header("\n".join(lines) + "\n")
        if not header.has_players:  # the players come later: not knowing them yet is no error
            missing = _("the header has no 'players:' line: name the four players in order of play")
            diags = [d for d in diags if d.message != missing]  # (in the language it was said in)
        ruleset, rule_diags = resolve(header, self.folder, None, self.file)
        bad = [d for d in diags + rule_diags if d.is_error and (d.span is None or d.span.line == len(lines))]
        if bad:
            return Reply(refused=[self.explain(d) for d in bad])
        if self.french and header.has_players:  # a name a French record would read as a card
            problem = entries.unwritable(format_record(Session(header, ()), "\n".join(lines) + "\n"))
            if problem:
                return Reply(refused=[problem])
        self.header_lines, self.comments = lines, []
        self.header, self.ruleset = header, ruleset
        if word in HEADER_QUESTIONS:
            self.asked = max(self.asked, HEADER_QUESTIONS.index(word) + 1)
            self._skip_passed()
        return Reply()

    def header_text(self) -> str:
        """The header in the canonical layout, as far as it is answered (each line is written
        as it is accepted)."""
        if not self.header_lines:
            return ""
        if self.kept_header and self.kept_header[0] == self.header_lines:
            return self.kept_header[1]  # untouched since the resume: kept as it stands
        source = "\n".join(self.header_lines) + "\n"
        text = format_record(Session(self.header, ()), source)
        return "langue: fr\n" + entries.written(text) if self.french else text

    def keyword(self, word: str) -> str:
        """A keyword of the grammar as the record spells it (``dealer`` → ``donneur``)."""
        return entries.keyword(word) if self.french else word


def player_list(players: tuple[str, ...]) -> str:
    return " ".join(quote(p) for p in players)
