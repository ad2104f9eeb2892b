"""Taking up a record file where it stops (``resume``), and saying where a record stands
(``where``).

The file is checked as ``check`` checks it and refused if anything before its last hand is
wrong; its last hand (or its header, when it has no hand yet) is fed again, line by line, as
entries, so that what is in progress comes back exactly as ``record`` holds it: a deal or an
exchange short of its fourth line, the cards of a trick under way.
"""
from __future__ import annotations

from pathlib import Path

from reversis_score.i18n import N_, _, fill, grouped, ngettext
from reversis_score.ledger.build import Running
from reversis_score.notation.diagnostics import render
from reversis_score.notation.french import record_language, to_english
from reversis_score.notation.parse import split_chunks
from reversis_score.pipeline import CheckedHand, SessionStream, stream_text
from reversis_score.record.entries import Ahead
from reversis_score.record.session import Recorder
from reversis_score.record.words import token_face
from reversis_score.replay.tricks import TRICKS_PER_HAND


def resume(text: str, file: str, folder: Path, interactive: bool,
           raw: str | None = None, most: int | None = None) -> tuple[Recorder | None, list[str]]:
    """A Recorder holding the record ``text``, or None and the problems that refuse it (with
    ``most``, the first ``most`` of them and a line that counts the others).

    ``raw`` is the file as it stands (its line ends, a byte-order mark): what comes before
    the last hand is kept exactly so, and never written again. A record written in French
    (``langue: fr``) is taken up in French: its lines are read, and written, so.
    """
    header_text, chunks = split_chunks(text)
    language = record_language(header_text)
    if language is not None:  # a French record's hands begin with 'coup': found in its twin
        header_text, chunks = split_chunks(to_english(text)[0])
    if not chunks:
        return _resume_header(text, file, folder, interactive, raw, language)
    stream = stream_text(text, file, folder)
    closed, errors, shown, run = _closed_hands(stream, file, most)
    if errors:
        more = errors - len(shown)
        words = ngettext("… and {count} more error (reversis-score check lists them all)",
                         "… and {count} more errors (reversis-score check lists them all)", more)
        return None, shown + ([fill(words, count=grouped(more))] if more else [])
    recorder = Recorder(file, folder, interactive=False)
    recorder.header, recorder.ruleset, recorder.in_header = stream.header, stream.rules, False
    recorder.spelling = stream.header.lang or "en"
    checked_text = "\n".join(stream.lines)
    grammar_text = to_english(checked_text)[0] if language is not None else checked_text
    first_line, chunk = split_chunks(grammar_text)[1][-1]
    recorder.prefix = _before_line(raw if raw else checked_text, first_line)
    recorder.sep = ""
    recorder.closed = closed
    recorder._run, recorder._run_hands = run, len(closed)  # settled once, as they were read
    count = len(chunk.rstrip("\n").split("\n"))  # the last hand's lines, as the file writes them
    problems = _feed(recorder, stream.lines[first_line - 1: first_line - 1 + count], first_line, file)
    if problems:
        return None, problems
    if recorder.hand is not None and recorder.hand.by_events and not recorder.hand.whole():
        recorder.events_whole()  # a last hand by its events that settles is whole
    if recorder.hand is not None and recorder.hand.whole():
        recorder.table_open = False  # a finished hand: the next question is the next dealer
    return _ready(recorder, interactive), []


def _closed_hands(stream: SessionStream, file: str, most: int | None
                  ) -> tuple[list[CheckedHand], int, list[str], Running | None]:
    """The hands before the last, read as a stream: each settled as it comes and kept light
    (its number; the last one's record too, for the next dealer), so that a long record costs
    what one hand costs. Also the errors before the last hand: how many, the first ``most``
    rendered as ``check`` renders them."""
    errors, shown = 0, list[str]()

    def note(diagnostics: list) -> None:
        nonlocal errors
        for d in diagnostics:
            if d.is_error:
                errors += 1
                if most is None or len(shown) < most:
                    shown.append(render(d, file, stream.lines))
    note(stream.header_diagnostics)
    run = None if errors else Running.start(stream.players, stream.header.stake or 0, stream.rules.knobs)
    closed: list[CheckedHand] = []
    last: CheckedHand | None = None
    for hand in stream.hands:
        if last is not None:
            note(last.diagnostics)
            if run is not None and not errors:
                run.settle(last)
            if closed:
                closed[-1] = CheckedHand(closed[-1].number, closed[-1].first_line, None, None)
            closed.append(CheckedHand(last.number, last.first_line, last.record, None))
        last = hand
    return closed, errors, shown, run


