"""export --to postgresql://…, and season over it, against a real throwaway server (conftest.py).

The same files give the same rows and the same season as the SQLite export; a re-export adds
nothing; concurrent runs keep every session once; a server that goes away, a wrong URL, a
refusing server, missing rights or foreign tables cost one line and exit 2, and change nothing;
a password never shows.
"""
import json
import subprocess
import sys

import pytest
from conftest import DATA, SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.pipeline import check_text
from reversis_score.render import database, engine, postgres
from reversis_score.render.schema import COLUMNS, TABLES, TABLES_2, VIEWS

LEDGERS = DATA / "ledgers"
NIGHTS = (LEDGERS / "autumn-1.rvs", LEDGERS / "autumn-2.rvs", DATA / "notation-example.rvs")
CLEAN = [p for p in sorted(SAMPLES.glob("*.rvs"))
         if check_text(p.read_text("utf-8"), str(p)).ok] + list(NIGHTS)
ORDER = {"sessions": "id", "players": "session_id, seat", "hands": "session_id, number",
         "items": "session_id, hand, seq", "payments": "session_id, payer, payee",
         "paid_at_table": "session_id, seq"}
RUN = "import sys; from reversis_score.cli import main; sys.argv[0] = 'reversis-score'; main()"
runner = CliRunner()


def run(*args):
    return runner.invoke(app, [*map(str, args)])


def export(target, *files, extra=()):
    """Export into a URL (str), or a SQLite file (a Path)."""
    sqlite = () if isinstance(target, str) else ("--format", "sqlite")
    return run("export", *files, "--to", target, *sqlite, *extra)


def spawn(*args) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", RUN, *map(str, args)], text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def rows(target) -> dict[str, list[tuple]]:
    """Every row of every table of figures, in a fixed order, from either engine (the site's
    tables hold the records and a log of the changes: tests/test_league_site.py reads them)."""
    reader = engine.open_database(str(target))
    try:
        return {t: reader.rows(f"SELECT * FROM {t} ORDER BY {ORDER[t]}") for t in TABLES_2}
    finally:
        reader.close()


def count(url) -> int:
    return rows(url)["sessions"].__len__()


def one_line(result) -> str:
    """The run's message: one line, no traceback."""
    assert "Traceback" not in result.output, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    return lines[0]


def variants(folder, n, stem="night"):
    """``n`` distinct sessions: each its own name and its own hands (Denis is renamed in each)."""
    base = NIGHTS[0].read_bytes()
    out = []
    for i in range(n):
        path = folder / f"{stem}-{i}.rvs"
        path.write_bytes(base.replace(b"Denis", f"Denis{stem}x{i}".encode()))
        out.append(path)
    return out


# ------------------------------------------------------------------ the same season as SQLite
def test_export_then_season_gives_what_the_sqlite_export_gives(pg_url, tmp_path):
    db = tmp_path / "season.db"
    assert export(db, *CLEAN).exit_code == 0
    result = export(pg_url, *CLEAN)
    assert result.exit_code == 0, result.output
    assert result.output == export(tmp_path / "again.db", *CLEAN).output.replace(
        str(tmp_path / "again.db"), database.shown(pg_url))
    assert rows(pg_url) == rows(db)
    for extra in ([], ["--format", "json"], ["--format", "csv"], ["--format", "markdown"],
                  ["--since", "2026-10-10"], ["--player", "Claire", "--format", "json"]):
        want, got = run("season", db, *extra), run("season", pg_url, *extra)
        assert got.exit_code == want.exit_code == 0, got.output
        assert got.stdout == want.stdout


