"""docs/rules.md taken at its word: each test quotes the sentence of the rule book it holds.

Issue 31: a second settlement written from docs/rules.md alone found four places where the
engine departed from its own docs, and several where the docs left the reader guessing. Each
is decided here, one test a sentence. Players sit Anne Bruno Claire Denis in order of play
(Anne opposite Claire, Bruno opposite Denis); the dealer is Denis unless said.
"""
from builders import hand, items_of, net_of, record, settle

from reversis_score.pipeline import check_text

# Anne takes tricks 1–9. Trick 10: Anne leads a club, Claire (no club) places Quinola on it and
# gathers the trick, which Bruno's 5♣ won by the cards. Claire leads J♠ to trick 11.
QUINOLA_PLACED_BREAKS = [
    "Anne: AS 2S 3S 4S", "Anne: KS 5S 6S 7S", "Anne: QS 8S 9S 2C", "Anne: AD 2D 3D 4D",
    "Anne: KD 5D 6D 7D", "Anne: QD 8D 9D JD", "Anne: AH 2H 3H 4H", "Anne: KH 5H 6H 7H",
    "Anne: QH 8H 9H 6C", "Anne: 3C 5C JH 4C | gathered by Claire", "Claire: JS 7C 8C 9C"]


def kinds(ledger):
    return [(i[1], i[3], i[4], i[5]) for i in items_of(ledger) if i[6] is None and "ante" not in i[1]]


# ------------------------------------------------------------------ the four departures
def test_broken_by_quinola_needs_the_reversis_players_heart_lead():
    # docs/rules.md §8: "**Broken by Quinola** (the breaker's Quinola took the trick on his
    # heart lead)"; §5: Quinola is forced when "he followed suit with it". Placed on a club
    # lead and gathered, it breaks the reversis as any card would: the 64 alone, no forced
    # Quinola (nets −69/+59, not −9/+19).
    ledger = settle(record(hand("Denis", QUINOLA_PLACED_BREAKS)))
    assert kinds(ledger) == [("reversis-broken", "Anne", "Claire", 64)]
    assert net_of(ledger) == {"Anne": -69, "Bruno": -5, "Claire": 59, "Denis": -10}
    assert "by Quinola" not in ledger.hands[0].settlement.items[-1].why


def test_broken_by_quinola_flat_needs_the_heart_lead_too():
    # The same sentence under denexa ("flat"): no 10 back, as no Quinola was forced.
    ledger = settle(record(hand("Denis", QUINOLA_PLACED_BREAKS), rules="denexa"))
    assert kinds(ledger) == [("reversis-broken", "Anne", "Claire", 64)]


# Bruno takes trick 1 and Anne tricks 2–9: a party hand. Trick 10 as above: Claire places
# Quinola on Anne's club lead and gathers the trick herself.
QUINOLA_PLACED_GATHERED = ["Anne: 2S AS 3S 4S", "Bruno: 5S 6S 7S KS", *QUINOLA_PLACED_BREAKS[2:]]


def test_quinola_placed_on_a_trick_its_player_gathers_pays_nobody():
    # docs/rules.md §10: "An Ace or Quinola he placed on that trick stays in his own trick: it
    # was placed on nobody, so nothing is paid for it and Quinola takes no pool"; docs/ledger.md:
    # payer and payee are never the same. No "Claire pays Claire", and the pool stays.
    for rules in ("parlett", "denexa", "regles-fr", "manuscrit"):
        ledger = settle(record(hand("Denis", QUINOLA_PLACED_GATHERED), rules=rules))
        items = ledger.hands[0].settlement.items
        assert all(i.payer != i.payee for i in items)
        assert not [i for i in items if i.kind in ("quinola-dumped", "pool-take")]
    ledger = settle(record(hand("Denis", QUINOLA_PLACED_GATHERED)))
    assert net_of(ledger) == {"Anne": -21, "Bruno": -6, "Claire": -5, "Denis": 7}
    assert list(ledger.hands[0].settlement.pools_after) == [25]



