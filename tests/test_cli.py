"""CliRunner tests: exit codes and output of check, format and settle."""
import json

from conftest import DATA, ROOT
from typer.testing import CliRunner

from reversis_score.cli import app

EXAMPLE = str(DATA / "notation-example.rvs")
runner = CliRunner()


def invoke(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_check_clean_file_exits_0():
    result = invoke("check", EXAMPLE)
    assert result.exit_code == 0
    assert "1 hand, players Anne Bruno Claire Denis, rules parlett: ok" in result.output


def test_check_reads_stdin(example_text):
    result = invoke("check", "-", input=example_text)
    assert result.exit_code == 0 and result.output.startswith("-: 1 hand")


def test_check_missing_file_is_a_usage_error():
    result = invoke("check", "no/such/file.rvs")
    assert result.exit_code == 2 and "no such file" in result.output


def test_check_directory_without_records_is_a_usage_error(tmp_path):
    result = invoke("check", str(tmp_path))
    assert result.exit_code == 2 and "no record (.rvs) in this folder or under it" in result.output


def test_bad_option_is_a_usage_error():
    assert invoke("check", "--bogus", EXAMPLE).exit_code == 2
    assert invoke("settle", EXAMPLE, "--format", "yaml").exit_code == 2


def test_check_reports_every_error_and_strict_stops_at_first(tmp_path, example_text):
    bad = example_text.replace("  Bruno: 7D 3C 5D 4D", "  Bruno: 7D 3C TD 4D").replace(
        "  Denis: 6H 8H KH 4H", "  Denis: 6H 8H KH XX")
    path = tmp_path / "bad.rvs"
    path.write_text(bad)
    result = invoke("check", str(path))
    assert result.exit_code == 1 and result.output.count("error:") == 2
    strict = invoke("check", "--strict", str(path))
    assert strict.exit_code == 1 and strict.output.count("error:") == 1


def test_check_several_files_worst_status(tmp_path):
    empty = tmp_path / "empty.rvs"
    empty.write_text("")
    result = invoke("check", EXAMPLE, str(empty))
    assert result.exit_code == 1
    assert "rules parlett: ok" in result.output and "the file is empty" in result.output


def test_format_is_idempotent_and_keeps_comments(example_text, tmp_path):
    once = invoke("format", EXAMPLE)
    assert once.exit_code == 0
    assert "# the explicit form names each player" in once.output
    path = tmp_path / "f.rvs"
    path.write_text(once.output)
    assert invoke("format", str(path)).output == once.output


def test_format_symbols_and_in_place(tmp_path, example_text):
    path = tmp_path / "g.rvs"
    path.write_text(example_text)
    result = invoke("format", str(path), "--suits", "symbols", "--in-place")
    assert result.exit_code == 0 and result.output == ""
    text = path.read_text()
    assert "A♦ 8♠ 3♥ 2♦" in text and not list(tmp_path.glob(".*.tmp"))


def test_format_refuses_a_record_it_cannot_read(tmp_path):
    path = tmp_path / "bad.rvs"
    path.write_text("players: A B C D\nhand\ndealer B\n")
    before = path.read_text()
    result = invoke("format", str(path), "--in-place")
    assert result.exit_code == 1 and path.read_text() == before


def test_settle_table_json_csv_markdown():
    table = invoke("settle", EXAMPLE)
    assert table.exit_code == 0 and "Anne wins the party (6)" in table.output
    assert "Claire pays Anne 34" in table.output
    doc = json.loads(invoke("settle", EXAMPLE, "--format", "json").output)
    assert doc["format"] == "reversis-ledger/1" and doc["totals"]["Anne"] == 39
    csv_out = invoke("settle", EXAMPLE, "--format", "csv").output
    assert csv_out.splitlines()[0] == ("session,file,hand,seq,trick,kind,card,payer,payee,amount,"
                                       "cancelled_by,why")
    markdown = invoke("settle", EXAMPLE, "--format", "markdown").output
    assert "## Hands" in markdown and "| hand |" in markdown.replace("|   hand |", "| hand |")


def test_settle_itemised_and_one_hand():
    itemised = invoke("settle", EXAMPLE, "--itemised")
    assert "quinola-led" in itemised.output and "RULES §13" not in itemised.output
    one = invoke("settle", EXAMPLE, "--hand", "1")
    assert one.exit_code == 0 and "Talon: 6♠ 7♥ 6♦ Q♣" in one.output and "Claire Q♥" in one.output
    missing = invoke("settle", EXAMPLE, "--hand", "9")
    assert missing.exit_code == 2 and "no settled hand 9" in missing.output


def test_settle_bad_record_shows_hands_before_the_first_bad_one(tmp_path, example_text):
    second = "\nhand 2\ndealer: Claire\nvoid: misdeal\n\nhand 3\ndealer: Denis\ntricks:\n  Anne: 2C\n"
    path = tmp_path / "s.rvs"
    path.write_text(example_text.split("table:")[0] + second)
    result = invoke("settle", str(path), "--format", "json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert [(h["number"], h["status"]) for h in doc["hands"]] == [(1, "settled"), (2, "void"), (3, "error")]


def test_no_traceback_on_binary_input(tmp_path):
    path = tmp_path / "b.rvs"
    path.write_bytes(bytes(range(256)) * 4)
    for command in ("check", "format", "settle"):
        result = invoke(command, str(path))
        assert result.exit_code in (1, 2) and "Traceback" not in result.output
        assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)


def test_readme_commands_name_real_samples():
    readme = (ROOT / "README.md").read_text()
    assert "reversis-score settle samples/club-night.rvs" in readme
