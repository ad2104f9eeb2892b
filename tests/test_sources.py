"""Every figure a source states, as a test that names the source and quotes the figure."""
from builders import EXAMPLE_TRICKS, FORCED_LAST, PARTY_DUMP, hand, items_of, record, settle

from reversis_score.notation.cards import Card
from reversis_score.rules.knobs import PRESETS
from reversis_score.settle.party import talon_points


def cards(text):
    return tuple(Card.parse(t) for t in text.split())


def trick_items(ledger, trick, number=1):
    return [i for i in items_of(ledger, number) if i[0] == trick]


# ---------------------------------------------------------------- parlett (sources/000)
def test_parlett_first_pool_is_25():
    # "At each deal the dealer (only) adds another five fish to the pool, bringing it to 25
    # at the start of the first deal."
    ledger = settle(record(hand("Bruno", EXAMPLE_TRICKS)))
    assert sum(i[5] for i in items_of(ledger)[:5]) == 25


def test_parlett_talon_king_and_queen_is_worth_9():
    # "if the talon contains a King and a Queen, the payment is 4 + 3 + 2 = 9 fish."
    assert PRESETS["parlett"].party_base + talon_points(cards("KS QH 2C 3D"), PRESETS["parlett"]) == 9
    # "(By some accounts, diamondA counts 5 in the talon, and heartJ counts 3.)"
    knobs = PRESETS["parlett"].__class__(talon_values="ad5-jh3")
    assert talon_points(cards("AD JH 2C 3D"), knobs) == 8


def test_parlett_quinola_forced_from_opposite_in_last_trick_earns_40_and_10_each():
    # "a player who leads a heart to the last trick, and is lucky enough to draw the Jack
    # from the player sitting opposite, will receive 40 fish from the Quinola player and 10
    # from each neighbour."
    ledger = settle(record(hand("Denis", FORCED_LAST)))
    forced = [i for i in trick_items(ledger, 11) if i[1] == "quinola-forced"]
    assert forced == [(11, "quinola-forced", "JH", "Denis", "Bruno", 40, None),
                      (11, "quinola-forced", "JH", "Anne", "Bruno", 10, None),
                      (11, "quinola-forced", "JH", "Claire", "Bruno", 10, None)]


def test_parlett_side_payment_table():
    # "Dumped: trick-winner pays holder 1 2 5 / Forced: holder pays leader 1 2 10 / and
    # others pay leader 0 0 5"
    k = PRESETS["parlett"]
    assert (k.ace_dumped, k.ace_dumped * k.diamond_ace_factor, k.quinola_dumped) == (1, 2, 5)
    assert (k.ace_forced, k.ace_forced * k.diamond_ace_factor, k.quinola_forced) == (1, 2, 10)
    assert k.quinola_forced_others == 5


def test_parlett_reversis_16_32_and_64():
    # "you receive 16 fish from each neighbour and 32 from the player opposite" / "you pay
    # 64 fish to the player who broke the reversis" (worked in test_reversis.py)
    k = PRESETS["parlett"]
    assert (k.reversis_side, k.reversis_opposite, k.reversis_broken) == (16, 32, 64)


# ---------------------------------------------------------------- regles-fr (sources/002)
def test_regles_fr_two_jetons_each_and_three_from_the_dealer():
    # "Chaque joueur ... met 2 jetons dans la corbeille. Le donneur en met trois."
    ledger = settle(record(hand("Bruno", EXAMPLE_TRICKS), rules="regles-fr"))
    starts = items_of(ledger)[:5]
    assert [i[5] for i in starts] == [10, 10, 10, 10, 5]
    assert sum(i[5] for i in starts if i[3] == "Bruno") == 15  # 3 jetons from the dealer


def test_regles_fr_forced_ace_costs_one_jeton():
    # "le joueur à qui l'on force un as paye 1 jeton à celui qui force"
    ledger = settle(record(hand("Bruno", EXAMPLE_TRICKS), rules="regles-fr"))
    assert trick_items(ledger, 8) == [(8, "ace-forced", "AC", "Claire", "Bruno", 5, None)]


def test_regles_fr_only_the_last_trick_is_doubled():
    # "Ces paiements sont toujours doubles pour les vis-à-vis, ainsi que toutes les fois que
    # le coup se fait à la dernière levée."  Trick 10 is not doubled, trick 11 is.
    ledger = settle(record(hand("Bruno", EXAMPLE_TRICKS), rules="regles-fr"))
    assert trick_items(ledger, 10) == [(10, "ace-dumped", "AS", "Claire", "Bruno", 1, None)]
    ledger = settle(record(hand("Denis", FORCED_LAST), rules="regles-fr"))
    assert (11, "quinola-forced", "JH", "Denis", "Bruno", 40, None) in trick_items(ledger, 11)


