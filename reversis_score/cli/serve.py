"""``serve FOLDER``: the records of a folder as web pages (the ``[web]`` extra); ``serve DB``:
a season database's pages, read-only (a SQLite file, or a PostgreSQL URL: the ``postgres``
extra too), in ``--workers`` processes.

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
                " .rvs file as record does. Needs the web extra: pip install 'reversis-score[web]'.\n\n"
                "Given a season database written by export instead of a folder (a SQLite file or a "
                "postgresql:// URL), serves its pages read-only, from the database alone, in --workers "
                "processes: a league's site (docs/league.md).")


@app.command(help=SERVE_HELP, epilog=examples("reversis-score serve records/",
                             "reversis-score serve records/ --host 0.0.0.0",
                             "reversis-score serve records/ --host 0.0.0.0 --read-only",
                             "reversis-score serve postgresql://site@db.example.org/league --workers 4 "
                             "--allow-host league.example.org"))
def serve(
    where: Annotated[str, typer.Argument(metavar="FOLDER|DB", help=N_(
        "The folder of .rvs records (default: the current folder), or a season database: a SQLite "
        "file or a postgresql:// URL."))] = ".",
    host: Annotated[str, typer.Option("--host", metavar="H", help=N_("The address to listen on. Any "
                                      "but 127.0.0.1 needs the access token printed at start-up."))]
    = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="P", min=1, max=65535,
                                      help=N_("The port."))] = 8000,
    read_only: Annotated[bool, typer.Option("--read-only", help=N_("Serve the pages without entry "
                                            "(the /entry page and its writes)."))] = False,
    workers: Annotated[int, typer.Option("--workers", metavar="N", min=1, max=64, help=N_(
        "A database's pages: the processes that answer, sharing the port."))] = 1,
    allow_host: Annotated[list[str] | None, typer.Option("--allow-host", metavar="NAME", help=N_(
        "A database's pages: a name the reverse proxy passes on as the Host (the site's public "
        "name); with it, no access token. Repeatable."))] = None,
) -> None:
    """The ``serve`` command; its --help is SERVE_HELP."""
    from reversis_score.render.database import is_postgres_url
    if is_postgres_url(where) or Path(where).is_file():
        _serve_database(where, host, port, workers, frozenset(allow_host or ()))
        return
    folder = Path(where)
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


def _serve_database(target: str, host: str, port: int, workers: int, hosts: frozenset[str]) -> None:
    """``serve DB``: one line and exit status 2 for what stops it (a missing extra, a database
    that cannot be served, a busy port)."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401

        from reversis_score.serve.dbsite import SiteProblem
        from reversis_score.serve.run import PortInUse, serve_database
    except ImportError as exc:
        fail(error_line(fill(_("serve needs the web extra ({module} is missing): "
                               "pip install 'reversis-score[web]'"), module=exc.name)), 2)
    try:
        serve_database(target, host, port, workers, hosts, typer.echo)
    except SiteProblem as exc:
        fail(error_line(str(exc)), 2)
    except PortInUse as exc:  # one line, before anything else is printed
        fail(str(exc), 2)
    except OSError as exc:
        fail(error_line(fill(_("cannot listen on {host}:{port} ({reason})"), host=host, port=port,
                             reason=exc.strerror or exc)), 2)
