"""``serve DB``: a season database's pages (serve/dbpages.py), against the folder's and ``season``.

- Over a SQLite file (in-process, Starlette's TestClient): every page of the database site
  (the season, each session, each hand, a why page) answers 200 in English and in French and
  is the folder's page for the same records, word for word; the standings are ``season``'s.
- Over a real PostgreSQL (tests/pgserver.py): three clubs export their nights, two ``serve``
  (real subprocesses, the first with ``--workers 2``) on the same URL show the same standings,
  those of ``season``; a fourth night exported shows on both within 2 s.
- One club at a time, once the sessions carry their club; two clubs' nights of one file name
  are two addresses (``/session/CLUB/NAME``), both reachable, each its own; a database the
  pages cannot be made from is one line and exit status 2.
"""
from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from conftest import DATA, SAMPLES
from typer.testing import CliRunner
from webserver import free_port

from reversis_score.cli import app
from reversis_score.pipeline import check_text

RUN = "import sys; from reversis_score.cli import main; sys.argv[0] = 'reversis-score'; main()"
NIGHT = DATA / "ledgers" / "autumn-1.rvs"
CLEAN = [p for p in sorted(SAMPLES.glob("*.rvs")) if check_text(p.read_text("utf-8"), str(p)).ok]
runner = CliRunner()


def same_page(text: str) -> str:
    """A page without what differs between two servers of the same nights: the stamps and the
    run's CSRF token."""
    text = re.sub(r'data-stamp="[^"]*"', "", text)
    return re.sub(r'(name="csrf-token" content=|name="csrf" value=)"[^"]*"', "", text)


def figure(text: str) -> int:
    return int(text.replace("−", "-").replace("+", "").replace("\u202f", "").replace(" ", ""))


def standings(page: str) -> dict[str, tuple[int, int]]:
    """Each player's net and net from players, as the season page's standings show them."""
    table = page.split('class="cards standings"', 1)[1].split("</table>", 1)[0]
    cell = r'<td class="n"[^>]*>([^<]*)</td>'
    found = re.findall(r'scope="row"><bdi>(.*?)</bdi></th>' + cell + cell, table)
    return {name: (figure(net), figure(between)) for name, net, between in found}


def season_balances(target: str) -> dict[str, tuple[int, int]]:
    """Each player's net (the JSON's ``total``) and net from players, as ``season`` says them."""
    result = runner.invoke(app, ["season", target, "--format", "json"])
    assert result.exit_code == 0, result.output
    return {p["player"]: (p["total"], p["from_players"]) for p in json.loads(result.output)["players"]}


def export(target: str, *files: Path) -> None:
    result = runner.invoke(app, ["export", *map(str, files), "--to", target])
    assert result.exit_code == 0, result.output


# ------------------------------------------------------------------ the folder's pages, from a database
def test_every_page_is_the_folder_page_in_both_languages(tmp_path):
    from starlette.testclient import TestClient

    from reversis_score.serve.app import create_app
    from reversis_score.serve.dbpages import create_site_app
    from reversis_score.serve.dbsite import Site
    for path in [*CLEAN, SAMPLES / "maison.toml"]:
        (tmp_path / path.name).write_bytes(path.read_bytes())
    db = tmp_path / "season.db"
    export(str(db), *(tmp_path / p.name for p in CLEAN))
    site = Site(str(db))
    try:
        ours = TestClient(create_site_app(site), base_url="http://127.0.0.1")
        folder = TestClient(create_app(tmp_path, read_only=True), base_url="http://127.0.0.1")
        paths = ["/"]
        for record in CLEAN:
            name = record.stem
            paths += [f"/session/{name}", f"/session/{name}/why"]
            hands = re.findall(rf'href="/session/{re.escape(name)}/hand/(\d+)"',
                               ours.get(f"/session/{name}").text)
            assert hands, name
            numbers = sorted(set(map(int, hands)))
            paths += [f"/session/{name}/hand/{n}" for n in {numbers[0], numbers[-1]}]  # kept cheap
        for lang in ("en", "fr"):
            for path in paths:
                mine = ours.get(path, headers={"accept-language": lang})
                theirs = folder.get(path, headers={"accept-language": lang})
                assert mine.status_code == 200, (path, lang, mine.text[:300])
                assert f'<html lang="{lang}"' in mine.text
                assert same_page(mine.text) == same_page(theirs.text), (path, lang)
        assert standings(ours.get("/").text) == season_balances(str(db))
        for path in ("/?lang=fr", f"/session/{CLEAN[0].stem}?lang=en"):  # the FR / EN switch, as the folder's
            mine, theirs = (c.get(path, follow_redirects=False) for c in (ours, folder))
            assert mine.status_code == theirs.status_code == 303, path
            assert mine.headers["location"] == theirs.headers["location"]
            assert mine.headers["set-cookie"] == theirs.headers["set-cookie"]
        assert ours.get("/session/no-such-night").status_code == 404
        assert ours.get("/session/no-such-night", headers={"accept-language": "fr"}).status_code == 404
    finally:
        site.close()


