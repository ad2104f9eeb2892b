"""The generator reaches every outcome the settlement tells apart, in its stated shares
(tests/gen.py: OUTCOMES, outcome_record), each hand read back by the program itself: reversis
made, broken at trick 10 and at 11, by Quinola and not; espagnolettes won and lost; a player
with ten cards; a trick gathered by another than its winner; plain party hands."""
from __future__ import annotations

import random
from collections import Counter

import gen

from reversis_score.ledger.build import build_ledger
from reversis_score.pipeline import check_text
from reversis_score.settle.played import find_reversis

PLAYERS = ("Anne", "Bruno", "Claire", "Denis")
HANDS = 120  # drawn by OUTCOMES's shares from one fixed seed


def read_back(text: str) -> list[str]:
    """Each hand's outcome as the program reads and settles it."""
    session = check_text(text, "t.rvs")
    assert session.errors == [], [d.message for d in session.errors]
    kinds = []
    for settled in build_ledger(session).settled:
        play, outcome = settled.settlement.play, settled.settlement.outcome
        rev = find_reversis(play)
        if play.ten_cards:
            kinds.append("ten-cards")
        elif play.gathered:
            kinds.append("gathered")
        elif rev is not None and rev.made:
            kinds.append("reversis-made")
        elif rev is not None:
            quinola = "-quinola" if rev.by_quinola else ""
            kinds.append(f"reversis-broken-{rev.trick}{quinola}")
        elif outcome.espagnolette:
            kinds.append(f"espagnolette-{outcome.espagnolette['result']}")
        else:
            kinds.append("party")
    return kinds


def test_the_shares_are_stated_for_every_outcome():
    assert sum(gen.OUTCOMES.values()) == 100
    assert set(gen.OUTCOMES) == {
        "party", "reversis-made", "reversis-broken-10", "reversis-broken-11",
        "reversis-broken-10-quinola", "reversis-broken-11-quinola", "espagnolette-won",
        "espagnolette-lost", "ten-cards", "gathered"}


def test_the_generator_reaches_every_outcome_in_its_share():
    rng = random.Random(2026)
    kinds = gen.draw_outcomes(rng, HANDS)
    found: list[str] = []
    for start in range(0, HANDS, 12):  # records of 12 hands, as a club's night
        chunk = kinds[start:start + 12]
        found += read_back(gen.outcome_record(rng, PLAYERS, chunk))
    assert found == kinds  # every hand is the outcome it was drawn as
    counts = Counter(found)
    for kind, share in gen.OUTCOMES.items():
        expected = HANDS * share / 100
        spread = 3 * (HANDS * share / 100 * (1 - share / 100)) ** 0.5  # three binomial deviations
        assert abs(counts[kind] - expected) <= spread, (kind, counts[kind], expected)
        assert counts[kind] >= 1, kind
