"""``serve FOLDER``: the records of a folder as web pages (the ``[web]`` extra).

The command only checks its options and prints; reversis_score/serve/run.py does the work.
Starlette, uvicorn and Jinja2 are imported when the command runs, never at start-up.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer

from reversis_score.cli.app import app, error_line, examples, fail
from reversis_score.i18n import N_, _, fill, is_french, ngettext, number

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
        run(folder, host, port, read_only, _say)
    except PortInUse as exc:  # one line, before anything else is printed
        fail(_port_in_use(str(exc), host, port), 2)
    except OSError as exc:
        fail(error_line(fill(_("cannot listen on {host}:{port} ({reason})"), host=host, port=port,
                             reason=exc.strerror or exc)), 2)


def _port_in_use(said: str, host: str, port: int) -> str:
    """serve/run.py's "port 8000 is in use: try --port 8001", in the chosen language: the
    next free port is looked for again (the exception says it only in English)."""
    if not is_french():
        return said
    from reversis_score.serve.run import next_free
    free = next_free(host, port)
    if free is None:
        return fill(_("port {port} is in use"), port=port)
    return fill(_("port {port} is in use: try --port {free}"), port=port, free=free)


# serve/run.py's lines, written in English: said here in the chosen language, each known line
# matched whole (any other, the QR code, is printed as it is).
_MODES = {"read-only": N_("read-only"), "viewing and entry": N_("viewing and entry")}
_SERVING = re.compile(r"serving the records of (?P<folder>.+) \((?P<mode>read-only|viewing and entry)\) "
                      r"at (?P<url>\S+)")
_ANYONE = N_("anyone with this address (or its QR code) may open the pages; stop with Ctrl-C")
_READ = re.compile(r"read (?P<count>[0-9]+) records? in (?P<seconds>[0-9]+\.[0-9]) s: the season page "
                   r"is ready")


def _say(line: str) -> None:
    typer.echo(_start_up_line(line) if is_french() else line)


def _start_up_line(line: str) -> str:
    """One of serve's start-up lines in the chosen language."""
    if line == _ANYONE:
        return _(_ANYONE)
    serving = _SERVING.fullmatch(line)
    if serving:
        return fill(_("serving the records of {folder} ({mode}) at {url}"), folder=serving["folder"],
                    mode=_(_MODES[serving["mode"]]), url=serving["url"])
    read = _READ.fullmatch(line)
    if read:
        count = int(read["count"])
        return fill(ngettext("read {count} record in {seconds} s: the season page is ready",
                             "read {count} records in {seconds} s: the season page is ready", count),
                    count=count, seconds=number(float(read["seconds"])))
    return line
