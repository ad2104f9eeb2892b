"""``record``'s writes are all or nothing (issue 23): a full disk, a kill between any two steps
of a write, a symlink, a file left with a half line; and the time per entry, in process, does
not grow with the file (the figures are bench/record_lines.py's; here only that the closed
hands are settled once each)."""
from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import DATA, SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.record.session import Recorder

runner = CliRunner()
NIGHT = SAMPLES / "club-night.rvs"


def record(path, entries: str, *options: str):
    return runner.invoke(app, ["record", str(path), *options], input=entries)


def states(entries: str, folder: Path) -> list[str]:
    """Every text the record passes through as ``entries`` are entered one by one."""
    recorder = Recorder(str(folder / "x.rvs"), folder, interactive=False)
    out = [recorder.document()]
    for line in entries.split("\n"):
        recorder.enter(line)
        out.append(recorder.document())
    return out


@pytest.fixture
def small_disk(tmp_path):
    """A 12 KiB file system of its own (CI runs as root)."""
    mount = tmp_path / "small"
    mount.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=12k", "tmpfs", str(mount)], check=True)
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=True)


def test_a_full_disk_is_a_clear_error_and_the_file_stays_as_it_was(small_disk, tmp_path):
    entries = NIGHT.read_text("utf-8")
    target = small_disk / "night.rvs"
    result = record(target, entries)
    assert result.exit_code == 1
    assert "cannot be written (the disk is full): the last entry is not written" in result.stderr
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception,
                                                                                          SystemExit)
    written = target.read_text("utf-8")
    assert written.endswith("\n") and written in states(entries, tmp_path)
    assert sorted(p.name for p in small_disk.iterdir()) == ["night.rvs"]  # no temporary file left
    again = record(target, "")
    assert again.exit_code == 0 and "0 lines entered; hand " in again.stderr


def test_a_write_through_a_symlink_updates_its_target(tmp_path):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "night.rvs"
    link = tmp_path / "link.rvs"
    link.symlink_to(Path("real") / "night.rvs")
    assert record(link, "players: Anne Bruno Claire Denis\ndealer: Bruno\n").exit_code == 0
    assert link.is_symlink() and target.read_text("utf-8").endswith("hand 1\ndealer: Bruno\n")
    assert record(link, "2C JC 7C 5C\n").exit_code == 0
    assert link.is_symlink() and target.read_text("utf-8").endswith("  Claire: 2C JC 7C 5C\n")


def test_the_mode_of_the_file_is_kept(tmp_path):
    target = tmp_path / "m.rvs"
    target.write_text("players: Anne Bruno Claire Denis\n", "utf-8")
    target.chmod(0o640)
    assert record(target, "dealer: Bruno\n").exit_code == 0
    assert target.stat().st_mode & 0o777 == 0o640


KILLER = """
import os, signal, sys
call, when, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
real, seen = getattr(os, call), [0]
def patched(*args):
    seen[0] += 1
    if seen[0] == count and when == "before":
        os.kill(os.getpid(), signal.SIGKILL)
    result = real(*args)
    if seen[0] == count and when == "after":
        os.kill(os.getpid(), signal.SIGKILL)
    return result
setattr(os, call, patched)
sys.argv = ["reversis-score", "record", sys.argv[4]]
from reversis_score.cli import main
main()
"""


@pytest.mark.parametrize("call, when, count", [
    ("fsync", "before", 5), ("fsync", "after", 5), ("fsync", "before", 12), ("fsync", "after", 12),
    ("rename", "before", 3), ("rename", "after", 3), ("rename", "before", 9), ("rename", "after", 9),
    ("write", "before", 4), ("write", "after", 7),
])
def test_a_kill_between_any_two_steps_of_a_write_leaves_a_whole_record(tmp_path, call, when, count):
    """A real SIGKILL before or after the nth fsync (of the temporary file or of the folder),
    rename or write: the file is a state the record went through, and record goes on."""
    entries = (DATA / "notation-example.rvs").read_text("utf-8")
    target = tmp_path / "k.rvs"
    child = subprocess.run([sys.executable, "-c", KILLER, call, when, str(count), str(target)], input=entries,
                           capture_output=True, text=True, timeout=120)
    assert child.returncode == -signal.SIGKILL, child.stderr
    written = target.read_text("utf-8") if target.exists() else ""
    assert written in states(entries, tmp_path)
    again = record(target, "")
    assert again.exit_code == 0, again.output
    assert not list(tmp_path.glob(".*record-tmp"))


def test_a_half_line_at_the_end_is_offered_a_repair_that_says_what_it_drops(tmp_path):
    target = tmp_path / "half.rvs"
    whole = "players: Anne Bruno Claire Denis\n\nhand 1\ndealer: Bruno\ntricks:\n  Claire: 2C JC 7C 5C\n"
    target.write_text(whole + "  Brun", "utf-8")
    refused = record(target, "6H 8H KH 4H\n")
    assert refused.exit_code == 1
    assert refused.stderr == (f"{target}: ends in a half line, line 7: '  Brun' (cut off as it was written); "
                              f"`reversis-score record --repair {target}` drops it\n")
    assert target.read_text("utf-8") == whole + "  Brun"
    repaired = record(target, "6H 8H KH 4H\n", "--repair")
    assert repaired.exit_code == 0, repaired.output
    assert f"{target}: dropped the half line at its end, line 7: '  Brun'" in repaired.stderr
    assert target.read_text("utf-8") == whole + "  Denis:  6H 8H KH 4H\n"


def test_a_second_record_waits_for_no_lock_that_a_rename_moved(tmp_path):
    from reversis_score.record.store import Busy, Store
    target = tmp_path / "busy.rvs"
    holder = Store(target)
    try:
        holder.sync("players: A B C D\n")  # a new file in its place, locked before the rename
        with pytest.raises(Busy):
            Store(target)
        assert record(target, "dealer: B\n").exit_code == 2
    finally:
        holder.close()
    assert record(target, "dealer: B\n").exit_code == 0


def test_the_closed_hands_are_settled_once_each(tmp_path):
    """What made record slow down as the file grew: every trick settled every hand before it."""
    from reversis_score.record.entries import Ahead
    from reversis_score.settle.hand import settle_hand
    calls = []

    def count(frame, event, arg):
        if event == "call" and frame.f_code is settle_hand.__code__:
            calls.append(1)
    lines = Ahead(NIGHT.read_text("utf-8").split("\n"))
    recorder = Recorder(str(tmp_path / "n.rvs"), SAMPLES, interactive=False)
    recorder.ahead = lines.rest_of_hand  # as a piped run has it: a revoke acknowledged below
    sys.setprofile(count)
    try:
        for line in lines:
            assert not recorder.enter(line).refused
    finally:
        sys.setprofile(None)
    assert len(calls) <= 2 * 12  # each hand: once as it ends (a copy), once carried forward
