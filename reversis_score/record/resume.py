"""Take up a record file where it stops: checked as ``check`` checks it, refused if anything
before its last hand is wrong, and its last hand fed again, line by line, as entries (so the
hand in progress comes back exactly as ``record`` holds one).
"""
from __future__ import annotations

from pathlib import Path

from reversis_score.notation.diagnostics import render
from reversis_score.notation.parse import split_chunks
from reversis_score.pipeline import check_text
from reversis_score.record.entries import Ahead
from reversis_score.record.session import Recorder


def resume(text: str, file: str, folder: Path, interactive: bool,
           raw: str | None = None) -> tuple[Recorder | None, list[str]]:
    """A Recorder holding the record ``text``, or None and the problems that refuse it.

    ``raw`` is the file as it stands (its line ends, a byte-order mark): what comes before
    the last hand is kept exactly so, and never written again.
    """
    checked = check_text(text, file, folder)
    before_last = checked.header_diagnostics + [d for h in checked.hands[:-1] for d in h.diagnostics]
    errors = [d for d in before_last if d.is_error]
    if errors:
        return None, [render(d, file, checked.lines) for d in errors]
    recorder = Recorder(file, folder, interactive=False)
    recorder.header, recorder.ruleset, recorder.in_header = checked.header, checked.rules, False
    _, chunks = split_chunks(checked_text := "\n".join(checked.lines))
    if not chunks:
        recorder.prefix = raw if raw and raw.endswith("\n") else checked_text.rstrip("\n") + "\n"
        return _ready(recorder, interactive), []
    first_line, chunk = chunks[-1]
    recorder.prefix = _before_line(raw, first_line) if raw else checked_text[:len(checked_text) - len(chunk)]
    recorder.sep = ""
    recorder.closed = checked.hands[:-1]
    problems = []
    lines = Ahead(chunk.rstrip("\n").split("\n"))
    recorder.ahead = lines.rest_of_hand
    for number, line in enumerate(lines, first_line):
        for reason in recorder.enter(line).refused:
            problems.append(f"{file}:{number}: error: {reason}")
    if problems:
        return None, problems
    recorder.finish()
    recorder.ahead = None
    return _ready(recorder, interactive), []


def _ready(recorder: Recorder, interactive: bool) -> Recorder:
    recorder.interactive = interactive
    return recorder


def where(recorder: Recorder) -> str:
    """Where a resumed record stands: ``hand 3, trick 6 (5 of 11 recorded)``."""
    hand = recorder.hand
    if hand is None:
        return f"{len(recorder.closed)} hand{'s' * (len(recorder.closed) != 1)} recorded; next: hand " \
               f"{recorder.next_number}"
    if hand.whole():
        return f"hand {hand.number} is whole; next: hand {hand.number + 1}"
    done = len(hand.trick_lines)
    return f"hand {hand.number}, trick {done + 1} ({done} of 11 recorded)"


def _before_line(raw: str, line: int) -> str:
    """The text before line ``line`` (1-based), its line ends as they are."""
    end = 0
    for _ in range(line - 1):
        end = raw.index("\n", end) + 1
    return raw[:end]
