"""What ``reversis-score serve`` does: choose the token, print the address and its QR code,
and run the app under uvicorn.

On the loopback address (127.0.0.1, localhost, ::1) there is no token. On any other address
(``--host 0.0.0.0`` for the players' phones) a random token is made at start-up; the address
printed, and its QR code, carry it (``http://HOST:PORT/?token=…``).
"""
from __future__ import annotations

import errno
import logging
import secrets
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path

from reversis_score.i18n import _, fill, language, ngettext, number

LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "::1"}


def needs_token(host: str) -> bool:
    """Every address but the loopback one needs the access token."""
    return host not in LOOPBACK_HOSTS


def shown_host(host: str) -> str:
    """The host to put in the printed address: the machine's LAN address for 0.0.0.0."""
    if host not in ("0.0.0.0", "::", ""):
        return f"[{host}]" if ":" in host else host
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: it picks the outgoing interface
            return probe.getsockname()[0]
    except OSError:
        return socket.gethostname()


def address(host: str, port: int, token: str | None) -> str:
    """The URL to open (with the token when there is one)."""
    return f"http://{shown_host(host)}:{port}/" + (f"?token={token}" if token else "")


def qr_text(url: str) -> str:
    """The URL as a QR code drawn in the terminal (segno)."""
    import io

    import segno
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


