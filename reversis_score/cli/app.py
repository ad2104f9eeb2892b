"""The one Typer app of ``reversis-score`` and the helpers its commands share.

Only the CLI prints or exits. Exit status: 0 clean, 1 record errors, 2 usage errors (a missing
file, a bad option), 3 an audit that disagrees. The commands live in the modules beside this
one (records.py, ledgers.py), which import this module; this module imports none of them.
"""
from __future__ import annotations

import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from reversis_score import __version__
from reversis_score.cli.helptext import deferred, install
from reversis_score.i18n import LANG_ENV, N_, _, fill, hold_environment, release_environment
from reversis_score.reading import LIMIT_ENV, LIMITS, MIB, RULES_DIRS_ENV

if TYPE_CHECKING:  # the pipeline (Lark and the engine) is imported by the commands that run it
    from reversis_score.pipeline import CheckedSession

SUMMARY = N_("Score games of Reversis and settle them, from plain-text records (.rvs files): "
           "record (a terminal) or serve (web pages, and entry from the players' phones) at the "
           "table, or a league's site over a season database; check and format a record; settle it, why "
           "(every payment between two players, or all of one player's), "
           "audit (what the table paid); export the ledgers, then season and report (HTML pages), "
           "and forget a session; verify a JSON ledger; rules shows the presets. Each command's "
           "--help says all it takes.")


def examples(*lines: str) -> str:
    """A command's examples for its --help: one a line, never rewrapped (Click's ``\\b``
    paragraph), so that no example is broken inside a name, however narrow the terminal."""
    return "\b\nExamples:\n" + "\n".join("  " + line for line in lines)


EXAMPLES = examples("reversis-score record club.rvs",
                    "reversis-score check samples/club-night.rvs",
                    "reversis-score settle samples/club-night.rvs --itemised",
                    "reversis-score why samples/club-night.rvs Anne Claire",
                    "reversis-score audit samples/club-night.rvs",
                    "reversis-score export samples/*.rvs --format sqlite --to season.db",
                    "reversis-score season season.db",
                    "reversis-score serve records/ --host 0.0.0.0")


class WholeHelpGroup(typer.core.TyperGroup):
    """The command list of --help with each command's summary whole, wrapped in its column
    (Click would cut it with '...' to fit one line)."""

    def make_context(self, info_name, args, parent=None, **extra):
        """Each run starts in the locale's language (a run in the same process, a test, never
        inherits the one before's --lang); --lang, read first of the options, may change it."""
        from reversis_score.i18n import set_language
        if parent is None:
            set_language(None)
        return super().make_context(info_name, args, parent, **extra)

    def resolve_command(self, ctx, args):
        """Typer's "Did you mean 'check'?" after an unknown command, in the chosen language."""
        from typer._click.exceptions import UsageError
        try:
            return super().resolve_command(ctx, args)
        except UsageError as exc:
            head, said, names = exc.message.rpartition(". Did you mean ")
            if said and names.endswith("?"):
                exc.message = head + ". " + fill(_("Did you mean {names}?"), names=names[:-1])
            raise

    def format_commands(self, ctx, formatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=1_000_000)))
        if rows:
            with formatter.section(_("Commands")):
                formatter.write_dl(rows)


app = typer.Typer(name="reversis-score", add_completion=True, no_args_is_help=True,
                  rich_markup_mode=None, pretty_exceptions_enable=False, cls=WholeHelpGroup,
                  context_settings={"help_option_names": ["-h", "--help"]},  # every command
                  help=SUMMARY, epilog=EXAMPLES)
install()  # --help in the chosen language (helptext.py)


def _usage_metavar(self, ctx, *, usage: bool = False) -> str:
    """An argument as the usage line shows it: ``FILE`` when one is needed, ``FILE...`` when
    several may be given, ``[NAME]`` when it may be left out (Typer writes ``{FILE}``)."""
    var = self.metavar
    if var is None or not usage:
        return _typer_metavar(self, ctx, usage=usage)
    if self.nargs != 1 and not var.endswith("..."):
        var += "..."
    return var if self.required or var.startswith("[") else f"[{var}]"


_typer_metavar = typer.core.TyperArgument.make_metavar
typer.core.TyperArgument.make_metavar = _usage_metavar  # type: ignore[method-assign]

_STDIN: list[bytes] = []  # standard input, once read (a run may name '-' twice)
_READING = {"record": N_("reading the record from standard input; end it with Ctrl-D"),
            "ledger": N_("reading the ledger from standard input; end it with Ctrl-D")}


class Language(StrEnum):
    fr = "fr"
    en = "en"


class Output(StrEnum):
    table = "table"
    json = "json"
    csv = "csv"
    markdown = "markdown"


def _version(value: bool) -> None:
    if value:
        typer.echo(f"reversis-score {__version__}")
        raise typer.Exit(0)


def scrub_stderr() -> None:
    """Every message on standard error passes through the one scrubber (scrub.py): no
    password of a URL, no terminal control character, ever."""
    from reversis_score.scrub import ScrubbedStream
    if not isinstance(sys.stderr, ScrubbedStream):
        sys.stderr = ScrubbedStream(sys.stderr)


