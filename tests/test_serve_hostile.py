"""``serve`` attacked as a stranger on the club's Wi-Fi would attack it (issue 28): each case
through Starlette's TestClient. Speed and memory under weight are benchmarks (bench/serve.py,
bench/serve_big.py, bench/serve_poll.py), never tests here."""
from __future__ import annotations

import html
import os
import re
import shutil
from pathlib import Path

import pytest
from conftest import DATA, SAMPLES
from entrydevice import Device, example
from starlette.testclient import TestClient

from reversis_score.record.store import Store
from reversis_score.serve import security
from reversis_score.serve.app import create_app

LOCAL = "http://127.0.0.1"
HEADER = "session: Test\nplayers: Anne Bruno Claire Denis\nstake: 100\n"


@pytest.fixture
def folder(tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    shutil.copy(SAMPLES / "club-night.rvs", records / "club-night.rvs")
    shutil.copy(DATA / "notation-example.rvs", records / "example.rvs")
    (records / "night.rvs").write_text(HEADER, "utf-8")
    return records


def client(folder, **options) -> TestClient:
    return TestClient(create_app(folder, **options), base_url=LOCAL, follow_redirects=False,
                      raise_server_exceptions=False)


def lan(folder, port: int = 8000) -> TestClient:
    return TestClient(create_app(folder, token="s3cret"), base_url=f"http://192.168.1.5:{port}",
                      follow_redirects=False, raise_server_exceptions=False)


def has_security_headers(answer) -> bool:
    return (answer.headers.get("content-security-policy") == security.POLICY
            and answer.headers.get("x-frame-options") == "DENY")


# ------------------------------------------------------------ 4: no redirect off the site
@pytest.mark.parametrize("path, where", [("/\\evil.example/x", "/evil.example/x"),
                                         ("/%2F/evil.example", "/%2F/evil.example"),
                                         ("/session/club-night", "/session/club-night")])
def test_the_token_redirect_stays_on_this_site(folder, path, where):
    answer = lan(folder).get(path + "?token=s3cret&step=2")
    assert answer.status_code == 303
    assert answer.headers["location"] == where + "?step=2"


@pytest.mark.parametrize("raw, where", [(b"//evil.example/x", "/evil.example/x"),
                                        (b"///evil.example", "/evil.example"),
                                        (b"/\\/evil.example", "/evil.example"), (b"/", "/")])
def test_a_path_of_many_slashes_is_a_path_of_this_site(raw, where):
    # (an HTTP client would take //evil.example for a host: the server's scope is built here)
    assert security.site_path({"raw_path": raw, "path": raw.decode()}) == where


# ------------------------------------------------------------ 6: limits on what comes in
def test_a_tap_body_over_64_kib_is_413_before_it_is_read(folder):
    web = client(folder)
    device = Device(web, "night")
    body = b'{"seen": "' + b"x" * (64 * 1024) + b'", "entries": ["undo"]}'
    answer = web.post("/entry/night/tap", content=body,
                      headers={"X-CSRF-Token": device.csrf, "Content-Type": "application/json"})
    assert answer.status_code == 413 and has_security_headers(answer)


def test_a_body_without_a_length_is_cut_at_64_kib(folder):
    web = client(folder)

    def chunks():
        for _ in range(100):
            yield b"x" * 4096
    answer = web.post("/entry/night/tap", content=chunks(),
                      headers={"X-CSRF-Token": web.app.state.ctx.csrf,
                               "Content-Type": "application/json"})
    assert answer.status_code == 413
    assert (folder / "night.rvs").read_text("utf-8") == HEADER


def test_the_new_record_form_is_bounded_too(folder):
    answer = client(folder).post("/entry", data={"csrf": "x", "session": "y" * 70_000})
    assert answer.status_code == 413


def test_json_nested_thousands_deep_is_400(folder):
    web = client(folder)
    device = Device(web, "night")
    body = "[" * 3000 + "]" * 3000
    answer = web.post("/entry/night/tap", content=body,
                      headers={"X-CSRF-Token": device.csrf, "Content-Type": "application/json"})
    assert answer.status_code == 400 and "not JSON" in answer.text


LONG = "é" * 150  # 300 bytes


@pytest.mark.parametrize("path", [f"/session/{LONG}", f"/session/{LONG}/stamp",
                                  f"/session/{LONG}/hand/1", f"/session/{LONG}/why",
                                  f"/entry/{LONG}", f"/entry/{LONG}/view"])
def test_a_name_of_300_bytes_is_404(folder, path):
    answer = client(folder).get(path)
    assert answer.status_code == 404 and has_security_headers(answer)


def test_a_tap_to_a_name_of_300_bytes_is_404(folder):
    web = client(folder)
    answer = web.post(f"/entry/{LONG}/tap", json={"seen": "", "entries": ["undo"]},
                      headers={"X-CSRF-Token": web.app.state.ctx.csrf})
    assert answer.status_code == 404


def test_a_file_name_of_300_bytes_from_the_form_is_400(folder):
    web = client(folder)
    form = {**example().header_form(LONG), "csrf": web.app.state.ctx.csrf}
    answer = web.post("/entry", data=form)
    assert answer.status_code == 400 and "too long" in html.unescape(answer.text)
    assert sorted(p.name for p in folder.iterdir()) == ["club-night.rvs", "example.rvs", "night.rvs"]


@pytest.mark.parametrize("typed, kept", [("tue\x1bsday", "tuesday"), ("tue\x07sday\t", "tuesday"),
                                         ("\u202eyadseut", "yadseut"), ("tues\u200bday", "tuesday"),
                                         ("tues\u2066day\u2069", "tuesday")])
def test_a_file_name_from_the_form_keeps_only_printable_characters_and_says_so(folder, typed, kept):
    web = client(folder)
    form = {**example().header_form(typed), "csrf": web.app.state.ctx.csrf}
    first = web.post("/entry", data=form)
    assert first.status_code == 400
    said = html.unescape(first.text)
    assert "keeps only printable characters" in said and f"'{kept}'" in said
    assert not (folder / f"{kept}.rvs").exists()
    again = web.post("/entry", data={**form, "file": kept})  # as the form now shows it
    assert again.status_code == 303 and again.headers["location"] == f"/entry/{kept}"
    assert (folder / f"{kept}.rvs").is_file()


def test_refused_names_leave_no_state_behind(folder):
    web = client(folder)
    for i in range(300):
        form = {**example().header_form(f"refused{i}"), "player2": "Anne",
                "csrf": web.app.state.ctx.csrf}
        assert web.post("/entry", data=form).status_code == 400
    entry = web.app.state.entry
    assert len(entry._locks) == 64 and len(entry._cache) <= entry.keep  # however many names


# ------------------------------------------------------------ 5: what a link may hold back
def test_an_entry_that_would_be_written_is_not_taken_from_the_pages_address(folder):
    web = client(folder)
    device = Device(web, "night")
    crafted = web.get("/entry/night/view", params=[("seen", device.view["seen"]),
                                                   ("p", "dealer: Anne"), ("p", "table Anne -> Bruno 500")])
    assert crafted.status_code == 200
    assert crafted.json()["view"]["pending"] == []
    device.view["pending"] = ["dealer: Anne", "table Anne -> Bruno 500"]  # a link's, sent with a tap
    device.tap("undo")
    assert "500" not in (folder / "night.rvs").read_text("utf-8")


def test_a_passed_question_is_still_held_back(folder):
    web = client(folder)
    device = Device(web, "night")
    device.tap("dealer: Anne")
    assert device.tap("").status_code == 200  # "no deal": Enter past the deal
    held = device.view["pending"]
    assert held == [""]
    again = web.get("/entry/night/view", params=[("seen", device.view["seen"]), ("p", "")])
    assert again.json()["view"]["pending"] == [""]


# ------------------------------------------------------------ 7: one record, one session
def test_a_symlink_to_a_record_is_the_same_session_listed_once(folder):
    (folder / "alias.rvs").symlink_to(folder / "club-night.rvs")
    os.link(folder / "example.rvs", folder / "hard.rvs")
    web = client(folder)
    season = web.get("/").text
    assert season.count('href="/session/club-night"') == 1 and "/session/alias" not in season
    assert "/session/hard" not in season and "3 sessions" in season
    moved = web.get("/session/alias/hand/2?step=3")
    assert moved.status_code == 303 and moved.headers["location"] == "/session/club-night/hand/2?step=3"
    assert web.get("/session/alias").headers["location"] == "/session/club-night"
    assert 'href="/entry/alias"' not in web.get("/entry").text


def test_the_season_counts_a_linked_night_once(folder):
    web = client(folder)
    alone = re.findall(r'data-label="net">([^<]*)<', web.get("/").text)
    (folder / "alias.rvs").symlink_to(folder / "club-night.rvs")
    assert re.findall(r'data-label="net">([^<]*)<', client(folder).get("/").text) == alone


# ------------------------------------------------------------ 8: answers without the inside
def test_an_unreadable_record_is_listed_and_its_page_says_so(folder, monkeypatch):
    from reversis_score import reading
    real_open = os.open

    def refusing(path, *args, **kwargs):
        if str(path).endswith("club-night.rvs"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)
    monkeypatch.setattr(reading.os, "open", refusing)
    web = client(folder)
    season = web.get("/")
    assert season.status_code == 200
    assert "club-night.rvs: cannot be read (Permission denied)" in re.sub("<[^>]*>", "", season.text)
    page = web.get("/session/club-night")
    assert page.status_code == 422 and "cannot be read" in page.text
    for answer in (season, page):
        assert str(folder) not in answer.text and has_security_headers(answer)


def test_a_record_busy_in_record_is_said_without_the_servers_path(folder):
    web = client(folder)
    device = Device(web, "night")
    store = Store(folder / "night.rvs")
    try:
        answer = device.tap("dealer: Anne")
    finally:
        store.close()
    assert answer.status_code == 409 and "night.rvs" in answer.json()["error"]
    assert str(folder) not in answer.text and "/tmp" not in answer.text


def test_a_full_disk_while_creating_a_session_is_said_without_the_servers_path(folder, monkeypatch):
    from reversis_score.record import store as store_module

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device", str(folder / "x.rvs"))
    monkeypatch.setattr(store_module.Store, "__init__", full)
    web = client(folder)
    form = {**example().header_form("fresh"), "csrf": web.app.state.ctx.csrf}
    answer = web.post("/entry", data=form)
    assert answer.status_code == 507 and str(folder) not in answer.text  # (issue 39: 507, not 409)
    said = html.unescape(answer.text)
    assert "fresh.rvs: cannot be written (the disk is full): nothing was written" in said
    assert has_security_headers(answer)


def test_a_failure_is_a_plain_500_page_with_the_security_headers(folder, monkeypatch):
    from reversis_score.serve import pages

    def broken(*args, **kwargs):
        raise RuntimeError(f"bug near {folder}")
    monkeypatch.setattr(pages, "digest_session_view", broken)
    answer = client(folder).get("/session/club-night")
    assert answer.status_code == 500 and has_security_headers(answer)
    assert "Internal Server Error" not in answer.text and "Traceback" not in answer.text
    assert str(folder) not in answer.text and "<h1>500</h1>" in answer.text


def test_the_token_cookie_carries_the_port(folder):
    here, there = lan(folder, 8000), lan(folder, 8001)
    first = here.get("/?token=s3cret")
    assert "rvs_token_8000=s3cret" in first.headers["set-cookie"]
    assert here.get("/").status_code == 200
    there.cookies.set("rvs_token_8000", "s3cret")  # the other port's cookie, as a browser sends it
    assert there.get("/").status_code == 403


def test_every_error_answer_has_the_security_headers(folder):
    web = client(folder)
    for answer in (web.get("/session/nothere"), web.get("/session/club-night/hand/999"),
                   web.get("/session/club-night/why?a=Anne&b=Anne"), web.get("/nowhere"),
                   web.post("/entry/night/tap", json={})):
        assert answer.status_code in (400, 403, 404, 405), answer.status_code
        assert has_security_headers(answer)


def test_no_answer_names_the_folders_absolute_path(folder):
    (folder / "bad.rvs").write_bytes(b"\xff\xfe not utf-8")
    web = client(folder)
    for path in ("/", "/session/bad", "/entry/bad", "/entry/bad/view", "/entry"):
        answer = web.get(path)
        assert str(folder) not in answer.text, path
        assert str(Path(folder).resolve()) not in answer.text, path


# ------------------------------------------------------------ issue 31, 4: a busy port
def test_a_busy_port_is_one_line_and_exit_2(tmp_path):
    import socket
    import subprocess
    import sys
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-c", "from reversis_score.cli import main; main()",
                               "serve", str(tmp_path), "--port", str(port)],
                              capture_output=True, text=True, timeout=120)
    said = (done.stdout + done.stderr).strip().splitlines()
    assert done.returncode == 2
    assert len(said) == 1 and re.fullmatch(rf"port {port} is in use: try --port \d+", said[0]), said


