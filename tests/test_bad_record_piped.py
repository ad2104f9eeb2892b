"""Golden transcripts of ``record`` fed a scorer's mistakes through a pipe (issue 24).

Each ``samples/bad/record/NAME.expected`` is a transcript: its ``$ `` lines are the commands,
run in order in an empty folder (``< FILE`` pipes a file of samples/bad/record/ in), each
followed by what it printed (standard error, then standard output) and its exit status.
Rewrite them only with ``pytest --update-golden`` (then read the diff).
"""
from __future__ import annotations

import shlex

import pytest
from conftest import BAD
from typer.testing import CliRunner

from reversis_score.cli import app

CASES = sorted((BAD / "record").glob("*.expected"))


def transcript(commands: list[str], monkeypatch, folder) -> str:
    """The commands run again, as the transcript writes them."""
    monkeypatch.chdir(folder)
    out = []
    for command in commands:
        words = shlex.split(command.removeprefix("$ "))
        assert words[0] == "reversis-score", command
        piped = ""
        if "<" in words:
            at = words.index("<")
            piped = (BAD / "record" / words[at + 1]).read_text("utf-8")
            words = words[:at]
        result = CliRunner().invoke(app, words[1:], input=piped)
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        out += [command, result.stderr + result.stdout + f"exit status: {result.exit_code}"]
    return "\n".join(out) + "\n"


def test_a_record_piped_twice_is_refused_in_one_line():
    golden = (BAD / "record" / "piped-twice.expected").read_text("utf-8").rstrip("\n").split("\n")
    assert golden[-3].startswith("$ ") and golden[-2].count("refused") == 1


@pytest.mark.parametrize("golden", CASES, ids=lambda p: p.stem)
def test_a_piped_mistake_gets_its_exact_output(golden, monkeypatch, tmp_path, update_golden):
    commands = [line for line in golden.read_text("utf-8").splitlines() if line.startswith("$ ")]
    got = transcript(commands, monkeypatch, tmp_path)
    if update_golden:
        golden.write_text(got, "utf-8")
    assert got == golden.read_text("utf-8")
    lines = got.rstrip("\n").split("\n")
    assert lines[-1] == "exit status: 1" and "Traceback" not in got
    said = lines[len(lines) - 1 - lines[::-1].index(commands[-1]) + 1:-1]  # by the last command
    assert len(said) <= 3 and sum(line.startswith("<stdin>:") for line in said) == 1  # one cause, once
