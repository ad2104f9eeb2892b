"""Golden files: every bad record in samples/bad/ gets its exact, expected output.

Each ``samples/bad/NAME.rvs`` has ``NAME.expected``: what ``reversis-score check`` prints
and its exit status. Rewrite them only with ``pytest --update-golden`` (then read the diff).
Each is one scorer's mistake, said once, in three lines at most (the message, the line, the
caret), however much of the record it makes unreadable; the few records that hold several
mistakes, each independent of the others, get one message for each.
"""
import pytest
from conftest import BAD, ROOT
from typer.testing import CliRunner

from reversis_score.cli import app

BAD_RECORDS = sorted(BAD.glob("*.rvs"))
# Records with several independent mistakes: every one is reported.
SEVERAL = {"bad-table-line": 2, "errors-in-two-hands": 2, "unacknowledged-revoke": 2}


def run_check(path, monkeypatch) -> str:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["check", str(path.relative_to(ROOT))])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return f"{result.output}exit status: {result.exit_code}\n"


def test_there_are_enough_bad_records():
    assert len(BAD_RECORDS) >= 44
    assert len([p for p in BAD_RECORDS if p.stem not in SEVERAL]) >= 20


@pytest.mark.parametrize("path", BAD_RECORDS, ids=lambda p: p.stem)
def test_bad_record_gets_its_exact_error(path, monkeypatch, update_golden):
    got = run_check(path, monkeypatch)
    golden = path.with_suffix(".expected")
    if update_golden:
        golden.write_text(got, "utf-8")
    assert golden.exists(), f"no golden file {golden.name}: run pytest --update-golden and read it"
    assert got == golden.read_text("utf-8")
    assert got.endswith("exit status: 1\n")
    assert "Traceback" not in got


@pytest.mark.parametrize("path", BAD_RECORDS, ids=lambda p: p.stem)
def test_one_mistake_is_one_message_of_three_lines_at_most(path):
    got = path.with_suffix(".expected").read_text("utf-8").splitlines()
    said = [line for line in got if line.startswith(f"samples/bad/{path.name}:")
            and (": error: " in line or ": warning: " in line)]
    summary = [line for line in got if line.startswith(f"samples/bad/{path.name}: ")]
    diagnostics = [line for line in got[:-1] if line not in summary]  # less the exit status
    assert len(said) == SEVERAL.get(path.stem, 1), said
    assert len(diagnostics) <= 3 * len(said), diagnostics
    assert all(len(line) > 0 for line in diagnostics)
