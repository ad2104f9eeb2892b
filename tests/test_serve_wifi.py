"""``serve`` on café Wi-Fi, second pass (issue 39): what a stranger on the network, or a file in
the folder, could still do to the night. The connection limits with real sockets on the
loopback addresses (127.0.0.1 the stranger, 127.0.0.2 a phone), the rest through Starlette's
TestClient. Speed and memory are benchmarks (bench/serve_wifi.py), never tests here."""
from __future__ import annotations

import html
import logging
import re
import shutil
import socket
import threading
import time
from contextlib import contextmanager

import pytest
import test_serve_hostile as hostile
from conftest import SAMPLES
from entrydevice import Device
from test_serve_hostile import HEADER, client, lan

from reversis_score.serve import guard
from reversis_score.serve.app import create_app

folder = hostile.folder  # (a fixture: the same three records)
GUARD = 30  # seconds: a bound on every wait below, far above any deadline they test


# ------------------------------------------------------------ 1: connections a stranger cannot exhaust
@contextmanager
def served(folder, token: str | None = None):
    """``serve``'s own uvicorn settings (run.server_config) on 0.0.0.0: yields the port."""
    import uvicorn

    from reversis_score.serve.run import listening_socket, server_config
    sock = listening_socket("0.0.0.0", 0)
    app = create_app(folder, token=token)
    served.csrf = app.state.ctx.csrf  # type: ignore[attr-defined]
    server = uvicorn.Server(server_config(app, lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + GUARD
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(timeout=GUARD)
        sock.close()


def connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=GUARD, source_address=(source, 0))
    return sock


def answer(sock: socket.socket) -> bytes:
    """What the server sends until it closes the connection (or GUARD seconds pass)."""
    sock.settimeout(GUARD)
    chunks = []
    try:
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    except (ConnectionResetError, TimeoutError):
        pass
    return b"".join(chunks)


def closed(sock: socket.socket) -> bool:
    return answer(sock) == b""


def get(port: int, path: str, source: str = "127.0.0.1", token: str | None = None) -> bytes:
    with connect(port, source) as sock:
        cookie = f"Cookie: rvs_token_{port}={token}\r\n" if token else ""
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{cookie}Connection: close\r\n\r\n".encode())
        return answer(sock)


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(guard, "HEAD_TIMEOUT", 0.5)
    monkeypatch.setattr(guard, "BODY_TIMEOUT", 0.5)
    monkeypatch.setattr(guard, "PER_ADDRESS", 4)
    monkeypatch.setattr(guard, "MOST", 6)
    monkeypatch.setattr(guard, "DROPS", guard.DropLog())  # no window left over from another test


def test_one_address_holds_at_most_its_share_and_a_new_client_is_served(folder, quick, caplog):
    caplog.set_level(logging.WARNING)
    with served(folder) as port:
        stranger = [connect(port) for _ in range(10)]
        for sock in stranger:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # a head never finished
        phone = get(port, "/stamp", source="127.0.0.2")  # another address: served at once
        assert phone.startswith(b"HTTP/1.1 200"), phone[:80]
        assert sum(closed(s) for s in stranger) == 10  # six at once for a newer one, four at the deadline
        for sock in stranger:
            sock.close()
    said = [r.getMessage() for r in caplog.records if r.name == "reversis_score.serve"]
    assert len(said) == 10 and all(line.startswith("serve: closed a connection from 127.0.0.1: ")
                                   for line in said), said
    assert sum("connections from that address already" in line for line in said) == 6
    assert sum("no whole request head within 0.5 s" in line for line in said) == 4
    assert not any(r.exc_info for r in caplog.records)


def test_a_flood_of_closed_connections_is_summed_up_in_the_log(folder, quick, caplog, monkeypatch):
    """Past LOG_BURST lines in a window, the rest are one line when the window ends."""
    monkeypatch.setattr(guard, "LOG_BURST", 3)
    monkeypatch.setattr(guard, "LOG_WINDOW", 1.0)
    caplog.set_level(logging.WARNING)
    with served(folder) as port:
        stranger = [connect(port) for _ in range(10)]
        for sock in stranger:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        assert sum(closed(s) for s in stranger) == 10
        for sock in stranger:
            sock.close()
        deadline = time.monotonic() + 10
        while not any("more connections" in r.getMessage() for r in caplog.records):
            assert time.monotonic() < deadline, [r.getMessage() for r in caplog.records]
            time.sleep(0.05)
    said = [r.getMessage() for r in caplog.records if r.name == "reversis_score.serve"]
    assert len(said) == 4 and all(line.startswith("serve: closed a connection from 127.0.0.1: ")
                                  for line in said[:3]), said
    assert said[3] == "serve: closed 7 more connections in 1 s, most from 127.0.0.1 (7)"


class _Waiting:
    """A connection as guard.Gate sees it: its address, its cap, idle, closed when dropped."""

    def __init__(self, gate: guard.Gate, address: str, per_address: int) -> None:
        self.address, self.per_address, self.waiting, self.trusted = address, per_address, True, False
        self.gate, self.dropped = gate, False

    def drop(self, why: str) -> None:
        self.dropped = True
        self.gate.leave(self)  # as the connection, once closed, leaves it


def test_behind_a_proxy_one_address_may_hold_every_connection():
    # serve DB sits behind a league's reverse proxy (docs/league.md): every reader comes from
    # the proxy's address, so the site's protocol lifts the cap per address, not the others.
    assert guard.ProxiedH11Protocol.per_address.fget(None) == guard.MOST  # type: ignore[attr-defined]
    gate = guard.Gate()
    site = [_Waiting(gate, "10.0.0.1", guard.MOST) for _ in range(200)]
    assert all(gate.admit(c) for c in site) and not any(c.dropped for c in site)
    folder_gate = guard.Gate()
    phones = [_Waiting(folder_gate, "10.0.0.1", guard.PER_ADDRESS) for _ in range(40)]
    assert all(folder_gate.admit(c) for c in phones)
    assert sum(c.dropped for c in phones) == 40 - guard.PER_ADDRESS


def test_room_is_kept_for_new_clients_past_the_most_connections(folder, quick):
    with served(folder, token="s3cret") as port:
        held = [connect(port, f"127.0.0.{n}") for n in (3, 3, 3, 4, 4, 5)]  # MOST (6), all waiting
        reply = get(port, "/stamp", source="127.0.0.2", token="s3cret")
        assert reply.startswith(b"HTTP/1.1 200"), reply[:80]
        dropped = [s for s in held if closed(s)]  # (each waits for its close: the head's deadline)
        assert len(dropped) == 6
        for sock in held:
            sock.close()


def test_a_body_that_never_finishes_loses_its_connection_without_a_traceback(folder, quick, caplog):
    caplog.set_level(logging.INFO)
    with served(folder, token="s3cret") as port, connect(port) as sock:
        csrf = served.csrf  # type: ignore[attr-defined]
        sock.sendall(f"POST /entry/night/tap HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: rvs_token_{port}=s3cret"
                     f"\r\nX-CSRF-Token: {csrf}\r\nContent-Type: application/json\r\n"
                     "Content-Length: 60000\r\n\r\n{".encode())
        assert closed(sock)
    said = [r.getMessage() for r in caplog.records if r.name.startswith(("reversis_score", "uvicorn"))]
    assert said == ["serve: closed a connection from 127.0.0.1: no whole request body within 0.5 s"]
    assert not any(r.exc_info for r in caplog.records)
    assert (folder / "night.rvs").read_text("utf-8") == HEADER


def test_a_request_without_the_token_is_answered_then_closed(folder, quick):
    with served(folder, token="s3cret") as port, connect(port) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")  # keep-alive asked, yet closed
        said = answer(sock)
        assert said.startswith(b"HTTP/1.1 403") and b"connection: close" in said.lower()


def test_the_gate_sheds_a_strangers_connection_before_a_trusted_one():
    gate = guard.Gate()

    class Conn:
        def __init__(self, address, trusted):
            self.address, self.trusted, self.waiting, self.dropped = address, trusted, True, False
            self.per_address = guard.PER_ADDRESS

        def drop(self, why):
            self.dropped = True
            gate.leave(self)  # type: ignore[arg-type]
    old = guard.MOST
    guard.MOST = 3
    try:
        trusted = [Conn("10.0.0.1", True), Conn("10.0.0.1", True)]
        stranger = Conn("10.0.0.2", False)
        for c in [*trusted, stranger]:
            assert gate.admit(c)  # type: ignore[arg-type]
        assert gate.admit(Conn("10.0.0.3", False))  # type: ignore[arg-type]
        assert stranger.dropped and not any(c.dropped for c in trusted)
    finally:
        guard.MOST = old


# ------------------------------------------------------------ 5: lenient cookies
@pytest.mark.parametrize("odd", ["theme=dark mode", 'consent={"ads":false}', "n=été", "x", "a=b=c; =;"])
def test_an_odd_cookie_beside_the_token_locks_nobody_out(folder, odd):
    web = lan(folder)
    cookie = f"{odd}; rvs_token_8000=s3cret; rvs_lang=fr".encode()  # (é as UTF-8 bytes, as browsers send it)
    page = web.get("/", headers={"Cookie": cookie})
    assert page.status_code == 200 and page.headers["content-language"] == "fr"
    assert web.get("/", headers={"Cookie": f"rvs_token_8000=s3cret; {odd}".encode()}).status_code == 200
    assert web.get("/", headers={"Cookie": odd.encode()}).status_code == 403


# ------------------------------------------------------------ 6: links from the route
@pytest.mark.parametrize("raw", [b"//evil.example/x", b"/\\evil.example", b"/%2F%2Fevil.example",
                                 b"/%5C%5Cevil.example/x", b"/session/club-night/%2F%2Fevil.example"])
def test_a_404_pages_links_all_stay_on_this_site(folder, raw):
    import anyio

    from reversis_score.serve import app as app_module
    application = app_module.create_app(folder)
    sent: list[dict] = []

    async def run() -> None:
        path = raw.decode().replace("%2F", "/").replace("%5C", "\\")
        scope = {"type": "http", "method": "GET", "path": path,
                 "raw_path": raw, "query_string": b"", "headers": [(b"host", b"127.0.0.1")],
                 "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 5), "scheme": "http",
                 "root_path": "", "http_version": "1.1", "asgi": {"version": "3.0"}}

        async def receive():
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message):
            sent.append(message)
        await application(scope, receive, send)
    anyio.run(run)
    page = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body").decode()
    assert sent[0]["status"] == 404
    links = re.findall(r'(?:href|action|src)="([^"]*)"', page)
    assert links and all(link.startswith("/") and not link.startswith(("//", "/\\")) for link in links), links
    assert "evil.example" not in html.unescape(page)


