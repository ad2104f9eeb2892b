"""Every figure a source states, as a test that names the source and quotes the figure."""
from builders import (
    EXAMPLE_TRICKS,
    FORCED_LAST,
    PARTY_DUMP,
    hand,
    items_of,
    net_of,
    record,
    settle,
)

from reversis_score.notation.cards import Card
from reversis_score.pipeline import check_text
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


# ---------------------------------------------------------------- b-notation: rules the texts state
# that the engine could not settle before: a player with ten cards, a trick gathered by another
# than its winner, an exposed talon card, and parlett's optional rule. Dealer Denis; Anne leads.
def _hand(lines: str, rules: str) -> str:
    return f"players: Anne Bruno Claire Denis\nrules: {rules}\n\nhand 1\ndealer: Denis\n{lines}"


# PARTY_DUMP's first nine tricks: Anne wins 1–8 on spades, Bruno 9 (Bruno places Quinola,
# Claire A♦ and Denis A♣ in trick 1).
_PARTY_TRICKS = "tricks:\n" + "".join(f"  {t}\n" for t in PARTY_DUMP[:9])

# Anne wins tricks 1–9 on spades (a reversis undertaken); Claire's A♥ takes trick 10.
_REVERSIS_TRICKS = """tricks:
  Anne: AS KH AD QC
  Anne: KS QH KD JC
  Anne: QS 9H QD 9C
  Anne: JS 8H JD 8C
  Anne: 9S 7H 9D 7C
  Anne: 8S 6H 8D 6C
  Anne: 7S 5H 7D 5C
  Anne: 6S 4H 6D 4C
  Anne: 5S 3H 5D 3C
  Anne: 2H AC AH 2C
"""


def test_manuscrit_ten_cards_no_payment_whatever():
    # "Si quelqu'un se trouvoit avoir écarté deux cartes au lieu d'une, & ne portât que dix
    # cartes, il n'a droit à aucun payement quelconque" — Claire discards two and sits out the
    # last trick: her A♦ placed in trick 1 earns her nothing, and the party she would have won
    # with no point and no trick goes to Bruno. "Toutes les cartes qui se trouveront sous le
    # panier, comptent pour la partie, soit qu'il y en ait une de trop" — five under the basket.
    text = _hand("exchange:\n  Claire discards 3D 2D\n" + _PARTY_TRICKS
                 + "  Bruno: 3C 4D 4C 5S\n  Denis: 2C 4S AH\n", "manuscrit")
    ledger = settle(text)
    assert net_of(ledger) == {"Anne": -28, "Bruno": 55, "Claire": -10, "Denis": -17}
    assert (1, "ace-dumped", "AD", "Anne", "Claire", 8, "barred") in items_of(ledger)
    assert ledger.hands[0].settlement.outcome.party_winner == "Bruno"
    assert len(ledger.hands[0].settlement.play.talon) == 5


def test_manuscrit_ten_cards_is_paid_for_forcing_quinola():
    # "il n'a droit à aucun payement quelconque; ... & s'il force le quinola, il en sera payé."
    # Anne, with ten cards, leads A♥ and forces Bruno's Quinola in trick 1 (doubled: "Tous les
    # payements susdits sont encore doubles à la premiere, & à la derniere bonne"): 20 from
    # Bruno, 20 from Claire opposite, 10 from Denis; Bruno pays the remise.
    text = _hand("""exchange:
  Anne discards KH QH
  Bruno discards 9H
  Claire discards 2D
  Denis discards 8H
tricks:
  Anne: AH JH 3D 2H
  Anne: 2S JS 4D 2C
  Bruno: AC 5D 3C 3S
  Bruno: KC 6D 4C 4S
  Bruno: QC 7D 5C 5S
  Bruno: JC 8D 6C 6S
  Bruno: 9C 9D 3H 7S
  Bruno: 8C JD 4H 8S
  Bruno: 7C QD 5H 9S
  Bruno: AS KD 6H QS
  Bruno: KS AD 7H
""", "manuscrit")
    ledger = settle(text)
    assert net_of(ledger) == {"Anne": 38, "Bruno": -101, "Claire": -26, "Denis": -1}
    forced = [i for i in items_of(ledger) if i[1] == "quinola-forced"]
    assert [(i[3], i[4], i[5], i[6]) for i in forced] == [
        ("Bruno", "Anne", 20, None), ("Claire", "Anne", 20, None), ("Denis", "Anne", 10, None)]


