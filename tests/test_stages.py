"""Fixed, hand-worked records for the notation, the rules and the replay (issue 43 item 4).

Each test gives a short record and the exact findings it must produce (message, line and
column, or the replayed fact), in the style of tests/test_edges.py: no hypothesis, no
subprocess, so that a mutation run over notation/, rules/ and replay/ can afford them on every
mutant (bench/mutate.py). They catch in particular the mutants that lived under the
settlement's tests (bench/mutants.md).

Players sit Anne Bruno Claire Denis in order of play.
"""
from __future__ import annotations

import pytest
from builders import EXAMPLE_TRICKS, hand, record

from reversis_score.pipeline import check_text


def findings(text: str, severity: str = "error") -> list[tuple[int, int, str]]:
    """(line, column, message) of every problem of one severity, in order; the message begins
    with its hand and trick as `check` writes them ("hand 1, trick 3: ...")."""
    session = check_text(text, "t.rvs")
    return [(d.span.line if d.span else 0, d.span.column if d.span else 0, _where(d) + d.message)
            for d in session.diagnostics if d.severity == severity]


def _where(d) -> str:
    if d.hand is None or d.message.startswith(f"hand {d.hand} "):
        return ""
    return f"hand {d.hand}" + (f", trick {d.trick}" if d.trick else "") + ": "


def messages(text: str, severity: str = "error") -> list[str]:
    return [m for _, _, m in findings(text, severity)]


# ================================================================ the notation: cards
@pytest.mark.parametrize("card, message", [
    ("KQS", "'KQS' is not a card: expected a card such as AS or 9♥"),
    ("K", "'K' is not a card: expected a card such as AS or 9♥"),
    ("ZS", "'ZS' is not a card: expected a card such as AS or 9♥"),
])
def test_a_card_of_three_letters_or_one_is_a_notation_error(card, message):
    tricks = list(EXAMPLE_TRICKS)
    tricks[0] = tricks[0].replace("2C", card, 1)
    assert findings(record(hand("Bruno", tricks))) == [(7, 11, "hand 1, trick 1: " + message)]


def test_a_card_of_three_letters_or_one_never_reaches_the_cards_table():
    # notation/cards.py checks a token's length before it looks the rank up: 'KQS' must not
    # read as the rank 'KQ' (a KeyError, exit 70, once the check went).
    from reversis_score.notation.cards import Card
    for token in ("KQS", "K", "QQH", "S", "1", "AS2"):
        with pytest.raises(ValueError):
            Card.parse(token)
    assert [str(Card.parse(t)) for t in ("as", "A♠", "10h", "TH", "q♥", "jh")] == ["AS", "AS", "TH", "TH",
                                                                                 "QH", "JH"]


# ================================================================ the rules: knobs and headers
@pytest.mark.parametrize("name, raw, value", [
    ("opposite_doubles_side", "on", True), ("opposite_doubles_side", "off", False),
    ("opposite_doubles_side", "YES", True), ("opposite_doubles_side", " true ", True),
    ("opposite_doubles_side", "no", False), ("opposite_doubles_side", "false", False),
    ("double_tricks", "none", ()), ("double_tricks", "11, 10", (10, 11)), ("double_tricks", "1 1", (1,)),
    ("deck", "52", 52), ("pool_ante", "0", 0), ("pool_ante", "1000000", 1_000_000),
    ("pool_ante", "007", 7), ("pool_ante", "0" * 20 + "5", 5), ("tie_rule", " nearest ", "nearest"),
    ("espagnolette_pays_reversis", "as-any", "as-any"),
])
def test_a_knob_value_as_a_rule_line_writes_it(name, raw, value):
    # docs/notation.md: `rule KNOB: VALUE`; a yes-or-no knob takes yes/no, true/false, on/off.
    from reversis_score.rules.knobs import parse_knob_value
    assert parse_knob_value(name, raw) == value