def test_views_and_schema_match_sqlite(pg_url, tmp_path):
    db = tmp_path / "season.db"
    export(db, *NIGHTS)
    export(pg_url, *NIGHTS)
    for view, order in (("hand_nets", "session_id, hand, seat"),
                        ("running_balances", "session_id, hand, seat"), ("player_totals", "player")):
        sql = f"SELECT * FROM {view} ORDER BY {order}"
        pg, lite = engine.open_database(pg_url), engine.open_database(str(db))
        assert pg.rows(sql) == lite.rows(sql), view
        pg.close(), lite.close()
    import psycopg
    with psycopg.connect(pg_url) as conn:
        names = {r[0] for r in conn.execute("SELECT relname FROM pg_class c JOIN pg_namespace n"
                                            " ON n.oid = c.relnamespace WHERE nspname = 'public'")}
        assert set(TABLES) | set(VIEWS) | {"items_payer", "items_payee", "players_name"} <= names
        for table, columns in COLUMNS.items():
            got = [r[0] for r in conn.execute("SELECT column_name FROM information_schema.columns WHERE "
                                              "table_name = %s ORDER BY ordinal_position", (table,))]
            assert [c for c in got if c != "id"] == list(columns)
        with pytest.raises(psycopg.errors.ForeignKeyViolation):
            conn.execute("INSERT INTO items VALUES "
                         "(999, 1, 1, NULL, 'fine', NULL, 'A', 'pool:1', 5, NULL, 'x')")


def test_reexport_adds_nothing(pg_url):
    assert export(pg_url, *NIGHTS).exit_code == 0
    before = rows(pg_url)
    again = export(pg_url, *NIGHTS)
    assert again.exit_code == 0 and again.stdout.count("replaced in") == 3
    assert rows(pg_url) == before


# ------------------------------------------------------------------ several scorers at once
def test_two_processes_with_different_files_keep_all(pg_url, tmp_path):
    for attempt in range(3):
        ours, theirs = variants(tmp_path, 4, f"a{attempt}"), variants(tmp_path, 4, f"b{attempt}")
        both = [spawn("export", *ours, "--to", pg_url), spawn("export", *theirs, "--to", pg_url)]
        for proc in both:
            out, err = proc.communicate(timeout=120)
            assert proc.returncode == 0, err
            assert out.count("added to") == 4
        assert count(pg_url) == 8 * (attempt + 1)


def test_two_processes_with_the_same_file_keep_it_once(pg_url, tmp_path):
    files = variants(tmp_path, 3)
    both = [spawn("export", *files, "--to", pg_url), spawn("export", *reversed(files), "--to", pg_url)]
    outputs = []
    for proc in both:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        outputs.append(out)
    assert sorted(o.count("added to") for o in outputs) == [0, 3]
    assert count(pg_url) == 3 and len(rows(pg_url)["players"]) == 12


def test_a_second_export_waits_for_the_lock_then_fails_naming_it(pg_url, monkeypatch):
    import psycopg
    monkeypatch.setattr(postgres, "LOCK_WAIT", 0.3)
    with psycopg.connect(pg_url) as holder:
        holder.execute("SELECT pg_advisory_xact_lock(%s)", (postgres.LOCK_KEY,))
        result = export(pg_url, NIGHTS[0])
    assert result.exit_code == 2
    assert "export lock" in one_line(result) and "nothing was changed" in result.output
    assert export(pg_url, NIGHTS[0]).exit_code == 0  # the lock gone, the export goes in


# ------------------------------------------------------------------ the server goes away
@pytest.mark.parametrize("new", [False, True], ids=["existing", "new"])
def test_a_server_that_goes_away_leaves_nothing_half_written(pg_url, monkeypatch, new):
    import psycopg
    if not new:
        export(pg_url, NIGHTS[2])
    before = rows(pg_url) if not new else None
    calls = []
    real = database.insert_items

    def cut_off(conn, sid, hand, mark):
        calls.append(hand.number)
        if len(calls) == 9:  # in the middle of the second session
            with psycopg.connect(pg_url, autocommit=True) as other:
                other.execute("SELECT pg_terminate_backend(%s)", (conn.info.backend_pid,))
        real(conn, sid, hand, mark)
    monkeypatch.setattr(database, "insert_items", cut_off)
    result = export(pg_url, *NIGHTS[:2], NIGHTS[0].with_name("autumn-1-disputed.rvs"))
    monkeypatch.undo()
    assert result.exit_code == 2 and len(calls) == 9
    assert "nothing was changed" in one_line(result)
    if new:
        with psycopg.connect(pg_url) as conn:
            tables = conn.execute("SELECT COUNT(*) FROM pg_tables WHERE schemaname = 'public'")
            assert tables.fetchone() == (0,)
    else:
        assert rows(pg_url) == before


