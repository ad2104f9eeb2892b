"""The record commands: check, format, settle and rules."""
from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from reversis_score.cli import complete
from reversis_score.cli.app import (
    Language,
    Output,
    app,
    error_line,
    examples,
    fail,
    guarded,
    load_checked,
    not_conserved,
    print_diagnostics,
    read_record,
    render_ledger,
    stdin_bytes,
    terminal_width,
    validate_rules_option,
)
from reversis_score.i18n import N_, _, fill

if TYPE_CHECKING:  # imported where used: --help and check stay light
    from reversis_score.cli.batch import FileReport
    from reversis_score.pipeline import CheckedHand, CheckSummary, SessionStream


class Suits(StrEnum):
    """How ``format`` writes suits."""

    letters = "letters"
    symbols = "symbols"


JOBS_HELP = (N_("Worker processes (default, and at most: one per CPU); the output is the same for "
             "any number."))
JOBS_FORCE_HELP = N_("Allow --jobs above the number of CPUs.")
QUIET_HELP = N_("No progress bar (it shows only on a terminal, for work over ~2 s).")


CHECK_HELP = N_("Check records: one summary line per file, or every error with its place.")


@app.command(help=CHECK_HELP,
             epilog=examples("reversis-score check samples/*.rvs", "reversis-score check samples/",
                             "reversis-score check --strict club.rvs"))
def check(
    files: Annotated[list[str], typer.Argument(
        metavar="FILE", show_default=False, autocompletion=complete.record_files,
        help=N_("Record files (.rvs), or folders: every .rvs file under a folder, in sorted order; "
                "'-' reads standard input."))],
    strict: Annotated[bool, typer.Option("--strict", help=N_("Stop at the first error."))] = False,
    rules: Annotated[str | None, typer.Option(
        "--rules", metavar="NAME|FILE", autocompletion=complete.preset_or_house_rules,
        help=N_("Rules to check under, overriding the header."))] = None,
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", metavar="N", min=1, help=JOBS_HELP)] = None,
    jobs_force: Annotated[bool, typer.Option("--jobs-force", help=JOBS_FORCE_HELP)] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=QUIET_HELP)] = False,
) -> None:
    """The ``check`` command; its --help is CHECK_HELP."""
    from reversis_score.cli import batch
    validate_rules_option(rules)
    files = records_under(files)
    stdin = stdin_bytes() if "-" in files else None
    sizes = batch.file_sizes(files, stdin)
    work = partial(check_work, strict=strict, rules=rules, stdin=stdin)
    progress = batch.Progress(len(files), sum(sizes), not quiet)
    worst = 0
    try:
        reports = batch.run_ordered(work, files, batch.worker_count(jobs, jobs_force), sizes,
                                    preload=("reversis_score.pipeline",))
        for report, size in zip(reports, sizes, strict=True):
            for message in report.errors:
                progress.print(message, err=True)
            if report.line is not None:
                progress.print(report.line)
            progress.advance(report, size)
            worst = max(worst, report.code)
            if strict and report.code:
                break
    finally:
        progress.stop()
    raise typer.Exit(worst)


def records_under(files: list[str]) -> list[str]:
    """Each folder named stands for every ``.rvs`` file under it, sorted (links to folders are
    not followed); a folder with none is a usage error."""
    out: list[str] = []
    for name in files:
        if name == "-" or not os.path.isdir(name):
            out.append(name)
            continue
        found = sorted(os.path.join(root, f) for root, dirs, names in os.walk(name)
                       for f in names if f.endswith(".rvs"))
        if not found:
            fail(error_line(fill(_("{folder}: no record (.rvs) in this folder or under it"), folder=name)), 2)
        out.extend(found)
    return out


