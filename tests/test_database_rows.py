"""The database an export writes, row for row, and what export and season say about it.

golden/export-sqlite.txt was written by the export as it was before the workers built the
rows (they sent the ledgers and the writer built the rows): the same files exported, then
exported again with more (one of them with record errors), in workers, must give every
table's rows, every message and the season's tables exactly as then.
"""
import shutil
import sqlite3

from conftest import DATA, ROOT, SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.render.schema import TABLES_3

GOLDEN = ROOT / "tests" / "golden" / "export-sqlite.txt"
FILES = [*sorted(SAMPLES.glob("*.rvs")), DATA / "notation-example.rvs",
         *(DATA / "ledgers" / f"{name}.rvs"
           for name in ("autumn-1", "autumn-bad", "autumn-2", "autumn-1-disputed"))]
ORDER = {"sessions": "id", "players": "session_id, seat", "hands": "session_id, number",
         "items": "session_id, hand, seq", "payments": "session_id, payer, payee",
         "paid_at_table": "session_id, seq"}
runner = CliRunner()


def said(*args: str) -> list[str]:
    result = runner.invoke(app, list(args))
    return [f"$ reversis-score {' '.join(args)}  (exit {result.exit_code})", *result.output.splitlines()]


def tables(db: str) -> list[str]:
    """Every row of every table, in key order, as Python sees it (so 1 and '1' differ); the
    site's tables (records, season_changes: the record's text and a log) are not figures."""
    conn = sqlite3.connect(db)
    try:
        out = [repr(r) for r in conn.execute("SELECT type, name, sql FROM sqlite_master WHERE tbl_name "
                                             "NOT IN ('records', 'season_changes') ORDER BY name")]
        for table in TABLES_3:
            rows = conn.execute(f"SELECT * FROM {table} ORDER BY {ORDER[table]}")
            out += [f"-- {table}"] + [repr(r) for r in rows]
        return out
    finally:
        conn.close()


def test_the_database_and_the_messages_are_as_before(tmp_path, monkeypatch, update_golden):
    for path in [*FILES, SAMPLES / "maison.toml"]:  # bare names: the file column holds them
        shutil.copy(path, tmp_path / path.name)
    monkeypatch.chdir(tmp_path)
    names = [p.name for p in FILES]
    out = said("export", *names[:3], "--format", "sqlite", "--to", "season.db")
    monkeypatch.setenv("REVERSIS_SCORE_INLINE_BYTES", "0")  # the pieces cross from workers
    out += said("export", *names, "--format", "sqlite", "--to", "season.db", "--jobs", "2")
    out += tables("season.db")
    out += said("season", "season.db") + said("season", "season.db", "--format", "json")
    text = "\n".join(out) + "\n"
    if update_golden:
        GOLDEN.write_text(text, "utf-8")
    assert text == GOLDEN.read_text("utf-8")
