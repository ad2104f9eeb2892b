"""``export``'s run: the files read, checked and settled in order (in worker processes with
``--jobs``), each file's problems reported as it comes, its piece written hand by hand as it
is settled: into memory for a short record, else into a file of the run's temporary folder
(a long record, or any record settled by a worker that must answer short: batch.long_answers).

Text formats are joined into a temporary file, copied to standard output or renamed over
``--to`` only when the run may be kept (no usage error; no record error under
``--all-or-nothing``). The database is written only once every file is settled, one session
and one hand at a time (read back from its piece) inside the writer's one transaction: a run
that exports nothing never touches it, and nothing is said "added" before it has committed.
"""
from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any, BinaryIO

import typer

from reversis_score.cli import batch
from reversis_score.cli.app import error_line, fail, stdin_bytes
from reversis_score.cli.batch import FileReport, read_or_report
from reversis_score.i18n import N_, _, fill, ngettext

NOT_EXPORTED = N_("{file}: has record errors: not exported")
# A record shorter than this has its piece written in memory, not in a file (report/export.py),
# unless its worker must answer short (batch.IN_WORKER says why). The database's pieces wait
# for the last file, and those beyond HELD_BYTES wait in files.
IN_MEMORY_BYTES = 256 * 1024
HELD_BYTES = 4 * 1024 * 1024


def export_work(name: str, fmt: str, what: str, stdin: bytes | None, folder: str) -> FileReport:
    """Read, check, settle and write one file's piece into ``folder`` (in a worker process,
    maybe), hand by hand."""
    from reversis_score.ledger.build import ConservationError
    from reversis_score.pipeline import stream_text
    from reversis_score.report.export import content_hash, write_session
    read = read_or_report(name, stdin)
    if isinstance(read, FileReport):
        return read  # its one message (empty, not UTF-8 ...) says why: not "has record errors"
    data, text, where = read
    sha = content_hash(data)
    del read, data  # the text is all the rest needs
    try:
        written = write_session(stream_text(text, name, where), fmt, what, sha, folder,
                                in_memory=len(text) < IN_MEMORY_BYTES and batch.long_answers())
    except ConservationError as exc:
        bug = fill(_("internal error: fish not conserved in {where}; please report it"), where=exc)
        return FileReport(name, 1, [bug, fill(_(NOT_EXPORTED), file=name)])
    if written.errors:
        return FileReport(name, 1, written.messages + [fill(_(NOT_EXPORTED), file=name)], hands=written.read)
    if written.in_progress is not None:
        n = written.in_progress
        said = (_("{file}: hand {n} in progress: exported up to hand {last}; export it again when the hand "
                  "is finished") if n > 1 else
                _("{file}: hand {n} in progress: exported up to its header (no hand finished yet); export it "
                  "again when the hand is finished"))
        written.messages.append(fill(said, file=name, n=n, last=n - 1))
    return FileReport(name, 0, written.messages, None, written.settled, sha, written.piece)


class Abort(Exception):
    """A file that stops the whole export: a usage problem, or an error under --all-or-nothing."""


class ExportRun:
    """The files of one export, settled in order (in workers with --jobs), problems reported
    as they come; ``sessions`` yields the good ones and raises Abort when nothing may be kept."""

    def __init__(self, files: list[str], fmt: str, what: str, all_or_nothing: bool,
                 jobs: int, quiet: bool) -> None:
        self.all_or_nothing = all_or_nothing
        self.fmt, self.what = fmt, what
        stdin = stdin_bytes() if "-" in files else None
        self.sizes = batch.file_sizes(files, stdin)
        # The pieces that are files wait here until the run may be kept.
        self.folder = tempfile.TemporaryDirectory(prefix="reversis-score-export-")
        work = partial(export_work, fmt=fmt, what=what, stdin=stdin, folder=self.folder.name)
        self.reports = batch.run_ordered(work, files, jobs, self.sizes, preload=(
            "reversis_score.pipeline", "reversis_score.ledger.build", "reversis_score.report.export"))
        self.progress = batch.Progress(len(files), sum(self.sizes), not quiet)
        self.pending_sizes = iter(self.sizes)  # in step with self.reports, across an Abort
        self.codes: list[int] = []

    def sessions(self) -> Iterator[FileReport]:
        """Each exportable file's report, in order; Abort at the first file that forbids it."""
        for report in self._reported():
            if report.code == 2 or (report.code == 1 and self.all_or_nothing):
                raise Abort()
            if report.code == 0:
                yield report

    def _reported(self) -> Iterator[FileReport]:
        # not strict: finish() goes on with the reports where sessions() stopped
        for report, size in zip(self.reports, self.pending_sizes, strict=False):
            for message in report.errors:
                self.progress.print(message, err=True)
            self.progress.advance(report, size)
            self.codes.append(report.code)
            yield report

    def close(self) -> None:
        """Remove the pieces that were not used (those of a run that is not kept)."""
        self.folder.cleanup()

    def finish(self) -> None:
        """After an Abort: report the remaining files too, then say why nothing was exported."""
        for _report in self._reported():
            pass
        if 2 in self.codes:
            fail(_("nothing exported: fix the file names first"), 2)
        fail(_("nothing exported (--all-or-nothing): a file has record errors"), 1)


