"""The ``reversis-score`` command: a Typer app (app.py) and its commands, a module per group."""
from __future__ import annotations

import sys

import typer

from reversis_score.cli import ledgers, records, verify  # noqa: F401  (each registers its commands on app)
from reversis_score.cli.app import app

# isort: split
from reversis_score.cli import record  # noqa: F401  (registered last: listed last in --help)

__all__ = ["app", "main"]


def main() -> None:
    """Console entry point."""
    from reversis_score.cli.app import scrub_stderr
    from reversis_score.scrub import remember_secrets
    remember_secrets(sys.argv[1:])
    scrub_stderr()  # before Click parses anything: its usage errors quote the arguments
    try:
        # A fixed program name: the shell-completion hook is keyed on it, however we are run.
        app(standalone_mode=True, prog_name="reversis-score")
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # a bug: say so in one line, never a traceback
        typer.echo(f"internal error (a bug in reversis-score, please report it): "
                   f"{type(exc).__name__}: {exc}", err=True)
        sys.exit(70)


if __name__ == "__main__":  # pragma: no cover
    main()