# ------------------------------------------------------------------ bad input
def test_wrong_urls_and_a_refusing_server(tmp_path):
    for url in ("postgresql://localhost:notaport/league", "postgresql://host/db?nosuchoption=1",
                f"postgresql:///league?host={tmp_path}"):
        for result in (export(url, NIGHTS[0]), run("season", url)):
            assert result.exit_code == 2, (url, result.output)
            line = one_line(result)
            assert line.startswith("error:"), line


def test_explicit_file_formats_with_a_url_are_usage_errors(pg_server):
    for fmt in ("json", "csv", "sqlite"):
        result = export(pg_server.url("postgres"), NIGHTS[0], extra=["--format", fmt])
        assert result.exit_code == 2 and "leave out --format" in one_line(result)


def test_missing_rights(pg_server, pg_url):
    with pg_server.admin(pg_url.rsplit("/", 1)[1].split("?")[0]) as conn:
        if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = 'onlooker'").fetchall():
            conn.execute("CREATE ROLE onlooker LOGIN")
    onlooker = pg_url.replace("postgres@", "onlooker@")
    result = export(onlooker, NIGHTS[0])  # no tables yet, and no right to create them
    assert result.exit_code == 2 and "permission denied" in one_line(result)
    assert export(pg_url, NIGHTS[0]).exit_code == 0
    result = run("season", onlooker)  # the tables are there, but not for this role
    assert result.exit_code == 2 and "permission denied" in one_line(result)
    with pg_server.admin(pg_url.rsplit("/", 1)[1].split("?")[0]) as conn:
        conn.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO onlooker")
    before = rows(pg_url)
    result = export(onlooker, NIGHTS[1])  # may read, may not write
    assert result.exit_code == 2 and "permission denied" in one_line(result)
    assert rows(pg_url) == before
    assert run("season", onlooker).exit_code == 0  # reading is all the treasurer needs


def test_tables_of_the_same_names_are_refused_unchanged(pg_url):
    import psycopg
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE sessions (who TEXT)")
        conn.execute("INSERT INTO sessions VALUES ('the bridge club')")
    result = export(pg_url, NIGHTS[0])
    assert result.exit_code == 2 and "other tables named like" in one_line(result)
    with psycopg.connect(pg_url) as conn:
        tables = {r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
        assert tables == {"sessions"}
        assert conn.execute("SELECT * FROM sessions").fetchall() == [("the bridge club",)]
    assert "not a reversis-score database" in one_line(run("season", pg_url))


def test_without_psycopg_one_line_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg now raises ImportError
    for result in (export("postgresql://league.example/season", NIGHTS[0]),
                   run("season", "postgresql://league.example/season")):
        assert result.exit_code == 2
        assert "pip install 'reversis-score[postgres]'" in one_line(result)


# ------------------------------------------------------------------ credentials
SECRET = "pw-Zebra-91"


@pytest.fixture
def secretive(pg_server, pg_url):
    from pgserver import PASSWORD_ROLE
    with pg_server.admin() as conn:  # one role for the whole run (its tables stay in other tests' databases)
        if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (PASSWORD_ROLE,)).fetchall():
            conn.execute(f"CREATE ROLE {PASSWORD_ROLE} LOGIN PASSWORD '{SECRET}'")
    name = pg_url.rsplit("/", 1)[1].split("?")[0]
    with pg_server.admin(name) as conn:
        conn.execute(f"GRANT CREATE ON SCHEMA public TO {PASSWORD_ROLE}")
    return pg_url.replace("postgres@", f"{PASSWORD_ROLE}:{SECRET}@")


