"""The parser's tables are cached on disk: the cache follows grammar/, and a damaged, foreign
or unwritable cache only costs time, never a run."""
import os
import subprocess
import sys
from unittest import mock

import pytest
from conftest import ROOT, SAMPLES
from lark import Lark

from reversis_score.notation import lalr, parse
from reversis_score.notation.parse import read_text

RECORD = (SAMPLES / "club-night.rvs").read_text("utf-8")


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("REVERSIS_SCORE_CACHE", str(folder))
    lalr.parser.cache_clear()
    yield folder
    lalr.parser.cache_clear()


def records_of(text: str):
    """The records Lark reads (the quick readers, which read most of this record, turned off)."""
    declined = lambda *args: None  # noqa: E731
    with mock.patch.multiple(parse, read_common_hand=declined, read_common_header=declined):
        result = read_text(text, "x.rvs")
    return result.header, [(h.record, h.diagnostics) for h in result.hands]


def test_the_key_follows_the_grammar_in_the_checkout():
    grammar = (ROOT / "grammar" / "reversis.lark").read_text("utf-8")
    assert lalr.cache_key() == lalr.cache_key(grammar)
    assert lalr.cache_key(grammar + "\n// changed\n") != lalr.cache_key(grammar)
    assert lalr.cache_key()[:32] in lalr.cache_path().name


def test_cached_tables_parse_as_freshly_built_ones(cache):
    expected = records_of(RECORD)
    built, _ = lalr.parser()
    path = lalr.cache_path()
    assert path.exists() and path.parent == cache
    lalr.parser.cache_clear()
    loaded, builder = lalr.parser()
    assert loaded is not built and builder is not None
    assert records_of(RECORD) == expected
    fresh = Lark(lalr.grammar_text(), **lalr.OPTIONS)
    assert [t.name for t in loaded.terminals] == [t.name for t in fresh.terminals]


@pytest.mark.parametrize("damage", [b"", b"garbage\n", b"x" * 10_000, None])
def test_a_damaged_cache_is_rebuilt(cache, damage):
    expected = records_of(RECORD)  # read with tables built afresh (the cache folder was empty)
    assert expected[0].player_names == ("Anne", "Bruno", "Claire", "Denis") and len(expected[1]) == 12
    path = lalr.cache_path()
    if damage is None:  # the right key, then a truncated pickle
        path.write_bytes(path.read_bytes()[:200])
    else:
        path.write_bytes(damage)
    lalr.parser.cache_clear()
    assert records_of(RECORD) == expected
    assert lalr.load_cached(path, lalr.parser()[1]) is not None  # written again, whole


def test_an_unwritable_cache_never_stops_a_run(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("REVERSIS_SCORE_CACHE", str(blocker / "cache"))
    lalr.parser.cache_clear()
    try:
        assert records_of(RECORD)[0].player_names == ("Anne", "Bruno", "Claire", "Denis")
        assert lalr.save_cached(lalr.parser()[0], lalr.cache_path()) is False
    finally:
        lalr.parser.cache_clear()
    assert list(tmp_path.iterdir()) == [blocker]  # no temporary file left behind


def test_an_empty_setting_turns_the_cache_off(monkeypatch):
    monkeypatch.setenv("REVERSIS_SCORE_CACHE", "")
    assert lalr.cache_path() is None


def test_runs_at_once_share_one_cache(cache):
    code = "from reversis_score.cli import main; main()"
    env = {**os.environ, "REVERSIS_SCORE_CACHE": str(cache)}
    # Its first hand line is a bare 'hand' with a comment: a hand the quick reader leaves to Lark.
    runs = [subprocess.Popen([sys.executable, "-c", code, "check", str(SAMPLES / "parlett-scoresheet.rvs")],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(4)]
    outs = [run.communicate(timeout=120) for run in runs]
    assert all(run.returncode == 0 for run in runs), outs
    assert len({out for out, _ in outs}) == 1
    assert [p.name for p in cache.iterdir()] == [lalr.cache_path().name]  # no temporary file left
