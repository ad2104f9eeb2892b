"""The bad records checked in French (``--lang fr``): each gets its exact expected output,
samples/bad/fr/NAME.expected (rewritten only with ``pytest --update-golden``).

The notation's diagnostics are in French (notation/: wording, transform, parse, lexicon,
diagnostics); the rule violations the replay finds (replay/) are not yet: their lines are
English inside the French frame today, and NOT_YET_FRENCH lists those records. The next
session that converts replay/ empties that list and rewrites their goldens.
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
                     r"unknown|did|you|mean|this|and|holds|plays)\b")
NOT_YET_FRENCH = {  # a message comes from replay/ or rules/houserules.py, not yet in the catalogue
    "announce-without-the-aces", "card-off-in-a-trick", "card-played-twice", "dealt-twice",
    "errors-in-two-hands", "exchange-discards-a-card-not-dealt", "five-card-trick", "missing-trick-line",
    "misspelt-knob", "misspelt-name-in-announce", "misspelt-name-in-deal", "misspelt-name-in-exchange",
    "misspelt-name-in-explicit-trick", "misspelt-name-in-irregular", "misspelt-name-in-table",
    "misspelt-name-in-trick", "no-exchange-line", "players-line-misspelt", "plays-a-card-not-held",
    "short-trick", "swapped-cards-no-deal", "swapped-cards", "trick-line-twice", "unacknowledged-revoke",
    "unknown-player", "unknown-preset", "wrong-leader", "wrong-trick-number",
    # replay/events.py's checks of a hand by its events
    "events-against-the-deal", "events-and-tricks", "events-card-placed-and-forced",
    "events-card-placed-twice", "events-espagnolette-without-the-aces", "events-reversis-and-party",
    "events-reversis-made-and-broken", "events-talon-against-the-deal", "events-ten-cards-in-trick-eleven",
    "events-trick-twelve", "events-two-cards-in-a-trick", "events-two-party-winners",
    "events-winner-with-more-points", "events-without-a-party",
    "table-pays-a-pool-not-standing",  # pipeline.py's pools at the table
}


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


@pytest.mark.parametrize("path", [p for p in BAD_RECORDS if p.stem not in NOT_YET_FRENCH],
                         ids=lambda p: p.stem)
def test_the_notation_s_diagnostics_are_said_in_french(path):
    for message in said(path):
        quoted_out = re.sub(r"'[^']*'|`[^`]*`|\([^)]*:[^)]*\)", "", message)  # the notation's own words
        assert not ENGLISH.search(quoted_out), message
        assert "erreur" in message or "donne" in message or "joueurs" in message


def test_the_list_of_records_not_yet_french_is_honest():
    """A record listed as not yet French really still has an English message in French."""
    for stem in NOT_YET_FRENCH:
        messages = said(BAD / f"{stem}.rvs")
        english = [m for m in messages
                   if ENGLISH.search(re.sub(r"'[^']*'|`[^`]*`|\([^)]*:[^)]*\)", "", m))]
        assert english, f"{stem} is French now: take it off NOT_YET_FRENCH"
