"""Hard faults from outside the record: killed parents, signals, symlinks, failed databases.

The kills and signals run the installed command in real processes (its workers are real
children); the rest run in process. Each case here once went wrong (issue 23).
"""
import os
import sqlite3
from pathlib import Path

from conftest import SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.render import database

NIGHT = SAMPLES / "club-night.rvs"
runner = CliRunner()


# ------------------------------------------------------------------ symlinks
def test_format_in_place_through_a_link_rewrites_its_target(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    target = real / "night.rvs"
    target.write_text(NIGHT.read_text("utf-8").replace("\n", "\n\n", 1), "utf-8")
    link = tmp_path / "link.rvs"
    link.symlink_to(target)
    expected = runner.invoke(app, ["format", str(target)]).stdout
    result = runner.invoke(app, ["format", "--in-place", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text("utf-8") == expected
    assert [p.name for p in real.iterdir()] == ["night.rvs"]  # no temporary file left beside it


def test_export_to_a_link_writes_its_target(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    target = real / "night.json"
    target.write_text("old\n", "utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(Path("real") / "night.json")  # a relative link, as users make them
    result = runner.invoke(app, ["export", str(NIGHT), "--to", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == "real/night.json"
    assert target.read_text("utf-8").startswith('{\n  "format": "reversis-ledger/1"')
    assert [p.name for p in real.iterdir()] == ["night.json"]


# ------------------------------------------------------------------ a failed new database
def _failing_write(monkeypatch):
    def broken(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")
    monkeypatch.setattr(database, "replace_session", broken)


def test_a_failed_new_database_is_not_left_behind(tmp_path, monkeypatch):
    _failing_write(monkeypatch)
    db = tmp_path / "season.db"
    result = runner.invoke(app, ["export", str(NIGHT), "--format", "sqlite", "--to", str(db)])
    assert result.exit_code == 2 and "nothing was changed" in result.output
    assert not db.exists() and list(tmp_path.iterdir()) == []


def test_a_failed_run_keeps_an_existing_database_even_an_empty_one(tmp_path, monkeypatch):
    empty, full = tmp_path / "empty.db", tmp_path / "full.db"
    empty.touch()
    assert runner.invoke(app, ["export", str(NIGHT), "--format", "sqlite", "--to", str(full)]).exit_code == 0
    before = full.read_bytes()
    _failing_write(monkeypatch)
    for db in (empty, full):
        result = runner.invoke(app, ["export", str(NIGHT), "--format", "sqlite", "--to", str(db)])
        assert result.exit_code == 2
    assert empty.exists() and empty.stat().st_size == 0 and full.read_bytes() == before
