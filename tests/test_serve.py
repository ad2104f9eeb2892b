"""serve: every route and every refusal, through Starlette's TestClient."""
from __future__ import annotations

import re
import shutil

import pytest
from conftest import DATA, SAMPLES
from starlette.testclient import TestClient

from reversis_score.serve.app import create_app

LOCAL = "http://127.0.0.1"


@pytest.fixture
def folder(tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    shutil.copy(SAMPLES / "club-night.rvs", records / "club-night.rvs")
    shutil.copy(DATA / "notation-example.rvs", records / "example.rvs")
    return records


ROUTES = ["/", "/stamp", "/session/club-night", "/session/club-night/stamp",
          "/session/club-night/hand/1", "/session/example/why?a=Anne&b=Claire", "/static/app.css",
          "/static/live.js", "/static/hand.js"]


def shown(page: str) -> str:
    """A page's text as read (a name in <bdi> is part of its sentence)."""
    return re.sub("<[^>]*>", "", page)


def client(folder, **options) -> TestClient:
    return TestClient(create_app(folder, **options), base_url=LOCAL, follow_redirects=False)


@pytest.mark.parametrize("url", ROUTES)
def test_every_route_answers(folder, url):
    assert client(folder).get(url).status_code == 200


@pytest.mark.parametrize("url", ROUTES)
def test_every_route_needs_the_token(folder, url):
    c = TestClient(create_app(folder, token="s3cret"), base_url="http://10.0.0.2:8000")
    assert c.get(url).status_code == 403
    c.cookies.set("rvs_token_8000", "s3cret")  # the cookie carries the port
    assert c.get(url).status_code == 200


def test_the_season_lists_the_records_and_the_standings(folder):
    page = client(folder).get("/").text
    assert '<a href="/session/club-night">' in page and '<a href="/session/example">' in page
    assert "<h2>Standings</h2>" in page and "2 sessions" in page
    assert page.count('<svg class="chart panel"') == 4  # one small chart per player


def test_the_session_page_links_each_hand_and_asks_why(folder):
    page = client(folder).get("/session/club-night").text
    for n in range(1, 13):
        assert f'href="/session/club-night/hand/{n}"' in page
    assert 'action="/session/club-night/why"' in page
    assert 'data-stamp-url="/session/club-night/stamp"' in page and "/static/live.js" in page


def test_the_hand_page_steps_through_the_tricks(folder):
    c = client(folder)
    page = c.get("/session/example/hand/1").text
    assert page.count('<section class="step"') == 13  # before, 11 tricks, the end
    assert page.count(" hidden>") == 12 and 'data-step="0" aria-label="Before the first trick">' in page
    at_nine = c.get("/session/example/hand/1?step=9").text
    assert 'data-step="9" aria-label="Trick 9 of 11">' in at_nine
    assert "Claire led Quinola" in shown(at_nine)  # the payment's why, at its trick
    assert c.get("/session/example/hand/1?step=x").status_code == 422  # (issue 39: said, never cut to fit)
    assert c.get("/session/example/hand/1?step=99").status_code == 422
    for seat in ("bottom", "right", "top", "left"):
        assert f'class="seat {seat}' in page
    assert '<span class="badge" title="the dealer">dealer</span>' in page


def test_the_running_nets_at_the_end_are_the_hands_nets(folder):
    from reversis_score.ledger.build import build_ledger
    from reversis_score.pipeline import check_text
    from reversis_score.serve.views import hand_view, net_cells
    ledger = build_ledger(check_text((folder / "club-night.rvs").read_text("utf-8"), "x"))
    for hand in ledger.settled:
        steps = hand_view(ledger, hand)["steps"]
        end = {c["player"]: c["text"] for c in steps[-1].nets}
        assert end == {c["player"]: c["text"] for c in net_cells(ledger.players, hand.settlement.net)}
        assert sum(len(s.items) for s in steps) == len(hand.settlement.items)


def test_why_shows_the_payments_and_the_settle_up(folder):
    page = client(folder).get("/session/example/why?a=Anne&b=Claire").text
    assert "Claire owes Anne 32" in shown(page)
    assert "Claire pays Anne 34" in shown(page)  # the settle-up carries fish owed by the others
    assert 'href="/session/example/hand/1?step=12"' in page  # the party is paid at the end


@pytest.mark.parametrize("query", ["a=Anne&b=Anne", "a=Anne&b=Zoe", "a=%3Cb%3E&b=Anne"])
def test_why_refuses_a_bad_pair(folder, query):
    response = client(folder).get(f"/session/example/why?{query}")
    assert response.status_code == 400 and "<b>" not in response.text


def test_unknown_records_and_hands_are_404(folder):
    c = client(folder)
    for url in ["/session/nothere", "/session/club-night/hand/99", "/session/..%2F..%2Fetc%2Fpasswd",
                "/session/%2Fetc%2Fpasswd", "/session/.hidden", "/session/nothere/stamp",
                "/session/nothere/why"]:
        assert c.get(url).status_code == 404, url


def test_a_symlink_leading_out_is_404(folder):
    (folder.parent / "secret.rvs").write_text((folder / "example.rvs").read_text("utf-8"), "utf-8")
    (folder / "out.rvs").symlink_to(folder.parent / "secret.rvs")
    (folder / "inside.rvs").symlink_to(folder / "example.rvs")
    c = client(folder)
    assert c.get("/session/out").status_code == 404
    inside = c.get("/session/inside")  # the same session as its target, under the target's name
    assert inside.status_code == 303 and inside.headers["location"] == "/session/example"
    assert "/session/out" not in c.get("/").text


def test_records_that_appear_or_change_are_read(folder):
    c = client(folder)
    stamp = c.get("/stamp").text
    session_stamp = c.get("/session/example/stamp").text
    shutil.copy(DATA / "ledgers" / "autumn-1.rvs", folder / "autumn-1.rvs")
    assert c.get("/stamp").text != stamp
    assert "Autumn league, night 1" in c.get("/").text
    text = (folder / "example.rvs").read_text("utf-8")
    (folder / "example.rvs").write_text(text.replace("Club night at the Rue de Lille", "Renamed night"),
                                        "utf-8")
    assert c.get("/session/example/stamp").text != session_stamp
    assert "Renamed night" in c.get("/session/example").text


def test_an_unreadable_record_is_said_not_crashed(folder):
    (folder / "latin1.rvs").write_bytes("session: caf\xe9\n".encode("latin-1"))
    c = client(folder)
    season = c.get("/")
    assert season.status_code == 200 and "latin1.rvs: the file is not UTF-8 text" in shown(season.text)
    assert c.get("/session/latin1").status_code == 422


def test_a_record_with_errors_shows_them(folder):
    shutil.copy(DATA / "ledgers" / "autumn-bad.rvs", folder / "bad.rvs")
    page = client(folder).get("/session/bad")
    assert page.status_code == 200 and "Errors in the record" in page.text


def test_titles_and_names_are_escaped(folder):
    text = (folder / "example.rvs").read_text("utf-8").replace(
        "Club night at the Rue de Lille", "<script>alert(1)</script> & co")
    (folder / "example.rvs").write_text(text, "utf-8")
    c = client(folder)
    for url in ["/", "/session/example", "/session/example/hand/1", "/session/example/why"]:
        page = c.get(url).text
        assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in page


def test_read_only_serves_the_pages(folder):
    c = client(folder, read_only=True)
    assert c.app.state.ctx.read_only
    assert all(c.get(url).status_code == 200 for url in ROUTES)


def test_static_files_are_served(folder):
    assert client(folder).get("/static/app.css").status_code == 200


def test_without_a_token_only_loopback_hosts_are_answered(folder):
    app = create_app(folder)
    assert TestClient(app, base_url="http://evil.example").get("/").status_code == 403


def test_with_a_token_a_request_without_it_is_refused(folder):
    c = TestClient(create_app(folder, token="s3cret"), base_url="http://192.168.1.5:8000",
                   follow_redirects=False)
    assert c.get("/").status_code == 403
    assert c.get("/static/app.css").status_code == 403
    assert c.get("/?token=wrong").status_code == 403
    first = c.get("/?token=s3cret")
    assert first.status_code == 303 and first.headers["location"] == "/"
    assert "rvs_token_8000=s3cret" in first.headers["set-cookie"]
    assert "httponly" in first.headers["set-cookie"].lower()
    assert c.get("/").status_code == 200  # the cookie keeps it


@pytest.mark.parametrize("name", ["..%2Fsecret", "%2Fetc%2Fpasswd", ".hidden", "out", "nothere",
                                  "a%5Cb", "%2E%2E"])
def test_a_name_outside_the_folder_is_404(folder, name):
    (folder.parent / "secret.rvs").write_text("x")
    (folder / "out.rvs").symlink_to(folder.parent / "secret.rvs")
    from starlette.exceptions import HTTPException

    from reversis_score.serve.context import ServeContext
    ctx = ServeContext(folder)
    from urllib.parse import unquote
    with pytest.raises(HTTPException) as refused:
        ctx.record_path(unquote(name))
    assert refused.value.status_code == 404
    assert "out" not in ctx.record_names()


def poke_client(folder, **options) -> TestClient:
    """An app with one csrf-protected POST route, as entry's routes are."""
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route

    from reversis_score.serve.security import csrf_protected

    async def poke(request):
        form = await request.form()
        return PlainTextResponse(f"poked {form.get('what', '')}")
    app = create_app(folder, **options)
    app.router.routes.insert(0, Route("/poke", csrf_protected(poke), methods=["POST"]))
    return TestClient(app, base_url=LOCAL, follow_redirects=False)


def test_a_form_needs_the_csrf_token(folder):
    c = poke_client(folder)
    csrf = c.app.state.ctx.csrf
    assert f'content="{csrf}"' in c.get("/").text  # the page gives scripts the token
    assert c.post("/poke", data={"what": "x"}).status_code == 403
    assert c.post("/poke", data={"what": "x", "csrf": "forged"}).status_code == 403
    ok = c.post("/poke", data={"what": "x", "csrf": csrf})
    assert ok.status_code == 200 and ok.text == "poked x"
    assert c.post("/poke", data={"what": "y"}, headers={"X-CSRF-Token": csrf}).text == "poked y"


def test_a_form_from_another_site_is_refused_even_with_the_token(folder):
    c = poke_client(folder)
    csrf = c.app.state.ctx.csrf
    evil = c.post("/poke", data={"csrf": csrf}, headers={"Origin": "http://evil.example"})
    assert evil.status_code == 403
    assert c.post("/poke", data={"csrf": csrf}, headers={"Origin": "null"}).status_code == 403
    assert c.post("/poke", data={"csrf": csrf}, headers={"Origin": LOCAL}).status_code == 200


def test_the_cli_and_serve_help_load_no_web_module():
    import subprocess
    import sys
    code = ("import sys\nfrom reversis_score.cli import main\ntry:\n    main()\nexcept SystemExit:\n"
            "    pass\nprint('\\n'.join(sorted(sys.modules)), file=sys.stderr)")
    for args in ([], ["serve", "--help"]):
        out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                             timeout=60, check=False)
        loaded = set(out.stderr.splitlines())
        assert not loaded & {"starlette", "uvicorn", "jinja2", "segno", "reversis_score.serve.app"}, args


