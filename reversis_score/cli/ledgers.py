"""Commands that work on settled ledgers: audit, why, export, season, report.

They register themselves on the one Typer ``app`` of cli/app.py. Like every cli module,
this is a place that prints and exits; the work is done by audit.py, why.py, export.py,
season.py and render/. Exit status: 0 clean, 1 record errors, 2 usage errors (a missing file,
a bad option, an unknown name, a target that cannot be written), 3 an audit that disagrees.
"""
from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from reversis_score.cli import complete
from reversis_score.cli.app import (
    Language,
    Output,
    app,
    built_ledger,
    error_line,
    examples,
    fail,
    guarded,
    load_checked,
    print_diagnostics,
    terminal_width,
    try_load,
    worst,
)
from reversis_score.cli.records import JOBS_FORCE_HELP, JOBS_HELP, QUIET_HELP
from reversis_score.i18n import N_, _, fill, set_language

if TYPE_CHECKING:  # imported where used: --help and check stay light
    pass


class Shown(StrEnum):
    """Output formats of audit and why."""

    table = "table"
    markdown = "markdown"
    json = "json"


class ExportFormat(StrEnum):
    """What export writes."""

    json = "json"
    csv = "csv"
    markdown = "markdown"
    sqlite = "sqlite"


class What(StrEnum):
    """The rows of a CSV export."""

    items = "items"
    hands = "hands"


# ------------------------------------------------------------------ audit
AUDIT_HELP = N_("Compare what was paid at the table (table: lines) with the settlement.\n\n"
                "Exit 0 when every audited hand agrees, 3 when any disagrees, 1 for record errors.")


@app.command(help=AUDIT_HELP,
             epilog=examples("reversis-score audit club.rvs", "reversis-score audit club.rvs --format json"))
def audit(
    files: complete.RecordFiles,
    output: Annotated[Shown, typer.Option("--format", help=N_(
        "table, markdown, or json (the ledger with each hand's audit block)."))] = Shown.table,
) -> None:
    """The ``audit`` command; its --help is AUDIT_HELP."""
    from reversis_score.render.tables import write_blocks
    from reversis_score.report.audit import audit_blocks, audit_ledger
    from reversis_score.report.audit_json import audited_document
    codes, docs, texts = [], [], []
    for name in files:
        session, code = try_load(name)
        if session is None:
            codes.append(code)
            continue
        result = audit_ledger(built_ledger(session))
        codes.append(code or (0 if result.agrees else 3))
        if output is Shown.json:
            docs.append(audited_document(result))
        else:
            texts.append(write_blocks(audit_blocks(result), output.value, terminal_width()))
    if output is Shown.json and docs:
        from reversis_score.render.document import json_text
        sys.stdout.write(json_text(docs[0] if len(files) == 1 else docs))
    else:
        sys.stdout.write("\n".join(texts))
    raise typer.Exit(worst(codes))


# ------------------------------------------------------------------ why
WHY_HELP = N_("Why does A owe B? Every payment between them, in order, with the running sum and the "
              "net. With one name: every payment to and from that player, by whom and for what, "
              "closing on his net.")


@app.command(help=WHY_HELP, epilog=examples("reversis-score why club.rvs Anne Claire",
                             "reversis-score why club.rvs Anne Claire --hand 3 --pools",
                             "reversis-score why club.rvs Anne"))