def check_work(name: str, strict: bool, rules: str | None, stdin: bytes | None) -> FileReport:
    """Check one file (in a worker process, maybe): its problems and summary line, as text."""
    from reversis_score.cli.batch import FileReport, diagnostics_text, read_or_report
    from reversis_score.pipeline import stream_text, summarise
    read = read_or_report(name, stdin)
    if isinstance(read, FileReport):
        return read
    _data, text, folder = read
    session = summarise(stream_text(text, name, folder, rules), strict)  # hand by hand
    return FileReport(name, 1 if session.errors else 0, diagnostics_text(session),
                      summary_line(session), session.hands)


def summary_line(session: CheckSummary) -> str:
    """``club.rvs: 12 hands, players Anne Bruno Claire Denis, rules parlett: ok``."""
    hands = session.hands
    from reversis_score.i18n import ngettext
    from reversis_score.render.rvs import quote
    players = " ".join(quote(p) for p in session.players) or _("(none)")
    rules = session.rules.source
    errors = len(session.errors)
    verdict = _("ok") if not errors else ngettext("{n} error", "{n} errors", errors).format(n=errors)
    warnings = len(session.warnings)
    if warnings:
        verdict += ", " + ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings)
    verdict += "".join(f", {note.message}" for note in session.notes)
    from reversis_score.scrub import safe
    counted = ngettext("{n} hand", "{n} hands", hands).format(n=hands)
    return safe(_("{file}: {hands}, players {players}, rules {rules}: {verdict}").format(
        file=session.file, hands=counted, players=players, rules=rules, verdict=verdict))


FORMAT_HELP = N_("Write a record in one canonical layout (comments kept).")


@app.command(help=FORMAT_HELP,
             name="format", epilog=examples("reversis-score format club.rvs --suits symbols --in-place"))
def format_command(
    file: complete.RecordFile,
    suits: Annotated[Suits, typer.Option(
        "--suits", help=N_("Write suits as letters (AS) or symbols (A♠)."))] = Suits.letters,
    in_place: Annotated[bool, typer.Option(
        "--in-place", help=N_("Rewrite the file (a temporary file, then a rename)."))] = False,
    events: Annotated[bool, typer.Option(
        "--events", help=(N_("Write each hand recorded card by card as its events (the party, the talon, "
                          "each Ace and Quinola, the reversis): it settles to the same ledger.")))] = False,
    spelling: Annotated[Language | None, typer.Option(
        "--lang", case_sensitive=False,
        help=(N_("Write the record's cards and keywords in French (fr: 'langue: fr', RP DC VK AT, "
              "joueurs:, coup N, levées:) or in English (en). Default: the record's own."))),
    ] = None,
) -> None:
    """The ``format`` command; its --help is FORMAT_HELP."""
    from reversis_score.files import write_atomically
    from reversis_score.notation.diagnostics import render
    from reversis_score.notation.parse import read_text
    from reversis_score.render.rvs import format_record
    text, _folder = guarded(file, read_record)
    parsed = read_text(text, file)
    if parsed.errors:
        for diag in parsed.diagnostics:
            typer.echo(render(diag, file, parsed.lines), err=True)
        raise typer.Exit(1)
    if events:
        output = _as_events(text, file, suits is Suits.symbols)
    else:
        output = format_record(parsed.session(), text, symbols=suits is Suits.symbols)
    if (spelling or parsed.header.lang) == "fr":
        from reversis_score.notation.french import to_french
        try:
            output = to_french(output)
        except ValueError as exc:
            fail(fill(_("{file}: not written in French: {problem}"), file=file, problem=exc), 1)
    if in_place and file == "-":
        fail(error_line(_("--in-place needs a file, not standard input")), 2)
    if not in_place:
        sys.stdout.write(output)
        return
    try:
        write_atomically(Path(file), output.encode("utf-8"))
    except OSError as exc:
        fail(error_line(fill(_("cannot rewrite {file} ({reason}); the file is unchanged"), file=file,
                             reason=exc.strerror or exc)), 2)


