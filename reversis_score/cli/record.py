"""The ``record`` command: score at the table as the cards fall (reversis_score/record/)."""
from __future__ import annotations

import gc
import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from reversis_score.cli import complete
from reversis_score.cli.app import app, error_line, examples, fail
from reversis_score.i18n import N_, _, fill

RECORD_HELP = N_("Score at the table: each card checked as it is entered, each entry written at once.\n\n"
                 "At a terminal it asks, hand by hand and card by card. Otherwise (or with ENTRIES) it "
                 "reads the same entries one a line, - meaning standard input: the first refused entry is "
                 "reported on standard error, the entries after it are skipped, and the run ends with "
                 "status 1.\n\n"
                 "The header options fill a new file's header: given any of them, nothing more of the "
                 "header is asked but the players, when --players is not given (names may be separated by "
                 "commas). At any prompt: undo, show, help, quit, table, void, claims waived, irregular "
                 "KIND NAME.")


@app.command(help=RECORD_HELP, epilog=examples("reversis-score record club.rvs",
                             "reversis-score record club.rvs entries.txt",
                             "reversis-score record club.rvs - < entries.txt",
                             "reversis-score record new.rvs --players 'Anne Bruno Claire Denis' --stake 100"))
def record(
    file: Annotated[str, typer.Argument(
        metavar="FILE", show_default=False, autocompletion=complete.record_files,
        help=N_("The record file (.rvs): a new one, or one to go on with."))],
    entries: Annotated[str | None, typer.Argument(
        metavar="[ENTRIES]", show_default=False, autocompletion=complete.record_files,
        help=N_("Where the entries come from: - reads standard input (the default when it is not a "
                "terminal), or a file of entries (a .rvs file's lines work)."))] = None,
    session: Annotated[str | None, typer.Option(
        "--session", metavar="NAME", help=N_("The session's name (a new file)."))] = None,
    date: Annotated[str | None, typer.Option(
        "--date", metavar="YYYY-MM-DD", help=N_("The date (a new file)."))] = None,
    players: Annotated[str | None, typer.Option(
        "--players", metavar="'A B C D'", help=N_("The four players in order of play (a new file)."))] = None,
    rules: Annotated[str | None, typer.Option(
        "--rules", metavar="NAME|FILE", autocompletion=complete.preset_or_house_rules,
        help=N_("A preset or a house-rules .toml file (a new file)."))] = None,
    stake: Annotated[int | None, typer.Option(
        "--stake", metavar="N", help=N_("Fish each player starts with (a new file)."))] = None,
    verbose: Annotated[bool, typer.Option(
        "--verbose", help=N_("Piped entries: say what each one did (tricks, payments, settlements), "
                             "as at a terminal; without it only refusals and a closing summary."))] = False,
    repair: Annotated[bool, typer.Option(
        "--repair", help=N_("A file that ends in a half line (cut off as it was written): drop that "
                            "text and go on (at a terminal, record asks)."))] = False,
) -> None:
    """The ``record`` command; its --help is RECORD_HELP."""
    from reversis_score.record.store import Replaced, WriteFailed
    from reversis_score.record.terminal import open_record, run, stdin_lines, summary, terminal_lines
    path = Path(file)
    if file == "-" or path.is_dir():
        fail(error_line(fill(_("{file}: record needs a file to write into (its entries may come from -, "
                               "standard input: reversis-score record FILE -)"), file=file)), 2)
    if rules is not None and rules.endswith(".toml") and Path(rules).is_file():
        # a record names its house rules relative to itself; the command line, to here
        rules = os.path.relpath(Path(rules).resolve(), path.resolve().parent)
    if players is not None and "," in players and '"' not in players:
        players = " ".join(players.replace(",", " ").split())  # "Anne, Bruno, Claire, Denis"
    header = [f"{key}: {value}" for key, value in (("session", session), ("date", date),
                                                   ("players", players), ("rules", rules),
                                                   ("stake", stake)) if value is not None]
    stream = _entries(entries)
    interactive = stream is None and sys.stdin.isatty() and sys.stdout.isatty()
    opened = open_record(path, header, interactive, sys.stderr, _repair(interactive, repair),
                         verbose or interactive)
    if isinstance(opened, int):
        raise typer.Exit(opened)
    recorder, store = opened
    gc.freeze()  # the record as taken up stays: the collector need not walk it at every entry
    if interactive:
        from reversis_score.record.words import BANNER
        typer.echo(BANNER.format(file=file))
        lines = terminal_lines(recorder, None)
    else:
        lines = stdin_lines(stream)
    try:
        outcome = run(recorder, store, lines, sys.stdout, sys.stderr,
                      _no_label if interactive else _input_line(file, entries), verbose or interactive)
    except (Replaced, WriteFailed) as exc:
        fail(error_line(exc), 1)
    except KeyboardInterrupt:
        from reversis_score.record.words import INTERRUPTED
        said = INTERRUPTED.format(file=file) if path.exists() else \
            _("interrupted: nothing was entered, so no file was made.")
        typer.echo("\n" + said, err=True)
        raise typer.Exit(130) from None
    from reversis_score.record.resume import where
    closing = fill(_("{file}: {where}."), file=file, where=where(recorder)) if interactive else \
        summary(file, recorder, outcome)
    if closing:
        typer.echo(closing, err=True)
    raise typer.Exit(outcome.status)


def _entries(entries: str | None):
    """The stream the entries come from (None: standard input, terminal or not, as it is)."""
    if entries is None or entries == "-":
        return None if entries is None else sys.stdin
    try:
        return open(entries, encoding="utf-8", newline=None)  # noqa: SIM115  (read to its end by run)
    except OSError as exc:
        fail(error_line(fill(_("{file}: cannot be read ({reason})"), file=entries,
                             reason=exc.strerror or exc)), 2)


def _repair(interactive: bool, repair: bool):
    def ask(line: int, text: str) -> bool:
        if repair or not interactive:
            return repair
        question = fill(_("drop the half line {line}, {text}, and go on?"), line=line, text=repr(text))
        return typer.confirm(question, err=True)
    return ask


def _no_label(number: int) -> str:
    return _("refused: ")


def _input_line(file: str, entries: str | None):
    source = entries if entries not in (None, "-") else "<stdin>"

    def label(number: int) -> str:
        return fill(_("{source}:{number}: refused ({file} unchanged by it): "), source=source, number=number,
                    file=file)
    return label