# ------------------------------------------------------------ 6: slow clients
def test_a_request_head_that_never_ends_is_cut(folder, monkeypatch):
    import socket
    import threading
    import time

    import uvicorn

    from reversis_score.serve import guard
    from reversis_score.serve.run import listening_socket
    monkeypatch.setattr(guard, "HEAD_TIMEOUT", 0.5)
    sock = listening_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(folder), log_level="warning", access_log=False,
                            http=guard.GuardedH11Protocol, lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        while not server.started:
            time.sleep(0.02)
        with socket.create_connection(("127.0.0.1", port)) as slow:
            slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            slow.settimeout(30)  # a guard against a hang, far above the 0.5 s deadline
            assert slow.recv(1024) == b""  # closed by the server, no answer
        with socket.create_connection(("127.0.0.1", port)) as quick:  # a whole head is answered
            quick.sendall(b"GET /stamp HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            quick.settimeout(30)
            assert quick.recv(1024).startswith(b"HTTP/1.1 200")
    finally:
        server.should_exit = True
        thread.join(timeout=10)


# ------------------------------------------------------------ 2: changes learnt from the folder
def test_the_watch_learns_of_a_change_and_the_stamp_follows(folder):
    import time
    web = client(folder)
    ctx = web.app.state.ctx
    seen = []
    assert ctx.start_watching(lambda: seen.append(1))
    try:
        before = web.get("/stamp").text
        assert before.startswith("w")
        with (folder / "night.rvs").open("a", encoding="utf-8") as out:
            out.write("# a comment\n")
        deadline = time.monotonic() + 30  # a guard, not a speed target
        while web.get("/stamp").text == before and time.monotonic() < deadline:
            time.sleep(0.05)
        assert web.get("/stamp").text != before and seen
        (folder / ".hidden.rvs").write_text("x")  # not a record: no change
        (folder / "notes.txt").write_text("x")
        time.sleep(0.3)
        now = web.get("/stamp").text
        assert 'data-stamp="' + now + '"' in web.get("/").text
    finally:
        ctx.watch.stop()


# ------------------------------------------------------------ 3: every name isolated
RLO = "\u202e"
OPENERS, PDI = "\u2066\u2067\u2068", "\u2069"
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
        "wbr", "circle", "rect", "polygon", "polyline", "line", "path"}
