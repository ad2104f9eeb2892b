"""The club's books: forget removes sessions (and nothing else does); the format follows --to."""
import json
import sqlite3

import pytest
from conftest import DATA
from typer.testing import CliRunner

from reversis_score.cli import app

runner = CliRunner()
NIGHT1, NIGHT2 = DATA / "ledgers" / "autumn-1.rvs", DATA / "ledgers" / "autumn-2.rvs"
EXAMPLE = DATA / "notation-example.rvs"


def query(db, sql, *args):
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


def season(tmp_path):
    db = tmp_path / "season.db"
    said = runner.invoke(app, ["export", str(NIGHT1), str(NIGHT2), str(EXAMPLE), "--to", str(db)])
    assert said.exit_code == 0
    return db


# ------------------------------------------------------------------ forget
def test_forget_shows_asks_and_removes(tmp_path):
    db = season(tmp_path)
    asked = runner.invoke(app, ["forget", str(db), "autumn-2"], input="y\n")
    assert asked.exit_code == 0, asked.output
    assert "1 session to remove:" in asked.stdout
    assert "autumn-2 (session 2): Autumn league, night 2, 2026-10-18, 4 hands" in asked.stdout
    assert "Remove it? [y/N]" in asked.stdout and "removed 1 session from" in asked.stdout
    assert query(db, "SELECT name FROM sessions ORDER BY id") == [("autumn-1",), ("notation-example",)]
    for table in ("players", "hands", "items", "payments"):  # its rows went with it
        assert query(db, f"SELECT COUNT(*) FROM {table} WHERE session_id = 2") == [(0,)]


def test_forget_answered_no_or_unanswered_removes_nothing(tmp_path):
    db = season(tmp_path)
    before = query(db, "SELECT * FROM sessions")
    for answer in ("n\n", "", "\n"):
        said = runner.invoke(app, ["forget", str(db), "autumn-1"], input=answer)
        assert said.exit_code == 1 and "nothing removed" in said.output
    assert query(db, "SELECT * FROM sessions") == before


def test_forget_by_id_and_several_with_yes(tmp_path):
    db = season(tmp_path)
    said = runner.invoke(app, ["forget", str(db), "3", "autumn-1", "--yes"])
    assert said.exit_code == 0 and "2 sessions to remove" in said.stdout and "[y/N]" not in said.stdout
    assert said.stdout.rstrip().endswith(f"removed 2 sessions from {db}: notation-example, autumn-1")
    assert query(db, "SELECT name FROM sessions") == [("autumn-2",)]


def test_forget_an_unknown_session_removes_nothing(tmp_path):
    db = season(tmp_path)
    said = runner.invoke(app, ["forget", str(db), "autumn-1", "autumn-3", "--yes"])
    assert said.exit_code == 2
    assert "no session named 'autumn-3' in this database (sessions: autumn-1 autumn-2 notation-example)" \
        in said.output
    assert query(db, "SELECT COUNT(*) FROM sessions") == [(3,)]
    missing = runner.invoke(app, ["forget", str(tmp_path / "none.db"), "x", "--yes"])
    assert missing.exit_code == 2 and not (tmp_path / "none.db").exists()


def test_only_forget_removes_a_session(tmp_path):
    """Exports of corrected records, of the same records, and of others never lower the count."""
    db = season(tmp_path)
    fixed = tmp_path / "autumn-1.rvs"
    fixed.write_text(NIGHT1.read_text("utf-8").replace("stake: 100", "stake: 50"), "utf-8")
    said = runner.invoke(app, ["export", str(fixed), str(NIGHT2), "--to", str(db), "--club", "ledgers"])
    assert said.exit_code == 0 and "stake 100 → 50" in said.stdout
    assert query(db, "SELECT COUNT(*) FROM sessions") == [(3,)]


# ------------------------------------------------------------------ the format follows the target
@pytest.mark.parametrize("name, check", [
    ("t.db", lambda p: query(p, "SELECT COUNT(*) FROM sessions") == [(1,)]),
    ("t.sqlite", lambda p: p.read_bytes().startswith(b"SQLite format 3\0")),
    ("t.json", lambda p: json.loads(p.read_text("utf-8"))["format"] == "reversis-ledger/1"),
    ("t.csv", lambda p: p.read_text("utf-8").startswith("session,file,hand,seq")),
    ("t.md", lambda p: p.read_text("utf-8").startswith("#")),
])
def test_the_format_follows_the_extension(tmp_path, name, check):
    target = tmp_path / name
    said = runner.invoke(app, ["export", str(NIGHT1), "--to", str(target)])
    assert said.exit_code == 0, said.output
    assert check(target)