# Dealer Denis, under manuscrit. Anne discards K♥ Q♥ and plays with ten; Bruno discards 9♥
# and Claire 2♦, each taking his face-down card; Denis discards 8♥.
TEN_CARD_DEAL = """deal:
  Anne: AH 2S 3S 4S 5S 6S 7S 8S 9S KH QH | QS
  Bruno: JH JS AC KC QC JC 9C 8C 7C AS 9H | KS
  Claire: 3D 4D 5D 6D 7D 8D 9D JD QD KD 2D | AD
  Denis: 2H 2C 3C 4C 5C 6C 3H 4H 5H 6H 7H 8H
"""
TEN_CARD_TRICKS = ["Anne: AH JH 3D 2H", "Anne: 2S JS 4D 2C", "Bruno: AC 5D 3C 3S", "Bruno: KC 6D 4C 4S",
                   "Bruno: QC 7D 5C 5S", "Bruno: JC 8D 6C 6S", "Bruno: 9C 9D 3H 7S", "Bruno: 8C JD 4H 8S",
                   "Bruno: 7C QD 5H 9S", "Bruno: AS KD 6H QS", "Bruno: KS AD 7H"]


def test_a_ten_card_line_may_stand_alone_in_the_exchange_with_a_deal():
    # docs/notation.md: "The line may stand alone in `exchange:` when the rest of the exchange
    # is not recorded." With a `deal:` too: no "the exchange has no line for Bruno", and the
    # hand settles as with the whole exchange written.
    def ten_card(exchange):
        before = TEN_CARD_DEAL + "exchange:\n  Anne discards KH QH\n" + exchange
        return record(hand("Denis", TEN_CARD_TRICKS, before=before), rules="manuscrit")

    alone, whole = ten_card(""), ten_card("  Bruno discards 9H\n  Claire discards 2D\n  Denis discards 8H\n")
    assert net_of(settle(alone)) == net_of(settle(whole)) == {
        "Anne": 38, "Bruno": -101, "Claire": -26, "Denis": -1}
    # Any other line still asks for the whole exchange.
    partial = ten_card("  Bruno discards 9H\n")
    assert [d.message for d in check_text(partial, "t.rvs").errors] == [
        "the exchange has no line for Claire", "the exchange has no line for Denis"]


# Anne takes tricks 1–9 and leads a heart to trick 10: Bruno's Quinola is forced and takes it.
QUINOLA_FORCED_BREAKS = [
    "Anne: AS 3S AD AC", "Anne: KS KH KD KC", "Anne: QS QH QD QC", "Anne: JS 9H JD JC",
    "Anne: 9S 8H 9D 9C", "Anne: 8S 7H 8D 8C", "Anne: 7S 6H 7D 7C", "Anne: 6S 5H 6D 6C",
    "Anne: 5S 4H 5D 5C", "Anne: 2H JH 4D 4C", "Bruno: AH 3D 3C 4S"]


def test_broken_by_quinola_flat_pays_back_quinola_forced():
    # docs/rules.md, the engine's readings: "`broken_by_quinola: flat` (`denexa`): the reversis
    # player still pays the 64 and the breaker pays him back `quinola_forced`, not doubled ...
    # A house rule that changes `quinola_forced` changes this payment with it
    # (`quinola_forced: 20`: 20 back)."
    flat = [("reversis-broken", "Anne", "Bruno", 64), ("quinola-forced", "Bruno", "Anne", 10)]
    assert kinds(settle(record(hand("Denis", QUINOLA_FORCED_BREAKS), rules="denexa"))) == flat
    house = settle(record(hand("Denis", QUINOLA_FORCED_BREAKS), rules="denexa",
                          header="rule quinola_forced: 20\n"))
    assert kinds(house) == [flat[0], ("quinola-forced", "Bruno", "Anne", 20)]


def test_the_departures_settle_alike_in_the_oracle():
    # tests/oracle.py, written from docs/rules.md alone, pays these hands the same.
    from oracle_adapter import compare_text
    for rules in ("parlett", "denexa", "regles-fr", "manuscrit"):
        for tricks in (QUINOLA_PLACED_BREAKS, QUINOLA_PLACED_GATHERED):
            assert compare_text(record(hand("Denis", tricks), rules=rules)) == []
    before = TEN_CARD_DEAL + "exchange:\n  Anne discards KH QH\n"
    assert compare_text(record(hand("Denis", TEN_CARD_TRICKS, before=before), rules="manuscrit")) == []
