"""Mutated records never crash: a clear message, exit 0 or 1 (1 whenever it is broken)."""
import os
import random
import re
import sys
from pathlib import Path

import pytest
from conftest import DATA, SAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from reversis_score.cli import app

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import fuzz  # noqa: E402  (bench/fuzz.py: its hostile records, small)

SOURCES = sorted(SAMPLES.glob("*.rvs")) + [DATA / "notation-example.rvs"]
runner = CliRunner()


def run(tmp_path: Path, data: bytes, command: str = "check"):
    path = tmp_path / "fuzz.rvs"
    path.write_bytes(data)
    result = runner.invoke(app, [command, str(path)])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1), result.output
    return result


def mutate(lines: list[bytes], kind: str, i: int, j: int, noise: bytes) -> list[bytes]:
    n = len(lines)
    i, j = i % n, j % n
    if kind == "drop":
        return lines[:i] + lines[i + 1:]
    if kind == "duplicate":
        return lines[:i] + [lines[i]] + lines[i:]
    if kind == "swap":
        out = list(lines)
        out[i], out[j] = out[j], out[i]
        return out
    if kind == "truncate":
        return lines[:i] + [lines[i][: j % (len(lines[i]) + 1)]]
    if kind == "bytes":
        line = lines[i]
        k = j % (len(line) + 1)
        return lines[:i] + [line[:k] + noise + line[k:]] + lines[i + 1:]
    return lines


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
# FUZZ_EXAMPLES=2000 pytest tests/test_fuzz.py fuzzes harder by hand; CI keeps it short.
@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "25")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(["drop", "duplicate", "swap", "truncate", "bytes"]),
       i=st.integers(0, 10_000), j=st.integers(0, 10_000), noise=st.binary(min_size=1, max_size=8),
       command=st.sampled_from(["check", "settle", "format"]))
def test_mutated_samples_never_crash(source, kind, i, j, noise, command, tmp_path):
    lines = source.read_bytes().split(b"\n")
    run(tmp_path, b"\n".join(mutate(lines, kind, i, j, noise)), command)


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "4")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(which=st.integers(0, 10_000), card=st.sampled_from(["KQS", "K", "Q♥S", "AS2", "S", "1", "QQ"]))
def test_a_card_of_three_letters_or_one_is_an_error_of_the_notation(source, which, card, tmp_path):
    # A card token of the wrong length is "not a card" (exit 1), never a KeyError (exit 70): one
    # card of a trick line replaced by a token of three letters or one (issue 43).
    text = source.read_text("utf-8")
    tokens = [m for m in re.finditer(r"(?i)(?<=\s)(?:10|[2-9TJQKA])[SHDC♠♥♦♣](?=[\s,])", text)
              if "#" not in text[text.rfind("\n", 0, m.start()) + 1:m.start()]]
    assert tokens
    at = tokens[which % len(tokens)]
    result = run(tmp_path, (text[:at.start()] + card + text[at.end():]).encode("utf-8"))
    assert result.exit_code == 1 and f"'{card}' is not a card" in result.output, result.output


@pytest.mark.parametrize("data", [
    b"", b"\n\n", b"\x00" * 100, bytes(range(256)), b"\xff\xfe\x00p\x00l", "caf\xe9".encode("latin-1"),
    b"players: A B C D\n" + b"x" * 1_000_000,
    b"players: A B C D\nhand\ndealer: B\ntricks:\n  C: " + b"2C " * 300_000,
    b"hand\n" * 1000, b"#" * 5000,
], ids=["empty", "blank", "nul", "all-bytes", "utf16", "latin1", "1MB-line", "huge-trick", "many-hands",
        "comment"])
def test_hostile_inputs(tmp_path, data):
    result = run(tmp_path, data)
    assert result.exit_code == 1


def test_non_utf8_names_the_first_bad_byte(tmp_path):
    result = run(tmp_path, b"players: A B C D\n# caf\xe9\n")
    assert ":2:6: error: the file is not UTF-8 text" in result.output


@pytest.mark.parametrize("kind", fuzz.HOSTILE)
def test_hostile_records_of_the_fuzzer_never_reach_exit_70(tmp_path, kind):
    """bench/fuzz.py's pathological records, each kind at its smallest, through every command
    it fuzzes: a documented exit, never 70, never a raw escape in what is printed."""
    record, beside = fuzz.hostile(random.Random(kind), SOURCES[0].read_bytes(), kind, big=False)
    path = tmp_path / "fuzz.rvs"
    path.write_bytes(record)
    for name, content in beside.items():
        (tmp_path / name).write_bytes(content)
    for command, allowed in fuzz.COMMANDS.items():
        result = runner.invoke(app, [command, str(path)])
        assert fuzz.judge(result, allowed, command) is None, (command, result.output[-500:])