@pytest.mark.parametrize("args, words", [
    (["--to", "t.db", "--format", "json"], "is a sqlite file by its name, but --format says json"),
    (["--to", "t.json", "--format", "sqlite"], "is a json file by its name, but --format says sqlite"),
    (["--to", "t.txt"], "the extension .txt does not say which format to write"),
    (["--to", "season"], "no extension does not say"),
])
def test_a_contradiction_or_an_unknown_extension_is_a_usage_error(tmp_path, monkeypatch, args, words):
    monkeypatch.chdir(tmp_path)
    said = runner.invoke(app, ["export", str(NIGHT1), *args])
    assert said.exit_code == 2 and words in said.output
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_extension_with_format_is_written(tmp_path):
    target = tmp_path / "night.txt"
    said = runner.invoke(app, ["export", str(NIGHT1), "--format", "markdown", "--to", str(target)])
    assert said.exit_code == 0 and target.read_text("utf-8").startswith("#")
    same = runner.invoke(app, ["export", str(NIGHT1), "--format", "sqlite", "--to", str(tmp_path / "x.db")])
    assert same.exit_code == 0


# ------------------------------------------------------------------ a game in progress
CLUB = DATA.parent.parent / "samples" / "club-night.rvs"


def in_progress(folder, tricks=5, name="club-night.rvs"):
    """club-night.rvs cut inside hand 12, after ``tricks`` lines of its tricks."""
    text = CLUB.read_text("utf-8")
    head, _, rest = text.partition("\nhand 12")
    before, _, lines = rest.partition("tricks:\n")
    path = folder / name
    kept = "".join(lines.splitlines(True)[:tricks])
    path.write_text(head + "\nhand 12" + before + "tricks:\n" + kept, "utf-8")
    return path


def test_check_says_a_game_in_progress_as_a_note(tmp_path):
    path = in_progress(tmp_path)
    said = runner.invoke(app, ["check", str(path)])
    assert said.exit_code == 0
    assert f"{path}:331:3: note: hand 12 in progress (trick 6)" in said.stderr
    assert said.stdout.rstrip().endswith("rules parlett: ok, hand 12 in progress (trick 6)")
    half = tmp_path / "half.rvs"  # cut inside a trick: the trick being played is that one
    half.write_text(path.read_text("utf-8") + "  Denis: JD 4C\n", "utf-8")
    said = runner.invoke(app, ["check", str(half)])
    assert said.exit_code == 0 and "note: hand 12 in progress (trick 6)" in said.stderr


def test_a_hand_cut_short_in_the_middle_of_a_record_stays_an_error(tmp_path):
    cut = in_progress(tmp_path).read_text("utf-8")
    path = tmp_path / "middle.rvs"
    path.write_text(cut + "\nhand 13\ndealer: Anne\nvoid: misdeal\n", "utf-8")
    said = runner.invoke(app, ["check", str(path)])
    assert said.exit_code == 1 and "error: hand 12" in said.stderr and "in progress" not in said.output
    wrong = tmp_path / "wrong.rvs"  # a card the tricks so far already prove wrong: an error
    wrong.write_text(cut + "  Denis: JD 4C 4C 4D\n", "utf-8")
    said = runner.invoke(app, ["check", str(wrong)])
    assert said.exit_code == 1 and "in progress" not in said.output


def test_a_game_in_progress_is_exported_then_replaced_when_finished(tmp_path):
    db = tmp_path / "season.db"
    path = in_progress(tmp_path)
    first = runner.invoke(app, ["export", str(path), "--to", str(db)])
    assert first.exit_code == 0, first.output
    assert f"{path}: hand 12 in progress: exported up to hand 11; export it again when the hand is " \
           "finished" in first.stderr
    assert "added to" in first.stdout and "(11 hands, session club-night)" in first.stdout
    assert query(db, "SELECT COUNT(*) FROM hands") == [(11,)]
    path.write_text(CLUB.read_text("utf-8"), "utf-8")
    again = runner.invoke(app, ["export", str(path), "--to", str(db)])
    assert again.exit_code == 0 and "replaced in" in again.stdout and "hands 11 → 12" in again.stdout
    assert query(db, "SELECT COUNT(*) FROM sessions") == [(1,)]
    assert query(db, "SELECT COUNT(*) FROM hands") == [(12,)]
    whole = tmp_path / "whole.db"
    runner.invoke(app, ["export", str(CLUB), "--to", str(whole)])
    assert query(db, "SELECT player, net FROM players") == query(whole, "SELECT player, net FROM players")


def test_report_writes_the_pages_of_a_game_in_progress(tmp_path):
    path = in_progress(tmp_path)
    page = tmp_path / "night.html"
    said = runner.invoke(app, ["report", str(path), "-o", str(page)])
    assert said.exit_code == 0, said.output
    html = page.read_text("utf-8")
    assert "Hand 12 in progress (trick 6)" in html and "NOT THE WHOLE SESSION" not in html
    other = tmp_path / "other.rvs"
    other.write_text((DATA / "ledgers" / "autumn-1.rvs").read_text("utf-8"), "utf-8")
    season_page = tmp_path / "season.html"
    said = runner.invoke(app, ["report", str(path), str(other), "-o", str(season_page)])
    assert said.exit_code == 0, said.output
    html = season_page.read_text("utf-8")
    assert "hand 12 in progress" in html and "error" not in html.lower()
