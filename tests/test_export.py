"""export: JSON, CSV and Markdown agree with ``settle --format json`` to the fish; files go in whole."""
import csv
import hashlib
import io
import json

import pytest
from conftest import DATA, SAMPLES, verified
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.pipeline import check_text

LEDGERS = DATA / "ledgers"
EXAMPLE = DATA / "notation-example.rvs"
NIGHT1, NIGHT2, BAD = LEDGERS / "autumn-1.rvs", LEDGERS / "autumn-2.rvs", LEDGERS / "autumn-bad.rvs"
runner = CliRunner()
CLEAN = [p for p in sorted(SAMPLES.glob("*.rvs")) + [EXAMPLE, NIGHT1, NIGHT2]
         if check_text(p.read_text("utf-8"), str(p)).ok]


def run(*args):
    return runner.invoke(app, [*map(str, args)])


def settle_json(path) -> dict:
    return json.loads(run("settle", path, "--format", "json").stdout)


# ------------------------------------------------------------------ JSON
@pytest.mark.parametrize("path", CLEAN, ids=lambda p: p.name)
def test_json_agrees_with_settle_and_passes_the_checker(path, tmp_path):
    target = tmp_path / "ledger.json"
    result = run("export", path, "--format", "json", "--to", target)
    assert result.exit_code == 0, result.output
    doc, settled = json.loads(target.read_text("utf-8")), settle_json(path)
    assert doc["totals"] == settled["totals"] and doc["pools"] == settled["pools"]
    nets = [h["net"] for h in doc["hands"] if "net" in h]
    assert nets == [h["net"] for h in settled["hands"] if "net" in h]
    assert doc["session"]["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    checked = verified(target)
    assert checked.exit_code == 0, checked.output


def test_json_of_several_files_is_a_list():
    docs = json.loads(run("export", NIGHT1, NIGHT2).stdout)
    assert [d["session"]["title"] for d in docs] == ["Autumn league, night 1", "Autumn league, night 2"]


# ------------------------------------------------------------------ CSV
def read_csv(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text, newline="")))


@pytest.mark.parametrize("path", CLEAN, ids=lambda p: p.name)
def test_items_csv_read_back_sums_to_the_json_totals(path, tmp_path):
    target = tmp_path / "items.csv"
    assert run("export", path, "--format", "csv", "--to", target).exit_code == 0
    rows = read_csv(target.read_text("utf-8"))
    doc = settle_json(path)
    sums = {p: 0 for p in doc["session"]["players"]}
    pools = 0
    for row in rows:
        if row["cancelled_by"]:
            continue
        amount = int(row["amount"])
        for side, sign in ((row["payer"], -1), (row["payee"], 1)):
            if side in sums:
                sums[side] += sign * amount
            else:
                pools += sign * amount
    assert sums == doc["totals"]
    settled = [h for h in doc["hands"] if h["status"] != "error"]
    assert pools == sum(doc["pools"]) - (sum(settled[0]["pools_before"]) if settled else 0)
    assert list(rows[0]) == ["session", "file", "hand", "seq", "trick", "kind", "card", "payer",
                             "payee", "amount", "cancelled_by", "why"]


def test_hands_csv_sums_to_the_json_totals(tmp_path):
    target = tmp_path / "hands.csv"
    assert run("export", NIGHT1, "--format", "csv", "--what", "hands", "--to", target).exit_code == 0
    rows = read_csv(target.read_text("utf-8"))
    totals = settle_json(NIGHT1)["totals"]
    assert {p: sum(int(r[p]) for r in rows) for p in totals} == totals
    assert [r["hand"] for r in rows] == ["1", "2", "3", "4", "5", "6"]


def test_hands_csv_of_sessions_with_different_players(tmp_path):
    text = run("export", NIGHT1, NIGHT2, "--format", "csv", "--what", "hands").stdout
    rows = read_csv(text)
    assert list(rows[0])[5:10] == ["Anne", "Bruno", "Claire", "Denis", "Élise"]
    for path in (NIGHT1, NIGHT2):
        totals = settle_json(path)["totals"]
        mine = [r for r in rows if r["file"] == str(path)]
        assert {p: sum(int(r[p]) for r in mine) for p in totals} == totals