def test_one_club_at_a_time_once_sessions_know_their_club(tmp_path):
    from starlette.testclient import TestClient

    from reversis_score.serve.dbpages import create_site_app
    from reversis_score.serve.dbsite import Site
    db = tmp_path / "season.db"
    for club in ("lyon", "tours"):
        night = str(club_night(tmp_path, club))
        result = runner.invoke(app, ["export", night, "--to", str(db), "--club", club])
        assert result.exit_code == 0, result.output
    site = Site(str(db))
    try:
        client = TestClient(create_site_app(site), base_url="http://127.0.0.1")
        everyone = client.get("/").text
        assert "Denis-lyon" in everyone and "Denis-tours" in everyone and 'href="/?club=tours"' in everyone
        lyon = client.get("/?club=lyon", headers={"accept-language": "fr"})
        assert lyon.status_code == 200 and "tous les clubs" in lyon.text
        assert "Denis-lyon" in lyon.text and "Denis-tours" not in lyon.text
        assert client.get("/?club=nowhere").status_code == 404
        # Two clubs: a session's pages are under CLUB/NAME; a name alone leads there while it is
        # one club's only.
        assert 'href="/session/lyon/lyon-night"' in everyone
        moved = client.get("/session/lyon-night", follow_redirects=False)
        assert moved.status_code == 301 and moved.headers["location"] == "/session/lyon/lyon-night"
        assert "Denis-lyon" in client.get("/session/lyon/lyon-night/hand/1").text
    finally:
        site.close()


def test_two_clubs_nights_of_one_name_are_two_addresses(tmp_path):
    from starlette.testclient import TestClient

    from reversis_score.serve.dbpages import create_site_app
    from reversis_score.serve.dbsite import Site
    db = tmp_path / "season.db"
    for club in ("lyon", "tours/est"):  # a club's name may hold a slash ('club:' line)
        night = tmp_path / f"{club.replace('/', '-')}-{NIGHT.name}"
        night.write_bytes(b"club: " + club.encode() + b"\n"
                          + NIGHT.read_bytes().replace(b"Denis", f"Denis-{club[:4]}".encode()))
        (tmp_path / club.replace("/", "-")).mkdir()
        same = tmp_path / club.replace("/", "-") / NIGHT.name  # the same file name in both
        night.rename(same)
        export(str(db), same)
    site = Site(str(db))
    try:
        client = TestClient(create_site_app(site), base_url="http://127.0.0.1")
        season = client.get("/").text
        for club, key, denis in (("lyon", "lyon", "Denis-lyon"), ("tours/est", "tours~-est", "Denis-tour")):
            assert f'href="/session/{key}/autumn-1"' in season, club
            other = "Denis-tour" if denis == "Denis-lyon" else "Denis-lyon"
            for path in ("", "/why", "/hand/1"):
                page = client.get(f"/session/{key}/autumn-1{path}", headers={"accept-language": "fr"})
                assert page.status_code == 200, (club, path, page.text[:300])
                assert denis in page.text and other not in page.text, (club, path)
            assert client.get(f"/session/{key}/autumn-1/stamp").status_code == 200
        assert client.get("/session/autumn-1").status_code == 404  # which club's? neither
        assert client.get("/session/nowhere/autumn-1").status_code == 404
    finally:
        site.close()


def one_night(folder: Path, then: str) -> Path:
    """A SQLite season of one night, then changed by the statement ``then``."""
    db = folder / "season.db"
    export(str(db), NIGHT)
    with sqlite3.connect(db) as conn:
        conn.execute(then)
    return db


def test_a_session_exported_before_the_site_kept_records_says_so(tmp_path):
    from starlette.testclient import TestClient

    from reversis_score.serve.dbpages import create_site_app
    from reversis_score.serve.dbsite import Site
    db = one_night(tmp_path, "DELETE FROM records")
    site = Site(str(db))
    try:
        client = TestClient(create_site_app(site), base_url="http://127.0.0.1")
        assert client.get("/").status_code == 200  # its figures are in the season
        page = client.get("/session/autumn-1")
        assert page.status_code == 422 and "export it again" in page.text
    finally:
        site.close()


def test_a_database_without_the_sites_tables_is_one_line_and_exit_2(tmp_path):
    db = one_night(tmp_path, "DROP TABLE records")  # as schema 3 left it
    with sqlite3.connect(db) as conn:
        conn.executescript("DROP TABLE season_changes; PRAGMA user_version = 3")
    result = runner.invoke(app, ["serve", str(db), "--port", str(free_port())])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"error: {db}: written by an older reversis-score (schema 3): the pages need schema 4; export a "
        "record into it (as the tables' owner) to bring it up to date in place"]
    export(str(db), NIGHT)  # the owner's export brings it up to date
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (4,)


# ------------------------------------------------------------------ a league: two servers, one PostgreSQL
def club_night(folder: Path, club: str) -> Path:
    """A night of ``club``: its own name and its own players (so its own hands)."""
    path = folder / f"{club}-night.rvs"
    path.write_bytes(NIGHT.read_bytes().replace(b"Denis", f"Denis-{club}".encode()))
    return path


