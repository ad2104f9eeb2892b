"""Golden files: every bad record in samples/bad/ gets its exact, expected output.

Each ``samples/bad/NAME.rvs`` has ``NAME.expected``: what ``reversis-score check`` prints
and its exit status. Rewrite them only with ``pytest --update-golden`` (then read the diff).
"""
import pytest
from conftest import BAD, ROOT
from typer.testing import CliRunner

from reversis_score.cli import app

BAD_RECORDS = sorted(BAD.glob("*.rvs"))


def run_check(path, monkeypatch) -> str:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["check", str(path.relative_to(ROOT))])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return f"{result.output}exit status: {result.exit_code}\n"


def test_there_are_enough_bad_records():
    assert len(BAD_RECORDS) >= 12


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
