"""Fixed hands that kill mutants of settle/ no other test caught (bench/mutate.py, bench/mutants.md).

Each test is worked by hand from docs/rules.md's sentences and names, in a comment, the mutants
(mutmut's names) it kills. Players sit Anne Bruno Claire Denis in order of play (Anne and
Claire opposite, Bruno and Denis opposite); dealer Denis; no hypothesis, the same hands every run.
"""
from __future__ import annotations

from builders import (
    FORCED_LAST,
    PARTY_DUMP,
    REVERSIS_AGAINST_ESPAGNOLETTE,
    REVERSIS_MADE,
    hand,
    items_of,
    net_of,
    record,
    settle,
)

from reversis_score.pipeline import check_text
from reversis_score.settle.hand import Outcome, settle_hand
from reversis_score.settle.items import HandBook
from reversis_score.settle.laws import antes, redeal_fine
from reversis_score.settle.pools import PoolTable
from reversis_score.settle.side import settle_trick


def knobs_of(text: str):
    return check_text(text, "test.rvs").rules.knobs


# ================================================================ a ten-card player places Quinola
# PARTY_DUMP's first nine tricks (Bruno places Quinola in trick 1, on Anne's spade lead), then
# trick 10 led by Bruno, which Denis's 4♣ takes, and trick 11 of three cards: Bruno discarded
# two (3♥ 2♦) and has no card for it.
TEN_CARD_QUINOLA = ("exchange:\n  Bruno discards 3H 2D\ntricks:\n"
                    + "".join(f"  {t}\n" for t in PARTY_DUMP[:9])
                    + "  Bruno: 3C 4D 4C 5S\n  Denis: 2C 4S 3D\n")


def test_a_ten_card_player_placing_quinola_takes_no_pool():
    # docs/rules.md §10: "Ten cards ...: He is paid nothing this hand (his placed Aces and
    # Quinola, a pool, the party), except for breaking a reversis and for forcing Quinola ...
    # Such items are kept marked cancelled_by: "barred"." So Bruno's take of the pool (parlett:
    # 4 antes of 5 + the dealer's 5 = 25) is written, marked "barred", and the 25 stay on the
    # table; his 5 for Quinola placed is barred too. He pays only his ante.
    # Kills items.xǁHandBookǁtake_pool__mutmut_11 (the bar dropped: `and False`), _13 and _14
    # (the bar's word misspelt), _15 (`unpaid and ten_cards`: a ten-card player who did not
    # peek is no longer barred).
    ledger = settle(f"players: Anne Bruno Claire Denis\nrules: parlett\n\nhand 1\ndealer: Denis\n"
                    f"{TEN_CARD_QUINOLA}")
    items = items_of(ledger)
    assert (1, "pool-take", "JH", "pool:1", "Bruno", 25, "barred") in items
    assert (1, "quinola-dumped", "JH", "Anne", "Bruno", 5, "barred") in items
    # the barred item says why (kills items.xǁHandBookǁpay__mutmut_29, _31, _33, _35, _36, _37)
    assert [i.why for i in ledger.hands[0].settlement.items if i.kind == "quinola-dumped"] == [
        "trick 1: Bruno places Quinola (J♥) on a ♠ lead won by Anne: Anne pays Bruno 5 (RULES §5); Bruno "
        "discarded two cards and plays with ten, and is paid nothing but for breaking a reversis or "
        "forcing Quinola (RULES §10)"]
    assert list(ledger.hands[0].settlement.pools_after) == [25]
    # Claire's A♦ placed (×2 opposite: 4) and Denis's A♣ (1) are paid by Anne, who also loses
    # the party to Claire (0 points): 4 + the talon's 4 points (3♠ 2♠ A♥ 3♥ 2♦), ×2 opposite = 16,
    # and her A♠ led, ×2 opposite = 2.
    assert net_of(ledger) == {"Anne": -5 - 4 - 1 - 16 - 2, "Bruno": -5, "Claire": -5 + 4 + 16 + 2,
                              "Denis": -10 + 1}


