"""``report``'s pages, written as files: one night's, or a season's of several records or of a
database (the command itself is in ledgers.py, which imports this module when it runs)."""
from __future__ import annotations

import sys
from pathlib import Path

import typer

from reversis_score.cli.app import (
    built_ledger,
    error_line,
    fail,
    guarded,
    load_checked,
    print_diagnostics,
    try_load,
    worst,
)
from reversis_score.i18n import _, fill, ngettext


def write_text(text: str, to: str | None) -> None:
    """Standard output, or a file written to a temporary file first and renamed into place."""
    if to is None:
        sys.stdout.write(text)
        return
    from reversis_score.files import write_atomically
    target = Path(to)
    try:
        write_atomically(target, text.encode("utf-8"))
    except OSError as exc:
        fail(error_line(fill(_("cannot write {target} ({reason}); nothing was written"), target=to,
                             reason=exc.strerror or exc)), 2)


def is_database(name: str) -> bool:
    """A PostgreSQL URL, or a file that starts as SQLite databases do."""
    from reversis_score.render.database import is_postgres_url
    if is_postgres_url(name):
        return True
    try:
        with open(name, "rb") as file:
            return file.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False  # the record reader says what is wrong with it


def report_session(file: str, out: str | None) -> None:
    """The page of one night; a record with errors stops it (nothing written)."""
    from reversis_score.serve.offline import session_page
    session = guarded(file, load_checked)
    print_diagnostics(session)
    if session.errors:
        fail(fill(_("{file}: the record has errors: no report written"), file=file), 1)
    ledger = built_ledger(session)
    write_text(session_page(ledger), out)
    if out is not None:
        hands = len(ledger.settled)
        from reversis_score.scrub import safe
        said = fill(ngettext("wrote {target}: {n} hand, {players} players",
                             "wrote {target}: {n} hands, {players} players", hands),
                    target=out, n=hands, players=len(ledger.players))
        typer.echo(safe(said))


def report_season(files: list[str], out: str | None) -> None:
    """The season page of several records; a record with errors stops it (nothing written)."""
    from reversis_score.serve.offline import season_page
    from reversis_score.serve.season import summary_of
    summaries, codes = [], []
    for name in files:
        session, code = try_load(name)
        codes.append(code)
        if session is not None and not session.errors:
            summaries.append(summary_of(Path(name).stem if name != "-" else "stdin", built_ledger(session)))
    if worst(codes):
        fail(_("the records have errors: no report written"), worst(codes))
    _write_season(season_page(summaries), summaries, out)


def report_database(db: str, out: str | None) -> None:
    """The season page of a database written by export."""
    from reversis_score.render.schema import TargetProblem
    from reversis_score.report import season as seasons
    from reversis_score.serve.offline import season_page
    from reversis_score.serve.season import summaries_from_database
    try:
        reader = seasons.open_database(db)
        try:
            summaries = summaries_from_database(reader)
        finally:
            reader.close()
    except (seasons.SeasonProblem, TargetProblem) as exc:
        fail(error_line(exc), 2)
    _write_season(season_page(summaries), summaries, out)


def _write_season(page: str, summaries, out: str | None) -> None:
    write_text(page, out)
    if out is not None:
        from reversis_score.scrub import safe
        players = len({p for s in summaries for p in s.players})
        said = fill(ngettext("wrote {target}: the season of {n} session, {players} players",
                             "wrote {target}: the season of {n} sessions, {players} players", len(summaries)),
                    target=out, n=len(summaries), players=players)
        typer.echo(safe(said))