def _as_events(text: str, file: str, symbols: bool) -> str:
    """``format --events``: a record with errors is refused (its hands' events are not known)."""
    from reversis_score.notation.diagnostics import render
    from reversis_score.render.rvs import as_events
    output, session = as_events(text, file, Path(file).parent if file != "-" else None, symbols)
    if output is None:
        for diag in session.diagnostics:
            typer.echo(render(diag, file, session.lines), err=True)
        fail(fill(_("{file}: not written as events: the record has errors"), file=file), 1)
    assert output is not None
    return output


SETTLE_HELP = N_("Settle every fish: per hand, balances, settle-up; itemised, one hand, or as JSON/CSV.")


@app.command(help=SETTLE_HELP, epilog=examples("reversis-score settle club.rvs --itemised",
                             "reversis-score settle club.rvs --hand 3",
                             "reversis-score settle club.rvs --format json",
                             "reversis-score settle club.rvs --compare parlett,denexa"))
def settle(
    file: complete.RecordFile,
    itemised: Annotated[bool, typer.Option("--itemised", "--itemized",
                                           help=N_("Add every item of every hand."))] = False,
    hand: Annotated[int | None, typer.Option("--hand", metavar="N",
                                             help=N_("Show one hand in full: tricks, talon, items."))] = None,
    output: Annotated[Output, typer.Option(
        "--format", help=N_("table, json, csv (items) or markdown."))] = Output.table,
    rules: Annotated[str | None, typer.Option(
        "--rules", metavar="NAME|FILE", autocompletion=complete.preset_or_house_rules,
        help=N_("Rules to settle under, overriding the header."))] = None,
    strict: Annotated[bool, typer.Option("--strict", help=N_("Stop at the first error."))] = False,
    split_pools: Annotated[bool, typer.Option("--split-pools", help=(
        N_("End the session by sharing out the fish still in the pools: each pool is divided "
        "equally among the four players (what does not divide by four stays on the table), "
        "and the shares count in the balances and the settle-up. Without it, the pools stay "
        "on the table for the next session.")))] = False,
    compare: Annotated[str | None, typer.Option(
        "--compare", metavar="A,B,...", autocompletion=complete.compare_list, help=(
            N_("Settle the record under each of these rules (comma-separated presets or .toml "
            "files) and show the totals, the pools left and the settle-up side by side, one "
            "column per reading (--itemised adds each hand). --compare \"\" compares all five "
            "presets.")))] = None,
) -> None:
    """The ``settle`` command; its --help is SETTLE_HELP."""
    from reversis_score.ledger.build import ConservationError, build_ledger
    if compare is not None:
        if hand is not None or split_pools or output is Output.csv or rules is not None:
            fail(error_line(_("--compare shows totals side by side: it does not take --hand, "
                              "--split-pools, --rules or --format csv")), 2)
        _settle_compare(file, compare, itemised, output)
        return
    validate_rules_option(rules)
    if output in (Output.json, Output.csv) and hand is None and not strict:
        raise typer.Exit(_settle_streamed(file, rules, split_pools, output))
    session = guarded(file, lambda name: load_checked(name, strict, rules))
    print_diagnostics(session)
    try:
        ledger = build_ledger(session, split_pools)
    except ConservationError as exc:
        fail(not_conserved(exc), 1)
    sys.stdout.write(render_ledger(ledger, output, itemised, hand))
    raise typer.Exit(1 if session.errors else 0)


def _settle_streamed(file: str, rules: str | None, split_pools: bool, output: Output) -> int:
    """``settle --format json|csv``: each hand written as soon as it is settled, so memory stays
    flat however long the session; the problems are printed as their hands are reached."""
    from reversis_score.ledger.build import ConservationError, stream_ledger
    from reversis_score.pipeline import stream_text
    text, folder = guarded(file, read_record)
    stream = stream_text(text, file, folder, rules)
    errors = _printing_diagnostics(stream)
    ledger = stream_ledger(stream, split_pools)
    try:
        if output is Output.json:
            from reversis_score.render.document import write_json
            write_json(ledger, sys.stdout.write)
        else:
            from reversis_score.render import csv_rows
            writer = csv_rows.csv_writer(sys.stdout)
            writer.writerow(csv_rows.ITEMS_HEADER)
            writer.writerows(csv_rows.item_csv_rows(ledger))
    except ConservationError as exc:
        fail(not_conserved(exc), 1)
    return 1 if errors[0] else 0