def test_a_password_never_shows(secretive, tmp_path):
    wrong = secretive.replace(SECRET, SECRET + "x")
    in_query = secretive.replace(f":{SECRET}@", "@") + f"&password={SECRET}"
    results = [export(secretive, *NIGHTS), export(in_query, NIGHTS[0]), run("season", secretive),
               run("season", in_query, "--format", "json"), export(wrong, NIGHTS[0]),
               run("season", wrong), export(secretive.replace("@/", "@/nosuchdb"), NIGHTS[0]),
               export(secretive.replace("?host=", "?host=%2Fnowhere"), NIGHTS[0]),
               export(secretive + "&sslmode=bogus", NIGHTS[0])]
    assert [r.exit_code for r in results] == [0, 0, 0, 0, 2, 2, 2, 2, 2]
    assert "added to postgresql://secretive@/" in results[0].stdout
    assert "password authentication failed" in results[4].output
    for result in results:
        assert SECRET not in result.output and SECRET[3:] not in result.output, result.output
    assert json.loads(results[3].stdout)["sessions"] == 3


def test_libpq_environment_and_pgpass(secretive, tmp_path, monkeypatch):
    """No password in the URL: libpq finds the user in PGUSER and the password in a pgpass file."""
    pgpass = tmp_path / "pgpass"
    pgpass.write_text(f"*:*:*:secretive:{SECRET}\n")
    pgpass.chmod(0o600)
    monkeypatch.setenv("PGUSER", "secretive")
    monkeypatch.setenv("PGPASSFILE", str(pgpass))
    bare = secretive.replace(f"secretive:{SECRET}@", "")
    result = export(bare, NIGHTS[0])
    assert result.exit_code == 0, result.output
    assert SECRET not in result.output
    assert run("season", bare).exit_code == 0


def test_sessions_are_taken_one_at_a_time(pg_url, monkeypatch):
    """The writer reads the iterable lazily, as a streaming caller feeds it."""
    from reversis_score.ledger.build import build_ledger
    from reversis_score.report.export import content_hash
    events = []
    real = database.replace_session

    def writing(conn, sha, ledger, mark, choices):
        events.append("write")
        return real(conn, sha, ledger, mark, choices)

    def feed():
        for path in NIGHTS[:2]:
            events.append("read")
            ledger = build_ledger(check_text(path.read_text("utf-8"), str(path)))
            yield content_hash(path.read_bytes()), ledger
    monkeypatch.setattr(database, "replace_session", writing)
    assert engine.export_database(pg_url, feed()) == ["added", "added"]
    assert events == ["read", "write", "read", "write"]
    assert count(pg_url) == 2


# ------------------------------------------------------------------ the club's books, on the server
def test_a_corrected_record_replaces_its_session(pg_url, tmp_path):
    night = tmp_path / "club-night.rvs"
    night.write_text(NIGHTS[0].read_text("utf-8"), "utf-8")
    assert export(pg_url, night).exit_code == 0
    before = rows(pg_url)["players"]
    night.write_text(night.read_text("utf-8").replace("session: Autumn league, night 1",
                                                      "session: Autumn league, first night"), "utf-8")
    again = export(pg_url, night)
    assert again.exit_code == 0, again.output
    assert "replaced in" in again.stdout
    assert "session club-night): title changed; hands 6 → 6;" in again.stdout
    after = rows(pg_url)
    assert len(after["sessions"]) == 1 and after["players"] == before
    copy = tmp_path / "copy.rvs"
    copy.write_bytes(night.read_bytes())
    refused = export(pg_url, copy)
    assert refused.exit_code == 1 and \
        f"already in the season as session '{tmp_path.name}/club-night'" in refused.stderr
    assert len(rows(pg_url)["sessions"]) == 1
    gone = run("forget", pg_url, "club-night", "--yes")
    assert gone.exit_code == 0 and "removed 1 session" in gone.stdout
    assert rows(pg_url)["sessions"] == []


