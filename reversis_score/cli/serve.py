"""``serve FOLDER``: the records of a folder as web pages (the ``[web]`` extra).

The command only checks its options and prints; reversis_score/serve/run.py does the work.
Starlette, uvicorn and Jinja2 are imported when the command runs, never at start-up.
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from reversis_score.cli.app import app, error_line, examples, fail
from reversis_score.i18n import N_, _, fill

SERVE_HELP = N_("Serve the folder's records as web pages, with entry at the table from the players' "
                "phones.\n\n"
                "The pages: the season, each session, each hand, why. Entry (/entry, unless --read-only) "
                "starts or continues a session by tapping the cards, with record's checks, and writes the"
                " .rvs file as record does. Needs the web extra: pip install 'reversis-score[web]'.")


@app.command(help=SERVE_HELP, epilog=examples("reversis-score serve records/",
                             "reversis-score serve records/ --host 0.0.0.0",
                             "reversis-score serve records/ --host 0.0.0.0 --read-only"))
def serve(
    folder: Annotated[Path, typer.Argument(metavar="FOLDER", help=N_("The folder of .rvs records "
                                                                     "(default: the current folder)."))]
    = Path("."),
    host: Annotated[str, typer.Option("--host", metavar="H", help=N_("The address to listen on. Any "
                                      "but 127.0.0.1 needs the access token printed at start-up."))]
    = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="P", min=1, max=65535,
                                      help=N_("The port."))] = 8000,
    read_only: Annotated[bool, typer.Option("--read-only", help=N_("Serve the pages without entry "
                                            "(the /entry page and its writes)."))] = False,
) -> None:
    """The ``serve`` command; its --help is SERVE_HELP."""
    if not folder.is_dir():
        fail(error_line(fill(_("{folder}: not a folder"), folder=folder)), 2)
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401

        from reversis_score.serve.run import PortInUse
        from reversis_score.serve.run import serve as run
    except ImportError as exc:
        fail(error_line(fill(_("serve needs the web extra ({module} is missing): "
                               "pip install 'reversis-score[web]'"), module=exc.name)), 2)
    try:
        run(folder, host, port, read_only, typer.echo)
    except PortInUse as exc:  # one line, before anything else is printed
        fail(str(exc), 2)
    except OSError as exc:
        fail(error_line(fill(_("cannot listen on {host}:{port} ({reason})"), host=host, port=port,
                             reason=exc.strerror or exc)), 2)
