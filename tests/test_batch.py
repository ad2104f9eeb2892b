"""Runs over many files: --jobs gives byte for byte the output of one process, in the order
the files were given; no progress bar unless standard error is a terminal."""
import os
import random
import subprocess
import sys
from pathlib import Path

import gen
import pytest
from conftest import BAD, SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app, batch

runner = CliRunner()


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    """Enough generated sessions (and two bad files, one missing) for a pool of workers."""
    folder = tmp_path_factory.mktemp("archive")
    names = []
    for i in range(12):
        session = gen.random_session(random.Random(i), ("Anne", "Bruno", "Claire", "Denis"), 8,
                                     void_rate=0.1, title=f"Night {i}", rules="parlett", stake=50)
        path = folder / f"night-{i:02}.rvs"
        path.write_text(gen.to_rvs(session), "utf-8")
        names.append(str(path))
    names.insert(5, str(min(BAD.glob("*.rvs"))))
    names.insert(9, str(SAMPLES / "club-night.rvs"))
    return names


def cli(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    """The installed command in a child process: real worker processes, real pipes."""
    return subprocess.run([sys.executable, "-c", "from reversis_score.cli import main; main()", *args],
                          input=stdin, capture_output=True, timeout=300, check=False)


@pytest.fixture(autouse=True)
def big_enough(monkeypatch):
    # The pool is used even for the few small files of these tests (children inherit this).
    monkeypatch.setenv("REVERSIS_SCORE_INLINE_BYTES", "0")


@pytest.mark.parametrize("command", [["check"], ["check", "--strict"], ["export"],
                                     ["export", "--format", "csv"],
                                     ["export", "--format", "csv", "--what", "hands"],
                                     ["export", "--format", "markdown"]], ids=" ".join)
def test_jobs_2_is_byte_for_byte_jobs_1(archive, command):
    one = cli(*command, "--jobs", "1", *archive)
    two = cli(*command, "--jobs", "2", *archive)
    assert (two.returncode, two.stdout, two.stderr) == (one.returncode, one.stdout, one.stderr)
    assert one.returncode == 1 and one.stdout


def test_jobs_keep_the_order_of_the_files(archive):
    out = cli("check", "--jobs", "2", *reversed(archive)).stdout.decode("utf-8").splitlines()
    assert [line.split(":")[0] for line in out] == [n for n in reversed(archive)]


def test_jobs_2_database_export_is_the_same(archive, tmp_path):
    good = [n for n in archive if "night-" in n]
    one = cli("export", "--format", "sqlite", "--to", str(tmp_path / "one.db"), "--jobs", "1", *good)
    two = cli("export", "--format", "sqlite", "--to", str(tmp_path / "two.db"), "--jobs", "2", *good)
    assert one.returncode == two.returncode == 0
    assert one.stdout.replace(b"one.db", b"X") == two.stdout.replace(b"two.db", b"X")
    dump = cli("season", str(tmp_path / "one.db"), "--format", "json").stdout
    assert dump == cli("season", str(tmp_path / "two.db"), "--format", "json").stdout


def test_a_missing_file_with_jobs_exports_nothing(archive, tmp_path):
    out = str(tmp_path / "out.json")
    result = cli("export", "--jobs", "2", "--to", out, archive[0], "nowhere.rvs", archive[1])
    assert result.returncode == 2 and b"nowhere.rvs: no such file" in result.stderr
    assert not (tmp_path / "out.json").exists()


def test_standard_input_with_jobs(archive):
    data = Path(archive[0]).read_bytes()
    result = cli("check", "--jobs", "2", "-", archive[1], stdin=data)
    assert result.returncode == 0 and result.stdout.startswith(b"-: 8 hands")


def test_no_progress_bar_when_stderr_is_not_a_terminal(archive, monkeypatch):
    monkeypatch.setattr(batch, "PROGRESS_AFTER_S", 0.0)
    result = cli("check", "--jobs", "1", *archive)
    assert b"files," not in result.stderr and b"hands/s" not in result.stderr
    bar = batch.Progress(3, 100, enabled=True)
    assert not bar.enabled  # pytest's standard error is no terminal


def test_progress_bar_on_a_terminal_and_never_with_quiet(monkeypatch):
    monkeypatch.setattr(batch, "PROGRESS_AFTER_S", 0.0)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    shown = batch.Progress(3, 100, enabled=True)
    report = batch.FileReport("a.rvs", hands=12)
    shown.advance(report, 50)
    assert shown.bar is not None
    shown.stop()
    quiet = batch.Progress(3, 100, enabled=False)
    quiet.advance(report, 50)
    assert quiet.bar is None


def test_a_short_run_starts_no_pool(monkeypatch):
    monkeypatch.delenv("REVERSIS_SCORE_INLINE_BYTES")
    started = []
    monkeypatch.setattr(batch, "_windowed", lambda *a: started.append(1) or iter(()))
    reports = list(batch.run_ordered(lambda name: batch.FileReport(name), ["a", "b"], 4, [10, 10]))
    assert [r.name for r in reports] == ["a", "b"] and not started
    assert list(batch.run_ordered(lambda name: batch.FileReport(name), ["a"], 4)) == [batch.FileReport("a")]
    assert batch.default_jobs() >= 1 and os.cpu_count()


def test_jobs_must_be_positive():
    result = runner.invoke(app, ["check", "--jobs", "0", str(SAMPLES / "club-night.rvs")])
    assert result.exit_code == 2


def test_an_aborted_export_advances_the_progress_by_each_files_own_size(archive, monkeypatch):
    # --all-or-nothing stops at the bad file (the sixth); the rest are still reported, and the
    # bar must move by their sizes, not start again from the first file's.
    monkeypatch.setenv("REVERSIS_SCORE_INLINE_BYTES", str(1 << 30))  # in process: advance is seen
    moved = []
    monkeypatch.setattr(batch.Progress, "advance",
                        lambda self, report, size: moved.append((report.name, size)))
    result = runner.invoke(app, ["export", "--all-or-nothing", *archive])
    assert result.exit_code == 1
    assert moved == [(name, Path(name).stat().st_size) for name in archive]


# ------------------------------------------------------------------ a pool's answers
def _how_i_answer(_job: object) -> tuple[bool, bool]:
    return batch.IN_WORKER, batch.long_answers()


def test_a_forked_pool_s_parent_gives_up_the_answers_write_end():
    """Forked workers may answer at length (an export piece's bytes) only because the parent
    keeps no write end of their answers' pipe; a spawned worker keeps to short answers."""
    import multiprocessing
    forked = multiprocessing.get_context().get_start_method() == "fork"
    with batch._pool(2) as pool:
        assert batch._submit(pool, _how_i_answer, None).result(timeout=60) == (True, forked)
        assert pool._result_queue._writer.closed == forked  # type: ignore[attr-defined]
    assert batch.long_answers() and not batch._SEALED  # this process, the pool over


class _Stop(Exception):
    """Stands for the signal that stops a run."""


def _half_an_answer(marker: str) -> None:
    """Write the first bytes of a long answer into the pool's answers' pipe, as a worker stopped
    in the middle of sending one leaves them, then wait to be stopped."""
    import struct
    import time
    frame = sys._getframe(1)
    while "result_queue" not in frame.f_locals:  # concurrent.futures' _process_worker
        frame = frame.f_back
    writer = frame.f_locals["result_queue"]._writer
    os.write(writer.fileno(), struct.pack("!i", 1 << 20) + b"half an answer")
    Path(marker).touch()
    time.sleep(120)


def test_a_half_answer_left_by_a_stopped_worker_does_not_hang_the_pool(tmp_path):
    """A run stopped while a worker was sending its answer (SIGTERM of export --jobs 2) hung for
    ever: the parent's reader waited for the rest of the message. Now the last worker's exit
    closes the pipe: the reader gives up, and the pool shuts down."""
    import multiprocessing
    import threading
    if multiprocessing.get_context().get_start_method() != "fork":
        return  # a spawned worker's answer is always short: nothing is ever left half-sent
    marker = tmp_path / "sent"
    ended, pools = threading.Event(), []

    def run() -> None:
        try:
            with batch._pool(2) as pool:
                pools.append(pool)
                batch._submit(pool, _half_an_answer, str(marker))
                while not marker.exists():
                    threading.Event().wait(0.01)
                raise _Stop  # as the signal's exception unwinds the run
        except _Stop:
            ended.set()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(60)
    if not ended.is_set() and pools:  # let the stuck reader go, so that this test fails, not hangs
        os.close(pools[0]._result_queue._reader.fileno())
    assert ended.is_set()
