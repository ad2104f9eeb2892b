"""A hand recorded by its events settles as the hand played card by card (issue 33).

Generated sessions of every kind of hand (tests/gen.py), under every preset, with the laws:
``format --events`` writes each hand as its events, and the ledger of that record equals the
original's item for item (kind, payer, payee, amount, trick, card, cancellation), with the
same pools after every hand; the why may differ only where it names a card the events do not
hold. Seeded, so a failure names its preset and seed.
"""
from __future__ import annotations

import random

import gen
import pytest

from reversis_score.ledger.build import build_ledger
from reversis_score.pipeline import check_text
from reversis_score.render.rvs import as_events
from reversis_score.rules.knobs import PRESETS

PLAYERS = ("Anne", "Bruno", "Claire", "Denis")
HANDS_PER_SESSION = 25
SESSIONS = 40  # 1,000 hands a preset


def _kinds(deck: int, laws: bool):
    """Makers of one hand: (rng, dealer) -> gen.Hand, every outcome the generator reaches."""
    kinds = [lambda r, d: gen.random_hand(r, PLAYERS, d, deck_size=deck)] * 4
    if deck == 52:
        return kinds
    kinds += [
        lambda r, d: gen.reversis_made_hand(r, PLAYERS, d),
        lambda r, d: gen.reversis_broken_hand(r, PLAYERS, d),
        lambda r, d: gen.reversis_broken_hand(r, PLAYERS, d, by_quinola=True),
        lambda r, d: gen.espagnolette_hand(r, PLAYERS, d, won=r.random() < 0.5),
        lambda r, d: gen.random_hand(r, PLAYERS, d, claims_waived=True),
    ]
    if laws:
        kinds += [
            lambda r, d: gen.random_hand(r, PLAYERS, d, irregular_exchange=0.5),
            lambda r, d: gen.revoke_hand(r, PLAYERS, d),
            lambda r, d: gen.random_hand(r, PLAYERS, d, out_of_turn=r.choice(PLAYERS)),
            lambda r, d: gen.espagnolette_hand(r, PLAYERS, d, won=True, revoke_right=True, four_aces=True,
                                               announce=False),
        ]
    return kinds


# House rules: knobs changed by name on top of a preset (each a reading the events must carry).
HOUSE_RULES = {
    "parlett+flat-quinola-break": ("parlett", {"broken_by_quinola": "flat", "espagnolette_pays_broken": "yes",
                                               "party_per_card": "1", "talon_values": "ad5-jh4"}),
    "parlett+by-trick": ("parlett", {"broken_by_quinola": "none", "broken_reversis": "by-trick",
                                     "taker_paid": "nothing", "double_tricks": "1 11"}),
    "regles-fr+basket": ("regles-fr", {"pools": "single", "espagnolette_lost": "manuscrit",
                                       "quinola_pool_in_last_tricks": "no", "tie_rule": "tricks"}),
    "manuscrit+no-pools": ("manuscrit", {"pools": "none", "opposite_doubles_side": "no",
                                         "preference": "play", "espagnolette_lost": "denexa"}),
    "dafydd+difference": ("dafydd", {"party": "pairwise-difference"}),
}


def house_text(name: str, seed: int) -> str:
    base, knobs = HOUSE_RULES[name]
    text = session_text(base, seed)
    lines = "".join(f"rule {k}: {v}\n" for k, v in knobs.items())
    return text.replace(f"rules: {base}\n", f"rules: {base}\n{lines}", 1)


def session_text(preset: str, seed: int, count: int = HANDS_PER_SESSION, more=(),
                 stake: int | None = None) -> str:
    """A session of ``count`` hands of every kind (``more``: other makers of a hand, as
    tests/matrix.py adds)."""
    knobs = PRESETS[preset]
    rng = random.Random(seed)
    kinds = _kinds(knobs.deck, knobs.has_laws) + list(more)
    hands = []
    for dealer in gen.dealers(PLAYERS, rng.choice(PLAYERS), count):
        if knobs.has_laws and rng.random() < 0.04:
            hands.append(gen.void_hand(1, PLAYERS, dealer))
            continue
        try:
            hands.append(rng.choice(kinds)(rng, dealer))
        except gen.SearchFailed:
            hands.append(gen.random_hand(rng, PLAYERS, dealer, deck_size=knobs.deck))
    session = gen.Session(PLAYERS, tuple(gen.renumber(hands)), rules=preset, stake=stake)
    return gen.to_rvs(session, with_table=False, with_deal=rng.random() < 0.5,
                      with_exchange=rng.random() < 0.7)