SHOWN_ATTRIBUTES = {"title", "aria-label", "data-label", "alt", "placeholder", "value", "label"}


def outside_isolate(text: str) -> bool:
    """Whether ``text`` holds U+202E outside an FSI/LRI/RLI … PDI pair."""
    depth = 0
    for char in text:
        if char in OPENERS:
            depth += 1
        elif char == PDI:
            depth = max(depth - 1, 0)
        elif char == RLO and depth == 0:
            return True
    return False


def loose_overrides(page: str) -> list[str]:
    """Every text of the page (and every attribute shown to the reader) where U+202E stands
    outside an isolate: not within <bdi>, an element with ``dir``, an SVG element with
    ``unicode-bidi="isolate"``, nor an FSI … PDI pair."""
    from html.parser import HTMLParser
    found: list[str] = []

    class Walker(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.stack: list[tuple[str, bool]] = []

        def isolated(self) -> bool:
            return any(iso for _, iso in self.stack)

        def handle_starttag(self, tag, attrs):
            values = dict(attrs)
            for key, value in attrs:
                shown = key in SHOWN_ATTRIBUTES and (key != "value" or tag == "input")  # not an option's
                if shown and value and outside_isolate(value):
                    found.append(f"<{tag} {key}={value!r}>")
            isolating = (tag in ("bdi", "script", "style") or "dir" in values
                         or values.get("unicode-bidi") == "isolate")
            if tag not in VOID:
                self.stack.append((tag, isolating))

        def handle_startendtag(self, tag, attrs):
            self.handle_starttag(tag, attrs)
            if tag not in VOID and self.stack and self.stack[-1][0] == tag:
                self.stack.pop()

        def handle_endtag(self, tag):
            while self.stack:
                if self.stack.pop()[0] == tag:
                    break

        def handle_data(self, data):
            if not self.isolated() and outside_isolate(data):
                where = "/".join(t for t, _ in self.stack[-3:])
                found.append(f"{where}: {data.strip()[:80]!r}")

    Walker().feed(page)
    return found


@pytest.fixture
def turned(tmp_path):
    return turned_folder(tmp_path)


def turned_folder(tmp_path: Path) -> Path:
    """A folder whose record's title, file name and one player's name hold U+202E, with a
    second record that has an error and a warning naming him."""
    records = tmp_path / "records"
    records.mkdir()
    night = (SAMPLES / "club-night.rvs").read_text("utf-8")
    turned = night.replace("Bruno", f'"Bru{RLO}no"').replace("session: Club night",
                                                             f"session: {RLO}Club night")
    (records / f"ni{RLO}ght.rvs").write_text(turned, "utf-8")
    lines = turned.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("hand 3"))
    lines[at + 1] = "dealer: Anne"  # out of turn (a warning), then a card Anne never held
    broken = "\n".join(lines).replace("Anne:   KS 9S 8S", "Anne:   KS 9S 9S", 1)
    (records / f"bad{RLO}.rvs").write_text(broken, "utf-8")
    return records