def why(
    file: complete.RecordFile,
    a: complete.Player,
    b: Annotated[str | None, typer.Argument(metavar="[B]", autocompletion=complete.player_names,
                                            help=N_("The other player (none: A's whole night)."))] = None,
    hand: Annotated[int | None, typer.Option("--hand", metavar="N", help=N_("Only hand N."))] = None,
    pools: Annotated[bool, typer.Option("--pools", help=N_("Add what each paid into and took from "
                                                           "the pools."))] = False,
    output: Annotated[Shown, typer.Option("--format", help=N_("table, markdown or json."))] = Shown.table,
) -> None:
    """The ``why`` command; its --help is WHY_HELP."""
    from reversis_score.report.why import WhyProblem, answer, why_blocks, why_document
    session = guarded(file, load_checked)
    print_diagnostics(session)
    ledger = built_ledger(session)
    import json
    import unicodedata
    if b is None:
        _why_player(ledger, unicodedata.normalize("NFC", a), hand, output)
        raise typer.Exit(1 if session.errors else 0)
    a, b = (unicodedata.normalize("NFC", name) for name in (a, b))
    try:
        ans = answer(ledger, a, b, hand, pools)
    except WhyProblem as exc:
        fail(error_line(exc), 2)
    if output is Shown.json:
        sys.stdout.write(json.dumps(why_document(ans), ensure_ascii=False, indent=2) + "\n")
    else:
        from reversis_score.render.tables import (
            Block,
            incomplete_note,
            rules_line,
            session_title,
            write_blocks,
        )
        head = Block(session_title(ledger), [], [[rules_line(ledger)]]
                     + [[note] for note in incomplete_note(ledger)])
        sys.stdout.write(write_blocks([head] + why_blocks(ans), output.value, terminal_width()))
    raise typer.Exit(1 if session.errors else 0)


def _why_player(ledger, player: str, hand: int | None, output: Shown) -> None:
    """``why FILE NAME``: one player's payments, by counterparty and kind (report/why_player.py)."""
    import json

    from reversis_score.render.tables import Block, rules_line, session_title, write_blocks
    from reversis_score.report.why import WhyProblem
    from reversis_score.report.why_player import one_player, player_blocks, player_document
    try:
        night = one_player(ledger, player, hand)
    except WhyProblem as exc:
        fail(error_line(exc), 2)
    if output is Shown.json:
        sys.stdout.write(json.dumps(player_document(night), ensure_ascii=False, indent=2) + "\n")
        return
    head = Block(session_title(ledger), [], [[rules_line(ledger)]])
    sys.stdout.write(write_blocks([head] + player_blocks(night), output.value, terminal_width()))


# ------------------------------------------------------------------ export
EXPORT_HELP = N_("Export session ledgers: JSON, CSV, Markdown, or into a SQLite or PostgreSQL database.\n\n"
                 "A file with record errors is reported (exit 1) and left out; the others still go in.")


@app.command(help=EXPORT_HELP,
             epilog=examples("reversis-score export night*.rvs --format sqlite --to season.db",
                             "reversis-score export club.rvs --format csv --what hands --to hands.csv",
                             "reversis-score export night*.rvs --to postgresql://club@db.example.org/league"))
