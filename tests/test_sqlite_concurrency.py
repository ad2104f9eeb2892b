"""Several SQLite exports at once, and an export killed part-way: no session is ever lost.

Two processes start together, into a database that does not exist yet or into one that does,
several times: every session of both runs is there and both say so. An export killed with
SIGKILL in the middle leaves an existing database as it was, and a new one empty and valid
(a database of no tables, which the next export fills). A run that cannot get the write lock
in time says so, naming the lock, exit 2, and changes nothing.
"""
import signal
import sqlite3
import subprocess
import sys

import pytest
from conftest import DATA
from test_sqlite import dump
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.render import sqlite as sq

NIGHT = DATA / "ledgers" / "autumn-1.rvs"
RUN = "import sys; from reversis_score.cli import main; sys.argv[0] = 'reversis-score'; main()"
# The same run, killed by SIGKILL as it writes the items of the DIE_AT-th hand it stores.
KILLED = """
import os, signal, sys
from reversis_score.render import database
real, calls = database.insert_items, []

def dying(conn, session_id, hand, mark):
    calls.append(hand.number)
    if len(calls) == int(os.environ["DIE_AT"]):
        os.kill(os.getpid(), signal.SIGKILL)
    real(conn, session_id, hand, mark)

database.insert_items = dying
from reversis_score.cli import main
sys.argv[0] = "reversis-score"
main()
"""
runner = CliRunner()


def variants(folder, n, stem):
    """``n`` distinct sessions: each its own name and its own hands (Denis is renamed in each)."""
    out = []
    for i in range(n):
        path = folder / f"{stem}-{i}.rvs"
        path.write_bytes(NIGHT.read_bytes().replace(b"Denis", f"Denis{stem}x{i}".encode()))
        out.append(path)
    return out


def spawn(db, files, code=RUN, env=None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", code, "export", *map(str, files), "--format", "sqlite",
                             "--to", str(db)], text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env)


def sessions(db) -> set[str]:
    conn = sqlite3.connect(db)
    try:
        return {r[0] for r in conn.execute("SELECT file FROM sessions")}
    finally:
        conn.close()


@pytest.mark.parametrize("existing", [False, True], ids=["new", "existing"])
def test_two_processes_at_once_keep_every_session(tmp_path, existing):
    for attempt in range(4):
        db = tmp_path / f"season-{attempt}.db"
        if existing:
            first = runner.invoke(app, ["export", str(NIGHT), "--format", "sqlite", "--to", str(db)])
            assert first.exit_code == 0
        ours, theirs = variants(tmp_path, 4, f"a{attempt}"), variants(tmp_path, 4, f"b{attempt}")
        both = [spawn(db, ours), spawn(db, theirs)]
        for proc in both:
            out, err = proc.communicate(timeout=120)
            assert proc.returncode == 0, err
            assert out.count("added to") == 4  # and each of them is there:
        want = {str(p) for p in ours + theirs} | ({str(NIGHT)} if existing else set())
        assert sessions(db) == want, attempt


def test_a_run_that_cannot_get_the_lock_fails_naming_it(tmp_path, monkeypatch):
    db = tmp_path / "season.db"
    runner.invoke(app, ["export", str(NIGHT), "--format", "sqlite", "--to", str(db)])
    before = dump(db)
    monkeypatch.setattr(sq, "LOCK_WAIT", 0.2)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        other = variants(tmp_path, 1, "other")
        result = runner.invoke(app, ["export", str(other[0]), "--format", "sqlite", "--to", str(db)])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert result.exit_code == 2, result.output
    assert "write lock" in result.output and "nothing was changed" in result.output
    assert "added" not in result.output and "Traceback" not in result.output
    assert dump(db) == before


def killed(db, files, die_at: int) -> None:
    import os
    # TMPDIR: the killed run's folder of pieces stays beside the database, not in /tmp
    proc = spawn(db, files, KILLED, env={**os.environ, "DIE_AT": str(die_at), "TMPDIR": str(db.parent)})
    proc.communicate(timeout=120)
    assert proc.returncode == -signal.SIGKILL


def test_a_kill_part_way_leaves_an_existing_database_as_it_was(tmp_path):
    db = tmp_path / "season.db"
    assert runner.invoke(app, ["export", str(NIGHT), "--format", "sqlite", "--to", str(db)]).exit_code == 0
    before = dump(db)
    killed(db, variants(tmp_path, 3, "night"), die_at=9)  # in the second session
    # season reads it first (read-only), before anything else has opened it to write.
    result = runner.invoke(app, ["season", str(db), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert '"sessions": 1' in result.stdout
    assert dump(db) == before


def test_a_kill_part_way_leaves_a_new_database_empty_and_valid(tmp_path):
    db = tmp_path / "season.db"
    files = variants(tmp_path, 3, "night")
    killed(db, files, die_at=9)
    assert db.exists()
    assert dump(db) == ["BEGIN TRANSACTION;", "COMMIT;"]  # valid, and holding nothing
    result = runner.invoke(app, ["season", str(db)])
    assert result.exit_code == 2 and "not a reversis-score database" in result.output
    result = runner.invoke(app, ["export", *map(str, files), "--format", "sqlite", "--to", str(db)])
    assert result.exit_code == 0 and result.stdout.count("added to") == 3
    assert sessions(db) == {str(p) for p in files}
