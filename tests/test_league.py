"""docs/league.md, tried as a new league would: its SQL run as written on a real server, the
treasurer's first export, two club scorers exporting their nights at the same moment, and the
treasurer's season, whose figures equal those of the same files in one SQLite file; the
site's read-only role reads the season and writes nothing."""
import re
import subprocess
import sys

import pytest
from conftest import DATA, ROOT, SAMPLES, need_psycopg
from typer.testing import CliRunner

from reversis_score.cli import app

psycopg = need_psycopg()
RUN = "import sys; from reversis_score.cli import main; sys.argv[0] = 'reversis-score'; main()"
OPENING = DATA / "notation-example.rvs"
LYON = [DATA / "ledgers" / "autumn-1.rvs", SAMPLES / "club-night.rvs"]
TOURS = [DATA / "ledgers" / "autumn-2.rvs", SAMPLES / "dafydd-feast.rvs"]
runner = CliRunner()


def sql_blocks() -> list[str]:
    text = (ROOT / "docs" / "league.md").read_text("utf-8")
    return re.findall(r"```sql\n(.*?)```", text, re.DOTALL)


def statements(block: str) -> list[str]:
    return [s.strip() for s in block.split(";") if s.strip()]


@pytest.fixture(scope="module")
def league(pg_server):
    """The league set up by the guide's SQL blocks (the scorers', then the site's read-only
    role: each a block for the superuser and one for the treasurer): (URL maker, server)."""
    blocks = sql_blocks()
    assert len(blocks) == 4
    for as_superuser, as_owner in (blocks[:2], blocks[2:]):
        with pg_server.admin() as conn:
            for statement in statements(as_superuser):
                conn.execute(statement)
        with psycopg.connect(pg_server.url("league", "treasurer"), autocommit=True) as conn:
            for statement in statements(as_owner):
                conn.execute(statement)
    return lambda role: pg_server.url("league", role)


def test_the_guide_as_a_league_would_follow_it(league, tmp_path):
    first = runner.invoke(app, ["export", str(OPENING), "--to", league("treasurer")])
    assert first.exit_code == 0, first.output
    clubs = [subprocess.Popen([sys.executable, "-c", RUN, "export", *map(str, files), "--to", league(role)],
                              text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
             for role, files in (("club_lyon", LYON), ("club_tours", TOURS))]
    for proc in clubs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        assert out.count("added to postgresql://club_") == 2
    again = runner.invoke(app, ["export", str(TOURS[0]), "--to", league("club_lyon")])
    assert again.exit_code == 0 and "replaced in" in again.stdout  # a club may replace a session

    db = tmp_path / "one-file.db"
    files = [OPENING, *LYON, *TOURS]
    exported = runner.invoke(app, ["export", *map(str, files), "--format", "sqlite", "--to", str(db)])
    assert exported.exit_code == 0
    for extra in ([], ["--format", "json"], ["--format", "csv"], ["--since", "2026-10-10"]):
        want = runner.invoke(app, ["season", str(db), *extra])
        got = runner.invoke(app, ["season", league("treasurer"), *extra])
        assert got.exit_code == 0 and got.stdout == want.stdout
    assert runner.invoke(app, ["season", league("club_tours"), *extra]).stdout == want.stdout


def test_a_club_may_not_change_the_tables(league):
    for statement in ("DROP TABLE items", "CREATE TABLE notes (what TEXT)"):
        refused = pytest.raises(psycopg.errors.InsufficientPrivilege)
        with psycopg.connect(league("club_lyon")) as conn, refused:
            conn.execute(statement)


def test_the_site_reads_as_its_role_and_writes_nothing(league):
    from reversis_score.serve.dbsite import Site
    if runner.invoke(app, ["season", league("treasurer")]).exit_code:  # the tables, if no test made them
        assert runner.invoke(app, ["export", str(OPENING), "--to", league("treasurer")]).exit_code == 0
    site = Site(league("site"))
    try:
        stamp, figures = site.figures()
        assert int(stamp) > 0 and figures
        assert site.session(site.addresses().key(figures[0].club, figures[0].name)) is not None
    finally:
        site.close()
    for statement in ("DELETE FROM sessions", "INSERT INTO season_changes (at) VALUES ('now')"):
        with psycopg.connect(league("site")) as conn, pytest.raises(psycopg.errors.ReadOnlySqlTransaction):
            conn.execute(statement)
