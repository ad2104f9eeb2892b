"""One minus sign per output kind: U+2212 where people read (terminal tables, Markdown, HTML),
the ASCII '-' where programs read (CSV, JSON)."""
import json
import re

import pytest
from conftest import DATA, SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.render.tables import MINUS, human_number, signed

runner = CliRunner()
NIGHT = str(SAMPLES / "club-night.rvs")
DISPUTED = str(DATA / "ledgers" / "autumn-1-disputed.rvs")
# An ASCII '-' used as a sign: before a digit, and not inside a word, a date or a range.
ASCII_SIGN = re.compile(r"(?<![\w.:/-])-(?=\d)")

HUMAN = {
    "settle table": ["settle", NIGHT],
    "settle itemised": ["settle", NIGHT, "--itemised"],
    "settle one hand": ["settle", NIGHT, "--hand", "2"],
    "settle markdown": ["settle", NIGHT, "--format", "markdown"],
    "settle compare": ["settle", NIGHT, "--compare", "", "--itemised"],
    "audit table": ["audit", DISPUTED],
    "audit markdown": ["audit", DISPUTED, "--format", "markdown"],
    "why table": ["why", NIGHT, "Bruno", "Claire", "--pools"],
    "why markdown": ["why", NIGHT, "Bruno", "Claire", "--format", "markdown"],
    "export markdown": ["export", NIGHT, "--format", "markdown"],
    "report html": ["report", NIGHT],
}
MACHINE = {
    "settle json": ["settle", NIGHT, "--format", "json"],
    "settle csv": ["settle", NIGHT, "--format", "csv"],
    "audit json": ["audit", DISPUTED, "--format", "json"],
    "why json": ["why", NIGHT, "Bruno", "Claire", "--format", "json"],
    "export json": ["export", NIGHT],
    "export csv hands": ["export", NIGHT, "--format", "csv", "--what", "hands"],
}


def run(args: list[str]) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code in (0, 3), result.output
    return result.stdout


@pytest.mark.parametrize("kind", HUMAN)
def test_what_people_read_has_the_typographic_minus_only(kind):
    out = run(HUMAN[kind])
    # every one of these shows a negative number, but why: its running column says who owes
    # the other (issue 31), and its amounts are what was paid
    assert MINUS in out or kind.startswith("why")
    assert ASCII_SIGN.findall(out) == [], [line for line in out.splitlines() if ASCII_SIGN.search(line)]


@pytest.mark.parametrize("kind", MACHINE)
def test_what_programs_read_has_the_ascii_minus_only(kind):
    out = run(MACHINE[kind])
    assert MINUS not in out
    if kind != "settle csv":  # the item rows hold amounts only, never negative
        assert ASCII_SIGN.search(out)  # the negative numbers are there, spelt for a parser
    if "json" in kind:
        json.loads(out)


def test_the_report_chart_and_tables_agree_on_the_sign():
    page = run(["report", NIGHT])
    assert f"Denis {MINUS}126" in re.sub("<[^>]+>", "", page)  # the chart's end label (its name isolated)
    assert re.search(f'<td class="n" data-label="balance">{MINUS}126</td>', page)  # Denis's balance


def test_cells_and_nets():
    assert human_number(-3) == f"{MINUS}3" and human_number("-3") == f"{MINUS}3"
    assert human_number("+3") == "+3" and human_number(True) is True and human_number("a-3") == "a-3"
    assert (signed(-7), signed(7), signed(0)) == (f"{MINUS}7", "+7", "0")


@pytest.mark.parametrize("sample", sorted(p.name for p in SAMPLES.glob("*.rvs")))
def test_every_samples_report_and_table_keep_the_typographic_minus(sample):
    """Every sample, not only the club night: a pool taken makes 'into pools' negative."""
    for args in (["report", str(SAMPLES / sample)], ["settle", str(SAMPLES / sample)]):
        out = run(args)
        assert ASCII_SIGN.findall(out) == [], [line for line in out.splitlines() if ASCII_SIGN.search(line)]
