"""Helpers for the web tests: the app under uvicorn on a free port, and Debian's Chromium.

``running(folder, token=None, read_only=False)`` is a context manager: it starts
``create_app(folder, ...)`` under uvicorn in a background thread on a socket the test binds
itself (so no other process, nor another pytest-xdist worker, can take the port between the
choice and the listening) and yields the base URL (``http://127.0.0.1:PORT``); leaving it stops
the server. ``free_port()`` is for a server started as a child process: each xdist worker picks
from its own range, below Linux's ephemeral ports (which outgoing connections borrow).

``chromium(playwright)`` launches Playwright's Chromium from ``/usr/bin/chromium`` (Debian's
package: Playwright's own browser download is not reachable here, and CI installs the
package, .ci/run). ``artefacts()`` is the folder for screenshots: ``$REVERSIS_ARTEFACTS``, or
``build/screenshots`` in the checkout (ignored by git).
"""
from __future__ import annotations

import os
import random
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
# How long a browser test waits for a state it expects (ms): generous, for a loaded machine.
# A test waits for a state, never times it: speed is a benchmark's business (bench/).
PATIENCE = 30_000
ROOT = Path(__file__).resolve().parent.parent


# Each worker's own ports: 20000 + 400 per worker (gw0, gw1, ...), under 32768 where Linux
# starts lending ports to outgoing connections.
PORTS_PER_WORKER = 400


def _worker_ports() -> range:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    index = int(worker) if worker.isdigit() else 0
    start = 20000 + PORTS_PER_WORKER * (index % 30)
    return range(start, start + PORTS_PER_WORKER)


def free_port() -> int:
    """A port of this worker's range that nothing listens on now (for a child ``serve``)."""
    ports = list(_worker_ports())
    first = random.randrange(len(ports))  # another run on the same machine starts elsewhere
    for port in ports[first:] + ports[:first]:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {ports[0]}-{ports[-1]}")


def _bound() -> socket.socket:
    """A listening socket on a port the system picks: held from here on, so nobody else takes it."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    return sock


@contextmanager
def running(folder: Path, token: str | None = None, read_only: bool = False) -> Iterator[str]:
    """The app serving ``folder`` under uvicorn in a thread; yields its base URL."""
    import uvicorn

    from reversis_score.serve.app import create_app
    sock = _bound()
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(folder, token=token, read_only=read_only), host="127.0.0.1",
                            port=port, log_level="warning", access_log=False, lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def chromium(playwright, **options):
    """Debian's Chromium under Playwright (headless); ``expect`` then waits up to PATIENCE."""
    from playwright.sync_api import expect
    expect.set_options(timeout=PATIENCE)
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                      args=["--no-sandbox", "--disable-dev-shm-usage"], **options)


def artefacts() -> Path:
    """Where screenshots go: $REVERSIS_ARTEFACTS, else build/screenshots (gitignored)."""
    folder = Path(os.environ.get("REVERSIS_ARTEFACTS") or ROOT / "build" / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def arrived(page, url: str) -> None:
    """Wait until ``page`` is at ``url`` and its script has drawn it: the buttons the server
    wrote have no handler until then, and a tap on them would be lost."""
    from playwright.sync_api import expect
    expect(page).to_have_url(url)
    expect(page.locator("[data-ready]")).to_have_count(1)
