"""The README shows real output: every `$ reversis-score ...` it shows is run and compared.

Commands with a pipe are shown for illustration and not run. Rewriting the README's output
is done by hand, from a real run.
"""
import re
import shlex

from conftest import ROOT
from typer.testing import CliRunner

from reversis_score.cli import app

runner = CliRunner()
COMMANDS = ("check", "format", "settle", "rules", "audit", "why", "export", "season", "report")


def readme_entries() -> list[tuple[str, str, int | None]]:
    """(command, output, exit status or None) of every command the README shows, in order."""
    text = (ROOT / "README.md").read_text("utf-8")
    entries: list[list] = []
    for body in re.findall(r"```console\n(.*?)```", text, re.S):
        for chunk in re.split(r"^\$ ", body, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            if command == "echo $?" and entries:
                entries[-1][2] = int(output.strip())
            else:
                entries.append([command, output.rstrip("\n"), None])
    return [tuple(e) for e in entries if e[0].split()[:1] == ["reversis-score"]
            and e[0].split()[1] in COMMANDS and "|" not in e[0]]


def test_the_readme_opens_with_the_two_set_up_commands():
    lines = (ROOT / "README.md").read_text("utf-8").splitlines()
    assert lines[:4] == ["```", "pip install -e . && reversis-score settle samples/club-night.rvs",
                         "pip install -e '.[dev]' && pytest", "```"]


def rewrite_readme(outputs: dict[str, str]) -> None:
    """--update-golden: put each command's real output under it in the README."""
    path = ROOT / "README.md"
    text = path.read_text("utf-8")

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

    path.write_text(re.sub(r"```console\n(.*?)```", block, text, flags=re.S), "utf-8")


def test_every_command_the_readme_shows_gives_that_output(tmp_path, monkeypatch, update_golden):
    entries = readme_entries()
    assert {e[0].split()[1] for e in entries} >= {"check", "settle", "rules", "audit", "why",
                                                   "export", "season", "report"}
    for folder in ("samples", "tests"):
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
    if update_golden:
        rewrite_readme(outputs)