def test_the_switch_leads_back_to_the_page_made_from_its_route(folder):
    page = client(folder).get("/session/club-night/hand/2?step=3").text
    assert 'href="/session/club-night/hand/2?step=3&amp;lang=fr"' in page


# ------------------------------------------------------------ 9: no-store, and the token first
def test_pages_with_records_or_tokens_are_not_stored(folder):
    web = client(folder)
    device = Device(web, "night")
    for path in ("/", "/session/club-night", "/session/club-night/hand/1", "/session/club-night/why",
                 "/entry", "/entry/night", "/entry/night/events", "/entry/night/view", "/stamp",
                 "/session/nothere"):
        assert web.get(path).headers.get("cache-control") == "no-store", path
    assert device.tap("dealer: Anne").headers.get("cache-control") == "no-store"
    assert "no-store" not in web.get("/static/app.css").headers.get("cache-control", "")


def test_the_token_is_checked_before_the_language_switch(folder):
    web = lan(folder)
    refused = web.get("/?lang=fr")
    assert refused.status_code == 403 and "set-cookie" not in refused.headers
    assert refused.headers["x-frame-options"] == "DENY"
    allowed = web.get("/?lang=fr", headers={"Cookie": "rvs_token_8000=s3cret"})
    assert allowed.status_code == 303 and "rvs_lang=fr" in allowed.headers["set-cookie"]
    assert allowed.headers["x-frame-options"] == "DENY" and allowed.headers["location"] == "/"
    french = web.get("/", headers={"Cookie": "rvs_lang=fr"})
    assert french.status_code == 403 and "clé d’accès" in french.text  # the refusal in the reader's language


