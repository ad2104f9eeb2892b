"""A record whose players are named like the French keywords (``main donneur nul levées``) is
taken up where it stops, as ``check`` reads it: in an English record those words are names, so
they never end the look ahead that finds a revoke acknowledged after the tricks."""
from __future__ import annotations

import re

from conftest import SAMPLES

from reversis_score.notation.parse import split_chunks
from reversis_score.record.entries import Ahead
from reversis_score.record.resume import resume

NAMES = {"Anne": "main", "Bruno": "donneur", "Claire": "nul", "Denis": "levées"}


def _renamed(text: str) -> str:
    return re.sub(r"(?<![\w'\-])(Anne|Bruno|Claire|Denis)(?![\w'\-])", lambda m: NAMES[m.group()], text)


def test_a_revoke_acknowledged_after_the_tricks_is_seen_when_players_are_named_like_keywords(tmp_path):
    text = _renamed((SAMPLES / "club-night.rvs").read_text(encoding="utf-8"))
    _header, chunks = split_chunks(text)
    head = "".join(text.splitlines(keepends=True)[:chunks[7][0] - 1])  # hands 1-7
    assert head.rstrip().endswith("irregular: revoke levées")
    recorder, problems = resume(head, "x.rvs", tmp_path, True, head)
    assert problems == []
    assert recorder is not None and recorder.hand is not None
    assert recorder.hand.number == 7 and recorder.hand.whole()


def test_only_a_french_record_begins_a_hand_with_its_french_words():
    lines = ["  donneur: KD 4D QD 2D", "main: 8D 9D QH 2H", "irregular: revoke levées", "hand 8", "dealer: x"]
    assert Ahead(lines).rest_of_hand() == lines[:4]
    assert Ahead(["  nul: 5C JC 9C AC", "coup 8", "donneur: x"]).rest_of_hand(french=True) == \
        ["  nul: 5C JC 9C AC", "coup 8"]
