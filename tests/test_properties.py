"""Hypothesis properties over random legal hands and sessions (tests/gen.py, tests/strategies.py).

- every random legal session checks clean, written in any style;
- comments, whitespace, case and suit spelling do not change the records;
- ``format`` round-trips and is idempotent;
- every random legal session settles under every preset, conserves fish on every hand,
  keeps the ledger's schema and invariants (``verify``), and agrees with the independent oracle.
"""
import dataclasses
import json
import random

import gen
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from oracle_adapter import compare_text
from strategies import legal_sessions, rvs_texts, styles

from reversis_score.ledger.build import build_ledger
from reversis_score.ledger.verify import verify_document
from reversis_score.notation.parse import read_text
from reversis_score.pipeline import check_text
from reversis_score.render.document import ledger_document
from reversis_score.render.rvs import format_record

SUPPRESS = [HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large]
SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=SUPPRESS)
PRESETS_48 = ("parlett", "denexa", "regles-fr", "manuscrit")


def records(text: str):
    result = read_text(text, "t.rvs")
    assert result.errors == [], [d.message for d in result.errors]
    return result.session()


@SETTINGS
@given(rvs_texts())
def test_every_random_legal_session_checks_clean(text):
    session = check_text(text, "t.rvs")
    assert session.errors == [], [d.message for d in session.errors]


@SETTINGS
@given(legal_sessions(deck_size=None, irregular=True), styles(), st.data())
def test_layout_comments_and_spelling_do_not_change_the_records(session, style, data):
    plain = gen.Writer(dataclasses.replace(style, comments=False, blank_lines=1, tabs=False,
                                           crlf=False, bom=False, indent="  ")).session(session)
    noisy = gen.Writer(dataclasses.replace(
        style, comments=True, blank_lines=data.draw(st.integers(0, 3)), tabs=data.draw(st.booleans()),
        crlf=data.draw(st.booleans()), bom=data.draw(st.booleans()), indent="\t ",
        symbols="mixed", lowercase="mixed", numbered="mixed", trick_form="mixed",
        mix_seed=data.draw(st.integers(0, 999)))).session(session)
    assert records(plain) == records(noisy)


@SETTINGS
@given(rvs_texts(), st.booleans())
def test_format_round_trips_and_is_idempotent(text, symbols):
    once = format_record(records(text), text, symbols=symbols)
    assert records(once) == records(text)
    assert format_record(records(once), once, symbols=symbols) == once


@settings(max_examples=150, deadline=None, suppress_health_check=SUPPRESS)
@given(legal_sessions(max_hands=5, deck_size=None, irregular=True), st.data())
def test_every_session_settles_conserves_and_agrees_with_the_oracle(session, data):
    text = gen.to_rvs(session)
    presets = ("dafydd",) if session.hands[0].deck_size == 52 else PRESETS_48
    for preset in presets:
        checked = check_text(text, "t.rvs", rules_override=preset)
        assert checked.errors == [], [d.message for d in checked.errors]
        ledger = build_ledger(checked)  # raises ConservationError if a hand loses a fish
        assert len(ledger.settled) == len(session.hands)
        for hand in ledger.settled:
            s = hand.settlement
            assert sum(s.net.values()) + sum(s.pools_after) - sum(s.pools_before) == 0
        assert compare_text(text, preset) == []
        problems = verify_document(json.loads(json.dumps(ledger_document(ledger))))
        assert problems == [], (preset, [str(p) for p in problems])


PLAYERS = ("Anne", "Bruno", "Claire", "Denis")
SPECIAL_HANDS = [
    lambda rng, d: gen.reversis_made_hand(rng, PLAYERS, d),
    lambda rng, d: gen.reversis_broken_hand(rng, PLAYERS, d),
    lambda rng, d: gen.reversis_broken_hand(rng, PLAYERS, d, by_quinola=True),
    lambda rng, d: gen.espagnolette_hand(rng, PLAYERS, d, won=True),
    lambda rng, d: gen.espagnolette_hand(rng, PLAYERS, d, won=False),
    lambda rng, d: gen.espagnolette_hand(rng, PLAYERS, d, won=True, revoke_right=True, four_aces=True,
                                         announce=False),
    lambda rng, d: gen.revoke_hand(rng, PLAYERS, d),
    lambda rng, d: gen.random_hand(rng, PLAYERS, d, irregular_exchange=0.3),
]


@settings(max_examples=60, deadline=None, suppress_health_check=SUPPRESS)
@given(st.randoms(use_true_random=False), st.lists(st.integers(0, len(SPECIAL_HANDS) - 1), min_size=1,
                                                   max_size=5))
# Every example this test ever failed on, fixed, so that none waits for the search to meet it again
# (issue 43): a random hand (kind 7) where Bruno takes his face-down Quinola without discarding,
# announces the espagnolette and loses it; under regles-fr he owes the remise though he never
# played Quinola ("s'il le possédait"). Hypothesis's own example was a HypothesisRandom that cannot
# be written down: random.Random(1680) deals the same case.
@example(rng=random.Random(1680), kinds=[7])
def test_reversis_and_espagnolette_sessions_agree_with_the_oracle(rng, kinds):
    dealers = gen.dealers(PLAYERS, rng.choice(PLAYERS), len(kinds))
    hands = []
    for kind, dealer in zip(kinds, dealers, strict=True):
        try:
            hands.append(SPECIAL_HANDS[kind](rng, dealer))
        except gen.SearchFailed:
            hands.append(gen.random_hand(rng, PLAYERS, dealer))
    text = gen.to_rvs(gen.Session(PLAYERS, tuple(gen.renumber(hands))))
    for preset in PRESETS_48:
        assert compare_text(text, preset) == []