# ================================================================ the reversis returns tricks 1–9
# Anne takes every trick; Bruno places Quinola on her spade lead in trick 1 (taking the pool,
# returned with the rest of tricks 1–9 when Anne makes the reversis); Anne leads A♥ in trick 9.
QUINOLA_TAKEN_UNDER_REVERSIS = [
    "Anne: AS JH KH 6H", "Anne: KS AD QH 5H", "Anne: QS KD 4D 4H", "Anne: JS QD 3D 3H",
    "Anne: 9S JD AC 2H", "Anne: 8S 9D KC 7C", "Anne: 7S 8D QC 6C", "Anne: 6S 7D JC 5C",
    "Anne: AH 9H 8H 7H", "Anne: 5S 6D 9C 4C", "Anne: 4S 5D 8C 3C"]


def test_the_pool_last_taken_before_a_reversis_is_still_the_last_taken_after_it():
    # docs/rules.md §8: "Every side payment and pool movement of tricks 1 to 9 is returned
    # (remises and pool takings too ...)"; §4: a remise with no pool standing equals "the pool
    # most recently taken". Bruno's take of 25 in trick 1 is returned, so the pool most
    # recently taken is still the one taken before this hand (40 here), and the table this
    # hand hands on says so.
    # Kills items.xǁHandBookǁrestore__mutmut_3 (`last_taken = None` after the return) and
    # pools.xǁPoolTableǁcopy__mutmut_4, _8 (a copy of the table that forgets the pool last taken).
    text = record(hand("Denis", QUINOLA_TAKEN_UNDER_REVERSIS))
    ledger = settle(text)
    assert (1, "pool-take", "JH", "pool:1", "Bruno", 25, "reversis") in items_of(ledger)
    before = PoolTable("multiple", [], False, last_taken=40)
    settlement, after = settle_hand(ledger.hands[0].settlement.play, knobs_of(text), before)
    assert (after.amounts, after.last_taken) == ([25], 40)
    assert before.last_taken == 40  # the hand works on its own copy


# ================================================================ trick by trick, as `record` says
# PARTY_DUMP's first nine tricks, then trick 10 gathered by Claire (Denis's 4♣ took it) and
# trick 11 led by her, where Bruno places A♥ and Denis gathers the trick her 3♦ took.
GATHERED = ("tricks:\n" + "".join(f"  {t}\n" for t in PARTY_DUMP[:9])
            + "  Bruno: 3C 4D 4C 5S | gathered by Claire\n  Claire: 3D 2C 4S AH | gathered by Denis\n")