def walked_pages(web: TestClient) -> dict[str, str]:
    name, bad = f"ni{RLO}ght", f"bad{RLO}"
    bruno = f"Bru{RLO}no"
    urls = ["/", f"/session/{name}", f"/session/{bad}", f"/session/{name}/why?a=Anne&b={bruno}",
            f"/session/{name}/why?a={bruno}&b=Claire", f"/session/{name}/why?a={bruno}&b={bruno}",
            f"/session/{name}/why?a=Nobody&b=Anne", "/entry", f"/entry/{name}", "/session/nothere"]
    urls += [f"/session/{name}/hand/{n}" for n in range(1, 13)]
    pages = {}
    for url in urls:
        answer = web.get(url)
        assert answer.status_code in (200, 400, 404, 409, 422), (url, answer.status_code)
        pages[url] = answer.text
    return pages


def test_every_page_isolates_every_name_title_and_file_name(turned):
    pages = walked_pages(client(turned))
    assert any(RLO in page for page in pages.values())  # the names are there, turned
    loose = {url: found for url, page in pages.items() if (found := loose_overrides(page))}
    assert loose == {}


def test_the_offline_pages_isolate_them_too(turned):
    from reversis_score.ledger.build import build_ledger
    from reversis_score.pipeline import check_text
    from reversis_score.serve.offline import season_page, session_page
    from reversis_score.serve.season import summary_of
    ledgers = {p.stem: build_ledger(check_text(p.read_text("utf-8"), p.name)) for p in turned.iterdir()}
    for ledger in ledgers.values():
        assert loose_overrides(session_page(ledger)) == []
    assert loose_overrides(season_page([summary_of(n, ledger) for n, ledger in ledgers.items()])) == []


