"""A record from anyone, read the way a hostile tester would write it (issue 23, the reading
and output half; tests/test_hostile_process.py holds the process half).

Each test is one case of the issue: what a record may make the program read, how much of
anything it reads, numbers of thousands of digits, TOML that is not what it seems, headers
of 100,000 names, passwords in every error path, terminal escapes in titles and names, a
ledger whose rules, hash or title were changed, and standard input read on a terminal.
The commands that could hang (a FIFO, /dev/zero, a quadratic header) run as child processes
with a generous bound, so that a hang fails the test instead of stopping the suite; the
bound is a guard, never a speed target (those are in bench/headers.py).
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from conftest import SAMPLES
from typer.testing import CliRunner

from reversis_score.cli import app

runner = CliRunner()
NIGHT = (SAMPLES / "club-night.rvs").read_text("utf-8")
COMMAND = [sys.executable, "-c", "from reversis_score.cli import main; main()"]
HANG_GUARD_S = 120  # far above what any of these takes; only a hang or a quadratic run reaches it
PASSWORD = "s3cr3tPW"


def cli(*args: str, input: bytes | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The real command in a child process (its own standard error, scrubbed as in use)."""
    return subprocess.run(COMMAND + list(args), input=input, capture_output=True, cwd=cwd,
                          timeout=HANG_GUARD_S)


def night(tmp_path: Path, text: str = NIGHT, name: str = "night.rvs") -> Path:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


def with_rules(reference: str) -> str:
    return NIGHT.replace("rules: parlett", f"rules: {reference}")


# ------------------------------------------------------------------ what a record may read
def test_a_rules_line_naming_dev_zero_is_refused_at_once(tmp_path):
    done = cli("check", str(night(tmp_path, with_rules("/dev/zero"))))
    assert done.returncode == 1
    assert b"'rules: /dev/zero' is not read" in done.stderr


def test_a_rules_line_naming_a_secret_file_shows_none_of_it(tmp_path):
    secret = tmp_path / "home" / ".pgpass"
    secret.parent.mkdir()
    secret.write_text(f"db.example.org:5432:league:club:{PASSWORD}\n")
    (tmp_path / "club").mkdir()
    for reference in (str(secret), "../home/.pgpass", "../home/.pgpass.toml", str(tmp_path / "home")):
        done = cli("check", str(night(tmp_path / "club", with_rules(reference))))
        assert done.returncode == 1, reference
        assert PASSWORD.encode() not in done.stdout + done.stderr, reference
        assert b"is not read" in done.stderr or b"unknown preset" in done.stderr, reference


def test_a_toml_beside_the_record_or_under_rules_dir_is_read_and_a_link_out_is_not(tmp_path):
    toml = (SAMPLES / "maison.toml").read_bytes()
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "maison.toml").write_bytes(toml)
    assert cli("check", str(night(tmp_path / "club", with_rules("maison.toml")))).returncode == 0
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "house.toml").write_bytes(toml)
    record = night(tmp_path / "club", with_rules("../rules/house.toml"), "up.rvs")
    assert cli("check", str(record)).returncode == 1
    assert cli("--rules-dir", str(tmp_path / "rules"), "check", str(record)).returncode == 0
    (tmp_path / "club" / "link.toml").symlink_to(tmp_path / "rules" / "house.toml")
    linked = night(tmp_path / "club", with_rules("link.toml"), "link.rvs")
    assert b"is not read" in cli("check", str(linked)).stderr


def test_a_fifo_a_device_or_a_folder_is_not_read_as_a_record(tmp_path):
    fifo = tmp_path / "pipe.rvs"
    os.mkfifo(fifo)
    for name, said in ((str(fifo), b"not a regular file"), ("/dev/zero", b"not a regular file"),
                       (str(tmp_path), b"pipe.rvs: not a regular file")):  # a folder: its records
        done = cli("check", name)
        assert done.returncode == 2 and said in done.stderr, name