def test_the_payments_trick_by_trick_are_the_hands_own():
    # settle/side.py's settle_trick (the terminal scorer's payments as each trick is written):
    # docs/rules.md §5 "placed: the trick's winner pays" and §10 "A trick gathered by the wrong
    # player ... counts for him: he is its winner for every purpose". Manuscrit: the basket
    # (4 × 10 + 5 = 45), "doubles à la premiere, & à la derniere".
    # Kills side.settle_trick's mutants (no settle-focused test reached them before): the
    # gathered trick found by its number, and the flag handed on to the card's why; and
    # side.x_dumped__mutmut_28, _30, _31, _32 (the words "gathered by").
    text = f"players: Anne Bruno Claire Denis\nrules: manuscrit\n\nhand 1\ndealer: Denis\n{GATHERED}"
    play = settle(text).hands[0].settlement.play
    knobs = knobs_of(text)
    book = HandBook(play, knobs, PoolTable(knobs.pools))
    antes(book)
    redeal_fine(book)
    led: list = []
    for trick in play.tricks:
        settle_trick(book, trick, led)
    side = [(i.trick, i.kind, i.card, i.payer, i.payee, i.amount, i.cancelled_by, i.why)
            for i in book.items if i.trick is not None]
    assert side == [
        (1, "quinola-dumped", "JH", "Anne", "Bruno", 10, None, "trick 1: Bruno places Quinola (J♥) on a ♠ "
         "lead won by Anne; ×2 in trick 1: Anne pays Bruno 10 (RULES §5)"),
        (1, "pool-take", "JH", "pool:1", "Bruno", 45, None, "trick 1: Bruno places Quinola (J♥) and takes "
         "the latest pool, pool:1 (45) (RULES §4, §5)"),
        (1, "ace-dumped", "AD", "Anne", "Claire", 8, None, "trick 1: Claire places A♦ on a ♠ lead won by "
         "Anne; ×2 opposite, ×2 in trick 1: Anne pays Claire 8 (RULES §5)"),
        (1, "ace-dumped", "AC", "Anne", "Denis", 2, None, "trick 1: Denis places A♣ on a ♠ lead won by "
         "Anne; ×2 in trick 1: Anne pays Denis 2 (RULES §5)"),
        (11, "ace-dumped", "AH", "Denis", "Bruno", 4, None, "trick 11: Bruno places A♥ on a ♦ lead "
         "gathered by Denis; ×2 opposite, ×2 in trick 11: Denis pays Bruno 4 (RULES §5)"),
    ]
    assert [(c.trick, c.how, c.player, str(c.card)) for c in led] == [(1, "led", "Anne", "AS")]
    assert list(book.pools.amounts) == [0]


# ================================================================ no pools: no remise
def test_with_no_pools_a_forced_quinola_pays_no_remise_and_the_table_stays_bare():
    # docs/rules.md §4: "The pools are the fish on the table ... No pools (none: dafydd)"; a
    # house rule gives parlett none. FORCED_LAST: Denis's Quinola is forced on Bruno's heart lead
    # in trick 11 (§5 "its holder pays the leader (Quinola: the others too)" and a remise): no
    # ante, no remise, nothing is ever on the table.
    # Kills items.xǁHandBookǁremise__mutmut_2 and _3 (the "none" test misspelt: the remise of 0
    # forms a pool of nothing, and an empty pool is left on the table).
    ledger = settle(record(hand("Denis", FORCED_LAST), header="rule pools: none\n"))
    settled = ledger.hands[0].settlement
    assert (settled.pools_before, settled.pools_after) == ((), ())
    assert not [i for i in items_of(ledger) if i[1] in ("remise", "pool-ante", "dealer-ante")]
    # trick 9: Bruno's A♣ forced on Anne's lead (1); trick 11 (×2): Claire's A♦ placed on
    # Bruno's trick (4), Quinola forced opposite (5 ×2 ×2 = 40) and 5 ×2 from each other
    # player; the party to Denis (4 + talon 4, ×2 opposite: 16) and Anne's A♠ led (1).
    assert net_of(ledger) == {"Anne": 1 - 10 - 1, "Bruno": -1 - 4 + 40 + 10 + 10 - 16, "Claire": 4 - 10,
                              "Denis": -40 + 16 + 1}


