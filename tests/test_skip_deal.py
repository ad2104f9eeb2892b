"""The deal skipped is in the record (issue 40): a bare ``tricks:`` under the dealer, written,
kept by ``format``, taken up by ``resume`` as the first trick's question, and taken back by
``undo``; in a record in French, ``levées:``."""
from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.record.resume import resume
from reversis_score.record.session import Recorder
from reversis_score.serve.entry_model import Entry

HEADER = "players: Anne Bruno Claire Denis\n"


def test_the_skip_is_written_taken_up_and_taken_back(tmp_path):
    recorder = Recorder("n.rvs", tmp_path, interactive=False)
    for line in [HEADER.strip(), "dealer: Bruno", "tricks:"]:
        assert not recorder.enter(line).refused
    text = recorder.document()
    assert text.endswith("dealer: Bruno\ntricks:\n") and recorder.question == "card"
    again, problems = resume(text, "n.rvs", tmp_path, True)
    assert problems == [] and again is not None and again.question == "card"
    assert not again.enter("2C").refused and again.document().endswith("tricks:\n  Claire: 2C\n")
    said = recorder.enter("undo").said
    assert said == ["took back the skip: the deal and exchange can be given again"]
    assert recorder.question == "deal" and recorder.document().endswith("dealer: Bruno\n")


def test_format_and_check_keep_a_bare_tricks_line(tmp_path):
    record = tmp_path / "n.rvs"
    record.write_text(HEADER + "\nhand 1\ndealer: Bruno\ntricks:\n", "utf-8")
    runner = CliRunner()
    assert runner.invoke(app, ["format", str(record)]).stdout.endswith("dealer: Bruno\ntricks:\n")
    checked = runner.invoke(app, ["check", str(record)])
    assert checked.exit_code == 0 and "hand 1 in progress (trick 1)" in checked.output


def test_a_french_record_says_levees(tmp_path):
    path: Path = tmp_path / "n.rvs"
    entry = Entry(tmp_path)
    view = entry.create(path, [HEADER.strip()], french=True).view
    view = entry.tap(path, view["seen"], (), ["dealer: Bruno"]).view
    entry.tap(path, view["seen"], (), ["tricks:"])
    assert path.read_text("utf-8").endswith("donneur: Bruno\nlevées:\n")
    assert entry.view(path).view["question"] == "card"  # another phone: the first trick
