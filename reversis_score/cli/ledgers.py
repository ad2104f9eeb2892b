"""Commands that work on settled ledgers: audit, why, export, season, report.

They register themselves on the one Typer ``app`` of cli/app.py. Like every cli module,
this is a place that prints and exits; the work is done by audit.py, why.py, export.py,
season.py and render/. Exit status: 0 clean, 1 record errors, 2 usage errors (a missing file,
a bad option, an unknown name, a target that cannot be written), 3 an audit that disagrees.
"""
from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from enum import Enum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, BinaryIO, Optional

import typer

from reversis_score.cli.app import (Output, fail, app, guarded,
                                    load_checked, print_diagnostics, stdin_bytes, try_load)
from reversis_score.cli.records import JOBS_HELP, QUIET_HELP

if TYPE_CHECKING:  # imported where used: --help and check stay light
    from reversis_score.cli.batch import FileReport
    from reversis_score.pipeline import CheckedSession

FILES_HELP = "Record files (.rvs); '-' reads standard input."


class Shown(str, Enum):
    """Output formats of audit and why."""

    table = "table"
    markdown = "markdown"
    json = "json"


class ExportFormat(str, Enum):
    """What export writes."""

    json = "json"
    csv = "csv"
    markdown = "markdown"
    sqlite = "sqlite"


class What(str, Enum):
    """The rows of a CSV export."""

    items = "items"
    hands = "hands"


def worst(codes: list[int]) -> int:
    """The exit status of a run over many files: usage (2), then record errors (1), then 3."""
    for code in (2, 1, 3):
        if code in codes:
            return code
    return 0


def _ledger(session: CheckedSession):
    """Settle a checked record; fish not conserved is an engine bug, said as such (exit 1)."""
    from reversis_score.ledger.build import ConservationError, build_ledger
    try:
        return build_ledger(session)
    except ConservationError as exc:
        fail(f"internal error: fish not conserved in {exc} — this is a bug in reversis-score, "
              "not in the record; please report it", 1)


def _write_text(text: str, to: str | None) -> None:
    """Standard output, or a file written to a temporary file first and renamed into place."""
    if to is None:
        sys.stdout.write(text)
        return
    from reversis_score.files import write_atomically
    target = Path(to)
    try:
        write_atomically(target, text.encode("utf-8"))
    except OSError as exc:
        fail(f"error: cannot write {to} ({exc.strerror or exc}); nothing was written", 2)


# ------------------------------------------------------------------ audit
@app.command(epilog="Examples: reversis-score audit club.rvs; reversis-score audit club.rvs --format json")
def audit(
    files: Annotated[list[str], typer.Argument(metavar="FILE", show_default=False, help=FILES_HELP)],
    output: Annotated[Shown, typer.Option("--format", help="table, markdown, or json (the ledger "
                                                           "with each hand's audit block).")] = Shown.table,
) -> None:
    """Compare what was paid at the table (table: lines) with the settlement.

    Exit 0 when every audited hand agrees, 3 when any disagrees, 1 for record errors.
    """
    from reversis_score.ledger.audit import audit_blocks, audit_ledger, audited_document
    from reversis_score.render.tables import write_blocks
    codes, docs, texts = [], [], []
    for name in files:
        session, code = try_load(name)
        if session is None:
            codes.append(code)
            continue
        result = audit_ledger(_ledger(session))
        codes.append(code or (0 if result.agrees else 3))
        if output is Shown.json:
            docs.append(audited_document(result))
        else:
            texts.append(write_blocks(audit_blocks(result), output.value))
    if output is Shown.json and docs:
        import json
        sys.stdout.write(json.dumps(docs[0] if len(files) == 1 else docs, ensure_ascii=False,
                                    indent=2) + "\n")
    else:
        sys.stdout.write("\n".join(texts))
    raise typer.Exit(worst(codes))


# ------------------------------------------------------------------ why
@app.command(epilog="Examples: reversis-score why club.rvs Anne Claire; "
                     "reversis-score why club.rvs Anne Claire --hand 3 --pools")
def why(
    file: Annotated[str, typer.Argument(metavar="FILE", show_default=False, help="A record file (.rvs); '-' reads standard input.")],
    a: Annotated[str, typer.Argument(metavar="A", help="One player.")],
    b: Annotated[str, typer.Argument(metavar="B", help="The other player.")],
    hand: Annotated[Optional[int], typer.Option("--hand", metavar="N", help="Only hand N.")] = None,
    pools: Annotated[bool, typer.Option("--pools", help="Add what each paid into and took from "
                                                        "the pools.")] = False,
    output: Annotated[Shown, typer.Option("--format", help="table, markdown or json.")] = Shown.table,
) -> None:
    """Why does A owe B? Every payment between them, in order, with the running sum and the net."""
    from reversis_score.ledger.why import WhyProblem, answer, why_blocks, why_document
    session = guarded(file, load_checked)
    print_diagnostics(session)
    ledger = _ledger(session)
    import unicodedata
    a, b = (unicodedata.normalize("NFC", name) for name in (a, b))
    try:
        ans = answer(ledger, a, b, hand, pools)
    except WhyProblem as exc:
        fail(f"error: {exc}", 2)
    if output is Shown.json:
        import json
        sys.stdout.write(json.dumps(why_document(ans), ensure_ascii=False, indent=2) + "\n")
    else:
        from reversis_score.render.tables import Block, rules_line, session_title, write_blocks
        from reversis_score.render.tables import incomplete_note
        head = Block(session_title(ledger), [], [[rules_line(ledger)]]
                     + [[note] for note in incomplete_note(ledger)])
        sys.stdout.write(write_blocks([head] + why_blocks(ans), output.value))
    raise typer.Exit(1 if session.errors else 0)