def test_what_goes_into_the_latest_pool_goes_as_the_knobs_say():
    # docs/rules.md §4: "every hand, the dealer adds `dealer_ante` (5) to the latest pool"; §10:
    # fines "paid at the end of the hand to the latest pool". House rules: a dealer's ante of 1
    # is paid (1 is an amount like any other); with no antes at all nothing is on the table
    # (Bruno's Quinola placed in trick 1 finds no pool); with no pools, Bruno's fine for playing
    # out of turn has no pool to go to.
    # Kills items.xǁHandBookǁinto_latest_pool__mutmut_3 (`amount <= 1`), _2 (`amount < 0`: a
    # pool of nothing formed), _1, _5, _6 (the "none" test lost: a payment into no pool).
    # An ante of 1 each is paid too: 4 × 1 + the dealer's 5 (kills laws.x_antes__mutmut_8,
    # `pool_ante > 1`); an Ace placed worth nothing writes no item ("nothing for an amount of
    # 0", settle/items.py; kills items.xǁHandBookǁpay__mutmut_1, `amount < 0`).
    small = settle(record(hand("Denis", PARTY_DUMP), header="rule pool_ante: 1\nrule ace_dumped: 0\n"))
    assert [i[5] for i in items_of(small) if i[1] in ("pool-ante", "dealer-ante")] == [1, 1, 1, 1, 5]
    assert not [i for i in items_of(small) if i[1] == "ace-dumped"]
    one = settle(record(hand("Denis", PARTY_DUMP), header="rule dealer_ante: 1\n"))
    assert (None, "dealer-ante", None, "Denis", "pool:1", 1, None) in items_of(one)
    assert (1, "pool-take", "JH", "pool:1", "Bruno", 21, None) in items_of(one)
    nothing = settle(record(hand("Denis", PARTY_DUMP), header="rule pool_ante: 0\nrule dealer_ante: 0\n"))
    assert nothing.hands[0].settlement.pools_after == ()
    assert not [i for i in items_of(nothing) if i[1] in ("pool-ante", "dealer-ante", "pool-take")]
    bare = settle(record(hand("Denis", PARTY_DUMP, "irregular: out-of-turn Bruno\n"),
                         header="rule pools: none\n"))
    assert bare.hands[0].settlement.pools_after == ()
    assert not [i for i in items_of(bare) if i[1] == "fine"]


# ================================================================ the party's value, by events
def events_party(header: str, talon: str = "  talon: 5 points\n",
                 party: str = "Claire wins, Bruno loses") -> dict[str, int | str]:
    """A hand by its events (docs/notation.md): Claire wins the party, Bruno loses it, the talon
    is given by its points (5), Denis places A♦ on a trick Anne takes (2 from Anne)."""
    ledger = settle("players: Anne Bruno Claire Denis\nrules: parlett\n" + header
                    + f"\nhand 1\ndealer: Bruno\nevents:\n  party: {party}\n"
                    + talon + "  4. Denis places AD, Anne takes it\n")
    (item,) = [i for i in ledger.hands[0].settlement.items if i.kind == "party"]
    (ace,) = [i for i in ledger.hands[0].settlement.items if i.kind == "ace-dumped"]
    # docs/rules.md §5: placed, "the trick's winner pays"; the suit led is not written, so the
    # why says "in a trick". Kills side.x_dumped__mutmut_51 to _63 (that sentence's words).
    assert ace.why == "trick 4: Denis places A♦ in a trick won by Anne: Anne pays Denis 2 (RULES §5)"
    how, value = item.why.split("; value ")
    return {"amount": item.amount, "how": how, "value": value.split(":")[0], **net_of(ledger)}


NETS_4 = {"Anne": -5 - 2, "Bruno": -5 - 5 - 4, "Claire": -5 + 4, "Denis": -5 + 2}  # a party of 4


def test_the_talon_given_by_its_points_counts_in_the_party():
    # docs/rules.md §6: the party is worth its base (parlett 4) + the talon's points + so much
    # a talon card (a house rule: 1); docs/notation.md: "talon: 2 points" gives "the talon ... by
    # its points". 4 + 5 + 1 × 4 cards = 13, Bruno to Claire (neighbours).
    # Kills party.x__talon_points__mutmut_7, _9, _11 (a talon given by its points counted 0).
    assert events_party("rule party_per_card: 1\n") == {
        "amount": 13, "how": "Claire wins the party, Bruno loses it", "value": "4 + talon 5 + 1 × 4 cards",
        "Anne": -5 - 2, "Bruno": -5 - 5 - 13, "Claire": -5 + 13, "Denis": -5 + 2}