def export(
    ctx: typer.Context,
    files: complete.RecordFiles,
    output: Annotated[ExportFormat, typer.Option("--format", help=N_("json, csv, markdown or sqlite. "
                                                 "With --to, the file's extension says it (.db, .sqlite, "
                                                 ".json, .csv, .md); standard output: json."))]
    = ExportFormat.json,
    to: Annotated[str | None, typer.Option("--to", metavar="PATH", autocompletion=complete.any_files,
                                              help=N_("Write here (required "
                                              "for sqlite); otherwise standard output. A "
                                              "postgresql:// URL writes into that PostgreSQL "
                                              "database."))] = None,
    what: Annotated[What, typer.Option("--what", help=(
        N_("With --format csv, what a row is: 'items', one row per payment (who paid whom, how "
        "much, in which hand and trick, and why); 'hands', one row per hand (its dealer, its "
        "outcome, each player's net and the pools after).")))]
    = What.items,
    all_or_nothing: Annotated[bool, typer.Option("--all-or-nothing", help=N_("Export nothing when any "
                                                 "file has record errors."))] = False,
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", metavar="N", min=1, help=JOBS_HELP)] = None,
    jobs_force: Annotated[bool, typer.Option("--jobs-force", help=JOBS_FORCE_HELP)] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=QUIET_HELP)] = False,
    club: Annotated[str | None, typer.Option("--club", metavar="NAME", help=N_(
        "Into a database: the club of the records whose header has no 'club:' line (by default the "
        "folder each record is in, or the database's one club)."))] = None,
    replace: Annotated[bool, typer.Option("--replace", help=N_(
        "Into a database: replace a session of the same club and name even when its date, players and "
        "hands all differ (another night). Without it the export asks at a terminal, and refuses "
        "elsewhere."))] = False,
) -> None:
    """The ``export`` command; its --help is EXPORT_HELP."""
    output = _database_format(ctx, output, to)
    if output is ExportFormat.sqlite and to is None:
        fail(error_line(_("--format sqlite needs --to FILE.db")), 2)
    if what is What.hands and output is not ExportFormat.csv:
        fail(error_line(_("--what hands is for --format csv")), 2)
    if to is not None and any(f != "-" and Path(f).resolve() == Path(to).resolve() for f in files):
        fail(error_line(fill(_("--to {target} is one of the records being exported; choose another file"),
                             target=to)), 2)
    from reversis_score.cli import batch
    from reversis_score.cli.exports import ExportRun, export_database, export_text
    run = ExportRun(files, output.value, what.value, all_or_nothing, batch.worker_count(jobs, jobs_force),
                    quiet)
    try:
        if output is ExportFormat.sqlite:
            assert to is not None
            export_database(run, to, club, replace)
        else:
            export_text(run, to)
    finally:
        run.progress.stop()
        run.close()
    raise typer.Exit(worst(run.codes))


# The export format each extension of --to means (a file's name says what it holds).
EXTENSIONS = {".db": ExportFormat.sqlite, ".sqlite": ExportFormat.sqlite, ".sqlite3": ExportFormat.sqlite,
              ".json": ExportFormat.json, ".csv": ExportFormat.csv, ".md": ExportFormat.markdown,
              ".markdown": ExportFormat.markdown}


def _database_format(ctx: typer.Context, output: ExportFormat, to: str | None) -> ExportFormat:
    """The format follows the target: a PostgreSQL URL is the database export, and a file's
    extension says its format (.db or .sqlite: SQLite; .json, .csv, .md). A ``--format`` that
    says otherwise is a usage error, and so is an extension none of these without ``--format``."""
    from reversis_score.render.database import is_postgres_url
    source = ctx.get_parameter_source("output")  # an enum of Typer's click: compared by name
    given = source is not None and source.name == "COMMANDLINE"
    if to is None:
        return output
    if is_postgres_url(to):
        if given:
            fail(error_line(fill(_("--to postgresql://… writes into a PostgreSQL database; --format {format} "
                                   "writes a file (leave out --format to export into the database)"),
                                 format=output.value)), 2)
        return ExportFormat.sqlite
    suffix = Path(to).suffix.lower()
    meant = EXTENSIONS.get(suffix)
    known = ", ".join(f"{ext} ({fmt.value})" for ext, fmt in EXTENSIONS.items())
    if meant is None and not given:
        said = fill(_("the extension {suffix}"), suffix=suffix) if suffix else _("no extension")
        fail(error_line(fill(_("--to {target}: {extension} does not say which format to write; name the "
                               "file {known}, or say --format"), target=to, extension=said, known=known)), 2)
    if meant is not None and given and meant is not output:
        fail(error_line(fill(_("--to {target} is a {meant} file by its name, but --format says {format}; "
                               "leave out --format, or name the file for its format"), target=to,
                             meant=meant.value, format=output.value)), 2)
    return meant or output


# ------------------------------------------------------------------ season
SEASON_HELP = N_("Totals per player across the sessions of a database, and the season's settle-up.")


@app.command(help=SEASON_HELP, epilog=examples("reversis-score season season.db",
                             "reversis-score season season.db --since 2026-10-01 --player Anne",
                             "reversis-score season postgresql://treasurer@db.example.org/league"))
