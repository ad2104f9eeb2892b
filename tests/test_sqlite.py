"""export --format sqlite: SQL sums agree with the JSON, re-export is idempotent, failures change nothing."""
import json
import sqlite3
import threading
import time

import pytest
from conftest import DATA, SAMPLES, verified
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.ledger.build import build_ledger
from reversis_score.pipeline import check_text
from reversis_score.render import database as dbw
from reversis_score.render import sqlite as sq
from reversis_score.render.schema import TargetProblem
from reversis_score.report.export import content_hash

LEDGERS = DATA / "ledgers"
EXAMPLE = DATA / "notation-example.rvs"
NIGHT1, NIGHT2, BAD = LEDGERS / "autumn-1.rvs", LEDGERS / "autumn-2.rvs", LEDGERS / "autumn-bad.rvs"
DISPUTED = LEDGERS / "autumn-1-disputed.rvs"
runner = CliRunner()
CLEAN = [p for p in sorted(SAMPLES.glob("*.rvs")) + [EXAMPLE, NIGHT1, NIGHT2]
         if check_text(p.read_text("utf-8"), str(p)).ok]


def export(db, *files, extra=()):
    return runner.invoke(app, ["export", *map(str, files), "--format", "sqlite", "--to", str(db), *extra])


def settle_json(path) -> dict:
    return json.loads(runner.invoke(app, ["settle", str(path), "--format", "json"]).stdout)


def dump(db) -> list[str]:
    """Every statement that rebuilds the database, but the log of its changes (each export
    adds a row to season_changes: the site's version stamp)."""
    conn = sqlite3.connect(db)
    try:
        return [line for line in conn.iterdump() if not line.startswith('INSERT INTO "season_changes"')]
    finally:
        conn.close()


def query(db, sql, *args):
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


def session_id(db, path) -> int:
    return query(db, "SELECT id FROM sessions WHERE name = ?", path.stem)[0][0]


# ------------------------------------------------------------------ the sums
def test_sql_sums_agree_with_the_json_totals(tmp_path):
    db = tmp_path / "season.db"
    assert export(db, *CLEAN).exit_code == 0
    for path in CLEAN:
        doc, sid = settle_json(path), session_id(db, path)
        by_view = dict(query(db, "SELECT player, SUM(net) FROM hand_nets WHERE session_id = ? "
                                 "GROUP BY player", sid))
        assert by_view == doc["totals"], path
        by_items = {p: query(db, "SELECT COALESCE(SUM(CASE WHEN payee = ?1 THEN amount ELSE -amount END), 0)"
                                 " FROM items WHERE session_id = ?2 AND cancelled_by IS NULL"
                                 " AND ?1 IN (payer, payee)", p, sid)[0][0] for p in doc["totals"]}
        assert by_items == doc["totals"]
        stored = dict(query(db, "SELECT player, net FROM players WHERE session_id = ?", sid))
        assert stored == doc["totals"]
        pools = query(db, "SELECT COALESCE(SUM(pool_growth), 0) FROM hands WHERE session_id = ?", sid)[0][0]
        assert pools == -sum(doc["totals"].values())  # fish are conserved, pools included
        last = [h for h in doc["hands"] if h["status"] != "error"][-1]
        balances = dict(query(db, "SELECT player, balance FROM running_balances WHERE session_id = ? "
                                  "AND hand = ?", sid, last["number"]))
        assert balances == last["balances"]


def test_every_running_balance_matches_the_json(tmp_path):
    db = tmp_path / "s.db"
    export(db, NIGHT1)
    doc, sid = settle_json(NIGHT1), session_id(db, NIGHT1)
    rows = query(db, "SELECT hand, player, balance FROM running_balances WHERE session_id = ?", sid)
    got = {(hand, player): balance for hand, player, balance in rows}
    want = {(h["number"], p): b for h in doc["hands"] for p, b in h["balances"].items()}
    assert got == want


def test_schema_keys_indexes_and_views(tmp_path):
    db = tmp_path / "s.db"
    export(db, NIGHT1, NIGHT2)
    names = {r[0]: r[1] for r in query(db, "SELECT name, type FROM sqlite_master")}
    for table in ("sessions", "hands", "items", "players"):
        assert names[table] == "table"
    for view in ("hand_nets", "running_balances", "player_totals"):
        assert names[view] == "view"
    assert {"items_payer", "items_payee", "players_name", "sessions_date"} <= set(names)
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA foreign_keys = ON")
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute("INSERT INTO items VALUES (999, 1, 1, NULL, 'fine', NULL, 'A', 'pool:1', 5, NULL, 'x')")
    conn.execute("DELETE FROM sessions WHERE id = ?", (session_id(db, NIGHT1),))  # cascades
    left = conn.execute("SELECT COUNT(*) FROM items WHERE session_id NOT IN (SELECT id FROM sessions)")
    assert left.fetchone()[0] == 0
    conn.close()


