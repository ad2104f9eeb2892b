"""A fixed, hand-worked hand for every edge the settlement distinguishes (issue 34 item 2).

Each test quotes the sentence it comes from (docs/rules.md, which quotes the five sources) and
states the expected items or nets, worked by hand: the trick boundaries a rule names (1, 9, 10,
11), each tie rule in each direction, each doubling, the reversis ended at trick 10 and at 11.
No hypothesis here: the same hands every run, so a change at an edge fails a named test.

Players sit Anne Bruno Claire Denis in order of play (Anne and Claire opposite, Bruno and
Denis opposite).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from builders import EXAMPLE_TRICKS, PARTY_DUMP, hand, items_of, net_of, record, settle

# ================================================================ the reversis, trick by trick
# Dealer Denis; Anne leads every trick. She holds ten spades and Quinola; the others hold no
# spade, so each card they play on a spade lead is placed. Bruno keeps 9♥, Claire 8♥ and Denis
# 7♥ for the trick where Anne leads Quinola, which she wins (every other heart is out).
# The talon is what nobody plays (3♠ 2♠ 2♦ 2♣ and whatever Anne does not lead).
ONE_TO_EIGHT = ["Anne: AS AH KH 6H", "Anne: KS AD QH 5H", "Anne: QS KD 4D 4H", "Anne: JS QD 3D 3H",
                "Anne: 9S JD AC 2H", "Anne: 8S 9D KC 7C", "Anne: 7S 8D QC 6C", "Anne: 6S 7D JC 5C"]
QUINOLA_LED = "Anne: JH 9H 8H 7H"
# Quinola in trick 9, then Anne takes tricks 10 and 11: made.
MADE_QUINOLA_9 = ONE_TO_EIGHT + [QUINOLA_LED, "Anne: 5S 6D 9C 4C", "Anne: 4S 5D 8C 3C"]
# Quinola in trick 10 (a spade in trick 9): made.
MADE_QUINOLA_10 = ONE_TO_EIGHT + ["Anne: 5S 6D 9C 4C", QUINOLA_LED, "Anne: 4S 5D 8C 3C"]
# Quinola in trick 9; in trick 10 Anne leads 2♦ and Bruno's 6♦ takes it; Bruno takes 11 too.
BROKEN_AT_10 = ONE_TO_EIGHT + [QUINOLA_LED, "Anne: 2D 6D 9C 4C", "Bruno: 5D 8C 3C 4S"]
# Quinola in trick 9; Anne takes trick 10 and leads 2♦ to trick 11, which Bruno's 5♦ takes.
BROKEN_AT_11 = ONE_TO_EIGHT + [QUINOLA_LED, "Anne: 5S 6D 9C 4C", "Anne: 2D 5D 8C 3C"]
# Anne takes tricks 1–8; in trick 9 she leads 2♦ and Bruno's 6♦ takes it: no reversis.
# Trick 10: Anne places Quinola on Bruno's diamond lead; trick 11: Bruno's 9♥ takes the hearts.
EIGHT_ONLY = ONE_TO_EIGHT + ["Anne: 2D 6D 9C 4C", "Bruno: 5D 8C 3C JH", "Bruno: 9H 8H 7H 4S"]


def kinds(ledger) -> set[str]:
    return {i[1] for i in items_of(ledger)}


def counting(ledger) -> list[tuple]:
    """(trick, kind, payer, payee, amount) of the items that count (not cancelled)."""
    return [(t, k, payer, payee, a) for t, k, _card, payer, payee, a, cancelled in items_of(ledger)
            if cancelled is None]


def test_parlett_a_reversis_with_quinola_in_trick_9_takes_the_pool():
    # parlett: "If you played Quinola during the first nine tricks, you also win the Quinola
    # pool." Trick 9 is the last of the nine.
    ledger = settle(record(hand("Denis", MADE_QUINOLA_9)))
    assert net_of(ledger) == {"Anne": -5 + 16 + 32 + 16 + 25, "Bruno": -5 - 16, "Claire": -5 - 32,
                              "Denis": -10 - 16}
    assert (None, "pool-take", "pool:1", "Anne", 25) in counting(ledger)
    assert list(ledger.hands[0].settlement.pools_after) == []


def test_parlett_a_reversis_with_quinola_in_trick_10_takes_no_pool():
    # The same sentence: trick 10 is not among the first nine, so the 25 stay on the table.
    ledger = settle(record(hand("Denis", MADE_QUINOLA_10)))
    assert net_of(ledger) == {"Anne": -5 + 64, "Bruno": -5 - 16, "Claire": -5 - 32, "Denis": -10 - 16}
    assert "pool-take" not in {k for _, k, *_ in counting(ledger)}
    assert list(ledger.hands[0].settlement.pools_after) == [25]


def test_regles_fr_a_reversis_takes_the_basket_unless_quinola_came_in_trick_10_or_11():
    # regles-fr: "Lorsqu'on joue le quinola à l'avant-dernière ou à la dernière carte, on ne
    # gagne pas la remise, alors même qu'on fait le reversis". The basket: 4 × 10 + 5 = 45.
    early = settle(record(hand("Denis", MADE_QUINOLA_9), rules="regles-fr"))
    assert net_of(early) == {"Anne": -10 + 64 + 45, "Bruno": -10 - 16, "Claire": -10 - 32,
                             "Denis": -15 - 16}
    late = settle(record(hand("Denis", MADE_QUINOLA_10), rules="regles-fr"))
    assert net_of(late) == {"Anne": -10 + 64, "Bruno": -10 - 16, "Claire": -10 - 32, "Denis": -15 - 16}
    assert list(late.hands[0].settlement.pools_after) == [45]


def test_parlett_broken_at_trick_10_pays_64_and_a_remise_after_quinola_in_trick_9():
    # parlett: "If unsuccessful, you pay 64 fish to the player who broke the reversis by first
    # taking a trick against you, and if you played Quinola during the first nine tricks, you
    # also pay a supplement." The remise doubles the pool of 25.
    ledger = settle(record(hand("Denis", BROKEN_AT_10)))
    assert net_of(ledger) == {"Anne": -5 - 64 - 25, "Bruno": -5 + 64, "Claire": -5, "Denis": -10}
    assert (None, "reversis-broken", "Anne", "Bruno", 64) in counting(ledger)
    assert list(ledger.hands[0].settlement.pools_after) == [50]


def test_parlett_broken_at_trick_11_pays_the_same():
    # The same sentence: broken by the first trick taken against him, 10 or 11 alike.
    ledger = settle(record(hand("Denis", BROKEN_AT_11)))
    assert net_of(ledger) == {"Anne": -5 - 64 - 25, "Bruno": -5 + 64, "Claire": -5, "Denis": -10}


def test_regles_fr_broken_at_trick_10_pays_what_a_made_reversis_would_have_cost():
    # regles-fr: "Si le reversis est brisé à l'avant-dernière carte, on paye à celui qui fait
    # cette levée ce qu'on aurait payé au gagnant." Bruno, Anne's neighbour: 16. Quinola was
    # led in trick 9, so a remise of the basket (45) too (§8).
    ledger = settle(record(hand("Denis", BROKEN_AT_10), rules="regles-fr"))
    assert (None, "reversis-broken", "Anne", "Bruno", 16) in counting(ledger)
    assert net_of(ledger) == {"Anne": -10 - 16 - 45, "Bruno": -10 + 16, "Claire": -10, "Denis": -15}


def test_regles_fr_broken_at_trick_11_pays_double_with_the_remise():
    # regles-fr: "Si c'est à la dernière carte, on le paye double avec la remise".
    ledger = settle(record(hand("Denis", BROKEN_AT_11), rules="regles-fr"))
    assert (None, "reversis-broken", "Anne", "Bruno", 32) in counting(ledger)
    assert [k for _, k, payer, *_ in counting(ledger) if payer == "Anne"].count("remise") == 1
    assert net_of(ledger) == {"Anne": -10 - 32 - 45, "Bruno": -10 + 32, "Claire": -10, "Denis": -15}


def test_eight_tricks_are_no_reversis():
    # docs/rules.md §8: "A player who takes the first nine tricks has undertaken the reversis";
    # eight are a party hand: the party is paid and nothing of a reversis.
    ledger = settle(record(hand("Denis", EIGHT_ONLY)))
    assert not {k for k in kinds(ledger) if k.startswith("reversis")}
    assert "party" in kinds(ledger)
    # trick 10: Anne places Quinola on Bruno's diamond lead: Bruno pays her 5, ×2 in trick 10,
    # and she takes the pool, 25.
    assert (10, "quinola-dumped", "Bruno", "Anne", 10) in counting(ledger)
    assert (10, "pool-take", "pool:1", "Anne", 25) in counting(ledger)


def test_the_reversis_returns_tricks_1_to_9_and_not_the_antes():
    # docs/rules.md §8: "Every side payment and pool movement of tricks 1 to 9 is returned
    # (remises and pool takings too; the dealer's ante and fines are not)."
    items = items_of(settle(record(hand("Denis", MADE_QUINOLA_9))))
    early = [i for i in items if i[0] is not None and i[0] <= 9]
    assert early and all(i[6] == "reversis" for i in early)
    assert all(i[6] is None for i in items if i[1] in ("pool-ante", "dealer-ante"))


# ================================================================ a suit each: boundaries and ties
# Dealer Denis; Anne leads spades 4♠ up until she leads 2♣ in trick 5, which Bruno's 6♣ takes;
# Bruno then leads clubs to the end. Claire holds only hearts and Denis only diamonds, so each
# card they play is placed. Anne takes tricks 1–4, Bruno 5–11.
ANNE = ["4S", "5S", "6S", "7S", "2C", "8S", "9S", "JS", "QS", "KS", "AS"]
BRUNO = ["AC", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "JC", "QC", "KC"]
DENIS = ["3D", "4D", "AD", "5D", "6D", "7D", "8D", "9D", "JD", "QD", "KD"]


def clubs_take_over(quinola_at: int, ace_at: int = 2) -> list[str]:
    """Claire places Quinola in trick ``quinola_at`` and A♥ in trick ``ace_at``."""
    claire = ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "QH", "KH"]
    order = sorted([(quinola_at, "JH"), (ace_at, "AH")])
    for t, card in order:
        claire.insert(t - 1, card)
    lines = []
    for t in range(11):
        if t < 5:
            lines.append(f"Anne: {ANNE[t]} {BRUNO[t]} {claire[t]} {DENIS[t]}")
        else:
            lines.append(f"Bruno: {BRUNO[t]} {claire[t]} {DENIS[t]} {ANNE[t]}")
    return lines


@pytest.mark.parametrize("trick, takes", [(9, True), (10, False), (11, False)])
def test_regles_fr_quinola_placed_in_trick_10_or_11_takes_no_basket(trick, takes):
    # regles-fr: "Lorsqu'on joue le quinola à l'avant-dernière ou à la dernière carte, on ne
    # gagne pas la remise" (knob quinola_pool_in_last_tricks: no). Trick 9 still takes it.
    items = counting(settle(record(hand("Denis", clubs_take_over(trick)), rules="regles-fr")))
    assert ((trick, "pool-take", "pool:1", "Claire", 45) in items) is takes
    doubled = 2 if trick == 11 else 1  # "toutes les fois que le coup se fait à la dernière levée"
    assert (trick, "quinola-dumped", "Bruno", "Claire", 5 * doubled) in items


@pytest.mark.parametrize("trick", [9, 10, 11])
def test_parlett_quinola_placed_takes_the_pool_in_every_trick(trick):
    # parlett: "The latest pool is won by the Quinola holder when he succeeds in dumping it on
    # the lead of another suit", in any trick; "doubled as between everyone if occurring in
    # either of the last two tricks".
    items = counting(settle(record(hand("Denis", clubs_take_over(trick)))))
    assert (trick, "pool-take", "pool:1", "Claire", 25) in items
    assert (trick, "quinola-dumped", "Bruno", "Claire", 5 * (2 if trick >= 10 else 1)) in items


@pytest.mark.parametrize("rules, trick, factor", [
    ("parlett", 9, 1), ("parlett", 10, 2), ("parlett", 11, 2),
    ("regles-fr", 10, 1), ("regles-fr", 11, 2),
    ("manuscrit", 1, 2), ("manuscrit", 2, 1), ("manuscrit", 10, 1), ("manuscrit", 11, 2),
    ("denexa", 1, 1), ("denexa", 11, 1)])
def test_an_ace_placed_is_doubled_in_the_tricks_its_text_names(rules, trick, factor):
    # parlett: "doubled as between everyone if occurring in either of the last two tricks";
    # regles-fr: "toutes les fois que le coup se fait à la dernière levée"; manuscrit: "Tous
    # les payements susdits sont encore doubles à la premiere, & à la derniere bonne"; denexa
    # states flat amounts. Claire's A♥ placed: the winner pays her 1 (Anne, opposite her,
    # ×2 where opposite_doubles_side; Bruno, her neighbour, from trick 5 on).
    quinola = 3 if trick != 3 else 4
    items = counting(settle(record(hand("Denis", clubs_take_over(quinola, ace_at=trick)), rules=rules)))
    winner = "Anne" if trick <= 4 else "Bruno"
    opposite = 2 if winner == "Anne" and rules != "denexa" else 1
    assert (trick, "ace-dumped", winner, "Claire", factor * opposite) in items


# ================================================================ ties, each rule each way
# Dealer Denis. Anne leads four spades (4♠ to 7♠), then 2♣, which Denis takes; Denis leads
# clubs to trick 10 and ``last`` to trick 11. Bruno holds only hearts, Claire only diamonds:
# every card they play is placed, so neither takes a trick, except trick 11 when ``last`` is of
# their suit and they beat it (3♥ over 2♥, 4♦ over 3♦). Anne takes 24 points (tricks 1–4) and
# loses the party; Bruno and Claire take 0 points and tie for the win. The talon is the four
# cards nobody plays: 0 points.
def tie(last: str) -> list[str]:
    return ["Anne: 4S AH AD AC", "Anne: 5S KH KD 4C", "Anne: 6S QH QD 5C", "Anne: 7S JH JD 6C",
            "Anne: 2C 9H 9D 7C", "Denis: 8C 9S 8H 8D", "Denis: 9C JS 7H 7D", "Denis: JC QS 6H 6D",
            "Denis: QC KS 5H 5D", "Denis: KC AS 4H 2D", f"Denis: {last} 3S 3H 4D"]


CLAIRE_BLANK_TRICK, BRUNO_BLANK_TRICK, NO_TRICK = tie("3D"), tie("2H"), tie("3C")


def party(rules: str, tricks: list[str]) -> tuple:
    (item,) = [i for i in counting(settle(record(hand("Denis", tricks), rules=rules))) if i[1] == "party"]
    return item[2:]


@pytest.mark.parametrize("rules", ["parlett", "denexa", "manuscrit"])
def test_a_tie_in_points_goes_to_fewer_tricks_either_way(rules):
    # parlett: "A tie, in either case, favours the player who won fewest tricks."; denexa: "If
    # there is a tie in points, the player with the fewest tricks takes precedence."; manuscrit:
    # "alors celui qui a le moins de levées a la préférence". Claire, with a blank trick, loses
    # the tie to Bruno; with the blank trick Bruno's, Claire wins it. Anne pays the party: 4
    # (the talon is blank), ×2 to Claire opposite her.
    assert party(rules, CLAIRE_BLANK_TRICK) == ("Anne", "Bruno", 4)
    assert party(rules, BRUNO_BLANK_TRICK) == ("Anne", "Claire", 8)


def test_regles_fr_a_tie_in_points_ignores_the_tricks():
    # regles-fr: "en cas d'égalité de points, le gagnant est celui qui se trouve le plus près
    # du donneur": Claire, the dealer's left (before him in play), beats Bruno, opposite him,
    # whoever took the blank trick. The party: 4 cards × 4 points = 16 jetons, 80 fish; not
    # doubled opposite under regles-fr (its party paragraph never doubles it).
    assert party("regles-fr", CLAIRE_BLANK_TRICK) == ("Anne", "Claire", 80)
    assert party("regles-fr", BRUNO_BLANK_TRICK) == ("Anne", "Claire", 80)
    assert party("regles-fr", NO_TRICK) == ("Anne", "Claire", 80)


def test_a_tie_in_points_and_tricks_follows_the_preference_each_way():
    # parlett: "If still tied, preference goes to the dealer first, and passes to each
    # succeeding player to his left" (the reverse of play: Denis, Claire, Bruno, Anne);
    # denexa: "the dealer takes precedence, followed by the player to their left, and so on
    # around the table" (play order: Denis, Anne, Bruno, Claire).
    assert party("parlett", NO_TRICK) == ("Anne", "Claire", 8)
    assert party("manuscrit", NO_TRICK) == ("Anne", "Claire", 8)
    assert party("denexa", NO_TRICK) == ("Anne", "Bruno", 4)


# ================================================================ every item, every why
GOLDEN = Path(__file__).resolve().parent / "golden" / "edges-items.txt"
PRESETS_48 = ["parlett", "denexa", "regles-fr", "manuscrit"]


def every_edge_hand() -> dict[str, list[str]]:
    from test_against_oracle import HANDS
    hands = {f"builders {name}": [text] for name, text in HANDS.items()}
    mine = {"made-quinola-9": MADE_QUINOLA_9, "made-quinola-10": MADE_QUINOLA_10,
            "broken-at-10": BROKEN_AT_10, "broken-at-11": BROKEN_AT_11, "eight-only": EIGHT_ONLY,
            "claire-blank-trick": CLAIRE_BLANK_TRICK, "bruno-blank-trick": BRUNO_BLANK_TRICK,
            "no-trick": NO_TRICK}
    mine.update({f"quinola-at-{t}": clubs_take_over(t) for t in (9, 10, 11)})
    mine.update({f"ace-at-{t}": clubs_take_over(3 if t != 3 else 4, ace_at=t) for t in (1, 2, 9, 10, 11)})
    hands.update({name: [hand("Denis", tricks)] for name, tricks in mine.items()})
    # a session: the pools carried from hand to hand (a remise after a pool was taken, ...)
    hands["session of four"] = [hand("Denis", PARTY_DUMP), hand("Denis", MADE_QUINOLA_9),
                                hand("Denis", BROKEN_AT_10), hand("Bruno", EXAMPLE_TRICKS)]
    return hands


def items_text() -> str:
    lines = []
    for name, hands in every_edge_hand().items():
        for preset in PRESETS_48:
            ledger = settle(record(*hands, rules=preset))
            for settled in ledger.hands:
                lines.append(f"== {name} ({preset}) hand {settled.number}: net {settled.settlement.net}")
                for i in settled.settlement.items:
                    lines.append(f"  {i.seq} {i.trick} {i.kind} {i.card} {i.payer} -> {i.payee} {i.amount} "
                                 f"{i.cancelled_by} | {i.why}")
    return "\n".join(lines) + "\n"


def test_every_item_and_its_why_are_as_written_in_the_golden_file(update_golden):
    # Every item of every hand above and of tests/builders.py's hands, under each 48-card
    # preset, with its sentence: a change of kind, amount, trick, cancellation or why shows.
    text = items_text()
    if update_golden:
        GOLDEN.write_text(text, "utf-8")
    assert GOLDEN.read_text("utf-8") == text


@pytest.mark.parametrize("preset", PRESETS_48)
def test_the_edge_hands_settle_alike_in_the_oracle(preset):
    # tests/oracle.py, written from docs/rules.md and given the parsed record alone, writes the
    # same items (kind, payer, payee, amount, trick, cancelled_by) for every hand above.
    from oracle_adapter import compare_text
    for name, hands in every_edge_hand().items():
        assert compare_text(record(*hands, rules=preset)) == [], name
