"""Tables fit the terminal: at a terminal of any width every line fits (``COLUMNS``, else the
terminal's size, else 100), long cells wrapping inside their column, and ``rules NAME`` a list
when its table would not fit; to a pipe or a file each row stays one line, as scripts read it."""
from __future__ import annotations

import os
import re
import sys

import pexpect
import pytest
from conftest import ROOT
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.render import fit
from reversis_score.render.tables import write_blocks
from reversis_score.report import rules as rulesview

WIDTHS = [40, 60, 80, 100, 132]
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
COMMANDS = {
    "rules": ["rules"],
    "rules regles-fr": ["rules", "regles-fr"],
    "rules double_tricks": ["rules", "double_tricks"],
    "rules --diff": ["rules", "--diff", "parlett", "regles-fr"],
    "settle --itemised": ["settle", "samples/club-night.rvs", "--itemised"],
    "settle --compare": ["settle", "samples/club-night.rvs", "--compare", ""],
    "settle --hand": ["settle", "samples/club-night.rvs", "--hand", "8"],
    "why": ["why", "samples/club-night.rvs", "Denis", "Claire", "--pools"],
    "audit": ["audit", "tests/data/ledgers/autumn-1-disputed.rvs"],
}


def at_terminal(args: list[str], columns: int, env_columns: str | None = None) -> list[str]:
    """The lines a command writes to a real terminal ``columns`` wide (``COLUMNS`` set to
    ``env_columns``, or unset)."""
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    env.update(TERM="dumb", PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""))
    if env_columns is not None:
        env["COLUMNS"] = env_columns
    child = pexpect.spawn(sys.executable, ["-c", "from reversis_score.cli import main; main()", *args],
                          env=env, cwd=str(ROOT), encoding="utf-8", dimensions=(50, columns), timeout=60)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus in (0, 3), child.before
    return ESCAPES.sub("", child.before).replace("\r\n", "\n").rstrip("\n").split("\n")


def words(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize("name", COMMANDS)
@pytest.mark.parametrize("columns", [40, 80])
def test_every_line_fits_a_real_terminal_and_nothing_is_lost(name, columns):
    args = COMMANDS[name]
    lines = at_terminal(args, columns)
    assert max(map(fit.width_of, lines)) <= columns, "\n".join(lines)
    piped = CliRunner().invoke(app, args, catch_exceptions=False)
    # the same words, only laid out otherwise (a list writes its headings with a colon; a word
    # longer than its column is cut)
    said = {w.rstrip(":") for w in words("\n".join(lines))}
    run = "".join(words("\n".join(lines)))
    shown = piped.stdout.split("\n")
    headings = {w for i, line in enumerate(shown[1:]) if line.startswith("--") for w in words(shown[i])}
    listed = not any(line.startswith("--") for line in lines)  # a list names the first column not
    for word in (w for w in words(piped.stdout) if not set(w) <= {"-"}):
        if listed and word in headings:
            continue
        assert word.rstrip(":") in said or word in run, word


def test_columns_wins_over_the_terminal_and_a_pipe_keeps_one_line_per_row(monkeypatch):
    lines = at_terminal(COMMANDS["rules double_tricks"], 200, env_columns="60")
    assert max(map(len, lines)) <= 60
    monkeypatch.setenv("COLUMNS", "60")
    monkeypatch.chdir(ROOT)
    piped = CliRunner().invoke(app, COMMANDS["rules double_tricks"]).stdout.splitlines()
    assert max(map(len, piped)) > 100  # its sentences, each on the line of its preset
    assert [line.split()[0] for line in piped[5:10]] == ["parlett", "denexa", "regles-fr", "manuscrit",
                                                        "dafydd"]


def test_a_table_that_fits_is_drawn_as_before():
    blocks = rulesview.diff_blocks("parlett", "denexa")
    assert write_blocks(blocks, "table", 400) == write_blocks(blocks, "table")


@pytest.mark.parametrize("width", WIDTHS)
def test_long_cells_wrap_inside_their_column(width):
    blocks = rulesview.one_knob_blocks("double_tricks")
    text = write_blocks(blocks, "table", width)
    lines = text.split("\n")
    assert max(map(len, lines)) <= width
    rule = next(line for line in lines if line.startswith("-"))
    starts = [m.start() for m in re.finditer(r"(?:^|  )(-+)", rule)]
    sentence = next(line for line in lines if line.startswith("parlett"))
    assert sentence.startswith("parlett    10 11")
    # every continuation line is indented to the column it belongs to
    for line in lines[lines.index(sentence) + 1:]:
        if line and not line[0].isalpha():
            assert len(line) - len(line.lstrip()) + 2 >= starts[-1]


@pytest.mark.parametrize("width", [60, 80, 100])
def test_rules_of_one_preset_is_a_list_when_its_table_cannot_fit(width, monkeypatch):
    lines = at_terminal(["rules", "regles-fr"], width)
    assert max(map(len, lines)) <= width
    assert "deck" in lines and "  value: 48" in lines
    assert not any(line.startswith("knob ") for line in lines)
    wide = at_terminal(["rules", "regles-fr"], 1000)
    assert any(line.startswith("knob ") for line in wide)


def test_a_table_too_narrow_for_any_wrapping_becomes_a_list():
    blocks = rulesview.preset_blocks()
    text = write_blocks(blocks, "table", 30)
    assert max(map(len, text.split("\n"))) <= 30
    assert "parlett" in text.split("\n") and any(line.startswith("  source: ") for line in text.split("\n"))


def test_the_width_is_columns_else_the_terminal_else_100(monkeypatch):
    import importlib
    cli_app = importlib.import_module("reversis_score.cli.app")

    class Terminal:
        def isatty(self):
            return True

        def fileno(self):
            raise OSError("no size")

    monkeypatch.setattr(cli_app.sys, "stdout", Terminal())
    monkeypatch.delenv("COLUMNS", raising=False)
    assert cli_app.terminal_width() == 100
    monkeypatch.setenv("COLUMNS", "72")
    assert cli_app.terminal_width() == 72
    monkeypatch.setenv("COLUMNS", "wide")
    assert cli_app.terminal_width() == 100
