"""The engine and the independent oracle agree to the fish, hand by hand, under every preset."""
import pytest
from builders import (
    ESPAGNOLETTE_LOST,
    ESPAGNOLETTE_LOST_WITH_POOL,
    ESPAGNOLETTE_WON,
    EXAMPLE_TRICKS,
    FORCED_LAST,
    PARTY_DUMP,
    REVERSIS_AGAINST_ESPAGNOLETTE,
    REVERSIS_BROKEN_BY_QUINOLA,
    REVERSIS_BROKEN_WITH_ESPAGNOLETTE,
    REVERSIS_MADE,
    hand,
    record,
)
from conftest import SAMPLES
from oracle_adapter import compare_text

from reversis_score.rules.knobs import PRESETS

FORTY_EIGHT = [p for p in PRESETS if PRESETS[p].deck == 48]
HANDS = {
    "example": hand("Bruno", EXAMPLE_TRICKS),
    "party-dump": hand("Denis", PARTY_DUMP),
    "forced-last": hand("Denis", FORCED_LAST),
    "reversis-made": hand("Denis", REVERSIS_MADE),
    "reversis-broken-by-quinola": hand("Denis", REVERSIS_BROKEN_BY_QUINOLA),
    "espagnolette-won": hand("Denis", ESPAGNOLETTE_WON),
    "espagnolette-lost": hand("Denis", ESPAGNOLETTE_LOST),
    "revoke": hand("Denis", PARTY_DUMP, "irregular: revoke Bruno\n"),
    "barred": hand("Bruno", EXAMPLE_TRICKS, "irregular: peek Anne\nirregular: out-of-turn Denis\n"),
    "void": "dealer: Bruno\nvoid: misdeal\n",
    "espagnolette-lost-with-pool": hand("Denis", ESPAGNOLETTE_LOST_WITH_POOL,
                                        before="announce: espagnolette Anne\n"),
    "reversis-against-espagnolette": hand("Denis", REVERSIS_AGAINST_ESPAGNOLETTE,
                                          before="announce: espagnolette Denis\n"),
    "reversis-broken-with-espagnolette": hand("Denis", REVERSIS_BROKEN_WITH_ESPAGNOLETTE),
}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_session_of_every_kind_of_hand(preset):
    text = record(*HANDS.values())
    if PRESETS[preset].pairwise:
        text = record(HANDS["example"], HANDS["party-dump"], HANDS["reversis-made"])
    assert compare_text(text, preset) == []


@pytest.mark.parametrize("name", list(HANDS))
@pytest.mark.parametrize("preset", FORTY_EIGHT)
def test_each_hand_alone(name, preset):
    assert compare_text(record(HANDS[name]), preset) == []


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.rvs")), ids=lambda p: p.name)
def test_samples_agree(path):
    assert compare_text(path.read_text("utf-8"), record_dir=path.parent) == []