def export_text(run: ExportRun, to: str | None) -> None:
    """Write the pieces as they come into a temporary file; keep it only if the run may be kept."""
    from reversis_score.report.export import Assembler
    with tempfile.TemporaryFile("w+b") as spool:
        joined = Assembler(run.fmt, run.what, spool.write)
        try:
            for report in run.sessions():
                joined.add(report.piece)
            joined.close()
        except Abort:
            run.finish()
        if joined.count:
            spool.seek(0)
            _write_spool(spool, to)


def _write_spool(spool: BinaryIO, to: str | None) -> None:
    """Standard output, or a file written beside the target first and renamed into place."""
    import shutil

    from reversis_score.files import AtomicFile
    if to is None:
        out = getattr(sys.stdout, "buffer", None)
        if out is None:  # a text-only stream stands in for standard output
            sys.stdout.write(spool.read().decode("utf-8"))
            return
        sys.stdout.flush()
        shutil.copyfileobj(spool, out)
        out.flush()
        return
    try:
        target = AtomicFile(Path(to))
        try:
            shutil.copyfileobj(spool, target.out)
        except BaseException:
            target.discard()
            raise
        target.commit()
    except OSError as exc:
        fail(error_line(fill(_("cannot write {target} ({reason}); nothing was written"), target=to,
                             reason=exc.strerror or exc)), 2)


def export_database(run: ExportRun, to: str, club: str | None = None, replace: bool = False) -> None:
    """Settle every file first, the sessions' rows waiting in a temporary file; then, only if
    the run may be kept, feed them to the database (a SQLite file or a PostgreSQL URL) one by
    one in its one transaction, and say what was done once it is committed.

    So a run that exports nothing never creates, locks or touches the database, and the
    database's lock is held only while it is written.
    """
    from reversis_score.render.database import Choices, Refused, shown
    from reversis_score.render.engine import export_database as write
    from reversis_score.render.identity import record_name
    from reversis_score.render.schema import TargetProblem
    from reversis_score.scrub import safe
    waiting: list[FileReport] = []  # each session's report; its piece: (piece, offset of its rows)
    try:
        waiting.extend(_held(run.sessions(), run.folder.name))
    except Abort:
        run.finish()
    if not waiting:
        return
    notes: list[str] = []
    try:
        done = write(to, _sessions(waiting), notes, strict=run.all_or_nothing,
                     choices=Choices(club, partial(_replace_another, replace)))
    except Refused as exc:
        run.codes.append(1)
        fail(error_line(fill(_("{problem}; nothing was changed (--all-or-nothing)"), problem=exc)), 1)
    except TargetProblem as exc:
        fail(error_line(fill(_("{target}: {problem}; nothing was changed"), target=shown(to),
                             problem=exc)), 2)
    except OSError as exc:
        fail(error_line(fill(_("cannot write {target} ({reason}); nothing was changed"), target=shown(to),
                             reason=exc)), 2)
    for note in notes:
        typer.echo(safe(note), err=True)
    for report, outcome in zip(waiting, done, strict=True):
        said = fill(_("{file}: {said}"), file=report.name,
                    said=outcome_words(outcome, shown(to), report.hands, record_name(report.name)))
        if outcome == "refused":
            run.codes.append(1)
        typer.echo(safe(said), err=outcome == "refused")


def _held(reports: Iterator[FileReport], folder: str) -> Iterator[FileReport]:
    """The reports as they come, their pieces kept in memory up to HELD_BYTES in all; the
    pieces beyond wait in files of ``folder``, so a long run's memory stays flat."""
    from reversis_score.report.export import spilled
    held = 0
    for report in reports:
        piece, trailer = report.piece
        if isinstance(piece, bytes):
            held += len(piece)
            if held > HELD_BYTES:
                report.piece = (spilled(piece, folder), trailer)
        yield report


def _replace_another(replace: bool, question: str) -> bool:
    """Whether a session may replace another night: ``--replace``; else the answer at a terminal
    (no answer is no); never when nobody is there to ask."""
    if replace:
        return True
    if not (sys.stdin.isatty() and sys.stderr.isatty()):
        return False
    from reversis_score.cli.books import confirmed
    return confirmed(question)


def outcome_words(outcome: Any, target: str, hands: int, name: str) -> str:
    """What became of one session, after the file's name: added, replaced (and what changed),
    or not exported (and which session holds it)."""
    if outcome == "refused":
        return fill(_("not exported: {detail}"), detail=outcome.detail)
    if outcome == "added":
        said = ngettext("added to {target} ({n} hand, session {name})",
                        "added to {target} ({n} hands, session {name})", hands)
    else:
        said = ngettext("replaced in {target} ({n} hand, session {name})",
                        "replaced in {target} ({n} hands, session {name})", hands)
    said = fill(said, target=target, n=hands, name=name)
    detail = getattr(outcome, "detail", "")
    return fill(_("{said}: {detail}"), said=said, detail=detail) if detail else said


def _sessions(waiting: list[FileReport]) -> Iterator[tuple[str, Any]]:
    """The waiting sessions' rows, read back one session, and one hand, at a time."""
    from reversis_score.report.export import session_rows_of
    for report in waiting:
        path, trailer = report.piece
        yield report.sha256 or "", session_rows_of(path, trailer)
