"""Issue 31's small things, each as the user meets it at the command line."""
from conftest import ROOT
from typer.testing import CliRunner

from reversis_score.cli import app

runner = CliRunner()


def invoke(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_check_a_folder_checks_every_record_under_it(tmp_path, monkeypatch):
    # Was: "samples/: is a directory".
    (tmp_path / "night").mkdir()
    (tmp_path / "night" / "deeper").mkdir()
    club = (ROOT / "samples" / "club-night.rvs").read_text("utf-8")
    for name in ("night/b.rvs", "night/deeper/a.rvs", "night/a.rvs"):
        (tmp_path / name).write_text(club, "utf-8")
    (tmp_path / "night" / "notes.txt").write_text("not a record", "utf-8")
    monkeypatch.chdir(tmp_path)
    result = invoke("check", "night/")
    assert result.exit_code == 0
    assert [line.split(":")[0] for line in result.output.splitlines()] == [
        "night/a.rvs", "night/b.rvs", "night/deeper/a.rvs"]


def test_check_samples_folder_names_each_bad_record(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = invoke("check", "samples/")
    records = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "samples").rglob("*.rvs"))
    said = {line.split(":")[0] for line in result.output.splitlines()}
    assert records and set(records) <= said
    assert result.exit_code == 1  # samples/bad holds bad records


def test_check_an_empty_folder_is_a_usage_error(tmp_path):
    result = invoke("check", str(tmp_path))
    assert result.exit_code == 2 and "no record (.rvs) in this folder or under it" in result.output


def test_itemized_is_itemised():
    sample = str(ROOT / "samples" / "club-night.rvs")
    assert invoke("settle", sample, "--itemized").output == invoke("settle", sample, "--itemised").output


def _right_aligned(text: str, header: str) -> bool:
    """Whether every row's cell under ``header`` ends where the heading ends."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if header in line.split())
    end = lines[top].index(header) + len(header)
    rows = []
    for line in lines[top + 2:]:
        if not line.strip():
            break
        rows.append(line)
    return bool(rows) and all(len(r) >= end and r[end - 1] != " " for r in rows)


def test_compare_and_audit_right_align_their_number_columns():
    # Issue 31: "pools left 60 95 100" and audit's "−63 (due −64)" made their columns left-aligned.
    sample = str(ROOT / "samples" / "club-night.rvs")
    compare = invoke("settle", sample, "--compare", "parlett,denexa").output
    assert _right_aligned(compare, "parlett") and _right_aligned(compare, "denexa")
    audit = invoke("audit", str(ROOT / "tests" / "data" / "ledgers" / "autumn-1-disputed.rvs")).output
    assert all(_right_aligned(audit, name) for name in ("Anne", "Bruno", "Claire", "Denis", "pools"))


def test_record_refuses_a_fifo_or_a_device_unread(tmp_path):
    # Why 11: record/terminal.py read its file without the size bound or the regular-file check.
    import os
    import subprocess
    import sys
    fifo = tmp_path / "pipe.rvs"
    os.mkfifo(fifo)
    command = [sys.executable, "-c", "from reversis_score.cli import main; main()"]
    for name in (str(fifo), "/dev/zero"):
        done = subprocess.run(command + ["record", name], input=b"", capture_output=True, timeout=120)
        assert done.returncode == 2 and b"not a regular file" in done.stderr, name


def test_export_of_an_empty_file_says_it_once(tmp_path):
    # Why 11: "has record errors: not exported" came after "the file is empty" for the same file.
    empty = tmp_path / "empty.rvs"
    empty.write_text("", "utf-8")
    result = invoke("export", str(empty), "--format", "json")
    assert result.exit_code == 1
    assert "the file is empty" in result.output and "has record errors" not in result.output