# ------------------------------------------------------------------ export
def export_work(name: str, fmt: str, what: str, stdin: bytes | None) -> FileReport:
    """Read, check, settle and render one file for export (in a worker process, maybe)."""
    from reversis_score.cli.batch import FileReport, diagnostics_text, read_or_report
    from reversis_score.ledger.build import ConservationError
    from reversis_score.ledger.export import piece, session_file
    from reversis_score.pipeline import check_text
    read = read_or_report(name, stdin)
    if isinstance(read, FileReport):
        read.errors += [NOT_EXPORTED.format(name)] if read.code == 1 else []
        return read
    data, text, folder = read
    session = check_text(text, name, folder)
    messages = diagnostics_text(session)
    if session.errors:
        return FileReport(name, 1, messages + [NOT_EXPORTED.format(name)], hands=len(session.hands))
    try:
        found = session_file(name, data, session)
    except ConservationError as exc:
        return FileReport(name, 1, messages + [f"internal error: fish not conserved in {exc}; please "
                                               "report it", NOT_EXPORTED.format(name)])
    assert found.ledger is not None
    return FileReport(name, 0, messages, None, len(found.ledger.settled), found.sha256,
                      piece(found, fmt, what))


NOT_EXPORTED = "{}: has record errors: not exported"


@app.command(epilog="Examples: reversis-score export night*.rvs --format sqlite --to season.db; "
                     "reversis-score export club.rvs --format csv --what hands --to hands.csv")
def export(
    files: Annotated[list[str], typer.Argument(metavar="FILE", show_default=False, help=FILES_HELP)],
    output: Annotated[ExportFormat, typer.Option("--format", help="json, csv, markdown or sqlite.")]
    = ExportFormat.json,
    to: Annotated[Optional[str], typer.Option("--to", metavar="PATH", help="Write here (required "
                                              "for sqlite); otherwise standard output.")] = None,
    what: Annotated[What, typer.Option("--what", help="CSV rows: one per item, or one per hand.")]
    = What.items,
    all_or_nothing: Annotated[bool, typer.Option("--all-or-nothing", help="Export nothing when any "
                                                 "file has record errors.")] = False,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", metavar="N", min=1, help=JOBS_HELP)] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=QUIET_HELP)] = False,
) -> None:
    """Export session ledgers: JSON, CSV, Markdown, or into a SQLite database.

    A file with record errors is reported (exit 1) and left out; the others still go in.
    """
    if output is ExportFormat.sqlite and to is None:
        fail("error: --format sqlite needs --to FILE.db", 2)
    if what is What.hands and output is not ExportFormat.csv:
        fail("error: --what hands is for --format csv", 2)
    if to is not None and any(f != "-" and Path(f).resolve() == Path(to).resolve() for f in files):
        fail(f"error: --to {to} is one of the records being exported; choose another file", 2)
    run = ExportRun(files, output, what, all_or_nothing, jobs, quiet)
    try:
        if output is ExportFormat.sqlite:
            assert to is not None
            _export_database(run, to)
        else:
            _export_text(run, to)
    finally:
        run.progress.stop()
    raise typer.Exit(worst(run.codes))


class Abort(Exception):
    """A file that stops the whole export: a usage problem, or an error under --all-or-nothing."""


class ExportRun:
    """The files of one export, settled in order (in workers with --jobs), problems reported
    as they come; ``sessions`` yields the good ones and raises Abort when nothing may be kept."""

    def __init__(self, files: list[str], output: ExportFormat, what: What, all_or_nothing: bool,
                 jobs: int | None, quiet: bool) -> None:
        from reversis_score.cli import batch
        self.all_or_nothing = all_or_nothing
        self.fmt, self.what = output.value, what.value
        stdin = stdin_bytes() if "-" in files else None
        self.sizes = batch.file_sizes(files, stdin)
        work = partial(export_work, fmt=output.value, what=what.value, stdin=stdin)
        self.reports = batch.run_ordered(work, files, jobs or batch.default_jobs(), self.sizes)
        self.progress = batch.Progress(len(files), sum(self.sizes), not quiet)
        self.codes: list[int] = []

    def sessions(self) -> Iterator[FileReport]:
        """Each exportable file's report, in order; Abort at the first file that forbids it."""
        for report in self._reported():
            if report.code == 2 or (report.code == 1 and self.all_or_nothing):
                raise Abort()
            if report.code == 0:
                yield report

    def _reported(self) -> Iterator[FileReport]:
        for report, size in zip(self.reports, self.sizes):
            for message in report.errors:
                self.progress.print(message, err=True)
            self.progress.advance(report, size)
            self.codes.append(report.code)
            yield report

    def finish(self) -> None:
        """After an Abort: report the remaining files too, then say why nothing was exported."""
        for _ in self._reported():
            pass
        if 2 in self.codes:
            fail("nothing exported: fix the file names first", 2)
        fail("nothing exported (--all-or-nothing): a file has record errors", 1)