def test_serve_refuses_a_folder_that_is_not_one(tmp_path):
    from typer.testing import CliRunner

    from reversis_score.cli import app
    result = CliRunner().invoke(app, ["serve", str(tmp_path / "none")])
    assert result.exit_code == 2 and "not a folder" in result.output


def test_the_address_carries_the_token_and_its_qr_code():
    from reversis_score.serve.run import address, needs_token, qr_text
    assert not needs_token("127.0.0.1") and needs_token("0.0.0.0") and needs_token("192.168.1.5")
    assert address("192.168.1.5", 8000, "abc") == "http://192.168.1.5:8000/?token=abc"
    assert address("127.0.0.1", 8000, None) == "http://127.0.0.1:8000/"
    qr = qr_text("http://192.168.1.5:8000/?token=abc")
    assert len(qr.splitlines()) > 10 and "█" in qr


def test_every_page_of_every_sample_answers(tmp_path):
    """Every sample (void hands, every preset, records with errors): no page fails."""
    import re
    from itertools import permutations
    folder = tmp_path / "all"
    folder.mkdir()
    for path in [*SAMPLES.glob("*.rvs"), *(SAMPLES / "bad").glob("*.rvs")]:
        shutil.copy(path, folder / path.name)
    c = client(folder)
    assert c.get("/").status_code == 200
    for path in sorted(folder.glob("*.rvs")):
        page = c.get(f"/session/{path.stem}")
        if page.status_code == 422:  # not UTF-8: said on the season page
            continue
        assert page.status_code == 200, path.name
        for number in re.findall(rf'href="/session/{re.escape(path.stem)}/hand/(\d+)"', page.text):
            assert c.get(f"/session/{path.stem}/hand/{number}").status_code == 200, (path.name, number)
        players = list(dict.fromkeys(re.findall(r'<option value="([^"]+)"', page.text)))
        for a, b in permutations(players, 2):
            assert c.get(f"/session/{path.stem}/why", params={"a": a, "b": b}).status_code == 200