def test_csv_quoting_is_rfc4180(tmp_path):
    target = tmp_path / "items.csv"
    run("export", EXAMPLE, "--format", "csv", "--to", target)
    data = target.read_bytes()
    assert data.startswith(b"session,file,hand,seq") and data.count(b"\r\n") == 15
    text = data.decode("utf-8")
    rows = read_csv(text)
    assert any("," in r["why"] for r in rows)  # whys hold commas: quoted, read back whole
    assert len(rows) == 14


# ------------------------------------------------------------------ Markdown
def test_markdown_for_a_newsletter():
    text = run("export", NIGHT1, NIGHT2, "--format", "markdown").stdout
    assert text.count("## Hands") == 2 and text.count("## Settle up") == 2
    assert "| Anne" in text or "|   hand | dealer" in text
    assert "\n---\n" in text


# ------------------------------------------------------------------ errors and safety
def test_a_file_with_errors_is_left_out_and_reported(tmp_path):
    target = tmp_path / "out.json"
    result = run("export", NIGHT1, BAD, NIGHT2, "--to", target)
    assert result.exit_code == 1
    assert "autumn-bad.rvs: has record errors: not exported" in result.output
    docs = json.loads(target.read_text("utf-8"))
    assert len(docs) == 2


def test_all_or_nothing_writes_nothing(tmp_path):
    target = tmp_path / "out.csv"
    target.write_text("what was there before\n")
    result = run("export", NIGHT1, BAD, "--format", "csv", "--to", target, "--all-or-nothing")
    assert result.exit_code == 1 and "nothing exported" in result.output
    assert target.read_text() == "what was there before\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]


def test_written_through_a_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "out.json"
    target.write_text("old\n")
    import reversis_score.files as files

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(files.os, "replace", broken_replace)
    result = run("export", NIGHT1, "--to", target)
    assert result.exit_code == 2 and "nothing was written" in result.output
    assert target.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]  # no temporary file left


def test_usage_errors(tmp_path):
    assert run("export", NIGHT1, "--format", "sqlite").exit_code == 2  # no --to
    assert run("export", NIGHT1, "--what", "hands").exit_code == 2  # hands are CSV only
    assert run("export", NIGHT1, "--format", "yaml").exit_code == 2
    target = tmp_path / "x.json"
    result = run("export", NIGHT1, tmp_path / "none.rvs", "--to", target)
    assert result.exit_code == 2 and "no such file" in result.output and not target.exists()
    assert run("export", NIGHT1, "--to", tmp_path / "no" / "dir" / "x.json").exit_code == 2


def test_stdin_is_a_file_like_any_other():
    result = runner.invoke(app, ["export", "-"], input=EXAMPLE.read_bytes())
    assert result.exit_code == 0
    assert json.loads(result.stdout)["totals"] == {"Anne": 39, "Bruno": -14, "Claire": -64, "Denis": -11}


def test_new_files_get_the_umask_mode_not_the_temporary_files(tmp_path):
    import os
    mask = os.umask(0o022)
    try:
        target, db = tmp_path / "new.json", tmp_path / "new.db"
        assert run("export", EXAMPLE, "--to", target).exit_code == 0
        assert run("export", EXAMPLE, "--format", "sqlite", "--to", db).exit_code == 0
        assert (target.stat().st_mode & 0o777) == 0o644 and (db.stat().st_mode & 0o777) == 0o644
        os.chmod(target, 0o600)  # an existing file keeps its own mode
        run("export", EXAMPLE, "--to", target)
        assert target.stat().st_mode & 0o777 == 0o600
    finally:
        os.umask(mask)


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.rvs")), ids=lambda p: p.name)
def test_a_database_piece_is_the_sessions_rows_in_plain_values(path):
    # The worker sends the writer the rows it would build from the ledger, and nothing but
    # tuples, lists, numbers, text and None: what pickles fast and loads without our classes.
    import pickle

    from reversis_score.render.database import session_rows
    from reversis_score.report import export
    data = path.read_bytes()
    f = export.session_file(path.name, data, check_text(data.decode("utf-8"), path.name, path.parent))
    assert f.ledger is not None  # every sample is clean
    rows = pickle.loads(export.piece(f, "sqlite"))
    assert rows == session_rows(f.sha256, f.ledger)
    assert len(rows.hands) == len(f.ledger.settled) and rows.session[0] == f.sha256

    def plain(value) -> bool:
        if isinstance(value, tuple | list):
            return all(plain(v) for v in value)
        return value is None or type(value) in (int, str)
    assert plain(rows)