def _language(value: str | None) -> str | None:
    """--lang: chosen before any other option is read, so that Click's own messages about
    them (and --help) are in that language too. Called on every run, --lang given or not: a
    run in the same process (a test) never inherits the language of the one before."""
    from reversis_score.i18n import set_language
    set_language(value)
    return value


_MIB_HELP = {"record": N_("Read record files of up to N MiB (default {mib})."),
             "rules": N_("Read rules files of up to N MiB (default {mib})."),
             "ledger": N_("Read ledger files of up to N MiB (default {mib}).")}


def _mib(kind: str):
    return typer.Option(f"--max-{kind}-mib", metavar="N", min=1, max=1_000_000,
                        help=deferred(_MIB_HELP[kind], mib=LIMITS[kind] // MIB))


@app.callback()
def main_options(
    ctx: typer.Context,
    version: Annotated[bool | None, typer.Option("--version", callback=_version, is_eager=True,
                                                    help=N_("Show the version and exit."))] = None,
    rules_dir: Annotated[list[Path] | None, typer.Option(
        "--rules-dir", metavar="DIR", help=N_("A folder whose .toml files a record's 'rules:' line "
                                              "may name (else only one beside the record)."))] = None,
    max_record: Annotated[int | None, _mib("record")] = None,
    max_rules: Annotated[int | None, _mib("rules")] = None,
    max_ledger: Annotated[int | None, _mib("ledger")] = None,
    lang: Annotated[Language | None, typer.Option(
        "--lang", callback=_language, is_eager=True, case_sensitive=False,
        help=N_("The language of the words written for people: fr (français) or en (English). "
                "Default: the locale's (LC_ALL, LC_MESSAGES, LANG), else English. JSON keys, CSV "
                "headings and SQL columns never change."))] = None,
) -> None:
    scrub_stderr()
    _STDIN.clear()  # each run reads its own standard input
    # Through the environment, so that worker processes read under the same bounds; each
    # run sets its own, and leaves nothing behind for the next (the tests run many).
    settings = {LIMIT_ENV.format("RECORD"): max_record, LIMIT_ENV.format("RULES"): max_rules,
                LIMIT_ENV.format("LEDGER"): max_ledger,
                RULES_DIRS_ENV: os.pathsep.join(str(d) for d in rules_dir) if rules_dir else None,
                LANG_ENV: lang.value if lang else None}
    saved = {key: os.environ.get(key) for key in settings}
    for key, value in settings.items():
        _set_env(key, None if value is None else str(value))
    hold_environment()  # the language is read once for the run, not for every message
    ctx.call_on_close(lambda: _restore_env(saved))


def _restore_env(saved: dict[str, str | None]) -> None:
    release_environment()
    for key, value in saved.items():
        _set_env(key, value)


def _set_env(key: str, value: str | None) -> None:
    if value is None:
        os.environ.pop(key, None)
    else:
        os.environ[key] = value


class UsageProblem(Exception):
    """A file that cannot be opened: exit 2."""


class RecordProblem(Exception):
    """A file that opens but is not a readable record: exit 1."""


def stdin_bytes(kind: str = "record") -> bytes:
    """Standard input, read once: ``check - -`` names the same record twice. On a terminal,
    a line on standard error says so first: a silent wait looks like a hang."""
    from reversis_score.reading import ReadProblem, read_stream
    if not _STDIN:
        if sys.stdin.isatty():
            typer.echo(_(_READING[kind]), err=True)
        try:
            _STDIN.append(read_stream(sys.stdin.buffer, kind, "standard input"))
        except ReadProblem as exc:
            fail(error_line(exc), 2)
    return _STDIN[0]


def read_bytes(name: str, kind: str = "record", stdin: bytes | None = None) -> tuple[bytes, Path]:
    """The bytes of a file of ``kind`` (record or ledger; ``-`` is standard input, or ``stdin``
    when the caller read it: a worker process cannot) and its directory, within the kind's
    size limit; problems are UsageProblems (exit 2)."""
    from reversis_score.reading import ReadProblem, read_limited
    if name == "-":
        return (stdin if stdin is not None else stdin_bytes(kind)), Path.cwd()
    path = Path(name)
    try:
        return read_limited(path, kind, name), path.parent
    except ReadProblem as exc:
        raise UsageProblem(str(exc)) from None


def read_record(name: str) -> tuple[str, Path | None]:
    """The text of a record file (``-`` is standard input) and its directory."""
    data, folder = read_bytes(name)
    return decoded(name, data), folder


def decoded(name: str, data: bytes) -> str:
    """The record's text; bytes that are not UTF-8, or no text at all, are a RecordProblem."""
    from reversis_score.notation.diagnostics import render
    from reversis_score.notation.parse import decode
    text, problem = decode(data)
    if problem is not None:
        raise RecordProblem(render(problem, name, data.decode("utf-8", "replace").split("\n")))
    assert text is not None
    if not text.strip():  # the file's one problem: nothing is printed after it
        from reversis_score.notation.diagnostics import Diagnostic
        from reversis_score.notation.parse import EMPTY_FILE
        from reversis_score.notation.records import Span
        raise RecordProblem(render(Diagnostic(_(EMPTY_FILE), Span(1, 1)), name, None))
    return text


def validate_rules_option(rules: str | None) -> None:
    """``--rules NAME|FILE`` must name a preset or a readable house-rules file (else exit 2)."""
    if rules is None:
        return
    from reversis_score.report.rules import RulesProblem, load
    try:
        load(rules)
    except RulesProblem as exc:
        fail(fill(_("error: --rules: {problem}"), problem=exc), 2)


def load_checked(name: str, strict: bool = False, rules: str | None = None) -> CheckedSession:
    """Read and check one record; usage problems exit 2, unreadable text exits 1."""
    from reversis_score.pipeline import check_text
    text, folder = read_record(name)
    return check_text(text, name, folder, rules, strict)


def print_diagnostics(session: CheckedSession) -> None:
    """Every problem of a checked record on standard error, with its place."""
    from reversis_score.notation.diagnostics import render
    from reversis_score.replay.events import is_not_checked
    for diag in session.diagnostics:
        if not is_not_checked(diag):  # `check` says it; the other commands, not on every run
            typer.echo(render(diag, session.file, session.lines), err=True)


def terminal_width() -> int | None:
    """The width a table must fit: None when standard output is not a terminal (a pipe or a
    file: each row stays one line, as scripts expect); else ``COLUMNS``, else the terminal's
    own width, else 100."""
    try:
        if not sys.stdout.isatty():
            return None
    except (AttributeError, ValueError):  # a closed or replaced stream
        return None
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit() and 0 < int(columns) < 100_000:
        return int(columns)
    try:
        size = os.get_terminal_size(sys.stdout.fileno()).columns
    except (OSError, AttributeError, ValueError):
        size = 0
    return size if size > 0 else 100


def error_line(problem: object) -> str:
    """``error: …``, a usage problem as every command says it, in the chosen language."""
    return fill(_("error: {problem}"), problem=problem)


def not_conserved(where: object) -> str:
    """Fish not conserved: an engine bug, said as such."""
    return fill(_("internal error: fish not conserved in {where} — this is a bug in reversis-score, "
                  "not in the record; please report it"), where=where)


def fail(message: str, code: int) -> NoReturn:
    typer.echo(message, err=True)
    raise typer.Exit(code)


def guarded(name: str, action):
    """Run ``action(name)``, turning file problems into their message and exit code."""
    try:
        return action(name)
    except UsageProblem as exc:
        fail(error_line(exc), 2)
    except RecordProblem as exc:
        fail(str(exc), 1)


def worst(codes: list[int]) -> int:
    """The exit status of a run over many files: usage (2), then record errors (1), then 3."""
    for code in (2, 1, 3):
        if code in codes:
            return code
    return 0


def built_ledger(session: CheckedSession, split_pools: bool = False):
    """Settle a checked record; fish not conserved is an engine bug, said as such (exit 1)."""
    from reversis_score.ledger.build import ConservationError, build_ledger
    try:
        return build_ledger(session, split_pools)
    except ConservationError as exc:
        fail(not_conserved(exc), 1)


def try_load(name: str, strict: bool = False, rules: str | None = None) -> tuple[CheckedSession | None, int]:
    """A checked record with its problems printed, and the exit status it earns; None when the
    file cannot be read as a record (the reason printed)."""
    try:
        session = load_checked(name, strict, rules)
    except UsageProblem as exc:
        typer.echo(error_line(exc), err=True)
        return None, 2
    except RecordProblem as exc:
        typer.echo(str(exc), err=True)
        return None, 1
    print_diagnostics(session)
    return session, 1 if session.errors else 0


def render_ledger(ledger, output: Output, itemised: bool, hand: int | None) -> str:
    """The ledger in the chosen format (one helper for every format)."""
    from reversis_score.render import tables
    chosen = None
    if hand is not None:
        chosen = next((h for h in ledger.settled if h.number == hand), None)
        if chosen is None:
            numbers = [h.number for h in ledger.settled]
            fail(fill(_("error: no settled hand {hand} (settled hands: {numbers})"), hand=hand,
                      numbers=", ".join(map(str, numbers)) or _("none")), 2)
    if output is Output.json:
        from reversis_score.render.document import hand_document, json_text, to_json
        if chosen is None:
            return to_json(ledger)
        return json_text(hand_document(ledger, chosen))
    if output is Output.csv:
        from reversis_score.render import csv_rows
        return csv_rows.items_csv([ledger], hand)
    if chosen is not None:
        return tables.write_blocks(tables.hand_blocks(chosen), output.value, terminal_width())
    return tables.write_blocks(tables.summary_blocks(ledger, itemised), output.value, terminal_width())