# ------------------------------------------------------------------ identity and re-export
def test_reexport_is_idempotent(tmp_path):
    db = tmp_path / "s.db"
    assert export(db, NIGHT1, NIGHT2).exit_code == 0
    before = dump(db)
    result = export(db, NIGHT1, NIGHT2)
    assert result.exit_code == 0 and result.stdout.count("replaced in") == 2
    assert dump(db) == before


def test_a_corrected_record_replaces_its_session_and_says_what_changed(tmp_path):
    db, night = tmp_path / "s.db", tmp_path / "club-night.rvs"
    night.write_text(NIGHT1.read_text("utf-8"), "utf-8")
    first = export(db, night)
    assert first.exit_code == 0 and "added to" in first.stdout and "session club-night" in first.stdout
    before = dict(query(db, "SELECT player, net FROM players"))
    text = night.read_text("utf-8")
    night.write_text(text.replace("date: 2026-10-04", "date: 2026-10-05"), "utf-8")
    again = export(db, night)
    assert again.exit_code == 0, again.output
    said = again.stdout.strip()
    assert said.startswith(f"{night}: replaced in {db} (6 hands, session club-night): "
                           "date 2026-10-04 → 2026-10-05; hands 6 → 6; Anne −26 → −26, Bruno +68 → +68"), said
    assert query(db, "SELECT COUNT(*), MIN(name), MIN(date) FROM sessions") == [
        (1, "club-night", "2026-10-05")]
    assert dict(query(db, "SELECT player, net FROM players")) == before  # counted once, not twice
    season = runner.invoke(app, ["season", str(db), "--format", "json"])
    assert {p["player"]: p["total"] for p in json.loads(season.stdout)["players"]} == before


def test_the_same_hands_under_another_name_are_refused(tmp_path):
    db = tmp_path / "s.db"
    export(db, NIGHT1)
    copy = tmp_path / "copy.rvs"
    copy.write_bytes(NIGHT1.read_bytes())
    same = export(db, copy)
    assert same.exit_code == 1 and same.stdout == ""
    assert (f"{copy}: not exported: the same record (the same bytes) already in the season as session "
            f"'ledgers/autumn-1' (exported from {NIGHT1})") in same.stderr
    retitled = tmp_path / "retitled.rvs"
    retitled.write_text(NIGHT1.read_text("utf-8").replace("# Autumn league", "# Retitled"), "utf-8")
    again = export(db, retitled, NIGHT2)
    assert again.exit_code == 1 and "not exported: the same hands already in the season as session " \
        "'ledgers/autumn-1'" in again.stderr
    assert "autumn-2.rvs: added to" in again.stdout  # the others still go in
    assert query(db, "SELECT name FROM sessions ORDER BY id") == [("autumn-1",), ("autumn-2",)]
    strict = export(db, copy, extra=["--all-or-nothing"])
    assert strict.exit_code == 1 and "nothing was changed" in strict.stderr


def test_two_files_of_one_run_with_the_same_hands(tmp_path):
    db = tmp_path / "s.db"
    copy = tmp_path / "copy.rvs"
    copy.write_bytes(NIGHT1.read_bytes())
    both = export(db, NIGHT1, copy)
    assert both.exit_code == 1 and "copy.rvs: not exported" in both.stderr
    assert query(db, "SELECT name FROM sessions") == [("autumn-1",)]


# ------------------------------------------------------------------ failures leave the database as it was
def test_a_bad_file_in_the_middle_changes_nothing_of_itself(tmp_path):
    mixed, good = tmp_path / "mixed.db", tmp_path / "good.db"
    result = export(mixed, NIGHT1, BAD, NIGHT2)
    assert result.exit_code == 1 and "autumn-bad.rvs: has record errors: not exported" in result.output
    export(good, NIGHT1, NIGHT2)
    assert dump(mixed) == dump(good)


def test_all_or_nothing_with_a_bad_file_in_the_middle(tmp_path):
    db = tmp_path / "s.db"
    export(db, EXAMPLE)
    before = dump(db)
    result = export(db, NIGHT1, BAD, NIGHT2, extra=["--all-or-nothing"])
    assert result.exit_code == 1 and "nothing exported" in result.output
    assert dump(db) == before
    fresh = tmp_path / "fresh.db"
    assert export(fresh, NIGHT1, BAD, extra=["--all-or-nothing"]).exit_code == 1
    assert not fresh.exists()


def ledgers(*paths):
    out = []
    for path in paths:
        session = check_text(path.read_text("utf-8"), str(path))
        out.append((content_hash(path.read_bytes()), build_ledger(session)))
    return out


@pytest.mark.parametrize("failure", [RuntimeError("boom"),
                                     sqlite3.OperationalError("database or disk is full"),
                                     KeyboardInterrupt()], ids=["exception", "disk-full", "ctrl-c"])
def test_a_failure_mid_way_rolls_everything_back(tmp_path, monkeypatch, failure):
    db = tmp_path / "s.db"
    export(db, EXAMPLE, NIGHT2)
    before = dump(db)
    calls = []
    real = dbw.insert_items

    def failing(conn, sid, hand, mark):
        calls.append(hand.number)
        if len(calls) == 9:  # in the middle of the second session, after a new first one
            raise failure
        real(conn, sid, hand, mark)
    monkeypatch.setattr(dbw, "insert_items", failing)
    # The database's own errors come out as one line (TargetProblem); others as they are.
    with pytest.raises(TargetProblem if isinstance(failure, sqlite3.Error) else type(failure)):
        sq.export_sqlite(db, ledgers(NIGHT1, NIGHT2, DISPUTED))
    assert len(calls) == 9
    assert dump(db) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.db"]


