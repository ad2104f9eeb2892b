"""The README and docs/ show real output: every `$ reversis-score ...` they show is run and compared.

Each console block is a run in a fresh folder holding samples/, tests/ and docs/, its commands
in order (a file one writes, the next reads). Commands with a pipe are shown for illustration
and not run. ``pytest --update-golden`` puts each command's real output under it; read the diff.
"""
import re
import shlex

import pytest
from conftest import ROOT
from typer.testing import CliRunner

from reversis_score.cli import app

runner = CliRunner()
COMMANDS = ("check", "format", "settle", "rules", "audit", "why", "export", "season", "report", "verify")
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
CONSOLE = re.compile(r"```console\n(.*?)```", re.S)


def console_entries(path) -> list[tuple[str, str, int | None]]:
    """(command, output, exit status or None) of every command a page shows, in order."""
    entries: list[list] = []
    for body in CONSOLE.findall(path.read_text("utf-8")):
        for chunk in re.split(r"^\$ ", body, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            if command == "echo $?" and entries:
                entries[-1][2] = int(output.strip())
            else:
                entries.append([command, output.rstrip("\n"), None])
    return [tuple(e) for e in entries if e[0].split()[:1] == ["reversis-score"]
            and e[0].split()[1] in COMMANDS and "|" not in e[0]]


def set_up_commands() -> list[str]:
    """The lines of the README's first code block: its set-up commands."""
    text = (ROOT / "README.md").read_text("utf-8")
    return text.split("```\n", 2)[1].rstrip("\n").split("\n")


def test_the_readme_opens_with_its_title_a_paragraph_and_the_two_set_up_commands():
    text = (ROOT / "README.md").read_text("utf-8")
    assert text.startswith("# reversis-score\n\n")
    before = text.split("```", 1)[0]
    assert "git clone " in before and "venv" in before
    install, tests = set_up_commands()
    assert install.startswith("python3 -m venv .venv && .venv/bin/pip install -e . && ")
    assert install.endswith(".venv/bin/reversis-score settle samples/club-night.rvs")
    assert tests.startswith("python3 -m venv .venv && .venv/bin/pip install -e '.[dev]' && ")


def test_the_readme_runs_the_tests_as_ci_does():
    ci = (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
    command = set_up_commands()[1].split(" && ")[-1].removeprefix(".venv/bin/")
    assert "pip install -e '.[dev]'" in ci and command in ci


def test_the_readme_is_a_front_door():
    text = (ROOT / "README.md").read_text("utf-8")
    assert len(text.splitlines()) < 400
    headings = re.findall(r"^#+ (.*)$", re.sub(r"```.*?```", "", text, flags=re.S), flags=re.M)
    tour = [h.split("`")[1] for h in headings if h.startswith("`")]
    assert tour == ["check", "settle", "why", "audit", "export", "season"]
    assert headings.index("Fish, jetons and the presets") < headings.index("A tour: one club night")
    for word in ("fish", "jeton", "preset"):
        assert f"**{word}" in text.lower()


def test_the_files_the_tour_writes_are_ignored_by_git():
    text = (ROOT / "README.md").read_text("utf-8")
    named = re.search(r"tour writes \w+ files there — (.*?) — which", text, re.S)
    assert named is not None
    said = set(re.findall(r"`([^`]+)`", named.group(1)))
    written = {word for command, _, _ in console_entries(ROOT / "README.md")
               for before, word in zip(shlex.split(command), shlex.split(command)[1:], strict=False)
               if before in ("--to", "-o")}
    written |= {line.split()[-1] for line in (ROOT / "README.md").read_text("utf-8").splitlines()
                if line.startswith("$ reversis-score record ")}
    assert said == written
    ignored = set((ROOT / ".gitignore").read_text("utf-8").splitlines())
    assert {"/" + name for name in said} <= ignored


def test_the_readme_shows_the_tour_and_docs_commands_every_command():
    shown = {e[0].split()[1] for e in console_entries(ROOT / "README.md")}
    assert shown >= {"check", "settle", "audit", "why", "export", "season", "report", "verify"}
    shown_in_full = {e[0].split()[1] for e in console_entries(ROOT / "docs" / "commands.md")}
    assert shown_in_full >= set(COMMANDS) - {"format"}  # format's example goes through a pipe


def rewrite_consoles(path, outputs: dict[str, str]) -> None:
    """--update-golden: put each command's real output under it in the page."""
    def block(match: re.Match) -> str:
        body = match.group(1)
        parts = re.split(r"^(\$ .*)$", body, flags=re.M)
        out = [parts[0]]
        for command, after in zip(parts[1::2], parts[2::2], strict=True):
            key = command[2:]
            if key in outputs:
                after = "\n" + outputs[key] + ("\n" if outputs[key] else "")
            out.append(command + after)
        return "```console\n" + "".join(out) + "```"

    path.write_text(CONSOLE.sub(block, path.read_text("utf-8")), "utf-8")


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_every_command_a_page_shows_gives_that_output(path, tmp_path, monkeypatch, update_golden):
    entries = console_entries(path)
    for folder in ("samples", "tests", "docs"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    monkeypatch.chdir(tmp_path)
    outputs = {}
    for command, output, status in entries:
        result = runner.invoke(app, shlex.split(command)[1:])
        outputs[command] = result.output.rstrip("\n")
        if not update_golden:
            assert result.output.rstrip("\n") == output, command
        if status is not None:
            assert result.exit_code == status, command
    if update_golden and entries:
        rewrite_consoles(path, outputs)