# ------------------------------------------------------------ 2: one bound for every read of a record
def test_the_entry_refuses_a_record_past_the_limit_unread_in_the_pages_words(folder, monkeypatch):
    monkeypatch.setenv("REVERSIS_SCORE_MAX_RECORD_MIB", "1")
    big = folder / "big.rvs"
    with big.open("wb") as out:  # 2 MiB, sparse: past the limit before a byte is read
        out.write(HEADER.encode())
        out.truncate(2 * 1024 * 1024)
    web = client(folder)
    words = "big.rvs: larger than 1 MiB, the limit for a record file (--max-record-mib N raises it)"
    session = web.get("/session/big")
    assert session.status_code == 422 and words in html.unescape(session.text)
    tap = web.post("/entry/big/tap", json={"seen": "", "entries": ["dealer: Anne"]},
                   headers={"X-CSRF-Token": web.app.state.ctx.csrf})
    assert tap.status_code == 409 and tap.json() == {"error": words}
    assert web.get("/entry/big/view").json() == {"error": words}
    for path in ("/entry/big", "/entry/big/events"):
        assert words in html.unescape(web.get(path).text), path
    assert big.stat().st_size == 2 * 1024 * 1024


def test_the_stores_bound_stops_a_file_that_grows_past_it(tmp_path):
    from reversis_score.reading import ReadProblem
    from reversis_score.record.store import Store
    path = tmp_path / "night.rvs"
    path.write_text(HEADER * 10, "utf-8")
    with pytest.raises(ReadProblem, match="larger than"):
        Store(path, most=len(HEADER))
    store = Store(path, most=len(HEADER) * 10)  # within the bound: read, and the lock was let go before
    assert store.written == HEADER * 10
    store.close()