class PortInUse(Exception):
    """The port is taken by another program; ``free`` is the next one that is not (or None)."""

    def __init__(self, port: int, free: int | None) -> None:
        super().__init__(fill(_("port {port} is in use: try --port {free}"), port=port, free=free) if free
                         else fill(_("port {port} is in use"), port=port))


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to (host, port), listening; PortInUse when another program has it."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise PortInUse(port, next_free(host, port)) from None
        raise
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def next_free(host: str, port: int, tries: int = 20) -> int | None:
    """The first port after ``port`` that can be listened on (the one to suggest)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    for candidate in range(port + 1, min(port + 1 + tries, 65536)):
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind((host, candidate))
            except OSError:
                continue
            return candidate
    return None


def serve(folder: Path, host: str, port: int, read_only: bool, say: Callable[[str], None]) -> None:
    """Run the server until interrupted; ``say`` prints (only the CLI prints). PortInUse
    (before anything is printed) when the port is taken."""
    import uvicorn

    from reversis_score.serve.app import create_app
    sock = listening_socket(host, port)  # first: a busy port is said before anything else
    token = secrets.token_urlsafe(16) if needs_token(host) else None
    app = create_app(folder, token=token, read_only=read_only)
    url = address(host, port, token)
    mode = _("read-only") if read_only else _("viewing and entry")
    say(fill(_("serving the records of {folder} ({mode}) at {url}"), folder=folder, mode=mode, url=url))
    if token:
        say(qr_text(url))
        say(_("anyone with this address (or its QR code) may open the pages; stop with Ctrl-C"))
    # The records are read in the background while the first visitors come, and the season
    # page made once: the first visitor finds it ready (warm from start-up).
    ctx = app.state.ctx
    warmer = Warmer(ctx, say)
    ctx.start_watching(warmer.poke)
    threading.Thread(target=warmer.run, name="serve-warm", daemon=True).start()
    uvicorn.Server(server_config(app)).run(sockets=[sock])


def server_config(app, **options):
    """uvicorn's settings for ``app``: guard.py's protocol (deadlines, a cap per address, room
    kept for new clients) in place of uvicorn's ``limit_concurrency``, which answers everyone
    503 once a stranger holds its 1,000 connections."""
    import uvicorn

    from reversis_score.serve.guard import GuardedH11Protocol
    return uvicorn.Config(app, **{"log_level": "warning", "access_log": False, "http": GuardedH11Protocol,
                                  "timeout_keep_alive": KEEP_ALIVE, **options})


KEEP_ALIVE = 5  # seconds an idle kept-alive connection stays open
QUIET = 10.0  # seconds without a change before the season page is made again in the background


class Warmer:
    """Makes the season page in the background: at start-up (saying when it is ready), and
    again after each change the watch reports, so that no visitor waits for it."""

    def __init__(self, ctx, say: Callable[[str], None]) -> None:
        self.ctx, self.say = ctx, say
        self.wanted = threading.Event()

    def poke(self) -> None:
        self.wanted.set()

    def run(self) -> None:
        from reversis_score.serve.pages import warm
        began = time.perf_counter()
        self._warm(warm)
        count = len(self.ctx.record_names())
        seconds = round(time.perf_counter() - began, 1)
        self.say(fill(ngettext("read {count} record in {seconds} s: the season page is ready",
                               "read {count} records in {seconds} s: the season page is ready", count),
                      count=count, seconds=f"{seconds:.1f}" if language() == "en" else number(seconds)))
        while True:
            self.wanted.wait()
            self.wanted.clear()
            # A table entering a hand writes its record every few seconds. serve is one process:
            # re-reading a long record here would hold the interpreter while the next tap waits
            # (a tap into a 360-hand night went from 12 ms to 460 ms). So the season page is made
            # again once the folder has been quiet for QUIET seconds, or by its first visitor.
            while self.wanted.wait(QUIET):
                self.wanted.clear()
            self._warm(warm)

    def _warm(self, warm) -> None:
        from reversis_score.serve.context import FolderGone
        try:
            warm(self.ctx)
        except FolderGone:  # the pages say so; one line here
            logging.getLogger("reversis_score.serve").warning("serve: the records' folder is gone")
        except Exception:  # noqa: BLE001  (a record that goes away, or a bug: its page will say)
            logging.getLogger("reversis_score.serve").exception("serve: the season page")


# ------------------------------------------------------------------ serve DB: a season database
def serve_database(target: str, host: str, port: int, workers: int, hosts: frozenset[str],
                   say: Callable[[str], None]) -> None:
    """Serve the pages of a season database (serve/dbpages.py) until interrupted, in
    ``workers`` processes sharing one listening socket. The database is checked once here
    (a ``SiteProblem``, one line, when it cannot be served); each process then opens its own
    pool. PortInUse, before anything is printed, when the port is taken."""
    from reversis_score.render.database import shown
    from reversis_score.serve.dbsite import Site
    Site(target, size=1).close()  # a wrong URL, a missing file or an old schema: said now
    sock = listening_socket(host, port)
    token = secrets.token_urlsafe(16) if needs_token(host) and not hosts else None
    url = address(host, port, token)
    say(fill(ngettext("serving the season of {database} (read-only) at {url}, {count} process",
                      "serving the season of {database} (read-only) at {url}, {count} processes", workers),
             database=shown(target), url=url, count=workers))
    if token:
        say(qr_text(url))
        say(_("anyone with this address (or its QR code) may open the pages; stop with Ctrl-C"))
    if workers == 1:
        _serve_site(target, sock, token, hosts, say)
        return
    _processes(workers, lambda: _serve_site(target, sock, token, hosts, say))


def _serve_site(target: str, sock: socket.socket, token: str | None, hosts: frozenset[str],
                say: Callable[[str], None]) -> None:
    """One process of the site: its own pool, its own uvicorn, the shared socket."""
    import uvicorn

    from reversis_score.serve.dbpages import create_site_app, keep_warm
    from reversis_score.serve.dbsite import Site
    from reversis_score.serve.guard import ProxiedH11Protocol
    site = Site(target)
    try:
        app = create_site_app(site, token=token, hosts=hosts)
        threading.Thread(target=keep_warm, args=(app.state.ctx, say), name="serve-warm", daemon=True).start()
        uvicorn.Server(server_config(app, lifespan="off", http=ProxiedH11Protocol)).run(sockets=[sock])
    finally:
        site.close()


def _processes(workers: int, run: Callable[[], None]) -> None:
    """``run`` in ``workers`` forked processes (each after the fork: a pool's connections and
    threads never cross one); the parent waits, passes on SIGTERM and SIGINT, and stops them
    all when one ends (a service manager then restarts the whole)."""
    import os
    import signal
    children = []
    for _n in range(workers):
        pid = os.fork()
        if pid == 0:  # the child: serve, and never return into the parent's code
            code = 0
            # uvicorn raises the signal that stopped it again once it has shut down: here an end.
            signal.signal(signal.SIGTERM, _ended)
            signal.signal(signal.SIGINT, _ended)
            try:
                run()
            except SystemExit:
                pass
            except BaseException:  # noqa: BLE001  (its log says why; the parent stops the others)
                logging.getLogger("reversis_score.serve").exception("serve: a process of the site")
                code = 1
            os._exit(code)
        children.append(pid)

    def stop(signum: int, _frame: object) -> None:
        for child in children:
            try:
                os.kill(child, signal.SIGTERM)
            except ProcessLookupError:
                pass
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    os.wait()  # the first to end (a signal, or a failure) ends them all
    stop(signal.SIGTERM, None)
    for child in children:
        try:
            os.waitpid(child, 0)
        except ChildProcessError:
            pass


def _ended(signum: int, _frame: object) -> None:
    raise SystemExit(0)