def test_the_walker_sees_a_loose_override():
    assert loose_overrides(f"<p>Bru{RLO}no wins the party (10)</p>")
    assert loose_overrides(f'<td data-label="Bru{RLO}no">+4</td>')
    assert not loose_overrides(f"<p><bdi>Bru{RLO}no</bdi> wins the party (10)</p>")
    assert not loose_overrides(f'<td data-label="\u2068Bru{RLO}no\u2069">+4</td>')
    assert not loose_overrides(f'<svg><text><tspan unicode-bidi="isolate">Bru{RLO}no</tspan> 4</text></svg>')


# ------------------------------------------------------------ 1: bounded like the CLI
def long_session(folder: Path, hands: int) -> str:
    import random

    import gen
    session = gen.random_session(random.Random(3), ("Anne", "Bruno", "Claire", "Denis"), hands,
                                 void_rate=0.05, title="Long night", rules="parlett", stake=200)
    (folder / "long.rvs").write_text(gen.to_rvs(session), "utf-8")
    return "long"


def test_a_record_over_the_limit_is_listed_with_the_option_that_raises_it(folder, monkeypatch):
    monkeypatch.setenv("REVERSIS_SCORE_MAX_RECORD_MIB", "1")
    (folder / "huge.rvs").write_bytes((SAMPLES / "club-night.rvs").read_bytes() * 130)  # > 1 MiB
    web = client(folder)
    season = re.sub("<[^>]*>", "", web.get("/").text)
    assert "huge.rvs: larger than 1 MiB, the limit for a record file (--max-record-mib N raises it)" in season
    page = web.get("/session/huge")
    assert page.status_code == 422 and "--max-record-mib" in page.text


