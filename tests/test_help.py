"""--help says what each command is and takes, whole, at any width: the summary names every
command, no description is cut, no example is broken inside a name, every parameter is said."""
from __future__ import annotations

import re

import pytest
import typer
from typer.testing import CliRunner

from reversis_score.cli import app

runner = CliRunner()
GROUP = typer.main.get_command(app)
COMMANDS = list(GROUP.commands)  # type: ignore[attr-defined]
WIDTHS = ["50", "80", "120"]


def help_text(*args: str, columns: str = "80") -> str:
    result = runner.invoke(app, [*args, "--help"], env={"COLUMNS": columns})
    assert result.exit_code == 0, result.output
    return result.output


def section(text: str, name: str) -> str:
    """The lines of one section of a help page (``Commands:``, ``Options:``…)."""
    return text.split(f"\n{name}:\n", 1)[1].split("\n\n", 1)[0]


@pytest.mark.parametrize("columns", WIDTHS)
def test_the_summary_names_every_command(columns):
    text = help_text(columns=columns)
    summary = " ".join(text.split("\n\n", 2)[1].split())
    for name in COMMANDS:
        assert re.search(rf"\b{name}\b", summary), name


@pytest.mark.parametrize("columns", WIDTHS)
def test_no_command_description_is_cut(columns):
    listed = " ".join(section(help_text(columns=columns), "Commands").split())
    assert "..." not in listed
    for name, command in GROUP.commands.items():  # type: ignore[attr-defined]
        whole = " ".join(command.get_short_help_str(limit=1_000_000).split())
        assert f"{name} {whole}" in listed.replace("- ", "-"), name


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_no_example_breaks_a_name(command, columns):
    text = help_text(*([command] if command else []), columns=columns)
    assert not re.search(r"reversis-\s*\n", text)
    examples = text.split("Examples:\n", 1)[1].splitlines()
    assert examples and all(line.strip().startswith("reversis-score ") for line in examples if line.strip())


@pytest.mark.parametrize("command", COMMANDS)
def test_every_parameter_of_a_command_is_said(command):
    text = " ".join(help_text(command, columns="120").split())
    for param in GROUP.commands[command].params:  # type: ignore[attr-defined]
        if getattr(param, "hidden", False):
            continue
        assert getattr(param, "help", None), f"{command}: {param.name} has no help"
        for opt in param.opts if param.param_type_name == "option" else []:
            assert opt in text, f"{command}: {opt}"


def test_report_takes_a_season_database_and_serve_says_entry():
    report = " ".join(help_text("report").split())
    assert "Record files (.rvs)" in report and "season database" in report and ".db" in report
    serve = " ".join(help_text("serve").split())
    assert "entry" in serve.lower() and "/entry" in serve and "--read-only" in serve


def test_record_options_say_what_they_take():
    options = section(help_text("record", columns="120"), "Options")
    assert "<str>" not in options and "<int>" not in options
    assert "--session NAME" in options and "--stake N" in options
