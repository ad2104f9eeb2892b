"""The quick reader of common hands (notation/fast.py) against Lark, the grammar of record.

Wherever the quick reader gives a record, Lark must give the identical record (every field,
every span: compared by repr, which shows the fields that equality leaves out) and no
diagnostic; wherever it declines, Lark reads the hand as before. Checked on every sample,
every bad sample, generated records in every style, and mutated records.
"""
import random
import sys
from pathlib import Path

import gen
import pytest
from conftest import BAD, DATA, SAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import rvs_texts

from reversis_score.notation import parse
from reversis_score.notation.fast import read_hand
from reversis_score.notation.parse import _parse_with_recovery, iter_chunks, normalise

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from fuzz import mutate

RECORDS = sorted(SAMPLES.glob("*.rvs")) + sorted(BAD.glob("*.rvs")) + [DATA / "notation-example.rvs"]
# Pieces that test the edges of the quick reader's patterns: keywords where names stand,
# other spaces, other digits, bars, colons, quotes.
PIECES = ["deal", "tricks", "exchange", "keeps", "discards", "void", ":", "|", " | ", "\u00a0", "\x0b", "\f",
          "\t", "٣", "3.", '"', '"Jo Jo"', "AS", "10h", "a♠", "TH", "hand", "hand 2", "dealer:", "announce:",
          "espagnolette", "irregular: peek", "claims: waived", "table:", "pool", "-", "'", "é", "e\u0301"]


def compare_chunks(text: str) -> tuple[int, int]:
    """Every hand chunk of ``text`` through both readers; (chunks, chunks read quickly)."""
    _, chunks = iter_chunks(normalise(text))
    expected = 1
    seen = quick_count = 0
    for first_line, chunk in chunks:
        quick = read_hand(chunk, first_line, expected)
        record, diagnostics = _parse_with_recovery(chunk, "hand", first_line - 1, context=expected)
        seen += 1
        if quick is not None:
            quick_count += 1
            assert diagnostics == [], chunk
            assert repr(quick) == repr(record), chunk
        expected = (record.number if record else expected) + 1
    return seen, quick_count


def whole_file_same(text: str, monkeypatch) -> None:
    """read_text with and without the quick reader: the same result, diagnostics included."""
    quick = parse.read_text(text, "x.rvs")
    with monkeypatch.context() as m:
        m.setattr(parse, "read_common_hand", lambda *args: None)
        slow = parse.read_text(text, "x.rvs")
    assert repr(quick) == repr(slow)


def text_of(path: Path) -> str:
    return path.read_bytes().decode("utf-8", "replace")


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_samples_read_alike(path, monkeypatch):
    compare_chunks(text_of(path))
    whole_file_same(text_of(path), monkeypatch)


def test_the_common_hands_are_read_quickly():
    # The point of the quick reader: a plain generated record never needs Lark.
    session = gen.random_session(random.Random(5), ("Anne", "Bruno", "Claire", "Denis"), 30,
                                 void_rate=0.1, rules="parlett", stake=100)
    seen, quick = compare_chunks(gen.to_rvs(session))
    assert seen == quick == 30


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rvs_texts())
def test_generated_records_read_alike(text):
    compare_chunks(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(range(6)))
def test_mutated_records_read_alike(seed, source):
    rng = random.Random(seed)
    session = gen.random_session(rng, ("Anne", "Bruno", "Claire", "Denis"), 3, void_rate=0.2,
                                 rules=("parlett", "regles-fr", "denexa")[source % 3], stake=100)
    style = {"trick_form": "short", "numbered": "mixed", "symbols": "mixed", "lowercase": "mixed",
             "tabs": bool(source & 1), "ten": "mixed", "bare_hand": "mixed", "mix_seed": seed}
    text = gen.to_rvs(session, **style)
    data = mutate(rng, text.encode("utf-8"))
    compare_chunks(data.decode("utf-8", "replace"))
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        k = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:k] + rng.choice(PIECES) + lines[i][k:]
    compare_chunks("\n".join(lines))


def test_every_bad_sample_and_mutation_of_it_reads_alike():
    rng = random.Random(15)
    for path in sorted(BAD.glob("*.rvs")) + sorted(SAMPLES.glob("*.rvs")):
        data = path.read_bytes()
        for _ in range(20):
            compare_chunks(mutate(rng, data).decode("utf-8", "replace"))
