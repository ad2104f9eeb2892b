"""report over several records or a season database: the season page, one static file, from
the same templates as serve; and a session's page drawn for a phone as well."""
from __future__ import annotations

import re

from conftest import DATA, SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.ledger.build import build_ledger, settle_up
from reversis_score.pipeline import check_text
from reversis_score.serve.offline import session_page

runner = CliRunner()
NIGHTS = [DATA / "ledgers" / "autumn-1.rvs", DATA / "ledgers" / "autumn-2.rvs", SAMPLES / "club-night.rvs"]


def ledger_of(path):
    return build_ledger(check_text(path.read_text("utf-8"), str(path)))


def offline(page: str) -> None:
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"<script|<link|(src|href)\s*=|url\(|@import", page)


def test_a_session_page_has_a_chart_for_phones_too():
    page = session_page(ledger_of(NIGHTS[0]))
    charts = re.findall(r'<svg class="chart" viewBox="0 0 (\S+) 300"', page)
    assert charts[0] == "640" and float(charts[1]) <= 400  # 12 px text stays ≥ 11 px at 420 px
    assert 'id="chart-title"' in page and 'id="chart-title-narrow"' in page


def test_season_of_several_records(tmp_path):
    target = tmp_path / "season.html"
    result = runner.invoke(app, ["report", *map(str, NIGHTS), "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert "wrote" in result.stdout and "3 sessions" in result.stdout
    page = target.read_text("utf-8")
    offline(page)
    assert "<h1>Season</h1>" in page and "2026-10-04 to 2026-11-15" in page
    ledgers = [ledger_of(p) for p in NIGHTS]
    net: dict[str, int] = {}
    for ledger in ledgers:
        for player, amount in ledger.between_players().items():
            net[player] = net.get(player, 0) + amount
    for payer, payee, amount in settle_up(net):
        assert f"<li><bdi>{payer}</bdi> pays <bdi>{payee}</bdi> {amount}</li>" in page
    assert page.count('<svg class="chart panel"') == len(net)  # one small chart per player
    assert "after session 3" in page


def test_season_of_a_database_matches_the_records(tmp_path):
    db = tmp_path / "season.db"
    assert runner.invoke(app, ["export", *map(str, NIGHTS), "--format", "sqlite", "--to", str(db),
                               "--quiet"]).exit_code == 0
    from_db = runner.invoke(app, ["report", str(db)])
    from_files = runner.invoke(app, ["report", *map(str, NIGHTS)])
    assert from_db.exit_code == 0 and from_files.exit_code == 0, from_db.output
    offline(from_db.stdout)
    standings = re.compile(r"<h2>Standings</h2>.*?</table>", re.S)
    assert standings.search(from_db.stdout).group() == standings.search(from_files.stdout).group()


def test_a_record_with_errors_writes_no_season(tmp_path):
    target = tmp_path / "season.html"
    result = runner.invoke(app, ["report", str(NIGHTS[0]), str(DATA / "ledgers" / "autumn-bad.rvs"),
                                 "-o", str(target)])
    assert result.exit_code == 1 and "no report written" in result.output
    assert not target.exists()


def test_a_database_is_reported_alone(tmp_path):
    db = tmp_path / "season.db"
    runner.invoke(app, ["export", str(NIGHTS[0]), "--format", "sqlite", "--to", str(db), "--quiet"])
    result = runner.invoke(app, ["report", str(db), str(NIGHTS[1])])
    assert result.exit_code == 2 and "reported alone" in result.output


def test_names_in_a_season_are_escaped(tmp_path):
    text = (DATA / "notation-example.rvs").read_text("utf-8").replace(
        "Club night at the Rue de Lille", "<script>alert(1)</script> & co")
    record = tmp_path / "x.rvs"
    record.write_text(text, "utf-8")
    result = runner.invoke(app, ["report", str(record), str(NIGHTS[0])])
    assert result.exit_code == 0
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in result.stdout
    assert "<script>" not in result.stdout


def test_season_of_a_postgresql_database(pg_url):
    assert runner.invoke(app, ["export", *map(str, NIGHTS), "--to", pg_url, "--quiet"]).exit_code == 0
    from_pg = runner.invoke(app, ["report", pg_url])
    from_files = runner.invoke(app, ["report", *map(str, NIGHTS)])
    assert from_pg.exit_code == 0, from_pg.output
    standings = re.compile(r"<h2>Standings</h2>.*?</table>", re.S)
    assert standings.search(from_pg.stdout).group() == standings.search(from_files.stdout).group()
