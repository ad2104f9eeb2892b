"""The ``reversis-score`` command: a Typer app (app.py) and its commands, a module per group."""
from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer
from typer.main import get_command_name

from reversis_score.cli import books, ledgers, records, serve, verify  # noqa: F401  (each registers its commands on app)
from reversis_score.cli.app import app
from reversis_score.cli.complete import use_our_bash_hook
from reversis_score.i18n import N_, _, fill

# isort: split
from reversis_score.cli import record  # noqa: F401  (registered last: listed last in --help)

__all__ = ["app", "main"]
use_our_bash_hook()  # Tab offers only what fits (complete.py)

STOPPED = {signal.SIGINT: (N_("interrupted (SIGINT): stopped"), 130),
           signal.SIGTERM: (N_("terminated (SIGTERM): stopped"), 143)}
_CAUGHT: list[int] = []  # the signal that stopped the run


class Terminated(BaseException):
    """SIGTERM: the run unwinds like Ctrl-C (open writes are rolled back or discarded), exit 143."""


def main() -> None:
    """Console entry point."""
    from reversis_score.cli.app import scrub_stderr
    from reversis_score.scrub import remember_secrets
    remember_secrets(sys.argv[1:])
    scrub_stderr()  # before Click parses anything: its usage errors quote the arguments
    from reversis_score.i18n import set_language
    set_language(None)  # Click's own messages in the locale's language (--lang may change it)
    _CAUGHT.clear()
    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    try:
        # A fixed program name: the shell-completion hook is keyed on it, however we are run.
        with _only_the_named_command(sys.argv[1:2]):
            app(standalone_mode=True, prog_name="reversis-score")
    except SystemExit as exc:
        if _CAUGHT and not _reported_by_command(exc):
            _stopped()
        raise
    except BaseException as exc:
        if _CAUGHT or isinstance(exc, KeyboardInterrupt):  # whatever a signal broke on its way
            _stopped()
        if not isinstance(exc, Exception):
            raise
        # a bug: say so in one line, never a traceback
        typer.echo(fill(_("internal error (a bug in reversis-score, please report it): {kind}: {problem}"),
                        kind=type(exc).__name__, problem=exc), err=True)
        sys.exit(70)


@contextmanager
def _only_the_named_command(first: list[str]) -> Iterator[None]:
    """When the first argument names a command, Typer builds that one alone: it would build the
    options of every registered command, on every run, before running one (a tenth of a short
    check's start-up). Anything else (--help, an option of the app, an unknown or partial name, a
    shell's completion) builds them all, as --help and "Did you mean" list them."""
    commands = app.registered_commands
    named = [c for c in commands if first and (c.name or get_command_name(c.callback.__name__
                                                                        if c.callback else "")) == first[0]]
    if len(named) != 1 or app.registered_groups or "_REVERSIS_SCORE_COMPLETE" in os.environ:
        yield
        return
    app.registered_commands = named
    try:
        yield
    finally:
        app.registered_commands = commands


def _stop(signum: int, frame: object) -> None:
    """SIGINT or SIGTERM: stop the workers now, then unwind (a second signal ends us at once)."""
    from reversis_score.cli import batch
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _CAUGHT.append(signum)
    batch.stop_workers()
    if signum == signal.SIGTERM:
        raise Terminated()
    raise KeyboardInterrupt()


def _reported_by_command(exc: SystemExit) -> bool:
    """Whether a command said itself that Ctrl-C stopped it (``record`` does, exit 130), rather
    than Typer turning the KeyboardInterrupt into a silent exit 130."""
    raised = exc.__context__
    return exc.code == 130 and not (raised is not None and isinstance(raised.__cause__, KeyboardInterrupt))


def _stopped() -> NoReturn:
    message, code = STOPPED[signal.Signals(_CAUGHT[0] if _CAUGHT else signal.SIGINT)]
    typer.echo(_(message), err=True)
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    main()