def test_with_52_cards_no_talon_is_scored():
    # docs/rules.md: "With 52 cards no talon is scored and every player discards one card": the
    # same hand under a 52-card house rule is worth the base alone, 4: neither the talon's 5
    # points nor its cards count.
    # Kills party.x_party_value__mutmut_2, _4, _6 (the talon's cards counted with 52 cards, or
    # one card), party.x_value_text__mutmut_12, _14, _16 (the same in the party's why) and
    # party.x__talon_points__mutmut_6, _8, _10 (the talon's points counted with 52, or 1).
    assert events_party("rule deck: 52\nrule party_per_card: 1\n") == {
        "amount": 4, "how": "Claire wins the party, Bruno loses it", "value": "4 + talon 0 + 1 × 0 cards",
        **NETS_4}
    # The talon written by its cards (Q♣ is 2 points) is not scored either, and the party line's
    # points (without tricks) are said as written.
    # Kills party.x_talon_points__mutmut_2, _3 (the cards' points counted with 52, or 1), and
    # party.x__score__mutmut_10, _12 (" (None tricks)", or a word for tricks not given).
    assert events_party("rule deck: 52\n", talon="  talon: 6S 7H 6D QC\n",
                        party="Claire wins with 3 points, Bruno loses with 12 points") == {
        "amount": 4, "how": "Claire wins the party with 3 points, Bruno loses it with 12",
        "value": "4 + talon 0 (6♠ 7♥ 6♦ Q♣)", **NETS_4}


def test_an_events_hand_without_its_talon_counts_it_0():
    # docs/notation.md: "talon: 6S 7H 6D QC or talon: 2 points ... Without it the talon counts 0,
    # unless the deal and the whole exchange are recorded". parlett: the party is 4 + 0.
    # Kills party.x__talon_points__mutmut_12 (no talon counted 1) and _11 (`None and 0`), and
    # party.x__score__mutmut_4 (a word where the party line gives no points).
    assert events_party("", talon="") == {
        "amount": 4, "how": "Claire wins the party, Bruno loses it", "value": "4 + talon 0", **NETS_4}


# ================================================================ nobody can win the party
def test_with_every_other_player_barred_no_party_is_paid():
    # docs/rules.md §13 rule 9: "Barred: he cannot win the party (the next in the winner's
    # ranking who is not the loser wins; if none, no party is paid)"; regles-fr: "Tout joueur
    # qui ... découvre une [carte au talon], ne peut ni gagner la partie, ni placer son
    # quinola". PARTY_DUMP: Anne loses (36 points); Bruno, Claire and Denis exposed a talon
    # card: no party, and Anne's A♠ led (owed to the party winner) is paid to nobody.
    # Kills party.x_decide__mutmut_45 (the first of no candidates) and party.x_pay_party__mutmut_2
    # (a party paid to no winner).
    irregular = "irregular: expose Bruno\nirregular: expose Claire\nirregular: expose Denis\n"
    ledger = settle(record(hand("Denis", PARTY_DUMP, extra=irregular), rules="regles-fr"))
    settled = ledger.hands[0].settlement
    # the ledger's outcome: a party with a loser, no winner and no value.
    # Also kills hand.x__play_out__mutmut_67 and _72 (a value given to a party nobody won).
    assert settled.outcome == Outcome("party", None, "Anne", None)
    assert not [i for i in items_of(ledger) if i[1] in ("party", "ace-led")]
    # antes 10 each, the dealer 5; Bruno's Quinola placed (5) and his take of the basket are
    # barred; Claire's A♦ (×2 opposite: 4) and Denis's A♣ (1) are paid by Anne.
    assert net_of(ledger) == {"Anne": -10 - 4 - 1, "Bruno": -10, "Claire": -10 + 4, "Denis": -15 + 1}