def season(
    db: Annotated[str, typer.Argument(metavar="DB", help=N_("A database written by export: a SQLite "
                                                            "file, or a postgresql:// URL."),
                                      autocompletion=complete.database_files)],
    since: Annotated[str | None, typer.Option("--since", metavar="DATE",
                                          help=N_("Only sessions on or after DATE (YYYY-MM-DD)."))] = None,
    player: Annotated[str | None, typer.Option("--player", metavar="NAME",
                                                  help=N_("Only this player (and its transfers)."))] = None,
    output: Annotated[Output, typer.Option("--format",
        help=N_("table, json, csv or markdown."))] = Output.table,
) -> None:
    """The ``season`` command; its --help is SEASON_HELP."""
    from datetime import date

    from reversis_score.render.tables import write_blocks
    from reversis_score.report import season as seasons
    if since is not None:
        try:
            since = date.fromisoformat(since).isoformat()
        except ValueError:
            fail(error_line(fill(_("--since {since}: not a date (write it as YYYY-MM-DD)"), since=since)), 2)
    from reversis_score.render.schema import TargetProblem
    try:
        reader = seasons.open_database(db)
        try:
            result = seasons.read_season(reader, since, player)
        finally:
            reader.close()
    except (seasons.SeasonProblem, TargetProblem) as exc:
        fail(error_line(exc), 2)
    from reversis_score.report import season_text
    if output is Output.json:
        sys.stdout.write(season_text.season_json(result))
    elif output is Output.csv:
        sys.stdout.write(season_text.season_csv(result))
    else:
        blocks = season_text.season_blocks(result, since)
        sys.stdout.write(write_blocks(blocks, output.value, terminal_width()))


# ------------------------------------------------------------------ report
REPORT_HELP = N_("One self-contained HTML page, the page serve shows, written as a file.\n\n"
                 "One record gives the night's page: its header, hands, balances, settle-up and a chart of"
                 " the balances. Several records, or a season database written by export, give the "
                 "season's: the standings, the settle-up, a chart of the nets and the sessions.")


@app.command(help=REPORT_HELP, epilog=examples("reversis-score report club.rvs -o night.html",
                             "reversis-score report night*.rvs -o season.html",
                             "reversis-score report season.db -o season.html"),
             short_help=N_("HTML pages: one night with its chart, or the season of several records "
                           "or of a database."))
def report(
    files: Annotated[list[str], typer.Argument(
        metavar="FILE", show_default=False, autocompletion=complete.record_files,
        help=N_("Record files (.rvs), '-' reading standard input; or one season database written by "
                "export (a SQLite .db file, or a postgresql:// URL)."))],
    out: Annotated[str | None, typer.Option("-o", "--output", metavar="FILE.html",
                                               autocompletion=complete.any_files,
                                            help=N_("Write the page here (else standard output)."))] = None,
    lang: Annotated[Language | None, typer.Option(
        "--lang", case_sensitive=False,
        help=N_("The page's language: fr (français) or en (English). Default: the global --lang, else "
                "the locale's."))] = None,
) -> None:
    """The ``report`` command; its --help is REPORT_HELP (the pages: cli/reports.py)."""
    if lang is not None:
        set_language(lang.value)
    from reversis_score.cli.reports import is_database, report_database, report_season, report_session
    for name in files:
        if out is not None and name != "-" and Path(name).resolve() == Path(out).resolve():
            message = (_("-o {target} is the record itself; choose another file") if len(files) == 1
                       else _("-o {target} is one of the records itself; choose another file"))
            fail(error_line(fill(message, target=out)), 2)
    databases = [name for name in files if is_database(name)]
    if databases and len(files) > 1:
        fail(error_line(fill(_("{db}: a season database is reported alone (not with other files)"),
                             db=databases[0])), 2)
    if databases:
        report_database(databases[0], out)
    elif len(files) == 1:
        report_session(files[0], out)
    else:
        report_season(files, out)
