"""The bad records checked in French (``--lang fr``): each gets its exact expected output,
samples/bad/fr/NAME.expected (rewritten only with ``pytest --update-golden``).

Every diagnostic is in French: the notation's (notation/: wording, transform, parse, lexicon,
diagnostics), the rules' (rules/houserules.py), the rule violations the replay finds (replay/)
and the pipeline's (the pools at the table). No English word for a person is left in them.
"""
import re

import pytest
from conftest import BAD, ROOT
from typer.testing import CliRunner

from reversis_score.cli import app

BAD_RECORDS = sorted(BAD.glob("*.rvs"))
FRENCH = BAD / "fr"
# English words a French message never holds (the record's own lines, after '|', aside).
ENGLISH = re.compile(r"\b(?:is|not|the|of|player|players|hand|trick|error|expected|found|was|with|but|"
                     r"unknown|did|you|mean|this|and|holds|plays|card|cards|deal|dealer|dealt|exchange|lead|"
                     r"revoke|wins|pays|tricks|cannot|must|has|have|are|stands|party)\b")


def run_check(path, monkeypatch) -> str:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["--lang", "fr", "check", str(path.relative_to(ROOT))])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return f"{result.output}exit status: {result.exit_code}\n"


@pytest.mark.parametrize("path", BAD_RECORDS, ids=lambda p: p.stem)
def test_bad_record_gets_its_exact_error_in_french(path, monkeypatch, update_golden):
    got = run_check(path, monkeypatch)
    golden = FRENCH / path.with_suffix(".expected").name
    if update_golden:
        golden.write_text(got, "utf-8")
    assert golden.exists(), f"no golden file fr/{golden.name}: run pytest --update-golden and read it"
    assert got == golden.read_text("utf-8")
    assert got.endswith("exit status: 1\n") and "Traceback" not in got


def said(path) -> list[str]:
    """The messages of a golden file, without the record's own lines and carets."""
    lines = (FRENCH / path.with_suffix(".expected").name).read_text("utf-8").splitlines()
    return [line.split(": ", 1)[-1] for line in lines if re.match(r"samples/bad/\S+?(:\d+:\d+)?:? ", line)]


@pytest.mark.parametrize("path", BAD_RECORDS, ids=lambda p: p.stem)
def test_every_diagnostic_is_said_in_french(path):
    for message in said(path):
        quoted_out = re.sub(r"'[^']*'|`[^`]*`|\([^)]*:[^)]*\)", "", message)  # the notation's own words
        assert not ENGLISH.search(quoted_out), message
        assert "erreur" in message or "donne" in message or "joueurs" in message
