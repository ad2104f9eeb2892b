"""docs/fr/: the French pages show real output, as the English ones do (tests/test_readme.py):
every `$ reversis-score ...` they show is run and compared (``pytest --update-golden`` puts each
command's real output under it). What they show is in French: no English word for a person in
their output, the record's own lines and quoted words aside."""
import re
import shlex

import pytest
from conftest import ROOT
from test_readme import COMMANDS, CONSOLE, rewrite_consoles
from test_tour_fr import session_names
from typer.testing import CliRunner

from reversis_score.cli import app

runner = CliRunner()
PAGES = sorted((ROOT / "docs" / "fr").glob("*.md"))
ENGLISH = re.compile(r"\b(?:is|not|the|of|player|players|hand|hands|trick|tricks|error|errors|expected|"
                     r"found|with|but|unknown|did|you|mean|this|and|what|it|decides|where|comes|from|every|"
                     r"knob|differ|rules)\b")


def console_entries(path) -> list[tuple[str, str, int | None]]:
    """(command, output, exit status or None) of every command a page shows, in order; a
    command may begin with the global ``--lang fr``."""
    entries: list[list] = []
    for body in CONSOLE.findall(path.read_text("utf-8")):
        for chunk in re.split(r"^\$ ", body, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            if command == "echo $?" and entries:
                entries[-1][2] = int(output.strip())
            else:
                entries.append([command, output.rstrip("\n"), None])
    words = lambda command: [w for w in command.split()[1:] if w not in ("--lang", "fr")]  # noqa: E731
    return [tuple(e) for e in entries if e[0].split()[:1] == ["reversis-score"]
            and words(e[0])[:1] and words(e[0])[0] in COMMANDS and "|" not in e[0]]


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_every_command_a_french_page_shows_gives_that_output(path, tmp_path, monkeypatch, update_golden):
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


def test_the_french_tour_runs_commands_in_french():
    entries = console_entries(ROOT / "docs" / "fr" / "README.md")
    assert len(entries) >= 5 and all(command.split()[1:3] == ["--lang", "fr"] for command, _o, _s in entries)


def knob_values() -> set[str]:
    """The words a knob's value is written with (in a record, a rules file): the notation's."""
    import dataclasses

    from reversis_score.rules.knobs import Knobs
    values = {"yes", "no", "none"}
    for knob in dataclasses.fields(Knobs):
        values.update(str(choice) for choice in knob.metadata.get("choices") or ())
    return values


def test_what_the_french_tour_shows_holds_no_english_word_for_a_person():
    values = knob_values()
    for command, output, _status in console_entries(ROOT / "docs" / "fr" / "README.md"):
        for name in session_names():  # a session's own name is its scorer's words
            output = output.replace(name, " ")
        for line in output.splitlines():
            if re.match(r"\s*\d+ \|", line) or re.match(r"\s*\|", line):  # the record's own line, the caret
                continue
            said = re.sub(r"'[^']*'|`[^`]*`|“[^”]*”|«[^»]*»|\([^)]*:[^)]*\)|\S+\.rvs|\S+_\S+", "", line)
            said = re.sub(r"^\S+\s+", "", said) if " " in line[:30] and "_" in line.split()[0] else said
            said = " ".join(word for word in said.split() if word not in values)
            assert not ENGLISH.search(said), (command, line)