def _printing_diagnostics(stream: SessionStream) -> list[int]:
    """Print the header's problems now and each hand's as it passes; the error count so far."""
    from reversis_score.notation.diagnostics import render
    from reversis_score.replay.events import is_not_checked
    errors = [0]

    def say(diagnostics: list) -> None:
        for diag in diagnostics:
            if diag.severity != "hidden" and not is_not_checked(diag):  # (said by `check`)
                typer.echo(render(diag, stream.file, stream.lines), err=True)
                errors[0] += diag.is_error

    def hands(inner: Iterator[CheckedHand]) -> Iterator[CheckedHand]:
        for hand in inner:
            say(hand.diagnostics)
            yield hand

    say(stream.header_diagnostics)
    stream.hands = hands(stream.hands)
    return errors


RULES_HELP = N_("The presets and their sources; every knob of one; or where two readings differ.")


@app.command(help=RULES_HELP,
             name="rules", epilog=examples("reversis-score rules", "reversis-score rules manuscrit",
                                          "reversis-score rules double_tricks",
                                          "reversis-score rules --diff parlett regles-fr"))
def rules_command(
    name: Annotated[str | None, typer.Argument(
        metavar="[NAME]", show_default=False, autocompletion=complete.rules_names,
        help=N_("A preset name, a house-rules .toml file, or a knob name (that knob under every "
                "preset)."))] = None,
    diff: Annotated[tuple[str, str] | None, typer.Option(
        "--diff", metavar="A B", autocompletion=complete.preset_or_house_rules,
        help=N_("Show only the knobs where A and B differ."))] = None,
    output: Annotated[Output, typer.Option("--format",
        help=N_("table, json, csv or markdown."))] = Output.table,
) -> None:
    """The ``rules`` command; its --help is RULES_HELP."""
    from reversis_score.report import rules as rulesview
    try:
        if diff is not None:
            blocks = rulesview.diff_blocks(*diff)
        elif name is not None:
            blocks = rulesview.knob_blocks(name)
        else:
            blocks = rulesview.preset_blocks()
    except rulesview.RulesProblem as exc:
        fail(error_line(exc), 2)
    from reversis_score.render.tables import blocks_text
    from reversis_score.rules.knobs import KNOB_NAMES, PRESETS
    # One preset's knobs, with their sentences, read better as a list than as a narrow table;
    # one knob under the five presets, or the presets themselves, wrap.
    every_knob = name is not None and diff is None and not (name in KNOB_NAMES and name not in PRESETS)
    wide = "list" if every_knob else "wrap"
    sys.stdout.write(blocks_text(blocks, output.value, terminal_width(), wide))


def _settle_compare(file: str, names_text: str, itemised: bool, output: Output) -> None:
    from reversis_score.ledger.build import ConservationError
    from reversis_score.pipeline import check_text
    from reversis_score.report import compare as cmp
    names, problem = cmp.parse_names(names_text)
    if problem:
        fail(error_line(problem), 2)
    for name in names:
        validate_rules_option(name)
    text, folder = guarded(file, read_record)
    try:
        readings = cmp.compare(lambda name, tricks_only: check_text(text, file, folder, name,
                                                                   tricks_only=tricks_only), names)
    except ConservationError as exc:
        fail(fill(_("internal error: fish not conserved in {where}; please report it"), where=exc), 1)
    if output is Output.json:
        import json

        from reversis_score.render.document import ledger_document
        doc = {r.name: ledger_document(r.ledger) for r in readings}
        sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    else:
        from reversis_score.render.tables import write_blocks
        fmt = "markdown" if output is Output.markdown else "table"
        sys.stdout.write(write_blocks(cmp.compare_blocks(readings, itemised), fmt, terminal_width()))
    raise typer.Exit(0)