# ------------------------------------------------------------ 8: no 500 for any input
def test_a_lone_surrogate_in_a_tap_is_400(folder):
    web = client(folder)
    device = Device(web, "night")
    for body in ('{"seen": "' + device.view["seen"] + '", "entries": ["\\ud800"]}',
                 '{"seen": "\\udfff", "entries": ["undo"]}',
                 '{"seen": "x", "entries": ["fix"], "fix": {"trick": 1, "player": "\\ud800", "card": "5H"}}'):
        answer = web.post("/entry/night/tap", content=body.encode(),
                          headers={"X-CSRF-Token": device.csrf, "Content-Type": "application/json"})
        assert answer.status_code == 400 and "lone surrogate" in answer.json()["error"], body
    assert (folder / "night.rvs").read_text("utf-8") == HEADER


@pytest.fixture
def full_disk(monkeypatch):
    """Every fsync of a file written says the disk is full (ENOSPC), as a full disk does."""
    import errno

    from reversis_score.record import store as store_module

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(store_module.os, "fsync", full)


def test_a_new_record_on_a_full_disk_is_507_and_leaves_nothing(folder, full_disk):
    from entrydevice import example
    web = client(folder)
    answer = web.post("/entry", data={**example().header_form("fresh"), "csrf": web.app.state.ctx.csrf})
    assert answer.status_code == 507 and "the disk is full" in html.unescape(answer.text)
    assert str(folder) not in answer.text
    assert sorted(p.name for p in folder.iterdir()) == ["club-night.rvs", "example.rvs", "night.rvs"]


def test_a_tap_on_a_full_disk_is_507_and_the_record_unchanged(folder, monkeypatch):
    web = client(folder)
    device = Device(web, "night")
    import errno

    from reversis_score.record import store as store_module

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(store_module.os, "fsync", full)
    answer = device.tap("dealer: Anne")
    assert answer.status_code == 507 and "the disk is full" in answer.json()["error"]
    assert (folder / "night.rvs").read_text("utf-8") == HEADER


