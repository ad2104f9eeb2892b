"""The reversis (docs/rules.md §8), each amount worked by hand in the comments."""
from builders import REVERSIS_BROKEN_BY_QUINOLA, REVERSIS_MADE, hand, items_of, net_of, record, settle


def test_reversis_made_pays_16_16_32_and_cancels_tricks_1_to_9():
    ledger = settle(record(hand("Denis", REVERSIS_MADE)))
    items = items_of(ledger)
    # Trick 1: Bruno places Quinola, Claire A♦, Denis A♣ on Anne's spade lead: written, cancelled.
    cancelled = [i for i in items if i[6] == "reversis"]
    assert (1, "quinola-dumped", "JH", "Anne", "Bruno", 5, "reversis") in cancelled
    assert (1, "pool-take", "JH", "pool:1", "Bruno", 25, "reversis") in cancelled
    assert (1, "ace-dumped", "AD", "Anne", "Claire", 4, "reversis") in cancelled  # ×2 opposite
    # Tricks 10–11 bring nothing (Bruno's A♥ in trick 11 pays nothing).
    assert not [i for i in items if i[0] in (10, 11)]
    made = [i for i in items if i[1] == "reversis-made"]
    # Neighbours Bruno and Denis pay 16, Claire (opposite) 32 (RULES §8).
    assert sorted((i[3], i[5]) for i in made) == [("Bruno", 16), ("Claire", 32), ("Denis", 16)]
    # The pool was returned: 4 antes + Denis's 5 = 25 stays.
    assert ledger.hands[0].settlement.pools_after == (25,)
    assert net_of(ledger) == {"Anne": 64 - 5, "Bruno": -16 - 5, "Claire": -32 - 5, "Denis": -16 - 10}
    assert ledger.hands[0].settlement.outcome.kind == "reversis-made"


def test_reversis_broken_by_quinola_forced_default():
    ledger = settle(record(hand("Denis", REVERSIS_BROKEN_BY_QUINOLA)))
    items = [i for i in items_of(ledger) if i[6] is None and i[1] not in ("pool-ante", "dealer-ante")]
    # Trick 10 (doubled): Bruno's Quinola forced on Anne's heart lead: Bruno pays Anne 10×2;
    # Claire (opposite Anne) 5×2×2 = 20; Denis 5×2 = 10; no remise. Anne pays Bruno 64.
    assert items == [
        (10, "quinola-forced", "JH", "Bruno", "Anne", 20, None),
        (10, "quinola-forced", "JH", "Claire", "Anne", 20, None),
        (10, "quinola-forced", "JH", "Denis", "Anne", 10, None),
        (None, "reversis-broken", None, "Anne", "Bruno", 64, None),
    ]
    assert net_of(ledger) == {"Anne": -5 - 64 + 50, "Bruno": -5 + 64 - 20, "Claire": -5 - 20,
                              "Denis": -10 - 10}
    outcome = ledger.hands[0].settlement.outcome
    assert (outcome.kind, outcome.reversis_player, outcome.breaker) == ("reversis-broken", "Anne", "Bruno")


def test_reversis_broken_by_quinola_flat_denexa():
    # Denexa: "If the reversis was broken by the J♥ winning a trick, the reversis player pays
    # only 54 credits": 64 to the breaker, 10 back from him.
    ledger = settle(record(hand("Denis", REVERSIS_BROKEN_BY_QUINOLA), rules="denexa"))
    items = [i for i in items_of(ledger) if i[6] is None and i[1] not in ("pool-ante", "dealer-ante")]
    assert items == [(None, "reversis-broken", None, "Anne", "Bruno", 64, None),
                     (10, "quinola-forced", "JH", "Bruno", "Anne", 10, None)]


def test_reversis_broken_by_trick_regles_fr():
    # regles-fr: broken at trick 10, Anne pays Bruno what he would have paid for a made
    # reversis: 16 (neighbours). The Quinola that broke it pays nothing: "le quinola et
    # l'espagnolette ... se trouvent annulées par l'entreprise du reversis" (broken_by_quinola:
    # none). One basket: 4×10 + 5 = 45.
    ledger = settle(record(hand("Denis", REVERSIS_BROKEN_BY_QUINOLA), rules="regles-fr"))
    items = [i for i in items_of(ledger) if i[6] is None and i[1] not in ("pool-ante", "dealer-ante")]
    assert items == [(None, "reversis-broken", None, "Anne", "Bruno", 16, None)]
    assert ledger.hands[0].settlement.pools_after == (45,)
