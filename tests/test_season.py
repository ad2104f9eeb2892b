"""season DB: totals, counts and settle-up across sessions, from SQL over an exported database."""
import csv
import io
import json

import pytest
from conftest import DATA
from typer.testing import CliRunner

from reversis_score.cli import app

LEDGERS = DATA / "ledgers"
EXAMPLE = DATA / "notation-example.rvs"
NIGHT1, NIGHT2 = LEDGERS / "autumn-1.rvs", LEDGERS / "autumn-2.rvs"
FILES = (NIGHT1, NIGHT2, EXAMPLE)  # dated 2026-10-04, 2026-10-18, 2026-11-15
runner = CliRunner()


def run(*args):
    return runner.invoke(app, [*map(str, args)])


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("season") / "season.db"
    result = run("export", *FILES, "--format", "sqlite", "--to", path)
    assert result.exit_code == 0, result.output
    return path


def ledger_docs(files=FILES):
    return [json.loads(run("settle", f, "--format", "json").stdout) for f in files]


def expected(files=FILES) -> dict[str, dict]:
    """Each player's season from the JSON ledgers (the contract), to compare with the SQL."""
    out: dict[str, dict] = {}
    for doc in ledger_docs(files):
        for p in doc["session"]["players"]:
            row = out.setdefault(p, {"sessions": 0, "hands": 0, "total": 0, "from_players": 0,
                                     "parties_won": 0, "parties_lost": 0, "reversis_made": 0,
                                     "reversis_broken": 0, "reversis_breaker": 0})
            row["sessions"] += 1
            row["total"] += doc["totals"][p]
            row["from_players"] += sum(s["amount"] * (1 if s["payee"] == p else -1)
                                       for s in doc["settle_up"] if p in (s["payer"], s["payee"]))
            for h in doc["hands"]:
                o = h.get("outcome") or {}
                row["hands"] += h["status"] == "settled"
                row["parties_won"] += o.get("party_winner") == p
                row["parties_lost"] += o.get("party_loser") == p
                row["reversis_made"] += o.get("kind") == "reversis-made" and o["reversis_player"] == p
                row["reversis_broken"] += o.get("kind") == "reversis-broken" and o["reversis_player"] == p
                row["reversis_breaker"] += o.get("kind") == "reversis-broken" and o["breaker"] == p
    return out


def season_json(*args):
    result = run("season", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_totals_and_counts_agree_with_the_ledgers(db):
    doc = season_json(db)
    assert doc["sessions"] == 3 and (doc["first"], doc["last"]) == ("2026-10-04", "2026-11-15")
    got = {r.pop("player"): r for r in doc["players"]}
    want = expected()
    assert {p: {k: r[k] for k in want[p]} for p, r in got.items()} == want  # the keys of before, as before
    ranked = [(r["total"], r["from_players"]) for r in got.values()]
    assert ranked == sorted(ranked, reverse=True)  # the standings: by net, then from players
    assert sum(r["total"] for r in got.values()) == -sum(sum(d["pools"]) for d in ledger_docs())


def test_settle_up_settles_the_season(db):
    doc = season_json(db)
    owed = {r["player"]: r["from_players"] for r in doc["players"]}
    for t in doc["settle_up"]:
        owed[t["payer"]] += t["amount"]
        owed[t["payee"]] -= t["amount"]
    assert set(owed.values()) == {0}
    assert len(doc["settle_up"]) <= len(owed) - 1


def test_since_filters_sessions(db):
    doc = season_json(db, "--since", "2026-10-10")
    assert doc["sessions"] == 2 and doc["first"] == "2026-10-18"
    assert {r["player"]: r["total"] for r in doc["players"]} == {
        p: r["total"] for p, r in expected((NIGHT2, EXAMPLE)).items()}
    assert season_json(db, "--since", "2027-01-01")["sessions"] == 0
    assert "no session in this database matches" in run("season", db, "--since", "2027-01-01").stdout


def test_player_filters_rows_and_transfers(db):
    doc = season_json(db, "--player", "Élise")
    assert [r["player"] for r in doc["players"]] == ["Élise"]
    assert all("Élise" in (t["payer"], t["payee"]) for t in doc["settle_up"])
    assert doc["players"][0]["sessions"] == 1 and doc["players"][0]["hands"] == 4


def test_table_markdown_and_csv(db):
    table = run("season", db)
    assert table.exit_code == 0
    assert "Season: 3 sessions, 2026-10-04 to 2026-11-15" in table.stdout
    assert "Settle up for the season" in table.stdout and "Élise" in table.stdout
    markdown = run("season", db, "--format", "markdown").stdout
    assert markdown.startswith("## Season") and "| player" in markdown
    rows = list(csv.DictReader(io.StringIO(run("season", db, "--format", "csv").stdout)))
    want = expected()
    assert {r["player"]: int(r["total"]) for r in rows} == {p: w["total"] for p, w in want.items()}


def test_usage_errors(db, tmp_path):
    result = run("season", db, "--player", "Zoé")
    assert result.exit_code == 2 and "players: Anne Bruno Claire Denis Élise" in result.output
    assert run("season", db, "--since", "last week").exit_code == 2
    assert run("season", tmp_path / "none.db").exit_code == 2
    text = tmp_path / "notes.db"
    text.write_text("hello\n")
    result = run("season", text)
    assert result.exit_code == 2 and "Traceback" not in result.output
    import sqlite3
    empty = tmp_path / "empty.db"
    sqlite3.connect(empty).close()
    assert "not a reversis-score database" in run("season", empty).output


def test_season_only_reads(db):
    before = db.read_bytes()
    run("season", db)
    assert db.read_bytes() == before


def test_the_view_the_command_and_the_page_give_the_same_figures(db):
    """One place computes them: the view player_season sums what export stored, season and the
    page rank and show those same sums."""
    import re
    import sqlite3

    from reversis_score.render.schema import STATS
    doc = season_json(db)
    conn = sqlite3.connect(db)
    view = {row[0]: row[1:] for row in conn.execute(
        f"SELECT player, sessions, net, from_players, {', '.join(STATS)} FROM player_season")}
    conn.close()
    assert view == {r["player"]: (r["sessions"], r["total"], r["from_players"], *(r[s] for s in STATS))
                    for r in doc["players"]}
    page = run("report", db).stdout
    shown = re.findall(r'<th class="full name" scope="row"><bdi>([^<]+)</bdi></th>'
                       r'<td class="n" data-label="net">([^<]+)</td>'
                       r'<td class="n" data-label="from players">([^<]+)<', page)

    def signed(n):
        return f"{n:+d}".replace("-", "−") if n else "0"
    assert shown == [(r["player"], signed(r["total"]), signed(r["from_players"])) for r in doc["players"]]
    from_files = run("report", *FILES).stdout
    standings = re.compile(r"<h2>Standings</h2>.*?<h2>Settle up", re.S)
    assert standings.search(page).group() == standings.search(from_files).group()