def test_the_digest_settles_as_the_ledger_does_and_each_hand_again_alone(tmp_path):
    from reversis_score.ledger.build import build_ledger
    from reversis_score.pipeline import check_text
    from reversis_score.serve.digest import digest
    from reversis_score.serve.season import summary_of
    folder = turned_folder(tmp_path)
    long_session(folder, 60)
    for path in [*folder.iterdir(), *SAMPLES.glob("*.rvs"), DATA / "unfinished.rvs"]:
        d = digest(path, path.stem)
        ledger = build_ledger(check_text(path.read_text("utf-8"), f"{path.stem}.rvs", path.parent))
        assert [r.number for r in d.rows] == [h.number for h in ledger.settled], path
        assert (d.totals, d.between, d.pools) == (ledger.totals, ledger.between_players(), ledger.pools)
        assert d.summary() == summary_of(path.stem, ledger), path
        assert d.error_count == len(ledger.session.errors)
        for i, hand in enumerate(ledger.settled):
            again = d.hand(i)
            assert again.settlement.items == hand.settlement.items and again.balances == hand.balances


def test_a_long_session_shows_its_hands_50_a_page_and_its_chart_downsampled(folder):
    name = long_session(folder, 130)
    web = client(folder)
    first = web.get(f"/session/{name}").text
    hands = re.findall(rf'href="/session/{name}/hand/(\d+)"', first)
    assert len(hands) == 50 and "page 1 of 3" in first
    last = web.get(f"/session/{name}?page=3").text
    assert len(re.findall(rf'href="/session/{name}/hand/(\d+)"', last)) > 0
    assert "page 3 of 3" in last and 'href="/session/long?page=2"' in last
    assert web.get(f"/session/{name}?page=999").status_code == 422  # (issue 39: a 422 that says so)
    assert web.get(f"/session/{name}?page=x").status_code == 422
    from reversis_score.serve.views import CHART_POINTS, sampled
    assert len(sampled(130, 20)) == 20 and sampled(130, 20)[-1] == 129
    points = first.count('class="point"')
    assert 0 < points <= 2 * 4 * CHART_POINTS  # two charts, four players