def test_regles_fr_basket_refilled_only_when_empty():
    # "Cette mise se renouvelle chaque fois que la corbeille est vide"
    ledger = settle(record(hand("Bruno", EXAMPLE_TRICKS), hand("Bruno", EXAMPLE_TRICKS),
                           rules="regles-fr"))
    assert [h.settlement.pools_after for h in ledger.hands] == [(90,), (190,)]  # 45×2, then +5, ×2


# ---------------------------------------------------------------- manuscrit (sources/003)
def test_manuscrit_basket_refilled_below_nine_jetons():
    # "Elle se renouvelle toutes les fois que le panier est vuide, ou qu'il y a moins que le
    # premier fonds, c'est-dire 9 jettons."  With antes of 5 (and no misdeal fine), the first
    # basket holds 4×5 + 5 = 25 < 45: manuscrit refills it at the next hand; regles-fr, which
    # refills only an empty basket, does not.
    house = "rule pool_ante: 5\nrule fine_void_misdeal: 0\n"
    two_void = ("dealer: Bruno\nvoid: misdeal\n", "dealer: Claire\nvoid: misdeal\n")
    ledger = settle(record(*two_void, rules="manuscrit", header=house))
    assert [h.settlement.pools_after for h in ledger.hands] == [(25,), (25 + 20 + 5,)]
    ledger = settle(record(*two_void, rules="regles-fr", header=house))
    assert [h.settlement.pools_after for h in ledger.hands] == [(25,), (30,)]
    # The first fund itself, 9 jetons: 4×10 + 5 = 45, not below 45, so not refilled.
    ledger = settle(record(*two_void, rules="manuscrit", header="rule fine_void_misdeal: 0\n"))
    assert [h.settlement.pools_after for h in ledger.hands] == [(45,), (50,)]


def test_manuscrit_talon_counts_diamond_ace_5_and_quinola_4():
    # "à l'exception de l'as de carreau qui y compte 5, & du valet de cœur ou quinola, qui y
    # compte 4. Aux points qui s'y trouvent, on ajoute toujours 4"
    k = PRESETS["manuscrit"]
    assert k.party_base + talon_points(cards("AD JH KS 2C"), k) == 4 + 5 + 4 + 3


def test_manuscrit_quinola_forced_opposite_in_first_or_last_trick_is_8_jetons():
    # "si par hazard l'on forçoit le quinola, en vis-à-vis, à la premiere ou derniere bonne:
    # on toucheroit 8 jettons ou 40 fiches de son vis-à-vis, & 2 jettons de chacun des autres"
    ledger = settle(record(hand("Denis", FORCED_LAST), rules="manuscrit"))
    forced = [i[5] for i in trick_items(ledger, 11) if i[1] == "quinola-forced"]
    assert forced == [40, 10, 10]


def test_manuscrit_espagnolette_pays_the_whole_broken_reversis():
    # "l'Espagnolette paye tout le reversis à celui qui rompt"
    assert PRESETS["manuscrit"].espagnolette_pays_broken is True


# ---------------------------------------------------------------- denexa (sources/001)
def test_denexa_ties_in_play_order_and_no_doubling():
    # "the dealer takes precedence, followed by the player to their left, and so on around
    # the table" (Denexa plays to the left); Ace payments are never doubled there.
    ledger = settle(record(hand("Denis", PARTY_DUMP), rules="denexa"))
    items = items_of(ledger)
    # Claire and Denis both took 0 points and no trick: the dealer Denis still comes first.
    assert [i for i in items if i[1] == "party"] == [(None, "party", None, "Anne", "Denis", 4, None)]
    assert (1, "ace-dumped", "AD", "Anne", "Claire", 2, None) in items   # not ×2 opposite
    assert (11, "ace-led", "AH", "Bruno", "Denis", 1, None) in items     # not ×2 in trick 11


def test_denexa_party_doubles_across_the_table():
    # "If the winner and loser are sitting across from each other, the required payment doubles."
    ledger = settle(record(hand("Bruno", EXAMPLE_TRICKS), rules="denexa"))
    party = [i for i in items_of(ledger) if i[1] == "party"]
    assert party == [(None, "party", None, "Claire", "Anne", 12, None)]