def _resume_header(text: str, file: str, folder: Path, interactive: bool,
                   raw: str | None, language: str | None = None) -> tuple[Recorder | None, list[str]]:
    """A file with a header and no hand yet (``record`` writes each header line as it is
    accepted): its lines entered again, the next question the one after the last answered."""
    recorder = Recorder(file, folder, interactive=False)
    if language == "fr":  # its lines before the `langue: fr` one are French too
        recorder.spelling = language
    problems = _feed(recorder, text.rstrip("\n").split("\n"), 1, file)
    if problems:
        return None, problems
    if raw and raw.endswith("\n"):
        recorder.kept_header = (list(recorder.header_lines), raw)
    return _ready(recorder, interactive), []


def _feed(recorder: Recorder, lines: list[str], first_line: int, file: str) -> list[str]:
    """Enter ``lines`` (from line ``first_line`` of the file, as it spells them); the
    refusals, as errors."""
    problems = []
    ahead = Ahead(lines)
    recorder.ahead = ahead.rest_of_hand
    typed, recorder.typed_as_written = recorder.typed_as_written, True
    for index, line in enumerate(ahead):
        refused = recorder.enter(line).refused
        problems += [f"{file}:{first_line + index}: " + _("error: {problem}").format(problem=reason)
                     for reason in refused]
    recorder.finish()
    recorder.ahead, recorder.typed_as_written = None, typed
    return problems


def _ready(recorder: Recorder, interactive: bool) -> Recorder:
    recorder.interactive = interactive
    return recorder


def where(recorder: Recorder) -> str:
    """Where a record stands, as a sentence: ``hand 3 is at trick 6 (5 of 11 recorded, 9D
    played)``, ``hand 1 is finished; next comes the dealer of hand 2``."""
    hand = recorder.hand
    if hand is None and recorder.in_header:
        question = recorder.question
        if not recorder.header_lines:
            return _("nothing is written yet; next comes the {question}").format(
                question=_(QUESTIONS[question]))
        if question in ("dealer", "after"):
            return _("the header is written; next comes the dealer of hand 1")
        return _("the header is written as far as it goes; next comes the {question}").format(
            question=_(QUESTIONS[question]))
    if hand is None:
        count = len(recorder.closed)
        return ngettext("{count} hand finished; next comes the dealer of hand {next}",
                        "{count} hands finished; next comes the dealer of hand {next}", count).format(
            count=count, next=recorder.next_number)
    if hand.whole():
        return _("hand {number} is finished; next comes the dealer of hand {next}").format(
            number=hand.number, next=hand.number + 1)
    if hand.by_events:
        return _("hand {number} is recorded by its events; Enter ends them").format(number=hand.number)
    done = len(hand.trick_lines)
    if hand.trick:
        return _("hand {number} is at trick {trick} ({done} of {all} recorded, {cards} played)").format(
            number=hand.number, trick=done + 1, done=done, all=TRICKS_PER_HAND,
            cards=" ".join(token_face(card, recorder.shown_card(card)) for card in hand.trick))
    return _("hand {number} is at trick {trick} ({done} of {all} recorded)").format(
        number=hand.number, trick=done + 1, done=done, all=TRICKS_PER_HAND)


# The header questions, as ``where`` names them.
QUESTIONS = {"session": N_("session"), "date": N_("date"), "players": N_("players"), "rules": N_("rules"),
             "stake": N_("stake"), "dealer": N_("dealer"), "after": N_("after")}


def _before_line(raw: str, line: int) -> str:
    """The text before line ``line`` (1-based), its line ends as they are."""
    end = 0
    for _line in range(line - 1):
        end = raw.index("\n", end) + 1
    return raw[:end]