# ================================================================ the ledger's outcome
def test_each_hand_says_how_it_ended():
    # docs/ledger.md: each hand's outcome (its kind, the party's winner, loser and value, the
    # reversis player, the espagnolette and what became of it). PARTY_DUMP (parlett): Denis wins
    # the party with no point, Anne loses it with 36, worth 4; REVERSIS_MADE: Anne makes it;
    # REVERSIS_AGAINST_ESPAGNOLETTE: Denis's announced espagnolette ends in her reversis.
    # Kills hand.x__play_out__mutmut_73, _83, _84 (the kind "party" misspelt or None) and _36 (an
    # espagnolette said for a reversis hand without one).
    def outcome(tricks: list[str], before: str = "") -> Outcome:
        return settle(record(hand("Denis", tricks, before=before))).hands[0].settlement.outcome

    assert outcome(PARTY_DUMP) == Outcome("party", "Denis", "Anne", 4)
    assert outcome(REVERSIS_MADE) == Outcome("reversis-made", reversis_player="Anne")
    assert outcome(REVERSIS_AGAINST_ESPAGNOLETTE, "announce: espagnolette Denis\n") == Outcome(
        "reversis-made", reversis_player="Anne", espagnolette={"player": "Denis", "result": "reversis"})


# ================================================================ format --events: the events found
# Anne holds the four Aces and seven spades and announces the espagnolette; Bruno holds the
# hearts, Claire the diamonds, Denis the clubs. Anne leads her spades, then her Aces, and takes
# every trick: she makes the reversis (Bruno places Quinola on her spade lead in trick 3).
ACES_AND_SPADES = ["Anne: AS KH KD KC", "Anne: KS QH QD QC", "Anne: QS JH JD JC", "Anne: JS 9H 9D 9C",
                   "Anne: 9S 8H 8D 8C", "Anne: 8S 7H 7D 7C", "Anne: 7S 6H 6D 6C", "Anne: 6S 5H 5D 5C",
                   "Anne: AH 4H 4D 4C", "Anne: AD 3H 3D 3C", "Anne: AC 2H 2D 2C"]


def test_format_events_writes_what_each_hand_was_paid_for():
    # docs/notation.md, "A hand by its events": who won and lost the party, the talon, where each
    # Ace and Quinola went ("7. Bruno leads AD", "8. Bruno forces AC from Claire", "10. Bruno
    # places AS on H, Claire takes it", "Anne gathers it"), a reversis; "the reversis player
    # plays no espagnolette" (docs/rules.md §9), so hand 3's events hold none; the record still says
    # how the announced one ended, as check asks (lost: she took tricks; the reversis annuls it).
    # Kills side.x_card_plays__mutmut_40, _53, _54 ("placed" misspelt), _45, _52 and
    # played.x_events_of__mutmut_15, _17 (the gathered trick not said), and
    # played.x_events_of__mutmut_36, _39 (an espagnolette for the reversis player).
    from reversis_score.render.rvs import as_events
    text = ("players: Anne Bruno Claire Denis\nrules: parlett\n\nhand 1\ndealer: Denis\n" + GATHERED
            + "\nhand 2\n" + hand("Denis", FORCED_LAST)
            + "\nhand 3\n" + hand("Denis", ACES_AND_SPADES, before="announce: espagnolette Anne\n"))
    out, session = as_events(text, "test.rvs")
    assert session.errors == []
    assert out is not None and out.split("\nhand 1\n")[1] == """dealer: Denis
events:
  party: Claire wins with 0 points in 1 trick, Anne loses with 36 points in 8 tricks
  talon: 3S 2S 3H 2D
  1. Anne leads AS
  1. Bruno places JH on S, Anne takes it
  1. Claire places AD on S, Anne takes it
  1. Denis places AC on S, Anne takes it
  11. Bruno places AH on D, Denis gathers it

hand 2
dealer: Denis
events:
  party: Denis wins with 0 points in 0 tricks, Bruno loses with 19 points in 3 tricks
  talon: 5S AH 5H 4H
  1. Anne leads AS
  9. Anne forces AC from Bruno
  11. Claire places AD on H, Bruno takes it
  11. Bruno forces JH from Denis

hand 3
dealer: Denis
announce: espagnolette Anne
events:
  talon: 5S 4S 3S 2S
  1. Anne leads AS
  3. Bruno places JH on S, Anne takes it
  9. Anne leads AH
  10. Anne leads AD
  11. Anne leads AC
  reversis: Anne makes it
  espagnolette: Anne loses
"""