def test_a_schema_1_database_is_brought_up_to_date(pg_url, tmp_path):
    """Schema 1's own SQL (tests/data/schema-1.sql) and the rows today's export wrote
    (tests/data/schema-1.db), on the server; then an export migrates it in place."""
    import sqlite3

    import psycopg
    old = sqlite3.connect(DATA / "schema-1.db")
    ddl = (DATA / "schema-1.sql").read_text("utf-8").format(**{
        "id": "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", "int": "BIGINT", "view": "CREATE VIEW"})
    with psycopg.connect(pg_url) as conn:
        conn.execute(ddl)
        conn.execute(f"COMMENT ON TABLE sessions IS '{postgres.VERSION_NOTE.format(1)}'")
        for table in ("sessions", "players", "hands", "items"):
            found = old.execute(f"SELECT * FROM {table}").fetchall()
            marks = ", ".join(["%s"] * len(found[0]))
            conn.cursor().executemany(f"INSERT INTO {table} VALUES ({marks})", found)
    totals = old.execute("SELECT session_id, name, total FROM players ORDER BY session_id, seat").fetchall()
    said = run("season", pg_url)
    assert said.exit_code == 2 and "schema 1" in said.output
    moved = export(pg_url, NIGHTS[1])
    assert moved.exit_code == 0, moved.output
    assert "brought up to date in place (schema 1 → 2)" in moved.stderr
    assert "autumn-1 → autumn-1-2" in moved.stderr and "hold the same hands" in moved.stderr
    reader = engine.open_database(pg_url)
    try:
        assert reader.rows("SELECT id, name FROM sessions ORDER BY id") == [
            (1, "autumn-1"), (2, "autumn-2"), (3, "notation-example"), (4, "autumn-1-2")]
        assert reader.rows("SELECT session_id, player, net FROM players ORDER BY session_id, seat") == totals
    finally:
        reader.close()
    lite = tmp_path / "season.db"
    import shutil
    shutil.copyfile(DATA / "schema-1.db", lite)
    assert export(lite, NIGHTS[1]).exit_code == 0
    assert rows(pg_url) == rows(lite)  # the same migration on both engines


def test_a_schema_2_database_gets_one_vocabulary_and_its_clubs(pg_url, tmp_path):
    """Schema 2's tables (tests/data/schema-2-postgresql.sql, as that version created them) and
    the rows its export wrote (tests/data/schema-2.db), on the server; then the step 2 → 3."""
    import sqlite3

    import psycopg
    old = sqlite3.connect(DATA / "schema-2.db")
    with psycopg.connect(pg_url) as conn:
        conn.execute((DATA / "schema-2-postgresql.sql").read_text("utf-8"))
        conn.execute(f"COMMENT ON TABLE sessions IS '{postgres.VERSION_NOTE.format(2)}'")
        for table in ("sessions", "players", "hands", "items", "payments"):
            found = old.execute(f"SELECT * FROM {table}").fetchall()
            marks = ", ".join(["%s"] * len(found[0]))
            conn.cursor().executemany(f"INSERT INTO {table} VALUES ({marks})", found)
    figures = old.execute("SELECT session_id, name, total, balance, from_players FROM players "
                          "ORDER BY session_id, seat").fetchall()
    said = run("season", pg_url)
    assert said.exit_code == 2 and "schema 2" in said.output
    moved = export(pg_url, NIGHTS[1], extra=("--club", "tours"))
    assert moved.exit_code == 0, moved.output
    assert "(schema 2 → 3): each session is known by its club and its name (clubs '', 'lyon', 'tours')" \
        in moved.stderr
    assert "replaced in" in moved.stdout  # tours/autumn-2 is its own session
    reader = engine.open_database(pg_url)
    try:
        assert reader.rows("SELECT id, club, name FROM sessions ORDER BY id") == [
            (1, "lyon", "autumn-1"), (2, "tours", "autumn-2"), (3, "", "notation-example")]
        assert reader.rows("SELECT session_id, player, net, balance, from_players FROM players "
                           "ORDER BY session_id, seat") == figures
        season = reader.rows("SELECT player, net, from_players FROM player_season ORDER BY player")
        assert season[0][0] == "Anne"
    finally:
        reader.close()
    lite = tmp_path / "season.db"
    import shutil
    shutil.copyfile(DATA / "schema-2.db", lite)
    assert export(lite, NIGHTS[1], extra=("--club", "tours")).exit_code == 0
    assert rows(pg_url) == rows(lite)  # the same migration on both engines
