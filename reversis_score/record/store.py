"""The record file while ``record`` writes it: locked against a second writer, each complete
line appended, flushed and fsync'd as it is entered.

The text to stand on disk is given whole (``sync``); what is new is appended. When a line
written earlier must change (an ``undo``, or a longer leader's name that re-aligns the hand's
trick lines), only the hand in progress is cut back and written again.

An existing file is taken up where it stops (``resume``): checked as ``check`` checks it,
refused if anything before its last hand is wrong, and its last hand fed again, line by
line, as entries, so that the hand in progress comes back exactly as ``record`` holds one.
"""
from __future__ import annotations

import fcntl
import os
from pathlib import Path

from reversis_score.notation.diagnostics import render
from reversis_score.notation.parse import split_chunks
from reversis_score.pipeline import check_text
from reversis_score.record.entries import Ahead
from reversis_score.record.session import Recorder


class Busy(Exception):
    """Another process is recording into the same file."""


class Replaced(Exception):
    """The file changed under us (another program rewrote it): nothing more is written."""


class Store:
    """An open record file, locked for this process (released on ``close``)."""

    def __init__(self, path: Path):
        created = not path.exists()
        self.path = path
        self.fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self.fd)
            raise Busy(f"{path} is being recorded by another process") from None
        self.created = created
        if created:  # the new name itself must survive a power cut
            _fsync_folder(path)
        self.written = self.read()

    def read(self) -> str:
        """The file's text as it stands."""
        os.lseek(self.fd, 0, os.SEEK_SET)
        chunks = []
        while chunk := os.read(self.fd, 1 << 16):
            chunks.append(chunk)
        return b"".join(chunks).decode("utf-8")

    def sync(self, text: str) -> None:
        """Make the file read ``text``: append what is new, or cut back to what is shared."""
        if text == self.written:
            return
        self.check_unchanged()
        keep = len(os.path.commonprefix([self.written, text]))
        if keep < len(self.written):
            os.ftruncate(self.fd, len(self.written[:keep].encode("utf-8")))
        os.lseek(self.fd, 0, os.SEEK_END)
        data = text[keep:].encode("utf-8")
        while data:
            data = data[os.write(self.fd, data):]
        os.fsync(self.fd)
        self.written = text

    def check_unchanged(self) -> None:
        """Stop if another program replaced or changed the file since we last wrote it."""
        try:
            on_disk = os.stat(self.path)
        except OSError:
            on_disk = None
        ours = os.fstat(self.fd)
        size = len(self.written.encode("utf-8"))
        if on_disk is None or on_disk.st_ino != ours.st_ino or ours.st_size != size:
            raise Replaced(f"{self.path} was changed by another program while recording: nothing more "
                           "is written to it (run record again to go on from what it holds)")

    def close(self) -> None:
        """Release the file; one this run created and left empty goes again."""
        if self.created and not self.written:
            try:
                os.unlink(self.path)
            except OSError:
                pass
        fcntl.flock(self.fd, fcntl.LOCK_UN)
        os.close(self.fd)


def _fsync_folder(path: Path) -> None:
    try:
        fd = os.open(path.parent if str(path.parent) else ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


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
