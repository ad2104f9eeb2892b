"""Edge cases a new user met: each must get a clear message and the right exit status."""
import json
import unicodedata

from conftest import DATA, ROOT
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.pipeline import check_text

EXAMPLE = DATA / "notation-example.rvs"
runner = CliRunner()


def invoke(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def test_export_and_report_refuse_to_overwrite_the_record(tmp_path):
    record = tmp_path / "r.rvs"
    record.write_text(EXAMPLE.read_text())
    for args in (("export", record, "--to", record), ("report", record, "-o", record)):
        result = invoke(*args)
        assert result.exit_code == 2 and record.read_text() == EXAMPLE.read_text()


def test_rules_option_is_a_path_from_here_and_a_bad_one_is_a_usage_error(monkeypatch):
    monkeypatch.chdir(ROOT)
    good = invoke("settle", "samples/club-night.rvs", "--rules", "samples/maison.toml")
    assert good.exit_code == 0 and "rules: regles-fr (from samples/maison.toml)" in good.output
    for bad in (("settle", "samples/club-night.rvs", "--rules", "parlet"),
                ("settle", "samples/club-night.rvs", "--compare", "parlett,nothere.toml"),
                ("check", "samples/club-night.rvs", "--rules", "nothere.toml"),
                ("rules", "nope")):
        result = invoke(*bad)
        assert result.exit_code == 2 and "Hands" not in result.output


def test_absurd_numbers_are_record_errors_not_crashes():
    for line in ("stake: 99999999999999999999999999", "stake: ٣٠٠", "rule pool_ante: 123456789"):
        session = check_text(f"players: A B C D\n{line}\n", "t.rvs")
        assert len(session.errors) == 1 and session.errors[0].span.line == 2


def test_pool_zero_is_not_a_pool():
    text = EXAMPLE.read_text().replace("  Anne -> pool 5", "  Anne -> pool:0 5")
    (error,) = check_text(text, "t.rvs").errors
    assert error.message.startswith("'pool:0' is not a pool")


def test_one_misspelt_keyword_is_one_error_with_a_suggestion():
    text = EXAMPLE.read_text().replace("dealer: Bruno", "dealr: Bruno")
    (error,) = check_text(text, "t.rvs").errors
    assert error.message.endswith("did you mean 'dealer:'?")
    text = EXAMPLE.read_text().replace("\ntricks: ", "\ntrick:  ")
    errors = check_text(text, "t.rvs").errors
    assert len(errors) <= 2 and errors[0].message.endswith("did you mean 'tricks:'?")


def test_misspelt_player_gets_a_suggestion_and_the_caret_under_the_name():
    text = EXAMPLE.read_text().replace("  Claire -> Bruno 1", "  Claire -> Bruna 1")
    (error,) = check_text(text, "t.rvs").errors
    assert error.message.endswith("did you mean 'Bruno'?") and error.span.column == 13


def test_decomposed_accents_are_the_same_name(tmp_path):
    text = EXAMPLE.read_text().replace("Anne", "Élise")
    decomposed = unicodedata.normalize("NFD", text)
    assert check_text(decomposed, "t.rvs").errors == []
    path = tmp_path / "e.rvs"
    path.write_text(decomposed)
    result = invoke("why", path, unicodedata.normalize("NFD", "Élise"), "Claire")
    assert result.exit_code == 0


def test_settle_one_hand_as_json_and_csv():
    doc = json.loads(invoke("settle", EXAMPLE, "--hand", "1", "--format", "json").stdout)
    assert doc["number"] == 1 and doc["net"]["Anne"] == 39
    rows = invoke("settle", EXAMPLE, "--hand", "1", "--format", "csv").stdout.splitlines()
    assert len(rows) == 1 + 14


def test_results_of_a_bad_record_say_they_are_partial():
    result = invoke("settle", ROOT / "samples" / "bad" / "errors-in-two-hands.rvs")
    assert result.exit_code == 1 and "NOT THE WHOLE SESSION" in result.output


def test_format_in_place_needs_a_file():
    result = runner.invoke(app, ["format", "-", "--in-place"], input=EXAMPLE.read_text())
    assert result.exit_code == 2


def test_standard_input_named_twice_is_the_same_record():
    result = runner.invoke(app, ["check", "-", "-"], input=EXAMPLE.read_text())
    assert result.exit_code == 0 and result.output.count(": ok") == 2
    again = runner.invoke(app, ["check", "-"], input="players: A B C D\nhand\ndealer: B\nvoid: misdeal\n")
    assert again.exit_code == 0 and "0 hands" not in again.output and "1 hand" in again.output


def test_export_refuses_someone_elses_database(tmp_path):
    import sqlite3
    db = tmp_path / "other.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE foo (x)")
    result = invoke("export", EXAMPLE, "--format", "sqlite", "--to", db)
    assert result.exit_code == 2 and "not a reversis-score database" in result.output