def get(url: str, lang: str = "en") -> str:
    asked = urllib.request.Request(url, headers={"Accept-Language": lang})
    with urllib.request.urlopen(asked, timeout=10) as answer:  # noqa: S310 (our own server)
        return answer.read().decode("utf-8")


def started(port: int, process: subprocess.Popen) -> str:
    """The server's base URL once it answers (it checks the database first)."""
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(process.stderr.read() if process.stderr else "serve stopped")
        try:
            get(base + "/stamp")
            return base
        except OSError:
            time.sleep(0.1)
    raise AssertionError("serve did not answer within 60 s")


READER = "night_reader"  # not the guide's "site" (tests/test_league.py makes that role, on
# the same server: roles are the server's, not a database's)


def reading_role(server, url: str) -> str:
    """The URL of ``url``'s database as a read-only role made as docs/league.md makes the site's."""
    database = url.split("@/", 1)[1].split("?", 1)[0]
    with server.admin() as admin:
        if not admin.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (READER,)).fetchall():
            admin.execute(f"CREATE ROLE {READER} LOGIN")
            admin.execute(f"ALTER ROLE {READER} SET default_transaction_read_only = on")
        admin.execute(f'GRANT CONNECT ON DATABASE "{database}" TO {READER}')
    with server.admin(database) as owner:
        owner.execute(f"GRANT USAGE ON SCHEMA public TO {READER}")
        owner.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {READER}")
        owner.execute("ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public "
                      f"GRANT SELECT ON TABLES TO {READER}")
    return server.url(database, user=READER)


def test_two_servers_over_one_postgresql_show_the_same_season_and_a_new_night(pg_server, pg_url, tmp_path):
    clubs = [club_night(tmp_path, club) for club in ("lyon", "tours", "nantes", "brest")]
    for night in clubs[:3]:
        export(pg_url, night)
    reader = reading_role(pg_server, pg_url)
    servers = []
    try:
        # The first in two processes on one port (--workers); the second as the read-only role
        # docs/league.md creates.
        for url, workers in ((pg_url, "2"), (reader, "1")):
            port = free_port()
            process = subprocess.Popen([sys.executable, "-c", RUN, "serve", url, "--port", str(port),
                                        "--workers", workers],
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            servers.append((process, started(port, process)))
        expected = season_balances(pg_url)
        pages = [get(base + "/") for _, base in servers]
        assert standings(pages[0]) == standings(pages[1]) == expected
        assert all("Denis-lyon" in page and "Denis-nantes" in page for page in pages)
        assert all("Denis-brest" not in page for page in pages)
        export(pg_url, clubs[3])  # the fourth club's night
        exported = time.monotonic()
        waiting = {base for _, base in servers}
        while waiting and time.monotonic() - exported <= 2.0:
            waiting = {base for base in waiting if "Denis-brest" not in get(base + "/")}
            time.sleep(0.05)
        assert not waiting, "the fourth night did not show within 2 s on " + ", ".join(sorted(waiting))
        # Past the bound, every process shows it (the first server's two included: a request
        # may reach either): the same standings everywhere, season's.
        time.sleep(max(0.0, exported + 2.0 - time.monotonic()))
        pages = [get(base + "/") for _, base in servers for _twice in range(2)]
        assert all(standings(page) == standings(pages[0]) for page in pages)
        assert standings(pages[0]) == season_balances(pg_url)
        for _, base in servers:
            assert "Denis-brest" in get(base + "/session/brest-night")
            assert '<html lang="fr"' in get(base + "/session/brest-night/hand/1", "fr")
    finally:
        for process, _ in servers:
            process.terminate()
            process.wait(timeout=30)
            if process.stdout:
                process.stdout.close()
            if process.stderr:
                process.stderr.close()


def test_a_league_database_of_schema_3_is_brought_up_by_the_treasurers_export(pg_server, pg_url):
    export(pg_url, NIGHT)
    database = pg_url.split("@/", 1)[1].split("?", 1)[0]
    with pg_server.admin(database) as owner:  # as schema 3 left it
        owner.execute("DROP TABLE records, season_changes")
        owner.execute("COMMENT ON TABLE sessions IS 'reversis-score schema 3'")
    refused = runner.invoke(app, ["serve", pg_url, "--port", str(free_port())])
    assert refused.exit_code == 2 and "(schema 3): the pages need schema 4" in refused.output
    assert runner.invoke(app, ["season", pg_url]).exit_code == 0  # season reads it as it is
    moved = runner.invoke(app, ["export", str(NIGHT), "--to", pg_url])
    assert moved.exit_code == 0 and "brought up to date in place (schema 3 → 4)" in moved.output
    from reversis_score.serve.dbsite import Site
    site = Site(pg_url)
    try:
        assert site.session("autumn-1") is not None and site.session("autumn-1").record
        assert int(site.stamp()) == 1
    finally:
        site.close()