def test_a_vanished_folder_is_a_page_that_says_so(folder):
    web = client(folder)
    assert web.get("/").status_code == 200
    shutil.rmtree(folder)
    for path in ("/", "/entry", "/stamp", "/session/club-night", "/entry/night", "/entry/night/view"):
        answer = web.get(path)
        assert answer.status_code in (404, 409, 503), (path, answer.status_code)
    for path in ("/", "/entry"):
        assert "no longer there" in html.unescape(web.get(path).text)
    assert web.get("/").status_code == 503


def test_the_season_follows_a_folder_replaced_under_the_server(folder):
    web = client(folder)
    ctx = web.app.state.ctx
    assert ctx.start_watching()
    try:
        assert "Club night at the Rue de Lille" in web.get("/").text
        folder.rename(folder.with_name("old"))
        folder.mkdir()
        shutil.copy(SAMPLES / "dafydd-feast.rvs", folder / "feast.rvs")
        deadline = time.monotonic() + GUARD  # a guard, not a speed target
        page = web.get("/").text
        while "Feast of St David" not in page and time.monotonic() < deadline:
            time.sleep(0.05)
            page = web.get("/").text
        assert "Feast of St David" in page and "Rue de Lille" not in page
        stamp = web.get("/stamp").text
        (folder / "night.rvs").write_text(HEADER, "utf-8")  # the new folder is watched in turn
        while web.get("/stamp").text == stamp and time.monotonic() < deadline:
            time.sleep(0.05)
        assert 'href="/session/night"' in web.get("/").text
    finally:
        if ctx.watch is not None:
            ctx.watch.stop()


# ------------------------------------------------------------ 3: the night goes on
def test_a_table_payment_to_a_pool_that_does_not_stand_is_refused_at_the_tap(folder):
    from typer.testing import CliRunner

    from reversis_score.cli import app
    web = client(folder)
    device = Device(web, "night")
    device.tap("dealer: Bruno")
    assert device.tap("void: misdeal").status_code == 200  # the misdeal's fine: a pool stands
    before = (folder / "night.rvs").read_text("utf-8")
    refused = device.tap("table", 'Anne -> "pool:99" 5')
    assert refused.status_code == 422
    said = " ".join(refused.json()["refused"])
    assert re.search(r"there is no pool:99 to pay at the table: \d+ pools? stands? in this hand", said), said
    assert (folder / "night.rvs").read_text("utf-8") == before
    assert device.tap("table", "Anne -> pool:1 5").status_code == 200  # the pool that stands
    assert device.tap("dealer: Claire").status_code == 200  # and the night goes on
    checked = CliRunner().invoke(app, ["check", str(folder / "night.rvs")])
    assert checked.exit_code == 0, checked.output


# ------------------------------------------------------------ 4: every number bounded by the game
def events_hand(talon: str) -> list[str]:
    return ["dealer: Anne", "events:", "party: Bruno wins, Claire loses", f"talon: {talon}", ""]


@pytest.mark.parametrize("talon, reason", [
    (str(2**32), f"'{2**32}' is too large a number"), (str(10**29), "is too large a number"),
    ("17 points", "a talon of 4 cards holds at most 16 points under these rules: 17 is written"),
    ("999 points", "at most 16 points"), ("1000000 points", "at most 16 points"),
    ("1.5 points", ""), ("x points", ""), ("-1 points", "")])
def test_a_talon_past_the_largest_of_the_preset_is_422_with_a_reason(folder, talon, reason):
    web = client(folder)
    device = Device(web, "night")
    answer = device.tap(*events_hand(talon if " " in talon else f"{talon} points"))
    assert answer.status_code == 422, answer.json()
    said = " ".join(answer.json()["refused"])
    assert said and reason in said, said
    assert (folder / "night.rvs").read_text("utf-8") == HEADER


def test_the_largest_talon_is_taken_and_the_events_page_offers_no_more(folder):
    web = client(folder)
    page = web.get("/entry/night/events").text
    row = re.findall(r'data-field="talon".*?</div>', page, re.S)[0]
    offered = [int(n) for n in re.findall(r'data-value="(\d+)"', row)]
    assert offered == list(range(17))  # parlett: four Aces, 16
    assert Device(web, "night").tap(*events_hand("16 points")).status_code == 200