@pytest.mark.parametrize("name, raw, message", [
    ("deck", "2000000", "'deck' takes 48 or 52, not '2000000'"),
    ("deck", "50", "'deck' takes 48 or 52, not '50'"),
    ("pool_ante", "2000000", "'pool_ante' must be at most 1,000,000, not 2000000"),
    ("pool_ante", "1000001", "'pool_ante' must be at most 1,000,000, not 1000001"),
    ("pool_ante", "-1", "'pool_ante' must be at least 0, not -1"),
    ("party_unit", "0", "'party_unit' must be at least 1, not 0"),
    ("pool_ante", "1" * 13, "'pool_ante' expected a whole number up to 1,000,000, not one of 13 digits"),
    ("pool_ante", "9" * 12, "'pool_ante' must be at most 1,000,000, not 999999999999"),  # 12 digits are read
    ("pool_ante", "-" + "0" * 20 + "1", "'pool_ante' must be at least 0, not -1"),  # zeros don't count
    ("pool_ante", "-" + "1" * 13,
     "'pool_ante' expected a whole number up to 1,000,000, not one of 13 digits"),
    ("pool_ante", 1.5, "'pool_ante' expected a whole number, not '1.5'"),  # a TOML float
    ("pool_ante", "five", "'pool_ante' expected a whole number, not 'five'"),
    ("pool_ante", True, "'pool_ante' expected a whole number, not True"),
    ("opposite_doubles_side", "maybe", "'opposite_doubles_side' expected yes or no, not 'maybe'"),
    ("double_tricks", "12", "'double_tricks' trick numbers run from 1 to 11, not '12'"),
    ("double_tricks", "0 11", "'double_tricks' trick numbers run from 1 to 11, not '0 11'"),
    ("tie_rule", "closest", "'tie_rule' takes tricks or nearest, not 'closest'"),
    ("espagnolette_pays_reversis", "half", "'espagnolette_pays_reversis' takes alone or as-any, not 'half'"),
])
def test_a_knob_value_out_of_its_range_says_so(name, raw, message):
    from reversis_score.rules.knobs import parse_knob_value
    with pytest.raises(ValueError) as caught:
        parse_knob_value(name, raw)
    assert str(caught.value) == message


def test_a_rule_line_on_is_yes_and_changes_the_settlement():
    # `rule opposite_doubles_side: on` reads as yes (docs/notation.md); `off` as no: Bruno
    # (Denis's opposite) is then paid 1, not 2, for the A♠ placed in trick 10... of the example.
    text = record(hand("Bruno", EXAMPLE_TRICKS), header="rule opposite_doubles_side: on\n")
    assert check_text(text, "t.rvs").errors == []
    off = record(hand("Bruno", EXAMPLE_TRICKS), header="rule opposite_doubles_side: off\n")
    from builders import items_of, settle
    on_items, off_items = items_of(settle(text)), items_of(settle(off))
    assert on_items == items_of(settle(record(hand("Bruno", EXAMPLE_TRICKS))))
    assert on_items != off_items


@pytest.mark.parametrize("players, message", [
    ("Anne Bruno Claire Denis Eve", "'players:' names 5 players; Reversis is played by exactly four"),
    ("Anne Bruno Claire", "'players:' names 3 players; Reversis is played by exactly four"),
])
def test_a_record_of_five_players_or_three_is_refused(players, message):
    text = record(hand("Bruno", EXAMPLE_TRICKS)).replace("players: Anne Bruno Claire Denis",
                                                         f"players: {players}")
    assert findings(text)[0] == (1, 10, message)


@pytest.mark.parametrize("header", ["players:\n", "session: x\nplayers: \n", "players:  # to come\n"])
def test_a_players_line_without_a_name_is_refused_at_its_own_line(header):
    """It was read as a header with no players at all, and its hands went unchecked."""
    text = header + "rules: parlett\n\nhand 1\ndealer: Anne\nvoid: misdeal\n"
    line = header.count("\n")
    said = check_text(text, "t.rvs")
    assert [(d.span.line, d.span.column, d.message) for d in said.errors][:1] == [
        (line, 1, "'players:' names no player: name the four players in order of play")]


# ================================================================ the replay: hands by their events
def events_hand(*lines: str, dealer: str = "Bruno", rules: str = "parlett", before: str = "") -> str:
    body = "".join(f"  {line}\n" for line in lines)
    return (f"players: Anne Bruno Claire Denis\nrules: {rules}\n\nhand 1\ndealer: {dealer}\n"
            f"{before}events:\n{body}")


