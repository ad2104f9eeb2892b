"""What ``reversis-score serve`` does: choose the token, print the address and its QR code,
and run the app under uvicorn.

On the loopback address (127.0.0.1, localhost, ::1) there is no token. On any other address
(``--host 0.0.0.0`` for the players' phones) a random token is made at start-up; the address
printed, and its QR code, carry it (``http://HOST:PORT/?token=…``).
"""
from __future__ import annotations

import secrets
import socket
import threading
from collections.abc import Callable
from pathlib import Path

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


def serve(folder: Path, host: str, port: int, read_only: bool, say: Callable[[str], None]) -> None:
    """Run the server until interrupted; ``say`` prints (only the CLI prints)."""
    import uvicorn

    from reversis_score.serve.app import create_app
    token = secrets.token_urlsafe(16) if needs_token(host) else None
    app = create_app(folder, token=token, read_only=read_only)
    url = address(host, port, token)
    mode = "read-only" if read_only else "viewing and entry"
    say(f"serving the records of {folder} ({mode}) at {url}")
    if token:
        say(qr_text(url))
        say("anyone with this address (or its QR code) may open the pages; stop with Ctrl-C")
    # The records are read in the background while the first visitors come: the season page
    # of a long season does not wait for every record to be checked and settled.
    threading.Thread(target=preload, args=(app.state.ctx,), daemon=True).start()
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False)


def preload(ctx) -> None:
    """Read, check and settle every record of the folder once (the summaries the season shows)."""
    for name in ctx.record_names():
        try:
            ctx.library.summary(ctx.record_path(name), name)
        except Exception:  # noqa: BLE001  (a record that goes away, or a bug: its page will say)
            continue