def test_a_long_sessions_why_page_is_paged_too(folder):
    name = long_session(folder, 130)
    web = client(folder)
    page = web.get(f"/session/{name}/why?a=Anne&b=Bruno&page=2")
    assert page.status_code == 200 and "page 2 of 3" in page.text
    numbers = {int(n) for n in re.findall(rf'href="/session/{name}/hand/(\d+)\?step=', page.text)}
    assert numbers and min(numbers) > 50 and max(numbers) <= 105
    hand = web.get(f"/session/{name}/hand/{max(numbers)}")
    assert hand.status_code == 200 and "Hand" in hand.text


# ------------------------------------------------------------ 6: names and titles of any length
def test_a_name_over_40_characters_or_a_title_over_200_is_an_error_in_check_and_serve(folder):
    from typer.testing import CliRunner

    from reversis_score.cli import app
    night = (SAMPLES / "club-night.rvs").read_text("utf-8")
    long_name = "B" * 41
    (folder / "names.rvs").write_text(night.replace("Bruno", long_name), "utf-8")
    (folder / "title.rvs").write_text(night.replace("session: Club night", "session: " + "T" * 200), "utf-8")
    said = CliRunner().invoke(app, ["check", str(folder / "names.rvs"), str(folder / "title.rvs")])
    assert said.exit_code == 1
    assert f"'{long_name}' is 41 characters long: a player's name is at most 40" in said.output
    assert "the session's title is 220 characters long: at most 200" in said.output
    assert CliRunner().invoke(app, ["check", str(folder / "club-night.rvs")]).exit_code == 0
    web = client(folder)
    for name in ("names", "title"):
        page = re.sub("<[^>]*>", "", web.get(f"/session/{name}").text)
        assert "NOT THE WHOLE SESSION" in page and "at most" in page
        assert "No hand settled yet." in page
    forty = "C" * 40  # the longest name still is one
    (folder / "forty.rvs").write_text(night.replace("Claire", forty), "utf-8")
    assert CliRunner().invoke(app, ["check", str(folder / "forty.rvs")]).exit_code == 0


def test_a_chart_of_figures_in_the_billions_is_drawn(folder):
    from reversis_score.render.html import series_svg
    huge = {"Anne": [0, 3 * 10**12, 10**14], "Bruno": [0, -(10**13), -(10**14)]}
    svg = series_svg([1, 2, 3], huge, 0)
    assert svg.startswith("<svg") and svg.count('class="point"') == 6


# ------------------------------------------------------------ 6: a payment to a pool that stands
def test_a_table_payment_to_a_pool_that_does_not_stand_is_an_error_on_the_pages(folder):
    bad = SAMPLES / "bad" / "table-pays-a-pool-not-standing.rvs"
    shutil.copy(bad, folder / "paid.rvs")
    web = client(folder)
    page = re.sub("<[^>]*>", "", web.get("/session/paid").text)
    assert "there is no pool:99 to pay at the table: 1 pool stands in this hand" in page
    assert "(1 error in the record)" in re.sub("<[^>]*>", "", web.get("/").text)