def test_a_number_of_a_pages_address_out_of_range_is_422_with_a_reason(folder):
    web = client(folder)
    night = "/session/club-night"
    for path, words in [(f"{night}?page=2", "'2' is not a page of this session: a whole number from 1 to 1"),
                        (f"{night}?page=1.5", "not a page of this session"),
                        (f"{night}?page=-1", "not a page"), (f"{night}?page={2**32}", "not a page"),
                        (f"{night}/why?a=Anne&b=Bruno&page=0", "not a page"),
                        (f"{night}/hand/2?step=99", "'99' is not a step of this hand"),
                        (f"{night}/hand/2?step=x", "not a step")]:
        answer = web.get(path)
        assert answer.status_code == 422 and words in html.unescape(answer.text), (path, answer.status_code)
    assert web.get("/session/club-night?page=1").status_code == 200
    assert web.get("/session/club-night/hand/2?step=12").status_code == 200
    device = Device(web, "night")
    fixed = web.post("/entry/night/tap", json={"seen": device.view["seen"], "entries": [],
                                               "fix": {"trick": 12, "player": "Anne", "card": "5H"}},
                     headers={"X-CSRF-Token": device.csrf})
    assert fixed.status_code == 422 and fixed.json()["error"] == "trick numbers run from 1 to 11, not 12"


# ------------------------------------------------------------ 7: pages sized by what they show
def test_long_titles_and_names_are_cut_on_the_pages_whole_in_a_tooltip(folder):
    night = (SAMPLES / "club-night.rvs").read_text("utf-8")
    title = "T" * (1024 * 1024)
    (folder / "title.rvs").write_text(night.replace("session: Club night", "session: " + title), "utf-8")
    (folder / "names.rvs").write_text(night.replace("Bruno", "B" * 100_000, 3), "utf-8")
    web = client(folder)
    for path in ("/", "/session/title", "/session/names", "/session/names/why", "/entry/title",
                 "/entry/names"):
        answer = web.get(path)
        assert answer.status_code in (200, 409), path
        assert len(answer.content) < 150_000, (path, len(answer.content))
    page = web.get("/session/title").text
    assert '<h1><bdi title="\u2068' + "T" * 999 + "…\u2069\">" + "T" * 199 + "…</bdi></h1>" in page
    assert "T" * 1000 not in page


def test_the_entry_says_a_records_first_errors_and_counts_the_rest(folder):
    night = (SAMPLES / "club-night.rvs").read_text("utf-8")
    hands = "".join(f"hand {n}\ndealer: Nobody\n\n" for n in range(13, 13 + 600))
    (folder / "errors.rvs").write_text(night + "\n" + hands, "utf-8")
    web = client(folder)
    for path in ("/entry/errors", "/entry/errors/view"):
        answer = web.get(path)
        said = html.unescape(answer.text if path.endswith("errors") else answer.json()["error"])
        assert answer.status_code == 409 and len(answer.content) < 20_000, (path, len(answer.content))
        assert re.search(r"… and 5\d\d more errors \(reversis-score check lists them all\)", said), said[-99:]
        assert said.count("errors.rvs:") <= 12
    assert len(web.get("/session/errors").content) < 200_000


def test_a_record_is_taken_up_as_a_stream_its_closed_hands_kept_light(folder):
    from reversis_score.ledger.build import build_ledger
    from reversis_score.pipeline import check_text
    from reversis_score.record.resume import resume
    night = (SAMPLES / "club-night.rvs").read_text("utf-8")
    recorder, problems = resume(night, "club-night.rvs", folder, True)
    assert recorder is not None and problems == []
    assert [h.play for h in recorder.closed] == [None] * len(recorder.closed)  # settled, let go
    assert [h.record for h in recorder.closed[:-1]] == [None] * (len(recorder.closed) - 1)
    ledger = build_ledger(check_text(night, "club-night.rvs"))
    assert recorder.running().balances == ledger.settled[len(recorder.closed) - 1].balances