def test_the_serve_command_prints_the_tokened_address_and_guards_it(folder):
    """The real command in a child process, on every address: the URL it prints opens the
    pages (and sets the cookie); the same address without the token is refused."""
    import os
    import re
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request

    from webserver import free_port
    port = free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen([sys.executable, "-c", "from reversis_score.cli import main; main()", "serve",
                              str(folder), "--host", "0.0.0.0", "--port", str(port), "--read-only"],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    try:
        assert child.stdout is not None
        first = child.stdout.readline()
        assert "(read-only)" in first
        token = re.search(r"\?token=(\S+)", first).group(1)
        local = f"http://127.0.0.1:{port}/"
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(local)
            except urllib.error.HTTPError as refused:
                assert refused.code == 403
                break
            except OSError:
                assert time.monotonic() < deadline, "serve did not start"
                time.sleep(0.1)
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())  # keeps cookies
        with browser.open(f"{local}session/club-night?token={token}") as page:
            assert page.status == 200 and page.url == f"{local}session/club-night"  # the token left the URL
        with browser.open(local) as page:  # the cookie is enough now
            assert page.status == 200
    finally:
        child.terminate()
        child.wait(timeout=10)


@pytest.mark.parametrize("url", ["/", "/session/club-night", "/session/nothere", "/static/app.css"])
def test_every_answer_forbids_inline_scripts_and_framing(folder, url):
    headers = client(folder).get(url).headers
    policy = headers["content-security-policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy
    assert headers["x-content-type-options"] == "nosniff"
    refused = TestClient(create_app(folder, token="t"), base_url="http://10.0.0.2").get(url)
    assert refused.status_code == 403 and "content-security-policy" in refused.headers


def test_a_hand_being_entered_is_said_as_such_not_as_an_error(folder):
    text = (folder / "club-night.rvs").read_text("utf-8")
    head, _, rest = text.partition("\nhand 12")
    before, _, tricks = rest.partition("tricks:\n")
    lines = tricks.splitlines(keepends=True)
    (folder / "live.rvs").write_text(head + "\nhand 12" + before + "tricks:\n" + "".join(lines[:5]), "utf-8")
    c = client(folder)
    page = c.get("/session/live").text
    assert "Hand 12 in progress (trick 6)" in page
    assert "Errors in the record" not in page and "NOT THE WHOLE SESSION" not in page
    row = shown(c.get("/").text).split("live.rvs")[1].split("\n")[0]
    assert "error" not in row and "(hand 12 in progress)" in row
    (folder / "live.rvs").write_text(head + "\nhand 12" + before + "tricks:\n  Anne: XX\n", "utf-8")
    assert "Errors in the record" in c.get("/session/live").text  # a real mistake is still one
