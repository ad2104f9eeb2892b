"""Presets, house rules (TOML and `rule` lines), `rules`, `settle --compare`, and dafydd."""
import json

import pytest
from builders import EXAMPLE_TRICKS, hand, items_of, net_of, record, settle
from typer.testing import CliRunner

from reversis_score.cli import app
from reversis_score.pipeline import check_text
from reversis_score.rules.knobs import KNOB_NAMES, PRESETS
from reversis_score.rules.presets import ALL, citation

runner = CliRunner()
# The example hand with a ten: Anne plays T♣ in trick 1 (legal only with 52 cards).
WITH_TEN = [EXAMPLE_TRICKS[0].replace("7C", "TC")] + EXAMPLE_TRICKS[1:]


def test_preset_table_matches_rules_md_section_11():
    assert PRESETS["denexa"].double_tricks == () and not PRESETS["denexa"].opposite_doubles_side
    assert (PRESETS["regles-fr"].pools, PRESETS["regles-fr"].pool_ante, PRESETS["regles-fr"].ace_forced) == \
        ("single", 10, 5)
    assert (PRESETS["manuscrit"].pool_refill_below, PRESETS["manuscrit"].double_tricks) == (45, (1, 11))
    assert (PRESETS["dafydd"].deck, PRESETS["dafydd"].pools, PRESETS["dafydd"].party) == \
        (52, "none", "pairwise-stake")


def test_every_preset_value_cites_its_source():
    for preset in ALL:
        for knob, (value, quote) in preset.knobs.items():
            assert knob in KNOB_NAMES and quote and getattr(PRESETS[preset.name], knob) == value
    assert citation("denexa", "party_base").startswith("The amount of the payment is four chips")


def test_dafydd_pairwise_stake_and_difference_worked_by_hand():
    # Points: Anne 4, Bruno 12, Claire 15, Denis 7 (the tens count 0).
    # Stake 2 to every player with fewer points: Bruno pays Anne and Denis; Claire pays the
    # three others; Denis pays Anne. Anne +6, Bruno +2 −4, Claire −6, Denis +4 −2.
    ledger = settle(record(hand("Bruno", WITH_TEN), rules="dafydd"))
    assert net_of(ledger) == {"Anne": 6, "Bruno": -2, "Claire": -6, "Denis": 2}
    assert all(i[1] == "pairwise" for i in items_of(ledger)) and ledger.pools == ()
    # The difference: Bruno pays Anne 8 and Denis 5; Claire pays Anne 11, Bruno 3, Denis 8;
    # Denis pays Anne 3.
    ledger = settle(record(hand("Bruno", WITH_TEN), rules="dafydd",
                           header="rule party: pairwise-difference\n"))
    assert net_of(ledger) == {"Anne": 22, "Bruno": -10, "Claire": -22, "Denis": 10}


def test_tens_only_under_a_52_card_preset():
    bad = check_text(record(hand("Bruno", WITH_TEN)), "t.rvs")
    assert [d.message for d in bad.errors] == ["there are no tens in a 48-card pack: 'TC'"]


def test_dafydd_has_no_laws():
    bad = check_text(record(hand("Bruno", WITH_TEN, "irregular: out-of-turn Anne\n"), rules="dafydd"), "t")
    assert "no laws" in bad.errors[0].message


@pytest.mark.parametrize("line, message", [
    ("rule double_trick: 10 11", "unknown knob 'double_trick'; did you mean 'double_tricks'?"),
    ("rule ace_forced: lots", "'ace_forced' expected a whole number, not 'lots'"),
    ("rule pools: many", "'pools' takes multiple or single or none, not 'many'"),
    ("rule double_tricks: 12", "'double_tricks' trick numbers run from 1 to 11, not '12'"),
    ("rule opposite_doubles_side: maybe", "'opposite_doubles_side' expected yes or no, not 'maybe'"),
])
def test_rule_line_errors_name_the_line(line, message):
    session = check_text(f"players: A B C D\n{line}\n", "t.rvs")
    (error,) = session.errors
    assert error.message == message and error.span.line == 2


def test_house_rules_toml(tmp_path):
    (tmp_path / "house.toml").write_text('base = "regles-fr"\ndouble_tricks = [10, 11]\n')
    (tmp_path / "s.rvs").write_text(record(hand("Bruno", EXAMPLE_TRICKS), rules="house.toml"))
    result = runner.invoke(app, ["settle", str(tmp_path / "s.rvs"), "--format", "json"])
    doc = json.loads(result.stdout)
    assert doc["rules"]["preset"] == "regles-fr" and doc["rules"]["changed"] == {"double_tricks": [10, 11]}
    table = runner.invoke(app, ["settle", str(tmp_path / "s.rvs")]).output
    assert "rules: regles-fr (from house.toml); changed: double_tricks = 10 11" in table


@pytest.mark.parametrize("toml, expected", [
    ('base = "regle-fr"\n', "house.toml:1:1: error: unknown preset 'regle-fr'; did you mean 'regles-fr'?"),
    ('doubled_tricks = 1\n',
     "house.toml:1:1: error: unknown knob 'doubled_tricks'; did you mean 'double_tricks'?"),
    ('pool_ante = "ten"\n', "house.toml:1:1: error: 'pool_ante' expected a whole number, not 'ten'"),
    ('pool_ante = -1\n', "house.toml:1:1: error: 'pool_ante' must be at least 0, not -1"),
    ('pool_ante = \n', "house.toml:1:1: error: not valid TOML"),
])
def test_house_rules_errors(tmp_path, toml, expected):
    (tmp_path / "house.toml").write_text(toml)
    (tmp_path / "s.rvs").write_text("players: A B C D\nrules: house.toml\n")
    result = runner.invoke(app, ["check", str(tmp_path / "s.rvs")])
    assert result.exit_code == 1 and expected in result.output


def test_rules_override_on_the_command_line(tmp_path):
    (tmp_path / "s.rvs").write_text(record(hand("Bruno", EXAMPLE_TRICKS)))
    doc = json.loads(runner.invoke(app, ["settle", str(tmp_path / "s.rvs"), "--rules", "denexa",
                                         "--format", "json"]).stdout)
    assert doc["rules"]["preset"] == "denexa"
    bad = runner.invoke(app, ["check", str(tmp_path / "s.rvs"), "--rules", "parlet"])
    assert bad.exit_code == 2 and "did you mean 'parlett'" in bad.output  # a bad option


def test_rules_command_lists_shows_and_diffs():
    listing = runner.invoke(app, ["rules"])
    assert listing.exit_code == 0 and all(p.name in listing.output for p in ALL)
    shown = runner.invoke(app, ["rules", "manuscrit"])
    assert "pool_refill_below" in shown.output and "9 jettons" in shown.output
    diff = runner.invoke(app, ["rules", "--diff", "parlett", "regles-fr"])
    assert "ace_forced" in diff.output and "reversis_side" not in diff.output
    assert runner.invoke(app, ["rules", "nosuch"]).exit_code == 2


def test_settle_compare_all_five(tmp_path):
    (tmp_path / "s.rvs").write_text(record(hand("Bruno", EXAMPLE_TRICKS)))
    result = runner.invoke(app, ["settle", str(tmp_path / "s.rvs"), "--compare", "", "--itemised"])
    assert result.exit_code == 0
    for name in PRESETS:
        assert name in result.output
    doc = json.loads(runner.invoke(app, ["settle", str(tmp_path / "s.rvs"), "--compare",
                                         "parlett,regles-fr", "--format", "json"]).stdout)
    assert doc["parlett"]["totals"]["Anne"] == 39 and set(doc) == {"parlett", "regles-fr"}