def written(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


@pytest.mark.parametrize("kind, make, command", [
    ("record", lambda p: night(p, NIGHT + "#" * (2 << 20)), ["check"]),
    ("rules", lambda p: written(p / "big.toml", "# x\n" * (600 << 10)), ["rules"]),
    ("ledger", lambda p: written(p / "big.json", " " * (2 << 20) + "{}"), ["verify"]),
], ids=["record", "rules", "ledger"])
def test_every_file_has_a_size_limit_that_an_option_raises(tmp_path, kind, make, command):
    path = make(tmp_path)
    done = cli(f"--max-{kind}-mib", "1", *command, str(path))
    assert done.returncode == 2
    assert f"larger than 1 MiB, the limit for a {kind} file (--max-{kind}-mib N raises it)".encode() \
        in done.stderr
    assert cli(f"--max-{kind}-mib", "4", *command, str(path)).returncode != 2


def test_the_default_limits_and_standard_input_too(tmp_path):
    big = b"players: A B C D\n" + b"#" * (65 << 20)
    done = cli("check", "-", input=big)
    assert done.returncode == 2 and b"standard input: larger than 64 MiB" in done.stderr
    (tmp_path / "house.toml").write_bytes(b"# x\n" * (300 << 10))
    done = cli("check", str(night(tmp_path, with_rules("house.toml"))))
    assert done.returncode == 1 and b"larger than 1 MiB, the limit for a rules file" in done.stderr


# ------------------------------------------------------------------ numbers and TOML: 1 or 2, never 70
@pytest.mark.parametrize("old, new", [
    ("stake: 200", "stake: " + "9" * 5000),
    ("hand 1 ", "hand " + "1" * 5000 + " "),
    ("  Bruno: 7H JH QH 8H", "  " + "7" * 5000 + ". Bruno: 7H JH QH 8H"),
    ("Claire -> Bruno 11", "Claire -> Bruno " + "1" * 5000),
    ("Claire -> Bruno 11", "Claire -> pool:" + "1" * 5000 + " 11"),
    ("rules: parlett", "rules: parlett\nrule fine_revoke: " + "9" * 5000),
], ids=["stake", "hand", "trick", "amount", "pool", "rule-line"])
def test_numbers_of_thousands_of_digits_are_record_errors(tmp_path, old, new):
    assert old in NIGHT
    result = runner.invoke(app, ["check", str(night(tmp_path, NIGHT.replace(old, new, 1)))])
    assert isinstance(result.exception, SystemExit), repr(result.exception)  # not a ValueError: exit 70
    assert result.exit_code == 1, result.output
    assert "internal error" not in result.output
    assert "set_int_max_str_digits" not in result.output  # Python's words are not a message
    assert "9" * 200 not in result.output and "1" * 200 not in result.output  # echoes are cut


NAMES_A_PRESET = "'base' names a preset (parlett, denexa, regles-fr, manuscrit, dafydd)"


@pytest.mark.parametrize("toml, said", [
    ("base = {a=1}\n", f"{NAMES_A_PRESET}, not a table"),
    ("base = ['parlett']\n", f"{NAMES_A_PRESET}, not a list"),
    ("x = " + "[" * 900 + "]" * 900 + "\n", "nested too deeply"),
    ("fine_revoke = " + "9" * 5000 + "\n", "a number has too many digits"),
    ("fine_revoke = '" + "9" * 5000 + "'\n", "not one of 5,000 digits"),
], ids=["base-table", "base-list", "nested-900", "knob-5000-digits", "knob-text-5000-digits"])
def test_toml_that_is_not_what_it_seems(tmp_path, toml, said):
    (tmp_path / "house.toml").write_text(toml)
    result = runner.invoke(app, ["check", str(night(tmp_path, with_rules("house.toml")))])
    assert result.exit_code == 1 and said in result.output, result.output
    shown = runner.invoke(app, ["rules", str(tmp_path / "house.toml")])
    assert shown.exit_code == 2 and said in shown.output, shown.output


def test_verify_of_a_format_of_5000_digits(tmp_path):
    path = tmp_path / "l.json"
    path.write_text(json.dumps({"format": "reversis-ledger/" + "9" * 5000}))
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1 and "newer than this reversis-score reads" in result.output
    assert len(result.output) < 400


# ------------------------------------------------------------------ linear headers, cut echoes
def test_a_header_of_200000_players_is_read_in_linear_time(tmp_path):
    names = " ".join(f"P{i}" for i in range(200_000)) + " P7"
    done = cli("check", str(night(tmp_path, f"players: {names}\n")))
    assert done.returncode == 1
    assert b"'players:' names 200001 players" in done.stderr
    assert done.stderr.count(b"is named twice") == 1


def test_100000_rule_lines_are_read_in_linear_time(tmp_path):
    text = NIGHT.replace("stake: 200\n", "stake: 200\n" + "rule fine_revoke: 5\n" * 100_000)
    done = cli("check", str(night(tmp_path, text)))
    assert done.returncode == 1
    # said line by line three times, then summed up in one line naming the first
    assert done.stderr.count(b"'rule fine_revoke' is given twice") == 3
    first = done.stderr.split(b"given twice (first on line ")[1].split(b")")[0]
    assert b"'rule fine_revoke' is given 100,000 times, first on line " + first + b";" in done.stderr
    assert done.stderr.count(b"error:") == 4


def test_100000_unknown_toml_keys_in_linear_time_and_a_5mb_value_not_echoed(tmp_path):
    (tmp_path / "keys.toml").write_text("".join(f"k{i} = 1\n" for i in range(100_000)))
    done = cli("--max-rules-mib", "8", "check", str(night(tmp_path, with_rules("keys.toml"))))
    assert done.returncode == 1 and done.stderr.count(b"unknown knob") == 100_000
    assert b"keys.toml:100000:1: error: unknown knob 'k99999'" in done.stderr
    (tmp_path / "value.toml").write_text('talon_values = "' + "x" * 5_000_000 + '"\n')
    done = cli("--max-rules-mib", "8", "check", str(night(tmp_path, with_rules("value.toml"))))
    assert done.returncode == 1 and b"(5,000,000 characters)" in done.stderr
    assert len(done.stderr) < 2000


# ------------------------------------------------------------------ what is printed
ESCAPES = ["\x1b]52;c;aGFja2Vk\x07", "\x1b]0;owned\x07", "\x1b[2J", "\x9b2J"]
TITLE = "Club " + " ".join(ESCAPES) + " night"


@pytest.mark.parametrize("args", [["settle"], ["audit"], ["export", "--format", "markdown"],
                                  ["export", "--format", "csv"], ["settle", "--format", "csv"],
                                  ["check"], ["why", "_", "Bruno", "Claire"]],
                         ids=["settle", "audit", "markdown", "csv", "settle-csv", "check", "why"])
def test_terminal_escapes_in_a_title_and_a_name_are_escaped(tmp_path, args):
    text = NIGHT.replace("Club night at the Rue de Lille", TITLE).replace("Denis", '"De\x1b[2Jnis"')
    path = str(night(tmp_path, text))
    command = [args[0], path, *args[2:]] if "_" in args else [*args[:1], path, *args[1:]]
    result = runner.invoke(app, command, color=True)  # color: as on a terminal, nothing stripped
    assert result.exit_code in (0, 1, 3), result.output
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", result.output.replace("\r\n", "\n")), \
        repr(result.output[:300])
    if args[0] in ("settle", "audit", "export") and "csv" not in args:
        assert "\\x1b]52;c;aGFja2Vk\\x07" in result.output


def test_html_isolates_names_and_titles(tmp_path):
    text = NIGHT.replace("Club night at the Rue de Lille", "Club \u202enight").replace(
        "Denis", '"\u202eDenis"')
    result = runner.invoke(app, ["report", str(night(tmp_path, text))])
    assert result.exit_code == 0, result.output
    assert "<h1><bdi>Club \u202enight</bdi></h1>" in result.output
    assert "<bdi>\u202eDenis</bdi>" in result.output
    assert not re.search(r"[^>]\u202eDenis", result.output.split("<svg")[0])


ROUTES = [
    ["export", "{night}", f"postgresql://sec:{PASSWORD}@/db?host=/nonexistent"],
    ["export", "{night}", "--to", f"postgres+psycopg://sec:{PASSWORD}@localhost/db"],
    ["export", "{night}", "--to", f"postgresql://sec:s3@{PASSWORD}@127.0.0.1:1/db"],
    ["export", "{night}", "--to", f"postgresql://sec@127.0.0.1:1/db?password={PASSWORD}"],
    ["export", "{night}", "--format", "csv", "--to", f"mysql://sec:{PASSWORD}@h/x/y.csv"],
    ["season", f"postgresql://sec:{PASSWORD}@127.0.0.1:1/db"],
    ["season", f"anything://sec:{PASSWORD}@host/db"],
    ["check", f"postgresql://sec:{PASSWORD}@h/db"],
    ["verify", f"postgresql://sec:{PASSWORD}@h/db"],
    ["verify", "{ledger}", "--record", f"postgresql://sec:{PASSWORD}@h/db"],
    ["settle", "{night}", "--rules", f"postgresql://sec:{PASSWORD}@h/db"],
    ["rules", f"postgresql://sec:{PASSWORD}@h/x.toml"],
    ["report", "{night}", "-o", f"https://sec:{PASSWORD}@h/nowhere/x.html"],
    [f"postgresql://sec:{PASSWORD}@h/db"],
    ["check", "--jobs", f"postgresql://sec:{PASSWORD}@h/db", "{night}"],
    ["check", "{url_record}"],
    ["--rules-dir", f"postgresql://sec:{PASSWORD}@h/db", "check", "{url_record}"],
]


@pytest.mark.parametrize("route", ROUTES, ids=[" ".join(r[:2])[:40] for r in ROUTES])
def test_no_password_in_any_output(tmp_path, route):
    values = {"night": str(night(tmp_path)), "ledger": str(tmp_path / "l.json"),
              "url_record": str(night(tmp_path, with_rules(f"postgresql://sec:{PASSWORD}@h/x.toml"),
                                      "url.rvs"))}
    (tmp_path / "l.json").write_text(runner.invoke(app, ["settle", values["night"], "--format",
                                                         "json"]).output)
    done = cli(*(part.format(**values) for part in route), cwd=tmp_path)
    assert done.returncode in (1, 2), done.stderr
    said = done.stdout + done.stderr
    assert said.strip()
    for secret in (PASSWORD, PASSWORD[:6], "cr3tPW"):
        assert secret.encode() not in said, said.decode()


def test_verify_record_compares_preset_hash_and_title(tmp_path):
    path = night(tmp_path)
    ledger = json.loads(runner.invoke(app, ["export", str(path)]).output)
    for key, change in (("rules.preset", lambda d: d["rules"].update(preset="denexa")),
                        ("session.sha256", lambda d: d["session"].update(sha256="0" * 64)),
                        ("session.title", lambda d: d["session"].update(title="Another night"))):
        changed = json.loads(json.dumps(ledger))
        change(changed)
        (tmp_path / "l.json").write_text(json.dumps(changed))
        result = runner.invoke(app, ["verify", str(tmp_path / "l.json"), "--record", str(path)])
        assert result.exit_code == 1 and f"l.json: {key}: the ledger has" in result.output, key
    (tmp_path / "l.json").write_text(json.dumps(ledger))
    assert runner.invoke(app, ["verify", str(tmp_path / "l.json"), "--record", str(path)]).exit_code == 0


def test_check_of_standard_input_on_a_terminal_says_so(tmp_path):
    child = pexpect.spawn(COMMAND[0], COMMAND[1:] + ["check", "-"], encoding="utf-8", timeout=20,
                          cwd=str(tmp_path))
    child.expect("reading the record from standard input; end it with Ctrl-D")
    child.sendline("players: A B C D")
    child.sendeof()
    child.expect("-: 0 hands, players A B C D, rules parlett: ok")
    child.expect(pexpect.EOF)
