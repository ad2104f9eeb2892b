"""The ``record`` command: score at the table as the cards fall (reversis_score/record/)."""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from reversis_score.cli import complete
from reversis_score.cli.app import app, fail


@app.command(epilog="Example: reversis-score record club.rvs   "
                    "(or: reversis-score record club.rvs < entries.txt)")
def record(
    file: Annotated[str, typer.Argument(
        metavar="FILE", show_default=False, autocompletion=complete.record_files,
        help="The record file (.rvs): a new one, or one to go on with.")],
    session: Annotated[str | None, typer.Option(
        "--session", help="The session's name (a new file).")] = None,
    date: Annotated[str | None, typer.Option(
        "--date", metavar="YYYY-MM-DD", help="The date (a new file).")] = None,
    players: Annotated[str | None, typer.Option(
        "--players", metavar="'A B C D'", help="The four players in order of play (a new file).")] = None,
    rules: Annotated[str | None, typer.Option(
        "--rules", metavar="NAME|FILE", autocompletion=complete.preset_or_house_rules,
        help="A preset or a house-rules .toml file (a new file).")] = None,
    stake: Annotated[int | None, typer.Option(
        "--stake", help="Fish each player starts with (a new file).")] = None,
) -> None:
    """Score at the table: each card checked as it is entered, each line written at once.

    At a terminal it asks, hand by hand and card by card. Without one it reads the same entries
    from standard input, one a line (a .rvs file's lines work): a refused entry is reported on
    standard error and the run ends with status 1.
    """
    from reversis_score.record.store import Replaced
    from reversis_score.record.terminal import open_record, run, stdin_lines, terminal_lines
    path = Path(file)
    if file == "-" or path.is_dir():
        fail(f"error: {file}: record needs a file to write into", 2)
    if rules is not None and rules.endswith(".toml") and Path(rules).is_file():
        # a record names its house rules relative to itself; the command line, to here
        rules = os.path.relpath(Path(rules).resolve(), path.resolve().parent)
    header = [f"{key}: {value}" for key, value in (("session", session), ("date", date),
                                                   ("players", players), ("rules", rules),
                                                   ("stake", stake)) if value is not None]
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    opened = open_record(path, header, interactive, sys.stderr)
    if isinstance(opened, int):
        raise typer.Exit(opened)
    recorder, store = opened
    if interactive:
        from reversis_score.record.show import BANNER
        typer.echo(BANNER.format(file=file))
        lines = terminal_lines(recorder, None)
        label = _no_label
    else:
        lines, label = stdin_lines(), _input_line(file)
    try:
        outcome = run(recorder, store, lines, sys.stdout, sys.stderr, label)
    except Replaced as exc:
        fail(f"error: {exc}", 1)
    except KeyboardInterrupt:
        from reversis_score.record.show import INTERRUPTED
        typer.echo("\n" + INTERRUPTED.format(file=file), err=True)
        raise typer.Exit(130) from None
    from reversis_score.record.store import where
    typer.echo(f"{file}: {where(recorder)}", err=True)
    raise typer.Exit(outcome.status)


def _no_label(number: int) -> str:
    return "refused: "


def _input_line(file: str):
    def label(number: int) -> str:
        return f"<stdin>:{number}: refused ({file} unchanged by it): "
    return label
