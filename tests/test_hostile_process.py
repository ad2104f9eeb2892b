"""Hard faults from outside the record: killed parents, signals, symlinks, failed databases.

The kills and signals run the installed command in real processes (its workers are real
children); the rest run in process. Each case here once went wrong (issue 23).
"""
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import SAMPLES
from processes import children, running
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


# ------------------------------------------------------------------ long sessions stream
@pytest.mark.parametrize("args", [["--format", "json"], ["--format", "csv"], ["--format", "markdown"],
                                  ["--format", "csv", "--what", "hands"],
                                  ["--format", "sqlite", "--to", "season.db"]],
                         ids=["json", "csv", "markdown", "hands", "sqlite"])
def test_export_never_holds_a_whole_session(args, tmp_path, monkeypatch):
    """Each hand is written as it is settled: no whole checked session, no whole ledger is
    ever built (bench/export_memory.py measures the memory this saves)."""
    from reversis_score import pipeline
    from reversis_score.ledger import build
    monkeypatch.chdir(tmp_path)
    files = [str(NIGHT), str(SAMPLES / "denexa-online.rvs")]
    expected = runner.invoke(app, ["export", *files, *args])
    assert expected.exit_code == 0
    Path("season.db").unlink(missing_ok=True)

    def whole(*_args, **_kwargs):
        raise AssertionError("a whole session was built")
    monkeypatch.setattr(pipeline, "collect", whole)
    monkeypatch.setattr(build, "build_ledger", whole)
    result = runner.invoke(app, ["export", *files, *args])
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes == expected.stdout_bytes


# ------------------------------------------------------------------ workers die with their parent
COMMAND = [sys.executable, "-c", "from reversis_score.cli import main; main()"]
COPIES = 300  # club nights exported in one run: enough that the run is under way when it is stopped


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> list[str]:
    folder = tmp_path_factory.mktemp("archive")
    names = []
    for i in range(COPIES):
        shutil.copy(NIGHT, folder / f"night-{i:03}.rvs")
        names.append(str(folder / f"night-{i:03}.rvs"))
    return names


@contextmanager
def _started(args: list[str], cwd: Path, workers: int = 2) -> Iterator[tuple[subprocess.Popen, set[int]]]:
    """The command under way with its workers started, and the workers' process ids; whatever
    the test finds, neither the command nor a worker outlives it."""
    env = {**os.environ, "REVERSIS_SCORE_INLINE_BYTES": "0",  # a pool even for small files
           "TMPDIR": str(cwd.parent)}  # where a killed run leaves its pieces' folder: pytest's
    proc = subprocess.Popen([*COMMAND, *args], cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    kids: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while len(kids) < workers and time.monotonic() < deadline and proc.poll() is None:
            kids |= children(proc.pid)
            time.sleep(0.02)
        assert len(kids) >= workers, "the workers never started"
        yield proc, kids
    finally:
        for pid in [proc.pid, *kids]:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
        proc.communicate()


def _left_behind(kids: set[int], within: float = 5.0) -> set[int]:
    """The workers still running ``within`` seconds from now."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline and any(map(running, kids)):
        time.sleep(0.05)
    return {k for k in kids if running(k)}


def test_kill_9_of_an_export_leaves_no_worker_behind(archive, tmp_path):
    with _started(["export", *archive, "--jobs", "2", "--to", "out.json"], tmp_path) as (proc, kids):
        proc.kill()
        proc.wait()
        assert _left_behind(kids) == set()
    assert not (tmp_path / "out.json").exists()


@pytest.mark.parametrize("command", ["export", "check"])
def test_sigterm_stops_the_whole_run_with_143_and_one_line(archive, tmp_path, command):
    args = [command, *archive, "--jobs", "2"] + (["--to", "out.json"] if command == "export" else [])
    with _started(args, tmp_path) as (proc, kids):
        proc.terminate()
        _, err = proc.communicate(timeout=30)
        assert proc.returncode == 143
        assert err.decode().splitlines() == ["terminated (SIGTERM): stopped"]
        assert _left_behind(kids) == set()
    assert list(tmp_path.iterdir()) == []  # no export, no temporary file


@pytest.mark.parametrize("command", ["export", "check"])
def test_sigint_stops_the_whole_run_with_130_and_one_line(archive, tmp_path, command):
    args = [command, *archive, "--jobs", "2"]
    args += ["--format", "sqlite", "--to", "season.db"] if command == "export" else []
    with _started(args, tmp_path) as (proc, kids):
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
        assert proc.returncode == 130
        assert err.decode().splitlines() == ["interrupted (SIGINT): stopped"]
        assert _left_behind(kids) == set()
    assert list(tmp_path.iterdir()) == []


def test_jobs_is_capped_at_the_cpus_unless_forced(archive, tmp_path):
    cpus = len(os.sched_getaffinity(0))
    for extra, most in (([], cpus), (["--jobs-force"], cpus + 2)):
        with _started(["check", *archive, "--jobs", str(cpus + 2), *extra], tmp_path, 1) as (proc, seen):
            while proc.poll() is None:
                seen |= children(proc.pid)
                time.sleep(0.01)
            assert proc.returncode == 0 and len(seen) <= most
            if extra:
                assert len(seen) == most