def _export_text(run: ExportRun, to: str | None) -> None:
    """Write the pieces as they come into a temporary file; keep it only if the run may be kept."""
    import tempfile

    from reversis_score.ledger.export import Assembler
    with tempfile.TemporaryFile("w+b") as spool:
        joined = Assembler(run.fmt, run.what, lambda text: spool.write(text.encode("utf-8")))
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
        sys.stdout.flush()
        shutil.copyfileobj(spool, sys.stdout.buffer)
        sys.stdout.buffer.flush()
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
        fail(f"error: cannot write {to} ({exc.strerror or exc}); nothing was written", 2)


def _export_database(run: ExportRun, to: str) -> None:
    """Feed the sessions to the database one by one; say what was done once it is committed."""
    import sqlite3

    from reversis_score.render.sqlite import TargetProblem, export_sqlite
    written: list[FileReport] = []

    def sessions() -> Iterator[tuple[str, Any]]:
        for report in run.sessions():
            written.append(report)
            yield report.sha256 or "", report.piece
            report.piece = None  # the ledger is in the database's transaction now

    feed = sessions()
    try:
        first = next(feed, None)  # no database is touched for a run with nothing to export
        if first is None:
            return
        done = export_sqlite(Path(to), itertools.chain([first], feed))
    except Abort:
        run.finish()
        return
    except TargetProblem as exc:
        fail(f"error: {to}: {exc}; nothing was changed", 2)
    except (sqlite3.Error, OSError) as exc:
        fail(f"error: cannot write {to} ({exc}); nothing was changed", 2)
    for report, outcome in zip(written, done):
        where = "to" if outcome == "added" else "in"
        typer.echo(f"{report.name}: {outcome} {where} {to} ({report.hands} hand{'s' * (report.hands != 1)}, "
                   f"session {(report.sha256 or '')[:12]})")


# ------------------------------------------------------------------ season
@app.command(epilog="Examples: reversis-score season season.db; "
                     "reversis-score season season.db --since 2026-10-01 --player Anne")
def season(
    db: Annotated[str, typer.Argument(metavar="DB", help="A database written by export --format sqlite.")],
    since: Annotated[Optional[str], typer.Option("--since", metavar="DATE",
                                                 help="Only sessions on or after DATE (YYYY-MM-DD).")] = None,
    player: Annotated[Optional[str], typer.Option("--player", metavar="NAME",
                                                  help="Only this player (and his transfers).")] = None,
    output: Annotated[Output, typer.Option("--format", help="table, json, csv or markdown.")] = Output.table,
) -> None:
    """Totals per player across the sessions of a database, and the season's settle-up."""
    import sqlite3
    from datetime import date

    from reversis_score.ledger import season as seasons
    from reversis_score.render.tables import write_blocks
    if since is not None:
        try:
            since = date.fromisoformat(since).isoformat()
        except ValueError:
            fail(f"error: --since {since}: not a date (write it as YYYY-MM-DD)", 2)
    try:
        conn = seasons.open_database(Path(db))
        try:
            result = seasons.read_season(conn, since, player)
        finally:
            conn.close()
    except seasons.SeasonProblem as exc:
        fail(f"error: {exc}", 2)
    except sqlite3.Error as exc:  # a damaged file, or tables changed by hand
        fail(f"error: {db}: cannot be read as a season ({exc})", 2)
    if output is Output.json:
        sys.stdout.write(seasons.season_json(result))
    elif output is Output.csv:
        sys.stdout.write(seasons.season_csv(result))
    else:
        sys.stdout.write(write_blocks(seasons.season_blocks(result, since), output.value))


# ------------------------------------------------------------------ report
@app.command(epilog="Example: reversis-score report club.rvs -o report.html")
def report(
    file: Annotated[str, typer.Argument(metavar="FILE", show_default=False, help="A record file (.rvs); '-' reads standard input.")],
    out: Annotated[Optional[str], typer.Option("-o", "--output", metavar="FILE.html",
                                               help="Write the page here (else standard output).")] = None,
) -> None:
    """One self-contained HTML page: header, hands, balances, settle-up and a balance chart."""
    from reversis_score.render.html import report_html
    if out is not None and file != "-" and Path(file).resolve() == Path(out).resolve():
        fail(f"error: -o {out} is the record itself; choose another file", 2)
    session = guarded(file, load_checked)
    print_diagnostics(session)
    if session.errors:
        fail(f"{file}: the record has errors: no report written", 1)
    ledger = _ledger(session)
    _write_text(report_html(ledger), out)
    if out is not None:
        hands = len(ledger.settled)
        typer.echo(f"wrote {out}: {hands} hand{'s' * (hands != 1)}, {len(ledger.players)} players")
