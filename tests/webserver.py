"""Helpers for the web tests: the app under uvicorn on a free port, and Debian's Chromium.

``running(folder, token=None, read_only=False)`` is a context manager: it starts
``create_app(folder, ...)`` under uvicorn in a background thread on a free port of 127.0.0.1
and yields the base URL (``http://127.0.0.1:PORT``); leaving it stops the server.

``chromium(playwright)`` launches Playwright's Chromium from ``/usr/bin/chromium`` (Debian's
package: Playwright's own browser download is not reachable here, and CI installs the
package, .ci/run). ``artefacts()`` is the folder for screenshots: ``$REVERSIS_ARTEFACTS``, or
``build/screenshots`` in the checkout (ignored by git).
"""
from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def running(folder: Path, token: str | None = None, read_only: bool = False) -> Iterator[str]:
    """The app serving ``folder`` under uvicorn in a thread; yields its base URL."""
    import uvicorn

    from reversis_score.serve.app import create_app
    port = free_port()
    config = uvicorn.Config(create_app(folder, token=token, read_only=read_only), host="127.0.0.1",
                            port=port, log_level="warning", access_log=False, lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
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


def chromium(playwright, **options):
    """Debian's Chromium under Playwright (headless)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                      args=["--no-sandbox", "--disable-dev-shm-usage"], **options)


def artefacts() -> Path:
    """Where screenshots go: $REVERSIS_ARTEFACTS, else build/screenshots (gitignored)."""
    folder = Path(os.environ.get("REVERSIS_ARTEFACTS") or ROOT / "build" / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder
