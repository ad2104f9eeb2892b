"""The oracle's end of a hand: the party with its led payments and a lost espagnolette's returns
(docs/rules.md §5, §6, §9), or the reversis (§8, §9). Standard library only."""
from __future__ import annotations

from oracle_settle import POINTS, QUINOLA, Book, forced_quinola, side_payments, suit

TALON_VALUES = {"points": {}, "ad5-jh4": {"AD": 5, QUINOLA: 4}, "ad5-jh3": {"AD": 5, QUINOLA: 3}}


def ranking(book: Book, dealer: str, points: dict, taken: dict) -> list[str]:
    """Players from the party's winner to its loser (§6): fewest points, then (tie_rule: tricks)
    fewest tricks, then the preference order; under ``nearest`` points, then nearness to the
    dealer: the dealer, his left (before him in play), his right, opposite."""
    k, players = book.k, book.players
    seat = players.index(dealer)
    if k["tie_rule"] == "nearest":
        pref = [players[(seat + d) % 4] for d in (0, -1, 1, 2)]
        tricks = {p: 0 for p in players}
    else:
        step = -1 if k["preference"] == "reverse" else 1
        pref = [players[(seat + step * i) % 4] for i in range(4)]
        tricks = taken
    return sorted(players, key=lambda p: (points[p], tricks[p], pref.index(p)))


def party(book: Book, hand: dict, tricks, points: dict, taken: dict, esp: str | None) -> None:
    k = book.k
    led_cards: list = []
    receipts: dict = {"dumps": [], "aces": [], "pool": 0}
    side_payments(book, tricks, esp, led_cards, receipts)
    rank = ranking(book, hand["dealer"], points, taken)
    unpaid = book.barred | book.ten
    esp_won = esp is not None and taken[esp] == 0
    loser = esp if esp is not None and not esp_won else rank[-1]
    if esp_won and esp not in unpaid:
        winner = esp
    else:
        winner = next((p for p in rank if p not in (loser, esp) and p not in unpaid), None)
    if winner is not None:
        values = TALON_VALUES[k["talon_values"]]
        value = k["party_base"]
        if k["deck"] == 48:
            value += sum(values.get(c, POINTS.get(c[0], 0)) for c in hand["talon"])
            value += k["party_per_card"] * len(hand["talon"])
        value *= k["party_unit"]
        doubled = k["opposite_doubles_party"] and book.opposite(loser, winner)
        book.pay("party", loser, winner, value * (2 if doubled else 1))
        if not hand["claims_waived"]:  # led payments, in trick order (§5, §13 rule 4)
            for t, h, c in led_cards:
                if h == winner:
                    continue
                if c == QUINOLA:
                    book.pay("quinola-led", h, winner, k["quinola_forced"] * book.mult(h, winner, t), t)
                    for o in book.players:
                        if o not in (h, winner):
                            book.pay("quinola-led", o, winner,
                                     k["quinola_forced_others"] * book.mult(o, winner, t), t)
                else:
                    base = k["diamond_ace_factor"] if c == "AD" else 1
                    book.pay("ace-led", h, winner, base * k["ace_forced"] * book.mult(h, winner, t), t)
    if esp is not None and not esp_won:
        espagnolette_lost(book, hand, esp, receipts)


def espagnolette_lost(book: Book, hand: dict, esp: str, receipts: dict) -> None:
    """§9: what a lost espagnolette pays back, by ``espagnolette_lost``."""
    how = book.k["espagnolette_lost"]
    if how == "regles-fr":  # his Ace receipts back doubled; a remise if he held Quinola
        for payer, amount, t in receipts["aces"]:
            book.pay("espagnolette-return", esp, payer, 2 * amount, t)
        if QUINOLA in hand["held"][esp]:
            book.remise(esp)
        return
    back = list(receipts["dumps"])
    if how == "manuscrit":  # and the Ace and Quinola payments the others made to each other
        back += [(i.payer, i.amount, i.trick) for i in list(book.items) if i.cancelled_by is None
                 and i.kind.startswith(("ace-", "quinola-")) and esp not in (i.payer, i.payee)]
    for payer, amount, t in back:  # each return belongs to the trick of the payment it returns
        book.pay("espagnolette-return", esp, payer, 2 * amount, t)
    pool = receipts["pool"]
    if pool and how == "manuscrit":
        book.remise(esp)
    elif pool and how == "denexa":  # returned as it was, then a remise
        book.into_pool("pool-return", esp, pool, new=True)
        book.remise(esp)
    elif pool:
        book.into_pool("pool-return", esp, 2 * pool, new=True)


def reversis(book: Book, tricks, rp: str, esp: str | None) -> None:
    """§8, §9 and §13 rules 5, 11, 13: tricks 1-9 written and returned, then made or broken."""
    k = book.k
    quinola_by = {p: t for t, _, plays, _ in tricks for p, c in plays if c == QUINOLA}
    state = book.table.snapshot()
    book.cancelling = "reversis"
    side_payments(book, tricks[:9], esp, [], {"dumps": [], "aces": [], "pool": 0})
    book.cancelling = None
    book.table.restore(state)
    quinola_early = quinola_by.get(rp, 99) <= 9
    breaking = next((tr for tr in tricks[9:] if tr[3] != rp), None)
    if breaking is None:  # made
        # §9: "alone": the espagnolette alone pays the maker all 64; "as-any": the reversis annuls
        # the espagnolette, who pays the maker as any other player, 16, or 32 opposite.
        if esp is not None and k["espagnolette_pays_reversis"] == "alone":
            book.pay("reversis-made", esp, rp, 2 * k["reversis_side"] + k["reversis_opposite"])
        else:
            for p in book.players:
                if p != rp:
                    book.pay("reversis-made", p, rp,
                             k["reversis_opposite"] if book.opposite(p, rp) else k["reversis_side"])
        late = quinola_by.get(rp, 0) >= 10
        if quinola_early if k["reversis_pool"] == "quinola-early" else not late:
            book.take(rp, None)
        return
    t, leader, plays, breaker = breaking
    if k["broken_reversis"] == "by-trick":
        base = k["reversis_opposite"] if book.opposite(breaker, rp) else k["reversis_side"]
        amount = base * (1 if t == 10 else 2)
    else:
        amount = k["reversis_broken"]
    payer = esp if (esp is not None and esp != breaker and k["espagnolette_pays_broken"]) else rp
    book.pay("reversis-broken", payer, breaker, amount, None, "barred" if breaker in book.barred else None)
    # broken by Quinola: forced on the reversis player's heart lead (§8, §5)
    if dict(plays)[breaker] == QUINOLA and leader == rp and suit(plays[0][1]) == "H":
        if k["broken_by_quinola"] == "flat":
            book.pay("quinola-forced", breaker, rp, k["quinola_forced"], t)
        elif k["broken_by_quinola"] == "forced":
            forced_quinola(book, t, breaker, rp, remise=False)
    if quinola_early or (k["broken_reversis"] == "by-trick" and t == 11):
        book.remise(rp)