def test_a_failure_on_a_new_database_removes_it(tmp_path, monkeypatch):
    """Created in place, inside the transaction: a failed first run removes the file it made."""
    def failing(conn, sid, hand, mark):
        raise RuntimeError("boom")
    with monkeypatch.context() as patch:
        patch.setattr(dbw, "insert_items", failing)
        with pytest.raises(RuntimeError):
            sq.export_sqlite(tmp_path / "new.db", ledgers(NIGHT1))
    assert list(tmp_path.iterdir()) == []
    assert export(tmp_path / "new.db", NIGHT1).exit_code == 0
    assert query(tmp_path / "new.db", "SELECT COUNT(*) FROM sessions") == [(1,)]


def test_a_run_waiting_on_a_new_database_that_fails_starts_again(tmp_path, monkeypatch):
    """The second run opened the first run's new file and waits for its lock; the first fails
    and removes the file: the second sees it gone once it has the lock, and writes a new one."""
    db, done, opened = tmp_path / "new.db", [], []
    real_connect = sq._connect

    def counted(path):
        found = real_connect(path)
        opened.append(threading.current_thread().name)
        return found

    def second_run():
        done.extend(sq.export_sqlite(db, ledgers(NIGHT2)))

    real_items = dbw.insert_items

    def failing(conn, sid, hand, mark):  # the first run, holding the lock, lets the second in
        if threading.current_thread().name == "second":
            return real_items(conn, sid, hand, mark)
        waiting = threading.Thread(target=second_run, name="second")
        waiting.start()
        while "second" not in opened:
            time.sleep(0.01)
        time.sleep(0.2)  # the second run is now waiting on the write lock
        failing.second = waiting
        raise RuntimeError("boom")
    monkeypatch.setattr(sq, "_connect", counted)
    with monkeypatch.context() as patch:
        patch.setattr(dbw, "insert_items", failing)
        with pytest.raises(RuntimeError):
            sq.export_sqlite(db, ledgers(NIGHT1))
    failing.second.join()
    assert done == ["added"] and opened == ["MainThread", "second", "second"]
    assert query(db, "SELECT file FROM sessions") == [(str(NIGHT2),)]


def test_a_failure_through_the_command_is_reported_without_traceback(tmp_path, monkeypatch):
    db = tmp_path / "s.db"
    export(db, EXAMPLE)
    before = dump(db)

    def failing(conn, sid, hand, mark):
        raise sqlite3.OperationalError("database or disk is full")
    monkeypatch.setattr(dbw, "insert_items", failing)
    result = export(db, NIGHT1)
    assert result.exit_code == 2 and "nothing was changed" in result.output
    assert dump(db) == before


def test_targets_that_are_not_our_database(tmp_path):
    text = tmp_path / "notes.db"
    text.write_text("not a database at all\n")
    result = export(text, NIGHT1)
    assert result.exit_code == 2 and text.read_text() == "not a database at all\n"
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE sessions (who TEXT)")
    conn.commit()
    conn.close()
    before = dump(other)
    result = export(other, NIGHT1)
    assert result.exit_code == 2 and "nothing was changed" in result.output
    assert dump(other) == before


def test_verify_on_the_json_beside_the_database(tmp_path):
    """The JSON export of the same files passes verify (one document per file)."""
    for path in (NIGHT1, NIGHT2):
        target = tmp_path / f"{path.stem}.json"
        runner.invoke(app, ["export", str(path), "--to", str(target)])
        checked = verified(target)
        assert checked.exit_code == 0, checked.output


def test_sessions_are_taken_one_at_a_time_inside_the_transaction(tmp_path, monkeypatch):
    """A caller may stream: each session is read from the iterable only when the one before
    is written (one transaction all the same: a failure after them keeps neither)."""
    events = []
    real = dbw.replace_session

    def writing(conn, sha, ledger, mark, choices):
        events.append("write")
        return real(conn, sha, ledger, mark, choices)

    def feed(fail_at_end=False):
        for sha, ledger in ledgers(NIGHT1, NIGHT2):
            events.append("read")
            yield sha, ledger
        if fail_at_end:
            raise RuntimeError("the last file could not be read")
    monkeypatch.setattr(dbw, "replace_session", writing)
    db = tmp_path / "s.db"
    assert sq.export_sqlite(db, feed()) == ["added", "added"]
    assert events == ["read", "write", "read", "write"]
    before = dump(db)
    db.unlink()
    with pytest.raises(RuntimeError):
        sq.export_sqlite(db, feed(fail_at_end=True))
    assert dump(db) == ["BEGIN TRANSACTION;", "COMMIT;"]
    assert sq.export_sqlite(db, feed()) == ["added", "added"] and dump(db) == before