def test_manuscrit_ten_cards_is_paid_for_breaking_a_reversis():
    # "mais s'il rompt un reversis, il en sera payé" — Claire, with ten cards, breaks Anne's
    # reversis in trick 10 and is paid the 64 ("Celui qui rompt le reversis à la bonne, reçoit
    # 64 fiches de celui qui l'avoit entrepris"). She has no card left: Denis leads trick 11.
    text = _hand("exchange:\n  Anne discards 3S\n  Bruno discards JH\n  Claire discards 3D 2D\n"
                 "  Denis discards 2S\n" + _REVERSIS_TRICKS + "  Denis: 4D 4S KC\n", "manuscrit")
    ledger = settle(text)
    assert net_of(ledger) == {"Anne": -74, "Bruno": -10, "Claire": 54, "Denis": -15}


def test_manuscrit_the_trick_belongs_to_him_who_gathers_it():
    # "La levée appartient à celui qui la ramasse. Cependant tout autre joueur peut en avertir
    # & régler le coup, avant que l'on aye rejoué" — Denis's 4♣ wins trick 10, Claire gathers
    # it and nobody says a word before she leads again: it is hers, and Denis, with no trick and
    # no point, wins the party; Claire pays Bruno for the A♥ he places on her last trick.
    text = _hand(_PARTY_TRICKS + "  Bruno: 3C 4D 4C 5S | gathered by Claire\n"
                 "  Claire: 3D 2C 4S AH\n", "manuscrit")
    ledger = settle(text)
    assert net_of(ledger) == {"Anne": -36, "Bruno": 47, "Claire": -4, "Denis": -7}
    assert (11, "ace-dumped", "AH", "Claire", "Bruno", 2, None) in items_of(ledger)


def test_regles_fr_an_exposed_talon_card_bars_as_a_peek():
    # "Tout joueur qui, sans avoir écarté, regarde sa carte au talon ou en découvre une, ne peut
    # ni gagner la partie, ni placer son quinola, ni faire le reversis. Il ne reçoit rien s'il
    # rompt le reversis ou s'il force le quinola." — Claire exposed a talon card: she breaks
    # Anne's reversis in trick 10 and receives nothing. Written either way, the same.
    last = "  Claire: 3D 4D 4S KC\n"
    for text in (_hand(_REVERSIS_TRICKS + last + "irregular: expose Claire\n", "regles-fr"),
                 _hand("exchange:\n  Anne discards 2S\n  Bruno discards JH\n"
                       "  Claire exposes and discards 2D\n  Denis discards 3S\n"
                       + _REVERSIS_TRICKS + last, "regles-fr")):
        ledger = settle(text)
        assert net_of(ledger) == {"Anne": -10, "Bruno": -10, "Claire": -10, "Denis": -15}
        assert [i[6] for i in items_of(ledger) if i[1] == "reversis-broken"] == ["barred"]


def test_parlett_optional_rule_everyone_discards_and_draws_after_a_remise():
    # "Optional rule. Once a supplement has been paid, everyone is obliged to discard and draw
    # before the first trick is played, and it is illegal to discard Quinola." Off in every
    # preset; agreed here. Hand 1: Denis's Quinola is forced in trick 11 and he pays a remise,
    # so in hand 2 every player exchanges; Claire keeping her hand is refused.
    assert not any(k.exchange_after_remise for k in PRESETS.values())
    rotate = {"Anne": "Bruno", "Bruno": "Claire", "Claire": "Denis", "Denis": "Anne"}
    second = [rotate[t.split(":")[0]] + ":" + t.split(":")[1] for t in PARTY_DUMP]
    exchange = "exchange:\n  Bruno discards 2D\n  Claire {}\n  Denis discards 2S\n  Anne discards 3S\n"
    agreed = "rule exchange_after_remise: yes\n"
    ledger = settle(record(hand("Denis", FORCED_LAST),
                           hand("Anne", second, before=exchange.format("discards 2C")), header=agreed))
    assert net_of(ledger, 1) == {"Anne": -15, "Bruno": 34, "Claire": -11, "Denis": -58}
    assert net_of(ledger, 2) == {"Anne": 5, "Bruno": -15, "Claire": 56, "Denis": 4}
    kept = record(hand("Denis", FORCED_LAST), hand("Anne", second, before=exchange.format("keeps")),
                  header=agreed)
    errors = check_text(kept, "t.rvs").errors
    assert [(d.hand, d.span.line) for d in errors] == [(2, 24)]
    assert errors[0].message.startswith("Claire keeps (no discard, no draw), but a remise has been paid")
    assert check_text(kept.replace(agreed, ""), "t.rvs").errors == []