@pytest.mark.parametrize("lines, expected", [
    # a reversis is broken in trick 10 or 11, never in the first nine
    (["talon: 9S 6S 7H 6D", "reversis: Anne, broken by Claire in trick 9"],
     [(8, 3, "hand 1: a reversis is broken in trick 10 or 11 (the first nine tricks make it), not in "
             "trick 9")]),
    (["talon: 9S 6S 7H 6D", "reversis: Anne, broken by Anne in trick 10"],
     [(8, 29, "hand 1: Anne cannot break his own reversis")]),
    (["talon: 9S 6S 7H 6D", "reversis: Anne makes it", "party: Bruno wins, Claire loses"],
     [(9, 10, "hand 1: Anne makes the reversis, and the party is also given: a hand with a reversis has "
              "no party (RULES §8)")]),
    (["talon: 9S 6S 7H 6D", "reversis: Anne, broken by Claire in trick 10",
      "party: Bruno wins, Claire loses"],
     [(9, 10, "hand 1: Anne undertakes the reversis, and the party is also given: a hand with a reversis "
              "has no party (RULES §8)")]),
    (["talon: 9S 6S 7H 6D", "reversis: Anne makes it", "3. Denis places AC, Bruno takes it"],
     [(8, 3, "hand 1, trick 3: Anne takes the first nine tricks with the reversis, but Bruno takes "
             "trick 3")]),
    # the party
    (["party: Anne loses, Bruno loses", "talon: 7 points"],
     [(7, 22, "hand 1: the party has two losers, Anne and Bruno: one player loses it")]),
    (["party: Anne wins, Anne loses", "talon: 7 points"],
     [(7, 21, "hand 1: Anne both wins and loses the party")]),
    (["talon: 7 points"],
     [(6, 1, "hand 1 has no party: write its winner and loser ('party: A wins, B loses'), or its reversis")]),
    # the talon and the points
    (["party: Anne wins, Bruno loses", "talon: 7 points", "talon: 8 points"],
     [(9, 10, "hand 1: the talon is given twice")]),
    (["party: Anne wins, Bruno loses", "talon: 9S 9S 7H 6D"],
     [(8, 10, "hand 1: a card is written twice in the talon")]),
    (["party: Anne wins, Bruno loses", "talon: 9S 7H 6D"],
     [(8, 10, "hand 1: the talon holds 4 cards: 3 are written")]),
    (["party: Anne wins with 3 points, Bruno loses with 9 points", "talon: 7 points",
      "points: Anne 4, Bruno 9, Claire 10, Denis 14"],
     [(9, 11, "hand 1: Anne's points are given twice, 3 and 4")]),
    # the espagnolette
    (["party: Denis wins, Claire loses", "talon: 7 points", "espagnolette: Denis wins",
      "espagnolette: Denis wins"],
     [(10, 3, "hand 1: the espagnolette is given twice")]),
    (["party: Anne wins, Claire loses", "talon: 7 points", "espagnolette: Denis wins"],
     [(9, 17, "hand 1: Denis wins the espagnolette and with it the party, but Anne is written as its "
              "winner")]),
    (["party: Anne wins, Claire loses", "talon: 7 points", "espagnolette: Denis loses"],
     [(9, 17, "hand 1: Denis loses the espagnolette and with it the party, but Claire is written as its "
              "loser")]),
    (["party: Denis wins, Claire loses", "talon: 7 points", "espagnolette: Denis wins",
      "3. Anne places AD, Denis takes it"],
     [(9, 17, "hand 1, trick 3: Denis wins the espagnolette (no trick taken) but takes trick 3")]),
])
def test_an_events_hand_gets_its_exact_findings(lines, expected):
    assert findings(events_hand(*lines)) == expected


def test_a_party_given_twice_is_said_first():
    text = events_hand("party: Anne wins, Bruno loses", "party: Claire wins, Denis loses", "talon: 7 points")
    assert findings(text)[0] == (
        8, 10, "hand 1: the party is given twice: one 'party:' line names its winner and its loser")


def test_an_announced_espagnolette_says_how_it_ended():
    text = events_hand("party: Anne wins, Claire loses", "talon: 7 points",
                       before="announce: espagnolette Denis\n")
    assert findings(text) == [(6, 24, "hand 1: Denis announces the espagnolette: say how it ended "
                                      "('espagnolette: Denis wins' or 'loses')")]


def test_a_lost_espagnolette_loses_the_party_whatever_its_points():
    # _party's check of the winner's points gives way to a lost espagnolette (RULES §9).
    text = events_hand("party: Anne wins with 14 points, Denis loses with 3 points", "talon: 7 points",
                       "espagnolette: Denis loses")
    assert findings(text) == []


@pytest.mark.parametrize("line, net", [
    # made: 16 from each neighbour, 32 from the player opposite; antes 5 each, the dealer 5 more
    ("reversis: Anne makes it", {"Anne": -5 + 64, "Bruno": -10 - 16, "Claire": -5 - 32, "Denis": -5 - 16}),
    # broken in trick 10 or 11: the reversis player pays the breaker 64
    ("reversis: Anne, broken by Claire in trick 10", {"Anne": -5 - 64, "Bruno": -10, "Claire": -5 + 64,
                                                      "Denis": -5}),
    ("reversis: Anne, broken by Denis in trick 11", {"Anne": -5 - 64, "Bruno": -10, "Claire": -5,
                                                     "Denis": -5 + 64}),
])
def test_an_events_reversis_settles_as_its_text_says(line, net):
    from builders import net_of, settle
    text = events_hand("talon: 9S 6S 7H 6D", line)
    assert findings(text) == []
    assert net_of(settle(text)) == net