def outcome_text(preset: str, seed: int) -> str:
    """A session of the generator's every outcome in its shares (a player with ten cards, a
    trick gathered by another, reversis broken by Quinola at 10 and 11...), under ``preset``."""
    rng = random.Random(seed)
    text = gen.outcome_record(rng, PLAYERS, gen.draw_outcomes(rng, HANDS_PER_SESSION))
    players, rest = text.split("\n", 1)
    return f"{players}\nrules: {preset}\n{rest}"


def ledger_rows(text: str) -> list:
    """Each hand: its number, items (all but the why), pools after, outcome, net, and the whys."""
    session = check_text(text, "t.rvs")
    assert not session.errors, [d.message for d in session.errors][:3]
    ledger = build_ledger(session)
    rows = []
    for hand in ledger.hands:
        s = hand.settlement
        assert s is not None
        items = [(i.kind, i.payer, i.payee, i.amount, i.trick, i.card, i.cancelled_by) for i in s.items]
        rows.append((hand.number, items, s.pools_after, s.outcome, s.net, [i.why for i in s.items]))
    return rows


def compare_sessions(texts) -> tuple[int, set[str], int]:
    """Hands compared, kinds of items met, reversis broken by Quinola met."""
    hands, kinds, by_quinola = 0, set(), 0
    for label, text in texts:
        events, _ = as_events(text, "t.rvs")
        assert events is not None and "\ntricks:" not in events, label
        original, rewritten = ledger_rows(text), ledger_rows(events)
        assert len(original) == len(rewritten) == HANDS_PER_SESSION
        for a, b in zip(original, rewritten, strict=True):
            assert a == b, (label, a[0])  # the whys too: a card-by-card hand's events hold every card
            kinds.update(k for k, *_ in a[1])
        hands += len(original)
        by_quinola += events.count(" with Quinola\n")
    return hands, kinds, by_quinola


def texts(preset: str):
    """1,000 hands: the laws' mix (revokes, irregular exchanges, void hands...) and, with 48
    cards, the generator's every outcome."""
    if PRESETS[preset].deck == 52:
        return [((preset, seed), session_text(preset, seed)) for seed in range(SESSIONS)]
    half = SESSIONS // 2
    return [((preset, seed), session_text(preset, seed)) for seed in range(half)] + \
        [((preset, "outcomes", seed), outcome_text(preset, seed)) for seed in range(half)]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_events_settle_as_the_tricks_item_for_item(preset):
    hands, kinds, by_quinola = compare_sessions(texts(preset))
    assert hands >= 1000
    # every kind of payment the preset has was met
    expected = {"party"} if not PRESETS[preset].pairwise else {"pairwise"}
    if not PRESETS[preset].pairwise:
        expected |= {"ace-dumped", "ace-forced", "ace-led", "quinola-forced", "quinola-dumped", "quinola-led",
                     "reversis-made", "reversis-broken", "pool-take", "remise"}
        assert by_quinola > 0
    if PRESETS[preset].has_laws:
        expected |= {"fine", "espagnolette-return"}
    assert expected <= kinds, expected - kinds


@pytest.mark.parametrize("name", list(HOUSE_RULES))
def test_events_settle_as_the_tricks_under_house_rules(name):
    hands, _, _ = compare_sessions(((name, seed), house_text(name, seed)) for seed in range(8))
    assert hands == 8 * HANDS_PER_SESSION


@pytest.mark.parametrize("preset", [p for p in PRESETS if PRESETS[p].deck == 48])
def test_events_written_by_the_tests_own_writer_settle_as_the_tricks(preset):
    # tests/events_writer.py writes each hand's events from the generator's own tricks, not from
    # the engine's replay (as_events): a fault of the trick replay is then on one side only.
    from dataclasses import asdict

    from events_writer import hand_events
    knobs = asdict(PRESETS[preset])
    written = 0
    seen: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        makers = _kinds(48, False)[:-1]  # every outcome but a claim waived, with no law
        for dealer in gen.dealers(PLAYERS, rng.choice(PLAYERS), 10):
            try:
                hand = rng.choice(makers)(rng, dealer)
            except gen.SearchFailed:
                continue
            events = hand_events(hand, knobs)
            if events is None:
                continue
            session = gen.Session(PLAYERS, tuple(gen.renumber([hand])), rules=preset)
            one = gen.to_rvs(session, with_table=False)
            header = one.split("\nhand 1\n")[0]
            original, rewritten = ledger_rows(one), ledger_rows(f"{header}\nhand 1\n{events}")
            # every item (kind, payer, payee, amount, trick, card, cancellation) and its why, the
            # pools after, the outcome and the net
            assert original == rewritten, (preset, seed, events)
            seen.update(i[0] for i in original[0][1])
            written += 1
    assert written >= 40, written
    assert {"party", "reversis-made", "reversis-broken", "ace-dumped"} <= seen, seen
