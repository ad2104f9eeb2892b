"""serve: every route and every refusal, through Starlette's TestClient."""
from __future__ import annotations

import shutil

import pytest
from conftest import SAMPLES
from starlette.testclient import TestClient

from reversis_score.serve.app import create_app

LOCAL = "http://127.0.0.1"


@pytest.fixture
def folder(tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    shutil.copy(SAMPLES / "club-night.rvs", records / "club-night.rvs")
    return records


def client(folder, **options) -> TestClient:
    return TestClient(create_app(folder, **options), base_url=LOCAL, follow_redirects=False)


def test_the_season_lists_the_records(folder):
    response = client(folder).get("/")
    assert response.status_code == 200
    assert "club-night" in response.text


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
    assert "rvs_token=s3cret" in first.headers["set-cookie"]
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
