"""The `reversis-score` command: thin commands that call the library and render.

This is the only module that prints or exits. Exit status: 0 clean, 1 record errors,
2 usage errors (a missing file, a bad option), 3 an audit that disagrees.
"""
from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from . import __version__
from .diagnostics import render
from .files import write_atomically
from .pipeline import CheckedSession, check_text
from .render.rvs import format_record

EXAMPLES = """\
Examples:

  reversis-score check samples/club-night.rvs

  reversis-score format samples/club-night.rvs --suits symbols

  reversis-score settle samples/club-night.rvs --itemised

  reversis-score settle samples/club-night.rvs --hand 3

  reversis-score settle samples/club-night.rvs --format json > ledger.json
"""

app = typer.Typer(name="reversis-score", add_completion=False, no_args_is_help=True,
                  rich_markup_mode=None, pretty_exceptions_enable=False,
                  help="Check, format and settle records of games of Reversis (.rvs files).",
                  epilog=EXAMPLES)


_STDIN: list[bytes] = []  # standard input, once read (a run may name '-' twice)


class Output(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"
    markdown = "markdown"


class Suits(str, Enum):
    letters = "letters"
    symbols = "symbols"


def _version(value: bool) -> None:
    if value:
        typer.echo(f"reversis-score {__version__}")
        raise typer.Exit(0)


@app.callback()
def main_options(
    version: Annotated[Optional[bool], typer.Option("--version", callback=_version, is_eager=True,
                                                    help="Show the version and exit.")] = None,
) -> None:
    """Check, format and settle records of games of Reversis (.rvs files)."""
    _STDIN.clear()  # each run reads its own standard input


class UsageProblem(Exception):
    """A file that cannot be opened: exit 2."""


class RecordProblem(Exception):
    """A file that opens but is not a readable record: exit 1."""


def _stdin_bytes() -> bytes:
    """Standard input, read once: ``check - -`` names the same record twice."""
    if not _STDIN:
        _STDIN.append(sys.stdin.buffer.read())
    return _STDIN[0]


def read_record(name: str) -> tuple[str, Path | None]:
    """The text of a record file (``-`` is standard input) and its directory."""
    if name == "-":
        data, folder = _stdin_bytes(), Path.cwd()
    else:
        path = Path(name)
        if not path.exists():
            raise UsageProblem(f"{name}: no such file")
        if path.is_dir():
            raise UsageProblem(f"{name}: is a directory, not a record file")
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise UsageProblem(f"{name}: cannot be read ({exc.strerror})") from None
        folder = path.parent
    from .parse import decode
    text, problem = decode(data)
    if problem is not None:
        lines = data.decode("utf-8", "replace").split("\n")
        raise RecordProblem(render(problem, name, lines))
    return text, folder


def validate_rules_option(rules: str | None) -> None:
    """``--rules NAME|FILE`` must name a preset or a readable house-rules file (else exit 2)."""
    if rules is None:
        return
    from .rulesview import RulesProblem, load
    try:
        load(rules)
    except RulesProblem as exc:
        _fail(f"error: --rules: {exc}", 2)


def load_checked(name: str, strict: bool = False, rules: str | None = None) -> CheckedSession:
    """Read and check one record; usage problems exit 2, unreadable text exits 1."""
    text, folder = read_record(name)
    return check_text(text, name, folder, rules, strict)


def print_diagnostics(session: CheckedSession) -> None:
    for diag in session.diagnostics:
        typer.echo(render(diag, session.file, session.lines), err=True)


def _fail(message: str, code: int) -> None:
    typer.echo(message, err=True)
    raise typer.Exit(code)


def guarded(name: str, action):
    """Run ``action(name)``, turning file problems into their message and exit code."""
    try:
        return action(name)
    except UsageProblem as exc:
        _fail(f"error: {exc}", 2)
    except RecordProblem as exc:
        _fail(str(exc), 1)


@app.command(epilog="Example: reversis-score check samples/*.rvs")
def check(
    files: Annotated[list[str], typer.Argument(metavar="FILE", show_default=False, help="Record files (.rvs); '-' reads standard input.")],
    strict: Annotated[bool, typer.Option("--strict", help="Stop at the first error.")] = False,
    rules: Annotated[Optional[str], typer.Option("--rules", metavar="NAME|FILE",
                                                 help="Rules to check under, overriding the header.")] = None,
) -> None:
    """Check records: one summary line per file, or every error with its place."""
    validate_rules_option(rules)
    worst = 0
    for name in files:
        code = _check_one(name, strict, rules)
        worst = max(worst, code)
        if strict and code:
            break
    raise typer.Exit(worst)


def try_load(name: str, strict: bool = False, rules: str | None = None) -> tuple[CheckedSession | None, int]:
    """A checked record with its problems printed, and the exit status it earns; None when the
    file cannot be read as a record (the reason printed)."""
    try:
        session = load_checked(name, strict, rules)
    except UsageProblem as exc:
        typer.echo(f"error: {exc}", err=True)
        return None, 2
    except RecordProblem as exc:
        typer.echo(str(exc), err=True)
        return None, 1
    print_diagnostics(session)
    return session, 1 if session.errors else 0


def _check_one(name: str, strict: bool, rules: str | None) -> int:
    session, code = try_load(name, strict, rules)
    if session is not None:
        typer.echo(summary_line(session))
    return code


def summary_line(session: CheckedSession) -> str:
    """``club.rvs: 12 hands, players Anne Bruno Claire Denis, rules parlett: ok``."""
    hands = len(session.hands)
    from .render.rvs import quote
    players = " ".join(quote(p) for p in session.players) or "(none)"
    rules = session.rules.source
    errors = len(session.errors)
    verdict = "ok" if not errors else f"{errors} error{'s' * (errors != 1)}"
    warnings = len(session.warnings)
    if warnings:
        verdict += f", {warnings} warning{'s' * (warnings != 1)}"
    return f"{session.file}: {hands} hand{'s' * (hands != 1)}, players {players}, rules {rules}: {verdict}"


@app.command(name="format", epilog="Example: reversis-score format club.rvs --suits symbols --in-place")
def format_command(
    file: Annotated[str, typer.Argument(metavar="FILE", show_default=False, help="A record file (.rvs); '-' reads standard input.")],
    suits: Annotated[Suits, typer.Option("--suits", help="Write suits as letters (AS) or symbols (A♠).")] = Suits.letters,
    in_place: Annotated[bool, typer.Option("--in-place", help="Rewrite the file (a temporary file, then a rename).")] = False,
) -> None:
    """Write a record in one canonical layout (comments kept)."""
    from .parse import read_text
    text, _ = guarded(file, read_record)
    parsed = read_text(text, file)
    if parsed.errors:
        for diag in parsed.diagnostics:
            typer.echo(render(diag, file, parsed.lines), err=True)
        raise typer.Exit(1)
    output = format_record(parsed.session(), text, symbols=suits is Suits.symbols)
    if in_place and file == "-":
        _fail("error: --in-place needs a file, not standard input", 2)
    if not in_place:
        sys.stdout.write(output)
        return
    try:
        write_atomically(Path(file), output.encode("utf-8"))
    except OSError as exc:
        _fail(f"error: cannot rewrite {file} ({exc.strerror or exc}); the file is unchanged", 2)


@app.command(epilog="Examples: reversis-score settle club.rvs --itemised; "
                     "reversis-score settle club.rvs --hand 3; reversis-score settle club.rvs --format json")
def settle(
    file: Annotated[str, typer.Argument(metavar="FILE", show_default=False, help="A record file (.rvs); '-' reads standard input.")],
    itemised: Annotated[bool, typer.Option("--itemised", help="Add every item of every hand.")] = False,
    hand: Annotated[Optional[int], typer.Option("--hand", metavar="N",
                                                help="Show one hand in full: tricks, talon, items.")] = None,
    output: Annotated[Output, typer.Option("--format", help="table, json, csv (items) or markdown.")] = Output.table,
    rules: Annotated[Optional[str], typer.Option("--rules", metavar="NAME|FILE",
                                                 help="Rules to settle under, overriding the header.")] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Stop at the first error.")] = False,
    split_pools: Annotated[bool, typer.Option("--split-pools",
                                              help="Divide the pools left at the end equally.")] = False,
    compare: Annotated[Optional[str], typer.Option("--compare", metavar="A,B,...",
                                                   help="Settle under several presets side by side "
                                                        "(empty: all five).")] = None,
) -> None:
    """Settle every fish: per hand, balances, settle-up; itemised, one hand, or as JSON/CSV."""
    from .ledger import ConservationError, build_ledger
    if compare is not None:
        if hand is not None or split_pools or output is Output.csv or rules is not None:
            _fail("error: --compare shows totals side by side: it does not take --hand, "
                  "--split-pools, --rules or --format csv", 2)
        _settle_compare(file, compare, itemised, output)
        return
    validate_rules_option(rules)
    session = guarded(file, lambda name: load_checked(name, strict, rules))
    print_diagnostics(session)
    try:
        ledger = build_ledger(session, split_pools)
    except ConservationError as exc:
        _fail(f"internal error: fish not conserved in {exc} — this is a bug in reversis-score, "
              "not in the record; please report it", 1)
    sys.stdout.write(render_ledger(ledger, output, itemised, hand))
    raise typer.Exit(1 if session.errors else 0)


@app.command(name="rules", epilog="Examples: reversis-score rules; reversis-score rules manuscrit; "
                                  "reversis-score rules --diff parlett regles-fr")
def rules_command(
    name: Annotated[Optional[str], typer.Argument(metavar="[NAME]", show_default=False, help="A preset name or a house-rules .toml file.")] = None,
    diff: Annotated[Optional[tuple[str, str]], typer.Option("--diff", metavar="A B",
                                                            help="Show only the knobs where A and B differ.")] = None,
    output: Annotated[Output, typer.Option("--format", help="table, json, csv or markdown.")] = Output.table,
) -> None:
    """The presets and their sources; every knob of one; or where two readings differ."""
    from . import rulesview
    try:
        if diff is not None:
            blocks = rulesview.diff_blocks(*diff)
        elif name is not None:
            blocks = rulesview.knob_blocks(name)
        else:
            blocks = rulesview.preset_blocks()
    except rulesview.RulesProblem as exc:
        _fail(f"error: {exc}", 2)
    sys.stdout.write(rulesview.write(blocks, output.value))


def _settle_compare(file: str, names_text: str, itemised: bool, output: Output) -> None:
    from . import compare as cmp
    from .ledger import ConservationError
    names, problem = cmp.parse_names(names_text)
    if problem:
        _fail(f"error: {problem}", 2)
    for name in names:
        validate_rules_option(name)
    text, folder = guarded(file, read_record)
    try:
        readings = cmp.compare(lambda name, tricks_only: check_text(text, file, folder, name,
                                                                   tricks_only=tricks_only), names)
    except ConservationError as exc:
        _fail(f"internal error: fish not conserved in {exc}; please report it", 1)
    if output is Output.json:
        import json
        from .render.document import ledger_document
        doc = {r.name: ledger_document(r.ledger) for r in readings}
        sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    else:
        from .render.tables import write_blocks
        fmt = "markdown" if output is Output.markdown else "table"
        sys.stdout.write(write_blocks(cmp.compare_blocks(readings, itemised), fmt))
    raise typer.Exit(0)


def render_ledger(ledger, output: Output, itemised: bool, hand: int | None) -> str:
    """The ledger in the chosen format (one helper for every format)."""
    from .render import tables
    if hand is not None and not any(h.number == hand for h in ledger.settled):
        numbers = [h.number for h in ledger.settled]
        _fail(f"error: no settled hand {hand} (settled hands: "
              f"{', '.join(map(str, numbers)) or 'none'})", 2)
    if output is Output.json:
        import json
        from .render.document import hand_document, to_json
        if hand is None:
            return to_json(ledger)
        chosen = next(h for h in ledger.settled if h.number == hand)
        return json.dumps(hand_document(ledger, chosen), ensure_ascii=False, indent=2) + "\n"
    if output is Output.csv:
        return tables.items_csv([ledger], hand)
    if hand is not None:
        return tables.write_blocks(tables.hand_blocks(ledger, hand), output.value)
    return tables.write_blocks(tables.summary_blocks(ledger, itemised), output.value)


def main() -> None:
    """Console entry point."""
    try:
        app(standalone_mode=True)
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # a bug: say so in one line, never a traceback
        typer.echo(f"internal error (a bug in reversis-score, please report it): "
                   f"{type(exc).__name__}: {exc}", err=True)
        sys.exit(70)


if __name__ == "__main__":  # pragma: no cover
    main()


# The ledger commands live in their own module and register on ``app`` when imported.
from . import cli_ledgers  # noqa: E402,F401
