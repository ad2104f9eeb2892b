"""A season database written by schema 1 (sessions known by their bytes) brought up to date in place.

tests/data/schema-1.db was written by ``export`` before sessions were known by their names:
autumn-1, autumn-2, the notation example, and autumn-1 again from another folder with a
comment added (the same night counted twice, as schema 1 allowed). tests/data/schema-1.sql
is that schema's SQL, to write such a database into PostgreSQL.
"""
import shutil
import sqlite3

from conftest import DATA
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.render.schema import COLUMNS, SCHEMA_VERSION, STATS

runner = CliRunner()
OLD = DATA / "schema-1.db"
NIGHT1 = DATA / "ledgers" / "autumn-1.rvs"


def query(db, sql, *args):
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


def old_copy(tmp_path):
    db = tmp_path / "season.db"
    shutil.copyfile(OLD, db)
    return db


def test_the_old_database_is_what_schema_1_wrote():
    assert query(OLD, "PRAGMA user_version") == [(1,)]
    assert query(OLD, "SELECT COUNT(*) FROM sessions") == [(4,)]


def test_season_on_an_old_database_says_how_to_bring_it_up_to_date(tmp_path):
    db = old_copy(tmp_path)
    said = runner.invoke(app, ["season", str(db)])
    assert said.exit_code == 2 and "schema 1" in said.output and "export a record into it" in said.output
    assert db.read_bytes() == OLD.read_bytes()  # reading never writes


def test_an_export_migrates_in_place_and_says_so(tmp_path):
    db = old_copy(tmp_path)
    totals = query(db, "SELECT session_id, name, total, balance FROM players ORDER BY session_id, seat")
    items = query(db, "SELECT * FROM items ORDER BY session_id, hand, seq")
    result = runner.invoke(app, ["export", str(DATA / "ledgers" / "autumn-2.rvs"), "--to", str(db)])
    assert result.exit_code == 0, result.output
    assert f"{db}: brought up to date in place (schema 1 → 2): each of its 4 sessions is now known by " \
           "its record's name" in result.stderr
    assert "the later is renamed: autumn-1 → autumn-1-2 (older/autumn-1.rvs)" in result.stderr
    assert "sessions autumn-1, autumn-1-2 hold the same hands" in result.stderr
    assert "(schema 2 → 3): each session is known by its club and its name" in result.stderr
    assert "players.total → players.net" in result.stderr
    assert "autumn-2.rvs: replaced in" in result.stdout and "session autumn-2" in result.stdout
    assert query(db, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert query(db, "SELECT id, name FROM sessions ORDER BY id") == [
        (1, "autumn-1"), (2, "autumn-2"), (3, "notation-example"), (4, "autumn-1-2")]
    # No figure changed: the same players' totals, the same items.
    players = "SELECT session_id, player, net, balance FROM players ORDER BY session_id, seat"
    assert query(db, players) == totals
    assert query(db, "SELECT * FROM items ORDER BY session_id, hand, seq") == items
    cols = [r[1] for r in query(db, "PRAGMA table_info(sessions)")]
    assert cols == ["id", *COLUMNS["sessions"]]
    assert [r[1] for r in query(db, "PRAGMA table_info(players)")] == list(COLUMNS["players"])


def test_the_migrated_figures_are_those_of_a_new_export(tmp_path):
    """The tally a migration counts from the database's rows is the one export counts."""
    db, fresh = old_copy(tmp_path), tmp_path / "fresh.db"
    runner.invoke(app, ["forget", str(db), "autumn-1-2", "--yes"])
    assert runner.invoke(app, ["export", str(NIGHT1), "--to", str(fresh)]).exit_code == 0
    stats = ", ".join(STATS)
    sql = f"SELECT p.player, {stats} FROM players p JOIN sessions s ON s.id = p.session_id " \
          "WHERE s.name = 'autumn-1' ORDER BY seat"
    assert query(db, sql) == query(fresh, sql)
    pay = "SELECT payer, payee, amount FROM payments JOIN sessions s ON s.id = session_id " \
          "WHERE s.name = 'autumn-1' ORDER BY payer, payee"
    assert query(db, pay) == query(fresh, pay) != []
    sha = "SELECT hands_sha256 FROM sessions WHERE name = 'autumn-1'"
    assert query(db, sha) == query(fresh, sha)
    # and a copy of autumn-1 under another name is now refused
    copy = tmp_path / "copy.rvs"
    copy.write_bytes(NIGHT1.read_bytes())
    refused = runner.invoke(app, ["export", str(copy), "--to", str(db)])
    assert refused.exit_code == 1 and "already in the season as session 'ledgers/autumn-1'" in refused.stderr


# ------------------------------------------------------------------ schema 2 → 3
OLD2 = DATA / "schema-2.db"  # written by schema 2's export from lyon/, tours/ and a bare file name


def test_a_schema_2_database_gets_one_vocabulary_and_its_clubs(tmp_path):
    db = tmp_path / "season.db"
    shutil.copyfile(OLD2, db)
    assert query(db, "PRAGMA user_version") == [(2,)]
    before = query(db, "SELECT session_id, name, total, balance, from_players FROM players "
                       "ORDER BY session_id, seat")
    said = runner.invoke(app, ["season", str(db)])
    assert said.exit_code == 2 and "schema 2" in said.output and db.read_bytes() == OLD2.read_bytes()
    gone = runner.invoke(app, ["forget", str(db), "notation-example", "--yes"])
    assert gone.exit_code == 0, gone.output
    assert f"{db}: brought up to date in place (schema 2 → 3): each session is known by its club and its " \
           "name (clubs '', 'lyon', 'tours'); the columns for money say one thing each: players.total → " \
           "players.net, players.name → players.player, player_totals.total → player_totals.net, " \
           "player_season.balance → player_season.from_players" in gone.stderr
    assert query(db, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    sessions = "SELECT id, club, name, pools_carried, pools_close, paid_all FROM sessions ORDER BY id"
    assert query(db, sessions) == [
        (1, "lyon", "autumn-1", "[]", "stay", 0), (2, "tours", "autumn-2", "[]", "stay", 0)]
    # the same figures under their new names
    assert query(db, "SELECT session_id, player, net, balance, from_players FROM players "
                     "ORDER BY session_id, seat") == [r for r in before if r[0] != 3]
    assert [r[1] for r in query(db, "PRAGMA table_info(sessions)")] == ["id", *COLUMNS["sessions"]]
    assert [r[1] for r in query(db, "PRAGMA table_info(players)")] == list(COLUMNS["players"])
    assert [r[1] for r in query(db, "PRAGMA table_info(player_season)")][:4] == [
        "player", "sessions", "net", "from_players"]
    assert query(db, "PRAGMA foreign_key_check") == []
    # a corrected record of lyon's night replaces its own session
    lyon = tmp_path / "lyon"
    lyon.mkdir()
    fixed = lyon / "autumn-1.rvs"
    fixed.write_text((DATA / "ledgers" / "autumn-1.rvs").read_text("utf-8").replace(
        "session: Autumn league, night 1", "session: Autumn league, first night"), "utf-8")
    again = runner.invoke(app, ["export", str(fixed), "--to", str(db)])
    assert again.exit_code == 0 and "replaced in" in again.stdout and "title changed" in again.stdout
    assert query(db, "SELECT id, club, name FROM sessions ORDER BY id") == [
        (1, "lyon", "autumn-1"), (2, "tours", "autumn-2")]
