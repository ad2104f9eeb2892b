"""The samples: each checks clean, settles under its own preset to a ledger that keeps
docs/ledger.md, and prints exactly its golden settlement (rewritten only with --update-golden)."""
import json

import pytest
from conftest import ROOT, SAMPLES, verified
from typer.testing import CliRunner

from reversis_score.cli import app

SESSIONS = sorted(SAMPLES.glob("*.rvs"))
GOLDEN = ROOT / "tests" / "golden"
runner = CliRunner()


def invoke(monkeypatch, *args):
    monkeypatch.chdir(ROOT)
    return runner.invoke(app, list(args))


def test_there_are_the_samples_the_issues_ask_for():
    names = {p.stem for p in SESSIONS}
    assert "club-night" in names and len(SESSIONS) >= 6
    for preset in ("parlett", "denexa", "regles-fr", "manuscrit", "dafydd"):
        assert any(n.startswith(preset + "-") for n in names), preset
    club = (SAMPLES / "club-night.rvs").read_text("utf-8")
    assert club.count("\nhand") >= 10 and "deal:" in club and "exchange:" in club and "table:" in club


@pytest.mark.parametrize("path", SESSIONS, ids=lambda p: p.stem)
def test_sample_checks_clean(path, monkeypatch):
    result = invoke(monkeypatch, "check", str(path.relative_to(ROOT)))
    assert result.exit_code == 0, result.output
    assert result.output.rstrip().endswith(": ok")


@pytest.mark.parametrize("path", SESSIONS, ids=lambda p: p.stem)
def test_sample_ledger_keeps_the_contract(path, monkeypatch):
    result = invoke(monkeypatch, "settle", str(path.relative_to(ROOT)), "--format", "json")
    assert result.exit_code == 0
    out = verified("-", input=result.stdout)
    assert out.exit_code == 0, out.output
    doc = json.loads(result.stdout)
    assert doc["rules"]["preset"] in path.stem or path.stem == "club-night"


@pytest.mark.parametrize("path", SESSIONS, ids=lambda p: p.stem)
def test_sample_settlement_is_golden(path, monkeypatch, update_golden):
    result = invoke(monkeypatch, "settle", str(path.relative_to(ROOT)), "--itemised")
    assert result.exit_code == 0
    golden = GOLDEN / f"settle-{path.stem}.txt"
    if update_golden:
        golden.write_text(result.output, "utf-8")
    assert golden.exists(), f"no golden file {golden.name}: run pytest --update-golden and read it"
    assert result.output == golden.read_text("utf-8")


@pytest.mark.parametrize("path", SESSIONS, ids=lambda p: p.stem)
def test_sample_formats_to_the_same_records_keeping_every_comment(path):
    from reversis_score.notation.parse import read_text
    from reversis_score.render.rvs import find_comments, format_record
    text = path.read_text("utf-8")
    records = read_text(text).session()
    for symbols in (False, True):
        once = format_record(records, text, symbols=symbols)
        assert read_text(once).session() == records
        assert format_record(read_text(once).session(), once, symbols=symbols) == once
        kept = sorted(c for c, _ in find_comments(once).values())
        assert kept == sorted(c for c, _ in find_comments(text).values())
