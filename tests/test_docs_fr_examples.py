"""Every example of docs/fr runs, as the English pages' do (tests/test_readme.py runs their
console blocks, tests/test_readme_fr.py the French ones): here the rest of what the French
pages show. Each command named in running text (`reversis-score serve DOSSIER`) is accepted
by the program, its placeholders filled in; the complete record of docs/fr/notation.md is the
head of samples/fr/regles-fr-salon.rvs; its events section reads; its error is the one
``check`` writes."""
from __future__ import annotations

import re
import shlex

import pytest
from conftest import ROOT, SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.notation.diagnostics import RULE
from reversis_score.pipeline import check_text

runner = CliRunner()
PAGES = sorted((ROOT / "docs" / "fr").glob("*.md"))
# The placeholders the pages write, and what stands for each here.
PLACEHOLDERS = {"FICHIER": str(SAMPLES / "club-night.rvs"), "DOSSIER": str(SAMPLES), "COMMANDE": "check",
                "soiree.rvs": str(SAMPLES / "club-night.rvs")}
NOTATION = (ROOT / "docs" / "fr" / "notation.md").read_text("utf-8")


def inline_commands() -> list[tuple[str, str]]:
    """(page, command) of every `reversis-score …` a French page names in its running text."""
    found = []
    for page in PAGES:
        text = re.sub(r"```.*?```", "", page.read_text("utf-8"), flags=re.S)
        found += [(page.name, m) for m in re.findall(r"`(reversis-score[^`]*)`", text)]
    return found


@pytest.mark.parametrize("page, command", inline_commands())
def test_every_command_a_french_page_names_is_one_the_program_takes(page, command):
    words = [PLACEHOLDERS.get(w, w) for w in shlex.split(command)[1:] if w != "…"]
    if not words or words[-1].startswith("--lang"):
        return  # the program's name alone, or with its global option: nothing more to check
    result = runner.invoke(app, [*words, "--help"])
    assert result.exit_code == 0, (page, command, result.output)


def blocks(text: str) -> list[str]:
    return re.findall(r"^```\n(.*?)^```", text, flags=re.S | re.M)


def test_the_complete_record_is_the_head_of_the_french_sample():
    shown = next(b for b in blocks(NOTATION) if b.startswith("langue: fr"))
    sample = (SAMPLES / "fr" / "regles-fr-salon.rvs").read_text("utf-8").split("\n")
    lines = shown.split("\n")
    cut = lines.index("  …")
    uncommented = [re.sub(r"\s+#.*$", "", line) for line in sample[:cut]]
    assert lines[:cut] == uncommented


def test_the_events_section_reads_as_french_events():
    shown = next(b for b in blocks(NOTATION) if b.startswith("événements:"))
    text = "langue: fr\njoueurs: Anne Bruno Claire Denis\n\ncoup 1\ndonneur: Anne\n" + shown
    session = check_text(text, "fr.rvs")
    assert session.hands[0].record is not None and session.hands[0].record.events is not None
    assert all(d.family == RULE for d in session.errors), [d.message for d in session.errors]


def test_the_error_shown_is_the_one_check_writes(tmp_path, monkeypatch):
    shown = next(b for b in blocks(NOTATION) if b.startswith("fr.rvs:"))
    monkeypatch.chdir(tmp_path)
    record = ("langue: fr\njoueurs: Anne Bruno Claire Denis\n\ncoup 1\ndonneur: Bruno\n"
              "écart:\n  Anne garde\n  Bruno garde\n  Claire écarte KS\n")
    (tmp_path / "fr.rvs").write_text(record, "utf-8")
    result = runner.invoke(app, ["--lang", "en", "check", "fr.rvs"])
    assert result.exit_code == 1
    assert result.stderr.startswith(shown), result.stderr