# ================================================================ a qualified player who does not play it
# Denis holds the four Aces and seven low hearts; Anne the spades, Claire the diamonds, Bruno
# four high hearts (Quinola among them) and seven clubs. Denis follows suit every time he can
# (A♠ in trick 1, A♣ in trick 3, A♥ in trick 10) and never announces.
ACES_FOLLOWED = ["Anne: 2S KC KD AS", "Denis: 2H 3S KH QD", "Bruno: QC JD AC 4S", "Denis: 3H 5S QH 9D",
                 "Bruno: JC 8D 4H 6S", "Bruno: 9C 7D 5H 7S", "Bruno: 8C 6D 6H 8S", "Bruno: 7C 5D 7H 9S",
                 "Bruno: 6C 4D 8H JS", "Bruno: 9H 3D AH QS", "Denis: AD KS JH 2D"]


def test_a_qualified_player_who_follows_suit_and_does_not_announce_plays_an_ordinary_hand():
    # docs/rules.md §9: "He has undertaken the espagnolette if he revoked under that right or
    # announced it; following suit throughout without announcing is an ordinary hand." Denis
    # took tricks, but no espagnolette is lost: he loses the party (4) to Claire and pays for his
    # Aces forced (A♠ 1 to Anne; A♣ 2 and A♥ 4 to Bruno, opposite, A♥ in trick 10), Bruno's
    # Quinola placed on his trick 11 (5, ×2 opposite, ×2 in trick 11: 20; Bruno takes the pool,
    # 25) and his A♦ led (1, A♦ ×2, ×2 in trick 11: 4 to Claire); no espagnolette payment back.
    # Kills played.x_espagnolette_of__mutmut_1 (`is None and not undertaken`: qualified is enough).
    ledger = settle(record(hand("Denis", ACES_FOLLOWED)))
    settled = ledger.hands[0].settlement
    assert settled.outcome == Outcome("party", "Claire", "Denis", 4)
    assert not [i for i in items_of(ledger) if i[1] == "espagnolette-return"]
    assert net_of(ledger) == {"Anne": -5 + 1, "Bruno": -5 + 2 + 4 + 20 + 25, "Claire": -5 + 4 + 4,
                              "Denis": -10 - 1 - 2 - 4 - 20 - 4 - 4}


def test_format_events_writes_no_reversis_under_dafydd():
    # docs/rules.md: dafydd has "no pools, no side payments, no reversis or espagnolette" (§11).
    # Anne leads her nine top spades and takes tricks 1–9 (the others hold one suit each); Bruno
    # takes 10 and 11: under the other presets a reversis broken in trick 10, under dafydd only
    # points (Anne 40 in 9 tricks). The events written for it say no reversis.
    # Kills played.x_events_of__mutmut_31 (a reversis looked for under dafydd).
    from reversis_score.render.rvs import as_events
    tricks = [f"Anne: {rank}S {rank}H {rank}D {rank}C" for rank in "AKQJT9876"]
    text = record(hand("Denis", tricks + ["Anne: 2H 4H 4D 4C", "Bruno: 5H 5D 5C 3H"]), rules="dafydd")
    out, session = as_events(text, "test.rvs")
    assert session.errors == [] and out is not None
    events = out.split("events:\n")[1].splitlines()
    assert events[0] == ("  points: Anne 40 in 9 tricks, Bruno 0 in 2 tricks, Claire 0 in 0 tricks, "
                         "Denis 0 in 0 tricks")
    assert not [line for line in events if "reversis" in line]
