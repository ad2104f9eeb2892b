"""Every exit status of every command is one the README's table lists for that command, and
each status the table lists for a command is one it gives (Ctrl-C and SIGTERM aside: the
signal tests run them)."""
from __future__ import annotations

import re
import shutil

import pytest
import typer
from conftest import DATA, ROOT, SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app

runner = CliRunner()
COMMANDS = set(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
GOOD, BAD = str(SAMPLES / "club-night.rvs"), str(SAMPLES / "bad" / "ten-in-48-card-pack.rvs")
NOTATION = str(SAMPLES / "bad" / "capital-hand.rvs")
DISPUTED = str(DATA / "ledgers" / "autumn-1-disputed.rvs")
LEDGER = str(DATA / "ledgers" / "one-fish-changed.json")


def listed() -> dict[str, set[int]]:
    """The README's exit-status table: for each command, the statuses it lists."""
    text = (ROOT / "README.md").read_text("utf-8").split("## Exit statuses", 1)[1]
    table: dict[str, set[int]] = {name: set() for name in COMMANDS}
    for statuses, _, commands in re.findall(r"^\| ([\d, ]+) \| (.*) \| (.*) \|$", text, flags=re.M):
        names = COMMANDS if commands.strip() == "all" else {c.strip() for c in commands.split(",")}
        assert names <= COMMANDS, names - COMMANDS
        for name in names:
            table[name] |= {int(s) for s in statuses.split(",")}
    return table


def runs(tmp_path) -> dict[str, list[tuple[list[str], str | None]]]:
    """For each command, runs (arguments, standard input) that give each of its statuses."""
    db = str(tmp_path / "season.db")
    copy = tmp_path / "copy.rvs"
    shutil.copy(GOOD, copy)
    missing = str(tmp_path / "missing.rvs")
    entries = (DATA / "notation-example.rvs").read_text("utf-8")
    return {
        "check": [([GOOD], None), ([BAD], None), ([missing], None)],
        "format": [([GOOD], None), ([NOTATION], None), ([missing], None)],
        "settle": [([GOOD], None), ([BAD], None), ([GOOD, "--hand", "99"], None)],
        "rules": [([], None), (["nope"], None)],
        "audit": [([GOOD], None), ([BAD], None), ([missing], None), ([DISPUTED], None)],
        "why": [([GOOD, "Anne", "Claire"], None), ([BAD, "Anne", "Bruno"], None),
                ([GOOD, "Anne", "Zoé"], None)],
        "export": [([GOOD, "--format", "sqlite", "--to", db], None), ([BAD], None), ([missing], None)],
        "season": [([db], None), ([GOOD], None)],
        "forget": [([db, "nobody", "--yes"], None), ([db, "club-night"], "n\n"),
                   ([db, "club-night", "--yes"], None)],
        "report": [([GOOD, "-o", str(tmp_path / "r.html")], None), ([BAD], None), ([missing], None)],
        "verify": [([str(tmp_path / "l.json")], None), ([LEDGER], None), ([missing], None)],
        "record": [([str(tmp_path / "new.rvs")], entries), ([str(tmp_path / "wrong.rvs")],
                                                           entries.replace("9D 8D 3D KD", "9D 8D 3D KS")),
                   ([str(copy), "--players", "A B C D"], "")],
        "serve": [([missing], None)],
    }


def test_the_table_lists_every_command_and_the_signals_for_all():
    table = listed()
    assert all(table[name] >= {0, 2, 130, 143} for name in COMMANDS), table
    assert {name for name in COMMANDS if 3 in table[name]} == {"audit"}


def test_every_status_is_the_one_the_readme_lists(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner.invoke(app, ["export", GOOD, "--to", str(tmp_path / "l.json")])
    table = listed()
    plan = runs(tmp_path)
    assert set(plan) == COMMANDS
    for name, cases in plan.items():
        seen = set()
        for args, given in cases:
            result = runner.invoke(app, [name, *args], input=given)
            assert result.exit_code in table[name], (name, args, result.exit_code, result.output)
            seen.add(result.exit_code)
        assert seen == table[name] - {130, 143} or name == "serve", (name, seen, table[name])


@pytest.mark.parametrize("status", [70])
def test_the_status_kept_for_a_bug_is_said(status):
    text = (ROOT / "README.md").read_text("utf-8")
    assert f"Status {status} is kept for a bug" in text
