"""Every figure a source states, as a test that names the source and quotes the figure."""
from builders import (
    ESPAGNOLETTE_LOST,
    ESPAGNOLETTE_LOST_WITH_POOL,
    ESPAGNOLETTE_WON,
    EXAMPLE_TRICKS,
    FORCED_LAST,
    PARTY_DUMP,
    REVERSIS_AGAINST_ESPAGNOLETTE,
    REVERSIS_BROKEN_BY_QUINOLA,
    REVERSIS_MADE,
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


# ================================================================ a hand per rule (issue 22)
# Each hand below is built from one sentence of a source, quotes it, and asserts every player's
# net for the hand (antes included: parlett and denexa 5 each and the dealer 5 more; regles-fr
# and manuscrit 10 each and the dealer 5 more). Players sit Anne Bruno Claire Denis in order of
# play: Anne and Claire sit opposite, as do Bruno and Denis. docs/rules.md's table of rules
# names each test.

def nets(rules, dealer, tricks, before=""):
    """Every player's net for a one-hand record."""
    return net_of(settle(record(hand(dealer, tricks, before=before), rules=rules)))


def espagnolette(name):
    return f"announce: espagnolette {name}\n"


# Every trick is of one suit; Anne leads a heart to the last trick and draws Quinola from
# Claire, opposite her (dealer Denis). Talon J♦ Q♦ K♦ A♦: 10 points. Points: Anne 0 (3
# tricks), Bruno 10 (2), Claire 10 (2), Denis 10 (4).
ONE_SUIT_LAST = ["Anne: 2S 3S 4S 5S", "Denis: 6S 7S 8S 9S", "Claire: JS QS KS AS", "Bruno: 2C 3C 4C 5C",
    "Anne: 6C 7C 8C 9C", "Denis: JC QC KC AC", "Claire: 2D 3D 4D 5D", "Bruno: 6D 7D 8D 9D",
    "Anne: 2H 3H 4H 5H", "Denis: 6H 9H 7H 8H", "Anne: QH KH JH AH"]
# The same, but Quinola sits with Bruno, Anne's neighbour, and Denis's A♥ takes the last trick.
SIDE_LAST = ONE_SUIT_LAST[:10] + ["Anne: QH JH KH AH"]
# Dealer Denis. Anne and Claire both take 0 points; Anne takes no trick, Claire one blank
# trick. Bruno takes 10 points, Denis 29 (seven tricks). Talon J♥ 2♥ 3♥ 4♥: 1 point. Denis
# leads A♠, A♦, A♥ and Bruno A♣: led Aces, paid to the party winner.
TIE_WIN = ["Anne: 2S 3S 9S 4S", "Claire: 5S 8S 6S 7S", "Denis: AS JS QS KS", "Denis: 2C 3C 9C 4C",
    "Bruno: AC 5C 6C 7C", "Bruno: KC QC JC 8C", "Bruno: 2D 3D 9D 4D", "Denis: AD 5D 6D 7D",
    "Denis: KD QD JD 8D", "Denis: AH 5H 6H 7H", "Denis: KH QH 8H 9H"]
# Dealer Denis. Anne takes every trick and leads Quinola to the last one (Bruno places A♥
# in trick 1, which the reversis returns). Talon 3♠ 2♠ 2♦ 2♣.
REVERSIS_QUINOLA_LATE = ["Anne: AS AH AD AC", "Anne: KS KH KD KC", "Anne: QS QH QD QC", "Anne: JS 9H JD JC",
    "Anne: 9S 8H 9D 9C", "Anne: 8S 7H 8D 8C", "Anne: 7S 6H 7D 7C", "Anne: 6S 5H 6D 6C",
    "Anne: 5S 4H 5D 5C", "Anne: 4S 2H 4D 4C", "Anne: JH 3H 3D 3C"]
# Dealer Denis. Anne leads Quinola to trick 1 and takes every trick.
REVERSIS_QUINOLA_EARLY = ["Anne: JH 2H AD AC", "Anne: KS KH KD KC", "Anne: QS QH QD QC", "Anne: JS 9H JD JC",
    "Anne: 9S 8H 9D 9C", "Anne: 8S 7H 8D 8C", "Anne: 7S 6H 7D 7C", "Anne: 6S 5H 6D 6C",
    "Anne: 5S 4H 5D 5C", "Anne: 4S 3H 4D 4C", "Anne: AS AH 3D 3C"]


# A player who takes his face-down card without discarding keeps it: the talon is the three
# cards under the basket. docs/notation.md's example hand (dealer Bruno) with Denis's
# face-down card Q♣ taken without discarding: talon 7♥ 6♦ 6♠ (0 points), not 7♥ 6♦ 6♠ Q♣.
TAKER_DEAL = """deal:
  Anne: 7C 8H KD JS 9S 4D 2D 6C 2H 4C 3S | 7H
  Bruno: 5C KH 9D 7S KS 7D AD 9C JD AS 8C 6S
  Claire: 2C 4H 8D 2S 4S 3C 8S AC JH QH QS | 6D
  Denis: JC 6H 3D 5S QD 5D 3H KC AH 5H 9H | QC
exchange:
  Anne keeps
  Bruno discards 6S
  Claire keeps
  Denis takes without discarding
"""


def test_item1_parlett_the_card_taken_is_not_in_the_talon():
    # "The value of the party - that is, the amount paid by the loser to the winner - is 4 plus
    # the card-point value of any counters in the talon."  The talon is 7♥ 6♦ 6♠: 4, ×2 opposite
    # (8), where counting Denis's Q♣ made it 12. Otherwise the worked hand of docs/rules.md.
    ledger = settle(record(hand("Bruno", EXAMPLE_TRICKS, before=TAKER_DEAL)))
    assert [str(c) for c in ledger.hands[0].settlement.play.talon] == ["6S", "7H", "6D"]
    assert net_of(ledger) == {"Anne": 35, "Bruno": -14, "Claire": -60, "Denis": -11}


def test_item1_denexa_a_card_drawn_is_not_in_the_talon():
    # "All four unwanted cards (the dealer’s discard, the discards of any other player, and any
    # cards not drawn by the players) are set aside to form the talon."  Party 4 ×2 = 8; the
    # led Quinola pays Anne 10 + 5 + 5 and no remise (item 7).
    assert nets("denexa", "Bruno", EXAMPLE_TRICKS, TAKER_DEAL) == {
        "Anne": 25, "Bruno": -15, "Claire": -24, "Denis": -11}


def test_item1_regles_fr_the_talon_is_what_lies_under_the_basket():
    # "Les quatre cartes qui restent, un fois les écarts faits, sont réunies et placées sous la
    # corbeille."  Three cards lie there: (0 + 4 × 3) jetons = 60 fish, not doubled opposite.
    assert nets("regles-fr", "Bruno", EXAMPLE_TRICKS, TAKER_DEAL) == {
        "Anne": 90, "Bruno": -24, "Claire": -136, "Denis": -20}


def test_item1_manuscrit_every_card_under_the_basket_and_no_other():
    # "Toutes les cartes qui se trouveront sous le panier, comptent pour la partie, soit qu'il
    # y en ait une de trop ou de moins."  Three cards, 0 points: 4, ×2 opposite = 8.
    assert nets("manuscrit", "Bruno", EXAMPLE_TRICKS, TAKER_DEAL) == {
        "Anne": 30, "Bruno": -20, "Claire": -84, "Denis": -16}


# ================================================ the party between players opposite (issue 31)
# docs/rules.md's worked hand (dealer Bruno): Anne wins the party, Claire, opposite her, loses
# it. `opposite_doubles_party` says whether the party doubles between them, text by text.

def party_item(rules):
    ledger = settle(record(hand("Bruno", EXAMPLE_TRICKS), rules=rules))
    return [i[3:6] for i in items_of(ledger) if i[1] == "party"], net_of(ledger)


def test_party_opposite_parlett_pays_double():
    # "If the loser is sitting opposite the winner, he pays double."  4 + 2, ×2 = 12.
    assert PRESETS["parlett"].opposite_doubles_party
    assert party_item("parlett") == ([("Claire", "Anne", 12)],
                                     {"Anne": 39, "Bruno": -14, "Claire": -64, "Denis": -11})


def test_party_opposite_denexa_pays_double():
    # "If the winner and loser are sitting across from each other, the required payment
    # doubles."  4 + 2, ×2 = 12, though denexa doubles no side payment.
    assert PRESETS["denexa"].opposite_doubles_party and not PRESETS["denexa"].opposite_doubles_side
    assert party_item("denexa") == ([("Claire", "Anne", 12)],
                                    {"Anne": 29, "Bruno": -15, "Claire": -28, "Denis": -11})


def test_party_opposite_manuscrit_pays_double():
    # "La partie se paye aussi double, si c'est le vis-à-vis, qui la gagne."  4 + 2, ×2 = 12.
    assert PRESETS["manuscrit"].opposite_doubles_party
    assert party_item("manuscrit") == ([("Claire", "Anne", 12)],
                                       {"Anne": 34, "Bruno": -20, "Claire": -88, "Denis": -16})


def test_party_opposite_regles_fr_pays_it_once():
    # "Le gagnant prend alors les quatre cartes qui sont sous le talon et compte les points en
    # ajoutant quatre points à chaque carte, et le perdant lui paye autant de jetons qu'il y a
    # de points."  No doubling there; "Ces paiements sont toujours doubles pour les vis-à-vis"
    # closes the paragraph on the Aces and Quinola. (2 + 4 × 4) × 5 = 90, once.
    assert not PRESETS["regles-fr"].opposite_doubles_party
    assert party_item("regles-fr") == ([("Claire", "Anne", 90)],
                                       {"Anne": 120, "Bruno": -24, "Claire": -166, "Denis": -20})


# ---------------------------------------------------------------- parlett, hand by hand
def test_parlett_led_ace_and_quinola_are_claimed_by_the_winner():
    # "If anyone leads an Ace or Quinola (a rare event), the eventual winner of the hand may
    # claim, in addition to his other winnings, the appropriate payment from the person who
    # led it."  docs/rules.md's worked hand: A♦ 2 from Bruno; Quinola 10 ×2 opposite from
    # Claire, 5 from Bruno and Denis; Claire's remise 25; party 6 ×2.
    assert nets("parlett", "Bruno", EXAMPLE_TRICKS) == {
        "Anne": 39, "Bruno": -14, "Claire": -64, "Denis": -11}


def test_parlett_forced_quinola_in_the_last_trick_from_opposite():
    # "Thus a player who leads a heart to the last trick, and is lucky enough to draw the Jack
    # from the player sitting opposite, will receive 40 fish from the Quinola player and 10
    # from each neighbour."  Anne +40 +10 +10, A♥ forced 2, party 4 + 10; Claire's remise 25.
    assert nets("parlett", "Denis", ONE_SUIT_LAST) == {
        "Anne": 71, "Bruno": -16, "Claire": -70, "Denis": -35}


def test_parlett_a_tie_favours_fewer_tricks():
    # "A tie, in either case, favours the player who won fewest tricks."  Anne (0 points, no
    # trick) wins, not Claire (0 points, one trick): party 4 + 1 from Denis; led Aces 1, 2 and
    # 1 ×2 (trick 10) from Denis, 1 from Bruno.
    assert nets("parlett", "Denis", TIE_WIN) == {"Anne": 6, "Bruno": -6, "Claire": -5, "Denis": -20}


def test_parlett_made_reversis_without_quinola_takes_no_pool():
    # "If you played Quinola during the first nine tricks, you also win the Quinola pool."
    # Bruno, not Anne, played Quinola: 16 + 32 + 16 and the pool stays.
    assert nets("parlett", "Denis", REVERSIS_MADE) == {
        "Anne": 59, "Bruno": -21, "Claire": -37, "Denis": -26}


def test_parlett_made_reversis_with_quinola_takes_the_pool():
    # "If you played Quinola during the first nine tricks, you also win the Quinola pool."
    # Anne led it to trick 1: 64 and the pool of 25.
    assert nets("parlett", "Denis", REVERSIS_QUINOLA_EARLY) == {
        "Anne": 84, "Bruno": -21, "Claire": -37, "Denis": -26}


def test_parlett_reversis_broken_by_quinola_pays_the_forced_payments():
    # "If the reversis is broken, and the breaking trick is taken by Quinola, you pay your 64 as
    # above, but receive the appropriate side payment for forcing Quinola, though nothing is
    # paid either to or from the Quinola pool."  Anne −64 +20 +20 +10 (trick 10 doubles).
    assert nets("parlett", "Denis", REVERSIS_BROKEN_BY_QUINOLA) == {
        "Anne": -19, "Bruno": 39, "Claire": -25, "Denis": -20}


def test_parlett_espagnolette_won():
    # "Besides winning the party, you also gain the appropriate amounts for the Aces you
    # dumped"  Denis wins the party (4 + 1) and keeps his Ace receipts.
    assert nets("parlett", "Denis", ESPAGNOLETTE_WON, espagnolette("Denis")) == {
        "Anne": -6, "Bruno": -23, "Claire": -5, "Denis": 9}


def test_parlett_espagnolette_lost_returns_his_aces_doubled():
    # "If you lose by taking a trick, you must return, doubled, all the side payments you
    # received for dumping the Aces"  "You also lose the party, in place of the player who took
    # most card-points, and pay the player who took fewest in the usual way."
    assert nets("parlett", "Denis", ESPAGNOLETTE_LOST, espagnolette("Denis")) == {
        "Anne": -4, "Bruno": 7, "Claire": 0, "Denis": -28}


def test_parlett_espagnolette_lost_returns_double_the_pool():
    # "..., and, if you dumped Quinola, for that too, together with double the pool you won."
    # Anne returns 2 × 10 and 2 × 2 and pays 2 × 25 into a pool.
    assert nets("parlett", "Denis", ESPAGNOLETTE_LOST_WITH_POOL, espagnolette("Anne")) == {
        "Anne": -56, "Bruno": 7, "Claire": 8, "Denis": -9}


def test_parlett_reversis_against_the_espagnolette():
    # "If you lose because another player makes the reversis (this being an occupational hazard
    # of undertaking the espagnolette) you pay the reversis winner 64 fish and the others pay
    # nothing."
    assert nets("parlett", "Denis", REVERSIS_AGAINST_ESPAGNOLETTE, espagnolette("Denis")) == {
        "Anne": 59, "Bruno": -5, "Claire": -5, "Denis": -74}


# ---------------------------------------------------------------- denexa, hand by hand
def test_item7_denexa_led_quinola_pays_the_winner_and_no_remise():
    # "If a player leads with the J♥, the eventual winner of the hand may collect ten credits
    # from that player and five credits from the other two opponents."  Claire pays Anne 10,
    # Bruno and Denis 5 each, and Claire pays no remise (the pot stays 25). Party 6 ×2 = 12.
    assert nets("denexa", "Bruno", EXAMPLE_TRICKS) == {
        "Anne": 29, "Bruno": -15, "Claire": -28, "Denis": -11}


def test_denexa_reversis_broken_by_quinola_costs_54():
    # "If the reversis was broken by the J♥ winning a trick, the reversis player pays only 54
    # credits."
    assert nets("denexa", "Denis", REVERSIS_BROKEN_BY_QUINOLA) == {
        "Anne": -59, "Bruno": 49, "Claire": -5, "Denis": -10}


def test_denexa_made_reversis_takes_the_pot_after_an_early_quinola():
    # "They also take the most recent pot if they played the J♥ during the first nine tricks."
    assert nets("denexa", "Denis", REVERSIS_QUINOLA_EARLY) == {
        "Anne": 84, "Bruno": -21, "Claire": -37, "Denis": -26}


def test_denexa_tie_goes_to_the_dealer_then_to_his_left():
    # "If there’s still a tie, the dealer takes precedence, followed by the player to their
    # left, and so on around the table."  Claire and Denis: 0 points, no trick; Denis deals
    # and wins. Anne pays 4; Bruno's Quinola took the pot (25) and 5 from Anne.
    assert nets("denexa", "Denis", PARTY_DUMP) == {"Anne": -18, "Bruno": 24, "Claire": -3, "Denis": -3}


def test_denexa_lost_espagnolette_returns_the_pot_and_pays_a_misere():
    # "Additionally, they must pay back double the amount each player paid them for aces and
    # the J♥. If they won a pot, they must return it and pay a misere."  Anne pays back 10 and
    # 4, returns the pot of 25 and pays a remise of 25.
    assert nets("denexa", "Denis", ESPAGNOLETTE_LOST_WITH_POOL, espagnolette("Anne")) == {
        "Anne": -50, "Bruno": 7, "Claire": 2, "Denis": -9}


def test_denexa_espagnolette_won_wins_the_party():
    # "The player will simply automatically win the party (even if other players took no
    # tricks) and the typical five credits for successfully discarding their aces."
    assert nets("denexa", "Denis", ESPAGNOLETTE_WON, espagnolette("Denis")) == {
        "Anne": -6, "Bruno": -19, "Claire": -5, "Denis": 5}


def test_denexa_reversis_against_the_espagnolette():
    # "In this case, the espagnolette player must pay the full 64-credit sum due to the player
    # making the reversis. No other player is required to pay a thing."
    assert nets("denexa", "Denis", REVERSIS_AGAINST_ESPAGNOLETTE, espagnolette("Denis")) == {
        "Anne": 59, "Bruno": -5, "Claire": -5, "Denis": -74}


def test_denexa_forced_quinola_ten_and_five_each_never_doubled():
    # "When an opponent forces the player holding the J♥ to play it to a heart lead, the player
    # holding the J♥ pays that opponent ten credits."  "Both of the other two opponents must pay
    # the player who led to that trick five credits."  Denis forced by Bruno in trick 11.
    assert nets("denexa", "Denis", FORCED_LAST) == {"Anne": -10, "Bruno": -4, "Claire": -8, "Denis": -28}


# ---------------------------------------------------------------- regles-fr, hand by hand
def test_item3_regles_fr_the_party_in_jetons_four_points_a_card():
    # "Le gagnant prend alors les quatre cartes qui sont sous le talon et compte les points en
    # ajoutant quatre points à chaque carte, et le perdant lui paye autant de jetons qu'il y a
    # de points."  Talon 7♥ 6♦ 6♠ Q♣: 2 + 4 × 4 = 18 jetons, 90 fish, not doubled though
    # Claire sits opposite Anne (opposite_doubles_party: no).
    assert nets("regles-fr", "Bruno", EXAMPLE_TRICKS) == {
        "Anne": 120, "Bruno": -24, "Claire": -166, "Denis": -20}


def test_item2_regles_fr_a_tie_goes_to_the_nearest_to_the_dealer():
    # "en cas d'égalité de points, le gagnant est celui qui se trouve le plus près du donneur."
    # Anne and Claire: 0 points. Claire (one trick) sits at Denis's left, before him in play;
    # Anne at his right: Claire wins. Party (1 + 16) × 5 = 85 from Denis; led Aces 5, 10, 5
    # from Denis and 5 from Bruno.
    assert nets("regles-fr", "Denis", TIE_WIN) == {
        "Anne": -10, "Bruno": -15, "Claire": 100, "Denis": -120}


def test_item2_regles_fr_the_farthest_from_the_dealer_loses_a_tie():
    # "en cas d'égalité de points, le gagnant est celui qui se trouve le plus près du donneur."
    # Bruno, Claire and Denis: 10 points each. Dealer Denis, then Claire, Anne, Bruno: Bruno,
    # opposite the dealer, loses, though Denis took more tricks. Party (10 + 16) × 5 = 130.
    assert nets("regles-fr", "Denis", ONE_SUIT_LAST) == {
        "Anne": 190, "Bruno": -155, "Claire": -95, "Denis": -30}


def test_item4_regles_fr_made_reversis_takes_the_basket_without_quinola():
    # "s'il réussit il fait le coup de reversis pour lequel il reçoit, outre la remise, 32 fiches
    # du joueur placé en face de lui et 16 de chacun des autres."  Bruno played Quinola, not
    # Anne: she still takes the basket (45).
    assert nets("regles-fr", "Denis", REVERSIS_MADE) == {
        "Anne": 99, "Bruno": -26, "Claire": -42, "Denis": -31}


def test_item4_regles_fr_no_basket_after_quinola_in_the_last_trick():
    # "Lorsqu’on joue le quinola à l'avant-dernière ou à la dernière carte, on ne gagne pas la
    # remise, alors même qu'on fait le reversis, mais on se fait payer ce dernier coup."
    assert nets("regles-fr", "Denis", REVERSIS_QUINOLA_LATE) == {
        "Anne": 54, "Bruno": -26, "Claire": -42, "Denis": -31}


def test_item6_regles_fr_broken_by_quinola_pays_no_quinola():
    # "Il y a deux chances du jeu appelées le quinola et l'espagnolette qui se trouvent
    # annulées par l'entreprise du reversis."  "Si le reversis est brisé à l'avant-dernière
    # carte, on paye à celui qui fait cette levée ce qu'on aurait payé au gagnant."  16 alone.
    assert nets("regles-fr", "Denis", REVERSIS_BROKEN_BY_QUINOLA) == {
        "Anne": -26, "Bruno": 6, "Claire": -10, "Denis": -15}


def test_item5_regles_fr_lost_espagnolette_pays_the_party_and_his_aces_doubled():
    # "Ainsi il paye la partie, comme d'habitude, à celui qui l'a gagnée. Ensuite il fait la
    # remise, qu'il ait placé ou non le quinola, s'il le possédait, il paye double les as aux
    # joueurs qui les lui ont payés."  Denis (four Aces, no Quinola): party 85 to Claire, his
    # Ace receipts 1, 2, 2 back as 2, 4, 4; no remise.
    assert nets("regles-fr", "Denis", ESPAGNOLETTE_LOST, espagnolette("Denis")) == {
        "Anne": -9, "Bruno": 34, "Claire": 75, "Denis": -145}


def test_item5_regles_fr_lost_espagnolette_with_quinola_pays_a_remise_keeps_the_basket():
    # "Ensuite il fait la remise, qu'il ait placé ou non le quinola, s'il le possédait, il paye
    # double les as aux joueurs qui les lui ont payés."  Anne keeps the basket (45) and
    # Quinola's 10; she pays back 2 × 2 for A♦ and a remise of 45.
    assert nets("regles-fr", "Denis", ESPAGNOLETTE_LOST_WITH_POOL, espagnolette("Anne")) == {
        "Anne": -132, "Bruno": 110, "Claire": -5, "Denis": -18}


def test_regles_fr_quinola_forced_at_the_last_trick_doubled():
    # "Ces paiements sont toujours doubles pour les vis-à-vis, ainsi que toutes les fois que le
    # coup se fait à la dernière levée."  Denis's Quinola forced by Bruno (opposite) in trick
    # 11: 10 ×2 ×2 = 40, Anne and Claire 5 ×2 = 10 each, and a remise of 45. The party Bruno
    # pays Denis, opposite, is not doubled: "Ces paiements" are the Aces and Quinola.
    assert nets("regles-fr", "Denis", FORCED_LAST) == {
        "Anne": -20, "Bruno": -59, "Claire": -16, "Denis": 5}



def test_item3_the_former_regles_fr_party_is_a_house_rule(tmp_path):
    # docs/rules.md §6 keeps the former reading of "compte les points en ajoutant quatre
    # points" (4 + the talon's points, in fish) as a house-rules file: party 6, not doubled.
    (tmp_path / "regles-fr-fish.toml").write_text(
        'base = "regles-fr"\nparty_base = 4\nparty_per_card = 0\nparty_unit = 1\n', "utf-8")
    text = record(hand("Bruno", EXAMPLE_TRICKS), rules=str(tmp_path / "regles-fr-fish.toml"))
    assert net_of(settle(text)) == {"Anne": 120 - 90 + 6, "Bruno": -24, "Claire": -166 + 90 - 6,
                                    "Denis": -20}


# ---------------------------------------------------------------- manuscrit, hand by hand
def test_item6_manuscrit_broken_by_quinola_pays_the_64_alone():
    # "Celui qui rompt le reversis à la bonne, reçoit 64 fiches de celui qui l'avoit entrepris.
    # Les autres joueurs n'ont rien."
    assert nets("manuscrit", "Denis", REVERSIS_BROKEN_BY_QUINOLA) == {
        "Anne": -74, "Bruno": 54, "Claire": -10, "Denis": -15}


def test_manuscrit_reversis_with_quinola_early_takes_the_remise():
    # "& encore faut-il qu'il ait joué le quinola avant la bonne, c'està-dire, à l'une des neuf
    # premieres levées; ... parce que l'on tire les revenus du reversis, & la remise."
    assert nets("manuscrit", "Denis", REVERSIS_QUINOLA_EARLY) == {
        "Anne": 99, "Bruno": -26, "Claire": -42, "Denis": -31}


def test_manuscrit_reversis_without_quinola_takes_no_remise():
    # "Dans les autres cas où l'un des joueurs fait ou manque le reversis, & qu'un autre place
    # le quinola, ou bien que son quinola lui est forcé, celui-ci ne tire la remise, ni ne la
    # fait."  Bruno placed Quinola in trick 1: nothing moves but the 16, 32, 16.
    assert nets("manuscrit", "Denis", REVERSIS_MADE) == {
        "Anne": 54, "Bruno": -26, "Claire": -42, "Denis": -31}


def test_manuscrit_quinola_forced_from_the_side_in_the_last_trick():
    # "Et si l'on le forçoit ainsi de côté, celui ci payeroit 4 jettons, le vis-à-vis en
    # payeroit 4, & le troisieme joueur en payeroit 2."  Bruno 20, Claire 20, Denis 10 to
    # Anne; Bruno's remise 45.
    assert nets("manuscrit", "Denis", SIDE_LAST) == {
        "Anne": 57, "Bruno": -76, "Claire": -30, "Denis": -41}


def test_manuscrit_the_party_doubles_opposite_and_led_quinola_pays_as_forced():
    # "La partie se paye aussi double, si c'est le vis-à-vis, qui la gagne."  "Un, ou plusieurs
    # as joués, de même que le quinola joué ou gorgé, se payent comme s'ils été eussent forces;
    # & se payent à celui qui gagne la partie"  Party 6 ×2; Claire 20, Bruno 5, Denis 5.
    assert nets("manuscrit", "Bruno", EXAMPLE_TRICKS) == {
        "Anne": 34, "Bruno": -20, "Claire": -88, "Denis": -16}


def test_manuscrit_lost_espagnolette_pays_back_all_doubled():
    # "3. Qu'il rend au double les as ou quinola qu'il peut avoir donnes pendant le jeu, &
    # qu'on lui a payés; ou bien aussi l'as ou le quinola, que les autres joueurs ont pu se
    # donner réciproquement."
    assert nets("manuscrit", "Denis", ESPAGNOLETTE_LOST, espagnolette("Denis")) == {
        "Anne": -8, "Bruno": 2, "Claire": -2, "Denis": -37}


def test_manuscrit_reversis_against_the_espagnolette():
    # "Si quelqu'un fait le reversis, l'Espagnolette paye seul pour toute la compagnie."
    assert nets("manuscrit", "Denis", REVERSIS_AGAINST_ESPAGNOLETTE, espagnolette("Denis")) == {
        "Anne": 54, "Bruno": -10, "Claire": -10, "Denis": -79}




def test_regles_fr_a_reversis_annuls_the_espagnolette_who_pays_as_any_player():
    # "Il y a deux chances du jeu appelées le quinola et l'espagnolette qui se trouvent
    # annulées par l'entreprise du reversis." Annulled, Denis's espagnolette pays Anne as any
    # player: 16 (he sits beside her); Bruno 16 and Claire, opposite, 32. Anne takes the
    # basket (4 × 10 + 5 = 45: she played no Quinola in trick 10 or 11); what Denis received
    # in tricks 1–9 is returned, as in every reversis.
    ledger = settle(record(hand("Denis", REVERSIS_AGAINST_ESPAGNOLETTE, before=espagnolette("Denis")),
                           rules="regles-fr"))
    assert [i for i in items_of(ledger) if i[1] == "reversis-made"] == [
        (None, "reversis-made", None, "Bruno", "Anne", 16, None),
        (None, "reversis-made", None, "Claire", "Anne", 32, None),
        (None, "reversis-made", None, "Denis", "Anne", 16, None)]
    assert net_of(ledger) == {"Anne": 99, "Bruno": -26, "Claire": -42, "Denis": -31}
    assert ledger.hands[0].settlement.outcome.espagnolette == {"player": "Denis", "result": "reversis"}
    # Each preset's reading, from its text (rules/presets.py): only regles-fr annuls it.
    assert {name: k.espagnolette_pays_reversis for name, k in PRESETS.items()} == {
        "parlett": "alone", "denexa": "alone", "regles-fr": "as-any", "manuscrit": "alone", "dafydd": "alone"}


# Dealer Denis. Anne takes her face-down Quinola without discarding (barred, §7, §10) and plays
# eleven of her twelve cards, never Quinola; with A♠ A♥ A♦ she announces the espagnolette and
# loses it at once, taking trick 1. Talon 4♥ 3♥ 2♥ (0 points). Each trick is of one suit.
TAKES_QUINOLA_AND_LOSES = """deal:
  Anne: AS 9S 2S AD 2D 3D JC 6C 2C AH 8H | JH
  Bruno: KS 8S 5S KD 9D 6D AC 9C 5C KH 7H | 4H
  Claire: QS 7S 4S QD 8D 5D KC 8C 4C QH 6H | 3H
  Denis: JS 6S 3S JD 7D 4D QC 7C 3C 9H 5H 2H
exchange:
  Anne takes without discarding
  Bruno keeps
  Claire keeps
  Denis discards 2H
announce: espagnolette Anne
"""
TAKES_TRICKS = ["Anne: AS KS QS JS", "Anne: 9S 8S 7S 6S", "Anne: 2S 5S 4S 3S", "Bruno: KD QD JD AD",
                "Anne: 2D 9D 8D 7D", "Bruno: 6D 5D 4D 3D", "Bruno: AC KC QC JC", "Bruno: 9C 8C 7C 6C",
                "Bruno: 5C 4C 3C 2C", "Bruno: KH QH 9H AH", "Anne: 8H 7H 6H 5H"]


def test_regles_fr_a_lost_espagnolette_who_kept_quinola_unplayed_pays_the_remise():
    # "Ensuite il fait la remise, qu'il ait placé ou non le quinola, s'il le possédait": Anne
    # held Quinola after the exchange (her face-down card, taken and never played), so she
    # pays the remise, 45 (the basket doubled), though she is barred: a barred player loses
    # what he would receive, not what he owes (docs/rules.md §7, §9). Her forced Aces pay as
    # usual; Denis wins the party: (0 + 4 × 3) × 5 = 60.
    ledger = settle(record(hand("Denis", TAKES_TRICKS, before=TAKES_QUINOLA_AND_LOSES), rules="regles-fr"))
    assert (None, "remise", None, "Anne", "pool:1", 45, None) in items_of(ledger)
    assert net_of(ledger) == {"Anne": -135, "Bruno": -5, "Claire": -10, "Denis": 60}
    assert list(ledger.hands[0].settlement.pools_after) == [90]

# docs/notation.md's example hand (dealer Bruno) where Claire takes her face-down 6♠ without
# discarding and keeps it; talon 7♥ 6♦ Q♣ (2 points). Denis's A♥ is forced on her heart lead.
CLAIRE_TAKES = """deal:
  Anne: 7C 8H KD JS 9S 4D 2D 6C 2H 4C 3S | 7H
  Bruno: 5C KH 9D 7S KS 7D AD 9C JD AS 8C 6D
  Claire: 2C 4H 8D 2S 4S 3C 8S AC JH QH QS | 6S
  Denis: JC 6H 3D 5S QD 5D 3H KC AH 5H 9H | QC
exchange:
  Anne keeps
  Bruno discards 6D
  Claire takes without discarding
  Denis keeps
"""


def test_manuscrit_a_taker_without_discarding_is_paid_nothing():
    # "Il en est de même de celui qui prendroit sa carte du talon, & n'écarteroit pas. Il n'a
    # droit a rien."  Denis's A♥ forced on Claire's lead pays her nothing (the item is kept,
    # cancelled "barred"); party 4 + 2, ×2 opposite.
    ledger = settle(record(hand("Bruno", EXAMPLE_TRICKS, before=CLAIRE_TAKES), rules="manuscrit"))
    assert (9, "ace-forced", "AH", "Denis", "Claire", 1, "barred") in items_of(ledger)
    assert net_of(ledger) == {"Anne": 34, "Bruno": -20, "Claire": -89, "Denis": -15}


def test_parlett_a_barred_taker_keeps_his_ace_receipts():
    # "make one discard and then take the card in front of him as a replacement, sight unseen,
    # or"  Parlett is silent on one who takes without discarding: the engine's law bars him
    # (docs/rules.md §10) and he keeps the 1 Denis pays for A♥ forced; the worked hand's nets.
    assert nets("parlett", "Bruno", EXAMPLE_TRICKS, CLAIRE_TAKES) == {
        "Anne": 39, "Bruno": -14, "Claire": -64, "Denis": -11}


# ---------------------------------------------------------------- dafydd, hand by hand
def test_dafydd_each_loser_pays_a_stake_to_every_lower_player():
    # "I suggest that each loser pay a standard stake (for example, 2 denari) to every other
    # player that took fewer points than they did."  Points: Anne 4, Denis 7, Bruno 12,
    # Claire 15.
    assert nets("dafydd", "Bruno", EXAMPLE_TRICKS) == {"Anne": 6, "Bruno": -2, "Claire": -6, "Denis": 2}


def test_dafydd_high_stakes_pay_the_difference():
    # "For a (very) high-stakes game, have each loser pay the difference between the number of
    # points they took and the number each opponent took to that opponent."
    text = record(hand("Bruno", EXAMPLE_TRICKS), rules="dafydd", header="rule party: pairwise-difference\n")
    assert net_of(settle(text)) == {"Anne": 3 + 8 + 11, "Bruno": -8 - 5 + 3, "Claire": -11 - 8 - 3,
                                    "Denis": -3 + 5 + 8}



HANDS = [*[(rules, "Bruno", EXAMPLE_TRICKS, TAKER_DEAL)
           for rules in ("parlett", "denexa", "regles-fr", "manuscrit")],
         *[(rules, "Denis", tricks, "") for rules in ("parlett", "denexa", "regles-fr", "manuscrit")
           for tricks in (TIE_WIN, ONE_SUIT_LAST, SIDE_LAST, REVERSIS_QUINOLA_LATE, REVERSIS_QUINOLA_EARLY,
                          REVERSIS_MADE, REVERSIS_BROKEN_BY_QUINOLA)],
         *[(rules, "Denis", ESPAGNOLETTE_LOST_WITH_POOL, espagnolette("Anne"))
           for rules in ("parlett", "denexa", "regles-fr", "manuscrit")],
         *[(rules, "Bruno", EXAMPLE_TRICKS, CLAIRE_TAKES) for rules in ("parlett", "manuscrit")]]


def test_the_hands_above_settle_alike_in_the_oracle():
    # tests/oracle.py, written from docs/rules.md alone, pays every hand of this file the same.
    from oracle_adapter import compare_text
    for rules, dealer, tricks, before in HANDS:
        assert compare_text(record(hand(dealer, tricks, before=before), rules=rules)) == []


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
